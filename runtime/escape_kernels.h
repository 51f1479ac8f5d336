// The escaping kernels in inline form, for the translation units that build per-ISA code on
// them (escape.cpp, bulk_array.cpp). Each vector kernel carries its target attribute
// and is always inlined, so a caller compiled for the same ISA gets one loop with no calls.
#pragma once
#include <immintrin.h>

#include <cstring>

#include "runtime/escape.h"

#define SJ_INLINE [[gnu::always_inline]] inline
#define SJ_TARGET_AVX2 __attribute__((target("avx2")))
#define SJ_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,bmi,bmi2")))
#define SJ_TARGET_AVX512_VBMI2 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,bmi,bmi2,popcnt")))

namespace sj::rt::kernels {

// For each byte: 0 = copied as is; otherwise the length of its escape sequence, whose text
// is in `text` (padded to 8 so that one 8-byte copy writes any of them). A table because the
// 34 special bytes have 4 shapes: \" \\ \b-like and \u00XX.
struct EscapeTable {
  uint8_t len[256];
  char text[256][8];
  constexpr EscapeTable() : len{}, text{} {
    const char* hex = "0123456789abcdef";
    for (int c = 0; c < 0x20; ++c) {
      len[c] = 6;
      const char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      for (int k = 0; k < 6; ++k) text[c][k] = u[k];
    }
    auto two = [this](int c, char e) { len[c] = 2; text[c][0] = '\\'; text[c][1] = e; };
    two('\b', 'b'); two('\t', 't'); two('\n', 'n'); two('\f', 'f'); two('\r', 'r');
    two('"', '"'); two('\\', '\\');
  }
};
inline constexpr EscapeTable kEscape;

SJ_INLINE char* put_escape(char* dst, uint8_t c) {
  std::memcpy(dst, kEscape.text[c], 8);  // the slack of quoted_bound covers the padding
  return dst + kEscape.len[c];
}

SJ_INLINE size_t copy_clean_scalar(char* dst, const char* s, size_t n) {
  size_t i = 0;
  for (; i < n && !kEscape.len[static_cast<uint8_t>(s[i])]; ++i) dst[i] = s[i];
  return i;
}

// SSE2/AVX2 compare signed bytes only, so "unsigned x < 0x20" is computed as the signed
// (x ^ 0x80) < (0x20 ^ 0x80): flipping the top bit maps unsigned order onto signed order.
SJ_INLINE unsigned special_mask_sse2(__m128i x, __m128i quote, __m128i backslash, __m128i flip, __m128i below) {
  __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                             _mm_cmplt_epi8(_mm_xor_si128(x, flip), below));
  return static_cast<unsigned>(_mm_movemask_epi8(hit));
}
SJ_INLINE unsigned special_mask_sse2(__m128i x) {
  return special_mask_sse2(x, _mm_set1_epi8('"'), _mm_set1_epi8('\\'), _mm_set1_epi8(static_cast<char>(0x80)),
                           _mm_set1_epi8(static_cast<char>(0x20 ^ 0x80)));
}
// The same for a loop over many registers (the bulk string kernel): the four splats made once,
// by the constructor, and hidden from the optimiser, so that they stay in registers; GCC
// otherwise rebuilt each (mov, vmovd, vpbroadcastb) for every string.
struct SpecialBytesSse2 {
  __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), flip = _mm_set1_epi8(static_cast<char>(0x80)),
          below = _mm_set1_epi8(static_cast<char>(0x20 ^ 0x80));
  SpecialBytesSse2() { asm("" : "+x"(quote), "+x"(backslash), "+x"(flip), "+x"(below)); }
  unsigned operator()(__m128i x) const { return special_mask_sse2(x, quote, backslash, flip, below); }
};

// A short string's (or a tail's) bytes in one register, lanes n..15 unspecified. A 16-byte
// load at s cannot fault unless it runs into the next page, which may be unmapped (4 KiB
// pages, the smallest x86-64 has): within the page of s[0] it is a plain load, whatever the
// bytes past the string are. Only strings starting in the last 15 bytes of a page (0.4% of
// addresses) go through a stack copy, and empty ones, whose s may not be readable at all.
// Sanitizers would report the bytes read past the string, so their builds always copy (the
// masking the callers do is then still tested there).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SJ_NO_OVERREAD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SJ_NO_OVERREAD 1
#endif
#endif

SJ_INLINE __m128i load_short(const char* s, size_t n) {
#ifndef SJ_NO_OVERREAD
  if (n && (reinterpret_cast<uintptr_t>(s) & 4095) <= 4096 - 16)
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
#endif
  alignas(16) char copy[16] = {};
  for (size_t k = 0; k < n; ++k) copy[k] = s[k];
  return _mm_load_si128(reinterpret_cast<const __m128i*>(copy));
}

// Copies the 16 bytes at s to dst and returns the mask of those that need escaping.
SJ_INLINE unsigned copy_block_sse2(char* dst, const char* s) {
  __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), x);
  return special_mask_sse2(x);
}

// The rest of a string of n ≥ 16 whose first `i` bytes (n - 32 < i ≤ n) are known clean and
// copied: a whole block while 16 bytes remain, then one block of the string's last 16
// bytes, which lie within it, stored over the same bytes of dst, the compare's bits for
// bytes before i shifted out.
SJ_INLINE size_t copy_clean_rest(char* dst, const char* s, size_t i, size_t n) {
  if (i + 16 <= n) {
    if (unsigned mask = copy_block_sse2(dst + i, s + i)) return i + static_cast<size_t>(__builtin_ctz(mask));
    i += 16;
  }
  if (i == n) return n;
  unsigned mask = copy_block_sse2(dst + n - 16, s + n - 16) >> (16 - (n - i));
  return mask ? i + static_cast<size_t>(__builtin_ctz(mask)) : n;
}

// Fewer than 16 bytes: one compare masked to the length, one 16-byte store (dst has room).
SJ_INLINE size_t copy_clean_short(char* dst, const char* s, size_t n) {
  __m128i x = load_short(s, n);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), x);
  unsigned mask = special_mask_sse2(x) & ((1u << n) - 1);
  return mask ? static_cast<size_t>(__builtin_ctz(mask)) : n;
}

// The vector kernels store each block before looking at it: a block with a special byte has
// then been copied whole, which is harmless (it lies within n) and saves a branch. Full
// blocks are read while 32 bytes remain, then copy_clean_rest; a string under 16 bytes is
// copy_clean_short.
SJ_INLINE size_t copy_clean_sse2(char* dst, const char* s, size_t n) {
  if (n < 16) return copy_clean_short(dst, s, n);
  size_t i = 0;
  for (; i + 32 <= n; i += 16)
    if (unsigned mask = copy_block_sse2(dst + i, s + i)) return i + static_cast<size_t>(__builtin_ctz(mask));
  return copy_clean_rest(dst, s, i, n);
}

SJ_INLINE SJ_TARGET_AVX2 size_t copy_clean_avx2(char* dst, const char* s, size_t n) {
  if (n < 16) return copy_clean_short(dst, s, n);
  const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80));
  const __m256i limit = _mm256_set1_epi8(static_cast<char>(0x20 ^ 0x80));
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), x);
    __m256i hit = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('"')), _mm256_cmpeq_epi8(x, _mm256_set1_epi8('\\'))),
        _mm256_cmpgt_epi8(limit, _mm256_xor_si256(x, flip)));
    if (unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(hit)))
      return i + static_cast<size_t>(__builtin_ctz(mask));
  }
  return copy_clean_rest(dst, s, i, n);
}

// AVX-512BW compares unsigned bytes directly. The tail (or a whole short string) is one
// masked load and one masked store: AVX-512 suppresses faults on masked-off bytes, so the
// block may extend past the end of the string.
SJ_INLINE SJ_TARGET_AVX512 size_t copy_clean_avx512(char* dst, const char* s, size_t n) {
  const __m512i quote = _mm512_set1_epi8('"');
  const __m512i backslash = _mm512_set1_epi8('\\');
  const __m512i space = _mm512_set1_epi8(0x20);
  size_t i = 0;
  for (;;) {
    size_t left = n - i;
    __mmask64 live = left >= 64 ? ~__mmask64{0} : _bzhi_u64(~uint64_t{0}, static_cast<unsigned>(left));
    __m512i x = _mm512_maskz_loadu_epi8(live, s + i);
    _mm512_mask_storeu_epi8(dst + i, live, x);
    uint64_t hit = (_mm512_cmpeq_epi8_mask(x, quote) | _mm512_cmpeq_epi8_mask(x, backslash) |
                    _mm512_cmplt_epu8_mask(x, space)) & live;
    if (hit) return i + static_cast<size_t>(__builtin_ctzll(hit));
    if (left <= 64) return n;
    i += 64;
  }
}

// "s" escaped, built on one copy_clean kernel: copy the clean run, escape one byte, repeat.
template <class CopyClean>
SJ_INLINE char* write_quoted_with(char* dst, const char* s, size_t n, CopyClean copy_clean) {
  *dst++ = '"';
  size_t i = 0;
  for (;;) {
    size_t run = copy_clean(dst, s + i, n - i);
    dst += run;
    i += run;
    if (i == n) break;
    dst = put_escape(dst, static_cast<uint8_t>(s[i++]));
  }
  *dst++ = '"';
  return dst;
}

// write_quoted for each ISA, for escape.cpp's exported entry points and bulk_array.cpp's
// per-ISA loops to inline.
SJ_INLINE char* write_quoted_scalar(char* dst, const char* s, size_t n) {
  return write_quoted_with(dst, s, n, copy_clean_scalar);
}
SJ_INLINE char* write_quoted_sse2(char* dst, const char* s, size_t n) {
  return write_quoted_with(dst, s, n, [](char* d, const char* p, size_t k) { return copy_clean_sse2(d, p, k); });
}
SJ_INLINE SJ_TARGET_AVX2 char* write_quoted_avx2(char* dst, const char* s, size_t n) {
  return write_quoted_with(dst, s, n, [](char* d, const char* p, size_t k) SJ_TARGET_AVX2 { return copy_clean_avx2(d, p, k); });
}
SJ_INLINE SJ_TARGET_AVX512 char* write_quoted_avx512(char* dst, const char* s, size_t n) {
  return write_quoted_with(dst, s, n, [](char* d, const char* p, size_t k) SJ_TARGET_AVX512 { return copy_clean_avx512(d, p, k); });
}

// A string of n ≤ 15 bytes whose special bytes are the set bits of `mask` (bit i = byte i),
// already found by one vector compare: copy the runs between them and escape each, with no
// further scanning. bytes_from(k) returns the string's bytes from k on in a vector (its
// first 16 - k lanes matter): a pshufb of the register where SSSE3 exists, so nothing goes
// through memory; a load from a stack copy otherwise.
template <class BytesFrom>
SJ_INLINE char* write_quoted_masked(char* dst, const char* s, size_t n, unsigned mask, BytesFrom bytes_from) {
  *dst++ = '"';
  size_t from = 0;
  while (mask) {
    size_t at = static_cast<size_t>(__builtin_ctz(mask));
    mask &= mask - 1;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), bytes_from(from));
    dst += at - from;
    dst = put_escape(dst, static_cast<uint8_t>(s[at]));
    from = at + 1;
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), bytes_from(from));
  dst += n - from;
  *dst++ = '"';
  return dst;
}

// The bytes of a 16-byte register to escape, and its control characters alone: unsigned
// compares straight into mask registers (no sign flip, no movemask). The three splats are
// made once, by the constructor, and hidden from the optimiser: a loop calling this keeps
// them in registers, where GCC otherwise rebuilt each (mov, vpbroadcastb) for every string.
struct SpecialBytesAvx512 {
  __m128i quote, backslash, space;
  SJ_TARGET_AVX512_VBMI2 SpecialBytesAvx512()
      : quote(_mm_set1_epi8('"')), backslash(_mm_set1_epi8('\\')), space(_mm_set1_epi8(0x20)) {
    asm("" : "+v"(quote), "+v"(backslash), "+v"(space));
  }
  SJ_TARGET_AVX512_VBMI2 unsigned controls(__m128i x) const { return _mm_cmplt_epu8_mask(x, space); }
  SJ_TARGET_AVX512_VBMI2 unsigned operator()(__m128i x) const {
    return _cvtmask16_u32(_kor_mask16(_kor_mask16(_mm_cmpeq_epi8_mask(x, quote), _mm_cmpeq_epi8_mask(x, backslash)),
                                      _mm_cmplt_epu8_mask(x, space)));
  }
};

// A string of n <= 13 bytes whose bytes to escape are '"' and '\\' only, at the bits of
// `quoted`, quoted at dst (which has 33 bytes: a quote, then one 32-byte store that the
// closing quote overwrites within): each escaped byte becomes a backslash and
// itself. In a 32-bit "slot" word byte i owns slots 2i (its backslash, kept if it is quoted)
// and 2i + 1 (itself, always kept); pext of the odd slots over the kept ones gives, for each
// output byte, whether it is a string byte (1) or a backslash (0), and vpexpandb places the
// string's bytes at the ones over a vector of backslashes: the escaped text in one
// instruction, 13 + 13 bytes at most. Generated code does the same (codegen.cpp,
// expand_quotes_and_backslashes); tests: InlineStrings.AtEveryLengthAndEscapePosition (bulk
// under each ISA) and the bulk-against-loop tests.
SJ_INLINE SJ_TARGET_AVX512_VBMI2 char* write_quoted_expanded(char* dst, const char* s, size_t n, unsigned quoted) {
  uint32_t own = (1u << (2 * n)) - 1;  // 2n <= 26 slots
  uint32_t kept = _pdep_u32(quoted, 0x55555555u) | (own & 0xaaaaaaaau);
  auto bytes_at = static_cast<__mmask32>(_pext_u32(0xaaaaaaaau, kept));
  __m256i text = _mm256_mask_expandloadu_epi8(_mm256_set1_epi8('\\'), bytes_at, s);
  size_t out = n + static_cast<size_t>(__builtin_popcount(quoted));
  dst[0] = '"';
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 1), text);
  dst[out + 1] = '"';
  return dst + out + 2;
}

// pshufb indices that move bytes k..15 of a register to lanes 0..15-k (zeros after):
// loaded from kShiftIndex + k.
alignas(32) inline constexpr uint8_t kShiftIndex[32] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                                        0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                                                        0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};

}  // namespace sj::rt::kernels
