// What Ajv 8 (with ajv-formats, as fjs sets it up) knows: its keywords, ajv-formats' format
// names, and which schemas it compiles to nothing. Shared by the validator lowering
// (ir/lower_validator.cpp) and the refusals it reproduces (ir/ajv_refusals.cpp).
#pragma once
#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>

#include <rapidjson/document.h>

#include "ir/ajv_formats.h"
#include "ir/json_access.h"
#include "runtime/validate.h"

namespace sj::ir {

// Formats that accept every value.
inline constexpr const char* kOpenFormats[] = {"password", "binary", "float", "double"};
// Formats ajv-formats knows and schemajit does not check yet: an error, never a silent pass.
inline constexpr const char* kUncheckedFormats[] = {"regex"};

// The keywords Ajv 8 knows in draft-07 mode with ajv-formats and its nullable support; with
// strictSchema any other keyword in a validated schema is an error.
inline constexpr const char* kAjvKeywords[] = {
    "$id", "$schema", "$ref", "$comment", "$defs", "definitions", "title", "description", "default", "examples",
    "readOnly", "writeOnly", "deprecated", "contentMediaType", "contentEncoding", "type", "nullable", "const",
    "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
    "pattern", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required",
    "additionalItems", "items", "contains", "dependencies", "propertyNames", "properties", "patternProperties",
    "additionalProperties", "not", "anyOf", "oneOf", "allOf", "if", "then", "else", "format", "formatMaximum",
    "formatMinimum", "formatExclusiveMaximum", "formatExclusiveMinimum"};

// The keywords whose value Ajv compiles as a schema (or a list of schemas).
inline constexpr const char* kSubschemaKeywords[] = {"additionalProperties", "items", "additionalItems", "contains",
                                              "propertyNames", "not", "if", "then", "else", "allOf", "anyOf",
                                              "oneOf"};

template <size_t N>
inline bool listed(const char* const (&list)[N], const std::string& name) {
  for (const char* n : list)
    if (name == n) return true;
  return false;
}

// Whether ajv-formats defines `name` (its definitions replace the custom formats of the
// same names: fjs calls ajvFormats(ajv) after creating Ajv with the `formats` option).
inline bool ajv_formats_defines(const std::string& name) {
  return listed(kOpenFormats, name) || listed(kUncheckedFormats, name) || name == "int64" || name == "int32" ||
         rt::coded_format(name) ||
         std::any_of(std::begin(kAjvFormatRegexes), std::end(kAjvFormatRegexes), [&](auto& f) { return name == f.name; });
}

// ajv-formats' keywords that compare a string with a bound through its format's definition.
inline constexpr const char* kFormatLimitKeywords[] = {"formatMaximum", "formatMinimum", "formatExclusiveMaximum",
                                                     "formatExclusiveMinimum"};

// Whether ajv-formats' definition of `name` compares values (formatMinimum and the like).
inline bool ajv_formats_compare(const std::string& name) {
  for (const char* f : {"date", "time", "date-time", "iso-time", "iso-date-time"})
    if (name == f) return true;
  return false;
}

// Ajv's alwaysValidSchema: true, or an object with none of its rules (only annotations and
// unknown words). Ajv compiles no code, and no regex, for such a schema. `$comment` is a rule
// there (it may call a $comment hook), so a schema holding it is not always valid.
inline bool ajv_always_valid(const rapidjson::Value& s) {
  static const char* const kNotChecks[] = {"$id", "$schema", "$defs", "definitions", "title", "description",
                                           "default", "examples", "readOnly", "writeOnly", "deprecated",
                                           "contentMediaType", "contentEncoding"};
  if (!s.IsObject()) return s.IsTrue();
  for (auto& m : s.GetObject()) {
    std::string k(sv(m.name));
    if (listed(kAjvKeywords, k) && !listed(kNotChecks, k)) return false;
  }
  return true;
}

// The first always-valid branch of an anyOf, or null: Ajv compiles an anyOf that has one to
// nothing (its alwaysValidSchema test stops at that branch).
inline const rapidjson::Value* always_valid_branch(const rapidjson::Value& any_of) {
  if (!any_of.IsArray()) return nullptr;
  auto it = std::find_if(any_of.Begin(), any_of.End(), [](const rapidjson::Value& b) { return ajv_always_valid(b); });
  return it == any_of.End() ? nullptr : &*it;
}

// fjs's escapeRefForAjv: a $ref that resolves literally reaches Ajv with its fragment's '%'
// written "%25", which Ajv's one decoding turns back.
inline std::string ref_for_ajv(std::string ref) {
  if (size_t hash = ref.find('#'); hash != std::string::npos)
    for (size_t at = ref.find('%', hash); at != std::string::npos; at = ref.find('%', at + 3)) ref.replace(at, 1, "%25");
  return ref;
}

// Ajv also finds a $ref whose fragment only resolves with its %xx escapes decoded (fjs's own
// resolver, used for serializing, never decodes them).
inline std::string percent_decoded(const std::string& ref) {
  std::string out;
  size_t hash = ref.find('#');
  for (size_t i = 0; i < ref.size(); ++i) {
    if (hash != std::string::npos && i > hash && ref[i] == '%' && i + 2 < ref.size() && isxdigit(ref[i + 1]) &&
        isxdigit(ref[i + 2])) {
      out += static_cast<char>(std::stoi(ref.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += ref[i];
    }
  }
  return out;
}

}  // namespace sj::ir
