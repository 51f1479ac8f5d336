// Objects: member lookup at the position the schema predicts (then one pass that indexes every
// declared member), declared fields with their commas, defaults and required errors, and data
// that is not an object read as JavaScript reads it. Extra members: codegen_extras.cpp.
#include "engine/codegen_emit.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "ir/analysis.h"

#include "runtime/js_value.h"
#include "runtime/member_index.h"

namespace schemajit::detail {

// Pointer to the value of member `name`, or null. Inline: compare the member at the
// position the schema predicts (length, then bytes). Otherwise, for a declared property
// (`slot` >= 0) of an indexed object, the first miss indexes all of the object's members at
// once (from the member its `starts` gives for this slot on) and every miss reads its slot;
// else the runtime scans for this one name.
Value* Codegen::lookup(Value* obj, Value* is_obj, const std::string& name, int predicted, int slot) {
  if (level_ == 0) {
    // Level 0 is about compile time, and its code runs through tier-up's first 100 calls
    // only: one call instead of the inlined probe (about 40 instructions per member).
    bool indexed = slot >= 0 && index_;
    Value* none = llvm::ConstantPointerNull::get(b_.getPtrTy());
    return call("sj_lookup", {obj, i64(static_cast<uint64_t>(predicted)), bytes(name), i64(name.size()),
                              indexed ? index_->table : none, indexed ? index_->slots : none,
                              indexed ? index_->filled : none, i64(indexed ? static_cast<uint64_t>(slot) : ~uint64_t(0))});
  }
  // Both read once per object: the first member's lookup dominates the others'.
  Value* size = b_.CreateSelect(is_obj, size_of(obj), i64(0));
  Value* members = packed_pointer(obj);
  BasicBlock* probe = block("probe");
  BasicBlock* scan = block("scan");
  BasicBlock* hit = block("hit");
  BasicBlock* found = block("found");
  // Weighted for the member being where predicted: the hit is the fall-through and the
  // scan is out of line (twitter 120.5 -> 115.4 us, citm 190 -> 180, min of 11).
  b_.CreateCondBr(b_.CreateICmpULT(i64(predicted), size), probe, scan, weights_likely());
  go(probe);
  Value* m = b_.CreateInBoundsGEP(b_.getInt8Ty(), members, i64(uint64_t(predicted) * dom::kMemberSize));
  if (name.size() <= dom::kShortMax) {
    BasicBlock* general = block("general");
    b_.CreateCondBr(is_inline_name(m, name), hit, general, weights_likely());
    go(general);
  }
  auto [kdata, klen] = string_of(m);
  BasicBlock* cmp = block("cmp");
  b_.CreateCondBr(b_.CreateICmpEQ(klen, i64(name.size())), cmp, scan, weights_likely());
  go(cmp);
  Value* same = b_.CreateICmpEQ(b_.CreateCall(memcmp(), {kdata, bytes(name), i64(name.size())}), i32(0));
  b_.CreateCondBr(same, hit, scan, weights_likely());
  go(hit);
  Value* direct = at(m, dom::kMemberValueOffset);
  b_.CreateBr(found);
  go(scan);
  Value* scanned;
  if (slot >= 0 && index_) {
    Value* filled = b_.CreateLoad(b_.getInt1Ty(), index_->filled);
    only_if(b_.CreateNot(filled), [&] {
      call("sj_index_members", {obj, index_->table, index_->slots, i64(static_cast<uint64_t>((*index_->starts)[slot]))});
      b_.CreateStore(b_.getTrue(), index_->filled);
    });
    scanned = b_.CreateLoad(ptr(), b_.CreateInBoundsGEP(ptr(), index_->slots, i64(static_cast<uint64_t>(slot))));
  } else {
    scanned = call("sj_find_member", {obj, bytes(name), i64(name.size())});
  }
  BasicBlock* scanned_in = b_.GetInsertBlock();
  b_.CreateBr(found);
  go(found);
  auto* phi = b_.CreatePHI(ptr(), 2, "member");
  phi->addIncoming(direct, hit);
  phi->addIncoming(scanned, scanned_in);
  return phi;
}

// Whether member name `m` is `name` stored inline, as the parser stores names of up to 13
// bytes: the name's Value, as two 64-bit words, against the Value such a name is (its bytes,
// 13 - length in byte 13, the short-string flags in bytes 14-15), ignoring the bytes between
// the name's end and byte 13, which RapidJSON leaves as they were. Names stored any other
// way fail it and take the general compare. Words with immediate masks rather than one
// 16-byte vector compare against a constant: as fast, without a constant-pool entry and its
// relocation per declared name.
Value* Codegen::is_inline_name(Value* m, const std::string& name) {
  uint64_t want[2], care[2];
  dom::inline_name_words(name, want, care);
  Value* differ = i64(0);
  for (unsigned word = 0; word < 2; ++word) {
    uint64_t w = want[word], c = care[word];
    if (c == 0) continue;
    auto* x = llvm::cast<llvm::LoadInst>(dom_load(b_.getInt64Ty(), at(m, 8 * word)));
    x->setAlignment(llvm::Align(8));  // Values are 8-aligned
    differ = b_.CreateOr(differ, b_.CreateAnd(b_.CreateXor(x, i64(w)), i64(c)));
  }
  return b_.CreateICmpEQ(differ, i64(0));
}

// The declared names in an open-addressing table of twice their number or more (a power of
// two), placed with the hash the runtime probes with.
llvm::Constant* Codegen::key_table(const std::vector<std::string>& names) {
  auto* entry = llvm::StructType::get(ctx_, {ptr(), b_.getInt32Ty(), b_.getInt32Ty()});
  auto* empty = llvm::ConstantStruct::get(
      entry, {llvm::ConstantPointerNull::get(b_.getPtrTy()), llvm::ConstantInt::get(b_.getInt32Ty(), -1, true), i32(0)});
  std::vector<llvm::Constant*> texts, entries;
  for (const auto& name : names) texts.push_back(bytes(name));
  for (int32_t i : sj::rt::key_table_layout(names))
    entries.push_back(i < 0 ? empty
                            : llvm::ConstantStruct::get(entry, {texts[i], i32(static_cast<uint32_t>(names[i].size())),
                                                                i32(static_cast<uint32_t>(i))}));
  auto* arrty = llvm::ArrayType::get(entry, entries.size());
  auto* tablety = llvm::StructType::get(ctx_, {b_.getInt64Ty(), b_.getInt64Ty(), arrty});
  return new llvm::GlobalVariable(
      *mod_, tablety, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantStruct::get(tablety, {i64(entries.size() - 1), i64(names.size()), llvm::ConstantArray::get(arrty, entries)}),
      "key_table");
}

constexpr size_t kInlineDeclared = 32, kInlineName = 64;

// Whether key kdata[0..klen) is the name of one of `fields`, inline: a switch on the length, then each
// name of that length compared in at most two overlapping loads of 8 (or 4, 2, 1) bytes, the
// trick of member_index.h's same_bytes, never reading outside the key. A call to
// sj_key_declared (a hash and a probe) cost 9 ns per undeclared member, a quarter of an open
// object's time (patterns/pattern_props). Past kInlineDeclared names, or names longer than
// kInlineName bytes, the table's probe.
Value* Codegen::is_declared(Value* kdata, Value* klen, const std::vector<ir::Field>& fields, llvm::Constant* keys) {
  bool inline_all = fields.size() <= kInlineDeclared &&
                    std::all_of(fields.begin(), fields.end(), [](const auto& f) { return f.name.size() <= kInlineName; });
  if (!inline_all) return b_.CreateICmpNE(call("sj_key_declared", {keys, kdata, klen}), i32(0));
  std::map<size_t, std::vector<const std::string*>> by_length;
  for (const auto& f : fields) by_length[f.name.size()].push_back(&f.name);
  BasicBlock* yes = block("declared.yes");
  BasicBlock* no = block("declared.no");
  BasicBlock* merged = block("declared");
  auto* sw = b_.CreateSwitch(klen, no, static_cast<unsigned>(by_length.size()));
  for (const auto& [length, same_length] : by_length) {
    BasicBlock* test = block("declared.len");
    sw->addCase(llvm::cast<llvm::ConstantInt>(i64(length)), test);
    go(test);
    for (size_t k = 0; k < same_length.size(); ++k) {
      BasicBlock* next = k + 1 < same_length.size() ? block("declared.next") : no;
      b_.CreateCondBr(same_key_bytes(kdata, *same_length[k]), yes, next);
      if (next != no) go(next);
    }
  }
  go(yes);
  b_.CreateBr(merged);
  go(no);
  b_.CreateBr(merged);
  go(merged);
  auto* phi = b_.CreatePHI(b_.getInt1Ty(), 2, "declared");
  phi->addIncoming(b_.getTrue(), yes);
  phi->addIncoming(b_.getFalse(), no);
  return phi;
}

// s[0..name.size()) == name, s known to hold that many bytes: words covering the name, the
// last one overlapping its neighbour where the length is not a multiple of the word.
Value* Codegen::same_key_bytes(Value* s, const std::string& name) {
  size_t n = name.size();
  if (n == 0) return b_.getTrue();
  unsigned width = n >= 8 ? 8 : n >= 4 ? 4 : n >= 2 ? 2 : 1;
  llvm::Type* word = b_.getIntNTy(8 * width);
  std::vector<size_t> offsets;
  for (size_t at = 0; at + width < n; at += width) offsets.push_back(at);
  offsets.push_back(n - width);
  Value* differ = llvm::ConstantInt::get(word, 0);
  for (size_t at : offsets) {
    uint64_t want = 0;
    std::memcpy(&want, name.data() + at, width);  // little-endian, as the load reads it
    Value* x = b_.CreateAlignedLoad(word, b_.CreateInBoundsGEP(b_.getInt8Ty(), s, i64(at)), llvm::Align(1));
    differ = b_.CreateOr(differ, b_.CreateXor(x, llvm::ConstantInt::get(word, want)));
  }
  return b_.CreateICmpEQ(differ, llvm::ConstantInt::get(word, 0));
}

void Codegen::make_dynamic(Comma& c) {
  if (!c.known) return;
  flush();
  c.slot = entry_alloca(b_.getInt1Ty());
  b_.CreateStore(b_.getInt1(c.value), c.slot);
  c.known = false;
}

// Writes `key_literal` with a comma before it when one is due; afterwards one is due.
void Codegen::key(Comma& c, const std::string& key_literal) {
  if (c.known) {
    literal((c.value ? "," : "") + key_literal);
    c.value = true;
    return;
  }
  Value* due = b_.CreateLoad(b_.getInt1Ty(), c.slot);
  branch(due, [&] { literal("," + key_literal); }, [&] { literal(key_literal); }, "comma");
  b_.CreateStore(b_.getTrue(), c.slot);
}

// One declared member: looked up, then written (or its default, or the required error).
void Codegen::emit_field(const ir::Field& f, const ir::Node& n, Value* v, Value* is_obj, Comma& comma) {
  Value* m = lookup(v, is_obj, f.name, f.predicted_index, static_cast<int>(&f - n.fields.data()));
  Value* missing = b_.CreateIsNull(m);
  if (f.default_json) {
    // Either way a member is written, so what follows knows whether a comma is due.
    Comma after = comma;
    branch(
        missing,
        [&] {
          Comma c = comma;
          key(c, f.key_literal);
          literal(*f.default_json);
        },
        [&] {
          Comma c = comma;
          key(c, f.key_literal);
          emit(*f.value, m);
        },
        "default");
    if (after.known) after.value = true;
    else b_.CreateStore(b_.getTrue(), after.slot);
    comma = after;
  } else if (f.required) {
    flush();
    BasicBlock* absent = block("required.missing");
    BasicBlock* present = block("required.ok");
    b_.CreateCondBr(missing, absent, present, weights_unlikely());
    go(absent);
    fail_with(call("sj_error_required", {ctx_arg_, bytes(f.name), i64(f.name.size()), bytes(n.path)}));
    go(present);
    key(comma, f.key_literal);
    emit(*f.value, m);
  } else {
    if (comma.known && !comma.value) make_dynamic(comma);
    flush();
    BasicBlock* present = block("optional.present");
    BasicBlock* next = block("optional.next");
    b_.CreateCondBr(missing, next, present);
    go(present);
    key(comma, f.key_literal);
    emit(*f.value, m);
    flush();
    b_.CreateBr(next);
    go(next);
  }
}

void Codegen::emit_fields_in_parts(const ir::Node& n, Value* v, Comma& comma) {
  make_dynamic(comma);
  flush();
  auto* fnty = llvm::FunctionType::get(b_.getInt32Ty(), {ptr(), ptr(), ptr(), ptr(), ptr()}, false);
  const MemberIndex* outer_index = index_;
  for (size_t first = 0; first < n.fields.size(); first += kFieldsPerFunction) {
    auto* part = llvm::Function::Create(fnty, llvm::Function::InternalLinkage, "fields", *mod_);
    part->addFnAttr(llvm::Attribute::NoUnwind);
    part->addFnAttr(llvm::Attribute::NoInline);
    // Emit the part as a function of its own, then come back here.
    llvm::Function* outer_fn = fn_;
    Value* outer_ctx = ctx_arg_;
    Value* outer_cur_slot = cur_slot_;
    BasicBlock* outer_fail = fail_;
    BasicBlock* here = b_.GetInsertBlock();
    fn_ = part;
    ctx_arg_ = part->getArg(0);
    go(block("entry"));
    open_cursor();
    fail_ = block("fail");
    Value* obj = part->getArg(1);
    Comma shared{false, false, part->getArg(2)};
    MemberIndex part_index{part->getArg(3), part->getArg(4), outer_index ? outer_index->table : nullptr,
                           outer_index ? outer_index->starts : nullptr};
    index_ = outer_index ? &part_index : nullptr;
    Value* is_obj = is_type(obj, dom::kObjectType);
    for (size_t i = first; i < std::min(n.fields.size(), first + kFieldsPerFunction); ++i)
      emit_field(n.fields[i], n, obj, is_obj, shared);
    flush();
    returns();
    fn_ = outer_fn;
    ctx_arg_ = outer_ctx;
    cur_slot_ = outer_cur_slot;
    fail_ = outer_fail;
    index_ = outer_index;
    go(here);
    Value* none = llvm::ConstantPointerNull::get(b_.getPtrTy());
    check(call(part, {ctx_arg_, v, comma.slot, index_ ? index_->slots : none, index_ ? index_->filled : none}));
  }
}

void Codegen::emit_object(const ir::Node& n, Value* v) {
  flush();
  BasicBlock* done = block("obj.done");
  BasicBlock* body = block("obj.body");
  BasicBlock* null_in = block("obj.null");
  auto null_is_empty = [&] {  // null → {} (nullable was handled before)
    go(null_in);
    literal("{}");
    flush();
    b_.CreateBr(done);
  };
  Value* type = type_of(v);
  Value* is_obj;
  Value* given = v;  // the data; v becomes a string's or an array's object
  ir::ObjectView view = ir::object_view(n);
  if (!view.needed) {  // every other value reads as having no members
    b_.CreateCondBr(b_.CreateICmpEQ(type, b_.getInt16(dom::kNullType)), null_in, body);
    null_is_empty();
    go(body);
    is_obj = b_.CreateICmpEQ(type, b_.getInt16(dom::kObjectType));
  } else {  // an object on one compare, the rest on a cold path
    BasicBlock* from = b_.GetInsertBlock();
    BasicBlock* other = block("obj.other");
    BasicBlock* data = block("obj.data");
    b_.CreateCondBr(b_.CreateICmpEQ(type, b_.getInt16(dom::kObjectType)), body, other, weights_likely());
    go(other);
    b_.CreateCondBr(b_.CreateICmpEQ(type, b_.getInt16(dom::kNullType)), null_in, data);
    null_is_empty();
    go(data);
    Value* js = call("sj_object_view", {ctx_arg_, v, i64(view.limit), i32(static_cast<uint32_t>(view.flags))});
    BasicBlock* made = block("obj.view");
    b_.CreateCondBr(b_.CreateIsNull(js), fail_, made, weights_unlikely());
    go(made);
    Value* js_is_obj = b_.CreateICmpNE(js, given);  // a new object, or the data itself (no members)
    b_.CreateBr(body);
    go(body);
    llvm::PHINode* obj = b_.CreatePHI(ptr(), 2, "obj");
    obj->addIncoming(given, from);
    obj->addIncoming(js, made);
    llvm::PHINode* obj_is_obj = b_.CreatePHI(b_.getInt1Ty(), 2, "is.obj");
    obj_is_obj->addIncoming(b_.getTrue(), from);
    obj_is_obj->addIncoming(js_is_obj, made);
    is_obj = obj_is_obj;
    v = obj;
  }

  for (const auto& name : n.required_elsewhere) {
    Value* m = lookup(v, is_obj, name, 0);
    BasicBlock* missing = block("required.missing");
    BasicBlock* present = block("required.ok");
    Value* absent = b_.CreateIsNull(m);
    // A string's or an array's length is there, though its object lists it only when declared.
    if (name == "length" && v != given) absent = b_.CreateAnd(absent, b_.CreateICmpEQ(v, given));
    b_.CreateCondBr(absent, missing, present, weights_unlikely());
    go(missing);
    fail_with(call("sj_error_required", {ctx_arg_, bytes(name), i64(name.size()), bytes(n.path)}));
    go(present);
  }

  literal("{");
  Comma comma;
  // The declared names' table serves this object's index (for its own fields: nested objects
  // set theirs, then restore this) and tells its undeclared members apart.
  bool extras = n.extras != ir::Extras::Drop || !n.patterns.empty();
  bool indexed = ir::indexes_members(n);
  llvm::Constant* keys = nullptr;
  if (indexed || extras) {
    std::vector<std::string> names;
    for (const auto& f : n.fields) names.push_back(f.name);
    keys = key_table(names);
  }
  const MemberIndex* outer_index = index_;
  MemberIndex index{};
  std::vector<int> starts;
  index_ = nullptr;
  if (indexed) {
    starts = ir::index_starts(n);
    index = {entry_alloca(llvm::ArrayType::get(ptr(), n.fields.size())), entry_alloca(b_.getInt1Ty()), keys, &starts};
    b_.CreateStore(b_.getFalse(), index.filled);
    index_ = &index;
  }
  if (n.fields.size() <= kFieldsPerFunction) {
    for (const auto& f : n.fields) emit_field(f, n, v, is_obj, comma);
  } else {
    emit_fields_in_parts(n, v, comma);
  }
  index_ = outer_index;
  if (extras) emit_extras(n, v, is_obj, keys, comma);
  literal("}");
  flush();
  b_.CreateBr(done);
  go(done);
}

}  // namespace schemajit::detail
