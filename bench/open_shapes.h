// Open objects and patterns (issue 41), shared by sj_bench (bench/pattern_bench.cpp,
// "patterns/<name>/<who>") and sj_seed_rows, which prints them for bench/node_bench.js so that
// fast-json-stringify runs the same documents.
//
// Each document is 1,000 objects {id, name, email, label, "x-trace", "x-region", ["<n>"],
// other} (every fifth e-mail address non-ASCII, "josé.garcía5@例え.jp"), except map100:
//   pattern_props          patternProperties {"^x-[a-z]+$": string, "^[0-9]+$": integer},
//                          additionalProperties false; an integer-like key "<n>" in each object
//   pattern_props_noint    the same without the integer-like key
//   anyof_pattern          pattern_props with email and label each an anyOf whose string branch
//                          has a `pattern` (the e-mail pattern; ^\S+$)
//   anyof_pattern_nonascii anyof_pattern with every fourth label non-ASCII ("café-größe-8")
//   open_props             properties for the first four, additionalProperties true (the rest
//                          printed as they are); with the integer-like key
//   open_props_noint       open_props without it
//   map100                 one object of 100 members "user-<n>" → {id, name, active}, through
//                          additionalProperties: {an object schema}
#pragma once
#include <vector>

#include "bench/cases.h"

namespace sj::bench {

inline constexpr const char* kEmailPattern = R"(^[^@\s]+@[^@\s]+\.[a-z]{2,}$)";
inline constexpr const char* kNoSpacePattern = R"(^\S+$)";

std::vector<BenchCase> open_object_cases();

// One regex search (bench/pattern_bench.cpp's "pattern/<name>/<kind>"): a pattern typical of
// schemas on a subject of 7-36 bytes, matching ("match"), failing late ("nomatch") or matching
// with non-ASCII UTF-8 ("nonascii"). sj_seed_rows prints them for node_bench.js, which times
// V8 on the same searches (the u flag, as Ajv compiles `pattern`).
struct SearchRow {
  const char* name;
  const char* source;
  const char* kind;
  const char* subject;
  bool matches;
};
const std::vector<SearchRow>& search_rows();

}  // namespace sj::bench
