// The JIT's part of an Engine (api/machine_code.h): machine code from LLVM's ORC JIT for the
// serializers an Engine() compiles. Every serializer starts on the interpreter; with tier-up it
// is compiled on this Engine's background thread once it has been called kTierUpCalls times
// (or at once from a cache file), and the machine code is swapped in while calls go on.
// LLVM starts on that thread, with the first compile: never on the path to a first output.
#include <mutex>
#include <optional>

#include <schemajit/schemajit.h>

#include "api/machine_code.h"
#include "engine/jit.h"
#include "engine/object_cache.h"
#include "engine/tier_up.h"
#include "ir/error.h"
#include "ir/lower.h"
#include "ir/schema_doc.h"

namespace schemajit {
namespace detail {
namespace {

// Compiled once per process and level before the first tier-up, on the worker, to build the
// LLVM statics a recompile uses ahead of exit (engine/tier_up.h). Counted with a breakpoint on
// __cxa_atexit (Ice Lake host): at levels 1-3 this schema builds four (SelectionDAG's
// value-type lists and two in X86 passes), and after it no other schema built another: at
// level 1 none of the 3,379 that compile in ../shared/conformance and tests/conformance, nor
// twitter's, citm_catalog's or canada's; at levels 2 and 3 none of 300 of them.
constexpr const char* kPrimingSchema = R"({"type":"object","properties":{"s":{"type":"string"},"n":{"type":"number"}}})";

class JitTier final : public MachineCode {
 public:
  explicit JitTier(LogSink log) : log_(std::move(log)) { guard_exit_on_main_thread(); }
  // A caller may briefly hold the queue while this Engine goes: stop its jobs before `jit_` dies.
  ~JitTier() override { queue_->shutdown(); }

  std::shared_ptr<const CompiledCode> compile_now(const sj::ir::Module& module, std::string_view schema,
                                                  const sj::Options& options) override {
    guard_exit_on_main_thread();
    try {
      return machine_code(module, schema, options, module.effective_opt_level());
    } catch (const sj::CompileError& e) {
      failed(e.message);
      return nullptr;
    } catch (const std::exception& e) {  // no memory, ...: the interpreter serves it
      failed(e.what());
      return nullptr;
    }
  }

  void arm(const std::shared_ptr<CompiledCode>& code, std::string_view schema, const sj::Options& options) override {
    guard_exit_on_main_thread();
    auto job = std::make_shared<const Job>(Job{code, std::string(schema), options});
    code->request_tier_up = [this, job, queue = std::weak_ptr<TierUpQueue>(queue_)] {
      auto q = queue.lock();
      if (!q) return;
      // Runs on the worker, which ~JitTier stops before `this` goes.
      q->push([this, job] { tier_up(*job); });
    };
    if (options.cache_dir.empty()) code->calls_until_tier_up.store(kTierUpCalls, std::memory_order_relaxed);
    else queue_->push([this, job] { from_cache_or_arm(*job); });
  }

  void add_stats(EngineStats& s) const override {
    s.hits = hits_.load();
    s.misses = misses_.load();
    s.stores = stores_.load();
    s.tier_ups = tier_ups_.load();
    std::lock_guard<std::mutex> lock(mutex_);
    std::string dropped_why;  // tier-up jobs the queue could not take (no thread, no memory)
    s.jit_failures = failures_ + queue_->dropped(dropped_why);
    s.jit_error = failures_ ? first_error_ : dropped_why;
    s.store_failures = store_failures_;
    s.cache_error = first_store_error_;
  }

  void wait() override { queue_->drain(); }

  std::string dump(const sj::ir::Module& module, DumpKind kind) override { return jit().dump(module, kind); }

 private:
  // One serializer's way to machine code: its schema is lowered again on the worker (the
  // interpreter keeps no module).
  struct Job {
    std::weak_ptr<CompiledCode> target;
    std::string schema;
    sj::Options options;
  };

  // LLVM's start: the first compile builds the JIT.
  Jit& jit() {
    std::call_once(jit_once_, [&] { jit_ = std::make_unique<Jit>(); });
    return *jit_;
  }

  // Machine code for `module` at `level`, from the cache when it has it. Throws sj::CompileError.
  std::shared_ptr<const CompiledCode> machine_code(const sj::ir::Module& module, std::string_view schema,
                                                   const sj::Options& options, int level) {
    std::optional<std::string> key;
    if (!options.cache_dir.empty()) key = ObjectCache::key(schema, options);
    if (key) {
      if (auto machine = cached(*key, options.cache_dir, level)) return machine;
      ++misses_;
    }
    CachedCode captured;
    auto machine = jit().compile(module, level, key ? &captured : nullptr);
    if (key && captured.object_size != 0) {
      captured.final_level = level;
      std::string why;
      if (ObjectCache(options.cache_dir).store(*key, captured, why)) ++stores_;
      else store_failed(why);
    }
    return machine;
  }

  // The job's module and final level (options.opt_level, or 0 for very large schemas).
  static sj::ir::Module lowered(const Job& job) {
    sj::SchemaDoc doc(job.schema, job.options);
    return sj::ir::lower(doc, job.options);
  }

  // The cache file's code when there is one at `level` that LLVM links, else null.
  std::shared_ptr<const CompiledCode> cached(const std::string& key, const std::string& dir, int level) {
    auto file = ObjectCache(dir).load(key);
    if (!file || file->opt_level != level) return nullptr;
    try {
      auto machine = jit().load(*file);
      ++hits_;
      return machine;
    } catch (const sj::CompileError&) {
      return nullptr;  // LLVM refused the object: compile afresh, and the store replaces the file
    }
  }

  // On the worker: a cache hit replaces the interpreter at once; otherwise the serializer is
  // armed to compile after kTierUpCalls calls.
  void from_cache_or_arm(const Job& job) {
    auto target = job.target.lock();
    if (!target) return;
    try {
      if (auto key = ObjectCache::key(job.schema, job.options)) {
        if (auto machine = cached(*key, job.options.cache_dir, lowered(job).effective_opt_level())) {
          target->publish(std::move(machine));
          return;
        }
        ++misses_;
      }
    } catch (const sj::CompileError& e) {
      failed(e.message);
      return;
    } catch (const std::exception& e) {  // on the worker, where nothing may escape
      failed(e.what());
      return;
    }
    target->calls_until_tier_up.store(kTierUpCalls, std::memory_order_relaxed);
  }

  // On the worker, once the serializer has been called kTierUpCalls times.
  void tier_up(const Job& job) {
    auto target = job.target.lock();
    if (!target) return;
    try {
      sj::ir::Module module = lowered(job);
      int level = module.effective_opt_level();
      prime_for_exit(level);
      target->publish(machine_code(module, job.schema, job.options, level));
      ++tier_ups_;
    } catch (const sj::CompileError& e) {
      failed(e.message);  // the serializer keeps running on the interpreter
    } catch (const std::exception& e) {  // no memory, ...: on the worker, where nothing may escape
      failed(e.what());
    }
  }

  // Before a worker's first compile at `level` in this process (engine/tier_up.h).
  void prime_for_exit(int level) {
    prepare_exit_for_level(level, [&] {
      // Default options: nothing the caller set (limits, external schemas, strict Ajv) may make
      // the priming schema fail.
      sj::Options prime;
      try {
        sj::SchemaDoc doc(kPrimingSchema, prime);
        (void)jit().compile(sj::ir::lower(doc, prime), level);
      } catch (const sj::CompileError&) {
        // Only LLVM can fail on it; the exit handler is registered all the same.
      }
    });
  }

  // Counted for stats(), and logged (on the thread that failed, with no lock held).
  void failed(std::string_view message) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (failures_++ == 0) first_error_ = message;
    }
    if (log_)
      log_to(log_, LogLevel::Warning,
             "no machine code, the serializer stays on the interpreter: " + std::string(message));
  }

  void store_failed(const std::string& why) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (store_failures_++ == 0) first_store_error_ = why;
    }
    if (log_) log_to(log_, LogLevel::Warning, "cache file not written: " + why);
  }

  const LogSink log_;  // EngineOptions::log, the handle the Engine shares (the worker calls it until ~JitTier)
  std::once_flag jit_once_;
  std::unique_ptr<Jit> jit_;
  std::shared_ptr<TierUpQueue> queue_ = std::make_shared<TierUpQueue>();
  std::atomic<uint64_t> hits_{0}, misses_{0}, stores_{0}, tier_ups_{0};
  mutable std::mutex mutex_;  // guards the failures
  uint64_t failures_ = 0, store_failures_ = 0;
  std::string first_error_, first_store_error_;
};

}  // namespace
}  // namespace detail

namespace {

// The JIT of an Engine, with the one sink both call: `options.log` is made a handle on a shared
// sink, so that a sink with state of its own (a functor collecting messages) sees every message,
// the worker's and the Engine's, not a copy each.
std::unique_ptr<detail::MachineCode> jit_sharing_the_log(EngineOptions& options) {
  if (options.log)
    options.log = [sink = std::make_shared<const LogSink>(std::move(options.log))](LogLevel level, std::string_view message) {
      (*sink)(level, message);
    };
  return std::make_unique<detail::JitTier>(options.log);
}

}  // namespace

Engine::Engine() : Engine(EngineOptions{}) {}
// The second argument is a reference, read once the first has been made.
Engine::Engine(EngineOptions options) : Engine(jit_sharing_the_log(options), options) {}

}  // namespace schemajit
