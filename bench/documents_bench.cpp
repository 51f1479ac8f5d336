// Real documents (../shared/bench/data, never copied into the repo) through their schemas
// (../shared/bench/schemas): schemajit against RapidJSON's Writer and the peers on the same
// text, output consumed: "documents/<name>/<serializer>". Skipped with a message when the
// files are absent.
#include "bench/cases.h"
#include "bench/peers.h"
#include "runtime/escape.h"

namespace {

using sj::rt::Isa;

// Where the CPU has AVX-512, the run-time choice escapes strings with it; this row runs the
// same serializer on the same DOM with the AVX2 kernels instead
// ("documents/<name>/schemajit_avx2_escapes"), so that one run shows which of the two the
// machine favours.
void register_avx2_escapes(const std::string& prefix, std::shared_ptr<const sj::bench::Case> c) {
  benchmark::RegisterBenchmark((prefix + "/schemajit_avx2_escapes").c_str(), [c](benchmark::State& s) {
    sj::rt::set_escape_isa(Isa::Avx2);
    sj::bench::run_schemajit(s, *c->serializer, c->dom);
    sj::rt::set_escape_isa(sj::rt::kBestIsa);  // back to the best the CPU has
  });
}

const bool registered = [] {
  for (const auto& d : sj::bench::read_documents()) {
    auto c = sj::bench::register_case("documents", d);
    if (c && sj::rt::cpu_has(Isa::Avx512)) register_avx2_escapes("documents/" + d.name, c);
  }
  return true;
}();

}  // namespace
