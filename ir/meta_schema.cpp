// Each keyword of the draft-07 meta-schema, in the order of its "properties" (Ajv reports the
// first failure in that order, depth first), with the checks and messages Ajv generates for
// the keyword's subschema. Where the meta-schema has an anyOf (items, dependencies' values,
// type), Ajv reports the first branch's first error when no branch passes.
#include "ir/meta_schema.h"

#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string_view>

#include "ir/ajv_formats.h"
#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/schema_doc.h"
#include "runtime/canonical.h"
#include "runtime/pattern.h"

namespace sj::ir {
namespace {

using rapidjson::Value;

[[noreturn]] void invalid(const std::string& at, const std::string& what) {
  throw CompileError("schema is invalid: data" + at + " " + what, at);
}

// Ajv's types with strictNumbers: numbers are finite, integers have no fraction.
bool is_number(const Value& v) { return v.IsNumber() && std::isfinite(v.GetDouble()); }
bool is_integer(const Value& v) { return is_number(v) && v.GetDouble() == std::trunc(v.GetDouble()); }

const char* const kTypeNames[] = {"array", "boolean", "integer", "null", "number", "object", "string"};
bool is_type_name(const Value& v) {
  if (!v.IsString()) return false;
  for (const char* t : kTypeNames)
    if (sv(v) == t) return true;
  return false;
}

// ajv-formats' "regex": no `\Z` after anything but a backslash, and `new RegExp(s)` (no
// flags) does not throw.
bool is_regex(std::string_view s) {
  for (size_t i = 1; i + 1 < s.size(); ++i)
    if (s[i] == '\\' && s[i + 1] == 'Z' && s[i - 1] != '\\') return false;
  return rt::Pattern::valid_in_javascript(std::string(s));
}

// ajv-formats' regex for the format `name` (its callers keep it in a function-local static:
// compiled once, thread-safe).
std::shared_ptr<const rt::Pattern> format_regex(std::string_view name) {
  for (const auto& f : kAjvFormatRegexes)
    if (name == f.name) {
      std::string error;
      return rt::Pattern::compile(f.source, error, rt::Pattern::Dialect::AjvCaseless);
    }
  return nullptr;
}

// ajv-formats' "uri" (the regex, and a '/' or ':' somewhere) and "uri-reference".
bool is_uri(std::string_view s, const std::string& at) {
  static const auto uri = format_regex("uri");
  return s.find_first_of("/:") != std::string_view::npos && build_time_search(*uri, s, at);
}
bool is_uri_reference(std::string_view s, const std::string& at) {
  static const auto ref = format_regex("uri-reference");
  return build_time_search(*ref, s, at);
}

// uniqueItems: the first pair Ajv finds, as its message names it. `typed`: the items are
// known to be strings (stringArray), where Ajv keeps the last index of each string seen
// walking down; otherwise it compares every pair walking down with its deep equality, whose
// first pair rt::last_duplicate finds by sorting (an enum of 200,000 strings: 102 s pairwise).
void unique_items(const Value& a, const std::string& at, bool typed) {
  auto dup = [&](size_t j, size_t i) {
    invalid(at, "must NOT have duplicate items (items ## " + std::to_string(j) + " and " + std::to_string(i) +
                    " are identical)");
  };
  if (typed) {
    std::map<std::string_view, size_t> last;
    for (size_t i = a.Size(); i-- > 0;) {
      if (!a[i].IsString()) continue;
      auto [it, fresh] = last.emplace(sv(a[i]), i);
      if (!fresh) dup(it->second, i);
      it->second = i;
    }
    return;
  }
  if (auto pair = rt::last_duplicate(a)) dup(pair->first, pair->second);
}

bool passes(void (*check)(const Value&, const std::string&), const Value& v) {
  try {
    check(v, "");
    return true;
  } catch (const CompileError& e) {
    if (e.code == ErrorCode::RegexLimit) throw;  // a limit is the error, never the other branch
    return false;
  }
}

// #/definitions/stringArray
void string_array(const Value& v, const std::string& at) {
  if (!v.IsArray()) invalid(at, "must be array");
  unique_items(v, at, true);  // the array group: uniqueItems runs before items
  for (rapidjson::SizeType i = 0; i < v.Size(); ++i)
    if (!v[i].IsString()) invalid(at + "/" + std::to_string(i), "must be string");
}

// #/definitions/schemaArray
void schema_array(const Value& v, const std::string& at) {
  if (!v.IsArray()) invalid(at, "must be array");
  if (v.Empty()) invalid(at, "must NOT have fewer than 1 items");
  for (rapidjson::SizeType i = 0; i < v.Size(); ++i) check_meta_schema(v[i], at + "/" + std::to_string(i));
}

// A map of schemas (definitions, properties, patternProperties).
void schema_map(const Value& v, const std::string& at, bool regex_keys) {
  if (!v.IsObject()) invalid(at, "must be object");
  if (regex_keys)  // propertyNames {format: regex}, before additionalProperties
    for (auto& p : v.GetObject())
      if (!is_regex(sv(p.name))) invalid(at, "must match format \"regex\"");
  for (auto& p : v.GetObject()) check_meta_schema(p.value, pointer_append(at, sv(p.name)));
}

void non_negative_integer(const Value& v, const std::string& at) {
  if (!is_integer(v)) invalid(at, "must be integer");
  if (v.GetDouble() < 0) invalid(at, "must be >= 0");
}

void keyword(std::string_view key, const Value& v, const std::string& at) {
  auto string = [&] {
    if (!v.IsString()) invalid(at, "must be string");
  };
  if (key == "$id" || key == "$ref") {
    string();
    if (!is_uri_reference(sv(v), at)) invalid(at, "must match format \"uri-reference\"");
  } else if (key == "$schema") {
    string();
    if (!is_uri(sv(v), at)) invalid(at, "must match format \"uri\"");
  } else if (key == "$comment" || key == "title" || key == "description" || key == "format" ||
             key == "contentMediaType" || key == "contentEncoding") {
    string();
  } else if (key == "readOnly" || key == "uniqueItems") {
    if (!v.IsBool()) invalid(at, "must be boolean");
  } else if (key == "examples") {
    if (!v.IsArray()) invalid(at, "must be array");
  } else if (key == "multipleOf") {
    if (!is_number(v)) invalid(at, "must be number");
    if (v.GetDouble() <= 0) invalid(at, "must be > 0");
  } else if (key == "maximum" || key == "exclusiveMaximum" || key == "minimum" || key == "exclusiveMinimum") {
    if (!is_number(v)) invalid(at, "must be number");
  } else if (key == "maxLength" || key == "minLength" || key == "maxItems" || key == "minItems" ||
             key == "maxProperties" || key == "minProperties") {
    non_negative_integer(v, at);
  } else if (key == "pattern") {
    string();
    if (!is_regex(sv(v))) invalid(at, "must match format \"regex\"");
  } else if (key == "items") {  // anyOf [#, schemaArray]
    if (v.IsArray() && passes(schema_array, v)) return;
    check_meta_schema(v, at);  // the first branch's error: inside the schema, or its type
  } else if (key == "required") {
    string_array(v, at);
  } else if (key == "definitions" || key == "properties" || key == "patternProperties") {
    schema_map(v, at, key == "patternProperties");
  } else if (key == "dependencies") {  // values: anyOf [#, stringArray]
    if (!v.IsObject()) invalid(at, "must be object");
    for (auto& p : v.GetObject()) {
      std::string here = pointer_append(at, sv(p.name));
      if (p.value.IsArray() && passes(string_array, p.value)) continue;
      check_meta_schema(p.value, here);
    }
  } else if (key == "enum") {
    if (!v.IsArray()) invalid(at, "must be array");
    if (v.Empty()) invalid(at, "must NOT have fewer than 1 items");
    unique_items(v, at, false);
  } else if (key == "type") {  // anyOf [simpleTypes, unique non-empty array of simpleTypes]
    if (is_type_name(v)) return;
    bool listed = v.IsArray() && !v.Empty();
    std::set<std::string_view> seen;
    for (rapidjson::SizeType i = 0; listed && i < v.Size(); ++i) listed = is_type_name(v[i]) && seen.insert(sv(v[i])).second;
    if (!listed) invalid(at, "must be equal to one of the allowed values");
  } else if (key == "allOf" || key == "anyOf" || key == "oneOf") {
    schema_array(v, at);
  } else {  // additionalItems, contains, additionalProperties, propertyNames, if, then, else, not
    check_meta_schema(v, at);
  }
}

// The keywords the meta-schema constrains, in the order of its "properties" (default, const
// accept anything).
const char* const kMetaOrder[] = {
    "$id", "$schema", "$ref", "$comment", "title", "description", "readOnly", "examples", "multipleOf", "maximum",
    "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "additionalItems",
    "items", "maxItems", "minItems", "uniqueItems", "contains", "maxProperties", "minProperties", "required",
    "additionalProperties", "definitions", "properties", "patternProperties", "dependencies", "propertyNames",
    "enum", "type", "format", "contentMediaType", "contentEncoding", "if", "then", "else", "allOf", "anyOf",
    "oneOf", "not"};

}  // namespace

void check_meta_schema(const Value& s, const std::string& at) {
  if (s.IsBool()) return;
  if (!s.IsObject()) invalid(at, "must be object,boolean");
  for (const char* key : kMetaOrder)
    if (const Value* v = member(s, key)) keyword(key, *v, pointer_append(at, key));
}

bool build_time_search(const rt::Pattern& re, std::string_view s, const std::string& at) {
  rt::LocalRegexBudget budget;
  auto found = re.search(s.data(), s.size(), budget);
  if (found != rt::Pattern::Found::Yes && found != rt::Pattern::Found::No)
    throw regex_limit_error(re.source(), rt::Pattern::limit_text(found), at);
  return found == rt::Pattern::Found::Yes;
}

}  // namespace sj::ir
