// The seed's array benchmark, reproduced: for each row, RapidJSON's Writer on the same DOM
// ("native"), schemajit with every cutoff at infinity ("before": the loop only), schemajit
// with the calibrated cutoffs ("after"), and memcpy of the same number of bytes ("memcpy").
// All in one run, output consumed. bench/seed_table.py turns --benchmark_format=json output
// into the README's table.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <memory>

#include <rapidjson/document.h>

#include "tools/array_shapes.h"
#include "bench/peers.h"
#include "engine/schemajit.h"

namespace {

schemajit::Engine& engine() {
  static schemajit::Engine e;
  return e;
}

struct Prepared {
  rapidjson::Document doc;
  std::unique_ptr<schemajit::Serializer> before, after;
  size_t bytes = 0;
};

std::shared_ptr<Prepared> prepare(const sj::tools::Row& row) {
  auto p = std::make_shared<Prepared>();
  p->doc.Parse<rapidjson::kParseFullPrecisionFlag>(row.data.c_str());
  std::string extra = row.options.empty() ? "" : "," + row.options;
  // tierUp off: both measure level-1 code from the first iteration on.
  auto before = engine().compile(row.schema, R"({"tierUp":false,"cutoffs":{"string":null,"number":null,"integer":null})" + extra + "}");
  auto after = engine().compile(row.schema, R"({"tierUp":false)" + extra + "}");
  if (!before || !after) {
    std::fprintf(stderr, "seed row %s: %s\n", row.name.c_str(), (!before ? before : after).error().message.c_str());
    return nullptr;
  }
  p->before = std::make_unique<schemajit::Serializer>(*before);
  p->after = std::make_unique<schemajit::Serializer>(*after);
  std::string out;
  (void)p->after->serialize(p->doc, out);
  p->bytes = out.size();
  return p;
}

void native(benchmark::State& state, std::shared_ptr<Prepared> p) { sj::bench::run_native(state, p->doc); }

void schemajit_run(benchmark::State& state, std::shared_ptr<Prepared> p, bool after) {
  sj::bench::run_schemajit(state, after ? *p->after : *p->before, p->doc);
}

void copy(benchmark::State& state, std::shared_ptr<Prepared> p) {
  std::string src(p->bytes, 'x'), dst(p->bytes, ' ');
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::ClobberMemory();
    benchmark::DoNotOptimize(dst[dst.size() / 2]);
  }
  state.counters["bytes"] = static_cast<double>(p->bytes);
}

const bool registered = [] {
  for (const auto& row : sj::tools::seed_rows()) {
    auto p = prepare(row);
    if (!p) continue;
    benchmark::RegisterBenchmark(("seed/" + row.name + "/native").c_str(), native, p);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/before").c_str(), schemajit_run, p, false);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/after").c_str(), schemajit_run, p, true);
    benchmark::RegisterBenchmark(("seed/" + row.name + "/memcpy").c_str(), copy, p);
  }
  return true;
}();

}  // namespace
