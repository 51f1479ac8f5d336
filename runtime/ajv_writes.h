// What Ajv writes into the data it validates, for the validators that pick an anyOf / oneOf
// branch or an if's side; fjs then serializes the data as the validation left it.
// - coerceTypes (`ajv: {coerceTypes: true | "array"}`): where the `type` keyword does not
//   accept a value, Ajv converts it when it can (a number to a string, "1" to 1, "true" to
//   true, ...), writes the result into the value's parent and validates on.
// - useDefaults: a property's (a tuple position's) `default` is written where the data has none.
// - removeAdditional: additional properties are deleted.
// A write inside an object or an array is part of what gets printed, even one made by a branch
// that failed; a conversion of the validated value itself (Ajv's local `data` variable) is not.
//
// Generated code reproduces that on copies it owns: a Select whose validators can write inside
// the value validates and serializes a deep copy of it (sj_ajv_copy), each validation starts
// from sj_ajv_enter's value (a scalar's own copy, so the root stays local), and the tests call
// sj_ajv_coerce, sj_ajv_default and sj_ajv_mark_removed / sj_ajv_sweep, which write in place.
// The copies live in the call's pool until the call ends.
#pragma once
#include <cstdint>

#include <rapidjson/document.h>

#include "runtime/abi.h"

namespace sj::rt {

// The JSON types of the `type` keyword, one bit each (= sj::ir::TypeBit).
namespace ajv_type {
inline constexpr uint8_t kNull = 1, kBoolean = 2, kObject = 4, kArray = 8, kNumber = 16, kInteger = 32, kString = 64;
}

// A type keyword's conversion, as generated code passes it: byte 0 the types it accepts
// (number = kNumber | kInteger), byte 1 bit 0 "array" mode, bytes 2..7 the types to convert
// to, in the keyword's order (one bit each; 0 ends the list).
inline uint64_t coercion_plan(uint8_t accepted, bool arrays, const uint8_t* targets, int n) {
  uint64_t plan = accepted | (arrays ? 1u << 8 : 0u);
  for (int i = 0; i < n && i < 6; ++i) plan |= uint64_t(targets[i]) << (16 + 8 * i);
  return plan;
}

// Ajv's coerceData on v, whose type the plan does not accept: in "array" mode a one-element
// array whose element is accepted becomes that element (Unwrapped); else v is converted in
// place by the first target that applies (to the element, in that mode), or left untouched.
enum class Coercion { None, Converted, Unwrapped };
// The pool of the values a call makes (Ajv's copies, RapidJSON copies of other models' data),
// made on first use and freed when the call ends; and a null Value in it.
rapidjson::MemoryPoolAllocator<>& pool_of(SjCtx* ctx);
rapidjson::Value* new_value(rapidjson::MemoryPoolAllocator<>& pool);

Coercion ajv_coerce(rapidjson::Value& v, uint64_t plan, rapidjson::MemoryPoolAllocator<>& pool);

// Whether v is of a type in `accepted` as Ajv checks types (numbers finite; integers
// without a fraction).
bool ajv_accepts(const rapidjson::Value& v, uint8_t accepted);

}  // namespace sj::rt
