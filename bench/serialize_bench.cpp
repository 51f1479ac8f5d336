// Serialize speed on the embedded default, against RapidJSON's Writer on the same DOM (the
// "native" baseline) and memcpy of the same number of bytes (the limit). Output consumed.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

#include <rapidjson/document.h>
#include <rapidjson/internal/itoa.h>

#include "bench/peers.h"
#include "default_example.h"
#include <schemajit/schemajit.h>

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

// The default example (about 1 KB) through each sink at level 1: what a call pays for the
// buffer sink's copy and the chunk sink's writer call on a small output.
enum class Sink { String, Buffer, Chunks };
void BM_Sink(benchmark::State& state, Sink sink) {
  schemajit::Engine engine;
  auto ser = engine.compile(sj::tools::kDefaultSchema, R"({"tierUp":false})");
  if (sink == Sink::String) return sj::bench::run_schemajit(state, *ser, fixture().doc);
  if (sink == Sink::Buffer) return sj::bench::run_schemajit_buffer(state, *ser, fixture().doc);
  sj::bench::run_schemajit_chunks(state, *ser, fixture().doc, schemajit::kDefaultChunkBytes);
}
BENCHMARK_CAPTURE(BM_Sink, string, Sink::String)->Name("sink/default_example/string");
BENCHMARK_CAPTURE(BM_Sink, buffer, Sink::Buffer)->Name("sink/default_example/buffer");
BENCHMARK_CAPTURE(BM_Sink, chunks, Sink::Chunks)->Name("sink/default_example/chunks_64k");

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

namespace {

// The least any serializer that is called per value can cost for fjs's `integer` and `number`
// cases (`42` into a reused std::string, ~9 ns for RapidJSON's Writer): no type check, no
// context, no limit, only RapidJSON's own digit writer into the string's spare capacity, in a
// function of its own (floor/integer/out_of_line) and inlined into the loop
// (floor/integer/inline). Neither reaches a third of the Writer's time (README, issue 5).
__attribute__((noinline)) void integer_out_of_line(const rapidjson::Value& v, std::string& out) {
  size_t old = out.size();
  out.resize_and_overwrite(old + 24, [&](char* p, size_t) {
    return static_cast<size_t>(rapidjson::internal::i64toa(v.GetInt64(), p + old) - p);
  });
}

template <bool kInline>
void BM_IntegerFloor(benchmark::State& state) {
  rapidjson::Document doc;
  doc.Parse("42");
  std::string out;
  out.reserve(64);
  for (auto _ : state) {
    out.clear();
    if constexpr (kInline) {
      out.resize_and_overwrite(24, [&](char* p, size_t) {
        return static_cast<size_t>(rapidjson::internal::i64toa(doc.GetInt64(), p) - p);
      });
    } else {
      integer_out_of_line(doc, out);
    }
    benchmark::DoNotOptimize(out[out.size() / 2]);
  }
}
BENCHMARK(BM_IntegerFloor<false>)->Name("floor/integer/out_of_line");
BENCHMARK(BM_IntegerFloor<true>)->Name("floor/integer/inline");

}  // namespace
