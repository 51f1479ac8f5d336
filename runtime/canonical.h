// Canonical forms of JSON values as JavaScript holds them, so that equality (Ajv's equal, as
// rt::deep_equal defines it) becomes byte equality, and finding equal items a sort instead of
// a comparison of every pair (uniqueItems in data, and the meta-schema's on `enum`).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <rapidjson/document.h>

namespace sj::rt {

// An object's members as JSON.parse keeps them: one per name (the last of duplicates), sorted
// by the name's bytes.
std::vector<const rapidjson::Value::Member*> js_members(const rapidjson::Value& object);

// Appends v's canonical encoding: numbers by their double (-0 as 0, every NaN alike), strings
// by bytes, objects as js_members lists them. Two values encode alike exactly when
// deep_equal(a, b). Iterative: any nesting.
void append_canonical(const rapidjson::Value& v, std::string& out);

// The pair of equal items (j, i), j < i, that Ajv's uniqueItems loop finds first (the largest
// i that equals an earlier item, and the largest such j), or none. O(n log n) comparisons of
// the canonical encodings.
std::optional<std::pair<size_t, size_t>> last_duplicate(const rapidjson::Value& array);

}  // namespace sj::rt
