// The measured loops every benchmark shares: RapidJSON's Writer on a DOM (the "native"
// baseline, buffer reused) and a schemajit Serializer on the same DOM, output consumed.
#pragma once
#include <benchmark/benchmark.h>

#include <string>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

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
    (void)ser.serialize(dom, out);
    benchmark::DoNotOptimize(out[out.size() / 2]);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
  state.counters["bytes"] = static_cast<double>(out.size());
}

}  // namespace sj::bench
