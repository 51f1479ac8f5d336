#include "bench/cases.h"

#include <cstdio>
#include <fstream>
#include <iterator>

#include "ir/json_access.h"
#include "ir/schema_doc.h"
#include "tools/tool_common.h"

namespace sj::bench {
namespace {

// A literal, not a std::string: benchmarks register from other files' static initialisers.
constexpr const char* kDir = SJ_SHARED_BENCH_DIR;

}  // namespace

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return in ? std::string(std::istreambuf_iterator<char>(in), {}) : std::string();
}

std::vector<BenchCase> read_cases(const std::string& file) {
  std::vector<BenchCase> cases;
  std::string text = slurp(std::string(kDir) + "/" + file);
  if (text.empty()) std::fprintf(stderr, "bench: %s/%s not found: skipped\n", kDir, file.c_str());
  for (const auto& line : sj::tools::read_lines(text)) {
    rapidjson::Document c;
    std::string error;
    if (!sj::parse_json(line, c, error)) continue;
    const rapidjson::Value* name = sj::member(c, "name");
    const rapidjson::Value* schema = sj::member(c, "schema");
    const rapidjson::Value* options = sj::member(c, "options");
    const rapidjson::Value* input = sj::member(c, "input");
    if (!name || !name->IsString() || !schema || !input || !input->IsString()) continue;
    BenchCase bc{std::string(sj::sv(*name)), sj::json_text(*schema), options ? sj::json_text(*options) : "",
                 std::string(sj::sv(*input))};
    for (char& ch : bc.name)
      if (ch == ' ') ch = '_';
    cases.push_back(std::move(bc));
  }
  return cases;
}

std::vector<BenchCase> read_documents() {
  std::vector<BenchCase> docs;
  for (const char* name : {"twitter", "citm_catalog", "canada"}) {
    BenchCase d{name, slurp(std::string(kDir) + "/schemas/" + name + ".json"), "",
                 slurp(std::string(kDir) + "/data/" + name + ".json")};
    if (d.schema.empty() || d.input.empty())
      std::fprintf(stderr, "bench: %s/{data,schemas}/%s.json not found: skipped\n", kDir, name);
    else
      docs.push_back(std::move(d));
  }
  return docs;
}

std::string with_options(const std::string& options, const std::string& members) {
  if (options.empty() || options == "{}") return "{" + members + "}";
  return "{" + members + "," + options.substr(1);
}

schemajit::Engine& shared_engine() {
  static schemajit::Engine engine;
  return engine;
}

}  // namespace sj::bench
