// Merging schemas the way fast-json-stringify does for allOf, $ref siblings, anyOf/oneOf
// branches and if/then/else (spec §8.1): @fastify/merge-json-schemas with onConflict "skip".
#pragma once
#include <string>
#include <vector>

#include <rapidjson/document.h>

namespace sj::ir {

// Two values of a keyword that must agree do not (const, default, format) or have nothing in
// common (type, enum). fjs reports it as `Failed to merge "<keyword>" keyword schemas.`
struct MergeError {
  std::string keyword;
  std::string text;  // the TypeError JavaScript throws inside the merge, when that is the failure
  // Two values of `keyword` that do not merge (what fjs's resolveRef skips), not a TypeError.
  bool is_conflict() const { return text.empty(); }
  std::string message() const { return is_conflict() ? "Failed to merge \"" + keyword + "\" keyword schemas." : text; }
};

// The merge of `schemas`, in order; they are not modified and the result is allocated in
// `alloc`. Throws MergeError.
rapidjson::Value merge_schemas(const std::vector<const rapidjson::Value*>& schemas,
                               rapidjson::MemoryPoolAllocator<>& alloc);

}  // namespace sj::ir
