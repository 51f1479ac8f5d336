// The per-thread scratch buffer and the out-of-line parts of a call's output (output.h).
#include "runtime/output.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "runtime/wtf8.h"

namespace sj::rt {
namespace {

struct Scratch {
  std::unique_ptr<char[]> data;
  size_t cap = 0;
  size_t previous_need = 0;  // the bytes the thread's last call through it wrote
};

thread_local Scratch t_scratch;

constexpr size_t kInitialScratch = 4096;
// The least the scratch buffer grows to once it outgrows kInitialScratch. malloc maps an
// allocation this large on its own, and its pages cost memory only as they are written, so
// taking 1 MiB at once costs address space; it spares the first large call of a thread the
// copies and page faults of every doubling from 4 KiB (twitter's 466 KB: seven of each, a
// third of that first call in a fresh process).
constexpr size_t kFirstGrowth = size_t{1} << 20;

void ensure_scratch() {
  Scratch& s = t_scratch;
  if (!s.data) {
    s.data.reset(new char[kInitialScratch]);
    s.cap = kInitialScratch;
  }
}

}  // namespace

// The 0xED that starts each lone surrogate's WTF-8 (runtime/wtf8.h) is rare: memchr finds them.
void append_printing_lone_surrogates(std::string& out, const char* p, const char* end) {
  static const char kHex[] = "0123456789abcdef";
  const char* from = p;
  while ((p = static_cast<const char*>(std::memchr(p, 0xED, static_cast<size_t>(end - p))))) {
    uint32_t u = surrogate_at(p, end);
    if (!u) {
      ++p;
      continue;
    }
    out.append(from, p);
    const char text[6] = {'\\', 'u', kHex[u >> 12], kHex[(u >> 8) & 15], kHex[(u >> 4) & 15], kHex[u & 15]};
    out.append(text, 6);
    from = p += 3;
  }
  out.append(from, end);
}

void keep_lone_surrogates(SjCtx* ctx, CallState& st) {
  st.more().lone_surrogates = true;
  if (st.in_place) sj_reserve(ctx, 0);  // moves the call's bytes to the scratch buffer
}

void over_limit(SjCtx* ctx, CallState& st) {
  fail(ctx, Failure::Output, "output exceeds maxOutputBytes (" + std::to_string(st.spec->max_output) + " bytes)", "");
  st.discarding = true;
}

void release_scratch() { t_scratch = Scratch(); }

size_t scratch_capacity() { return t_scratch.cap; }

namespace {

// The end of a call in the scratch buffer, but for what the thread keeps.
bool finish_in_scratch(SjCtx& ctx, CallState& st, bool ok, const char* data, size_t used) {
  if (ok && !st.discarding && used > st.spec->max_output) over_limit(&ctx, st);
  ok = ok && !st.discarding;
  if (ok && st.buffer) return copy_to_buffer(ctx, st, data, used, st.extras && st.extras->lone_surrogates);
  if (ok) {
    // Room for a quarter more, so that the next call of about this size, into the same string
    // reused with clear(), fits in place: the window must also hold the worst case a write
    // reserves (six bytes per byte of the last strings), not just the bytes it writes, and
    // at least kMinInPlace (a tiny output in a short string's inline capacity would otherwise
    // take this path on every call).
    std::string& out = *st.out;
    size_t old = out.size();
    try {  // the caller's string grows here, where no exception may leave serialize
      if (out.capacity() - old < used + kMinInPlace) out.reserve(old + used + used / 4 + kMinInPlace);
      if (!st.extras || !st.extras->lone_surrogates) {
        out.append(data, used);
        return true;
      }
      // Each lone surrogate's three bytes print as six: the limit holds for what is printed.
      append_printing_lone_surrogates(out, data, data + used);
    } catch (const std::exception&) {  // std::bad_alloc, std::length_error
      out.resize(old);
      fail(&ctx, Failure::Memory, "out of memory: output needs " + std::to_string(old + used) + " bytes", "");
      return false;
    }
    if (out.size() - old > st.spec->max_output) {
      out.resize(old);
      over_limit(&ctx, st);
      return false;
    }
  }
  return ok;
}

}  // namespace

bool end_in_scratch(SjCtx& ctx, CallState& st, bool ok) {
  size_t used = static_cast<size_t>(ctx.cur - t_scratch.data.get());
  ok = finish_in_scratch(ctx, st, ok, t_scratch.data.get(), used);
  // Past what a call needs it again (keep_after_call): a call once as large as this one costs
  // its allocation and page faults again, which its own writing costs several times over.
  if (!keep_after_call(t_scratch.cap, std::exchange(t_scratch.previous_need, used))) {
    t_scratch.data.reset();
    t_scratch.cap = 0;
  }
  return ok;
}

std::unique_ptr<CallExtras> run_call_in_scratch(const CallSpec& spec, Input in, std::string& out,
                                                bool lone_surrogates) {
  ensure_scratch();
  SjCtx ctx;
  CallState st;
  st.out = &out;
  open_window(ctx, st, spec, t_scratch.data.get(), t_scratch.cap);
  if (lone_surrogates) keep_lone_surrogates(&ctx, st);
  return end_out_of_place(ctx, st, in.entry(&ctx, in.value) == 0);  // in_place is null: ends in scratch
}

std::unique_ptr<CallExtras> run_call_into(const CallSpec& spec, Input in, CallerBuffer& buffer) {
  ensure_scratch();
  SjCtx ctx;
  CallState st;
  st.buffer = &buffer;
  open_window(ctx, st, spec, t_scratch.data.get(), t_scratch.cap);
  return end_out_of_place(ctx, st, in.entry(&ctx, in.value) == 0);
}

std::unique_ptr<CallExtras> end_out_of_place(SjCtx& ctx, CallState& st, bool ok) {
  if (!st.in_place) ok = end_in_scratch(ctx, st, ok);
  if (ok) return nullptr;
  return std::move(st.extras);  // made by the failure that ended the call
}

}  // namespace sj::rt

// Room for n more bytes. Past the limit (checked on the bytes written so far, so output that
// ends within it never fails on the worst-case room a write asks for) the call starts
// discarding; a failed allocation does the same with its own message.
extern "C" void sj_reserve(SjCtx* ctx, int64_t n) {
  auto& st = sj::rt::state(ctx);
  if (st.chunks) return sj::rt::chunk_reserve(ctx, st, static_cast<size_t>(n));
  sj::rt::ensure_scratch();
  auto& s = sj::rt::t_scratch;
  // Where this call's bytes are now: the caller's string, or the scratch buffer. Either way
  // they continue in the scratch buffer (the caller's string cannot grow during the call).
  const char* start = st.in_place ? st.in_place : s.data.get();
  size_t used = static_cast<size_t>(ctx->cur - start);
  if (!st.discarding && used > st.spec->max_output) sj::rt::over_limit(ctx, st);
  if (st.discarding) used = 0;
  size_t want = used + static_cast<size_t>(n);
  if (st.in_place && want <= s.cap) std::memcpy(s.data.get(), start, used);
  st.in_place = nullptr;
  if (want > s.cap) {
    size_t cap = std::max({want, s.cap * 2, sj::rt::kFirstGrowth});
    std::unique_ptr<char[]> bigger(new (std::nothrow) char[cap]);
    if (!bigger && cap > want) bigger.reset(new (std::nothrow) char[cap = want]);
    if (!bigger) {
      // Keep the call alive on the buffer it has: its output is lost, the error says why.
      sj::rt::fail(ctx, sj::rt::Failure::Memory, "out of memory: output needs " + std::to_string(want) + " bytes", "");
      st.discarding = true;
      used = 0;
      if (static_cast<size_t>(n) > s.cap) std::abort();  // not even one write fits: nothing to fall back on
    } else {
      std::memcpy(bigger.get(), start, used);
      s.data = std::move(bigger);
      s.cap = cap;
    }
  }
  ctx->cur = s.data.get() + used;
  // Within the limit the window is what the buffer has, up to the limit; beyond it exactly
  // the n bytes asked for, so the next write past them comes back here.
  size_t window = st.discarding ? s.cap : std::max(std::min(s.cap, st.spec->max_output), want);
  ctx->end = s.data.get() + window;
}

extern "C" void sj_write_literal(SjCtx* ctx, const char* s, int64_t n) { sj::rt::put(ctx, s, static_cast<size_t>(n)); }
