// Number text exactly as JavaScript's Number::toString(10) prints it (spec §9.1).
#pragma once
#include <cstdint>

namespace sj::rt {

// Longest text write_js_double produces ("-1.2345678901234567e-308" is 24 bytes).
inline constexpr int kMaxDoubleText = 26;
inline constexpr int kMaxIntText = 21;

// x must be finite. Shortest round-trip digits, fixed notation for 1e-7 < |x| < 1e21,
// exponent form ("1e+21", "1.5e-7") outside; -0 prints "0".
char* write_js_double(char* dst, double x);
// The same through the general (Ryu) path only: the reference write_js_double's fast path
// for short decimals is tested against.
char* write_js_double_ryu(char* dst, double x);
char* write_int64(char* dst, int64_t x);
char* write_uint64(char* dst, uint64_t x);

}  // namespace sj::rt
