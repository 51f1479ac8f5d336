// Generated code writes between ctx.cur and ctx.end inside a per-thread scratch buffer that
// only grows: no zero-filling (std::string::resize would write every byte it adds) and no
// per-call sizing. The result is appended to the caller's string once, at the end; on error
// nothing is appended, so the caller's bytes are exactly as they were. A thread keeps the
// largest output it has produced (plus slack) allocated.
#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "runtime/call_state.h"

namespace sj::rt {
namespace {

struct Scratch {
  std::unique_ptr<char[]> data;
  size_t cap = 0;
};

thread_local Scratch t_scratch;

constexpr size_t kInitialScratch = 4096;

// From here on the call fails and what it writes is thrown away: the cursor goes back to the
// start of the buffer whenever it needs room, so a runaway output costs time, not memory.
void over_limit(SjCtx* ctx, CallState& st) {
  fail(ctx, "output exceeds maxOutputBytes (" + std::to_string(st.max_output) + " bytes)", "");
  st.discarding = true;
}

}  // namespace

void begin_call(SjCtx& ctx, CallState& st, std::string& out, int32_t max_depth, size_t max_output) {
  Scratch& s = t_scratch;
  if (!s.data) {
    s.data.reset(new char[kInitialScratch]);
    s.cap = kInitialScratch;
  }
  st.out = &out;
  st.max_output = max_output;
  ctx.cur = s.data.get();
  // Generated code only calls sj_reserve when it runs out of room, so the window ends at the
  // limit even when an earlier call left a bigger buffer: crossing it always reaches the check.
  ctx.end = s.data.get() + std::min(s.cap, max_output);
  ctx.depth = 0;
  ctx.max_depth = max_depth;
  ctx.state = &st;
  ctx.patterns = nullptr;
  ctx.constants = nullptr;
}

bool end_call(SjCtx& ctx, CallState& st, bool ok) {
  size_t used = static_cast<size_t>(ctx.cur - t_scratch.data.get());
  if (ok && !st.discarding && used > st.max_output) over_limit(&ctx, st);
  ok = ok && !st.discarding;
  if (ok) st.out->append(t_scratch.data.get(), used);
  ctx.cur = ctx.end = nullptr;
  return ok;
}

SjStatus fail(SjCtx* ctx, std::string message, const char* path) {
  CallState& st = state(ctx);
  if (st.message.empty()) {  // the first failure is the one reported
    st.message = std::move(message);
    st.path = path ? path : "";
  }
  return 1;
}

}  // namespace sj::rt

// Room for n more bytes. Past the limit (checked on the bytes written so far, so output that
// ends within it never fails on the worst-case room a write asks for) the call starts
// discarding; a failed allocation does the same with its own message.
extern "C" void sj_reserve(SjCtx* ctx, int64_t n) {
  auto& s = sj::rt::t_scratch;
  auto& st = sj::rt::state(ctx);
  size_t used = static_cast<size_t>(ctx->cur - s.data.get());
  if (!st.discarding && used > st.max_output) sj::rt::over_limit(ctx, st);
  if (st.discarding) used = 0;
  size_t want = used + static_cast<size_t>(n);
  if (want > s.cap) {
    size_t cap = std::max(want, s.cap * 2);
    std::unique_ptr<char[]> bigger(new (std::nothrow) char[cap]);
    if (!bigger && cap > want) bigger.reset(new (std::nothrow) char[cap = want]);
    if (!bigger) {
      // Keep the call alive on the buffer it has: its output is lost, the error says why.
      sj::rt::fail(ctx, "out of memory: output needs " + std::to_string(want) + " bytes", "");
      st.discarding = true;
      used = 0;
      if (static_cast<size_t>(n) > s.cap) std::abort();  // not even one write fits: nothing to fall back on
    } else {
      std::memcpy(bigger.get(), s.data.get(), used);
      s.data = std::move(bigger);
      s.cap = cap;
    }
  }
  ctx->cur = s.data.get() + used;
  // Within the limit the window is what the buffer has, up to the limit; beyond it exactly
  // the n bytes asked for, so the next write past them comes back here.
  size_t window = st.discarding ? s.cap : std::max(std::min(s.cap, st.max_output), want);
  ctx->end = s.data.get() + window;
}
