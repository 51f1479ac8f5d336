// Loading a schema document: parsing (iteratively, so deep schemas cannot overflow the
// stack), the draft-07 meta-schema checks fast-json-stringify performs before building, the
// maxDepth limit, and resolution of local $refs.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "ir/options.h"

struct yyjson_val;

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
    std::string path;  // its location, as fjs prints it: "#/definitions/a", "ext#/definitions/a"
  };
  // Follows `ref` (and chains of pure $refs) written in the schema at location `from`
  // ("<id>#<pointer>"; an empty id is the root's): "other#/a" and "other#anchor" go to the
  // schema registered as "other", "#/a" stays in from's id. Throws CompileError with fjs's
  // texts; `at` is the JSON pointer reported. With `stop_where_fjs_merges`, a link of the chain
  // that fjs's resolveRef merges with what is beside its $ref (merged_by_fjs) is the target.
  Target resolve(const std::string& ref, const std::string& from, const std::string& at,
                 bool stop_where_fjs_merges = false) const;

  // One $ref hop from id `scope`, without throwing: the target and its id, or null.
  const rapidjson::Value* try_hop(const std::string& ref, const std::string& scope, std::string& id) const;

  // The schema registered under `id`, or null.
  const rapidjson::Value* schema_with_id(const std::string& id) const {
    auto it = ids_.find(id);
    return it == ids_.end() ? nullptr : it->second;
  }

  // The id the root is registered under: its literal $id, else "__fjs_root_0".
  const std::string& root_id() const { return root_id_; }

  // The location of a subschema that declares `$id` (not an anchor): "<id>#", "#" for the root's.
  std::string location_of_id(const std::string& id) const { return (id == root_id_ ? "" : id) + "#"; }

 private:
  void register_ids(const rapidjson::Value& schema, const std::string& id);
  const rapidjson::Value* hop(const std::string& ref, const std::string& scope, const std::string& whole,
                              const std::string& at, std::string& id, std::string& path) const;
  void walk_ids(const rapidjson::Value& schema, const std::string& id);

  rapidjson::Document doc_;
  std::shared_ptr<const rapidjson::Value> externals_;  // options "schema": kept alive here
  std::string root_id_;
  std::map<std::string, const rapidjson::Value*> ids_;                       // $id → schema
  std::map<std::string, std::map<std::string, const rapidjson::Value*>> anchors_;  // id → "#a" → schema
};

// The JSON pointer part of a location ("ext#/a" → "/a").
std::string pointer_of(const std::string& location);

// The schema's $id when it is a literal id (a string not starting with '#', which would make
// it an anchor), else null.
const char* literal_id(const rapidjson::Value& schema);

// Keywords with no effect on output next to a $ref: annotations, $id, $schema and the
// definitions a schema carries.
bool is_annotation(std::string_view key);
// {"$ref": "..."} with nothing beside it but annotations.
bool is_pure_ref(const rapidjson::Value& schema);
// Whether fjs's resolveRef merges a $ref's target with what is beside it: anything but its
// annotations ($id, $schema, definitions and $defs included). Even with nothing else beside
// it the merge shows: a one-type array becomes that type, and properties named like
// Object.prototype members are dropped (ir/merge.cpp).
bool merged_by_fjs(const rapidjson::Value& schema);

// Gives every object of `v` the members JSON.parse would: for a name written more than once,
// the last value, at the first one's position. (Iterative: any nesting depth.)
void collapse_duplicate_members(rapidjson::Value& v);

// Parses JSON text as the engine does everywhere (iterative, numbers read as JSON.parse reads
// them, lone surrogates held as WTF-8: ir/json_parse.cpp). Returns false and sets `error` on
// bad input.
bool parse_json(std::string_view text, rapidjson::Document& doc, std::string& error);
// The same for data, which may hold what JSON.parse reads and RapidJSON's reader refuses:
// numbers beyond the double range (±Infinity, as JSON.parse reads them) and lone surrogates
// ("\ud800"), each held as WTF-8 (its three bytes by UTF-8's rule); `lone_surrogates` says
// whether there were any (serialize_json prints them back escaped).
bool parse_json_data(std::string_view text, rapidjson::Document& doc, std::string& error, bool& lone_surrogates);

// Data as JSON.parse reads it, as a yyjson document (ir/json_parse_yyjson.cpp): yyjson's reader
// where it reads the text as JSON.parse does, else parse_json_data's document (its errors, its
// lone surrogates as WTF-8) collapsed and copied into yyjson's layout. The object keeps the
// root alive: `owner`, or this thread's read arena, which it gives back when destroyed or read
// into again (no allocation per read).
struct YyjsonData {
  const yyjson_val* root = nullptr;
  bool lone_surrogates = false;
  std::shared_ptr<const void> owner;  // the fallback's tape, or a document yyjson allocated
  size_t arena_need = 0;              // nonzero: the root is in this thread's read arena
  YyjsonData() = default;
  YyjsonData(const YyjsonData&) = delete;
  YyjsonData& operator=(const YyjsonData&) = delete;
  ~YyjsonData() { reset(); }
  void reset();  // gives back what it holds (the arena: on the thread that read into it)
};
bool read_json_data_yyjson(std::string_view text, YyjsonData& out, std::string& error);
// Frees the memory this thread's reads keep between calls (schemajit::release_thread_buffers),
// unless a document read into it is still in use.
void release_read_arena();

// The compact JSON text of a value (RapidJSON's Writer): a parsed schema or options object
// handed back to compile() by the tools, tests and benchmarks.
std::string json_text(const rapidjson::Value& v);

}  // namespace sj
