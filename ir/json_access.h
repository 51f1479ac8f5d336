// Reading schema JSON: a string value's text, a member by name, JavaScript's key order, and the names every JavaScript
// object inherits. Shared by the loader, lowering, the validator lowering and merging.
#pragma once
#include <cstdint>
#include <string_view>

#include <rapidjson/document.h>

#include "runtime/js_value.h"

namespace sj {

inline std::string_view sv(const rapidjson::Value& v) { return {v.GetString(), v.GetStringLength()}; }

// The value of member `key`, or null when s is not an object (or null) or has no such member.
inline const rapidjson::Value* member(const rapidjson::Value& s, std::string_view key) {
  if (!s.IsObject()) return nullptr;
  auto it = s.FindMember(rapidjson::Value(rapidjson::StringRef(key.data(), key.size())));
  return it == s.MemberEnd() ? nullptr : &it->value;
}
inline const rapidjson::Value* member(const rapidjson::Value* s, std::string_view key) {
  return s ? member(*s, key) : nullptr;
}

// JavaScript's own-key order (for...in, Object.keys): array-index keys first, ascending; the
// rest as written. For std::stable_sort over an object's members.
inline bool js_key_order(const rapidjson::Value::Member* a, const rapidjson::Value::Member* b) {
  uint32_t ia = 0, ib = 0;
  bool xa = rt::array_index_key(sv(a->name), ia), xb = rt::array_index_key(sv(b->name), ib);
  if (xa != xb) return xa;
  return xa && ia < ib;
}

// Whether `name` is found on every plain JavaScript object, through Object.prototype: where
// fjs or Ajv look a name up in an object of their own (`obj[name] !== undefined`, `name in
// obj`), these names are found though nothing set them.
inline bool inherited_from_object_prototype(std::string_view name) {
  for (std::string_view inherited : {"constructor", "__proto__", "__defineGetter__", "__defineSetter__", "hasOwnProperty",
                                     "__lookupGetter__", "__lookupSetter__", "isPrototypeOf", "propertyIsEnumerable",
                                     "toString", "valueOf", "toLocaleString"})
    if (name == inherited) return true;
  return false;
}

}  // namespace sj
