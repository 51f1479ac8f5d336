#include "runtime/number_text.h"

#include <atomic>
#include <charconv>
#include <cmath>
#include <cstring>

#include "runtime/output.h"
#include "runtime/decimal_digits.h"
#include "runtime/dom_layout.h"
#include "runtime/pow10_table.h"

namespace sj::rt {

namespace {

// The shortest decimal digits of x (finite, non-zero, positive) and the exponent n with
// x = 0.d1…dk × 10^n.
// digits is prefilled with '0', so that the layout can copy fixed-size blocks: the zeros
// after the k digits are the ones "123" needs to become "12300".
struct Decimal {
  char digits[32];
  int k = 0;
  int n = 0;
  Decimal() { std::memset(digits, '0', sizeof digits); }
};

// 10^0 … 10^18.
constexpr uint64_t kPowers10[] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
                                  100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
                                  1000000000000ull, 10000000000000ull, 100000000000000ull, 1000000000000000ull,
                                  10000000000000000ull, 100000000000000000ull, 1000000000000000000ull};

// The number of decimal digits of v ≥ 1: log10 estimated from the bit width (1233/4096 ≈
// log10 2), corrected by one comparison.
inline int decimal_length(uint64_t v) {
  int t = ((64 - __builtin_clzll(v)) * 1233) >> 12;
  return t + (v >= kPowers10[t]);
}

// Schubfach (R. Giulietti, "The Schubfach way to render doubles", 2020): the shortest
// decimal in x's rounding interval, closest to x, from one 128-bit table entry and three
// multiplications. x = c·2^q; the interval bounds and x, scaled by 4 (cbl, cb, cbr) and by
// 10^-k, become integers vbl, vb, vbr through round-to-odd products; then one digit fewer
// (s/10) is tried, then s and s+1, then rounding to nearest.
namespace schubfach {

// floor(log10(2^e)) and floor(log10(3/4·2^e)), floor(log2(10^e)): fixed-point identities
// valid for |e| ≤ 1500 (the paper's Lemma; checked for every exponent a double has by the
// tests through the Ryu comparison).
inline int floor_log10_pow2(int e) { return (e * 1262611) >> 22; }
inline int floor_log10_three_quarters_pow2(int e) { return (e * 1262611 - 524031) >> 22; }
inline int floor_log2_pow10(int e) { return (e * 1741647) >> 19; }

// The 64 bits of (g · cp) >> 127 that matter, rounded to odd: a set lowest bit records that
// something nonzero was cut off, which is all the comparisons below need.
inline uint64_t round_to_odd(const uint64_t g[2], uint64_t cp) {
  using u128 = unsigned __int128;
  u128 x = u128{cp} * g[1];
  u128 y = u128{cp} * g[0] + static_cast<uint64_t>(x >> 64);
  return static_cast<uint64_t>(y >> 63) | (static_cast<uint64_t>(y) != 0);
}

// x (finite, positive) = c·2^q. Its rounding interval is x ± 2^(q-1) unless x is a power of
// two above the smallest normal (lower_closer: the gap below is half the gap above) or
// subnormal; `regular` says it is neither.
struct Binary {
  uint64_t c;
  int q;
  bool lower_closer;
  bool regular;
};

inline Binary binary_of(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  uint64_t mantissa = bits & ((uint64_t{1} << 52) - 1);
  int biased = static_cast<int>(bits >> 52);
  if (biased == 0) return {mantissa, -1074, false, false};
  return {mantissa | (uint64_t{1} << 52), biased - 1075, mantissa == 0 && biased > 1, mantissa != 0};
}

// g ≈ 10^-k · 2^r, the table's 128 bits as {high, low}.
inline const uint64_t* pow10_for(int k) { return sj::rt::schubfach::kPow10[-k - sj::rt::schubfach::kPow10Min]; }

// x = digits · 10^exponent, digits shortest (possibly with trailing zeros).
[[gnu::noinline]] void to_decimal_exact(double x, uint64_t& digits, int& exponent) {
  schubfach::Binary b = schubfach::binary_of(x);
  uint64_t c = b.c;
  int q = b.q;
  bool lower_closer = b.lower_closer;
  if (-52 <= q && q <= 0) {  // an integer below 2^53: its digits are exact
    uint64_t f = c >> -q;
    if (f << -q == c) {
      digits = f;
      exponent = 0;
      return;
    }
  }
  bool even = (c & 1) == 0;
  uint64_t cbl = 4 * c - 2 + lower_closer, cb = 4 * c, cbr = 4 * c + 2;
  int k = lower_closer ? floor_log10_three_quarters_pow2(q) : floor_log10_pow2(q);
  int h = q + floor_log2_pow10(-k);  // 0..3
  const uint64_t* g = pow10_for(k);
  uint64_t vbl = round_to_odd(g, cbl << h);
  uint64_t vb = round_to_odd(g, cb << h);
  uint64_t vbr = round_to_odd(g, cbr << h);
  uint64_t lower = vbl + !even, upper = vbr - !even;  // the interval is closed when c is even

  uint64_t s = vb / 4;
  if (s >= 10) {  // one digit fewer: at most one of its two neighbours lies in the interval
    uint64_t sp = s / 10;
    bool up_in = lower <= 40 * sp, wp_in = 40 * sp + 40 <= upper;
    if (up_in != wp_in) {
      digits = sp + wp_in;
      exponent = k + 1;
      return;
    }
  }
  bool u_in = lower <= 4 * s, w_in = 4 * s + 4 <= upper;
  if (u_in != w_in) {
    digits = s + w_in;
    exponent = k;
    return;
  }
  uint64_t mid = 4 * s + 2;  // both in: the closer one, ties to even
  digits = s + (vb > mid || (vb == mid && (s & 1)));
  exponent = k;
}

// The shortest digits left-aligned to 17 places, 10^16 ≤ v < 10^17 (Schubfach's digits
// times a power of ten): x = v × 10^(n - 17), so x = 0.d1…d17 × 10^n.
struct Aligned {
  uint64_t v;
  int n;
};

inline Aligned aligned_exact(double x) {
  uint64_t digits;
  int exponent;
  to_decimal_exact(x, digits, exponent);
  int len = decimal_length(digits);  // ≤ 17
  return {digits * kPowers10[17 - len], len + exponent};
}

// The same digits from one product instead of three, for the common case (the idea of yy's
// and Żmij's fast paths, derived here for this table). x = c·2^q with 2^52 < c < 2^53 has
// the rounding interval x ± 2^(q-1); k = ⌊log10 2^q⌋ makes one ulp scale to [1, 10), so the
// scaled interval (x ± 2^(q-1))·10^-k is narrower than 10. It holds at most one multiple of
// 10 — the shorter candidate, which Schubfach picks when there is one: the multiple of 10 at
// or below x·10^-k or the one above — and always holds round(x·10^-k), within half a unit
// of x·10^-k, which Schubfach picks otherwise. One product gives x·10^-k with 64 fraction
// bits; its last digit and fraction (4.60 fixed point: x·10^-k mod 10) against the scaled
// half-ulp decide. g is rounded up and the product truncated, so the computed values lie
// within 2 units of the last place of the exact ones: a comparison within kMargin of its
// threshold (ties, exact decimals on the interval's edge: 0.4% of the tests' random values,
// none of canada.json's coordinates) goes to the exact version, and so do the irregular
// intervals (powers of two, subnormals).
// x·10^-k lies in [2^52, 10·2^53), so the digits chosen have 16 or 17 places: aligning them
// takes one comparison, not decimal_length's table.
// Which candidate, and whether it has 16 or 17 places, depend on the digits (canada.json:
// 68% of its coordinates have 16 significant digits, 18% 17), so both are chosen by
// arithmetic, not branches. That puts the comparisons on the digits' critical path: on the
// AMD Zen 3 hosts of stops 13-17 branches were faster (3.30 against 3.55 ms), on the Ice Lake
// host of stop 19, with the writer's call to the digits kernel and its stack frame gone,
// arithmetic is (canada.json 3.27 -> 3.09 ms; one repeated value, which branches predict
// perfectly, 19.6 -> 21.3 ns).
// Returns false where only the exact version decides: the caller takes that case out of
// line (write_exact), so that the common path makes no call that returns into it and needs
// no stack frame.
inline bool to_decimal(double x, Aligned& a) {
  constexpr uint64_t kMargin = 8;
  constexpr uint64_t kHalf = uint64_t{1} << 63;  // of the 64-bit fraction
  constexpr uint64_t kTen = uint64_t{10} << 60;  // in 4.60
  schubfach::Binary b = schubfach::binary_of(x);
  if (!b.regular) return false;
  uint64_t c = b.c;
  int q = b.q;
  int k = floor_log10_pow2(q);
  int h = q + floor_log2_pow10(-k);  // 0..3
  const uint64_t* g = pow10_for(k);
  using u128 = unsigned __int128;
  uint64_t cp = c << h;
  u128 high = u128{cp} * g[0], low = u128{cp} * g[1];
  u128 scaled = (high << 1) + (low >> 63);  // (cp·g) >> 63 = x·10^-k in 64.64 fixed point
  auto integral = static_cast<uint64_t>(scaled >> 64);
  auto fraction = static_cast<uint64_t>(scaled);
  uint64_t last = integral % 10;
  uint64_t mod10 = last << 60 | fraction >> 4;  // x·10^-k mod 10
  uint64_t half_ulp = g[0] >> (4 - h);          // 2^(q-1)·10^-k
  uint64_t to_upper = mod10 + half_ulp;         // the interval's upper end, mod 10
  // |a - b| < kMargin as one unsigned comparison each.
  if (mod10 - half_ulp + kMargin < 2 * kMargin || to_upper - kTen + kMargin < 2 * kMargin ||
      fraction - kHalf + kMargin < 2 * kMargin)
    return false;
  bool below = mod10 < half_ulp, above = to_upper > kTen;  // that multiple of 10 is in
  uint64_t shorter = integral - last + 10 * above, nearest = integral + (fraction >= kHalf);
  uint64_t pick = -static_cast<uint64_t>(below | above);  // all ones for the shorter
  uint64_t digits = nearest ^ ((nearest ^ shorter) & pick);
  bool full = digits >= kPowers10[16];
  a = {digits * (10 - 9 * full), k + 16 + full};  // a multiply: GCC made "full ? d : 10d" a branch
  return true;
}

}  // namespace schubfach

// A double's shortest digits as 17 ASCII digits, left-aligned (so every digit has a fixed
// place and the zeros after the last significant one come for free): the first in `lead`,
// the next sixteen in `rest`, k significant, x = 0.d1…dk × 10^n.
struct Digits17 {
  char lead;
  __m128i rest;
  int k;
  int n;
};

// The digits kernel in use: SSE2 until the static initialiser below picks the best the CPU
// has (a double written before that gets the same text from SSE2), so the writer tests no
// "not chosen yet" state and calls nothing to choose.
constinit std::atomic<DigitsKernel> g_kernel{DigitsKernel::Sse2};
[[maybe_unused]] const bool g_kernel_chosen = (set_digits_kernel(DigitsKernel::Ifma), true);

inline Digits17 shortest_digits(schubfach::Aligned a) {
  auto [v, n] = a;
  // Three quotients side by side rather than one after another: the lead digit, the first
  // nine digits, and from them the two halves of the sixteen after the lead.
  uint64_t lead = v / kPowers10[16], nine = v / kPowers10[8];
  auto high = static_cast<uint32_t>(nine - lead * kPowers10[8]), low = static_cast<uint32_t>(v - nine * kPowers10[8]);
  __m128i rest = g_kernel.load(std::memory_order_relaxed) == DigitsKernel::Ifma ? sixteen_digits_ifma(high, low)
                                                                              : sixteen_digits(high, low);
  // Bit i+1 set where digit i of rest is not '0', bit 0 for the lead (never '0'): the
  // highest set bit is the last significant digit.
  auto nonzero = static_cast<uint32_t>(~_mm_movemask_epi8(_mm_cmpeq_epi8(rest, _mm_set1_epi8('0'))) & 0xffff);
  return {static_cast<char>('0' + lead), rest, 32 - __builtin_clz(nonzero << 1 | 1), n};
}

// The reference: libstdc++'s to_chars (Ryu) in scientific form, "d.ddde±x", taken apart.
void shortest_ryu(double x, Decimal& d) {
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

// Number::toString(10), ECMA-262 §6.1.6.1.20: lays out d (of a positive x) at dst. Every
// copy has a constant size (so none is a library call); they may write past the returned end,
// within kMaxDoubleText.
char* layout(char* dst, const Decimal& d) {
  const char* digits = d.digits;
  int k = d.k, n = d.n;
  if (k <= n && n <= 21) {  // 12300: the digits, then the buffer's zeros
    std::memcpy(dst, digits, 24);
    return dst + n;
  }
  if (0 < n && n <= 21) {  // 12.3 (n < k ≤ 17)
    std::memcpy(dst, digits, 16);
    dst[n] = '.';
    std::memcpy(dst + n + 1, digits + n, 16);
    return dst + k + 1;
  }
  if (-6 < n && n <= 0) {  // 0.000123
    std::memcpy(dst, "0.000000", 8);
    std::memcpy(dst + 2 - n, digits, 17);
    return dst + 2 - n + k;
  }
  dst[0] = digits[0];  // 1.23e+45, 1e-7
  dst[1] = '.';
  std::memcpy(dst + 2, digits + 1, 16);
  dst += k > 1 ? k + 1 : 1;
  int e = n - 1;
  *dst++ = 'e';
  *dst++ = e < 0 ? '-' : '+';
  unsigned u = static_cast<unsigned>(e < 0 ? -e : e);
  if (u >= 100) *dst++ = static_cast<char>('0' + u / 100);
  if (u >= 10) *dst++ = static_cast<char>('0' + u / 10 % 10);
  *dst++ = static_cast<char>('0' + u % 10);
  return dst;
}

// The same digits laid out by `layout`, out of line so that its stack buffer is no part of
// the common path's frame.
[[gnu::noinline]] char* layout_outside(char* dst, char lead, __m128i rest, int k, int n) {
  Decimal decimal;
  decimal.digits[0] = lead;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(decimal.digits + 1), rest);
  decimal.k = k;
  decimal.n = n;
  return layout(dst, decimal);
}

// Number::toString(10) of shortest_digits, laid out from the register for 1 ≤ |x| < 10^21
// (n from 1 to 21: canada.json's coordinates and most numbers a server prints), by `layout`
// for the rest. Digits after the point are the rest shifted one byte to the right, blended
// with the unshifted bytes before the point and '.' at it; the two 16-byte stores overlap so
// that the last digit (byte 17) comes from the shifted copy. Writes up to dst + 25.
inline char* layout_shortest(char* dst, const Digits17& d) {
  int k = d.k, n = d.n;
  if (0 < n && n <= 21) {
    dst[0] = d.lead;
    if (k <= n) {  // 12300: the digits, then zeros up to n (the rest's own zeros up to 17)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 1), d.rest);
      std::memcpy(dst + 17, "00000000", 8);
      return dst + n;
    }
    const __m128i place = _mm_setr_epi8(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);  // of byte i in dst
    __m128i point = _mm_set1_epi8(static_cast<char>(n));
    __m128i before = _mm_cmpgt_epi8(point, place), at = _mm_cmpeq_epi8(point, place);
    __m128i text = _mm_or_si128(_mm_and_si128(before, d.rest), _mm_andnot_si128(before, _mm_slli_si128(d.rest, 1)));
    text = _mm_or_si128(_mm_andnot_si128(at, text), _mm_and_si128(at, _mm_set1_epi8('.')));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 2), d.rest);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 1), text);
    return dst + k + 1;
  }
  return layout_outside(dst, d.lead, d.rest, k, n);
}

// Numbers with at most three decimals (prices, ratings, percentages, whole numbers held as
// doubles) need no Schubfach. x = c·2^-s makes x·1000 = t·2^-s exactly, t = 1000c < 2^63,
// and x's rounding interval, scaled by 1000, is t ± 500 in units of 2^-s (narrower below a
// power of two). With 12 ≤ s ≤ 62 (x in [2^-10, 2^41)) it is narrower than 1/4, so it holds
// at most one integer m: then m is the only decimal with three places or fewer that reads
// back as x, hence the shortest once its trailing zeros go (and the closest), and no decimal
// with more places has fewer significant digits, as both lie within an ulp of x. The test,
// t's fraction within 500 of a whole, is in integers, so it turns every other double away
// (all of canada.json's) without competing with Schubfach for the vector units. It never
// lets through an m on the interval's edge: a fraction of exactly 500 would need 2^s to
// divide 500·(2c - 1), i.e. s ≤ 2; and at a power of two (c = 2^52), where the gap below is
// half the gap above, t's fraction is 0 or at least 2^52.
inline bool thousandths(double x, uint64_t& m) {
  schubfach::Binary b = schubfach::binary_of(x);
  auto s = static_cast<uint32_t>(-b.q);
  if (s - 12 > 62 - 12) return false;  // unsigned: s < 12 wraps; subnormals (s = 1074) fail too
  uint64_t t = b.c * 1000;
  uint64_t fraction_mask = (uint64_t{1} << s) - 1;
  if (((t + 500) & fraction_mask) > 1000) return false;
  m = (t + (uint64_t{1} << (s - 1))) >> s;
  return true;
}

// x = m/1000 laid out: the integer part, then '.' and the decimals without trailing zeros.
inline char* short_decimal(char* dst, uint64_t m) {
  uint64_t whole = m / 1000;
  auto frac = static_cast<uint32_t>(m - whole * 1000);
  dst = write_uint64(dst, whole);
  if (frac == 0) return dst;
  dst[0] = '.';
  return integer_text::fixed_digits<3>(dst + 1, frac) - (frac % 10 == 0) - (frac % 100 == 0);
}

// x's bits without the sign, and the first magnitude that is not finite (+Infinity's bits;
// NaNs lie above it).
inline uint64_t magnitude_bits(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  return bits & ~(uint64_t{1} << 63);
}
constexpr uint64_t kInfinityBits = uint64_t{0x7ff} << 52;

// A positive finite x whose digits take Schubfach's exact version (powers of two, subnormals,
// near-ties): a tail call from the common path.
[[gnu::noinline]] char* write_exact(char* dst, double x) {
  return layout_shortest(dst, shortest_digits(schubfach::aligned_exact(x)));
}

// A positive finite x after the sign: its digits from the three-decimals path, else
// Schubfach; Schubfach only; or Ryu (the reference).
enum class Digits { Short, Schubfach, Ryu };

[[gnu::always_inline]] inline char* write_positive(char* dst, double x, Digits digits) {
  if (digits == Digits::Ryu) {
    Decimal d;
    shortest_ryu(x, d);
    return layout(dst, d);
  }
  if (uint64_t m; digits == Digits::Short && thousandths(x, m)) return short_decimal(dst, m);
  schubfach::Aligned a;
  if (!schubfach::to_decimal(x, a)) [[unlikely]] return write_exact(dst, x);
  return layout_shortest(dst, shortest_digits(a));
}

// The sign without a branch: '-' is always stored and the cursor passes it only for a
// negative x (a positive one's text starts on it). Random signs made the branch a coin toss.
[[gnu::always_inline]] inline char* write_sign(char* dst, double x) {
  *dst = '-';
  return dst + std::signbit(x);
}

// Inlined into each entry point below: a double from a DOM goes through one call here
// (sj_number_text → write_json_double), not four. Both zeros print "0".
[[gnu::always_inline]] inline char* write_double(char* dst, double x, Digits digits) {
  uint64_t magnitude = magnitude_bits(x);
  if (magnitude == 0) [[unlikely]] {
    *dst = '0';
    return dst + 1;
  }
  return write_positive(write_sign(dst, x), std::fabs(x), digits);
}

// NaN and ±Infinity as JSON.stringify prints them ("null"), else the digits. Zero, the
// non-finite values and every other double part with one unsigned comparison: magnitude - 1
// wraps around for zero. (Handing zero on to write_double instead left its own test on the
// common path: GCC does not derive x != 0 from the comparison.)
[[gnu::always_inline]] inline char* write_json(char* dst, double x, Digits digits) {
  uint64_t magnitude = magnitude_bits(x);
  if (magnitude - 1 >= kInfinityBits - 1) [[unlikely]] {
    if (magnitude == 0) {
      *dst = '0';
      return dst + 1;
    }
    std::memcpy(dst, "null", 4);
    return dst + 4;
  }
  return write_positive(write_sign(dst, x), std::fabs(x), digits);
}

}  // namespace

bool cpu_has(DigitsKernel kernel) {
  if (kernel == DigitsKernel::Sse2) return true;
  __builtin_cpu_init();  // called from a static initialiser, which may run before libgcc's
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512ifma") &&
         __builtin_cpu_supports("avx512vbmi");
}

void set_digits_kernel(DigitsKernel kernel) {
  if (!cpu_has(kernel)) kernel = DigitsKernel::Sse2;
  g_kernel.store(kernel, std::memory_order_relaxed);
}

char* write_js_double(char* dst, double x) { return write_double(dst, x, Digits::Short); }
char* write_js_double_ryu(char* dst, double x) { return write_double(dst, x, Digits::Ryu); }
char* write_json_double(char* dst, double x) { return write_json(dst, x, Digits::Short); }
char* write_json_double_schubfach(char* dst, double x) { return write_json(dst, x, Digits::Schubfach); }

void put_number(SjCtx* ctx, const rapidjson::Value& v) { ctx->cur = write_json_number(ensure(ctx, kMaxDoubleText), v); }
void put_number(SjCtx* ctx, double x) { ctx->cur = write_json_double(ensure(ctx, kMaxDoubleText), x); }

}  // namespace sj::rt

extern "C" char* sj_number_text(char* dst, const SjValue* v) { return sj::rt::write_json_number(dst, *v); }

extern "C" char* sj_integer_text(char* dst, const SjValue* v) { return sj::rt::write_json_integer(dst, *v); }
