// The sixteen decimal digits of a number below 10^16 as ASCII in one register, leading zeros
// included, without a table or a store: the double writer (number_text.cpp) lays them out
// from the register. Two kernels, SSE2 (every x86-64 CPU) and AVX-512 IFMA, and a scalar
// reference beside them; the tests compare each kernel with the reference.
#pragma once
#include <immintrin.h>

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

// The same sixteen digits with AVX-512 IFMA (52-bit multiply-adds; Intel from Ice Lake, AMD
// from Zen 4), a chain of three instructions where sixteen_digits has about twenty (after
// W. Muła's and D. Lemire's AVX-512 itoa). Lane i of each half takes x (< 10^8) to digit i:
// x·c_j mod 2^52 with c_j ≈ 2^52/10^j, j = 8 - i, is x's remainder below 10^j as a 52-bit
// fraction, whose product by 10 has the digit as its high part. c_j is 2^52/10^j rounded up
// for j ≤ 7: the fraction comes out too large by x·(c_j - 2^52/10^j) < 10^8, less than the
// 2^52/10^j between consecutive remainders, so never into the next digit. For j = 8 that step
// is only 4.5·10^7: c_8 is rounded down and the fraction too small by x·e, e < 0.28, made up
// by adding kBias8 = ⌈(10^8 - 1)·e⌉ (2.7·10^7, again below the step); a fraction below 0
// wraps to 2^52 + kBias8 - x·e, whose low 52 bits are all the next multiply reads.
// (Every x < 10^8 is checked against the scalar reference by the tests.)
namespace ifma {
constexpr uint64_t kTwo52 = uint64_t{1} << 52;
constexpr uint64_t pow10(int j) { return j == 0 ? 1 : 10 * pow10(j - 1); }
constexpr uint64_t up(int j) { return (kTwo52 + pow10(j) - 1) / pow10(j); }
constexpr uint64_t kDown8 = kTwo52 / pow10(8);
constexpr uint64_t kRest8 = kTwo52 % pow10(8);  // e = kRest8 / 10^8
constexpr uint64_t kBias8 = ((pow10(8) - 1) * kRest8 + pow10(8) - 1) / pow10(8);
static_assert(kBias8 < kDown8, "the bias must stay below the step between remainders");
}  // namespace ifma

// The kernel is written in assembly so that it inlines into code compiled for every x86-64
// CPU, which the writer must stay: as an intrinsic it needs its caller compiled for AVX-512,
// and GCC then realigned the writer's stack for 64-byte spills and moved scalar logic into
// mask registers (+3-5 ns on the three-decimals path), or it costs a call, which with the
// registers the writer saved around it was ~15 of a double's ~180 instructions (by the
// listing; callgrind, which runs the SSE2 kernel, counted 207). The assembly names its
// registers through xmm operands (%g prints their zmm names), so the compiler picks them
// among those it uses, and ends with vzeroupper, which leaves the result's low 128 bits and
// the SSE code after it without the dirty upper halves that would slow it. In a build for
// AVX (-march=native, say) the compiler may hold 256-bit values of its own, which vzeroupper
// would clear, and its code is VEX-encoded, which dirty upper halves do not slow: there the
// kernel ends without it.
#ifdef __AVX__
#define SJ_IFMA_KERNEL_EXIT ""
#else
#define SJ_IFMA_KERNEL_EXIT "\n\tvzeroupper"
#endif
namespace ifma {
alignas(64) inline constexpr uint64_t kScale[8] = {kDown8, up(7), up(6), up(5), up(4), up(3), up(2), up(1)};
alignas(64) inline constexpr uint64_t kBias[8] = {kBias8, 0, 0, 0, 0, 0, 0, 0};
alignas(64) inline constexpr uint64_t kTen[8] = {10, 10, 10, 10, 10, 10, 10, 10};
alignas(64) inline constexpr uint64_t kZero[8] = {'0', '0', '0', '0', '0', '0', '0', '0'};
// Byte 0 of each lane, the first source's lanes then the second's (index bit 6 picks it).
alignas(64) inline constexpr uint8_t kGather[64] = {0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120};
}  // namespace ifma

// Only for CPUs with AVX-512 F, VL, IFMA and VBMI (cpu_has in number_text.h).
inline __m128i sixteen_digits_ifma(uint32_t high, uint32_t low) {
  __m128i digits, upper, lower, t2, t3;
  asm("vpbroadcastq %q[high], %g[upper]\n\t"
      "vpbroadcastq %q[low], %g[lower]\n\t"
      "vmovdqa64 %[bias], %g[t2]\n\t"
      "vmovdqa64 %g[t2], %g[t3]\n\t"
      "vpmadd52luq %[scale], %g[upper], %g[t2]\n\t"  // the remainders as 52-bit fractions
      "vpmadd52luq %[scale], %g[lower], %g[t3]\n\t"
      "vmovdqa64 %[zero], %g[upper]\n\t"
      "vmovdqa64 %g[upper], %g[lower]\n\t"
      "vpmadd52huq %[ten], %g[t2], %g[upper]\n\t"  // '0' + digit in each lane's low byte
      "vpmadd52huq %[ten], %g[t3], %g[lower]\n\t"
      "vmovdqa64 %[gather], %g[t2]\n\t"
      "vpermi2b %g[lower], %g[upper], %g[t2]\n\t"
      "vmovdqa %x[t2], %x[digits]" SJ_IFMA_KERNEL_EXIT
      : [digits] "=x"(digits), [upper] "=&x"(upper), [lower] "=&x"(lower), [t2] "=&x"(t2), [t3] "=&x"(t3)
      : [high] "r"(uint64_t{high}), [low] "r"(uint64_t{low}), [scale] "m"(ifma::kScale), [bias] "m"(ifma::kBias),
        [ten] "m"(ifma::kTen), [zero] "m"(ifma::kZero), [gather] "m"(ifma::kGather));
  return digits;
}

// The reference: the same sixteen bytes, one division by ten per digit.
inline void sixteen_digits_scalar(uint32_t high, uint32_t low, char out[16]) {
  uint64_t v = uint64_t{high} * 100000000 + low;
  for (int i = 15; i >= 0; --i, v /= 10) out[i] = static_cast<char>('0' + v % 10);
}

}  // namespace sj::rt
