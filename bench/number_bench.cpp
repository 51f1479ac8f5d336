// Number text per double: schemajit's JavaScript formatter (short-decimal fast path, else
// Ryu via libstdc++'s to_chars) against RapidJSON's Grisu2 dtoa (the Writer's, not always
// shortest), on doubles with few digits and on full-precision ones (canada.json's kind).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include <rapidjson/internal/dtoa.h>

#include "runtime/number_text.h"

namespace {

std::vector<double> inputs(bool full_precision) {
  std::mt19937_64 rng(1);
  std::vector<double> v(4096);
  for (auto& x : v) {
    if (full_precision) x = std::uniform_real_distribution<double>(-180, 180)(rng);
    else x = static_cast<double>(rng() % 1000000) / 100.0;  // prices: two decimals
  }
  return v;
}

void BM_DoubleText_schemajit(benchmark::State& state) {
  auto v = inputs(state.range(0));
  char buf[32];
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(sj::rt::write_js_double(buf, v[i++ & 4095]));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_DoubleText_schemajit)->Arg(0)->Arg(1)->ArgName("full_precision");

void BM_DoubleText_ryu_only(benchmark::State& state) {
  auto v = inputs(state.range(0));
  char buf[32];
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(sj::rt::write_js_double_ryu(buf, v[i++ & 4095]));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_DoubleText_ryu_only)->Arg(0)->Arg(1)->ArgName("full_precision");

void BM_DoubleText_rapidjson_grisu2(benchmark::State& state) {
  auto v = inputs(state.range(0));
  char buf[32];
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rapidjson::internal::dtoa(v[i++ & 4095], buf));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_DoubleText_rapidjson_grisu2)->Arg(0)->Arg(1)->ArgName("full_precision");

}  // namespace
