// Real documents (../shared/bench/data, never copied into the repo) through their schemas
// (../shared/bench/schemas): schemajit against RapidJSON's Writer on the same DOM, output
// consumed. Skipped with a message when the files are absent.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include <rapidjson/document.h>

#include "bench/peers.h"
#include "engine/schemajit.h"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return in ? std::string(std::istreambuf_iterator<char>(in), {}) : std::string();
}

struct Document {
  rapidjson::Document dom;
  std::unique_ptr<schemajit::Serializer> serializer;
};

schemajit::Engine& engine() {
  static schemajit::Engine e;
  return e;
}

std::shared_ptr<Document> load(const std::string& name) {
  std::string dir = SJ_SHARED_BENCH_DIR;
  std::string data = slurp(dir + "/data/" + name + ".json"), schema = slurp(dir + "/schemas/" + name + ".json");
  if (data.empty() || schema.empty()) {
    std::fprintf(stderr, "documents: %s/{data,schemas}/%s.json not found: skipped\n", dir.c_str(), name.c_str());
    return nullptr;
  }
  auto d = std::make_shared<Document>();
  d->dom.Parse<rapidjson::kParseFullPrecisionFlag>(data.c_str());
  auto ser = engine().compile(schema);
  if (d->dom.HasParseError() || !ser) {
    std::fprintf(stderr, "documents: %s: %s\n", name.c_str(), ser ? "data does not parse" : ser.error().message.c_str());
    return nullptr;
  }
  d->serializer = std::make_unique<schemajit::Serializer>(*ser);
  return d;
}

void native(benchmark::State& state, std::shared_ptr<Document> d) { sj::bench::run_native(state, d->dom); }

void schemajit_run(benchmark::State& state, std::shared_ptr<Document> d) {
  sj::bench::run_schemajit(state, *d->serializer, d->dom);
}

const bool registered = [] {
  for (const char* name : {"twitter", "citm_catalog", "canada"}) {
    auto d = load(name);
    if (!d) continue;
    benchmark::RegisterBenchmark((std::string("documents/") + name + "/native").c_str(), native, d)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("documents/") + name + "/schemajit").c_str(), schemajit_run, d)->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
