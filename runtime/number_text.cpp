#include "runtime/number_text.h"

#include <charconv>
#include <cmath>
#include <cstring>

#include "runtime/call_state.h"
#include "runtime/dom_layout.h"

namespace sj::rt {

namespace {

// The shortest decimal digits of x (finite, non-zero, positive) and the exponent n with
// x = 0.d1…dk × 10^n.
struct Decimal {
  char digits[20];
  int k = 0;
  int n = 0;
};

constexpr double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Fast path for doubles with few significant digits (prices, coordinates, measurements):
// the smallest k for which m = x·10^k is an integer below 2^53 such that m / 10^k == x.
// Both m and 10^k (k ≤ 22) are exact doubles, so IEEE division rounds m·10^-k correctly:
// the test proves the decimal m·10^-k reads back as x. A smaller k has no such decimal, so
// m has the fewest digits; and m is the nearest integer to the exact x·10^k (checked with
// an fma residual), so among equally short decimals it is the closest, as JavaScript picks.
bool small_decimal(double x, Decimal& d) {
  for (int k = 0; k <= 17; ++k) {
    double scaled = x * kPow10[k];
    if (scaled >= 9007199254740992.0) return false;
    double m = static_cast<double>(static_cast<int64_t>(scaled + 0.5));  // x > 0: round half up
    if (m / kPow10[k] != x) continue;
    double residual = std::fma(x, kPow10[k], -m);  // x·10^k − m, exactly enough to compare
    if (std::fabs(residual) >= 0.5) return false;  // nearest integer uncertain: take Ryu
    uint64_t v = static_cast<uint64_t>(m);
    char buf[20];
    char* end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    int len = static_cast<int>(end - buf);
    int kept = len;
    while (kept > 1 && buf[kept - 1] == '0') --kept;
    std::memcpy(d.digits, buf, kept);
    d.k = kept;
    d.n = len - k;
    return true;
  }
  return false;
}

// General path: libstdc++'s to_chars gives the shortest round-trip digits (Ryu); its
// scientific form "d.ddde±x" is taken apart here.
void shortest_decimal(double x, Decimal& d) {
  char sci[32];
  char* end = std::to_chars(sci, sci + sizeof sci, x, std::chars_format::scientific).ptr;
  const char* p = sci;
  d.k = 0;
  for (; p < end && *p != 'e'; ++p)
    if (*p != '.') d.digits[d.k++] = *p;
  int exp10 = 0;
  std::from_chars(p + 1 + (p[1] == '+'), end, exp10);
  d.n = exp10 + 1;
}

// Number::toString(10), ECMA-262 §6.1.6.1.20: lays out d (of a positive x) at dst.
char* layout(char* dst, const Decimal& d) {
  const char* digits = d.digits;
  int k = d.k, n = d.n;
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

char* write_double(char* dst, double x, bool fast) {
  if (x == 0) {  // both zeros
    *dst = '0';
    return dst + 1;
  }
  if (x < 0) {
    *dst++ = '-';
    x = -x;
  }
  Decimal d;
  if (!fast || !small_decimal(x, d)) shortest_decimal(x, d);
  return layout(dst, d);
}

}  // namespace

char* write_js_double(char* dst, double x) { return write_double(dst, x, true); }
char* write_js_double_ryu(char* dst, double x) { return write_double(dst, x, false); }

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
