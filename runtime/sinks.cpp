// The API's sinks besides std::string (output.h): a caller's buffer, and a chunk writer that
// receives the output while the call runs, so that its memory is one window, not the output.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <utility>

#include "runtime/output.h"

namespace sj::rt {

bool copy_to_buffer(SjCtx& ctx, CallState& st, const char* data, size_t used, bool printing) {
  std::string printed;  // lone surrogates: each one's three bytes print as six
  if (printing) {
    append_printing_lone_surrogates(printed, data, data + used);
    data = printed.data();
    used = printed.size();
    if (used > st.spec->max_output) {
      over_limit(&ctx, st);
      return false;
    }
  }
  CallerBuffer& b = *st.buffer;
  b.needed = used;
  if (used > b.size) {
    fail(&ctx, Failure::Buffer,
         "the output needs " + std::to_string(used) + " bytes; the buffer holds " + std::to_string(b.size), "");
    return false;
  }
  std::memcpy(b.data, data, used);
  return true;
}

namespace {

char* window_start(ChunkSink& s) { return s.data.get() + 1; }

// The window a streamed call on this thread had, lent to the next one, so that a call does
// not allocate one. A call the writer makes on this thread while its window is lent finds
// none here and allocates its own; the larger of the two is kept, as keep_after_call allows.
struct SpareWindow {
  std::unique_ptr<char[]> data;
  size_t cap = 0;
  size_t previous_need = 0;  // the largest window the thread's last streamed call had
};
thread_local SpareWindow t_spare;

void borrow_window(ChunkSink& s) {
  s.data = std::move(t_spare.data);
  s.cap = s.data ? std::exchange(t_spare.cap, 0) : 0;
}

void return_window(ChunkSink& s) {
  size_t previous = std::exchange(t_spare.previous_need, s.largest);
  if (t_spare.data && t_spare.cap >= s.cap) return;
  if (!keep_after_call(s.cap, previous)) return;  // freed with the sink
  t_spare.data = std::move(s.data);
  t_spare.cap = s.cap;
}

// The first window of a streamed call with a larger chunk size: the window grows toward the
// chunk size only as the output does, so that a chunk size meaning "one chunk" (SIZE_MAX)
// costs memory for the output, not for the chunk size.
constexpr size_t kFirstWindow = size_t{64} << 10;

}  // namespace

void release_spare_window() { t_spare = SpareWindow(); }

size_t spare_window_capacity() { return t_spare.cap; }

namespace {

// How many of the last bytes of [p, p + n) may start a lone surrogate whose WTF-8 the next
// write completes (write_long_quoted cuts a long string anywhere): kept for the next chunk,
// so that the whole sequence is printed as `\udxxx`.
size_t partial_surrogate(const char* p, size_t n) {
  auto byte = [&](size_t back) { return static_cast<unsigned char>(p[n - back]); };
  if (n >= 1 && byte(1) == 0xED) return 1;
  if (n >= 2 && byte(2) == 0xED && (byte(1) & 0xE0) == 0xA0) return 2;
  return 0;
}

// Hands [p, p + n), the window's next bytes, to the writer in chunks of at most chunk_bytes;
// false (the call then discards the rest) when the writer stops. What is printed past the
// limit is not handed over: the call fails with the limit's error at its end, unless it fails
// otherwise first.
bool deliver(SjCtx* ctx, CallState& st, const char* p, size_t n) {
  ChunkSink& s = *st.chunks;
  s.taken += n;
  std::string printed;
  if (st.extras && st.extras->lone_surrogates) {
    append_printing_lone_surrogates(printed, p, p + n);
    p = printed.data();
    n = printed.size();
  }
  if (s.printed_over || s.written + n > st.spec->max_output) {
    s.printed_over = true;
    return true;
  }
  for (size_t done = 0; done < n;) {
    size_t k = std::min(s.chunk_bytes, n - done);
    if (!s.write(s.writer, p + done, k)) {
      fail(ctx, Failure::Sink, "the chunk writer stopped the call, having been given " + std::to_string(s.written + done + k) + " bytes", "");
      st.discarding = true;
      return false;
    }
    done += k;
  }
  s.written += n;
  return true;
}

// The window's bytes are past the limit, as sj_reserve checks it (output.cpp).
bool past_limit(const ChunkSink& s, const CallState& st, size_t used) { return s.taken + used > st.spec->max_output; }

// The most bytes the window may hold before they go to the writer: a chunk, cut at the limit
// (as the string sink's window is: the write that crosses it comes back here, where it fails).
size_t chunk_room(const ChunkSink& s, const CallState& st) {
  return std::min<uint64_t>(s.chunk_bytes, st.spec->max_output - s.taken);
}

// Makes the buffer hold a window of `window` bytes after byte 0, keeping its first `keep`
// bytes. False when memory is short. (window < cap, not 1 + window <= cap: that wraps at
// SIZE_MAX.)
bool grow(ChunkSink& s, size_t window, size_t keep) {
  s.largest = std::max(s.largest, window);
  if (window < s.cap) return true;
  if (window > PTRDIFF_MAX) return false;  // no such memory, and 1 + window must not wrap
  std::unique_ptr<char[]> bigger(new (std::nothrow) char[1 + window]);
  if (!bigger) return false;
  if (s.data) std::memcpy(bigger.get(), s.data.get(), keep);
  s.data = std::move(bigger);
  s.cap = 1 + window;
  return true;
}

// A window below the chunk size that the next write would overflow, where the write still
// fits in a chunk: grows it (doubling, up to the chunk), its bytes kept. False when it cannot
// (then the window's bytes go to the writer).
bool widen(SjCtx* ctx, CallState& st, size_t used, size_t n) {
  ChunkSink& s = *st.chunks;
  size_t window = static_cast<size_t>(ctx->end - window_start(s));
  size_t chunk = chunk_room(s, st);
  if (st.discarding || window >= chunk || n > chunk - used) return false;
  size_t wider = std::min(chunk, std::max(2 * window, used + n));
  if (!grow(s, wider, 1 + used)) return false;
  ctx->cur = window_start(s) + used;
  ctx->end = window_start(s) + wider;
  return true;
}

}  // namespace

void chunk_reserve(SjCtx* ctx, CallState& st, size_t n) {
  ChunkSink& s = *st.chunks;
  char* start = window_start(s);
  size_t used = static_cast<size_t>(ctx->cur - start);
  size_t held = 0;  // bytes that stay for the next chunk
  if (!st.discarding && past_limit(s, st, used)) over_limit(ctx, st);
  if (widen(ctx, st, used, n)) return;
  if (!st.discarding) {
    if (st.extras && st.extras->lone_surrogates) held = partial_surrogate(start, used);
    deliver(ctx, st, start, used - held);
  }
  if (st.discarding) {
    held = 0;
  } else if (used > held) {
    // The last byte handed over becomes byte 0 (write_long_quoted may borrow it), the held
    // bytes follow it.
    std::memmove(s.data.get(), start + used - held - 1, held + 1);
  }
  // The window it had, cut to what is left of the chunk size and the limit; discarding, all
  // the buffer has.
  size_t window = static_cast<size_t>(ctx->end - start);
  window = st.discarding ? s.cap - 1 : std::min(window, chunk_room(s, st));
  window = std::max(window, held + n);
  if (!grow(s, window, 1 + held)) {
    fail(ctx, Failure::Memory, "out of memory: a chunk needs " + std::to_string(window) + " bytes", "");
    st.discarding = true;
    held = 0;
    if (n > s.cap - 1) std::abort();  // not even this write fits: nothing to fall back on
    window = s.cap - 1;
  }
  start = window_start(s);
  ctx->cur = start + held;
  ctx->end = start + window;
}

std::unique_ptr<CallExtras> run_call_chunked(const CallSpec& spec, Input in, ChunkSink& sink) {
  SjCtx ctx;
  CallState st;
  st.chunks = &sink;
  borrow_window(sink);
  // Not all the buffer it borrowed: the window widens as the output needs it (in that
  // buffer, without copying), so that `largest` says what this call needed.
  size_t window = std::min(sink.chunk_bytes, kFirstWindow);
  if (!grow(sink, window, 0)) {
    st.spec = &spec;
    ctx.state = &st;
    fail(&ctx, Failure::Memory, "out of memory: a chunk needs " + std::to_string(window) + " bytes", "");
    return_window(sink);
    return std::move(st.extras);
  }
  open_window(ctx, st, spec, window_start(sink), window);
  bool ok = in.entry(&ctx, in.value) == 0 && !st.discarding;
  size_t used = static_cast<size_t>(ctx.cur - window_start(sink));
  if (ok && past_limit(sink, st, used)) over_limit(&ctx, st);
  ok = ok && !st.discarding && deliver(&ctx, st, window_start(sink), used);
  if (ok && sink.printed_over) over_limit(&ctx, st);
  return_window(sink);
  if (ok && !sink.printed_over) return nullptr;
  return std::move(st.extras);
}

}  // namespace sj::rt
