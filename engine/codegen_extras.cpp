// Undeclared members (additionalProperties, patternProperties): which ones, in JavaScript's
// order, and each written through the schema its key selects.
#include "engine/codegen_emit.h"

namespace schemajit::detail {

namespace {
// Undeclared members the inline listing holds, and the names it tells apart by length alone.
constexpr uint64_t kListed = 16, kListedLength = 64;
// The first slots of a list: the index key's, then the others'.
constexpr uint64_t kIndexSlot = 1, kOthersSlot = 2;
}  // namespace

// Whether key kdata[0..klen) (its first byte a digit) is an array index: "0" or digits without
// a leading zero, up to 4294967294 (spec §5.1, js_value.h's array_index_key).
Value* Codegen::is_array_index(Value* kdata, Value* klen, Value* first) {
  BasicBlock* no = block("index.no");
  BasicBlock* zero = block("index.zero");
  BasicBlock* digits = block("index.digits");
  BasicBlock* step = block("index.step");
  BasicBlock* bound = block("index.bound");
  BasicBlock* merged = block("index");
  Value* fits = b_.CreateICmpULE(klen, i64(10));  // 4294967294 has ten digits
  BasicBlock* check = block("index.check");
  b_.CreateCondBr(fits, check, no);
  go(check);
  b_.CreateCondBr(b_.CreateICmpEQ(first, i64('0')), zero, digits);
  go(zero);
  Value* lone_zero = b_.CreateICmpEQ(klen, i64(1));
  b_.CreateBr(merged);

  BasicBlock* pre = check;
  go(digits);
  auto* k = b_.CreatePHI(b_.getInt64Ty(), 2, "k");
  auto* acc = b_.CreatePHI(b_.getInt64Ty(), 2, "acc");
  k->addIncoming(i64(0), pre);
  acc->addIncoming(i64(0), pre);
  Value* c = b_.CreateSub(b_.CreateZExt(b_.CreateLoad(b_.getInt8Ty(), b_.CreateInBoundsGEP(b_.getInt8Ty(), kdata, k)),
                                        b_.getInt64Ty()),
                          i64('0'));
  b_.CreateCondBr(b_.CreateICmpULT(c, i64(10)), step, no);
  go(step);
  Value* acc2 = b_.CreateAdd(b_.CreateMul(acc, i64(10)), c);
  Value* k2 = b_.CreateAdd(k, i64(1));
  k->addIncoming(k2, step);
  acc->addIncoming(acc2, step);
  b_.CreateCondBr(b_.CreateICmpULT(k2, klen), digits, bound);
  go(bound);
  Value* in_range = b_.CreateICmpULE(acc2, i64(4294967294ull));
  b_.CreateBr(merged);
  go(no);
  b_.CreateBr(merged);

  go(merged);
  auto* phi = b_.CreatePHI(b_.getInt1Ty(), 3, "is.index");
  phi->addIncoming(lone_zero, zero);
  phi->addIncoming(in_range, bound);
  phi->addIncoming(b_.getFalse(), no);
  return phi;
}

// Which members of object v are visited, in what order. An object with declared properties
// lists its undeclared members inline: one walk writes their positions to a list on the stack,
// an array-index key (at most one) first, the others in insertion order — JavaScript's order
// restricted to them, as only they print here. Whatever that cannot settle goes to
// sj_member_order, which orders every case: a second index key, two undeclared names of one
// length (a DOM may repeat a name, and JavaScript keeps one: telling takes comparing bytes),
// a name of kListedLength bytes or more, more than kListed undeclared members. Its call, the
// repeated-name check and its arena were a third of patterns/pattern_props.
Codegen::ExtrasOrder Codegen::order_extras(const ir::Node& n, Value* v, llvm::Constant* keys) {
  Value* count = size_of(v);
  Value* members = packed_pointer(v);
  BasicBlock* general = block("extras.general");
  BasicBlock* merged = nullptr;
  Value* list = nullptr;
  BasicBlock* walked = nullptr;
  Value *listed_lo = nullptr, *listed_hi = nullptr;
  if (!n.fields.empty() && !compact()) {  // level 0 keeps the one call
    merged = block("extras.ordered");
    list = entry_alloca(llvm::ArrayType::get(b_.getInt32Ty(), kListed + kOthersSlot));
    BasicBlock* pre = b_.GetInsertBlock();
    BasicBlock* head = block("extras.walk");
    BasicBlock* body = block("extras.walk.body");
    BasicBlock* undeclared = block("extras.walk.undeclared");
    BasicBlock* index_test = block("extras.walk.digit");
    BasicBlock* index_key = block("extras.walk.index");
    BasicBlock* other = block("extras.walk.other");
    BasicBlock* other_key = block("extras.walk.listed");
    BasicBlock* next = block("extras.walk.next");
    walked = block("extras.walked");
    b_.CreateBr(head);

    go(head);
    auto* j = b_.CreatePHI(b_.getInt64Ty(), 2, "j");
    auto* others = b_.CreatePHI(b_.getInt64Ty(), 2, "others");
    auto* has_index = b_.CreatePHI(b_.getInt1Ty(), 2, "has.index");
    auto* lengths = b_.CreatePHI(b_.getInt64Ty(), 2, "lengths");  // a bit per length listed
    j->addIncoming(i64(0), pre);
    others->addIncoming(i64(0), pre);
    has_index->addIncoming(b_.getFalse(), pre);
    lengths->addIncoming(i64(0), pre);
    b_.CreateCondBr(b_.CreateICmpULT(j, count), body, walked);

    go(body);
    Value* m = b_.CreateInBoundsGEP(b_.getInt8Ty(), members, b_.CreateMul(j, i64(dom::kMemberSize)));
    Value *kdata, *klen;
    std::tie(kdata, klen) = string_of(m);
    Value* declared = is_declared(kdata, klen, n.fields, keys);
    BasicBlock* declared_end = b_.GetInsertBlock();
    b_.CreateCondBr(declared, next, undeclared);

    go(undeclared);
    Value* first = first_byte(kdata, klen);  // 0 for "": not a digit
    Value* digit = b_.CreateICmpULT(b_.CreateSub(first, i64('0')), i64(10));
    b_.CreateCondBr(digit, index_test, other);

    go(index_test);
    Value* index = is_array_index(kdata, klen, first);
    BasicBlock* store_index = block("extras.walk.index.store");
    b_.CreateCondBr(index, index_key, other);
    go(index_key);
    b_.CreateCondBr(has_index, general, store_index, weights_unlikely());
    go(store_index);
    b_.CreateStore(b_.CreateTrunc(j, b_.getInt32Ty()), b_.CreateInBoundsGEP(b_.getInt32Ty(), list, i64(kIndexSlot)));
    b_.CreateBr(next);

    go(other);
    Value* long_name = b_.CreateICmpUGE(klen, i64(kListedLength));
    Value* bit = b_.CreateShl(i64(1), b_.CreateSelect(long_name, i64(0), klen));
    Value* seen = b_.CreateICmpNE(b_.CreateAnd(lengths, bit), i64(0));
    Value* full = b_.CreateICmpEQ(others, i64(kListed));
    b_.CreateCondBr(b_.CreateOr(long_name, b_.CreateOr(seen, full)), general, other_key, weights_unlikely());
    go(other_key);
    Value* slot = b_.CreateInBoundsGEP(b_.getInt32Ty(), list, b_.CreateAdd(others, i64(kOthersSlot)));
    b_.CreateStore(b_.CreateTrunc(j, b_.getInt32Ty()), slot);
    Value* others_listed = b_.CreateAdd(others, i64(1));
    Value* lengths_listed = b_.CreateOr(lengths, bit);
    b_.CreateBr(next);

    go(next);
    auto* others_next = b_.CreatePHI(b_.getInt64Ty(), 3);
    auto* has_index_next = b_.CreatePHI(b_.getInt1Ty(), 3);
    auto* lengths_next = b_.CreatePHI(b_.getInt64Ty(), 3);
    others_next->addIncoming(others, declared_end);
    has_index_next->addIncoming(has_index, declared_end);
    lengths_next->addIncoming(lengths, declared_end);
    others_next->addIncoming(others, store_index);
    has_index_next->addIncoming(b_.getTrue(), store_index);
    lengths_next->addIncoming(lengths, store_index);
    others_next->addIncoming(others_listed, other_key);
    has_index_next->addIncoming(has_index, other_key);
    lengths_next->addIncoming(lengths_listed, other_key);
    j->addIncoming(b_.CreateAdd(j, i64(1)), next);
    others->addIncoming(others_next, next);
    has_index->addIncoming(has_index_next, next);
    lengths->addIncoming(lengths_next, next);
    b_.CreateBr(head);

    go(walked);
    listed_lo = b_.CreateSelect(has_index, i64(kIndexSlot), i64(kOthersSlot));
    listed_hi = b_.CreateAdd(others, i64(kOthersSlot));
    b_.CreateBr(merged);
  } else {
    b_.CreateBr(general);
  }

  // Loads through `order` are redirected to ctx (any readable address) when it is null, so
  // the selects need no extra blocks; the value read then is never used.
  go(general);
  Value* order = call("sj_member_order", {ctx_arg_, v});
  Value* has_order = b_.CreateIsNotNull(order);
  Value* ordered_count = b_.CreateLoad(b_.getInt32Ty(), b_.CreateSelect(has_order, order, ctx_arg_));
  Value* general_lo = b_.CreateSelect(has_order, i64(1), i64(0));
  Value* general_hi = b_.CreateSelect(has_order, b_.CreateAdd(b_.CreateZExt(ordered_count, b_.getInt64Ty()), i64(1)), count);
  if (!list) return {order, has_order, general_lo, general_hi, b_.getFalse()};
  BasicBlock* general_end = b_.GetInsertBlock();
  b_.CreateBr(merged);

  go(merged);
  auto* order_phi = b_.CreatePHI(ptr(), 2, "order");
  auto* has_phi = b_.CreatePHI(b_.getInt1Ty(), 2, "has.order");
  auto* lo_phi = b_.CreatePHI(b_.getInt64Ty(), 2, "lo");
  auto* hi_phi = b_.CreatePHI(b_.getInt64Ty(), 2, "hi");
  auto* listed_phi = b_.CreatePHI(b_.getInt1Ty(), 2, "listed");
  order_phi->addIncoming(order, general_end);
  has_phi->addIncoming(has_order, general_end);
  lo_phi->addIncoming(general_lo, general_end);
  hi_phi->addIncoming(general_hi, general_end);
  listed_phi->addIncoming(b_.getFalse(), general_end);
  order_phi->addIncoming(list, walked);
  has_phi->addIncoming(b_.getTrue(), walked);
  lo_phi->addIncoming(listed_lo, walked);
  hi_phi->addIncoming(listed_hi, walked);
  listed_phi->addIncoming(b_.getTrue(), walked);
  return {order_phi, has_phi, lo_phi, hi_phi, listed_phi};
}

// Members not declared in properties, in JavaScript's enumeration order (spec §5.1): the
// first patternProperties regex that occurs in the key gives the schema; otherwise
// additionalProperties does (true: raw, a schema, or false/absent: dropped).
void Codegen::emit_extras(const ir::Node& n, Value* v, Value* is_obj, llvm::Constant* keys, Comma& comma) {
  make_dynamic(comma);
  flush();
  BasicBlock* loop_head = block("extras.head");
  BasicBlock* loop_body = block("extras.body");
  BasicBlock* undeclared = block("extras.undeclared");
  BasicBlock* loop_next = block("extras.next");
  BasicBlock* loop_end = block("extras.end");
  BasicBlock* start = block("extras.start");
  b_.CreateCondBr(is_obj, start, loop_end);
  go(start);
  ExtrasOrder order = order_extras(n, v, keys);
  Value* members = packed_pointer(v);
  BasicBlock* pre = b_.GetInsertBlock();
  b_.CreateBr(loop_head);

  go(loop_head);
  auto* i = b_.CreatePHI(b_.getInt64Ty(), 2, "k");
  i->addIncoming(order.lo, pre);
  b_.CreateCondBr(b_.CreateICmpULT(i, order.hi), loop_body, loop_end);

  go(loop_body);
  Value* slot = b_.CreateInBoundsGEP(b_.getInt32Ty(), order.order, i);
  Value* idx = b_.CreateSelect(order.has_order,
                               b_.CreateZExt(b_.CreateLoad(b_.getInt32Ty(), b_.CreateSelect(order.has_order, slot, ctx_arg_)),
                                             b_.getInt64Ty()),
                               i);
  Value* m = b_.CreateInBoundsGEP(b_.getInt8Ty(), members, b_.CreateMul(idx, i64(dom::kMemberSize)));
  Value *kdata, *klen;  // not a structured binding: emit_member captures them (clang 14)
  std::tie(kdata, klen) = string_of(m);
  BasicBlock* maybe_declared = block("extras.check");
  b_.CreateCondBr(order.listed, undeclared, maybe_declared);  // a listed member is known undeclared
  go(maybe_declared);
  b_.CreateCondBr(is_declared(kdata, klen, n.fields, keys), loop_next, undeclared);

  go(undeclared);
  Value* value = at(m, dom::kMemberValueOffset);
  // `"key":` and the value through `schema` (raw when null), then on to the next member.
  // Past level 0 the key, and a raw value that is a string, are written as declared strings
  // are (quoted_string: a name held in its Value without a call), not by the runtime's
  // escaping writer (a quarter of patterns/open_props).
  auto emit_member = [&](const ir::Node* schema) {
    Value* due = b_.CreateLoad(b_.getInt1Ty(), comma.slot);
    branch(due, [&] { literal(","); }, [] {}, "comma");
    b_.CreateStore(b_.getTrue(), comma.slot);
    auto generic = [&](Value* x) {
      return [&, x] {
        flush();
        check(call("sj_write_generic", {ctx_arg_, x}));
      };
    };
    if (compact()) call("sj_write_string", {ctx_arg_, kdata, klen});
    else quoted_string(m, false, generic(m));
    literal(":");
    if (schema || compact()) emit_or_raw(schema, value);
    else quoted_string(value, false, generic(value));
    flush();
    b_.CreateBr(loop_next);
  };
  for (const auto& pf : n.patterns) {
    BasicBlock* matched = block("extras.pattern");
    BasicBlock* other = block("extras.nomatch");
    Value* found = search_pattern(pf.index, kdata, klen, pf.path);
    check(b_.CreateZExt(b_.CreateICmpEQ(found, i32(2)), b_.getInt32Ty()));  // a limit: the error is recorded
    b_.CreateCondBr(b_.CreateICmpNE(found, i32(0)), matched, other);
    go(matched);
    emit_member(pf.value.get());
    go(other);
  }
  if (n.extras == ir::Extras::Drop) b_.CreateBr(loop_next);
  else emit_member(n.extras == ir::Extras::Raw ? nullptr : n.extras_schema.get());

  go(loop_next);
  i->addIncoming(b_.CreateAdd(i, i64(1)), loop_next);
  b_.CreateBr(loop_head);
  go(loop_end);
}

}  // namespace schemajit::detail
