// The runtime's side of one serialize call: where output goes, how to roll it back, the
// error recorded by the first failure, and scratch memory that lives as long as the call.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/abi.h"

namespace sj::rt {

// Values of the `format` argument of sj_coerce_string.
enum class StringFormat : int32_t { None = 0, DateTime = 1, Date = 2, Time = 3, Unsafe = 4 };
// Values of the `rounding` argument of sj_coerce_integer (Math.trunc/floor/ceil/round).
enum class Rounding : int32_t { Trunc = 0, Floor = 1, Ceil = 2, Round = 3 };

// What a call keeps only when it needs it: the error of its first failure and memory that
// lives as long as the call (member orders). Made on first use, so that a call that neither
// fails nor reorders members does not construct and destroy it: for a small output that is
// a noticeable part of the call.
struct CallExtras {
  std::string message;  // fast-json-stringify's text where it has one
  std::string path;     // schema location, "#/properties/a"
  std::vector<std::unique_ptr<uint32_t[]>> scratch;
};

struct CallState {
  std::string* out = nullptr;
  size_t max_output = SIZE_MAX;    // bytes this call may produce
  bool discarding = false;         // over the limit (or out of memory): output is thrown away
  char* in_place = nullptr;        // writing into the caller's string: where this call's output starts
  std::unique_ptr<CallExtras> extras;

  CallExtras& more() {
    if (!extras) extras = std::make_unique<CallExtras>();
    return *extras;
  }
};

using EntryFn = SjStatus (*)(SjCtx*, const SjValue*);

// One call of generated code (or of any runtime writer with its signature): `entry(&ctx,
// value)` writes straight into the spare capacity of `out` when it has some (no copy), else
// into this thread's scratch buffer, whose bytes are appended at the end. Returns whether the
// call succeeded within max_output; on failure `out` holds exactly what it held (its capacity
// may have grown). ctx.patterns and ctx.constants are the caller's to set.
bool run_call(SjCtx& ctx, CallState& st, std::string& out, int32_t max_depth, size_t max_output, EntryFn entry,
              const SjValue* value);

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

}  // namespace sj::rt
