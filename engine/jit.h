// The ORC JIT behind an Engine, seen without LLVM types: IR module in, machine code out.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/object_cache.h"
#include <schemajit/schemajit.h>
#include "ir/ir.h"
#include "runtime/abi.h"
#include "runtime/call_state.h"

namespace schemajit::detail {

using EntryFn = sj::rt::EntryFn;

struct CompiledCode {
  sj::rt::CallSpec call;  // the entry point, the limits and the two tables below
  std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns;  // owned for the code's lifetime
  std::vector<const sj::rt::Pattern*> pattern_table;             // what CallSpec::patterns points at
  std::vector<std::unique_ptr<rapidjson::Document>> constants;    // the validators' const / enum values
  std::vector<const rapidjson::Value*> constant_table;            // what CallSpec::constants points at
  std::shared_ptr<void> keepalive;  // releases the machine code when the last Serializer goes

  // Tier-up (engine/tier_up.h). Calls run `active`: this code, until a recompile at the final
  // level is published (written once: `upgraded` first, then `active` with release order).
  // While calls_until_tier_up is positive each call counts down; the call that takes it to 0
  // runs request_tier_up, which queues the recompile.
  mutable std::atomic<const CompiledCode*> active{this};
  mutable std::shared_ptr<const CompiledCode> upgraded;
  mutable std::atomic<int32_t> calls_until_tier_up{0};
  std::function<void()> request_tier_up;
};

class Jit {
 public:
  Jit();
  ~Jit();
  // Generates, optimises and links the module; throws sj::CompileError on LLVM failure.
  // With `cached`, also fills it with what the object cache stores (the object file included).
  std::shared_ptr<CompiledCode> compile(const sj::ir::Module& module, CachedCode* cached = nullptr);
  // Links an object the cache returned; throws sj::CompileError when LLVM rejects it.
  std::shared_ptr<CompiledCode> load(const CachedCode& cached);
  std::string dump(const sj::ir::Module& module, DumpKind kind);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace schemajit::detail
