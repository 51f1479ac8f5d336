// Regular expressions in generated code: the common anchored shapes matched inline, the
// others searched by the runtime (runtime/pattern.h), each search a 0 (no), 1 (yes) or 2 (a
// limit: the error is recorded) as sj_pattern_search returns.
#include "engine/codegen_emit.h"

#include "runtime/pattern.h"

namespace schemajit::detail {

// Whether pattern `index` occurs in s[0..n). ^literal$ and ^literal C+$ (^x-trace$,
// ^x-[a-z]+$, ^[0-9]+$, ^\S+$) are matched here: the length, the literal's bytes in a few
// word compares, then C's table a byte at a time; a non-ASCII byte in the run hands the
// subject to the runtime (the call, Pattern::search and the table loop behind it were 15 of
// patterns/pattern_props' 100 us). Other anchored patterns say no without a call to a subject
// whose first byte no match starts with ("other" against ^x-). Level 0 keeps the call.
Value* Codegen::search_pattern(int index, Value* s, Value* n, const std::string& path) {
  const sj::rt::Pattern& re = *irm_.patterns[static_cast<size_t>(index)];
  std::optional<sj::rt::LiteralShape> shape = re.literal_shape();
  sj::rt::FirstBytes first = re.first_bytes();
  if (compact() || (!shape && first.any)) return call("sj_pattern_search", {ctx_arg_, i32(static_cast<uint32_t>(index)), s, n, bytes(path)});

  BasicBlock* yes = block("re.yes");
  BasicBlock* no = block("re.no");
  BasicBlock* general = block("re.search");
  BasicBlock* merged = block("re.done");
  if (!shape) {
    Value* nonempty = b_.CreateICmpNE(n, i64(0));
    Value* c = first_byte(s, n);
    Value* set = b_.CreateSelect(b_.CreateICmpULT(c, i64(64)), i64(first.set[0]), i64(first.set[1]));
    Value* listed = b_.CreateTrunc(b_.CreateLShr(set, b_.CreateAnd(c, i64(63))), b_.getInt1Ty());
    b_.CreateCondBr(b_.CreateAnd(nonempty, b_.CreateOr(b_.CreateICmpUGE(c, i64(0x80)), listed)), general, no);
  } else {
    size_t k = shape->literal.size();
    BasicBlock* literal = block("re.literal");
    b_.CreateCondBr(shape->run ? b_.CreateICmpUGT(n, i64(k)) : b_.CreateICmpEQ(n, i64(k)), literal, no);
    go(literal);
    Value* same = same_key_bytes(s, std::string(shape->literal));  // n >= k: the bytes are there
    if (!shape->run) {
      b_.CreateCondBr(same, yes, no);
    } else {
      auto* table_type = llvm::ArrayType::get(b_.getInt8Ty(), 256);
      auto* table = new llvm::GlobalVariable(
          *mod_, table_type, true, llvm::GlobalValue::PrivateLinkage,
          llvm::ConstantDataArray::get(ctx_, llvm::ArrayRef<uint8_t>(shape->run, 256)), "re.run");
      BasicBlock* head = block("re.run");
      BasicBlock* body = block("re.run.byte");
      BasicBlock* in = block("re.run.in");
      b_.CreateCondBr(same, head, no);
      go(head);
      auto* i = b_.CreatePHI(b_.getInt64Ty(), 2, "i");
      i->addIncoming(i64(k), literal);
      b_.CreateCondBr(b_.CreateICmpULT(i, n), body, yes);
      go(body);
      Value* c = b_.CreateZExt(b_.CreateLoad(b_.getInt8Ty(), b_.CreateInBoundsGEP(b_.getInt8Ty(), s, i)), b_.getInt64Ty());
      Value* t = b_.CreateLoad(b_.getInt8Ty(), b_.CreateInBoundsGEP(table_type, table, {i64(0), c}));
      auto* sw = b_.CreateSwitch(t, general, 2);
      sw->addCase(b_.getInt8(sj::rt::kRunIn), in);
      sw->addCase(b_.getInt8(sj::rt::kRunOut), no);
      go(in);
      i->addIncoming(b_.CreateAdd(i, i64(1)), in);
      b_.CreateBr(head);
    }
  }
  go(general);
  Value* searched = call("sj_pattern_search", {ctx_arg_, i32(static_cast<uint32_t>(index)), s, n, bytes(path)});
  b_.CreateBr(merged);
  go(yes);
  b_.CreateBr(merged);
  go(no);
  b_.CreateBr(merged);
  go(merged);
  auto* found = b_.CreatePHI(b_.getInt32Ty(), 3, "found");
  found->addIncoming(searched, general);
  found->addIncoming(i32(1), yes);
  found->addIncoming(i32(0), no);
  return found;
}

}  // namespace schemajit::detail
