// Real documents (../shared/bench/data, never copied into the repo) through their schemas
// (../shared/bench/schemas): schemajit against RapidJSON's Writer and the peers on the same
// text, output consumed: "documents/<name>/<serializer>". Skipped with a message when the
// files are absent.
#include "bench/cases.h"
#include "bench/peers.h"
#include "runtime/escape.h"

#if SJ_HAVE_AOT_DOCUMENTS
#include "sj_bench_aot_native.h"  // made by schemajit-aot (bench/CMakeLists.txt)
#include "sj_bench_aot_v2.h"
#include "sj_bench_aot_v3.h"
#endif

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

// The sinks besides the reused std::string of documents/<name>/schemajit.
void register_sinks(const std::string& prefix, std::shared_ptr<const sj::bench::Case> c) {
  benchmark::RegisterBenchmark((prefix + "/schemajit_buffer").c_str(), [c](benchmark::State& s) {
    if (const schemajit::Serializer* ser = c->serializer->get(s)) sj::bench::run_schemajit_buffer(s, *ser, c->dom);
  });
  for (size_t kib : {4, 64}) {
    benchmark::RegisterBenchmark((prefix + "/schemajit_chunks_" + std::to_string(kib) + "k").c_str(), [c, kib](benchmark::State& s) {
      if (const schemajit::Serializer* ser = c->serializer->get(s)) sj::bench::run_schemajit_chunks(s, *ser, c->dom, kib * 1024);
    });
  }
}

#if SJ_HAVE_AOT_DOCUMENTS
// The document's serializer made ahead of time for `cpu`, when this CPU can run it: the rows
// compare it with the JIT's ("documents/<name>/schemajit" is level 1 from the first call),
// and "aot/load/<name>" measures how long schemajit::load takes to make it ready.
void register_aot(const std::string& name, const std::string& cpu, const schemajit_aot_serializer* const* tables, uint64_t count,
                  std::shared_ptr<const sj::bench::Case> c) {
  for (uint64_t i = 0; i < count; ++i) {
    if (name != tables[i]->name) continue;
    const schemajit_aot_serializer* table = tables[i];
    auto ser = schemajit::load(*table);
    if (!ser) {
      std::fprintf(stderr, "bench: %s for %s: %s\n", name.c_str(), cpu.c_str(), ser.error().message.c_str());
      return;
    }
    auto shared = std::make_shared<schemajit::Serializer>(std::move(*ser));
    benchmark::RegisterBenchmark(("documents/" + name + "/schemajit_aot_" + cpu).c_str(),
                                 [shared, c](benchmark::State& s) { sj::bench::run_schemajit(s, *shared, c->dom); });
    if (cpu == "v2")
      benchmark::RegisterBenchmark(("aot/load/" + name).c_str(), [table](benchmark::State& s) {
        for (auto _ : s) benchmark::DoNotOptimize(schemajit::load(*table));
      });
  }
}
#endif

const bool registered = [] {
  for (const auto& d : sj::bench::read_documents()) {
    auto c = sj::bench::register_case("documents", d);
    if (c && sj::rt::cpu_has(Isa::Avx512)) register_avx2_escapes("documents/" + d.name, c);
    if (c) register_sinks("documents/" + d.name, c);
    if (c) sj::bench::register_yyjson_scanning("documents/" + d.name, d.input);
    if (c) sj::bench::register_text_to_text("documents/" + d.name, d.input, c->serializer);
#if SJ_HAVE_AOT_DOCUMENTS
    if (c) {
      register_aot(d.name, "v2", schemajit_aot_15sj_bench_aot_v2_tables, schemajit_aot_15sj_bench_aot_v2_count, c);
      register_aot(d.name, "v3", schemajit_aot_15sj_bench_aot_v3_tables, schemajit_aot_15sj_bench_aot_v3_count, c);
      register_aot(d.name, "native", schemajit_aot_19sj_bench_aot_native_tables, schemajit_aot_19sj_bench_aot_native_count, c);
    }
#endif
  }
  return true;
}();

}  // namespace
