// Validators: the JSON Schema tests that pick an anyOf/oneOf branch or an if's side, compiled
// to functions that return 1 (passes), 0 (fails) or 2 (an error is recorded), leaving at the
// first failing keyword.
#include "engine/codegen_emit.h"

#include "ir/schema_doc.h"
#include "runtime/validate.h"

namespace schemajit::detail {
namespace {
// Enums longer than this are one runtime call over a table of constant indices: inline, each
// entry is a few blocks and a literal, and LLVM's time grows faster than their number.
constexpr size_t kInlineEnum = 64;
}  // namespace

// A large enum: a loop over a table of its constants' indices, each compared by the runtime.
void Codegen::enum_loop(const std::vector<int>& indices, Value* v, BasicBlock* no) {
  std::vector<uint32_t> words(indices.begin(), indices.end());
  auto* init = llvm::ConstantDataArray::get(ctx_, words);
  auto* table = new llvm::GlobalVariable(*mod_, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init, "enum");
  BasicBlock* yes = block("enum.found");
  loop(i64(0), i64(words.size()), [&](Value* i) {
    Value* index = b_.CreateLoad(b_.getInt32Ty(), b_.CreateInBoundsGEP(init->getType(), table, {i64(0), i}));
    BasicBlock* next = block("enum.next");
    b_.CreateCondBr(b_.CreateICmpNE(call("sj_test_equal", {ctx_arg_, index, v}), i32(0)), yes, next);
    go(next);
  });
  b_.CreateBr(no);  // no entry is equal
  go(yes);
}

void Codegen::define_validator(size_t index) {
  fn_ = vfns_[index];
  ctx_arg_ = fn_->getArg(0);
  cur_slot_ = nullptr;  // validators write no output
  Value* v = fn_->getArg(1);
  go(block("entry"));
  verror_ = block("error");
  Value* depth = enter(irm_.validators[index].path, 2);
  BasicBlock* no = block("fails");
  emit_test(*irm_.validators[index].body, v, no);
  leave(depth);
  b_.CreateRet(i32(1));
  go(no);
  leave(depth);
  b_.CreateRet(i32(0));
  go(verror_);
  b_.CreateRet(i32(2));
}

// Whether t passes on v, as an i1.
Value* Codegen::passes(const ir::Test& t, Value* v) {
  BasicBlock* no = block("t.no");
  BasicBlock* join = block("t.join");
  emit_test(t, v, no);
  BasicBlock* yes_end = b_.GetInsertBlock();
  b_.CreateBr(join);
  go(no);
  b_.CreateBr(join);
  go(join);
  auto* phi = b_.CreatePHI(b_.getInt1Ty(), 2);
  phi->addIncoming(b_.getTrue(), yes_end);
  phi->addIncoming(b_.getFalse(), no);
  return phi;
}

Value* Codegen::type_matches(uint8_t mask, Value* v) {
  Value* ok = b_.getFalse();
  auto any = [&](Value* c) { ok = b_.CreateOr(ok, c); };
  if (mask & ir::kTypeNull) any(is_type(v, dom::kNullType));
  if (mask & ir::kTypeBoolean) any(b_.CreateOr(is_type(v, dom::kTrueType), is_type(v, dom::kFalseType)));
  if (mask & ir::kTypeObject) any(is_type(v, dom::kObjectType));
  if (mask & ir::kTypeArray) any(is_type(v, dom::kArrayType));
  if (mask & ir::kTypeString) any(is_type(v, dom::kStringType));
  if (mask & ir::kTypeNumber) any(finite_number(v));
  else if (mask & ir::kTypeInteger) any(integral(v));
  return ok;
}

// const / enum: scalars compare inline (numbers as JavaScript's ===, as doubles); objects
// and arrays go to the runtime's deep equality.
Value* Codegen::equals_constant(Value* v, int index) {
  rapidjson::Document c;
  std::string error;
  sj::parse_json(irm_.constants[index], c, error);  // the lowering wrote it: always valid
  if (c.IsNull()) return is_type(v, dom::kNullType);
  if (c.IsBool()) return is_type(v, c.IsTrue() ? dom::kTrueType : dom::kFalseType);
  if (c.IsNumber())
    return b_.CreateAnd(has_flag(v, dom::kNumberFlag),
                        b_.CreateFCmpOEQ(as_double(v), llvm::ConstantFP::get(b_.getDoubleTy(), c.GetDouble())));
  if (c.IsString()) return string_equals(v, std::string(c.GetString(), c.GetStringLength()));
  return b_.CreateICmpNE(call("sj_test_equal", {ctx_arg_, i32(static_cast<uint32_t>(index)), v}), i32(0));
}

// v is the string s: type, then length, then bytes.
Value* Codegen::string_equals(Value* v, const std::string& s) {
  BasicBlock* pre = b_.GetInsertBlock();
  BasicBlock* is_str = block("streq.str");
  BasicBlock* same_len = block("streq.len");
  BasicBlock* join = block("streq.end");
  b_.CreateCondBr(is_type(v, dom::kStringType), is_str, join);
  go(is_str);
  auto [data, len] = string_of(v);
  b_.CreateCondBr(b_.CreateICmpEQ(len, i64(s.size())), same_len, join);
  go(same_len);
  Value* same = b_.CreateICmpEQ(b_.CreateCall(memcmp(), {data, bytes(s), i64(s.size())}), i32(0));
  b_.CreateBr(join);
  go(join);
  auto* phi = b_.CreatePHI(b_.getInt1Ty(), 3);
  phi->addIncoming(b_.getFalse(), pre);
  phi->addIncoming(b_.getFalse(), is_str);
  phi->addIncoming(same, same_len);
  return phi;
}

// Emits t on v: falls through when it passes, jumps to `no` at the first failing keyword.
void Codegen::emit_test(const ir::Test& t, Value* v, BasicBlock* no) {
  using K = ir::TestKind;
  Value* is_obj = nullptr;
  switch (t.kind) {
    case K::Never:
      b_.CreateBr(no);
      go(block("t.dead"));
      return;
    case K::Type: return require(type_matches(t.mask, v), no);
    case K::Coerce: {
      BasicBlock* typed = block("t.typed");
      BasicBlock* convert = block("t.convert");
      b_.CreateCondBr(type_matches(t.mask, v), typed, convert);
      go(convert);
      require(b_.CreateICmpNE(call("sj_ajv_coerce", {ctx_arg_, v, i64(t.plan)}), i32(0)), no);
      b_.CreateBr(typed);
      go(typed);
      return;
    }
    case K::Equal: {
      if (t.indices.size() > kInlineEnum) return enum_loop(t.indices, v, no);
      BasicBlock* yes = block("t.equal");
      for (int index : t.indices) {
        BasicBlock* next = block("t.next");
        b_.CreateCondBr(equals_constant(v, index), yes, next);
        go(next);
      }
      b_.CreateBr(no);
      go(yes);
      return;
    }
    case K::Defaults:
      return only_if(is_type(v, t.mask == ir::kTypeObject ? dom::kObjectType : dom::kArrayType), [&] {
        for (size_t i = 0; i < t.names.size(); ++i)
          call("sj_ajv_default", {ctx_arg_, v, bytes(t.names[i]), i64(t.names[i].size()),
                                  i32(static_cast<uint32_t>(t.indices[i])), i32(static_cast<uint32_t>(t.index))});
      });
    case K::Required:
      return only_if(is_type(v, dom::kObjectType), [&] {
        for (size_t i = 0; i < t.names.size(); ++i)
          require(b_.CreateIsNotNull(lookup(v, b_.getTrue(), t.names[i], t.indices[i])), no);
      });
    case K::Properties:
    case K::Dependencies:
      return only_if(is_type(v, dom::kObjectType), [&] {
        for (size_t i = 0; i < t.names.size(); ++i) {
          Value* m = lookup(v, b_.getTrue(), t.names[i], t.indices[i]);
          only_if(b_.CreateIsNotNull(m), [&] { emit_test(*t.children[i], t.kind == K::Properties ? m : v, no); });
        }
      });
    case K::Members:
      is_obj = is_type(v, dom::kObjectType);
      return only_if(is_obj, [&] { emit_members(t, v, no); });
    case K::Items:
      return only_if(is_type(v, dom::kArrayType), [&] {
        Value* len = size_of(v);
        for (size_t i = 0; i < t.children.size(); ++i)
          if (t.children[i])  // null: a position only skipped (additionalItems before items)
            only_if(b_.CreateICmpULT(i64(i), len), [&] { emit_test(*t.children[i], element(v, i64(i)), no); });
        if (t.rest) loop(i64(t.children.size()), len, [&](Value* i) { emit_test(*t.rest, element(v, i), no); });
      });
    case K::Contains:
      return only_if(is_type(v, dom::kArrayType), [&] {
        BasicBlock* found = block("t.found");
        loop(i64(0), size_of(v), [&](Value* i) {
          BasicBlock* next = block("t.next");
          b_.CreateCondBr(passes(*t.children[0], element(v, i)), found, next);
          go(next);
        });
        b_.CreateBr(no);
        go(found);
      });
    case K::Unique:
      return only_if(is_type(v, dom::kArrayType),
                     [&] { require(b_.CreateICmpNE(call("sj_test_unique", {v}), i32(0)), no); });
    case K::Count:
      return only_if(is_type(v, t.mask == ir::kTypeArray ? dom::kArrayType : dom::kObjectType),
                     [&] { within(size_of(v), t, no); });
    case K::Length:
      return only_if(is_type(v, dom::kStringType), [&] {
        auto [data, len] = string_of(v);
        within(call("sj_code_points", {data, len}), t, no);
      });
    case K::Range:
      return only_if(has_flag(v, dom::kNumberFlag), [&] {
        Value* d = as_double(v);
        auto* bound = llvm::ConstantFP::get(b_.getDoubleTy(), t.number);
        Value* ok = t.op == ir::RangeOp::Ge   ? b_.CreateFCmpOGE(d, bound)
                    : t.op == ir::RangeOp::Gt ? b_.CreateFCmpOGT(d, bound)
                    : t.op == ir::RangeOp::Le ? b_.CreateFCmpOLE(d, bound)
                                              : b_.CreateFCmpOLT(d, bound);
        require(ok, no);
      });
    case K::MultipleOf:
      return only_if(has_flag(v, dom::kNumberFlag), [&] {
        double bound = sj::rt::precision_bound(irm_.options.ajv_multiple_of_precision);
        Value* r = call("sj_test_multiple_of", {v, llvm::ConstantFP::get(b_.getDoubleTy(), t.number),
                                                llvm::ConstantFP::get(b_.getDoubleTy(), bound)});
        require(b_.CreateICmpNE(r, i32(0)), no);
      });
    case K::Pattern:
      return only_if(is_type(v, dom::kStringType), [&] {
        auto [data, len] = string_of(v);
        for (int index : t.indices) {
          require_outcome(search_pattern(index, data, len, t.text), no);
        }
      });
    case K::Format:
      return only_if(is_type(v, dom::kStringType), [&] {
        auto [data, len] = string_of(v);
        Value* r = call("sj_test_format", {i32(static_cast<uint32_t>(t.index)), data, len});
        require(b_.CreateICmpNE(r, i32(0)), no);
      });
    case K::Not: return require(b_.CreateNot(passes(*t.children[0], v)), no);
    case K::AllOf:
      for (const auto& c : t.children) emit_test(*c, v, no);
      return;
    case K::AnyOf: {
      BasicBlock* yes = block("t.any");
      for (const auto& c : t.children) {
        BasicBlock* next = block("t.next");
        b_.CreateCondBr(passes(*c, v), yes, next);
        go(next);
      }
      b_.CreateBr(no);
      go(yes);
      return;
    }
    case K::OneOf: {
      Value* count = i32(0);
      for (const auto& c : t.children) count = b_.CreateAdd(count, b_.CreateZExt(passes(*c, v), b_.getInt32Ty()));
      return require(b_.CreateICmpEQ(count, i32(1)), no);
    }
    case K::IfThenElse: {
      BasicBlock* then = block("t.then");
      BasicBlock* otherwise = block("t.else");
      BasicBlock* join = block("t.endif");
      b_.CreateCondBr(passes(*t.children[0], v), then, otherwise);
      go(then);
      if (t.children[1]) emit_test(*t.children[1], v, no);
      b_.CreateBr(join);
      go(otherwise);
      if (t.children[2]) emit_test(*t.children[2], v, no);
      b_.CreateBr(join);
      go(join);
      return;
    }
    case K::Call: return require_outcome(call(vfns_[t.index], {ctx_arg_, v}), no);
    case K::Throw:
      call("sj_error_text", {ctx_arg_, bytes(t.text)});
      b_.CreateBr(verror_);
      go(block("t.dead"));
      return;
  }
}

// r, a validator's or a search's outcome: 1 goes on, 0 fails, 2 (an error is recorded) leaves
// through the validator's error exit.
void Codegen::require_outcome(Value* r, BasicBlock* no) {
  BasicBlock* other = block("t.other");
  BasicBlock* ok = block("t.ok");
  b_.CreateCondBr(b_.CreateICmpEQ(r, i32(1)), ok, other);
  go(other);
  b_.CreateCondBr(b_.CreateICmpEQ(r, i32(2)), verror_, no);
  go(ok);
}

void Codegen::within(Value* n, const ir::Test& t, BasicBlock* no) {
  if (t.lo > 0) require(b_.CreateICmpSGE(n, i64(uint64_t(t.lo))), no);
  if (t.hi != INT64_MAX) require(b_.CreateICmpSLE(n, i64(uint64_t(t.hi))), no);
}

// propertyNames, patternProperties and additionalProperties in one pass over the members;
// none when the count alone shows that only required, declared names are present.
void Codegen::emit_members(const ir::Test& t, Value* v, BasicBlock* no) {
  llvm::Constant* keys = key_table(t.names);
  auto pass = [&] {
    loop(i64(0), size_of(v), [&](Value* i) {
      Value* m = b_.CreateInBoundsGEP(b_.getInt8Ty(), packed_pointer(v), b_.CreateMul(i, i64(dom::kMemberSize)));
      Value* value = at(m, dom::kMemberValueOffset);
      if (t.key_test) emit_test(*t.key_test, m, no);  // the name is a string Value
      auto [kdata, klen] = string_of(m);
      Value* matched = b_.getFalse();
      for (size_t p = 0; p < t.indices.size(); ++p) {
        Value* r = search_pattern(t.indices[p], kdata, klen, t.text);
        BasicBlock* searched = block("t.searched");
        b_.CreateCondBr(b_.CreateICmpEQ(r, i32(2)), verror_, searched);  // a limit: the error is recorded
        go(searched);
        Value* hit = b_.CreateICmpEQ(r, i32(1));
        only_if(hit, [&] { emit_test(*t.children[p], value, no); });
        matched = b_.CreateOr(matched, hit);
      }
      if (t.rest || t.removal != ir::Test::Removal::None) {
        Value* declared = b_.CreateICmpNE(call("sj_key_declared", {keys, kdata, klen}), i32(0));
        only_if(b_.CreateNot(b_.CreateOr(matched, declared)), [&] {
          auto remove = [&] { call("sj_ajv_mark_removed", {v, i}); };
          if (t.removal == ir::Test::Removal::Every) remove();
          else if (t.removal == ir::Test::Removal::Failing) only_if(b_.CreateNot(passes(*t.rest, value)), remove);
          else emit_test(*t.rest, value, no);
        });
      }
    });
    // Deleted after the pass, which marks them: no pass both deletes members and fails.
    if (t.removal != ir::Test::Removal::None) call("sj_ajv_sweep", {v});
  };
  if (t.declared_count < 0) return pass();
  only_if(b_.CreateICmpNE(size_of(v), i64(static_cast<uint64_t>(t.declared_count))), pass);
}

}  // namespace schemajit::detail
