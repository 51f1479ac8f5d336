// Reading schema JSON: a string value's text, and a member by name. Shared by the loader,
// lowering, the validator lowering and merging.
#pragma once
#include <string_view>

#include <rapidjson/document.h>

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

}  // namespace sj
