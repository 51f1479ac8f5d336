// Number text per double: schemajit's JavaScript formatter (Schubfach; with each digits
// kernel where the CPU has AVX-512 IFMA), the same layout on
// Ryu digits (libstdc++'s to_chars) against RapidJSON's Grisu2 dtoa (the Writer's, not always
// shortest), on doubles with few digits and on full-precision ones (canada.json's kind).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include <rapidjson/internal/dtoa.h>
#include <rapidjson/internal/itoa.h>

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

// One benchmark over any formatter `char* (*)(T, char*)`, cycling through 4,096 inputs that
// Inputs(state.range(0)) makes.
template <class T, std::vector<T> (*Inputs)(bool), char* (*Format)(T, char*)>
void BM_Text(benchmark::State& state) {
  auto v = Inputs(state.range(0));
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

BENCHMARK(BM_Text<double, inputs, schemajit_text>)->Name("DoubleText/schemajit")->Arg(0)->Arg(1)->ArgName("full_precision");
// The same formatter with its digits from the SSE2 kernel, which the row above uses only on
// CPUs without AVX-512 IFMA (number_text.h): the two kernels side by side in one run.
void BM_DoubleTextSse2(benchmark::State& state) {
  sj::rt::set_digits_kernel(sj::rt::DigitsKernel::Sse2);
  BM_Text<double, inputs, schemajit_text>(state);
  sj::rt::set_digits_kernel(sj::rt::DigitsKernel::Ifma);  // back to the best the CPU has
}
BENCHMARK(BM_DoubleTextSse2)->Name("DoubleText/schemajit_sse2_digits")->Arg(0)->Arg(1)->ArgName("full_precision");
BENCHMARK(BM_Text<double, inputs, ryu_text>)->Name("DoubleText/ryu_only")->Arg(0)->Arg(1)->ArgName("full_precision");
BENCHMARK(BM_Text<double, inputs, grisu2_text>)->Name("DoubleText/rapidjson_grisu2")->Arg(0)->Arg(1)->ArgName("full_precision");

// Number text per integer: schemajit's writer (57-bit fixed point, a pair per multiply)
// against RapidJSON's i64toa, on integers of 1 to 19 digits and on 9-digit ids
// (citm_catalog's kind).
std::vector<int64_t> integers(bool nine_digits) {
  std::mt19937_64 rng(2);
  std::vector<int64_t> v(4096);
  for (auto& x : v) x = nine_digits ? 100000000 + static_cast<int64_t>(rng() % 900000000)
                                    : static_cast<int64_t>(rng() >> (1 + rng() % 63));
  return v;
}

char* schemajit_int(int64_t x, char* buf) { return sj::rt::write_int64(buf, x); }
char* rapidjson_int(int64_t x, char* buf) { return rapidjson::internal::i64toa(x, buf); }

BENCHMARK(BM_Text<int64_t, integers, schemajit_int>)->Name("IntegerText/schemajit")->Arg(0)->Arg(1)->ArgName("nine_digits");
BENCHMARK(BM_Text<int64_t, integers, rapidjson_int>)->Name("IntegerText/rapidjson_i64toa")->Arg(0)->Arg(1)->ArgName("nine_digits");

}  // namespace
