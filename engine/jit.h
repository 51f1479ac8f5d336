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

#include "api/compiled_code.h"
#include "ir/ir.h"
#include "runtime/abi.h"

namespace schemajit::detail {

using EntryFn = sj::rt::EntryFn;

class Jit {
 public:
  Jit();
  ~Jit();
  // Generates, optimises and links the module at `level`; throws sj::CompileError on LLVM
  // failure. With `cached`, also fills it with what the object cache stores (the object file
  // included).
  std::shared_ptr<CompiledCode> compile(const sj::ir::Module& module, int level, CachedCode* cached = nullptr);
  // Links an object the cache returned; throws sj::CompileError when LLVM rejects it.
  std::shared_ptr<CompiledCode> load(const CachedCode& cached);
  std::string dump(const sj::ir::Module& module, DumpKind kind);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace schemajit::detail
