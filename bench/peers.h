// The measured loops every benchmark shares: RapidJSON's Writer on a DOM (the "native"
// baseline, buffer reused), a schemajit Serializer on the same DOM, and the optional peers
// (simdjson, Boost.JSON, nlohmann), each on its own DOM of the same text. Output consumed;
// bytes/s counts the bytes each one writes.
#pragma once
#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "bench/cases.h"
#include <schemajit/schemajit.h>

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

// A serializer compiled in the shared Engine when its first benchmark runs, not when
// benchmarks are registered: compiling every schema of the binary up front took 13 s before a
// filtered run (or --benchmark_list_tests) could start. Benchmarks run one at a time on the
// main thread.
class LazySerializer {
 public:
  LazySerializer(std::string schema, std::string options) : schema_(std::move(schema)), options_(std::move(options)) {}

  // The serializer, or nullptr after skipping the benchmark with the compile error.
  const schemajit::Serializer* get(benchmark::State& state);

 private:
  std::string schema_, options_;
  std::optional<schemajit::Serializer> ser_;
  std::string error_;
};

// `schema` with `options`, compiled on first use.
inline std::shared_ptr<LazySerializer> lazy_compile(std::string schema, std::string options) {
  return std::make_shared<LazySerializer>(std::move(schema), std::move(options));
}

// `data`: a rapidjson::Value, or a const yyjson_doc* (the yyjson model).
template <class Data>
void run_schemajit(benchmark::State& state, const schemajit::Serializer& ser, const Data& data) {
  std::string out;
  for (auto _ : state) {
    out.clear();
    if (!ser.serialize(data, out)) state.SkipWithError("serialize failed");
    benchmark::DoNotOptimize(out[out.size() / 2]);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
  state.counters["bytes"] = static_cast<double>(out.size());
}
// The same call into a caller's buffer, and streamed to a writer that consumes each chunk
// (as a socket write would be handed it): the rows documents/<name>/schemajit_buffer and
// schemajit_chunks_<KiB>k, against documents/<name>/schemajit's reused std::string.
inline void run_schemajit_buffer(benchmark::State& state, const schemajit::Serializer& ser, const rapidjson::Value& dom) {
  std::string probe;
  if (!ser.serialize(dom, probe)) return state.SkipWithError("serialize failed");
  std::vector<char> buffer(probe.size());
  size_t len = 0;
  for (auto _ : state) {
    auto r = ser.serialize(dom, buffer.data(), buffer.size());
    if (!r) state.SkipWithError("serialize failed");
    len = *r;
    benchmark::DoNotOptimize(buffer[len / 2]);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * len));
}
inline void run_schemajit_chunks(benchmark::State& state, const schemajit::Serializer& ser, const rapidjson::Value& dom,
                                 size_t chunk_bytes) {
  size_t total = 0;
  auto consume = [&total](std::string_view chunk) {
    benchmark::DoNotOptimize(chunk[chunk.size() / 2]);
    total += chunk.size();
    return true;
  };
  for (auto _ : state) {
    total = 0;
    if (!ser.serialize(dom, consume, chunk_bytes)) state.SkipWithError("serialize failed");
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * total));
}

inline void run_schemajit(benchmark::State& state, LazySerializer& ser, const rapidjson::Value& dom) {
  if (const schemajit::Serializer* s = ser.get(state)) run_schemajit(state, *s, dom);
}

// The JSON text parsed once into RapidJSON (full precision) and kept with its serializer.
struct Case {
  rapidjson::Document dom;
  std::shared_ptr<LazySerializer> serializer;
};

// Parses `json` and registers <prefix>/native, <prefix>/schemajit and <prefix>/<peer> for
// every peer this binary was built with. Returns the case (for more rows on the same DOM and
// serializer), or null, having said why on stderr, when the text does not parse; a schema
// that does not compile, or a serializer that fails on the data, skips <prefix>/schemajit
// with the error when it runs.
std::shared_ptr<const Case> register_case(const std::string& prefix, const std::string& json,
                                          std::shared_ptr<LazySerializer> serializer);

// The case's schema in the shared Engine at level 1 with tier-up off (the final code, from
// the first iteration), registered as <group>/<case name>/... as above, and on the
// interpreter as <group>/<case name>/interp.
std::shared_ptr<const Case> register_case(const std::string& group, const BenchCase& c);

// Registers <prefix>/interp: the schema on the interpreter (option "jit": false), on `dom`,
// which must outlive the benchmark.
void register_interpreted(const std::string& prefix, const rapidjson::Value& dom, const std::string& schema,
                          const std::string& options);
// Registers <prefix>/interp_yyjson: the same on `json` read by yyjson (the yyjson input model).
void register_interpreted_yyjson(const std::string& prefix, const std::string& json, const std::string& schema,
                                 const std::string& options);

// Text in, text out, each call from the JSON text itself: <prefix>/text_schemajit
// (serialize_json: the text read into a yyjson document), <prefix>/text_schemajit_rapidjson
// (read into a RapidJSON DOM instead), <prefix>/text_yyjson (yyjson_read + yyjson_write, both into pool
// allocators over reused buffers, yyjson's fastest way) and <prefix>/text_rapidjson
// (Document::Parse + Writer).
void register_text_to_text(const std::string& prefix, const std::string& json, std::shared_ptr<LazySerializer> serializer);

// Registers <prefix>/<peer> for each peer built in (bench/peers.cpp).
void register_peers(const std::string& prefix, const std::string& json);

// Registers <prefix>/yyjson_scanning: yyjson on a document whose
// strings lost the mark its reader sets on those without an escape (YYJSON_SUBTYPE_NOESC),
// which lets its writer copy them unscanned. Without the mark every string is scanned, as
// any writer of a DOM that does not know it (RapidJSON's) must: the row says how much of
// yyjson's speed on strings is that mark.
void register_yyjson_scanning(const std::string& prefix, const std::string& json);

}  // namespace sj::bench
