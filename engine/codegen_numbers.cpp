// Numbers, integers and booleans: the inline type test, the runtime's number text for values of
// the schema's type, the coercions for the others; and the number predicates the type guards
// and validators share.
#include "engine/codegen_emit.h"

#include "runtime/number_text.h"

namespace schemajit::detail {

// NaN (a DOM can hold it as a double) is an error under type number, so the fast path
// takes integers and doubles that are not NaN; everything else goes to the coercion.
void Codegen::emit_number(const ir::Node& n, Value* v) {
  auto coerce = [&] { return call("sj_coerce_number", {ctx_arg_, v, bytes(n.path)}); };
  if (compact()) return whole_in_runtime(coerce);
  branch_carrying_literal(
      plain_number(v), [&] { number_text("sj_number_text", sj::rt::kMaxDoubleText, v); }, [&] { check(coerce()); },
      "isnumber");
}

// d - d is 0 exactly when d is neither NaN nor ±Infinity
Value* Codegen::is_finite(Value* d) {
  return b_.CreateFCmpOEQ(b_.CreateFSub(d, d), llvm::ConstantFP::get(b_.getDoubleTy(), 0.0));
}

Value* Codegen::plain_number(Value* v) {
  return number_where(v, [&](Value* d) { return b_.CreateFCmpORD(d, d); });
}

void Codegen::emit_integer(const ir::Node& n, Value* v) {
  int rounding = static_cast<int>(irm_.options.rounding);
  auto coerce = [&] { return call("sj_coerce_integer", {ctx_arg_, v, i32(rounding), bytes(n.path)}); };
  if (compact()) return whole_in_runtime(coerce);
  branch_carrying_literal(
      has_flag(v, dom::kInt64Flag | dom::kUint64Flag), [&] { number_text("sj_integer_text", sj::rt::kMaxIntText, v); },
      [&] { check(coerce()); }, "isint");
}

void Codegen::emit_boolean(Value* v) {
  if (compact()) {
    flush();
    call("sj_coerce_boolean", {ctx_arg_, v});
    return;
  }
  Value* t = type_of(v);
  branch(
      b_.CreateICmpEQ(t, b_.getInt16(dom::kTrueType)), [&] { literal("true"); },
      [&] {
        branch(
            b_.CreateICmpEQ(t, b_.getInt16(dom::kFalseType)), [&] { literal("false"); },
            [&] { call("sj_coerce_boolean", {ctx_arg_, v}); });
      },
      "istrue");
}

// Number.isInteger: an int64/uint64, or a finite double equal to its truncation.
Value* Codegen::integral(Value* v) {
  return number_where(v, [&](Value* d) {
    return b_.CreateAnd(b_.CreateFCmpOEQ(b_.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, d), d), is_finite(d));
  });
}

// A number's value as a double (int64 and uint64 converted).
Value* Codegen::as_double(Value* v) {
  Value* i = dom_load(b_.getInt64Ty(), v);
  Value* d = dom_load(b_.getDoubleTy(), v);
  return b_.CreateSelect(has_flag(v, dom::kDoubleFlag), d,
                         b_.CreateSelect(has_flag(v, dom::kInt64Flag), b_.CreateSIToFP(i, b_.getDoubleTy()),
                                         b_.CreateUIToFP(i, b_.getDoubleTy())));
}

// A number that is not NaN or ±Infinity (Number.isFinite).
Value* Codegen::finite_number(Value* v) {
  return number_where(v, [&](Value* d) { return is_finite(d); });
}

}  // namespace schemajit::detail
