// What anyOf costs: 300 objects of three shapes told apart by a const "kind", serialized
// through an anyOf of three object branches (each element: branch validators in order,
// cheap tests first, then the merged branch's serializer) against the same data under one
// plain object schema that declares every member, and RapidJSON's Writer. Both schemas
// print the same bytes.
#include <benchmark/benchmark.h>

#include <string>

#include <rapidjson/document.h>

#include "bench/peers.h"
#include <schemajit/schemajit.h>

namespace {

const char* kAnyOfSchema = R"({"type":"array","items":{"anyOf":[
  {"type":"object","properties":{"kind":{"const":"a"},"name":{"type":"string"},"x":{"type":"integer"}},"required":["kind"]},
  {"type":"object","properties":{"kind":{"const":"b"},"name":{"type":"string"},"y":{"type":"number"}},"required":["kind"]},
  {"type":"object","properties":{"kind":{"const":"c"},"name":{"type":"string"},"z":{"type":"boolean"}},"required":["kind"]}]}})";

const char* kPlainSchema = R"({"type":"array","items":{"type":"object","properties":{
  "kind":{"type":"string"},"name":{"type":"string"},"x":{"type":"integer"},"y":{"type":"number"},"z":{"type":"boolean"}}}})";

const rapidjson::Document& data() {
  static rapidjson::Document doc = [] {
    std::string text = "[";
    for (int i = 0; i < 300; ++i) {
      if (i) text += ",";
      std::string n = std::to_string(i);
      switch (i % 3) {
        case 0: text += R"({"kind":"a","name":"item )" + n + R"(","x":)" + n + "}"; break;
        case 1: text += R"({"kind":"b","name":"item )" + n + R"(","y":)" + n + ".5}"; break;
        default: text += R"({"kind":"c","name":"item )" + n + R"(","z":true})"; break;
      }
    }
    rapidjson::Document d;
    d.Parse((text + "]").c_str());
    return d;
  }();
  return doc;
}

void run(benchmark::State& state, const char* schema) {
  schemajit::Engine engine;
  auto ser = engine.compile(schema, R"({"tierUp":false})");
  if (!ser) return state.SkipWithError(ser.error().message.c_str());
  sj::bench::run_schemajit(state, *ser, data());
}

void BM_Combinator_AnyOf3ByKind(benchmark::State& state) { run(state, kAnyOfSchema); }
void BM_Combinator_PlainObject(benchmark::State& state) { run(state, kPlainSchema); }
void BM_Combinator_Native(benchmark::State& state) { sj::bench::run_native(state, data()); }
BENCHMARK(BM_Combinator_AnyOf3ByKind);
BENCHMARK(BM_Combinator_PlainObject);
BENCHMARK(BM_Combinator_Native);

}  // namespace
