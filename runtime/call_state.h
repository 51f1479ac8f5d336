// The runtime's side of one serialize call: where output goes, how to roll it back, the
// error recorded by the first failure, and scratch memory that lives as long as the call.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/abi.h"

namespace sj::rt {

class Pattern;  // runtime/pattern.h

// Values of the `format` argument of sj_coerce_string.
enum class StringFormat : int32_t { None = 0, DateTime = 1, Date = 2, Time = 3, Unsafe = 4 };
// Values of the `rounding` argument of sj_coerce_integer (Math.trunc/floor/ceil/round).
enum class Rounding : int32_t { Trunc = 0, Floor = 1, Ceil = 2, Round = 3 };

// What a call keeps only when it needs it: the error of its first failure, memory that lives
// as long as the call (member orders, the objects read from strings and arrays, Ajv's
// conversions) and whether its output holds lone surrogates. Made on first use, so that a call that needs none of it
// does not construct and destroy it: for a small output that is a noticeable part of the call.
struct CallExtras {
  std::string message;  // fast-json-stringify's text where it has one
  std::string path;     // schema location, "#/properties/a"
  std::vector<std::unique_ptr<uint32_t[]>> scratch;
  std::vector<std::unique_ptr<rapidjson::Document>> views;  // sj_object_view's objects
  bool lone_surrogates = false;  // keep_lone_surrogates
  // Ajv's writes into validated data (runtime/ajv_writes.h): the pool the copies and what is
  // written into them live in, and the root sj_ajv_enter moved an element into for the
  // validation that is running.
  std::unique_ptr<rapidjson::MemoryPoolAllocator<>> pool;
  const rapidjson::Value* moved_root = nullptr;
  bool root_unwrapped = false;  // that root became the element
};

void drop_extras(std::unique_ptr<CallExtras> extras);  // destroys them, out of line: see ~CallState

using EntryFn = SjStatus (*)(SjCtx*, const SjValue*);

// What every call of one compiled serializer starts from, fixed when it is compiled.
struct CallSpec {
  EntryFn entry = nullptr;
  const Pattern* const* patterns = nullptr;  // the serializer's regexes
  const SjValue* const* constants = nullptr;  // the values its validators compare with
  int32_t max_depth = 1000;
  size_t max_output = SIZE_MAX;  // bytes a call may produce
};

struct CallState {
  const CallSpec* spec = nullptr;  // the serializer's limits and tables
  std::string* out = nullptr;
  char* in_place = nullptr;        // writing into the caller's string: where this call's output starts
  bool discarding = false;         // over the limit (or out of memory): output is thrown away
  std::unique_ptr<CallExtras> extras;

  CallState() = default;
  CallState(const CallState&) = delete;
  CallState& operator=(const CallState&) = delete;
  // CallExtras' destructor (two strings, a vector of arrays) stays out of the API's inline
  // call: it made the caller save every register it has for a path most calls never take.
  ~CallState() {
    if (extras) [[unlikely]] drop_extras(std::move(extras));
  }

  CallExtras& more() {
    if (!extras) extras = std::make_unique<CallExtras>();
    return *extras;
  }
};

// One call of generated code (or of any runtime writer with its signature) is run_call
// (runtime/run_call.h): `entry(&ctx, value)` writes straight into the spare capacity of `out`
// when it has some (no copy), else into this thread's scratch buffer, whose bytes are
// appended at the end. These are its out-of-line parts.

// Less spare capacity than this and the call starts in the scratch buffer: a small window
// would only be outgrown and copied.
inline constexpr size_t kMinInPlace = 256;

// The whole call in the scratch buffer. Returns null when it succeeded within max_output; on
// failure `out` holds exactly what it held and the result holds the error the call recorded.
// `lone_surrogates`: the data holds some as WTF-8, printed escaped (keep_lone_surrogates).
std::unique_ptr<CallExtras> run_call_in_scratch(const CallSpec& spec, const SjValue* value, std::string& out,
                                                bool lone_surrogates = false);
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
inline void open_window(SjCtx& ctx, CallState& st, const CallSpec& spec, std::string& out, char* begin, size_t room) {
  st.spec = &spec;
  st.out = &out;
  ctx.cur = begin;
  ctx.end = begin + (room < spec.max_output ? room : spec.max_output);
  ctx.depth = 0;
  ctx.max_depth = spec.max_depth;
  ctx.state = &st;
}

inline CallState& state(SjCtx* ctx) { return *static_cast<CallState*>(ctx->state); }

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

SjStatus fail(SjCtx* ctx, std::string message, const char* path);
// From here on the call fails with the output limit's error and what it writes is thrown
// away: the cursor goes back to the start of the buffer whenever it needs room, so a runaway
// output costs time, not memory.
void over_limit(SjCtx* ctx, CallState& st);

}  // namespace sj::rt
