// Start-up: compile latency (schema text → callable serializer) of the schemas a server
// compiles at start — the embedded default, the three API responses and twitter — at each
// optimisation level, in a warm process (the Engine and that level's JIT exist), plus the
// cost of a fresh Engine's first compile; and the run-time speed of each level's code on the
// same schemas ("levels/<schema>/O<n>", against "levels/<schema>/native").
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bench/cases.h"
#include "bench/peers.h"
#include "default_example.h"
#include "ir/schema_doc.h"

namespace {

std::vector<sj::bench::BenchCase> startup_schemas() {
  std::vector<sj::bench::BenchCase> all{{"default", sj::tools::kDefaultSchema, "", sj::tools::kDefaultData}};
  for (auto& c : sj::bench::read_cases("fjs-api-responses.jsonl")) all.push_back(std::move(c));
  for (auto& d : sj::bench::read_documents())
    if (d.name == "twitter") all.push_back(std::move(d));
  return all;
}

std::string with_level(const std::string& options, int level) {
  std::string opt = "\"optLevel\":" + std::to_string(level);
  if (options.empty() || options == "{}") return "{" + opt + "}";
  return "{" + opt + "," + options.substr(1);
}

void compile_latency(benchmark::State& state, const sj::bench::BenchCase& c, int level) {
  schemajit::Engine engine;
  std::string options = with_level(c.options, level);
  (void)engine.compile(c.schema, options);  // creates this level's JIT
  for (auto _ : state) {
    auto ser = engine.compile(c.schema, options);
    if (!ser) state.SkipWithError(ser.error().message.c_str());
    benchmark::DoNotOptimize(ser);
  }
}

// What the first schema of a process pays on top: the Engine, its JIT, the host's target.
void first_compile(benchmark::State& state) {
  for (auto _ : state) {
    schemajit::Engine engine;
    auto ser = engine.compile(sj::tools::kDefaultSchema);
    benchmark::DoNotOptimize(ser);
  }
}
BENCHMARK(first_compile)->Name("compile/default/fresh_engine")->Unit(benchmark::kMillisecond);

const bool registered = [] {
  for (const auto& c : startup_schemas()) {
    for (int level = 0; level <= 3; ++level)
      benchmark::RegisterBenchmark(("compile/" + c.name + "/O" + std::to_string(level)).c_str(), compile_latency, c, level)
          ->Unit(benchmark::kMillisecond);
    auto native_registered = false;
    for (int level = 0; level <= 3; ++level) {
      auto ser = sj::bench::shared_engine().compile(c.schema, with_level(c.options, level));
      if (!ser) continue;
      auto p = std::make_shared<sj::bench::Case>(*ser);
      std::string error;
      if (!sj::parse_json(c.input, p->dom, error)) break;
      std::string prefix = "levels/" + c.name;
      if (!native_registered) {
        benchmark::RegisterBenchmark((prefix + "/native").c_str(), [p](benchmark::State& s) { sj::bench::run_native(s, p->dom); });
        native_registered = true;
      }
      benchmark::RegisterBenchmark((prefix + "/O" + std::to_string(level)).c_str(),
                                   [p](benchmark::State& s) { sj::bench::run_schemajit(s, p->serializer, p->dom); });
    }
  }
  return true;
}();

}  // namespace
