// Start-up: compile latency (schema text → callable serializer) of the schemas a server
// compiles at start — {id, name, tags}, the embedded default, the three API responses and
// twitter — for the interpreter ("compile/<schema>/interp") and at each optimisation level, in
// a warm process (the Engine and that level's JIT exist); compile and first output with the
// default options ("first_output/<schema>": the interpreter, LLVM not started); the cost of a
// fresh Engine's first compile; and the run-time speed of each level's code on the same schemas
// ("levels/<schema>/O<n>", "levels/<schema>/interp", against "levels/<schema>/native").
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/cases.h"
#include "bench/peers.h"
#include "default_example.h"
#include "ir/schema_doc.h"

namespace {

std::vector<sj::bench::BenchCase> startup_schemas() {
  std::vector<sj::bench::BenchCase> all{
      {"tags", R"({"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},)"
               R"("tags":{"type":"array","items":{"type":"string"}}}})",
       "", R"({"id":1,"name":"user1","tags":["a","b","c"]})"},
      {"default", sj::tools::kDefaultSchema, "", sj::tools::kDefaultData}};
  for (auto& c : sj::bench::read_cases("fjs-api-responses.jsonl")) all.push_back(std::move(c));
  for (auto& d : sj::bench::read_documents())
    if (d.name == "twitter") all.push_back(std::move(d));
  return all;
}

std::string with_level(const std::string& options, int level) {
  return sj::bench::with_options(options, "\"tierUp\":false,\"optLevel\":" + std::to_string(level));
}

// level -1: the interpreter.
void compile_latency(benchmark::State& state, const sj::bench::BenchCase& c, int level) {
  schemajit::Engine engine;
  std::string options = level < 0 ? sj::bench::with_options(c.options, "\"jit\":false") : with_level(c.options, level);
  (void)engine.compile(c.schema, options);  // creates this level's JIT
  for (auto _ : state) {
    auto ser = engine.compile(c.schema, options);
    if (!ser) state.SkipWithError(ser.error().message.c_str());
    benchmark::DoNotOptimize(ser);
  }
}

// Compile and the first call with the default options: what a server pays before its first
// answer (the interpreter; the JIT only starts after 100 calls).
void first_output(benchmark::State& state, const sj::bench::BenchCase& c) {
  rapidjson::Document dom;
  std::string error, out;
  sj::parse_json(c.input, dom, error);
  schemajit::Engine engine;
  for (auto _ : state) {
    auto ser = engine.compile(c.schema, c.options);
    out.clear();
    if (!ser || !ser->serialize(dom, out)) state.SkipWithError("compile or first call failed");
    benchmark::DoNotOptimize(out.data());
  }
}

// What the first schema of a process pays on top: the Engine (with the default options the
// JIT does not start).
void first_compile(benchmark::State& state) {
  for (auto _ : state) {
    schemajit::Engine engine;
    auto ser = engine.compile(sj::tools::kDefaultSchema);
    benchmark::DoNotOptimize(ser);
  }
}
BENCHMARK(first_compile)->Name("compile/default/fresh_engine")->Unit(benchmark::kMillisecond);

// An object-cache hit in a warm process: schema text to callable code from the cache file
// (read, checked, linked; no IR built), level 1 with tier-up off.
void cache_hit(benchmark::State& state, const sj::bench::BenchCase& c) {
  std::string dir = (std::filesystem::temp_directory_path() / ("sj-bench-hit-" + std::to_string(::getpid()))).string();
  std::string options = sj::bench::with_options(with_level(c.options, 1), "\"cacheDir\":\"" + dir + "\"");
  schemajit::Engine engine;
  (void)engine.compile(c.schema, options);  // the miss that stores the file
  for (auto _ : state) {
    auto ser = engine.compile(c.schema, options);
    if (!ser) state.SkipWithError(ser.error().message.c_str());
    benchmark::DoNotOptimize(ser);
  }
  state.counters["hits"] = static_cast<double>(engine.stats().hits);
  std::filesystem::remove_all(dir);
}

// Tier-up under steady load, one serializer: compile (the interpreter) and first call, then
// calls back to back in 10 ms windows for 2 s. Counters: first_call_ms (compile + first call),
// interp_ns and level1_ns per call (of serializers pinned to those, measured first), and
// ms_to_level1: from the start of compiling to the first window within 5% of level 1.
double ns_per_call(const schemajit::Serializer& ser, const rapidjson::Value& dom, double window_ms, std::string& out) {
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  size_t calls = 0;
  std::chrono::duration<double, std::milli> elapsed{};
  do {
    out.clear();
    (void)ser.serialize(dom, out);
    ++calls;
    elapsed = Clock::now() - t0;
  } while (elapsed.count() < window_ms);
  return elapsed.count() * 1e6 / static_cast<double>(calls);
}

void tier_up(benchmark::State& state, const sj::bench::BenchCase& c) {
  using Clock = std::chrono::steady_clock;
  rapidjson::Document dom;
  std::string error, out;
  sj::parse_json(c.input, dom, error);
  schemajit::Engine engine;
  auto pinned = [&](int level) {
    auto ser = engine.compile(c.schema, level < 0 ? sj::bench::with_options(c.options, "\"jit\":false")
                                                  : with_level(c.options, level));
    std::vector<double> windows;
    for (int i = 0; i < 9; ++i) windows.push_back(ns_per_call(*ser, dom, 20, out));
    std::sort(windows.begin(), windows.end());
    return windows[windows.size() / 2];
  };
  double interp = pinned(-1), level1 = pinned(1);
  double first_call_ms = 0, to_level1_ms = -1;
  for (auto _ : state) {
    auto t0 = Clock::now();
    auto ser = engine.compile(c.schema, c.options);
    out.clear();
    (void)ser->serialize(dom, out);
    first_call_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    to_level1_ms = -1;
    for (;;) {
      double ns = ns_per_call(*ser, dom, 10, out);
      double at = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      if (ns <= level1 * 1.05) {
        to_level1_ms = at;
        break;
      }
      if (at > 2000) break;
    }
    engine.wait_for_tier_up();
  }
  state.counters["first_call_ms"] = first_call_ms;
  state.counters["interp_ns"] = interp;
  state.counters["level1_ns"] = level1;
  state.counters["ms_to_level1"] = to_level1_ms;
}

const bool registered = [] {
  for (const auto& c : startup_schemas()) {
    benchmark::RegisterBenchmark(("tier_up/" + c.name).c_str(), tier_up, c)->Iterations(1)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("compile/" + c.name + "/cache_hit").c_str(), cache_hit, c)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("compile/" + c.name + "/interp").c_str(), compile_latency, c, -1)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("first_output/" + c.name).c_str(), first_output, c)->Unit(benchmark::kMicrosecond);
    for (int level = 0; level <= 3; ++level)
      benchmark::RegisterBenchmark(("compile/" + c.name + "/O" + std::to_string(level)).c_str(), compile_latency, c, level)
          ->Unit(benchmark::kMillisecond);
    auto native_registered = false;
    for (int level = 0; level <= 3; ++level) {
      auto p = std::make_shared<sj::bench::Case>();
      p->serializer = sj::bench::lazy_compile(c.schema, with_level(c.options, level));
      std::string error;
      if (!sj::parse_json(c.input, p->dom, error)) break;
      std::string prefix = "levels/" + c.name;
      if (!native_registered) {
        benchmark::RegisterBenchmark((prefix + "/native").c_str(), [p](benchmark::State& s) { sj::bench::run_native(s, p->dom); });
        native_registered = true;
      }
      benchmark::RegisterBenchmark((prefix + "/O" + std::to_string(level)).c_str(),
                                   [p](benchmark::State& s) { sj::bench::run_schemajit(s, *p->serializer, p->dom); });
      if (level == 3) sj::bench::register_interpreted(prefix, p->dom, c.schema, c.options);
    }
  }
  return true;
}();

}  // namespace
