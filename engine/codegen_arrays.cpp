// Arrays: the seed's length branch between the bulk kernel and the inlined loop (miss and
// resume), tuples with their guards, largeArrayMechanism json-stringify.
#include "engine/codegen_emit.h"

namespace schemajit::detail {

// The positions of a tuple, unrolled: each present item must pass its guard, then it is
// serialized with its own schema (spec §6.2). Shorter arrays simply end early.
void Codegen::emit_tuple_items(const ir::Node& n, Value* len, Value* elems) {
  BasicBlock* done = block("tuple.done");
  for (size_t i = 0; i < n.tuple.size(); ++i) {
    BasicBlock* present = block("tuple.item");
    b_.CreateCondBr(b_.CreateICmpULT(i64(i), len), present, done);
    go(present);
    if (i) literal(",");
    Value* e = b_.CreateInBoundsGEP(b_.getInt8Ty(), elems, i64(i * dom::kValueSize));
    BasicBlock* pass = block("tuple.pass");
    BasicBlock* reject = block("tuple.reject");
    flush();
    b_.CreateCondBr(tuple_guard(n.tuple[i].guard, e), pass, reject);
    go(reject);
    fail_with(call("sj_error_item", {ctx_arg_, i64(i), bytes(n.path)}));
    go(pass);
    emit(*n.tuple[i].value, e);
    flush();
  }
  b_.CreateBr(done);
  go(done);
}

Value* Codegen::tuple_guard(uint8_t g, Value* v) {
  Value* ok = b_.getFalse();
  Value* is_null = is_type(v, dom::kNullType);
  if (g & ir::kGuardNull) ok = b_.CreateOr(ok, is_null);
  if (g & ir::kGuardString)
    ok = b_.CreateOr(ok, b_.CreateOr(b_.CreateOr(is_type(v, dom::kStringType), is_null), is_type(v, dom::kArrayType)));
  if (g & ir::kGuardInteger) ok = b_.CreateOr(ok, integral(v));
  if (g & ir::kGuardNumber) ok = b_.CreateOr(ok, finite_number(v));
  if (g & ir::kGuardBoolean)
    ok = b_.CreateOr(ok, b_.CreateOr(is_type(v, dom::kTrueType), is_type(v, dom::kFalseType)));
  if (g & ir::kGuardArray) ok = b_.CreateOr(ok, is_type(v, dom::kArrayType));
  if (g & ir::kGuardObject) {
    // JavaScript checks obj.constructor === Object: an own "constructor" member fails.
    Value* own = call("sj_find_member", {v, bytes("constructor"), i64(11)});
    ok = b_.CreateOr(ok, b_.CreateAnd(is_type(v, dom::kObjectType), b_.CreateIsNull(own)));
  }
  return ok;
}

// The runtime kernel of a bulk strategy (runtime/abi.h).
const char* Codegen::bulk_kernel(ir::ArrayStrategy s) {
  switch (s) {
    case ir::ArrayStrategy::BulkString: return "sj_bulk_string_array";
    case ir::ArrayStrategy::BulkNumber: return "sj_bulk_number_array";
    case ir::ArrayStrategy::BulkInteger: return "sj_bulk_integer_array";
    case ir::ArrayStrategy::BulkNumberArrays: return "sj_bulk_number_arrays";
    case ir::ArrayStrategy::Loop: break;
  }
  return nullptr;  // no cutoff: never asked
}

void Codegen::emit_array(const ir::Node& n, Value* v) {
  flush();
  BasicBlock* done = block("arr.done");
  BasicBlock* body = block("arr.body");
  BasicBlock* not_array = block("arr.notarray");
  BasicBlock* null_in = block("arr.null");
  BasicBlock* other = block("arr.mismatch");
  b_.CreateCondBr(is_type(v, dom::kArrayType), body, not_array);
  go(not_array);
  b_.CreateCondBr(is_type(v, dom::kNullType), null_in, other);
  go(null_in);
  literal("[]");
  flush();
  b_.CreateBr(done);
  go(other);
  fail_with(call("sj_error_mismatch", {ctx_arg_, bytes(n.path)}));

  go(body);
  Value* len = size_of(v);
  Value* elems = packed_pointer(v);
  if (n.is_tuple && !n.additional_items) {
    // A tuple without additionalItems rejects longer arrays before anything else (§6.2).
    BasicBlock* too_long = block("tuple.toolong");
    BasicBlock* fits = block("tuple.fits");
    b_.CreateCondBr(b_.CreateICmpUGT(len, i64(n.tuple.size())), too_long, fits, weights_unlikely());
    go(too_long);
    fail_with(call("sj_error_item", {ctx_arg_, i64(n.tuple.size()), bytes(n.path)}));
    go(fits);
  }
  if (n.large_as_json) {
    // largeArrayMechanism json-stringify: a large array is printed raw (spec §14.1).
    BasicBlock* large = block("arr.large");
    BasicBlock* normal = block("arr.normal");
    int64_t size = std::max<int64_t>(irm_.options.large_array_size, 0);
    b_.CreateCondBr(b_.CreateICmpUGE(len, i64(uint64_t(size))), large, normal);
    go(large);
    check(call("sj_write_generic", {ctx_arg_, v}));
    b_.CreateBr(done);
    go(normal);
  }
  literal("[");
  flush();
  Value* start = i64(0);
  if (n.is_tuple) {
    emit_tuple_items(n, len, elems);
    start = i64(n.tuple.size());  // what follows: the extra items, raw
  }
  int64_t cutoff = ir::bulk_cutoff(irm_.options, n.strategy);
  if (cutoff != sj::Cutoffs::kNever) {
    // The seed's length branch: at or above the cutoff the bulk kernel writes the leading
    // run of plain items and returns where the loop resumes (the first miss, or len).
    const char* kernel = bulk_kernel(n.strategy);
    BasicBlock* bulk = block("arr.bulk");
    BasicBlock* resume = block("arr.resume");
    BasicBlock* pre = b_.GetInsertBlock();
    b_.CreateCondBr(b_.CreateICmpUGE(len, i64(uint64_t(cutoff))), bulk, resume);
    go(bulk);
    Value* miss = call(kernel, {ctx_arg_, elems, len});
    if (!n.is_tuple) only_if(b_.CreateICmpNE(miss, i64(0)), [&] {
        literal(",");
        flush();
      });
    BasicBlock* bulk_out = b_.GetInsertBlock();
    b_.CreateBr(resume);
    go(resume);
    auto* phi = b_.CreatePHI(b_.getInt64Ty(), 2, "start");
    phi->addIncoming(i64(0), pre);
    phi->addIncoming(miss, bulk_out);
    start = phi;
  }
  if (n.is_tuple) {
    loop(start, len, [&](Value* i) {
      branch(b_.CreateICmpNE(i, i64(0)), [&] { literal(","); }, [] {}, "comma");
      emit_or_raw(nullptr, element_of(elems, i));
      flush();
    });
  } else {
    // Every item is followed by a comma, written with the item's last bytes (`},`) instead
    // of a test and a write of its own before the next; the last one is taken back.
    loop(start, len, [&](Value* i) {
      emit_or_raw(n.items.get(), element_of(elems, i));
      literal(",");
      flush();
    });
    only_if(b_.CreateICmpNE(len, i64(0)), [&] {
      set_cursor(b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), cursor(), -1));
    });
  }
  literal("]");
  flush();
  b_.CreateBr(done);
  go(done);
}

}  // namespace schemajit::detail
