// The sixteen decimal digits of a number below 10^16 as ASCII in one SSE2 register, leading
// zeros included, without a table or a store: the double writer (number_text.cpp) lays them
// out from the register. A scalar reference stands beside it; the tests compare the two.
#pragma once
#include <emmintrin.h>

#include <cstdint>

namespace sj::rt {

// x holds four numbers below 10^4, each in four consecutive 16-bit lanes; returns their
// digits, one per lane, most significant first. Two high-half products give x/1000, x/100,
// x/10 and x in the four lanes (4x·⌈2^23/1000⌉ >> 16, then >> 9 as a product by 2^7;
// likewise ⌈2^19/100⌉ and 2^11, ⌈2^17/10⌉ and 2^13, 2^15 and 2^15: each exact for x < 10^4,
// its error below what separates x/10^j from the next integer); subtracting ten times the
// lane to the left leaves one digit in each. (W. Muła's SSE2 conversion.)
inline __m128i digits_of_quads(__m128i x) {
  const __m128i div = _mm_setr_epi16(8389, 5243, 13108, -32768, 8389, 5243, 13108, -32768);
  const __m128i shift = _mm_setr_epi16(1 << 7, 1 << 11, 1 << 13, -32768, 1 << 7, 1 << 11, 1 << 13, -32768);
  __m128i prefixes = _mm_mulhi_epu16(_mm_mulhi_epu16(_mm_slli_epi16(x, 2), div), shift);
  return _mm_sub_epi16(prefixes, _mm_slli_epi64(_mm_mullo_epi16(prefixes, _mm_set1_epi16(10)), 16));
}

// The 16 digits of high·10^8 + low (each below 10^8; the caller splits, as it can do that
// in parallel with other divisions): byte i is digit i ('0'-'9'), digit 0 the most
// significant. The two halves go through the same instructions side by side: split into
// groups of four (x/10^4 as x·⌈2^45/10^4⌉ >> 45, exact below 2^32), each group spread over
// four lanes.
inline __m128i sixteen_digits(uint32_t high, uint32_t low) {
  __m128i halves = _mm_set_epi64x(low, high);
  __m128i upper = _mm_srli_epi64(_mm_mul_epu32(halves, _mm_set1_epi64x(0xd1b71759)), 45);
  __m128i lower = _mm_sub_epi32(halves, _mm_mul_epu32(upper, _mm_set1_epi64x(10000)));
  __m128i quads = _mm_or_si128(upper, _mm_slli_epi64(lower, 32));  // 32-bit: h/10^4, h%10^4, l/10^4, l%10^4
  quads = _mm_packs_epi32(quads, quads);                            // 16-bit lanes (each < 2^15)
  quads = _mm_unpacklo_epi16(quads, quads);                         // each twice
  __m128i first = digits_of_quads(_mm_unpacklo_epi32(quads, quads));  // each four times
  __m128i second = digits_of_quads(_mm_unpackhi_epi32(quads, quads));
  return _mm_add_epi8(_mm_packus_epi16(first, second), _mm_set1_epi8('0'));
}

// The reference: the same sixteen bytes, one division by ten per digit.
inline void sixteen_digits_scalar(uint32_t high, uint32_t low, char out[16]) {
  uint64_t v = uint64_t{high} * 100000000 + low;
  for (int i = 15; i >= 0; --i, v /= 10) out[i] = static_cast<char>('0' + v % 10);
}

}  // namespace sj::rt
