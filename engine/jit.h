// The ORC JIT behind an Engine, seen without LLVM types: IR module in, machine code out.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/schemajit.h"
#include "ir/ir.h"
#include "runtime/abi.h"

namespace schemajit::detail {

using EntryFn = SjStatus (*)(SjCtx*, const rapidjson::Value*);

struct CompiledCode {
  EntryFn entry = nullptr;
  int32_t max_data_depth = 1000;
  int64_t max_output_bytes = int64_t(1) << 30;
  std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns;  // owned for the code's lifetime
  std::vector<const sj::rt::Pattern*> pattern_table;             // what SjCtx::patterns points at
  std::vector<std::unique_ptr<rapidjson::Document>> constants;    // the validators' const / enum values
  std::vector<const rapidjson::Value*> constant_table;            // what SjCtx::constants points at
  std::shared_ptr<void> keepalive;  // releases the machine code when the last Serializer goes
};

class Jit {
 public:
  Jit();
  ~Jit();
  // Generates, optimises and links the module; throws sj::CompileError on LLVM failure.
  std::shared_ptr<CompiledCode> compile(const sj::ir::Module& module);
  std::string dump(const sj::ir::Module& module, DumpKind kind);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace schemajit::detail
