// Benchmark inputs read from ../shared/bench (never copied into the repo): files, the
// {name, schema, options, input} lines of fjs-bench.jsonl and fjs-api-responses.jsonl, and the
// three documents with their schemas.
#pragma once
#include <string>
#include <vector>

#include <schemajit/schemajit.h>

namespace sj::bench {

struct BenchCase {
  std::string name;     // spaces replaced by '_' so that it can be typed in a filter
  std::string schema;   // JSON text
  std::string options;  // JSON text ("" for none)
  std::string input;    // JSON text
};

// The text of a file, or "" when it cannot be read.
std::string slurp(const std::string& path);

// The cases of a JSON Lines file under ../shared/bench ("fjs-bench.jsonl"); none, with a
// message on stderr, when the file is absent.
std::vector<BenchCase> read_cases(const std::string& file);

// twitter, citm_catalog and canada (data/<name>.json with schemas/<name>.json) when present.
std::vector<BenchCase> read_documents();

// `options` (an options object as JSON text, "" for none) with `members` ("\"optLevel\":1")
// put first: a case's own options plus the ones a benchmark sets.
std::string with_options(const std::string& options, const std::string& members);

// One Engine for every benchmark that does not measure engine creation.
schemajit::Engine& shared_engine();

}  // namespace sj::bench
