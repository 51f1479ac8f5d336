// Number text exactly as JavaScript's Number::toString(10) prints it (spec §9.1).
#pragma once
#include <cstdint>

#include <rapidjson/document.h>

#include "runtime/abi.h"
#include "runtime/dom_layout.h"
#include "runtime/integer_text.h"  // write_int64, write_uint64

namespace sj::rt {

// Room write_js_double needs at dst: its longest text is 24 bytes
// ("-1.2345678901234567e-308"), but it writes fixed-size blocks that may reach further.
inline constexpr int kMaxDoubleText = 40;
inline constexpr int kMaxIntText = 21;

// Where the double writers below take their digits from (decimal_digits.h): SSE2, which
// every x86-64 CPU has, or AVX-512 IFMA. A static initialiser picks the best the CPU has;
// tests and benchmarks may force one (a kernel the CPU lacks falls back to SSE2). Either
// prints the same text.
enum class DigitsKernel { Sse2, Ifma };
bool cpu_has(DigitsKernel kernel);
void set_digits_kernel(DigitsKernel kernel);

// x must be finite. Shortest round-trip digits (Schubfach), fixed notation for
// 1e-7 < |x| < 1e21, exponent form ("1e+21", "1.5e-7") outside; -0 prints "0".
char* write_js_double(char* dst, double x);
// The same with the digits from libstdc++'s to_chars (Ryu): the reference write_js_double
// is tested against.
char* write_js_double_ryu(char* dst, double x);
// A number as JSON.stringify prints it: NaN and ±Infinity as null.
char* write_json_double(char* dst, double x);
// The same without the path for numbers of up to three decimals, whose test is pure cost
// where none comes: for the bulk loops over arrays of numbers (bulk_array.cpp).
char* write_json_double_schubfach(char* dst, double x);
// A DOM number with an int64 or uint64 flag, exactly; dst has kMaxIntText bytes. Inline, as
// the digit writers are, so that loops over many numbers keep their cursor in a register.
inline char* write_json_integer(char* dst, const rapidjson::Value& v, uint16_t flags) {
  return flags & dom::kInt64Flag ? write_int64(dst, v.GetInt64()) : write_uint64(dst, v.GetUint64());
}
inline char* write_json_integer(char* dst, const rapidjson::Value& v) { return write_json_integer(dst, v, dom::flags(&v)); }
// A DOM number as JSON.stringify prints it: integers inline, doubles through write_json_double.
// dst has kMaxDoubleText bytes. `flags` are v's, for loops that have read them already (read
// again after a store into the output, which may alias v, they would be loaded again).
inline char* write_json_number(char* dst, const rapidjson::Value& v, uint16_t flags) {
  if (flags & dom::kDoubleFlag) return write_json_double(dst, v.GetDouble());
  return write_json_integer(dst, v, flags);
}
inline char* write_json_number(char* dst, const rapidjson::Value& v) { return write_json_number(dst, v, dom::flags(&v)); }
// The same at ctx's cursor, making room first (runtime callers; generated code makes the room
// itself and calls sj_number_text).
void put_number(SjCtx* ctx, const rapidjson::Value& v);
void put_number(SjCtx* ctx, double x);

}  // namespace sj::rt
