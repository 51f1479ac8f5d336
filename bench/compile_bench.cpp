// Compile latency: schema text → callable serializer, per optimisation level, in a warm
// process (the Engine and its JIT already exist).
#include <benchmark/benchmark.h>

#include "default_example.h"
#include "engine/schemajit.h"

namespace {

void BM_CompileDefault(benchmark::State& state) {
  schemajit::Engine engine;
  schemajit::Options options;
  options.opt_level = static_cast<int>(state.range(0));
  (void)engine.compile(sj::tools::kDefaultSchema, options);  // creates this level's JIT
  for (auto _ : state) {
    auto ser = engine.compile(sj::tools::kDefaultSchema, options);
    if (!ser) state.SkipWithError(ser.error().message.c_str());
    benchmark::DoNotOptimize(ser);
  }
}
BENCHMARK(BM_CompileDefault)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

void BM_CompileSmall(benchmark::State& state) {
  schemajit::Engine engine;
  schemajit::Options options;
  options.opt_level = static_cast<int>(state.range(0));
  const char* schema = R"({"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},
    "tags":{"type":"array","items":{"type":"string"}}}})";
  (void)engine.compile(schema, options);
  for (auto _ : state) {
    auto ser = engine.compile(schema, options);
    benchmark::DoNotOptimize(ser);
  }
}
BENCHMARK(BM_CompileSmall)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace
