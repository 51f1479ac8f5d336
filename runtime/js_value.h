// JavaScript's abstract operations on DOM values (spec §9.2, §10.2, §10.3), used by the
// coercions, by error messages and by the generic serializer.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

namespace sj::rt {

// ToNumber of a string: trims ECMAScript white space, accepts Infinity, 0x/0o/0b literals and
// decimal literals; anything else is NaN; empty is 0.
double string_to_number(const char* s, size_t n);
// The length of the ECMAScript WhiteSpace or LineTerminator at the start of s (0 when none).
size_t js_space_at(const char* s, size_t n);

// The double nearest a decimal literal ([-]digits[.digits][e[±]digits], checked by the
// caller), whatever the process locale (strtod reads "1.5" as 1 under de_DE). Beyond the
// double range: ±Infinity or ±0, as JavaScript's Number and JSON.parse read it.
double decimal_to_double(const char* s, size_t n);
// How deep arrays may nest inside a value that ToString / ToNumber read: JavaScript's join
// recurses, and fjs throws a RangeError where its stack ends; here the call's data depth
// limit ends it. Unbounded for values the engine itself made (option values in messages).
inline constexpr int64_t kAnyNesting = INT64_MAX;
// ToString of any value: objects "[object Object]", arrays through Array.prototype.join(",")
// (null elements empty), null "null". False, with `out` partly written, when arrays nest more
// than `max_nesting` levels deep. Iterative: no nesting can exhaust the stack.
bool append_to_string(const rapidjson::Value& v, std::string& out, int64_t max_nesting = kAnyNesting);
// ToNumber of any value (arrays go through their join, objects are NaN). False when the join
// nests too deep, as above.
bool to_number(const rapidjson::Value& v, double& out, int64_t max_nesting);
// Number::toString for any double, including NaN and ±Infinity.
void append_number(double x, std::string& out);
// A canonical array index "0".."4294967294": JavaScript enumerates such keys first,
// ascending, both in schemas' properties and in objects' members (spec §5.1).
// Inline: member orders ask it of every name (runtime/member_order.cpp).
inline bool array_index_key(std::string_view k, uint32_t& index) {
  if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) return false;
  uint64_t v = 0;
  for (char c : k) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v >= 4294967295u) return false;
  index = static_cast<uint32_t>(v);
  return true;
}
// Truthiness (ToBoolean).
bool to_boolean(const rapidjson::Value& v);

}  // namespace sj::rt

namespace sj::rt {
// JSON.stringify of a DOM value (the generic serializer run outside generated code).
std::string json_stringify(const rapidjson::Value& v);
}  // namespace sj::rt
