// The bulk array serializers over yyjson values (bulk_array.cpp's kernels, for the other
// input model): the same bytes, the same stop at the first element that is not plain. An
// array's leading run of scalars sits in consecutive 16-byte slots of yyjson's tape, so the
// string and number kernels index it as an array; arrays of number arrays walk it.
//
// Strings carry the mark yyjson's reader sets when a string held no escape (NOESC): valid JSON
// text holds no quote, backslash or control character unescaped, so their bytes are copied
// without a scan (yyjson's own writer does the same). Strings without it go through the
// escaping writer, one call each (no per-ISA copy of the loop: the mark makes the common case
// a memcpy).
#include <cmath>
#include <cstring>

#include "runtime/bulk_loops.h"
#include "runtime/escape.h"
#include "runtime/input_model.h"
#include "runtime/model_calls.h"

namespace sj::rt {
namespace {

using Y = model::Yyjson;

constexpr uint64_t kTypeAndSubtype = YYJSON_TYPE_MASK | YYJSON_SUBTYPE_MASK;

uint64_t tag_of(const yyjson_val& e) { return e.tag; }

// Every number but NaN (an error under type number: the loop reports it) and numbers kept as
// their text (RAW: beyond the double range, read by the loop).
bool plain_number(const yyjson_val& e, uint64_t tag) {
  if ((tag & YYJSON_TYPE_MASK) != YYJSON_TYPE_NUM) return false;
  return (tag & YYJSON_SUBTYPE_MASK) != YYJSON_SUBTYPE_REAL || !std::isnan(e.uni.f64);
}

// Integers, and doubles that are integral and finite (Number.isInteger); a fractional or
// non-finite one is a miss, so the loop applies rounding or reports the error.
bool plain_integer(const yyjson_val& e, uint64_t tag) {
  if ((tag & YYJSON_TYPE_MASK) != YYJSON_TYPE_NUM) return false;
  if ((tag & YYJSON_SUBTYPE_MASK) != YYJSON_SUBTYPE_REAL) return true;
  return std::isfinite(e.uni.f64) && std::trunc(e.uni.f64) == e.uni.f64;
}

// The loop's text (sj_number_text's, three-decimals test included).
char* number_text(char* p, const yyjson_val& e, uint64_t) { return Y::number_text(p, &e); }

// Coordinates skip the three-decimals test, as bulk_array.cpp's do.
char* coordinate_text(char* p, const yyjson_val& e, uint64_t tag) {
  if ((tag & YYJSON_SUBTYPE_MASK) == YYJSON_SUBTYPE_REAL) return write_json_double_schubfach(p, e.uni.f64);
  return Y::integer_text(p, &e);
}

struct NumberArrays {
  static bool is_array(const yyjson_val& e) { return (e.tag & YYJSON_TYPE_MASK) == YYJSON_TYPE_ARR; }
  static size_t size(const yyjson_val& e) { return Y::size(&e); }
  static const yyjson_val* items(const yyjson_val& e) { return &e + 1; }  // the numbers follow it
  static const yyjson_val* next(const yyjson_val* e) { return Y::next(e); }
  static uint64_t tag(const yyjson_val& e) { return e.tag; }
  static bool plain(const yyjson_val& e, uint64_t t) { return plain_number(e, t); }
  static char* text(char* p, const yyjson_val& e, uint64_t t) { return coordinate_text(p, e, t); }
};

}  // namespace

int64_t yyjson_bulk_strings(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop) {
  char* p = ctx->cur;
  int64_t i = 0;
  for (; i < len; ++i) {
    const yyjson_val& e = elems[i];
    if ((e.tag & YYJSON_TYPE_MASK) != YYJSON_TYPE_STR) break;  // a miss: the loop takes over
    size_t n = Y::len(&e);
    if (n > kLongString) {  // written alone, in pieces
      ctx->cur = p;
      if (i) put(ctx, ",", 1);
      write_long_quoted(ctx, e.uni.str, n);
      p = ctx->cur;
      continue;
    }
    p = bulk::room_at(ctx, p, 1 + quoted_bound(n));
    if (i) *p++ = ',';
    if ((e.tag & kTypeAndSubtype) == (YYJSON_TYPE_STR | YYJSON_SUBTYPE_NOESC)) {
      *p = '"';
      std::memcpy(p + 1, e.uni.str, n);
      p[n + 1] = '"';
      p += n + 2;
    } else {
      p = write_quoted(p, e.uni.str, n);
    }
  }
  ctx->cur = p;
  *stop = elems + i;
  return i;
}

int64_t yyjson_bulk_numbers(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop) {
  int64_t i = bulk::numbers(ctx, elems, len, tag_of, plain_number, number_text);
  *stop = elems + i;
  return i;
}

int64_t yyjson_bulk_integers(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop) {
  int64_t i = bulk::numbers(ctx, elems, len, tag_of, plain_integer, number_text);
  *stop = elems + i;
  return i;
}

int64_t yyjson_bulk_number_arrays(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop) {
  return bulk::number_arrays<NumberArrays>(ctx, elems, len, stop);
}

}  // namespace sj::rt
