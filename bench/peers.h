// The measured loops every benchmark shares: RapidJSON's Writer on a DOM (the "native"
// baseline, buffer reused), a schemajit Serializer on the same DOM, and the optional peers
// (simdjson, Boost.JSON, nlohmann), each on its own DOM of the same text. Output consumed;
// bytes/s counts the bytes each one writes.
#pragma once
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "bench/cases.h"
#include "engine/schemajit.h"

namespace sj::bench {

inline void run_native(benchmark::State& state, const rapidjson::Value& dom) {
  rapidjson::StringBuffer sb;
  for (auto _ : state) {
    sb.Clear();
    rapidjson::Writer<rapidjson::StringBuffer> w(sb);
    dom.Accept(w);
    benchmark::DoNotOptimize(sb.GetString()[sb.GetSize() / 2]);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * sb.GetSize()));
  state.counters["bytes"] = static_cast<double>(sb.GetSize());
}

inline void run_schemajit(benchmark::State& state, const schemajit::Serializer& ser, const rapidjson::Value& dom) {
  std::string out;
  for (auto _ : state) {
    out.clear();
    if (!ser.serialize(dom, out)) state.SkipWithError("serialize failed");
    benchmark::DoNotOptimize(out[out.size() / 2]);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
  state.counters["bytes"] = static_cast<double>(out.size());
}

// The JSON text parsed once into RapidJSON (full precision) and kept with its serializer.
struct Case {
  rapidjson::Document dom;
  schemajit::Serializer serializer;
  Case(schemajit::Serializer s) : serializer(std::move(s)) {}
};

// Parses `json` and registers <prefix>/native, <prefix>/schemajit and <prefix>/<peer> for
// every peer this binary was built with. Returns false (and says why on stderr) when the
// text does not parse or the serializer fails on it.
bool register_case(const std::string& prefix, const std::string& json, const schemajit::Serializer& serializer);

// Compiles the case's schema in the shared Engine at level 1 with tier-up off (the final
// code, from the first iteration) and registers it as <group>/<case name>/... as above;
// false (and why, on stderr) when the schema does not compile.
bool register_case(const std::string& group, const BenchCase& c);

// Registers <prefix>/<peer> for each peer built in (bench/peers.cpp).
void register_peers(const std::string& prefix, const std::string& json);

}  // namespace sj::bench
