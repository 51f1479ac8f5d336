// Vector versions of find_escape_scalar (SSE2, AVX2, AVX-512BW), and the run-time choice.
// A byte needs escaping when it is '"', '\\' or < 0x20. SSE2/AVX2 only compare signed
// bytes, so "unsigned x < 0x20" is computed as the signed (x ^ 0x80) < (0x20 ^ 0x80):
// flipping the top bit maps unsigned order onto signed order.
// Blocks are read only while 16 (32, 64) bytes remain; the tail is scanned scalar, so nothing is
// read past the end of the string.
#include <immintrin.h>

#include <atomic>

#include "runtime/escape.h"

namespace sj::rt {

size_t find_escape_sse2(const char* s, size_t n) {
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i flip = _mm_set1_epi8(static_cast<char>(0x80));
  const __m128i limit = _mm_set1_epi8(static_cast<char>(0x20 ^ 0x80));
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                               _mm_cmplt_epi8(_mm_xor_si128(x, flip), limit));
    int mask = _mm_movemask_epi8(hit);
    if (mask) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
  return i + find_escape_scalar(s + i, n - i);
}

__attribute__((target("avx2"))) size_t find_escape_avx2(const char* s, size_t n) {
  const __m256i quote = _mm256_set1_epi8('"');
  const __m256i backslash = _mm256_set1_epi8('\\');
  const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80));
  const __m256i limit = _mm256_set1_epi8(static_cast<char>(0x20 ^ 0x80));
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i));
    // cmpgt(limit, x ^ 0x80) is the signed "x ^ 0x80 < limit", i.e. unsigned x < 0x20.
    __m256i hit = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(x, quote), _mm256_cmpeq_epi8(x, backslash)),
        _mm256_cmpgt_epi8(limit, _mm256_xor_si256(x, flip)));
    unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(hit));
    if (mask) return i + static_cast<size_t>(__builtin_ctz(mask));
  }
  return i + find_escape_sse2(s + i, n - i);
}

// AVX-512BW compares unsigned bytes directly, so no sign flip is needed.
__attribute__((target("avx512f,avx512bw"))) size_t find_escape_avx512(const char* s, size_t n) {
  const __m512i quote = _mm512_set1_epi8('"');
  const __m512i backslash = _mm512_set1_epi8('\\');
  const __m512i space = _mm512_set1_epi8(0x20);
  size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    __m512i x = _mm512_loadu_si512(s + i);
    uint64_t mask = _mm512_cmpeq_epi8_mask(x, quote) | _mm512_cmpeq_epi8_mask(x, backslash) |
                    _mm512_cmplt_epu8_mask(x, space);
    if (mask) return i + static_cast<size_t>(__builtin_ctzll(mask));
  }
  return i + find_escape_avx2(s + i, n - i);
}

// The copy_clean kernels store each block before looking at it: a block with a special byte
// has then been copied in full, which is harmless (the caller's slack) and saves a branch.
size_t copy_clean_sse2(char* dst, const char* s, size_t n) {
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i flip = _mm_set1_epi8(static_cast<char>(0x80));
  const __m128i limit = _mm_set1_epi8(static_cast<char>(0x20 ^ 0x80));
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), x);
    __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                               _mm_cmplt_epi8(_mm_xor_si128(x, flip), limit));
    int mask = _mm_movemask_epi8(hit);
    if (mask) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
  return i + copy_clean_scalar(dst + i, s + i, n - i);
}

__attribute__((target("avx2"))) size_t copy_clean_avx2(char* dst, const char* s, size_t n) {
  const __m256i quote = _mm256_set1_epi8('"');
  const __m256i backslash = _mm256_set1_epi8('\\');
  const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80));
  const __m256i limit = _mm256_set1_epi8(static_cast<char>(0x20 ^ 0x80));
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), x);
    __m256i hit = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(x, quote), _mm256_cmpeq_epi8(x, backslash)),
        _mm256_cmpgt_epi8(limit, _mm256_xor_si256(x, flip)));
    unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(hit));
    if (mask) return i + static_cast<size_t>(__builtin_ctz(mask));
  }
  return i + copy_clean_sse2(dst + i, s + i, n - i);
}

// The tail (or a whole short string) is one masked load and one masked store: AVX-512
// suppresses faults on masked-off bytes, so reading "past the end" of the string is safe.
__attribute__((target("avx512f,avx512bw,bmi2"))) size_t copy_clean_avx512(char* dst, const char* s, size_t n) {
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

bool cpu_has(Isa isa) {
  switch (isa) {
    case Isa::Avx512: return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    case Isa::Avx2: return __builtin_cpu_supports("avx2");
    default: return true;
  }
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::Scalar: return "scalar";
    case Isa::Sse2: return "sse2";
    case Isa::Avx2: return "avx2";
    case Isa::Avx512: return "avx512";
  }
  return "?";
}

namespace {
using FindFn = size_t (*)(const char*, size_t);

Isa usable(Isa isa) {
  while (!cpu_has(isa)) isa = static_cast<Isa>(static_cast<int>(isa) - 1);
  return isa;
}

using CopyFn = size_t (*)(char*, const char*, size_t);

CopyFn copy_kernel(Isa isa) {
  switch (isa) {
    case Isa::Avx512: return copy_clean_avx512;
    case Isa::Avx2: return copy_clean_avx2;
    case Isa::Sse2: return copy_clean_sse2;
    case Isa::Scalar: break;
  }
  return copy_clean_scalar;
}

FindFn kernel(Isa isa) {
  switch (isa) {
    case Isa::Avx512: return find_escape_avx512;
    case Isa::Avx2: return find_escape_avx2;
    case Isa::Sse2: return find_escape_sse2;
    case Isa::Scalar: break;
  }
  return find_escape_scalar;
}

// Constant-initialised (no dynamic initialiser that another translation unit's static
// initialiser could run before): the first call picks the best kernel the CPU has.
size_t first_call(const char* s, size_t n);
constinit std::atomic<Isa> g_isa{Isa::Scalar};
constinit std::atomic<FindFn> g_find{first_call};
size_t first_copy(char* dst, const char* s, size_t n);
constinit std::atomic<CopyFn> g_copy{first_copy};

size_t first_call(const char* s, size_t n) {
  set_escape_isa(Isa::Avx512);
  return find_escape(s, n);
}

size_t first_copy(char* dst, const char* s, size_t n) {
  set_escape_isa(Isa::Avx512);
  return copy_clean(dst, s, n);
}
}  // namespace

Isa escape_isa() {
  if (g_find.load(std::memory_order_relaxed) == first_call) set_escape_isa(Isa::Avx512);
  return g_isa.load(std::memory_order_relaxed);
}

void set_escape_isa(Isa isa) {
  isa = usable(isa);
  g_isa.store(isa, std::memory_order_relaxed);
  g_find.store(kernel(isa), std::memory_order_relaxed);
  g_copy.store(copy_kernel(isa), std::memory_order_relaxed);
}

size_t find_escape(const char* s, size_t n) {
  return g_find.load(std::memory_order_relaxed)(s, n);
}

size_t copy_clean(char* dst, const char* s, size_t n) {
  return g_copy.load(std::memory_order_relaxed)(dst, s, n);
}

}  // namespace sj::rt
