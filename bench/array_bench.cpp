// The seed's array benchmark, reproduced: for each row, RapidJSON's Writer on the same DOM
// ("native"), schemajit with every cutoff at infinity ("before": the loop only), schemajit
// with the calibrated cutoffs ("after"), the interpreter ("interp"), memcpy of the same number
// of bytes ("memcpy"), and the peers built in (yyjson, ...). All in one run, output consumed. bench/seed_table.py turns --benchmark_format=json output
// into the README's table.
#include <benchmark/benchmark.h>

#include <cstring>
#include <memory>

#include <rapidjson/document.h>

#include "tools/array_shapes.h"
#include "bench/peers.h"
#include <schemajit/schemajit.h>

namespace {

struct Prepared {
  rapidjson::Document doc;
  std::shared_ptr<sj::bench::LazySerializer> before, after;
};

std::shared_ptr<Prepared> prepare(const sj::tools::Row& row) {
  auto p = std::make_shared<Prepared>();
  p->doc.Parse<rapidjson::kParseFullPrecisionFlag>(row.data.c_str());
  std::string extra = row.options.empty() ? "" : "," + row.options;
  // tierUp off: both measure level-1 code from the first iteration on.
  p->before = sj::bench::lazy_compile(row.schema, R"({"tierUp":false,"cutoffs":{"string":null,"number":null,"integer":null})" + extra + "}");
  p->after = sj::bench::lazy_compile(row.schema, R"({"tierUp":false)" + extra + "}");
  return p;
}

void native(benchmark::State& state, std::shared_ptr<Prepared> p) { sj::bench::run_native(state, p->doc); }

void schemajit_run(benchmark::State& state, std::shared_ptr<Prepared> p, bool after) {
  sj::bench::run_schemajit(state, after ? *p->after : *p->before, p->doc);
}

// memcpy of as many bytes as schemajit writes.
void copy(benchmark::State& state, std::shared_ptr<Prepared> p) {
  const schemajit::Serializer* ser = p->after->get(state);
  if (!ser) return;
  std::string out;
  (void)ser->serialize(p->doc, out);
  std::string src(out.size(), 'x'), dst(out.size(), ' ');
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::ClobberMemory();
    benchmark::DoNotOptimize(dst[dst.size() / 2]);
  }
  state.counters["bytes"] = static_cast<double>(out.size());
}

const bool registered = [] {
  for (const auto& row : sj::tools::seed_rows()) {
    auto p = prepare(row);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/native").c_str(), native, p);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/before").c_str(), schemajit_run, p, false);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/after").c_str(), schemajit_run, p, true);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/memcpy").c_str(), copy, p);
    sj::bench::register_peers("seed/" + row.name, row.data);
    sj::bench::register_yyjson_scanning("seed/" + row.name, row.data);
    sj::bench::register_text_to_text("seed/" + row.name, row.data, p->after);
    std::string extra = row.options.empty() ? "" : "{" + row.options + "}";
    sj::bench::register_interpreted("seed/" + row.name, p->doc, row.schema, extra);
  }
  return true;
}();

}  // namespace
