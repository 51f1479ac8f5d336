// Real documents (../shared/bench/data, never copied into the repo) through their schemas
// (../shared/bench/schemas): schemajit against RapidJSON's Writer and the peers on the same
// text, output consumed: "documents/<name>/<serializer>". Skipped with a message when the
// files are absent.
#include "bench/cases.h"
#include "bench/peers.h"
#include "ir/schema_doc.h"
#include "runtime/escape.h"

namespace {

using sj::rt::Isa;

// Where the CPU has AVX-512, the run-time choice escapes strings with it; this row runs the
// same serializer with the AVX2 kernels instead ("documents/<name>/schemajit_avx2_escapes"),
// so that one run shows which of the two the machine favours.
void register_avx2_escapes(const sj::bench::BenchCase& d) {
  auto c = std::make_shared<sj::bench::Case>();
  std::string error;
  if (!sj::parse_json(d.input, c->dom, error)) return;  // register_case has said why
  c->serializer = sj::bench::lazy_compile(d.schema, sj::bench::with_options(d.options, "\"tierUp\":false"));
  benchmark::RegisterBenchmark(("documents/" + d.name + "/schemajit_avx2_escapes").c_str(), [c](benchmark::State& s) {
    sj::rt::set_escape_isa(Isa::Avx2);
    sj::bench::run_schemajit(s, *c->serializer, c->dom);
    sj::rt::set_escape_isa(Isa::Avx512);  // back to the best the CPU has
  });
}

const bool registered = [] {
  for (const auto& d : sj::bench::read_documents()) {
    sj::bench::register_case("documents", d);
    if (sj::rt::cpu_has(Isa::Avx512)) register_avx2_escapes(d);
  }
  return true;
}();

}  // namespace
