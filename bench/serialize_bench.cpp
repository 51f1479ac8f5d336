// Serialize speed on the embedded default, against RapidJSON's Writer on the same DOM (the
// "native" baseline) and memcpy of the same number of bytes (the limit). Output consumed.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

#include <rapidjson/document.h>

#include "bench/peers.h"
#include "default_example.h"
#include "engine/schemajit.h"

namespace {

struct Fixture {
  rapidjson::Document doc;
  std::string expected;
  Fixture() { doc.Parse<rapidjson::kParseFullPrecisionFlag>(sj::tools::kDefaultData); }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_Native_RapidJSONWriter(benchmark::State& state) { sj::bench::run_native(state, fixture().doc); }
BENCHMARK(BM_Native_RapidJSONWriter);

void BM_Schemajit(benchmark::State& state) {
  schemajit::Engine engine;
  schemajit::Options options;
  options.opt_level = static_cast<int>(state.range(0));
  options.tier_up = false;
  auto ser = engine.compile(sj::tools::kDefaultSchema, options);
  sj::bench::run_schemajit(state, *ser, fixture().doc);
}
BENCHMARK(BM_Schemajit)->DenseRange(0, 3);

void BM_Memcpy(benchmark::State& state) {
  std::string src(1090, 'x'), dst(1090, ' ');
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::DoNotOptimize(dst[dst.size() / 2]);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * src.size()));
}
BENCHMARK(BM_Memcpy);

}  // namespace

namespace {

// The fixed cost of entering a serializer: one short string under {type: string}.
void BM_TinyString(benchmark::State& state) {
  schemajit::Engine engine;
  auto ser = engine.compile(R"({"type":"string"})", R"({"tierUp":false})");
  rapidjson::Document doc;
  doc.Parse(R"("hello world")");
  std::string out;
  for (auto _ : state) {
    out.clear();
    (void)ser->serialize(doc, out);
    benchmark::DoNotOptimize(out[out.size() / 2]);
  }
}
BENCHMARK(BM_TinyString);

}  // namespace
