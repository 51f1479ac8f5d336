// Generated code writes between ctx.cur and ctx.end inside a per-thread scratch buffer that
// only grows: no zero-filling (std::string::resize would write every byte it adds) and no
// per-call sizing. The result is appended to the caller's string once, at the end; on error
// nothing is appended, so the caller's bytes are exactly as they were. A thread keeps the
// largest output it has produced (plus slack) allocated.
#include <algorithm>
#include <cstring>
#include <memory>

#include "runtime/call_state.h"

namespace sj::rt {
namespace {

struct Scratch {
  std::unique_ptr<char[]> data;
  size_t cap = 0;
};

thread_local Scratch t_scratch;

constexpr size_t kInitialScratch = 4096;

}  // namespace

void begin_call(SjCtx& ctx, CallState& st, std::string& out, int32_t max_depth) {
  Scratch& s = t_scratch;
  if (!s.data) {
    s.data.reset(new char[kInitialScratch]);
    s.cap = kInitialScratch;
  }
  st.out = &out;
  ctx.cur = s.data.get();
  ctx.end = s.data.get() + s.cap;
  ctx.depth = 0;
  ctx.max_depth = max_depth;
  ctx.state = &st;
  ctx.patterns = nullptr;
  ctx.constants = nullptr;
}

void end_call(SjCtx& ctx, CallState& st, bool ok) {
  if (ok) st.out->append(t_scratch.data.get(), static_cast<size_t>(ctx.cur - t_scratch.data.get()));
  ctx.cur = ctx.end = nullptr;
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

extern "C" void sj_reserve(SjCtx* ctx, int64_t n) {
  auto& s = sj::rt::t_scratch;
  size_t used = static_cast<size_t>(ctx->cur - s.data.get());
  size_t want = used + static_cast<size_t>(n);
  if (want <= s.cap) return;
  size_t cap = std::max(want, s.cap * 2);
  std::unique_ptr<char[]> bigger(new char[cap]);
  std::memcpy(bigger.get(), s.data.get(), used);
  s.data = std::move(bigger);
  s.cap = cap;
  ctx->cur = s.data.get() + used;
  ctx->end = s.data.get() + cap;
}
