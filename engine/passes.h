// What the JIT and schemajit-aot share of LLVM's machinery: the native target's registration,
// the code generator's level, the IR pipelines per level, and LLVM errors as CompileErrors.
#pragma once
#include <utility>

#include <llvm/Support/CodeGen.h>
#include <llvm/Support/Error.h>

#include "ir/error.h"

namespace llvm {
class Module;
class TargetMachine;
}  // namespace llvm

namespace schemajit::detail {

// Registers the native target and its assembly printer, once per process.
void initialize_native_target();
llvm::CodeGenOptLevel codegen_level(int level);
// Level 0: no IR passes. Level 1: a short function pipeline; 2 and 3: LLVM's O2 and O3.
void optimize(llvm::Module& m, llvm::TargetMachine* tm, int level);

// An LLVM error as the CompileError "internal error: ...".
[[noreturn]] void fail(llvm::Error e);
template <class T>
T take(llvm::Expected<T> v) {
  if (!v) fail(v.takeError());
  return std::move(*v);
}

}  // namespace schemajit::detail
