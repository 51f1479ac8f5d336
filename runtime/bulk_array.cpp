// The bulk array serializers: the "at or above the cutoff" side of an array of plain strings,
// numbers or integers (DESIGN.md, array strategy). Each writes exactly the bytes the inlined
// loop would, comma-separated, and stops at the first element that is not plain (a miss), so
// the loop can resume coercion there.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "runtime/bulk_loops.h"
#include "runtime/output.h"
#include "runtime/dom_layout.h"
#include "runtime/escape_kernels.h"
#include "runtime/number_text.h"

namespace sj::rt {
namespace {

// The bulk string loop, inlined into one function per ISA (below) so that the per-string
// work has no calls: `write` is that ISA's write_quoted.
//
// Short strings live inside their 16-byte rapidjson::Value (≤ 13 bytes, dom_layout.h): the
// whole Value is one SSE2 load, so finding the bytes to escape is one compare masked to the
// length; a clean string is then one 16-byte store (the bytes past the closing quote are
// scratch the next write overwrites), and one that needs escaping is written from the mask
// by `masked` (that ISA's way of shifting the register, see write_quoted_masked). `special`
// is that ISA's mask of the register's bytes to escape.
template <class Write, class Special, class Masked>
SJ_INLINE int64_t bulk_strings(SjCtx* ctx, const SjValue* elems, int64_t len, Write write, Special special, Masked masked) {
  // One pass, as the inlined loop makes: each string asks for its own worst case (a comma
  // and its escaped text; for a string held in its Value, the worst case of 13 bytes), a
  // compare against the window's end that a call resolves only when the window is full. (A
  // first pass sizing chunks of 64 strings, so that the writing pass checked no capacity,
  // cost more than the compares it saved: 8-character strings 2,223 MB/s against the loop's
  // 3,145 at 1,024 strings, schemajit-calibrate on the Ice Lake host of stop 19.)
  // The two kinds of string check their room apart: one check for both, its bound chosen by
  // the kind, cost short arrays 4-5% (2,851 -> 2,960 ns, min of 11 alternating runs).
  constexpr size_t kInlineRoom = 1 + quoted_bound(dom::kShortMax);
  char* p = ctx->cur;
  int64_t i = 0;
  for (; i < len; ++i) {
    const SjValue& e = elems[i];
    uint16_t f = dom::flags(&e);
    if (f == dom::kShortStringFlags) [[likely]] {  // one compare, as generated code makes
      p = bulk::room_at(ctx, p, kInlineRoom);
      if (i) *p++ = ',';
      const char* raw = reinterpret_cast<const char*>(&e);
      size_t n = dom::kShortMax - static_cast<uint8_t>(raw[dom::kShortLenByte]);
      __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(raw));
      unsigned mask = special(x) & ((1u << n) - 1);
      if (!mask) {
        *p = '"';
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 1), x);
        p[n + 1] = '"';
        p += n + 2;
      } else {
        p = masked(p, raw, n, mask, x);
      }
      continue;
    }
    if ((f & dom::kTypeMask) != dom::kStringType) break;  // a miss: the loop takes over
    size_t n = e.GetStringLength();
    if (n > kLongString) {  // written alone, in pieces
      ctx->cur = p;
      if (i) put(ctx, ",", 1);
      write_long_quoted(ctx, e.GetString(), n);
      p = ctx->cur;
      continue;
    }
    p = bulk::room_at(ctx, p, 1 + quoted_bound(n));
    if (i) *p++ = ',';
    p = write(p, e.GetString(), n);  // one pass: copy while scanning
  }
  ctx->cur = p;
  return i;
}

// Without SSSE3 the register is shifted through a stack copy (readable for 32 bytes).
SJ_INLINE char* masked_via_stack(char* p, const char* raw, size_t n, unsigned mask, __m128i x) {
  alignas(16) char block[32];
  _mm_store_si128(reinterpret_cast<__m128i*>(block), x);
  _mm_store_si128(reinterpret_cast<__m128i*>(block + 16), _mm_setzero_si128());
  return kernels::write_quoted_masked(p, raw, n, mask, [&](size_t k) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + k));
  });
}

#define SJ_MASKED_PSHUFB(TARGET)                                                                    \
  [](char* p, const char* raw, size_t n, unsigned mask, __m128i x) TARGET {                         \
    return kernels::write_quoted_masked(p, raw, n, mask, [x](size_t k) TARGET {                     \
      return _mm_shuffle_epi8(x, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kernels::kShiftIndex + k))); \
    });                                                                                             \
  }

// One instantiation per ISA. They are spelled out because a target attribute cannot depend on
// a template parameter: each function carries its own, and the kernels inlined into it with
// it.
int64_t bulk_strings_scalar(SjCtx* ctx, const SjValue* elems, int64_t len) {
  return bulk_strings(ctx, elems, len, kernels::write_quoted_scalar, kernels::SpecialBytesSse2(), masked_via_stack);
}
int64_t bulk_strings_sse2(SjCtx* ctx, const SjValue* elems, int64_t len) {
  return bulk_strings(ctx, elems, len, kernels::write_quoted_sse2, kernels::SpecialBytesSse2(), masked_via_stack);
}
SJ_TARGET_AVX2 int64_t bulk_strings_avx2(SjCtx* ctx, const SjValue* elems, int64_t len) {
  return bulk_strings(
      ctx, elems, len,
      [](char* d, const char* s, size_t n) SJ_TARGET_AVX2 { return kernels::write_quoted_avx2(d, s, n); },
      kernels::SpecialBytesSse2(), SJ_MASKED_PSHUFB(SJ_TARGET_AVX2));
}
SJ_TARGET_AVX512 int64_t bulk_strings_avx512(SjCtx* ctx, const SjValue* elems, int64_t len) {
  return bulk_strings(
      ctx, elems, len,
      [](char* d, const char* s, size_t n) SJ_TARGET_AVX512 { return kernels::write_quoted_avx512(d, s, n); },
      kernels::SpecialBytesSse2(), SJ_MASKED_PSHUFB(SJ_TARGET_AVX512));
}
// With VBMI2 (Ice Lake on), what the inlined loop does on such CPUs: the mask from unsigned
// compares into mask registers, and strings held in their Value whose bytes to escape are
// quotes and backslashes only escaped in registers (kernels::write_quoted_expanded), as
// generated code does; those with control characters go through the pshufb path.
SJ_TARGET_AVX512_VBMI2 int64_t bulk_strings_avx512_vbmi2(SjCtx* ctx, const SjValue* elems, int64_t len) {
  const kernels::SpecialBytesAvx512 special;
  return bulk_strings(
      ctx, elems, len,
      [](char* d, const char* s, size_t n) SJ_TARGET_AVX512_VBMI2 { return kernels::write_quoted_avx512(d, s, n); },
      special,
      [&special](char* p, const char* raw, size_t n, unsigned mask, __m128i x) SJ_TARGET_AVX512_VBMI2 {
        if (!(special.controls(x) & mask)) return kernels::write_quoted_expanded(p, raw, n, mask);
        return kernels::write_quoted_masked(p, raw, n, mask, [x](size_t k) SJ_TARGET_AVX512_VBMI2 {
          return _mm_shuffle_epi8(x, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kernels::kShiftIndex + k)));
        });
      });
}

#undef SJ_MASKED_PSHUFB

}  // namespace
}  // namespace sj::rt

using namespace sj::rt;

// Dispatch once per array, not per string.
extern "C" int64_t sj_bulk_string_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  switch (escape_isa()) {
    case Isa::Avx512Vbmi2: return bulk_strings_avx512_vbmi2(ctx, elems, len);
    case Isa::Avx512: return bulk_strings_avx512(ctx, elems, len);
    case Isa::Avx2: return bulk_strings_avx2(ctx, elems, len);
    case Isa::Sse2: return bulk_strings_sse2(ctx, elems, len);
    case Isa::Scalar: break;
  }
  return bulk_strings_scalar(ctx, elems, len);
}

namespace sj::rt {
namespace {

// A number of an array of number arrays (coordinates, matrices) at p. Its doubles skip
// write_json_double's three-decimals test, which is pure cost on coordinates (canada.json 2-4%
// slower with it, even when only each array's first number was tested).
SJ_INLINE char* coordinate_text(char* p, const SjValue& e, uint16_t f) {
  return f & dom::kDoubleFlag ? write_json_double_schubfach(p, e.GetDouble()) : write_json_integer(p, e, f);
}

// A number of a flat array at p: the inlined loop's text (sj_number_text), three-decimals test
// included, so that the kernel does no more per number than the loop whatever the numbers
// are (prices and scores take the short path; without it bulk wrote short decimals at half
// the loop's speed, schemajit-calibrate on the Ice Lake host of stop 20).
SJ_INLINE char* number_text(char* p, const SjValue& e, uint16_t f) { return write_json_number(p, e, f); }

// A number the bulk number loops take: every number but NaN (an error under type number, so
// the loop must report it).
inline bool plain_number(const SjValue& e, uint16_t f) {
  return (f & dom::kNumberFlag) && !((f & dom::kDoubleFlag) && std::isnan(e.GetDouble()));
}

inline uint16_t flags_of(const SjValue& e) { return dom::flags(&e); }

// RapidJSON's arrays of number arrays, for bulk::number_arrays.
struct NumberArrays {
  static bool is_array(const SjValue& e) { return (dom::flags(&e) & dom::kTypeMask) == dom::kArrayType; }
  static size_t size(const SjValue& e) { return e.Size(); }
  static const SjValue* items(const SjValue& e) { return e.Begin(); }
  static const SjValue* next(const SjValue* e) { return e + 1; }
  static uint16_t tag(const SjValue& e) { return dom::flags(&e); }
  static bool plain(const SjValue& e, uint16_t f) { return plain_number(e, f); }
  static char* text(char* p, const SjValue& e, uint16_t f) { return coordinate_text(p, e, f); }
};

}  // namespace
}  // namespace sj::rt

extern "C" int64_t sj_bulk_number_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  return sj::rt::bulk::numbers(ctx, elems, len, flags_of, plain_number, number_text);
}

// Arrays of arrays of numbers: bulk::number_arrays (runtime/bulk_loops.h).
extern "C" int64_t sj_bulk_number_arrays(SjCtx* ctx, const SjValue* elems, int64_t len) {
  const SjValue* stop;
  return sj::rt::bulk::number_arrays<NumberArrays>(ctx, elems, len, &stop);
}

// Integers: int64/uint64, and doubles that are integral and finite (Number.isInteger); a
// fractional or non-finite one is a miss, so the loop applies rounding or reports the error.
extern "C" int64_t sj_bulk_integer_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  return sj::rt::bulk::numbers(ctx, elems, len, flags_of, [](const SjValue& e, uint16_t f) {
    if (f & (sj::dom::kInt64Flag | sj::dom::kUint64Flag)) return true;
    if (!(f & sj::dom::kDoubleFlag)) return false;
    double d = e.GetDouble();
    return std::isfinite(d) && std::trunc(d) == d;
  }, number_text);
}
