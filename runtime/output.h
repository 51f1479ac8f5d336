// The output of a call: generated code writes between ctx.cur and ctx.end. When the caller's
// string has spare capacity (a string reused with clear(), the usual server loop) that is the
// window (run_call.h, inline in the API). Otherwise, or once the output outgrows that capacity,
// it goes on in a per-thread scratch buffer (kept between calls as keep_after_call says) and is
// appended to the caller's string once, at the end; on error nothing is appended. output.cpp keeps that buffer and these out-of-line parts.
// The API's other sinks (sinks.cpp): a caller's buffer, filled from the scratch buffer once
// the call has succeeded, and a chunk writer, handed the window's bytes each time it fills.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "runtime/call_state.h"

namespace sj::rt {

// One call of generated code (or of any runtime writer with its signature) is run_call
// (runtime/run_call.h): `in.entry(&ctx, in.value)` writes straight into the spare capacity of `out`
// when it has some (no copy), else into this thread's scratch buffer, whose bytes are
// appended at the end. These are its out-of-line parts.

// The caller's buffer of a call that writes into one.
struct CallerBuffer {
  char* data = nullptr;
  size_t size = 0;
  size_t needed = 0;  // the output's length: what was written, or what did not fit
};

// The caller's chunk writer of a streamed call, and the call's own window. Its own, not the
// thread's scratch buffer: a writer may serialize something else on this thread.
struct ChunkSink {
  bool (*write)(void* writer, const char* data, size_t size) = nullptr;
  void* writer = nullptr;
  size_t chunk_bytes = 0;  // at most this many bytes per write
  uint64_t written = 0;    // bytes handed to the writer so far
  // The same bytes as the call wrote them (lone surrogates in three bytes, not six): the
  // limit is checked on these while the call runs, and on what is printed at its end, as for
  // the string sink (output.cpp), so that both fail with the same error.
  uint64_t taken = 0;
  bool printed_over = false;  // what is printed is past the limit: nothing more is handed over
  // Byte 0 is the byte before the window (write_long_quoted borrows it), the window follows.
  std::unique_ptr<char[]> data;
  size_t cap = 0;
  size_t largest = 0;  // the largest window the call has had: what it needed (keep_after_call)
};

// What a thread keeps between calls: its scratch buffer (output.cpp) and the spare window of
// its streamed calls (sinks.cpp). Each grows by doubling to what a call needs; after each call
// that used it, it is kept when it holds at most kKeptBytes or at most 4 times what the
// thread's previous call of that kind needed, else freed. So a steady output size keeps its
// buffer (no allocation per call), and the memory of one outlier goes back at its end; after
// a run of large calls, once two calls in a row needed little.
inline constexpr size_t kKeptBytes = size_t{1} << 20;
inline bool keep_after_call(size_t cap, size_t previous_need) { return cap <= kKeptBytes || cap / 4 <= previous_need; }
// Frees them (schemajit::release_thread_buffers); the next call allocates them again.
void release_scratch();
void release_spare_window();
// Their capacities, for tests.
size_t scratch_capacity();
size_t spare_window_capacity();

// Less spare capacity than this and the call starts in the scratch buffer: a small window
// would only be outgrown and copied.
inline constexpr size_t kMinInPlace = 256;

// The whole call in the scratch buffer. Returns null when it succeeded within max_output; on
// failure `out` holds exactly what it held and the result holds the error the call recorded.
// `lone_surrogates`: the data holds some as WTF-8, printed escaped (keep_lone_surrogates).
std::unique_ptr<CallExtras> run_call_in_scratch(const CallSpec& spec, Input in, std::string& out,
                                                bool lone_surrogates = false);
// The call into the caller's buffer (in the scratch buffer, copied once it has succeeded):
// null when it succeeded (buffer.needed is its length), else the error; on error the buffer
// holds what it held.
std::unique_ptr<CallExtras> run_call_into(const CallSpec& spec, Input in, CallerBuffer& buffer);
// The streamed call: null when it succeeded and the writer has had every byte, else the
// error, the writer having had a prefix of the output.
std::unique_ptr<CallExtras> run_call_chunked(const CallSpec& spec, Input in, ChunkSink& sink);
// sj_reserve of a streamed call: hands the window's bytes to the writer and starts it over.
void chunk_reserve(SjCtx* ctx, CallState& st, size_t n);
// The finished output of a call into a buffer: copies it when it fits (else the error
// Buffer). `printing`: its lone surrogates print escaped.
bool copy_to_buffer(SjCtx& ctx, CallState& st, const char* data, size_t used, bool printing);
// Appends [p, end) with each lone surrogate as JSON.stringify prints it, `\ud83d`.
void append_printing_lone_surrogates(std::string& out, const char* p, const char* end);

// The end of a call whose bytes are in the scratch buffer (it started there, or sj_reserve
// moved it there from the caller's string): appends them when ok and within the limit (else
// records the limit's error); returns whether it did.
bool end_in_scratch(SjCtx& ctx, CallState& st, bool ok);

// Every end of a call but run_call's "succeeded in place": appends the bytes of a call in the
// scratch buffer (end_in_scratch; it started there, or moved there). Returns null when the
// call succeeded, else the error it recorded.
std::unique_ptr<CallExtras> end_out_of_place(SjCtx& ctx, CallState& st, bool ok);

// The output may hold lone surrogates as WTF-8 (runtime/wtf8.h): moves the call to the
// scratch buffer, whose end (end_in_scratch) prints each as JavaScript does, `\ud83d`. Only
// calls that made some pay for that pass.
void keep_lone_surrogates(SjCtx* ctx, CallState& st);

// Points ctx at this call's window [begin, begin + room), cut at the limit: generated code
// only calls sj_reserve when it runs out of room, so even in a bigger buffer crossing the
// limit always reaches the check.
inline void open_window(SjCtx& ctx, CallState& st, const CallSpec& spec, char* begin, size_t room) {
  st.spec = &spec;
  ctx.cur = begin;
  ctx.end = begin + (room < spec.max_output ? room : spec.max_output);
  ctx.depth = 0;
  ctx.max_depth = spec.max_depth;
  ctx.state = &st;
}

// Guarantees ctx->end - ctx->cur >= n and returns ctx->cur.
inline char* ensure(SjCtx* ctx, size_t n) {
  if (static_cast<size_t>(ctx->end - ctx->cur) < n) sj_reserve(ctx, static_cast<int64_t>(n));
  return ctx->cur;
}

inline void put(SjCtx* ctx, const char* s, size_t n) {
  char* p = ensure(ctx, n);
  __builtin_memcpy(p, s, n);
  ctx->cur = p + n;
}

// From here on the call fails with the output limit's error and what it writes is thrown
// away: the cursor goes back to the start of the buffer whenever it needs room, so a runaway
// output costs time, not memory.
void over_limit(SjCtx* ctx, CallState& st);

}  // namespace sj::rt
