// Number text per double: schemajit's JavaScript formatter (Schubfach), the same layout on
// Ryu digits (libstdc++'s to_chars) against RapidJSON's Grisu2 dtoa (the Writer's, not always
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

// One benchmark over any formatter `char* (*)(double, char*)`.
template <char* (*Format)(double, char*)>
void BM_DoubleText(benchmark::State& state) {
  auto v = inputs(state.range(0));
  char buf[48];
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(Format(v[i++ & 4095], buf));
    benchmark::ClobberMemory();
  }
}

char* schemajit_text(double x, char* buf) { return sj::rt::write_js_double(buf, x); }
char* ryu_text(double x, char* buf) { return sj::rt::write_js_double_ryu(buf, x); }
char* grisu2_text(double x, char* buf) { return rapidjson::internal::dtoa(x, buf); }

BENCHMARK(BM_DoubleText<schemajit_text>)->Name("DoubleText/schemajit")->Arg(0)->Arg(1)->ArgName("full_precision");
BENCHMARK(BM_DoubleText<ryu_text>)->Name("DoubleText/ryu_only")->Arg(0)->Arg(1)->ArgName("full_precision");
BENCHMARK(BM_DoubleText<grisu2_text>)->Name("DoubleText/rapidjson_grisu2")->Arg(0)->Arg(1)->ArgName("full_precision");

}  // namespace
