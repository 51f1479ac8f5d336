// Batch compile: the 1,000 schemas gen.js made for seeds 3101 and 3102
// (tests/conformance/random-seed310[12]-part*.jsonl), compiled with Engine::compile_all on
// every core of this machine by a fresh Engine per iteration:
//   batch/interpreted the default options: each ready to serialize on the interpreter
//                     (machine code would follow in the background for those called 100 times)
//   batch/cold        machine code at level 0 before compile returns (tierUp false): lowering,
//                     LLVM IR and code generation for each
//   batch/cold_store  the same, writing each object to an empty cache directory
//   batch/warm        every schema a hit in that directory: the objects are linked, no IR built
// Counters: ms_per_schema; heap_kb_per_schema, the heap the 1,000 live serializers hold
// (program or code tables, JIT bookkeeping; glibc's count of bytes in use, which memory freed
// by an earlier iteration does not hide); rss_kb_per_schema, what the process's resident
// memory grew by (machine code lives outside the heap).
#include <benchmark/benchmark.h>

#include <malloc.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/cases.h"
#include <schemajit/schemajit.h>
#include "ir/json_access.h"
#include "ir/schema_doc.h"
#include "tools/tool_common.h"

namespace {

namespace fs = std::filesystem;

struct Batch {
  std::vector<std::string> schemas, defaults, options, cached_options;
  std::string cache_dir;
};

const Batch& batch() {
  static const Batch b = [] {
    Batch b;
    b.cache_dir = (fs::temp_directory_path() / ("sj-bench-cache-" + std::to_string(::getpid()))).string();
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(SJ_SOURCE_DIR "/tests/conformance")) {
      std::string name = e.path().filename().string();
      if (name.rfind("random-seed3101-", 0) == 0 || name.rfind("random-seed3102-", 0) == 0) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      for (const auto& line : sj::tools::read_lines(sj::bench::slurp(f.string()))) {
        rapidjson::Document c;
        std::string error;
        if (!sj::parse_json(line, c, error) || !sj::member(c, "schema")) continue;
        const rapidjson::Value* options = sj::member(c, "options");
        std::string opts = options && options->IsObject() ? sj::json_text(*options) : "";
        b.schemas.push_back(sj::json_text(*sj::member(c, "schema")));
        std::string machine = sj::bench::with_options(opts, "\"tierUp\":false,\"optLevel\":0");
        b.cached_options.push_back(sj::bench::with_options(machine, "\"cacheDir\":\"" + b.cache_dir + "\""));
        b.options.push_back(machine);
        b.defaults.push_back(std::move(opts));
      }
    }
    return b;
  }();
  return b;
}

long heap_in_use_kb() { return static_cast<long>(mallinfo2().uordblks / 1024); }

long resident_kb() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident * (::sysconf(_SC_PAGESIZE) / 1024);
}

enum class Mode { Interpreted, Cold, ColdStore, Warm };

void run(benchmark::State& state, Mode mode) {
  const Batch& b = batch();
  if (b.schemas.empty()) {
    state.SkipWithError("tests/conformance/random-seed310[12]-*.jsonl not found");
    return;
  }
  const auto& options = mode == Mode::Interpreted ? b.defaults : mode == Mode::Cold ? b.options : b.cached_options;
  std::vector<schemajit::CompileRequest> requests;
  for (size_t i = 0; i < b.schemas.size(); ++i) requests.push_back({b.schemas[i], options[i]});
  if (mode == Mode::Warm) {  // fill the cache once, outside the timing
    fs::remove_all(b.cache_dir);
    schemajit::Engine engine;
    (void)engine.compile_all(requests);
  }
  long rss = 0, heap = 0;
  size_t compiled = 0;
  double ms = 0;
  for (auto _ : state) {
    state.PauseTiming();
    if (mode == Mode::ColdStore) fs::remove_all(b.cache_dir);
    state.ResumeTiming();
    auto t0 = std::chrono::steady_clock::now();
    schemajit::Engine engine;
    long before = resident_kb(), heap_before = heap_in_use_kb();
    auto results = engine.compile_all(requests);
    if (mode == Mode::Interpreted) engine.wait_for_tier_up();  // the cache lookups, when there are any
    rss = resident_kb() - before;
    heap = heap_in_use_kb() - heap_before;
    ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    compiled = 0;
    for (const auto& r : results) compiled += r.ok();
    benchmark::DoNotOptimize(results);
    state.PauseTiming();
    results.clear();  // freeing 1,000 serializers is not part of compiling them
    state.ResumeTiming();
  }
  if (mode == Mode::ColdStore || mode == Mode::Warm) fs::remove_all(b.cache_dir);
  state.counters["schemas"] = static_cast<double>(requests.size());
  state.counters["compiled"] = static_cast<double>(compiled);
  state.counters["ms_per_schema"] = ms / static_cast<double>(state.iterations()) / static_cast<double>(requests.size());
  state.counters["rss_kb_per_schema"] = static_cast<double>(rss) / static_cast<double>(compiled ? compiled : 1);
  state.counters["heap_kb_per_schema"] = static_cast<double>(heap) / static_cast<double>(compiled ? compiled : 1);
}

BENCHMARK_CAPTURE(run, interpreted, Mode::Interpreted)->Name("batch/interpreted")->Iterations(5)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(run, cold, Mode::Cold)->Name("batch/cold")->Iterations(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(run, cold_store, Mode::ColdStore)->Name("batch/cold_store")->Iterations(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(run, warm, Mode::Warm)->Name("batch/warm")->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
