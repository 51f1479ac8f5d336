// ECMAScript StringToNumber (ES2023 §7.1.4.1.1) over UTF-8 text.
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "runtime/js_value.h"

namespace sj::rt {

// ASCII ones, then the UTF-8 encodings of U+00A0, U+1680, U+2000–200A, U+2028/9, U+202F,
// U+205F, U+3000 and U+FEFF.
size_t js_space_at(const char* text, size_t n) {
  const auto* s = reinterpret_cast<const unsigned char*>(text);
  if (n == 0) return 0;
  unsigned char c = s[0];
  if (c == ' ' || (c >= 0x09 && c <= 0x0d)) return 1;
  if (c == 0xC2 && n >= 2 && s[1] == 0xA0) return 2;
  if (n < 3) return 0;
  if (c == 0xE1 && s[1] == 0x9A && s[2] == 0x80) return 3;
  if (c == 0xE2 && s[1] == 0x80 && (s[2] <= 0x8A || s[2] == 0xA8 || s[2] == 0xA9 || s[2] == 0xAF)) return 3;
  if (c == 0xE2 && s[1] == 0x81 && s[2] == 0x9F) return 3;
  if (c == 0xE3 && s[1] == 0x80 && s[2] == 0x80) return 3;
  if (c == 0xEF && s[1] == 0xBB && s[2] == 0xBF) return 3;
  return 0;
}

namespace {

size_t space_at(const unsigned char* s, size_t n) { return js_space_at(reinterpret_cast<const char*>(s), n); }

size_t trailing_space(const unsigned char* s, size_t n) {
  for (size_t len = 1; len <= 3 && len <= n; ++len)
    if (space_at(s + n - len, len) == len) return len;
  return 0;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double radix_literal(const char* s, size_t n, int radix) {
  if (n == 0) return kNaN;
  double value = 0;
  for (size_t i = 0; i < n; ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
    if (d >= radix) return kNaN;
    value = value * radix + d;
  }
  return value;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

double string_to_number(const char* str, size_t n) {
  auto* s = reinterpret_cast<const unsigned char*>(str);
  size_t sp;
  while (n > 0 && (sp = space_at(s, n)) != 0) s += sp, n -= sp;
  while (n > 0 && (sp = trailing_space(s, n)) != 0) n -= sp;
  const char* p = reinterpret_cast<const char*>(s);
  if (n == 0) return 0;
  if (n > 2 && p[0] == '0') {
    char r = static_cast<char>(p[1] | 0x20);
    if (r == 'x') return radix_literal(p + 2, n - 2, 16);
    if (r == 'o') return radix_literal(p + 2, n - 2, 8);
    if (r == 'b') return radix_literal(p + 2, n - 2, 2);
  }
  size_t i = 0;
  bool negative = false;
  if (p[0] == '+' || p[0] == '-') negative = p[i++] == '-';
  if (n - i == 8 && std::memcmp(p + i, "Infinity", 8) == 0)
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  // StrDecimalLiteral: digits [. digits] | . digits, then an optional exponent.
  size_t start = i, int_digits = 0, frac_digits = 0;
  while (i < n && is_digit(p[i])) ++i, ++int_digits;
  if (i < n && p[i] == '.') {
    ++i;
    while (i < n && is_digit(p[i])) ++i, ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return kNaN;
  if (i < n && (p[i] == 'e' || p[i] == 'E')) {
    ++i;
    if (i < n && (p[i] == '+' || p[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < n && is_digit(p[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return kNaN;
  }
  if (i != n) return kNaN;
  double value = decimal_to_double(p + start, n - start);
  return negative ? -value : value;
}

double decimal_to_double(const char* s, size_t n) {
  double value;
  auto r = std::from_chars(s, s + n, value);
  if (r.ec != std::errc::result_out_of_range) return value;
  // Out of range: which way follows from the decimal exponent of the first non-zero digit.
  const char* end = s + n;
  bool negative = s < end && *s == '-';
  const char* p = s + negative;
  int64_t magnitude = 0;  // digits before the point, or minus the zeros after it
  bool seen = false, before_point = true;
  for (; p < end && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') {
      before_point = false;
      continue;
    }
    seen |= *p != '0';
    if (before_point && seen) ++magnitude;
    if (!before_point && !seen) --magnitude;
  }
  int64_t exponent = 0;
  if (p < end) {
    ++p;
    bool minus = p < end && *p == '-';
    p += p < end && (*p == '+' || *p == '-');
    for (; p < end && exponent < 100000; ++p) exponent = exponent * 10 + (*p - '0');  // far beyond either bound
    if (minus) exponent = -exponent;
  }
  double far = magnitude + exponent > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  return negative ? -far : far;
}

}  // namespace sj::rt
