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
size_t find_escape_avx512(const char* s, size_t n);

// Copies s[0..n) to dst up to the first byte that needs escaping and returns how many bytes
// it copied (n when none needs escaping): the scan and the copy in one pass. dst must have
// room for n bytes, plus 64 bytes of slack (the vector versions store whole blocks).
size_t copy_clean_scalar(char* dst, const char* s, size_t n);
size_t copy_clean_sse2(char* dst, const char* s, size_t n);
size_t copy_clean_avx2(char* dst, const char* s, size_t n);
size_t copy_clean_avx512(char* dst, const char* s, size_t n);

enum class Isa { Scalar, Sse2, Avx2, Avx512 };
const char* isa_name(Isa isa);
// The best the CPU has, picked once; tests and benchmarks force each variant with
// set_escape_isa (a variant the CPU lacks falls back to the next narrower one).
Isa escape_isa();
void set_escape_isa(Isa isa);
bool cpu_has(Isa isa);
size_t find_escape(const char* s, size_t n);
size_t copy_clean(char* dst, const char* s, size_t n);

// Worst case of write_quoted: every byte becomes \u00XX, plus two quotes; plus 16 bytes of
// slack so that the bulk kernel may store a short string's whole 16-byte Value.
constexpr size_t quoted_bound(size_t n) { return 6 * n + 2 + 16; }
// Writes "s" escaped at dst (which has quoted_bound(n) bytes) and returns the new end.
char* write_quoted(char* dst, const char* s, size_t n);

}  // namespace sj::rt
