// The draft-07 meta-schema check fast-json-stringify runs on every schema before it builds
// (its lib/schema-validator.js, Ajv's standalone code for that meta-schema with ajv-formats'
// uri, uri-reference and regex formats): a schema it refuses is the build error
// `schema is invalid: data<path> <message>`, naming the first failure in Ajv's order.
#pragma once
#include <string>
#include <string_view>

#include <rapidjson/document.h>

namespace sj::rt {
class Pattern;  // runtime/pattern.h
}

namespace sj::ir {

// Whether `re` occurs in s, searched at build time with a RegexBudget of its own: a search that
// runs out of its limits throws CompileError (RegexLimit) naming `at`, never reads as "no".
bool build_time_search(const rt::Pattern& re, std::string_view s, const std::string& at);

// Throws CompileError("schema is invalid: data/maximum must be number", "/maximum") for the
// first keyword the meta-schema refuses; `at` is the instance path of `schema`.
void check_meta_schema(const rapidjson::Value& schema, const std::string& at);

}  // namespace sj::ir
