// What the JIT library (engine/, schemajit::schemajit) adds to an Engine: machine code for the
// serializers it compiles. An Engine made without it runs every serializer on the interpreter
// and needs no LLVM; one made with it (Engine()) still starts every serializer on the
// interpreter, and this decides when machine code replaces it.
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include <schemajit/schemajit.h>

#include "api/compiled_code.h"
#include "ir/ir.h"
#include "ir/options.h"

namespace schemajit::detail {

class MachineCode {
 public:
  virtual ~MachineCode() = default;
  // A serializer compile() has just made, running on the interpreter: returns machine code for
  // it at once when the options ask for it before compile() returns (tierUp false), or arms
  // `code` to be upgraded later on a background thread and returns null. Never throws: when
  // LLVM cannot compile or map the code the serializer stays interpreted (stats say so).
  virtual std::shared_ptr<const CompiledCode> attach(const std::shared_ptr<CompiledCode>& code, std::string_view schema,
                                                     const sj::Options& options,
                                                     const std::shared_ptr<const sj::ir::Module>& module) = 0;
  virtual void add_stats(EngineStats& stats) const = 0;
  // Blocks until queued work is done (Engine::wait_for_tier_up).
  virtual void wait() = 0;
  // schemajit-dump's LLVM IR or assembly. Throws sj::CompileError.
  virtual std::string dump(const sj::ir::Module& module, DumpKind kind) = 0;
};

}  // namespace schemajit::detail
