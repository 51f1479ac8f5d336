// JSON.stringify string escaping (spec §10.1) for UTF-8 text. Only '"', '\\' and bytes below
// 0x20 change; every other byte, including U+2028/9 and non-ASCII, is copied. (Lone
// surrogates cannot occur: RapidJSON's parser rejects them, so a DOM holds valid UTF-8 or
// whatever bytes the caller put there, which are copied as they are.)
#pragma once
#include <cstddef>
#include <cstdint>

namespace sj::rt {

// Index of the first byte of s[0..n) that needs escaping, or n.
size_t find_escape_scalar(const char* s, size_t n);
size_t find_escape_sse2(const char* s, size_t n);
size_t find_escape_avx2(const char* s, size_t n);

enum class Isa { Scalar, Sse2, Avx2 };
// The best the CPU has, picked once; tests force each variant with set_escape_isa.
Isa escape_isa();
void set_escape_isa(Isa isa);
bool cpu_has_avx2();
size_t find_escape(const char* s, size_t n);

// Worst case of write_quoted: every byte becomes \u00XX, plus two quotes.
constexpr size_t quoted_bound(size_t n) { return 6 * n + 2; }
// Writes "s" escaped at dst (which has quoted_bound(n) bytes) and returns the new end.
char* write_quoted(char* dst, const char* s, size_t n);

}  // namespace sj::rt
