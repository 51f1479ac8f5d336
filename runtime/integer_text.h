// Integer text: the decimal digits of an int64/uint64, as JavaScript prints a safe integer
// and as JSON.stringify prints the DOM's 64-bit integers (exactly). Inline, so that the loops
// writing many of them (bulk number arrays) keep their cursor in a register. (Double digits
// come from decimal_digits.h, in a register, not from kPairs.)
#pragma once
#include <cstdint>
#include <cstring>

namespace sj::rt {

// "00".."99": two digits per table read, and 32-bit arithmetic on 8-digit chunks, instead
// of one 64-bit division per digit pair. Hidden: the runtime is position-independent, and an
// inline variable of default visibility is read through the GOT, one more load per pair.
[[gnu::visibility("hidden")]] inline constexpr char kPairs[] =
    "0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849"
    "5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

namespace integer_text {

// Exactly L ≤ 9 digits of n < 10^L (leading zeros included), two per step (after J. Jeon's
// and jeaiii's itoa): y = n / 10^(L-1) in 57-bit fixed point, so the first digit is y's
// integer part and each ·100 of the fraction brings the next pair up. The scale is rounded
// up, so y never falls below the exact value and its error, under n·10^(L-1) ≤ 10^17 <
// 2^57 after every multiplication, never reaches the next digit; n < 10^9 also keeps
// n·scale and fraction·100 below 2^64. (Checked against to_chars for every n < 10^9 when
// written; the tests check every length's edges and a million random values.) One multiply
// per pair and no division: about half of to_chars's time on 9-digit ids.
constexpr uint64_t fixed_point_scale(int digits) {
  uint64_t p = 1;
  for (int i = 1; i < digits; ++i) p *= 10;
  return ((uint64_t{1} << 57) + p - 1) / p;
}

template <int L>
inline char* fixed_digits(char* dst, uint32_t n) {
  constexpr uint64_t kFraction = (uint64_t{1} << 57) - 1;
  uint64_t y = n * fixed_point_scale(L);
  dst[0] = static_cast<char>('0' + (y >> 57));
  int i = 1;
#pragma GCC unroll 4  // GCC kept the 9-digit case a loop: unrolled, 9-digit ids 3.74 → 3.20 ns
  for (; i + 1 < L; i += 2) {
    y = (y & kFraction) * 100;
    std::memcpy(dst + i, kPairs + 2 * (y >> 57), 2);
  }
  if (i < L) {
    y = (y & kFraction) * 10;
    dst[i] = static_cast<char>('0' + (y >> 57));
  }
  return dst + L;
}

// 0..999 each as one little-endian word: its digits, then their count in the top byte.
struct SmallNumbers {
  uint32_t word[1000];
};
constexpr SmallNumbers small_numbers() {
  SmallNumbers t{};
  for (uint32_t n = 0; n < 1000; ++n) {
    uint32_t count = n < 10 ? 1 : n < 100 ? 2 : 3, word = 0;
    for (uint32_t i = 0, rest = n, div = count == 3 ? 100 : count == 2 ? 10 : 1; i < count; ++i, div /= 10) {
      word |= ('0' + rest / div) << (8 * i);
      rest %= div;
    }
    t.word[n] = word | count << 24;
  }
  return t;
}
// Hidden for the reason kPairs is.
[[gnu::visibility("hidden")]] inline constexpr SmallNumbers kSmallNumbers = small_numbers();

// n < 10^9 without leading zeros. Below 1000 (counts, small ids, list positions: the bulk of
// the integers in API responses) one table word stored whole: the count byte lands past the
// digits, where the next write goes, and no length branch is taken. Above, a branch per
// length, each with its own unrolled steps. The [[likely]]s here and in write_uint64 and
// write_int64 lay that path out as the fall-through: GCC had put it behind three taken jumps,
// which in a bulk loop over small integers cost more than the digits (an array of 1,000:
// 2.37 → 1.62 µs; nine-digit ids, now behind one taken jump, unchanged within noise).
inline char* up_to_nine_digits(char* dst, uint32_t n) {
  if (n < 1000) [[likely]] {
    uint32_t word = kSmallNumbers.word[n];
    std::memcpy(dst, &word, 4);
    return dst + (word >> 24);
  }
  if (n < 10000) return fixed_digits<4>(dst, n);
  if (n < 1000000) return n < 100000 ? fixed_digits<5>(dst, n) : fixed_digits<6>(dst, n);
  if (n < 100000000) return n < 10000000 ? fixed_digits<7>(dst, n) : fixed_digits<8>(dst, n);
  return fixed_digits<9>(dst, n);
}

}  // namespace integer_text

// The digits of x at dst (up to 20 bytes); returns the end.
inline char* write_uint64(char* dst, uint64_t x) {
  using integer_text::fixed_digits, integer_text::up_to_nine_digits;
  if (x < 1000000000) [[likely]] return up_to_nine_digits(dst, static_cast<uint32_t>(x));
  uint64_t high = x / 1000000000;  // < 1.9·10^10: up to 11 digits before the last 9
  auto low = static_cast<uint32_t>(x - high * 1000000000);
  if (high < 1000000000) {
    dst = up_to_nine_digits(dst, static_cast<uint32_t>(high));
  } else {
    uint64_t top = high / 1000000000;  // ≤ 18
    dst = up_to_nine_digits(dst, static_cast<uint32_t>(top));
    dst = fixed_digits<9>(dst, static_cast<uint32_t>(high - top * 1000000000));
  }
  return fixed_digits<9>(dst, low);
}

// The same with a '-' for negative x (up to 21 bytes).
inline char* write_int64(char* dst, int64_t x) {
  if (x >= 0) [[likely]] return write_uint64(dst, static_cast<uint64_t>(x));
  *dst = '-';
  return write_uint64(dst + 1, 0 - static_cast<uint64_t>(x));
}

}  // namespace sj::rt
