// The code generator (IR -> LLVM IR), one class whose parts live in one file per kind of node,
// as PostgreSQL keeps llvmjit_expr.c and llvmjit_deform.c apart: codegen.cpp (the module, its
// functions, node dispatch), codegen_strings.cpp, codegen_numbers.cpp, codegen_objects.cpp,
// codegen_arrays.cpp, codegen_validators.cpp. This header declares them all and holds the emit
// helpers every part uses (llvmjit_emit.h's role): the output cursor and capacity checks,
// reads of a rapidjson::Value (layout from runtime/dom_layout.h), and control flow. The
// interpreter (interp/) mirrors the same parts node kind by node kind.
#pragma once
#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>

#include "ir/analysis.h"
#include "ir/ir.h"
#include "runtime/abi.h"
#include "runtime/dom_layout.h"
#include "runtime/escape.h"

namespace schemajit::detail {

namespace ir = sj::ir;
namespace dom = sj::dom;
using llvm::BasicBlock;
using llvm::Value;

class Codegen {
 public:
  Codegen(const ir::Module& m, int level, bool expand_bytes, llvm::LLVMContext& c, const std::string& entry)
      : irm_(m), level_(level), expand_bytes_(expand_bytes), ctx_(c), mod_(std::make_unique<llvm::Module>("schemajit", c)), b_(c), entry_name_(entry),
        writes_(ir::validator_writes(m)) {}

  std::unique_ptr<llvm::Module> run();

 private:
  // ---- types the parts share ------------------------------------------------------------------
  // A string stored inside its Value (up to 13 bytes; the parser stores every short string
  // so), written without a call: the Value's 16 bytes are one vector, tested for bytes that
  // need escaping within the string's length and, when there are none, stored whole after
  // the opening quote (the closing quote then overwrites the byte after the string). A string
  // with such a byte goes to the escaping writer, except, on CPUs that expand bytes, one whose
  // only such bytes are '"' and '\\' (fjs "short string with double quote": 20.2 -> 13.7 ns).
  static constexpr uint64_t kHeldStringRoom = sj::rt::quoted_bound(dom::kShortMax);
  static_assert(kHeldStringRoom >= 1 + dom::kValueSize, "the clean case stores the whole Value after the quote");
  static_assert(kHeldStringRoom >= 1 + 32, "the expanded case stores 32 bytes after the quote");
  static_assert(dom::kValueSize == 16, "the Value is one escape_mask vector");
  // The member index of the object being written: slots for its declared properties, whether
  // they are filled for the current object, and the key table (runtime/member_index.h).
  struct MemberIndex {
    Value* slots;
    Value* filled;
    llvm::Constant* table;
    const std::vector<int>* starts;  // index_starts of the object
  };
  // Whether a comma is due before the next member: known at compile time until the first
  // optional member, then tracked in a stack slot.
  struct Comma {
    bool known = true;
    bool value = false;
    Value* slot = nullptr;  // an i1 in memory once not known
  };
  // Objects with many members are written by helper functions of kFieldsPerFunction members
  // each, so no generated function grows with the schema: LLVM's instruction selection and
  // register allocation are superlinear in a function's size (10,000 members in one function
  // took minutes at optLevel 1). The comma state lives in memory the parts share.
  static constexpr size_t kFieldsPerFunction = 64;
  // ---- emit helpers: constants, control flow, the output cursor, reading the DOM ----------
  llvm::Type* ptr() { return b_.getPtrTy(); }
  llvm::ConstantInt* i64(uint64_t v) { return b_.getInt64(v); }
  llvm::ConstantInt* i32(uint32_t v) { return b_.getInt32(v); }
  BasicBlock* block(const char* name) { return BasicBlock::Create(ctx_, name, fn_); }
  void go(BasicBlock* bb) { b_.SetInsertPoint(bb); }
  // Jumps to the function's failure exit when a runtime call reports an error.
  void check(Value* status) {
    flush();
    BasicBlock* ok = block("ok");
    b_.CreateCondBr(b_.CreateICmpNE(status, i32(0)), fail_, ok);
    go(ok);
  }
  // The runtime call already recorded the error; leave through the failure exit.
  void fail_with(Value*) {
    flush();
    b_.CreateBr(fail_);
  }
  // Level 0 trades run time for compile time: its code runs for a schema's first calls (until
  // tier-up) or for one-off serializers, and LLVM's fast instruction selector and register
  // allocator spend their time per instruction and per block. So scalars go to the runtime
  // whole (the coercions write values already of the schema's type as the inline paths do:
  // one call and a status test instead of a type test and two arms), and constant bytes are
  // one call each (flush).
  bool compact() const { return level_ == 0; }
  // A runtime call that writes a whole value and returns a status, after the pending literal.
  template <class Call>
  void whole_in_runtime(Call c) {
    flush();
    check(c());
  }
  // Literal bytes are collected in `pending_` and written in one copy at the next flush, so
  // `{"id":` or `},"next":` cost one capacity check and one memcpy.
  void literal(const std::string& s) { pending_ += s; }
  // At level 1 and up the output cursor lives in an alloca per serializer function, which
  // SROA turns into a register: loaded from ctx at entry, published to ctx around calls that
  // take it (call(), codegen.cpp) and before returning. Kept in ctx itself, it was reloaded after
  // every store into the output, a char* that LLVM cannot tell apart from ctx. Level 0 runs
  // no IR passes, so there the alloca would only add instructions (batch/cold 1.57 → 1.84 s):
  // its code, run for tier-up's first calls, keeps the cursor in ctx. The end stays
  // in ctx at every level (a load per capacity check): held in a register as well, it cost
  // more in spills than it saved (number arrays 7–15% slower).
  void open_cursor() {
    cur_slot_ = level_ > 0 ? b_.CreateAlloca(ptr(), nullptr, "cur.slot") : nullptr;
    reload_cursor();
  }
  void publish_cursor() {
    if (cur_slot_) b_.CreateStore(cursor(), at(ctx_arg_, offsetof(SjCtx, cur)));
  }
  void reload_cursor() {
    if (cur_slot_) set_cursor(b_.CreateLoad(ptr(), at(ctx_arg_, offsetof(SjCtx, cur))));
  }
  Value* cursor() { return b_.CreateLoad(ptr(), cur_slot_ ? cur_slot_ : at(ctx_arg_, offsetof(SjCtx, cur)), "cur"); }
  void set_cursor(Value* cur) { b_.CreateStore(cur, cur_slot_ ? cur_slot_ : at(ctx_arg_, offsetof(SjCtx, cur))); }
  // The bytes the window has after cur (i64).
  Value* room(Value* cur) {
    Value* end = b_.CreateLoad(ptr(), at(ctx_arg_, offsetof(SjCtx, end)), "end");
    return b_.CreateSub(b_.CreatePtrToInt(end, b_.getInt64Ty()), b_.CreatePtrToInt(cur, b_.getInt64Ty()));
  }
  // Guarantees n writable bytes; returns the cursor.
  Value* ensure(Value* n) {
    Value* left = room(cursor());
    BasicBlock* grow = block("grow");
    BasicBlock* ready = block("ready");
    b_.CreateCondBr(b_.CreateICmpULT(left, n), grow, ready, weights_unlikely());
    go(grow);
    call("sj_reserve", {ctx_arg_, n});
    b_.CreateBr(ready);
    go(ready);
    return cursor();
  }
  void flush() {
    if (pending_.empty()) return;
    if (compact()) {  // one call instead of the check, its cold block and the copy: ~40% of level-0 IR
      call("sj_write_literal", {ctx_arg_, bytes(pending_), i64(pending_.size())});
      pending_.clear();
      return;
    }
    set_cursor(write_pending(i64(0)));
  }
  // Writes the pending literal with `extra` more bytes of room after it, in one capacity
  // check; returns the cursor after the literal (not stored: the caller writes on from it).
  Value* write_pending(Value* extra) {
    std::string s = std::move(pending_);
    pending_.clear();
    Value* cur = ensure(b_.CreateAdd(extra, i64(s.size())));
    if (s.empty()) return cur;
    b_.CreateMemCpy(cur, llvm::MaybeAlign(1), bytes(s), llvm::MaybeAlign(1), s.size());
    return b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), cur, s.size());
  }
  // A number's text from a runtime formatter `char* f(char* dst, const SjValue*)` that needs
  // `room` bytes: one capacity check for it and the literal before it (`,"id":`).
  void number_text(const char* formatter, uint64_t room, Value* v) {
    Value* cur = write_pending(i64(room));
    set_cursor(call(formatter, {cur, v}));
  }
  llvm::MDNode* weights_unlikely() { return llvm::MDBuilder(ctx_).createBranchWeights(1, 1000); }
  llvm::MDNode* weights_likely() { return llvm::MDBuilder(ctx_).createBranchWeights(1000, 1); }
  Value* at(Value* base, unsigned offset) { return b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), base, offset); }
  // A load from the DOM, which nothing writes during a call (the caller's Value is const and
  // the output never overlaps it): marked invariant, so early-cse keeps one load of an
  // object's flags, size and members pointer across the stores and runtime calls that write
  // its members, instead of reloading them for every member. Except under Ajv's coerceTypes,
  // useDefaults and removeAdditional, where validators write into the call's own copies.
  Value* dom_load(llvm::Type* t, Value* p, const llvm::Twine& name = "") {
    llvm::LoadInst* load = b_.CreateLoad(t, p, name);
    if (!irm_.options.ajv_writes_data())
      load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(ctx_, {}));
    return load;
  }
  Value* flags(Value* v) { return dom_load(b_.getInt16Ty(), at(v, dom::kFlagsOffset), "flags"); }
  Value* type_of(Value* v) { return b_.CreateAnd(flags(v), b_.getInt16(dom::kTypeMask), "type"); }
  Value* is_type(Value* v, uint16_t t) { return b_.CreateICmpEQ(type_of(v), b_.getInt16(t)); }
  Value* has_flag(Value* v, uint16_t f) {
    return b_.CreateICmpNE(b_.CreateAnd(flags(v), b_.getInt16(f)), b_.getInt16(0));
  }
  Value* packed_pointer(Value* v) {
    Value* raw = dom_load(b_.getInt64Ty(), at(v, dom::kPointerOffset));
    return b_.CreateIntToPtr(b_.CreateAnd(raw, i64(dom::kPointerMask)), ptr());
  }
  Value* size_of(Value* v) {  // object member count / array length / long-string length
    return b_.CreateZExt(dom_load(b_.getInt32Ty(), at(v, dom::kLengthOffset)), b_.getInt64Ty());
  }
  // String bytes and length of a value known to be a string (short ones live inline).
  std::pair<Value*, Value*> string_of(Value* v) {
    Value* inl = has_flag(v, dom::kInlineStrFlag);
    Value* short_len = b_.CreateSub(i64(dom::kShortMax),
                                    b_.CreateZExt(dom_load(b_.getInt8Ty(), at(v, dom::kShortLenByte)), b_.getInt64Ty()));
    auto [data, len] = heap_string_of(v);
    return {b_.CreateSelect(inl, v, data, "str"), b_.CreateSelect(inl, short_len, len, "len")};
  }
  // The first byte of s[0..n) as an i64, 0 when n is 0: an empty string reads a constant's
  // byte, as a DOM's string need not be terminated.
  Value* first_byte(Value* s, Value* n) {
    Value* from = b_.CreateSelect(b_.CreateICmpNE(n, i64(0)), s, bytes(""));
    return b_.CreateZExt(b_.CreateLoad(b_.getInt8Ty(), from), b_.getInt64Ty());
  }
  // The same for a string known not to be inline.
  std::pair<Value*, Value*> heap_string_of(Value* v) { return {packed_pointer(v), size_of(v)}; }
  // The entry point when nothing else calls it: entered from the API at depth 0, it is at
  // depth 1, which every limit allows (maxDataDepth >= 1), so it only stores that for the
  // functions it calls: no load, no compare, and nothing to restore (the API reads no depth
  // after the call).
  void enter_from_api() { b_.CreateStore(i32(1), at(ctx_arg_, offsetof(SjCtx, depth))); }
  void leave(Value* depth) { b_.CreateStore(b_.CreateSub(depth, i32(1)), at(ctx_arg_, offsetof(SjCtx, depth))); }
  // if (cond) { then() } else { otherwise() } with pending literals flushed on both sides.
  template <class Then, class Else>
  void branch(Value* cond, Then then, Else otherwise, const char* name = "if") {
    flush();
    branch_carrying_literal(cond, then, otherwise, name);
  }
  // The same, but the pending literal (`,"id":`) goes into both arms instead of being written
  // before the test: `then` must write it (number_text does, in the same capacity check as the
  // number); `otherwise` finds it written.
  template <class Then, class Else>
  void branch_carrying_literal(Value* cond, Then then, Else otherwise, const char* name) {
    branch_each_carrying_literal(cond, then, [&] { flush(); otherwise(); }, name);
  }
  // The same, with the pending literal going into both arms for each to write.
  template <class Then, class Else>
  void branch_each_carrying_literal(Value* cond, Then then, Else otherwise, const char* name) {
    std::string literal = std::move(pending_);
    pending_.clear();
    BasicBlock* t = block(name);
    BasicBlock* e = block("else");
    BasicBlock* j = block("join");
    b_.CreateCondBr(cond, t, e);
    go(t);
    pending_ = literal;
    then();
    flush();
    b_.CreateBr(j);
    go(e);
    pending_ = literal;
    otherwise();
    flush();
    b_.CreateBr(j);
    go(j);
  }
  // A string's three cases where the cursor is in a register: held in its Value (RapidJSON
  // marks one only with all of kShortStringFlags, so one compare of the flags tells it, type
  // included: the common case, tested first and alone), another string, anything else
  // (coerced). `held` and `other` write the pending literal (`,"name":`) themselves, in their
  // own capacity check; `coerce` finds it written.
  template <class Held, class Other, class Coerce>
  void by_string_kind(Value* v, Held held, Other other, Coerce coerce) {
    branch_each_carrying_literal(
        b_.CreateICmpEQ(flags(v), b_.getInt16(dom::kShortStringFlags)), held,
        [&] { branch_carrying_literal(is_type(v, dom::kStringType), other, coerce, "isstring"); }, "inline");
  }
  // A string held in the Value (x, len: short_string_vector) with bytes to escape at `bad`,
  // quoted at cur: where the CPU expands bytes under a mask and none of them is a control
  // character, written in registers (expand_quotes_and_backslashes); the others go to
  // `other()`, which writes them (the runtime's escaping writer) or leaves the block with a
  // branch of its own (the fast entry's way to its full function).
  template <class Other>
  void expand_else(Value* cur, Value* v, Value* x, Value* len, Value* bad, Other other) {
    // The target CPU expands bytes under a mask (vpexpandb) and has pdep/pext (the JIT's host
    // answers as the runtime's VBMI2 escape tier asks; the object cache keys on it).
    if (!expand_bytes_) return other();
    Value* control = controls_within(x, len);
    BasicBlock* expand = block("expand");
    BasicBlock* call_writer = block("controls");
    BasicBlock* done = block("escaped");
    b_.CreateCondBr(b_.CreateICmpEQ(control, i32(0)), expand, call_writer, weights_likely());
    go(expand);
    expand_quotes_and_backslashes(cur, v, len, bad);
    b_.CreateBr(done);
    go(call_writer);
    other();
    close_with(done);
    go(done);
  }
  // Writes a string of len bytes quoted at cur, which has room for the escaped text's worst
  // case. When `clean_cond` holds (no byte needs escaping) `store(text)` puts its bytes at
  // text = cur + 1 (it may store past them: the closing quote and later writes land there),
  // else `escape()` writes it all (the runtime's escaping writer, or its own code first).
  template <class Store, class Escape>
  void quoted_unless_escaping(Value* clean_cond, Value* cur, Value* len, Store store, Escape escape) {
    BasicBlock* clean = block("clean");
    BasicBlock* escape_block = block("escape");
    BasicBlock* done = block("written");
    b_.CreateCondBr(clean_cond, clean, escape_block, weights_likely());
    go(clean);
    quote_clean(cur, len, store);
    b_.CreateBr(done);
    go(escape_block);
    escape();
    close_with(done);
    go(done);
  }
  // Ends the current block with a branch to `to`, unless what was emitted in it already ended
  // it (a branch of its own).
  void close_with(BasicBlock* to) {
    if (!b_.GetInsertBlock()->getTerminator()) b_.CreateBr(to);
  }
  // '"', the len bytes `store(text)` puts at text = cur + 1 (it may store past them), '"'.
  template <class Store>
  void quote_clean(Value* cur, Value* len, Store store) {
    b_.CreateStore(b_.getInt8('"'), cur);
    Value* text = b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), cur, 1);
    store(text);
    Value* close = b_.CreateInBoundsGEP(b_.getInt8Ty(), text, len);
    b_.CreateStore(b_.getInt8('"'), close);
    set_cursor(b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), close, 1));
  }
  // The number predicates: an int64/uint64, or a double for which `test` holds.
  template <class DoubleTest>
  Value* number_where(Value* v, DoubleTest test) {
    Value* d = dom_load(b_.getDoubleTy(), v);  // read whatever v is; used only for doubles
    return b_.CreateOr(has_flag(v, dom::kInt64Flag | dom::kUint64Flag), b_.CreateAnd(has_flag(v, dom::kDoubleFlag), test(d)));
  }
  // Continues in a block where `cond` held; otherwise jumps to `no`.
  void enum_loop(const std::vector<int>& indices, Value* v, BasicBlock* no);
  void require(Value* cond, BasicBlock* no) {
    BasicBlock* yes = block("t.ok");
    b_.CreateCondBr(cond, yes, no);
    go(yes);
  }
  // body() runs only when cond holds (keywords that apply to one kind of value).
  template <class Body>
  void only_if(Value* cond, Body body) {
    BasicBlock* in = block("t.applies");
    BasicBlock* out = block("t.next");
    b_.CreateCondBr(cond, in, out);
    go(in);
    body();
    b_.CreateBr(out);
    go(out);
  }
  // for (i = from; i < count; ++i) body(i)
  template <class Body>
  void loop(Value* from, Value* count, Body body) {
    BasicBlock* pre = b_.GetInsertBlock();
    BasicBlock* head = block("loop");
    BasicBlock* step = block("loop.body");
    BasicBlock* end = block("loop.end");
    b_.CreateBr(head);
    go(head);
    auto* i = b_.CreatePHI(b_.getInt64Ty(), 2, "i");
    i->addIncoming(from, pre);
    b_.CreateCondBr(b_.CreateICmpULT(i, count), step, end);
    go(step);
    body(i);
    i->addIncoming(b_.CreateAdd(i, i64(1)), b_.GetInsertBlock());
    b_.CreateBr(head);
    go(end);
  }
  Value* element(Value* array, Value* i) { return element_of(packed_pointer(array), i); }
  Value* element_of(Value* elems, Value* i) {
    return b_.CreateInBoundsGEP(b_.getInt8Ty(), elems, b_.CreateMul(i, i64(dom::kValueSize)));
  }
  llvm::AllocaInst* entry_alloca(llvm::Type* t) {
    llvm::IRBuilder<> eb(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    return eb.CreateAlloca(t);
  }

  // ---- the module, its functions, node dispatch, type switches and selects (codegen.cpp) -----
  llvm::Function* function(const std::string& name, llvm::GlobalValue::LinkageTypes linkage);
  llvm::Type* abi_type(sj::abi::Type t);
  llvm::Function* runtime(const char* name);
  llvm::Function* declare_runtime(std::string_view name);
  llvm::Function* memcmp();
  Value* call(const char* name, std::initializer_list<Value*> args);
  Value* call(llvm::FunctionCallee callee, std::initializer_list<Value*> args);
  llvm::Constant* bytes(const std::string& s);
  Value* enter(const std::string& path, uint32_t too_deep_status);
  void define(size_t index);
  void returns();
  void emit(const ir::Node& n, Value* v);
  void emit_or_raw(const ir::Node* schema, Value* v);
  Value* guard(const ir::Node& branch_node, Value* v);
  void emit_switch(const ir::Node& n, Value* v);
  void emit_select(const ir::Node& n, Value* v);

  // ---- strings (codegen_strings.cpp) ---------------------------------------------------------
  bool has_string_fast_entry() const;
  void define_string_fast_entry(llvm::Function* entry);
  void emit_string(const ir::Node& n, Value* v);
  void quoted_string(Value* v, bool date, const std::function<void()>& not_string);
  Value* escape_mask(Value* x);
  Value* live_lanes(Value* len);
  Value* escapes_within(Value* x, Value* len);
  Value* controls_within(Value* x, Value* len);
  llvm::Constant* byte_splat(char c, unsigned lanes);
  void inline_string(Value* v);
  Value* control_mask(Value* x);
  void expand_quotes_and_backslashes(Value* cur, Value* data, Value* len, Value* quoted);
  std::pair<Value*, Value*> short_string_vector(Value* v);
  void quoted_text(Value* cur, Value* data, Value* len);
  static bool is_date_format(ir::StringFormat f);
  void date_string(Value* data, Value* len);

  // ---- numbers, integers, booleans (codegen_numbers.cpp) -------------------------------------
  void emit_number(const ir::Node& n, Value* v);
  Value* is_finite(Value* d);
  Value* plain_number(Value* v);
  void emit_integer(const ir::Node& n, Value* v);
  void emit_boolean(Value* v);
  Value* integral(Value* v);
  Value* as_double(Value* v);
  Value* finite_number(Value* v);

  // ---- objects and member lookup (codegen_objects.cpp) ---------------------------------------
  Value* lookup(Value* obj, Value* is_obj, const std::string& name, int predicted, int slot = -1);
  Value* is_inline_name(Value* m, const std::string& name);
  llvm::Constant* key_table(const std::vector<std::string>& names);
  Value* is_declared(Value* kdata, Value* klen, const std::vector<ir::Field>& fields, llvm::Constant* keys);
  Value* same_key_bytes(Value* s, const std::string& name);
  void make_dynamic(Comma& c);
  void key(Comma& c, const std::string& key_literal);
  void emit_field(const ir::Field& f, const ir::Node& n, Value* v, Value* is_obj, Comma& comma);
  void emit_fields_in_parts(const ir::Node& n, Value* v, Comma& comma);
  void emit_object(const ir::Node& n, Value* v);

  // ---- undeclared members (codegen_extras.cpp) -----------------------------------------------
  // The members an object's extras loop visits: order[lo..hi) are their positions (when
  // has_order; else lo..hi are), `listed` when all of them are known undeclared.
  struct ExtrasOrder {
    Value* order;
    Value* has_order;
    Value* lo;
    Value* hi;
    Value* listed;
  };
  ExtrasOrder order_extras(const ir::Node& n, Value* v, llvm::Constant* keys);
  Value* is_array_index(Value* kdata, Value* klen, Value* first);
  void emit_extras(const ir::Node& n, Value* v, Value* is_obj, llvm::Constant* keys, Comma& comma);

  // ---- regular expressions (codegen_patterns.cpp) --------------------------------------------
  Value* search_pattern(int index, Value* s, Value* n, const std::string& path);

  // ---- arrays and tuples (codegen_arrays.cpp) ------------------------------------------------
  void emit_tuple_items(const ir::Node& n, Value* len, Value* elems);
  Value* tuple_guard(uint8_t g, Value* v);
  static const char* bulk_kernel(ir::ArrayStrategy s);
  void emit_array(const ir::Node& n, Value* v);

  // ---- validators: anyOf/oneOf/if branch tests (codegen_validators.cpp) ----------------------
  void define_validator(size_t index);
  Value* passes(const ir::Test& t, Value* v);
  Value* type_matches(uint8_t mask, Value* v);
  Value* equals_constant(Value* v, int index);
  Value* string_equals(Value* v, const std::string& s);
  void emit_test(const ir::Test& t, Value* v, BasicBlock* no);
  void within(Value* n, const ir::Test& t, BasicBlock* no);
  void require_outcome(Value* r, BasicBlock* no);
  void emit_members(const ir::Test& t, Value* v, BasicBlock* no);

  // ---- state -------------------------------------------------------------------------------
  const ir::Module& irm_;
  int level_;           // the optimisation level the code is generated for
  bool expand_bytes_;   // the target has vpexpandb and pdep/pext (codegen.h)
  llvm::LLVMContext& ctx_;
  std::unique_ptr<llvm::Module> mod_;
  llvm::IRBuilder<> b_;
  std::string entry_name_;
  std::map<std::string, llvm::Function*> rt_;
  llvm::Function* memcmp_ = nullptr;
  std::map<std::string, llvm::Constant*> strings_;
  std::vector<llvm::Function*> fns_;
  std::vector<llvm::Function*> vfns_;  // validators
  std::vector<ir::Writes> writes_;     // ir::validator_writes of the module
  llvm::Function* fn_ = nullptr;
  BasicBlock* verror_ = nullptr;       // a validator's exit when an error is recorded
  Value* ctx_arg_ = nullptr;
  Value* cur_slot_ = nullptr;  // open_cursor()
  BasicBlock* fail_ = nullptr;
  std::string pending_;
  const MemberIndex* index_ = nullptr;  // of the object whose fields are being emitted
};

}  // namespace schemajit::detail
