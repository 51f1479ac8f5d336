// The bulk array serializers: the "at or above the cutoff" side of an array of plain strings,
// numbers or integers (DESIGN.md, array strategy). Each writes exactly the bytes the inlined
// loop would, comma-separated, and stops at the first element that is not plain (a miss), so
// the loop can resume coercion there.
#include <emmintrin.h>

#include <cmath>
#include <cstring>

#include "runtime/call_state.h"
#include "runtime/dom_layout.h"
#include "runtime/escape.h"
#include "runtime/number_text.h"

namespace sj::rt {
namespace {

// Writes one short string that lives inside its rapidjson::Value (≤ 13 bytes, see
// dom_layout.h). The whole 16-byte Value is one SSE2 load, so finding a byte to escape is a
// single compare, masked to the string's length; a clean string is then one 16-byte store
// (the bytes past the closing quote are scratch: the caller reserved room and overwrites
// them). Returns the new end, or nullptr when the string needs escaping.
inline char* short_string(char* p, const SjValue& e, size_t n) {
  __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&e));
  __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                             _mm_cmplt_epi8(_mm_xor_si128(x, _mm_set1_epi8(static_cast<char>(0x80))),
                                            _mm_set1_epi8(static_cast<char>(0x20 ^ 0x80))));
  unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit)) & ((1u << n) - 1);
  if (mask) return nullptr;
  *p = '"';
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 1), x);
  p[n + 1] = '"';
  return p + n + 2;
}

}  // namespace
}  // namespace sj::rt

using namespace sj::rt;

extern "C" int64_t sj_bulk_string_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  int64_t i = 0;
  for (; i < len; ++i) {
    const SjValue& e = elems[i];
    uint16_t f = sj::dom::flags(&e);
    if ((f & sj::dom::kTypeMask) != sj::dom::kStringType) break;
    bool inline_str = f & sj::dom::kInlineStrFlag;
    size_t n = inline_str ? sj::dom::kShortMax - static_cast<uint8_t>(reinterpret_cast<const char*>(&e)[sj::dom::kShortLenByte])
                          : e.GetStringLength();
    // Room for a comma and the worst-case escaped string (which covers short_string's
    // 16-byte store).
    char* p = ensure(ctx, quoted_bound(n) + 1);
    if (i) *p++ = ',';
    if (inline_str) {
      if (char* end = short_string(p, e, n)) {
        ctx->cur = end;
        continue;
      }
      ctx->cur = write_quoted(p, reinterpret_cast<const char*>(&e), n);
      continue;
    }
    ctx->cur = write_quoted(p, e.GetString(), n);  // one pass: copy while scanning
  }
  return i;
}

// Numbers: every number but NaN (an error under type number, so the loop must report it).
extern "C" int64_t sj_bulk_number_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  int64_t i = 0;
  for (; i < len; ++i) {
    const SjValue& e = elems[i];
    uint16_t f = sj::dom::flags(&e);
    if (!(f & sj::dom::kNumberFlag) || ((f & sj::dom::kDoubleFlag) && std::isnan(e.GetDouble()))) break;
    char* p = ensure(ctx, kMaxDoubleText + 1);
    if (i) *p++ = ',';
    ctx->cur = p;
    sj_write_number(ctx, &e);
  }
  return i;
}

// Integers: int64/uint64, and doubles that are integral and finite (Number.isInteger); a
// fractional or non-finite one is a miss, so the loop applies rounding or reports the error.
extern "C" int64_t sj_bulk_integer_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  int64_t i = 0;
  for (; i < len; ++i) {
    const SjValue& e = elems[i];
    uint16_t f = sj::dom::flags(&e);
    char* p = ensure(ctx, kMaxDoubleText + 1);
    char* q = p + (i != 0);
    if (f & sj::dom::kInt64Flag) {
      q = write_int64(q, e.GetInt64());
    } else if (f & sj::dom::kUint64Flag) {
      q = write_uint64(q, e.GetUint64());
    } else if (f & sj::dom::kDoubleFlag) {
      double d = e.GetDouble();
      if (!std::isfinite(d) || std::trunc(d) != d) break;
      q = write_js_double(q, d);
    } else {
      break;
    }
    if (i) *p = ',';
    ctx->cur = q;
  }
  return i;
}
