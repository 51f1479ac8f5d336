// build() options (spec §13) plus schemajit's own knobs.
#pragma once
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidjson/document.h>
#include <schemajit/schemajit.h>

namespace sj {

enum class Rounding : int32_t { Trunc = 0, Floor = 1, Ceil = 2, Round = 3 };  // = rt::Rounding
enum class LargeArrayMechanism { Default, JsonStringify };
enum class AjvCoercion : int32_t { None = 0, Scalars = 1, Arrays = 2 };  // Ajv's coerceTypes: false, true, "array"
enum class AjvDefaults : int32_t { None = 0, Undefined = 1, Empty = 2 };   // useDefaults: false, true, "empty"
enum class AjvRemoval : int32_t { None = 0, Forbidden = 1, All = 2, Failing = 3 };  // removeAdditional: false, true, "all", "failing"

// Lengths from which an array takes its bulk path instead of the inlined loop, per item kind
// (the public type: its fields and kNever). The built-in values were measured by
// `schemajit-calibrate --out docs/calibration` (docs/performance.md has the table, the plots
// and the machine).
using Cutoffs = schemajit::Cutoffs;

// The built-in cutoffs, overridden by the file named in $SCHEMAJIT_CUTOFFS when that is set
// (read once per process; an unreadable or malformed file is ignored, with a warning that
// Engines log: default_cutoffs_warning()).
Cutoffs default_cutoffs();
// Why $SCHEMAJIT_CUTOFFS was ignored ("SCHEMAJIT_CUTOFFS ignored: ..."), or "" when it was
// used or is not set. Engines log it (api/engine.cpp).
const std::string& default_cutoffs_warning();
// Reads a cutoffs file as schemajit-calibrate writes it: {"string": N, "number": N,
// "integer": N} (null = never). Throws CompileError.
Cutoffs load_cutoffs(const std::string& path);
// Applies the members of a {"string": N, ...} object onto `c`. Throws CompileError.
void apply_cutoffs(const rapidjson::Value& json, Cutoffs& c, const std::string& pointer);

// What lowering and code generation read: the public Options (include/schemajit/schemajit.h)
// in the form the engine works with (enums with the runtime's values, external schemas
// parsed, cutoffs resolved).
struct Options {
  Rounding rounding = Rounding::Trunc;
  int64_t large_array_size = 20000;
  LargeArrayMechanism large_array_mechanism = LargeArrayMechanism::Default;
  int max_depth = 100;              // schema nesting limit (fjs's maxDepth)
  int32_t max_data_depth = 1000;    // data nesting limit of recursive schemas and raw values
  // Output of one call beyond this is the error "output exceeds maxOutputBytes (N)": a bound
  // on the memory a call can take. 1 GiB by default (V8 strings, and so fjs, stop at ~512 MiB).
  int64_t max_output_bytes = int64_t(1) << 30;
  // A schema that lowers to more serializer nodes than this (about one per property, item
  // and branch) is the error "schema too large": compile time and memory stay bounded
  // (20,000 nodes compile in ~10 s at optLevel 0).
  int64_t max_schema_nodes = 20000;
  // 0..3: optimisation of generated code. 1 (a short cleanup pipeline + the default code
  // generator) runs as fast as O2 on the default schema at ~60% of O2's compile time; 0
  // compiles ~13x faster and runs ~1.3x slower (README, "Figures").
  int opt_level = 1;
  // "tierUp": run on the interpreter first and compile at opt_level on a background thread
  // after 100 calls (engine/engine_jit.cpp); false: compile before compile() returns.
  bool tier_up = true;
  // "jit": false keeps every serializer on the interpreter. Not part of the code's key.
  bool jit = true;
  Cutoffs cutoffs = default_cutoffs();
  // fjs's "schema" option: external schemas by key (an object, or an array keyed by index).
  std::shared_ptr<const rapidjson::Value> external_schemas;
  bool compile_validators = false;  // fjs's compileValidators: validator errors at build time
  bool ajv_strict_schema = false;   // ajv: {strictSchema: true}
  // ajv: {strictTypes: true} (or {strict: true}): a keyword applied where the schema and its
  // context allow none of its types, or a type the context excludes, is an error.
  bool ajv_strict_types = false;
  // ajv: {strictTuples: true} (or {strict: true}): a tuple whose length minItems and maxItems
  // (or additionalItems: false) do not pin is an error.
  bool ajv_strict_tuples = false;
  // ajv: {strictRequired: true} (or {strict: true}): a required name no properties keyword on
  // the same data declares (by then, in Ajv's order) is an error.
  bool ajv_strict_required = false;
  // ajv: {coerceTypes}: a validated value of another type is converted where Ajv would convert
  // it (runtime/ajv_writes.h); "array" also wraps scalars in arrays and unwraps one-element ones.
  AjvCoercion ajv_coerce_types = AjvCoercion::None;
  // ajv: {useDefaults}: validation writes a property's (a tuple position's) default where the
  // data has none ("empty": also where it is null or ""), and fjs prints what it wrote.
  AjvDefaults ajv_use_defaults = AjvDefaults::None;
  // ajv: {removeAdditional}: validation deletes additional properties ("all": every one under an
  // additionalProperties keyword; true: those additionalProperties: false forbids; "failing":
  // those too and those failing its schema), and fjs prints what is left.
  AjvRemoval ajv_remove_additional = AjvRemoval::None;
  bool ajv_validate_formats = true;  // ajv: {validateFormats: false} ignores `format`
  bool ajv_unicode_regexp = true;    // ajv: {unicodeRegExp: false}: patterns without the u flag
  int ajv_multiple_of_precision = 0;  // ajv: {multipleOfPrecision: N}: multipleOf within 1e-N
  // ajv: {discriminator: true}: the discriminator keyword is compiled, and Ajv's refusals of it
  // (ir/lower_validator.cpp) fail the validators of its document.
  bool ajv_discriminator = false;
  // ajv: {formats}: formats Ajv adds before ajv-formats adds its own (which replace those of
  // the same names), in for...in order: a regex source (`new RegExp(source)`, no flags), or
  // nullopt for `true`, a format every value passes. Falsy entries are not formats.
  std::vector<std::pair<std::string, std::optional<std::string>>> ajv_formats;
  // Whether validators may write the data (coerceTypes, useDefaults, removeAdditional): they
  // then run on copies the call owns (runtime/ajv_writes.h).
  bool ajv_writes_data() const {
    return ajv_coerce_types != AjvCoercion::None || ajv_use_defaults != AjvDefaults::None ||
           ajv_remove_additional != AjvRemoval::None;
  }
  // "cacheDir": where compiled objects are kept between runs (engine/object_cache.h); empty:
  // no cache. Not part of what is compiled, so not part of the cache key.
  std::string cache_dir;
  // Unknown keys of an options object that look like a misspelt option ("optlevel"), as
  // messages: fjs ignores unknown keys, so they are not errors. Not part of the cache key.
  std::vector<std::string> warnings;
};

// Every option that can change the generated code, as text for the object cache's key
// (cache_dir and options that do not change the bytes left out). Returns false when the
// options cannot be written down (external schemas nested beyond any schema's depth limit):
// such a compile is not cached.
bool cache_fingerprint(const Options& o, std::string& out);

// Reads fast-json-stringify's options object ({"rounding": "floor", ...}) plus schemajit's
// ("optLevel", "cutoffs": {"string": N, ...}, "cutoffsFile": path, "maxDataDepth", "maxOutputBytes", "maxSchemaNodes", "cacheDir", "tierUp"). Throws CompileError with fjs's
// texts for invalid values; unknown keys that look like a misspelt option go to `warnings`.
// `json` lives in `owner`, which external_schemas keeps alive (no deep copy: a copy would
// recurse through a hostile, deeply nested schema).
Options parse_options(const rapidjson::Value& json, std::shared_ptr<const rapidjson::Document> owner);
// The same from JSON text ("" for none). Throws CompileError.
Options parse_options(std::string_view json);
// The same from the public struct. Throws CompileError (external schemas that are not JSON).
Options from_public(const schemajit::Options& options);

}  // namespace sj
