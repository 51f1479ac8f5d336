// What the interpreter asks of a rapidjson::Value, read as generated code reads it (the flags
// word of runtime/dom_layout.h): its type, and the number predicates the type guards and
// validators share (codegen_numbers.cpp's number_where, is_finite, integral).
#pragma once
#include <cmath>
#include <cstdint>

#include "runtime/abi.h"
#include "runtime/dom_layout.h"

namespace sj::interp {

inline uint16_t type_of(const SjValue* v) { return dom::flags(v) & dom::kTypeMask; }
inline bool is_type(const SjValue* v, uint16_t type) { return type_of(v) == type; }
inline bool has_flag(const SjValue* v, uint16_t flag) { return (dom::flags(v) & flag) != 0; }

// An int64/uint64, or a double for which `test` holds.
template <class DoubleTest>
bool number_where(const SjValue* v, DoubleTest test) {
  if (has_flag(v, dom::kInt64Flag | dom::kUint64Flag)) return true;
  return has_flag(v, dom::kDoubleFlag) && test(v->GetDouble());
}
// A number that is not NaN: what `type: number` writes without a coercion.
inline bool plain_number(const SjValue* v) {
  return number_where(v, [](double d) { return d == d; });
}
// Number.isFinite.
inline bool finite_number(const SjValue* v) {
  return number_where(v, [](double d) { return d - d == 0; });
}
// Number.isInteger.
inline bool integral(const SjValue* v) {
  return number_where(v, [](double d) { return std::trunc(d) == d && d - d == 0; });
}
// A number's value as a double (int64 and uint64 converted).
inline double as_double(const SjValue* v) { return v->GetDouble(); }

// A string's bytes and length (short strings live inline in the Value).
inline const char* string_data(const SjValue* v) { return v->GetString(); }
inline int64_t string_length(const SjValue* v) { return v->GetStringLength(); }

}  // namespace sj::interp
