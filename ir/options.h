// build() options (spec §13) plus schemajit's own knobs.
#pragma once
#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include <rapidjson/document.h>

namespace sj {

enum class Rounding : int32_t { Trunc = 0, Floor = 1, Ceil = 2, Round = 3 };  // = rt::Rounding
enum class LargeArrayMechanism { Default, JsonStringify };

// Lengths from which an array takes its bulk path instead of the inlined loop.
// Provisional: 8 mirrors fast-json-stringify's string cutoff on Node 22; the calibration tool
// (issue 4) replaces these with values measured on the reference machine.
struct Cutoffs {
  static constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
  int64_t string_array = 8;
};

struct Options {
  Rounding rounding = Rounding::Trunc;
  int64_t large_array_size = 20000;
  LargeArrayMechanism large_array_mechanism = LargeArrayMechanism::Default;
  int max_depth = 100;              // schema nesting limit (fjs's maxDepth)
  int32_t max_data_depth = 1000;    // data nesting limit of recursive schemas and raw values
  // 0..3: optimisation of generated code. 1 (a short cleanup pipeline + the default code
  // generator) runs as fast as O2 on the default schema at ~60% of O2's compile time; 0
  // compiles ~13x faster and runs ~1.3x slower (README, "Figures").
  int opt_level = 1;
  Cutoffs cutoffs;
  // fjs's "schema" option: external schemas by key. Validated like the root; $refs into
  // them are not supported yet (issue 3).
  std::shared_ptr<const rapidjson::Document> external_schemas;
};

// Reads fast-json-stringify's options object ({"rounding": "floor", ...}) plus schemajit's
// ("optLevel", "cutoffs": {"string": N}, "maxDataDepth"). Throws CompileError with fjs's
// texts for invalid values.
Options parse_options(const rapidjson::Value& json);

}  // namespace sj
