// The public API: schema text → SchemaDoc → IR → machine code, and the serialize call.
#include <schemajit/schemajit.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

#include "engine/jit.h"
#include "engine/object_cache.h"
#include "engine/tier_up.h"
#include "ir/error.h"
#include "ir/lower.h"
#include "ir/printer.h"
#include "ir/schema_doc.h"
#include "runtime/run_call.h"
#include "runtime/dom_layout.h"

namespace schemajit {
namespace {

// Compiled once per process and level before the first tier-up, on the worker, to build the
// LLVM statics a recompile uses ahead of exit (engine/tier_up.h). Counted with a breakpoint on
// __cxa_atexit (Ice Lake host): at levels 1-3 this schema builds four (SelectionDAG's
// value-type lists and two in X86 passes), and after it no other schema built another: at
// level 1 none of the 3,379 that compile in ../shared/conformance and tests/conformance, nor
// twitter's, citm_catalog's or canada's; at levels 2 and 3 none of 300 of them. The schema
// with every kind of node that primed until stop 23 built the same four, in ~150 ms.
constexpr const char* kPrimingSchema = R"({"type":"object","properties":{"s":{"type":"string"},"n":{"type":"number"}}})";

}  // namespace

struct Engine::Impl {
  detail::Jit jit;
  bool layout_ok = sj::dom::layout_self_check();
  std::atomic<uint64_t> hits{0}, misses{0}, stores{0}, tier_ups{0};
  std::shared_ptr<detail::TierUpQueue> tier_up = std::make_shared<detail::TierUpQueue>();
  // A caller may briefly hold the queue while this Engine goes: stop its jobs before `jit` dies.
  ~Impl() { tier_up->shutdown(); }

  // Lowers and compiles at `level`; with a key, the object is also stored in the cache.
  std::shared_ptr<detail::CompiledCode> build(std::string_view schema, const sj::Options& options, int level,
                                             const std::optional<std::string>& key, int* final_level) {
    sj::SchemaDoc doc(schema, options);
    sj::ir::Module module = sj::ir::lower(doc, options);
    *final_level = module.effective_opt_level();
    module.options.opt_level = std::min(level, *final_level);
    detail::CachedCode cached;
    auto code = jit.compile(module, key ? &cached : nullptr);
    if (key && cached.object_size != 0) {
      cached.final_level = *final_level;
      detail::ObjectCache(options.cache_dir).store(*key, cached);
      ++stores;
    }
    return code;
  }

  // Before a worker's first recompile at `level` in this process (engine/tier_up.h).
  void prime_for_exit(int level) {
    detail::prepare_exit_for_level(level, [&] {
      // Default options at the final level: nothing the caller set (limits, external schemas,
      // strict Ajv) may make the priming schema fail.
      sj::Options prime;
      prime.opt_level = level;
      int final_level;
      try {
        (void)build(kPrimingSchema, prime, level, std::nullopt, &final_level);
      } catch (const sj::CompileError&) {
        // Only LLVM can fail on it; the exit handler is registered all the same.
      }
    });
  }

  // Arms `code` (built below final_level) to be rebuilt at final_level after kTierUpCalls
  // calls, on this Engine's worker.
  void arm_tier_up(const std::shared_ptr<detail::CompiledCode>& code, std::string_view schema, const sj::Options& options,
                   const std::optional<std::string>& key) {
    code->calls_until_tier_up.store(detail::kTierUpCalls, std::memory_order_relaxed);
    std::weak_ptr<detail::CompiledCode> weak = code;
    std::weak_ptr<detail::TierUpQueue> queue = tier_up;
    code->request_tier_up = [this, weak, queue, schema = std::string(schema), options, key] {
      auto q = queue.lock();
      if (!q) return;
      // Runs on the worker, which ~Impl stops before `this` goes.
      q->push([this, weak, schema, options, key] {
        prime_for_exit(options.opt_level);
        auto target = weak.lock();
        if (!target) return;
        try {
          int final_level;
          auto better = build(schema, options, options.opt_level, key, &final_level);
          target->upgraded = better;
          target->active.store(better.get(), std::memory_order_release);
          ++tier_ups;
        } catch (const sj::CompileError&) {
          // Compiled once already, so only LLVM can fail here: keep the running code.
        }
      });
    };
  }
  // Throws CompileError.
  Serializer compile(std::string_view schema_json, const sj::Options& options) {
    detail::guard_exit_on_main_thread();
    if (!layout_ok)
      throw sj::CompileError("this build of RapidJSON lays out rapidjson::Value differently from runtime/dom_layout.h", "",
                             ErrorCode::Internal);
    std::optional<std::string> key;
    if (!options.cache_dir.empty()) key = detail::ObjectCache::key(schema_json, options);
    bool tiered = options.tier_up && options.opt_level > 0;
    if (key) {
      if (auto cached = detail::ObjectCache(options.cache_dir).load(*key)) {
        try {
          auto code = jit.load(*cached);
          ++hits;
          if (tiered && cached->opt_level < cached->final_level) arm_tier_up(code, schema_json, options, key);
          return Serializer(std::move(code));
        } catch (const sj::CompileError&) {
          // LLVM refused the object: compile afresh, and the store replaces the file.
        }
      }
      ++misses;
    }
    int final_level;
    auto code = build(schema_json, options, tiered ? 0 : options.opt_level, key, &final_level);
    if (tiered && final_level > 0) arm_tier_up(code, schema_json, options, key);
    return Serializer(std::move(code));
  }
};

Engine::Engine() : impl_(std::make_shared<Impl>()) { detail::guard_exit_on_main_thread(); }
Engine::~Engine() = default;

namespace {

Error error_of(const sj::CompileError& e) { return Error{e.code, e.message, e.pointer}; }

}  // namespace

const char* version() { return SCHEMAJIT_VERSION_STRING; }

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidSchema: return "InvalidSchema";
    case ErrorCode::InvalidOptions: return "InvalidOptions";
    case ErrorCode::Unsupported: return "Unsupported";
    case ErrorCode::SchemaLimit: return "SchemaLimit";
    case ErrorCode::InvalidData: return "InvalidData";
    case ErrorCode::DepthLimit: return "DepthLimit";
    case ErrorCode::OutputLimit: return "OutputLimit";
    case ErrorCode::OutOfMemory: return "OutOfMemory";
    case ErrorCode::InvalidInput: return "InvalidInput";
    case ErrorCode::FileError: return "FileError";
    case ErrorCode::Internal: return "Internal";
  }
  return "?";
}

Result<Cutoffs> load_cutoffs(const std::string& path) {
  try {
    return sj::load_cutoffs(path);
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Result<Serializer> Engine::compile(std::string_view schema_json, const Options& options) {
  try {
    return impl_->compile(schema_json, sj::from_public(options));
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Result<Serializer> Engine::compile(std::string_view schema_json, std::string_view options_json) {
  try {
    return impl_->compile(schema_json, sj::parse_options(options_json));
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Result<Serializer> Engine::compile_file(const std::string& path, const Options& options) {
  std::ifstream in(path, std::ios::binary);
  std::string text;
  if (in) text.assign(std::istreambuf_iterator<char>(in), {});
  if (!in && !in.eof()) return Error{ErrorCode::FileError, path + ": " + std::strerror(errno), ""};
  return compile(text, options);
}

std::vector<Result<Serializer>> Engine::compile_all(const std::vector<CompileRequest>& requests, unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<size_t>(threads, requests.size()));
  std::vector<std::optional<Result<Serializer>>> slots(requests.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < requests.size();) slots[i].emplace(compile(requests[i].schema, requests[i].options));
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();  // the calling thread is one of the workers
  for (auto& t : pool) t.join();
  std::vector<Result<Serializer>> results;
  results.reserve(requests.size());
  for (auto& slot : slots) results.push_back(std::move(*slot));
  return results;
}

void Engine::wait_for_tier_up() { impl_->tier_up->drain(); }

EngineStats Engine::stats() const {
  return {impl_->hits.load(), impl_->misses.load(), impl_->stores.load(), impl_->tier_ups.load()};
}

Result<std::string> Engine::dump(std::string_view schema_json, std::string_view options_json, DumpKind kind) {
  try {
    sj::Options options = sj::parse_options(options_json);
    sj::SchemaDoc doc(schema_json, options);
    sj::ir::Module module = sj::ir::lower(doc, options);
    if (kind == DumpKind::IR) return sj::ir::print(module);
    return impl_->jit.dump(module, kind);
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Serializer::Serializer(std::shared_ptr<const detail::CompiledCode> code) : code_(std::move(code)) {}
Serializer::Serializer(const Serializer& other) = default;
Serializer& Serializer::operator=(const Serializer& other) = default;
Serializer::~Serializer() = default;

namespace {

// The code a call runs: the active code, after counting the call toward tier-up. The count
// runs only until it reaches 0 (then the recompile is requested), so once the tiered code is
// active it is 0: no need to test which code is active first.
const sj::rt::CallSpec& counted_call(const detail::CompiledCode& code) {
  if (code.calls_until_tier_up.load(std::memory_order_relaxed) > 0 &&
      code.calls_until_tier_up.fetch_sub(1, std::memory_order_relaxed) == 1) [[unlikely]]
    code.request_tier_up();
  return code.active.load(std::memory_order_acquire)->call;
}

ErrorCode code_of(sj::rt::Failure failure) {
  switch (failure) {
    case sj::rt::Failure::Data: return ErrorCode::InvalidData;
    case sj::rt::Failure::Depth: return ErrorCode::DepthLimit;
    case sj::rt::Failure::Output: return ErrorCode::OutputLimit;
    case sj::rt::Failure::Memory: return ErrorCode::OutOfMemory;
    case sj::rt::Failure::Schema: return ErrorCode::InvalidSchema;
  }
  return ErrorCode::Internal;
}

// A call's answer: `failure` is null on success, else owned from here.
Status status_of(sj::rt::CallExtras* failure) {
  if (!failure) [[likely]] return {};
  std::unique_ptr<sj::rt::CallExtras> owned(failure);
  return Status(Error{code_of(owned->failure), std::move(owned->message), std::move(owned->path)});
}

}  // namespace

Status Serializer::serialize(const rapidjson::Value& value, std::string& out) const {
  return status_of(sj::rt::run_call(counted_call(*code_), &value, out));
}

Status Serializer::serialize_json(std::string_view json, std::string& out) const {
  rapidjson::Document doc;
  std::string err;
  bool lone_surrogates;
  if (!sj::parse_json_data(json, doc, err, lone_surrogates)) return Status(Error{ErrorCode::InvalidInput, "input is not valid JSON: " + err, ""});
  sj::collapse_duplicate_members(doc);  // JSON.parse's object: the last value, the first position
  if (!lone_surrogates) return serialize(doc, out);
  // Held as WTF-8 (parse_json_data): the call ends in the scratch buffer, which prints them.
  return status_of(sj::rt::run_call_in_scratch(counted_call(*code_), &doc, out, true).release());
}

}  // namespace schemajit
