// JSON.stringify string escaping (spec §10.1) for UTF-8 text. Only '"', '\\' and bytes below
// 0x20 change; every other byte, including U+2028/9 and non-ASCII, is copied. (Lone
// surrogates are not escaped here: RapidJSON's parser rejects them, and where the engine
// makes some itself, as WTF-8, the call's end prints them: runtime/wtf8.h.)
//
// Each kernel has a scalar reference and SSE2, AVX2 and AVX-512BW versions, tested equal;
// the best one the CPU has is chosen at run time (escape_kernels.h has the inline forms).
// Avx512Vbmi2 writes long strings as Avx512 does; the bulk string kernel escapes short ones
// in registers with it (bulk_array.cpp).
#pragma once
#include <cstddef>
#include <cstdint>

struct SjCtx;

namespace sj::rt {

enum class Isa { Scalar, Sse2, Avx2, Avx512, Avx512Vbmi2 };
inline constexpr Isa kBestIsa = Isa::Avx512Vbmi2;
const char* isa_name(Isa isa);
bool cpu_has(Isa isa);
// The variant in use: the best the CPU has, unless forced (tests, benchmarks) with
// set_escape_isa; a variant the CPU lacks falls back to the next narrower one.
Isa escape_isa();
void set_escape_isa(Isa isa);

// Copies s[0..n) to dst up to the first byte that needs escaping and returns how many bytes
// it copied (n when none does): the scan and the copy in one pass. dst must have room for
// max(n, 16) bytes (a string under 16 bytes is stored as one block); bytes after the
// returned count may have been written too.
size_t copy_clean_scalar(char* dst, const char* s, size_t n);
size_t copy_clean_sse2(char* dst, const char* s, size_t n);
size_t copy_clean_avx2(char* dst, const char* s, size_t n);
size_t copy_clean_avx512(char* dst, const char* s, size_t n);

// Worst case of write_quoted: every byte becomes \u00XX, plus two quotes; plus 16 bytes of
// slack, so that a short string may be stored as one 16-byte block.
constexpr size_t quoted_bound(size_t n) { return 6 * n + 2 + 16; }

// Strings longer than this are escaped in pieces of this size (write_long_quoted), so the
// room a write reserves (6 bytes per input byte in the worst case) stays bounded however long
// the string is: a 1 GiB string does not ask for 6 GiB.
constexpr size_t kLongString = size_t(1) << 16;

// Writes "s" escaped at the context's cursor, piece by piece (strings of any length).
void write_long_quoted(SjCtx* ctx, const char* s, size_t n);

// Writes "s" escaped at dst (which has quoted_bound(n) bytes) and returns the new end.
char* write_quoted(char* dst, const char* s, size_t n);  // the variant in use
char* write_quoted_scalar(char* dst, const char* s, size_t n);
char* write_quoted_sse2(char* dst, const char* s, size_t n);
char* write_quoted_avx2(char* dst, const char* s, size_t n);
char* write_quoted_avx512(char* dst, const char* s, size_t n);

}  // namespace sj::rt
