// Loading a schema document: parsing (iteratively, so deep schemas cannot overflow the
// stack), the draft-07 meta-schema checks fast-json-stringify performs before building, the
// maxDepth limit, and resolution of local $refs.
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "ir/options.h"

namespace sj {

// "#/properties/a~1b": a schema location as fast-json-stringify prints it in errors.
std::string pointer_append(const std::string& base, std::string_view segment);

class SchemaDoc {
 public:
  // Throws CompileError (syntax, meta-schema, depth).
  SchemaDoc(std::string_view text, const Options& options);

  const rapidjson::Value& root() const { return doc_; }

  struct Target {
    const rapidjson::Value* schema;
    std::string path;  // "#/definitions/a"
  };
  // Follows $ref (and chains of pure $refs) from `ref` written at `at`. Throws CompileError.
  Target resolve(const std::string& ref, const std::string& at) const;

 private:
  rapidjson::Document doc_;
};

// Keywords with no effect on output next to a $ref (fjs does not merge these into the target).
bool is_annotation(std::string_view key);
// {"$ref": "..."} with nothing beside it but annotations.
bool is_pure_ref(const rapidjson::Value& schema);

// Parses JSON text with the flags the engine uses everywhere (full-precision numbers,
// iterative parsing). Returns false and sets `error` on bad input.
bool parse_json(std::string_view text, rapidjson::Document& doc, std::string& error);

}  // namespace sj
