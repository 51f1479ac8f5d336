// Vector versions of find_escape_scalar, and the run-time choice between them.
// A byte needs escaping when it is '"', '\\' or < 0x20. SSE2/AVX2 only compare signed
// bytes, so "unsigned x < 0x20" is computed as the signed (x ^ 0x80) < (0x20 ^ 0x80):
// flipping the top bit maps unsigned order onto signed order.
// Blocks are read only while 16 (32) bytes remain; the tail is scanned scalar, so nothing is
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

bool cpu_has_avx2() { return __builtin_cpu_supports("avx2"); }

namespace {
using FindFn = size_t (*)(const char*, size_t);
std::atomic<Isa> g_isa{cpu_has_avx2() ? Isa::Avx2 : Isa::Sse2};
std::atomic<FindFn> g_find{cpu_has_avx2() ? find_escape_avx2 : find_escape_sse2};
}  // namespace

Isa escape_isa() { return g_isa.load(std::memory_order_relaxed); }

void set_escape_isa(Isa isa) {
  if (isa == Isa::Avx2 && !cpu_has_avx2()) isa = Isa::Sse2;
  g_isa.store(isa, std::memory_order_relaxed);
  g_find.store(isa == Isa::Avx2 ? find_escape_avx2 : isa == Isa::Sse2 ? find_escape_sse2 : find_escape_scalar,
               std::memory_order_relaxed);
}

size_t find_escape(const char* s, size_t n) {
  return g_find.load(std::memory_order_relaxed)(s, n);
}

}  // namespace sj::rt
