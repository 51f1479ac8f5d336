// The peers: RapidJSON's Writer always; simdjson (`to_string` of its DOM), Boost.JSON
// (`serialize`) and nlohmann (`dump`) when CMake found their Debian packages, each with its
// usual API (a fresh std::string per call, as a caller would get it); yyjson (third_party/,
// always built in) its fastest way (its README: the document read once, each
// call written into a pool allocator over a reused buffer). Each peer parses the text into its
// own DOM once and serializes it whole.
#include "bench/peers.h"

#include <cstdio>
#include <vector>

#include "api/text_paths.h"
#include "ir/schema_doc.h"

#if SJ_HAVE_SIMDJSON
#include <simdjson.h>
#endif
#if SJ_HAVE_BOOST_JSON
#include <boost/json.hpp>
#endif
#if SJ_HAVE_NLOHMANN
#include <nlohmann/json.hpp>
#endif
#include <yyjson.h>

namespace sj::bench {
namespace {

template <class Dom, class Dump>
void register_peer(const std::string& name, std::shared_ptr<Dom> dom, Dump dump) {
  benchmark::RegisterBenchmark(name.c_str(), [dom, dump](benchmark::State& state) {
    size_t bytes = 0;
    for (auto _ : state) {
      std::string out = dump(*dom);
      bytes = out.size();
      benchmark::DoNotOptimize(out[bytes / 2]);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
    state.counters["bytes"] = static_cast<double>(bytes);
  });
}

struct YyjsonDoc {
  yyjson_doc* doc = nullptr;
  std::vector<char> pool;  // the allocator's memory, reused by every call
  ~YyjsonDoc() { yyjson_doc_free(doc); }
};

void register_yyjson(const std::string& name, const std::string& json, bool scanning = false) {
  auto y = std::make_shared<YyjsonDoc>();
  y->doc = yyjson_read(json.data(), json.size(), 0);
  if (!y->doc) return;
  if (scanning) {
    // An immutable document's values (keys included) are one array from the root on.
    yyjson_val* v = yyjson_doc_get_root(y->doc);
    for (size_t i = 0, n = yyjson_doc_get_val_count(y->doc); i < n; ++i)
      if (yyjson_is_str(&v[i])) v[i].tag &= ~static_cast<uint64_t>(YYJSON_SUBTYPE_MASK);
  }
  y->pool.resize(4 * json.size() + (64 << 10));  // the output and the writer's estimates fit
  benchmark::RegisterBenchmark(name.c_str(), [y](benchmark::State& state) {
    size_t len = 0;
    for (auto _ : state) {
      yyjson_alc alc;
      yyjson_alc_pool_init(&alc, y->pool.data(), y->pool.size());
      char* out = yyjson_write_opts(y->doc, 0, &alc, &len, nullptr);
      if (!out) {
        state.SkipWithError("yyjson_write_opts failed");
        break;
      }
      benchmark::DoNotOptimize(out[len / 2]);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * len));
    state.counters["bytes"] = static_cast<double>(len);
  });
}

}  // namespace

const schemajit::Serializer* LazySerializer::get(benchmark::State& state) {
  if (!ser_ && error_.empty()) {
    auto made = shared_engine().compile(schema_, options_);
    if (made) ser_ = *made;
    else error_ = "schema does not compile: " + made.error().message;
  }
  if (!ser_) state.SkipWithError(error_.c_str());
  return ser_ ? &*ser_ : nullptr;
}

std::shared_ptr<const Case> register_case(const std::string& prefix, const std::string& json,
                                          std::shared_ptr<LazySerializer> serializer) {
  auto c = std::make_shared<Case>();
  c->serializer = std::move(serializer);
  std::string error;
  if (!sj::parse_json(json, c->dom, error)) {
    std::fprintf(stderr, "%s: data does not parse: %s\n", prefix.c_str(), error.c_str());
    return nullptr;
  }
  benchmark::RegisterBenchmark((prefix + "/native").c_str(), [c](benchmark::State& s) { run_native(s, c->dom); });
  benchmark::RegisterBenchmark((prefix + "/schemajit").c_str(),
                               [c](benchmark::State& s) { run_schemajit(s, *c->serializer, c->dom); });
  register_peers(prefix, json);
  return c;
}

std::shared_ptr<const Case> register_case(const std::string& group, const BenchCase& c) {
  std::string prefix = group + "/" + c.name;
  auto registered = register_case(prefix, c.input, lazy_compile(c.schema, with_options(c.options, "\"tierUp\":false")));
  if (registered) register_interpreted(prefix, registered->dom, c.schema, c.options);
  if (registered) register_interpreted_yyjson(prefix, c.input, c.schema, c.options);
  return registered;
}

void register_interpreted(const std::string& prefix, const rapidjson::Value& dom, const std::string& schema,
                          const std::string& options) {
  auto ser = lazy_compile(schema, with_options(options, "\"jit\":false"));
  benchmark::RegisterBenchmark((prefix + "/interp").c_str(), [ser, &dom](benchmark::State& s) { run_schemajit(s, *ser, dom); });
}

void register_interpreted_yyjson(const std::string& prefix, const std::string& json, const std::string& schema,
                                 const std::string& options) {
  auto ser = lazy_compile(schema, with_options(options, "\"jit\":false"));
  auto y = std::make_shared<YyjsonDoc>();
  y->doc = yyjson_read(json.data(), json.size(), YYJSON_READ_BIGNUM_AS_RAW);
  if (!y->doc) return;
  benchmark::RegisterBenchmark((prefix + "/interp_yyjson").c_str(), [ser, y](benchmark::State& s) {
    if (const schemajit::Serializer* ok = ser->get(s)) run_schemajit(s, *ok, static_cast<const yyjson_doc*>(y->doc));
  });
}

void register_peers([[maybe_unused]] const std::string& prefix, [[maybe_unused]] const std::string& json) {
#if SJ_HAVE_SIMDJSON
  {
    struct Parsed {
      simdjson::dom::parser parser;  // owns the element's storage
      simdjson::dom::element root;
    };
    auto p = std::make_shared<Parsed>();
    if (p->parser.parse(simdjson::padded_string(json)).get(p->root) == simdjson::SUCCESS)
      register_peer(prefix + "/simdjson", p, [](const Parsed& d) { return simdjson::to_string(d.root); });
  }
#endif
#if SJ_HAVE_BOOST_JSON
  {
    boost::json::error_code ec;
    auto v = std::make_shared<boost::json::value>(boost::json::parse(json, ec));
    if (!ec) register_peer(prefix + "/boost_json", v, [](const boost::json::value& d) { return boost::json::serialize(d); });
  }
#endif
#if SJ_HAVE_NLOHMANN
  {
    auto j = std::make_shared<nlohmann::json>(nlohmann::json::parse(json, nullptr, false));
    if (!j->is_discarded()) register_peer(prefix + "/nlohmann", j, [](const nlohmann::json& d) { return d.dump(); });
  }
#endif
  register_yyjson(prefix + "/yyjson", json);
}

void register_text_to_text(const std::string& prefix, const std::string& json, std::shared_ptr<LazySerializer> serializer) {
  auto text = std::make_shared<const std::string>(json);
  using schemajit::detail::InputModel;
  for (auto [row, model] : {std::pair{"/text_schemajit", InputModel::Yyjson}, std::pair{"/text_schemajit_rapidjson", InputModel::RapidJson}}) {
    benchmark::RegisterBenchmark((prefix + row).c_str(), [text, serializer, model = model](benchmark::State& state) {
      const schemajit::Serializer* ser = serializer->get(state);
      if (!ser) return;
      std::string out;
      for (auto _ : state) {
        out.clear();
        if (!schemajit::detail::SerializerAccess::serialize_json(*ser, *text, model, out)) state.SkipWithError("serialize_json failed");
        benchmark::DoNotOptimize(out[out.size() / 2]);
      }
      state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text->size()));
    });
  }
  benchmark::RegisterBenchmark((prefix + "/text_yyjson").c_str(), [text](benchmark::State& state) {
    std::vector<char> read_pool(yyjson_read_max_memory_usage(text->size(), 0));
    std::vector<char> write_pool(4 * text->size() + (64 << 10));
    for (auto _ : state) {
      yyjson_alc read_alc, write_alc;
      yyjson_alc_pool_init(&read_alc, read_pool.data(), read_pool.size());
      yyjson_alc_pool_init(&write_alc, write_pool.data(), write_pool.size());
      yyjson_doc* doc = yyjson_read_opts(const_cast<char*>(text->data()), text->size(), 0, &read_alc, nullptr);
      size_t len = 0;
      char* out = doc ? yyjson_write_opts(doc, 0, &write_alc, &len, nullptr) : nullptr;
      if (!out) {
        state.SkipWithError("yyjson failed");
        break;
      }
      benchmark::DoNotOptimize(out[len / 2]);
      yyjson_doc_free(doc);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text->size()));
  });
  benchmark::RegisterBenchmark((prefix + "/text_rapidjson").c_str(), [text](benchmark::State& state) {
    rapidjson::StringBuffer sb;
    for (auto _ : state) {
      rapidjson::Document doc;
      doc.Parse(text->data(), text->size());
      sb.Clear();
      rapidjson::Writer<rapidjson::StringBuffer> w(sb);
      doc.Accept(w);
      benchmark::DoNotOptimize(sb.GetString()[sb.GetSize() / 2]);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text->size()));
  });
}

void register_yyjson_scanning(const std::string& prefix, const std::string& json) {
  register_yyjson(prefix + "/yyjson_scanning", json, true);
}

}  // namespace sj::bench
