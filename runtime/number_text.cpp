#include "runtime/number_text.h"

#include <charconv>
#include <cstring>

#include "runtime/call_state.h"
#include "runtime/dom_layout.h"

namespace sj::rt {

char* write_js_double(char* dst, double x) {
  if (x == 0) {  // both zeros
    *dst = '0';
    return dst + 1;
  }
  // libstdc++'s to_chars gives the shortest round-trip digits (Ryu); the scientific form
  // "d.ddde±x" is easy to take apart and re-lay in JavaScript's rules.
  char sci[32];
  char* end = std::to_chars(sci, sci + sizeof sci, x, std::chars_format::scientific).ptr;
  const char* p = sci;
  if (*p == '-') {
    *dst++ = '-';
    ++p;
  }
  char digits[20];
  int k = 0;
  for (; p < end && *p != 'e'; ++p)
    if (*p != '.') digits[k++] = *p;
  int exp10 = 0;
  std::from_chars(p + 1 + (p[1] == '+'), end, exp10);
  int n = exp10 + 1;  // x = 0.d1..dk × 10^n

  if (k <= n && n <= 21) {
    std::memcpy(dst, digits, k);
    std::memset(dst + k, '0', n - k);
    return dst + n;
  }
  if (0 < n && n <= 21) {
    std::memcpy(dst, digits, n);
    dst[n] = '.';
    std::memcpy(dst + n + 1, digits + n, k - n);
    return dst + k + 1;
  }
  if (-6 < n && n <= 0) {
    dst[0] = '0';
    dst[1] = '.';
    std::memset(dst + 2, '0', -n);
    std::memcpy(dst + 2 - n, digits, k);
    return dst + 2 - n + k;
  }
  *dst++ = digits[0];
  if (k > 1) {
    *dst++ = '.';
    std::memcpy(dst, digits + 1, k - 1);
    dst += k - 1;
  }
  *dst++ = 'e';
  *dst++ = n - 1 < 0 ? '-' : '+';
  int e = n - 1 < 0 ? 1 - n : n - 1;
  return std::to_chars(dst, dst + 4, e).ptr;
}

char* write_int64(char* dst, int64_t x) { return std::to_chars(dst, dst + kMaxIntText, x).ptr; }
char* write_uint64(char* dst, uint64_t x) { return std::to_chars(dst, dst + kMaxIntText, x).ptr; }

}  // namespace sj::rt

extern "C" void sj_write_number(SjCtx* ctx, const SjValue* v) {
  char* p = sj::rt::ensure(ctx, sj::rt::kMaxDoubleText);
  uint16_t f = sj::dom::flags(v);
  if (f & sj::dom::kDoubleFlag) {
    double d = v->GetDouble();
    if (d - d != 0) {  // NaN or ±Infinity: JSON.stringify's null
      std::memcpy(p, "null", 4);
      ctx->cur = p + 4;
      return;
    }
    ctx->cur = sj::rt::write_js_double(p, d);
  } else if (f & sj::dom::kInt64Flag) {
    ctx->cur = sj::rt::write_int64(p, v->GetInt64());
  } else {
    ctx->cur = sj::rt::write_uint64(p, v->GetUint64());
  }
}
