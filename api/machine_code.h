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

// Sends a message to an Engine's log (EngineOptions::log), when it has one. Never throws: what
// the sink throws is dropped (it may run on the tier-up worker, where nothing may escape).
inline void log_to(const LogSink& log, LogLevel level, std::string_view message) noexcept {
  if (!log) return;
  try {
    log(level, message);
  } catch (...) {
  }
}

class MachineCode {
 public:
  virtual ~MachineCode() = default;
  // Machine code for a module compile() has just lowered, before compile() returns (option
  // tierUp false); null when LLVM cannot compile or map it (the serializer is interpreted then,
  // and stats say so). Never throws.
  virtual std::shared_ptr<const CompiledCode> compile_now(const sj::ir::Module& module, std::string_view schema,
                                                          const sj::Options& options) = 0;
  // Arms an interpreted serializer to be replaced by machine code on a background thread: once
  // it has been called enough, or at once from a cache file. The schema is lowered again there.
  virtual void arm(const std::shared_ptr<CompiledCode>& code, std::string_view schema, const sj::Options& options) = 0;
  virtual void add_stats(EngineStats& stats) const = 0;
  // Blocks until queued work is done (Engine::wait_for_tier_up).
  virtual void wait() = 0;
  // schemajit-dump's LLVM IR or assembly. Throws sj::CompileError.
  virtual std::string dump(const sj::ir::Module& module, DumpKind kind) = 0;
};

}  // namespace schemajit::detail
