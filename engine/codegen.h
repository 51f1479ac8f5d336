// IR → LLVM IR. One LLVM function per IR function, `i32 f(ptr ctx, ptr value)`; the entry
// one is external and named `entry_name`, the others internal. `level` is the optimisation
// level the code is for (0: built for compile speed, engine/codegen_emit.h).
#pragma once
#include <memory>
#include <string>

#include "ir/ir.h"

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace schemajit::detail {

// `expand_bytes`: the target CPU expands bytes under a mask (AVX-512 VBMI2 with VL) and has
// BMI2's pdep/pext, so short strings with quotes or backslashes are escaped in registers (the
// JIT: the host; ahead of time: the CPU chosen).
std::unique_ptr<llvm::Module> generate(const sj::ir::Module& module, int level, bool expand_bytes, llvm::LLVMContext& context,
                                       const std::string& entry_name);

}  // namespace schemajit::detail
