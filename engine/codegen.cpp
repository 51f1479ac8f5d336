// IR → LLVM IR. Inline: type checks (the flags word of a rapidjson::Value), member lookup at
// the predicted position, constant bytes (adjacent literals fused into one copy) and buffer
// capacity checks. Runtime calls: escaping, number text, coercions, the generic serializer,
// the bulk string-array kernel, errors. Layout numbers come from runtime/dom_layout.h and the
// runtime's functions from SJ_RUNTIME_FUNCTIONS in runtime/abi.h.
#include "engine/codegen.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string_view>
#include <tuple>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "ir/error.h"
#include "ir/schema_doc.h"
#include "runtime/abi.h"
#include "runtime/dom_layout.h"
#include "runtime/escape.h"
#include "runtime/js_value.h"
#include "runtime/member_index.h"
#include "runtime/number_text.h"
#include "runtime/validate.h"

namespace schemajit::detail {
namespace {

namespace ir = sj::ir;
namespace dom = sj::dom;
using llvm::BasicBlock;
using llvm::Value;

class Codegen {
 public:
  Codegen(const ir::Module& m, llvm::LLVMContext& c, const std::string& entry)
      : irm_(m), ctx_(c), mod_(std::make_unique<llvm::Module>("schemajit", c)), b_(c), entry_name_(entry) {}

  std::unique_ptr<llvm::Module> run() {
    bool fast_entry = has_string_fast_entry();
    for (size_t i = 0; i < irm_.functions.size(); ++i)
      fns_.push_back(i == 0 && !fast_entry ? function(entry_name_, llvm::Function::ExternalLinkage)
                                           : function("f" + std::to_string(i), llvm::Function::InternalLinkage));
    for (size_t i = 0; i < irm_.validators.size(); ++i)
      vfns_.push_back(function("v" + std::to_string(i), llvm::Function::InternalLinkage));
    for (size_t i = 0; i < irm_.functions.size(); ++i) define(i);
    for (size_t i = 0; i < irm_.validators.size(); ++i) define_validator(i);
    if (fast_entry) define_string_fast_entry(function(entry_name_, llvm::Function::ExternalLinkage));
    std::string err;
    llvm::raw_string_ostream os(err);
    if (llvm::verifyModule(*mod_, &os)) throw sj::CompileError("internal error: invalid LLVM IR: " + os.str(), "");
    return std::move(mod_);
  }

 private:
  // ---- types, constants, runtime declarations -------------------------------------------
  llvm::Type* ptr() { return b_.getPtrTy(); }
  llvm::ConstantInt* i64(uint64_t v) { return b_.getInt64(v); }
  llvm::ConstantInt* i32(uint32_t v) { return b_.getInt32(v); }
  // A generated function: serializers and validators alike are `i32 f(ptr ctx, ptr value)`.
  llvm::Function* function(const std::string& name, llvm::GlobalValue::LinkageTypes linkage) {
    auto* f = llvm::Function::Create(llvm::FunctionType::get(b_.getInt32Ty(), {ptr(), ptr()}, false), linkage, name, *mod_);
    f->addFnAttr(llvm::Attribute::NoUnwind);
    return f;
  }

  llvm::Type* abi_type(sj::abi::Type t) {
    switch (t) {
      case sj::abi::V: return b_.getVoidTy();
      case sj::abi::I32: return b_.getInt32Ty();
      case sj::abi::I64: return b_.getInt64Ty();
      case sj::abi::F64: return b_.getDoubleTy();
      case sj::abi::P: break;
    }
    return ptr();
  }

  // A runtime function's declaration, made on first use: a module declares only what it calls
  // (declaring all of them up front was ~1.5% of a level-0 compile).
  llvm::Function* runtime(const char* name) {
    llvm::Function*& f = rt_[name];
    if (!f) f = declare_runtime(name);
    return f;
  }
  llvm::Function* declare_runtime(std::string_view name) {
    struct Signature {
      std::string_view name;
      sj::abi::Type ret;
      std::vector<sj::abi::Type> args;
    };
#define SJ_SIGNATURE(name, ret, ...) {#name, ret, {__VA_ARGS__}},
    static const Signature kRuntime[] = {SJ_RUNTIME_FUNCTIONS(SJ_SIGNATURE)};
#undef SJ_SIGNATURE
    // Lookups and checks that only read memory: LLVM may merge repeated calls (a validator's
    // required and properties tests look up the same member) and drop unused ones.
    static constexpr std::string_view kReaders[] = {"sj_find_member",  "sj_key_declared",     "sj_test_equal", "sj_test_unique",
                                                    "sj_code_points", "sj_test_multiple_of", "sj_test_format"};
    auto sig = std::find_if(std::begin(kRuntime), std::end(kRuntime), [&](const Signature& s) { return s.name == name; });
    if (sig == std::end(kRuntime)) throw sj::CompileError("internal error: no runtime function " + std::string(name), "");
    std::vector<llvm::Type*> args;
    for (sj::abi::Type t : sig->args) args.push_back(abi_type(t));
    auto* f = llvm::Function::Create(llvm::FunctionType::get(abi_type(sig->ret), args, false),
                                     llvm::Function::ExternalLinkage, name, *mod_);
    f->addFnAttr(llvm::Attribute::NoUnwind);
    if (std::find(std::begin(kReaders), std::end(kReaders), name) != std::end(kReaders)) {
      f->setOnlyReadsMemory();
      f->setWillReturn();
    }
    return f;
  }
  llvm::Function* memcmp() {
    if (!memcmp_)
      memcmp_ = llvm::Function::Create(llvm::FunctionType::get(b_.getInt32Ty(), {ptr(), ptr(), b_.getInt64Ty()}, false),
                                       llvm::Function::ExternalLinkage, "memcmp", *mod_);
    return memcmp_;
  }

  Value* call(const char* name, std::initializer_list<Value*> args) { return call(runtime(name), args); }
  // Every call goes through here: one that takes ctx (a runtime function or a generated one)
  // may read and move the output cursor and end, so the cursor is published to ctx before it
  // and reloaded after it (the end is always read from ctx).
  Value* call(llvm::FunctionCallee callee, std::initializer_list<Value*> args) {
    bool takes_ctx = args.size() != 0 && *args.begin() == ctx_arg_;
    if (takes_ctx) publish_cursor();
    Value* r = b_.CreateCall(callee, args);
    if (takes_ctx) reload_cursor();
    return r;
  }

  // Constant bytes, deduplicated. Null-terminated so that paths double as C strings.
  llvm::Constant* bytes(const std::string& s) {
    auto it = strings_.find(s);
    if (it != strings_.end()) return it->second;
    auto* init = llvm::ConstantDataArray::getString(ctx_, s, true);
    auto* gv = new llvm::GlobalVariable(*mod_, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init, "lit");
    // Not unnamed_addr (strings_ already shares equal literals): an unnamed_addr C string goes
    // to a mergeable section, where ELF keeps a symbol per string for the linker to merge by,
    // and JITLink builds a graph symbol for each (228 of twitter's 316). In plain .rodata the
    // relocations name the section: a cached object links faster (twitter's hit 306 -> 263 us).
    gv->setAlignment(llvm::Align(1));
    strings_[s] = gv;
    return gv;
  }

  // ---- control flow helpers ---------------------------------------------------------------
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
  bool compact() const { return irm_.effective_opt_level() == 0; }
  // A runtime call that writes a whole value and returns a status, after the pending literal.
  template <class Call>
  void whole_in_runtime(Call c) {
    flush();
    check(c());
  }

  // ---- output buffer ----------------------------------------------------------------------
  // Literal bytes are collected in `pending_` and written in one copy at the next flush, so
  // `{"id":` or `},"next":` cost one capacity check and one memcpy.
  void literal(const std::string& s) { pending_ += s; }

  // At level 1 and up the output cursor lives in an alloca per serializer function, which
  // SROA turns into a register: loaded from ctx at entry, published to ctx around calls that
  // take it (call() above) and before returning. Kept in ctx itself, it was reloaded after
  // every store into the output, a char* that LLVM cannot tell apart from ctx. Level 0 runs
  // no IR passes, so there the alloca would only add instructions (batch/cold 1.57 → 1.84 s):
  // its code, run for tier-up's first calls, keeps the cursor in ctx. The end stays
  // in ctx at every level (a load per capacity check): held in a register as well, it cost
  // more in spills than it saved (number arrays 7–15% slower).
  void open_cursor() {
    cur_slot_ = irm_.effective_opt_level() > 0 ? b_.CreateAlloca(ptr(), nullptr, "cur.slot") : nullptr;
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

  // ---- reading a rapidjson::Value (dom_layout.h) ---------------------------------------------
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
  // The same for a string known not to be inline.
  std::pair<Value*, Value*> heap_string_of(Value* v) { return {packed_pointer(v), size_of(v)}; }

  // ---- functions -------------------------------------------------------------------------
  // Recursion guard at function entry: data nesting beyond max_depth is an error, never a
  // stack overflow. Returns the incremented depth (stored); too deep returns `too_deep_status`
  // after recording the error.
  Value* enter(const std::string& path, uint32_t too_deep_status) {
    BasicBlock* body = block("body");
    Value* depth_ptr = at(ctx_arg_, offsetof(SjCtx, depth));
    Value* depth = b_.CreateAdd(b_.CreateLoad(b_.getInt32Ty(), depth_ptr), i32(1));
    Value* limit = b_.CreateLoad(b_.getInt32Ty(), at(ctx_arg_, offsetof(SjCtx, max_depth)));
    BasicBlock* too_deep = block("too_deep");
    b_.CreateCondBr(b_.CreateICmpSGT(depth, limit), too_deep, body, weights_unlikely());
    go(too_deep);
    call("sj_error_depth", {ctx_arg_, bytes(path)});
    b_.CreateRet(i32(too_deep_status));
    go(body);
    b_.CreateStore(depth, depth_ptr);
    return depth;
  }
  // The entry point when nothing else calls it: entered from the API at depth 0, it is at
  // depth 1, which every limit allows (maxDataDepth >= 1), so it only stores that for the
  // functions it calls: no load, no compare, and nothing to restore (the API reads no depth
  // after the call).
  void enter_from_api() { b_.CreateStore(i32(1), at(ctx_arg_, offsetof(SjCtx, depth))); }
  void leave(Value* depth) { b_.CreateStore(b_.CreateSub(depth, i32(1)), at(ctx_arg_, offsetof(SjCtx, depth))); }

  void define(size_t index) {
    fn_ = fns_[index];
    ctx_arg_ = fn_->getArg(0);
    Value* v = fn_->getArg(1);
    go(block("entry"));
    open_cursor();
    fail_ = block("fail");
    Value* depth = nullptr;
    if (index == 0 && !irm_.entry_is_called) enter_from_api();
    else depth = enter(irm_.functions[index].path, 1);
    emit(*irm_.functions[index].body, v);
    flush();
    if (depth) leave(depth);
    returns();
  }

  // A schema that is one string (a route that returns a name; fjs's "short string" rows)
  // gets an entry that makes no call on its usual path: a string held in its Value, with
  // nothing to escape, and room in the window. The full function has calls on its other
  // paths, so it saves and restores three registers and stores the depth on every path, the
  // usual one included: "hello world" takes 39 instructions there, 28 here (AVX-512). Any
  // other case tail-calls it, and it starts over: the fast path writes only past the
  // published cursor.
  bool has_string_fast_entry() const {
    const ir::Node& root = *irm_.functions[0].body;
    return !compact() && root.kind == ir::Kind::String && !root.nullable &&
           (root.format == ir::StringFormat::None || root.format == ir::StringFormat::Unsafe);
  }
  void define_string_fast_entry(llvm::Function* entry) {
    const ir::Node& root = *irm_.functions[0].body;
    fn_ = entry;
    ctx_arg_ = entry->getArg(0);
    Value* v = entry->getArg(1);
    cur_slot_ = nullptr;  // the cursor stays in ctx: read once, and quote_clean stores the new one there
    go(block("entry"));
    BasicBlock* full = block("full");
    BasicBlock* held = block("held");
    b_.CreateCondBr(b_.CreateICmpEQ(flags(v), b_.getInt16(dom::kShortStringFlags)), held, full, weights_likely());
    go(held);
    Value* cur = cursor();
    BasicBlock* ready = block("ready");
    b_.CreateCondBr(b_.CreateICmpUGE(room(cur), i64(kHeldStringRoom)), ready, full, weights_likely());
    go(ready);
    Value *x, *len;
    std::tie(x, len) = short_string_vector(v);
    Value* len64 = b_.CreateZExt(len, b_.getInt64Ty());
    auto store = [&](Value* text) { b_.CreateAlignedStore(x, text, llvm::Align(1)); };
    if (root.format == ir::StringFormat::Unsafe) {
      quote_clean(cur, len64, store);
    } else {
      Value* bad = escapes_within(x, len);
      quoted_unless_escaping(b_.CreateICmpEQ(bad, i32(0)), cur, len64, store,
                             [&] { expand_else(cur, v, x, len, bad, [&] { b_.CreateBr(full); }); });
    }
    b_.CreateRet(i32(0));
    go(full);
    llvm::CallInst* rest = b_.CreateCall(fns_[0], {ctx_arg_, v});
    rest->setTailCall();
    b_.CreateRet(rest);
  }

  // A serializer function's two exits, the cursor published at both: 0 here, 1 at fail_.
  void returns() {
    publish_cursor();
    b_.CreateRet(i32(0));
    go(fail_);
    publish_cursor();
    b_.CreateRet(i32(1));
  }

  // ---- nodes -----------------------------------------------------------------------------
  void emit(const ir::Node& n, Value* v) {
    bool null_first = n.nullable && n.kind != ir::Kind::Generic && n.kind != ir::Kind::Null;
    BasicBlock* done = nullptr;
    if (null_first) {
      flush();
      BasicBlock* is_null = block("null");
      BasicBlock* not_null = block("notnull");
      done = block("done");
      b_.CreateCondBr(is_type(v, dom::kNullType), is_null, not_null);
      go(is_null);
      literal("null");
      flush();
      b_.CreateBr(done);
      go(not_null);
    }
    switch (n.kind) {
      case ir::Kind::Generic: flush(); check(call("sj_write_generic", {ctx_arg_, v})); break;
      case ir::Kind::Null: literal("null"); break;
      case ir::Kind::Const: literal(n.literal); break;
      case ir::Kind::String: emit_string(n, v); break;
      case ir::Kind::Number: emit_number(n, v); break;
      case ir::Kind::Integer: emit_integer(n, v); break;
      case ir::Kind::Boolean: emit_boolean(v); break;
      case ir::Kind::Object: emit_object(n, v); break;
      case ir::Kind::Array: emit_array(n, v); break;
      case ir::Kind::TypeSwitch: emit_switch(n, v); break;
      case ir::Kind::Call: flush(); check(call(fns_[n.callee], {ctx_arg_, v})); break;
      case ir::Kind::Select: emit_select(n, v); break;
    }
    if (done) {
      flush();
      b_.CreateBr(done);
      go(done);
    }
  }

  // The value through `schema`, or as JSON.stringify prints it when there is none.
  void emit_or_raw(const ir::Node* schema, Value* v) {
    if (schema) return emit(*schema, v);
    flush();
    check(call("sj_write_generic", {ctx_arg_, v}));
  }

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

  void emit_string(const ir::Node& n, Value* v) {
    auto coerce_call = [&] { return call("sj_coerce_string", {ctx_arg_, v, i32(static_cast<int>(n.format)), bytes(n.path)}); };
    if (compact()) return whole_in_runtime(coerce_call);
    auto coerce = [&] { check(coerce_call()); };
    if (n.format == ir::StringFormat::Unsafe) {
      // Unescaped: a string held in the Value is copied from the register as the escaping
      // path copies a clean one (fjs "unsafe short string": 14.4 -> 10.2 ns); others go to
      // the runtime's copy.
      by_string_kind(
          v,
          [&] {
            Value *x, *len;
            std::tie(x, len) = short_string_vector(v);
            quote_clean(write_pending(i64(1 + dom::kValueSize + 1)), b_.CreateZExt(len, b_.getInt64Ty()),
                        [&](Value* text) { b_.CreateAlignedStore(x, text, llvm::Align(1)); });
          },
          [&] {
            flush();
            auto [data, len] = heap_string_of(v);
            call("sj_write_unsafe_string", {ctx_arg_, data, len});
          },
          coerce);
      return;
    }
    // With the cursor in a register, strings up to kLongString bytes get the same capacity
    // check as the literal before them (`,"name":`, with the escaped text's worst case) and a
    // writer that takes no ctx; longer strings go to the runtime, which writes them in pieces.
    by_string_kind(
        v, [&] { inline_string(v); },
        [&] {
          auto [data, len] = heap_string_of(v);
          Value* fits = b_.CreateICmpULE(len, i64(sj::rt::kLongString));
          // quoted_bound(len), which is linear in len
          constexpr uint64_t kPerByte = sj::rt::quoted_bound(1) - sj::rt::quoted_bound(0);
          Value* bound = b_.CreateAdd(b_.CreateMul(len, i64(kPerByte)), i64(sj::rt::quoted_bound(0)));
          set_cursor(write_pending(b_.CreateSelect(fits, bound, i64(0))));
          branch(
              fits,
              [&, data = data, len = len] {
                if (is_date_format(n.format)) date_string(data, len);
                else quoted_text(cursor(), data, len);
              },
              [&, data = data, len = len] { call("sj_write_string", {ctx_arg_, data, len}); }, "short");
        },
        coerce);
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

  // Bit i of the i16 result: byte i of the 16-byte vector x must be escaped (a control
  // character, '"' or '\\').
  Value* escape_mask(Value* x) {
    Value* special = b_.CreateOr(b_.CreateICmpULT(x, byte_splat(0x20, 16)),
                                 b_.CreateOr(b_.CreateICmpEQ(x, byte_splat('"', 16)), b_.CreateICmpEQ(x, byte_splat('\\', 16))));
    return b_.CreateBitCast(special, b_.getInt16Ty());
  }

  // Bits 0..len-1 (i32): the lanes of a short_string_vector that hold its text.
  Value* live_lanes(Value* len) { return b_.CreateSub(b_.CreateShl(i32(1), len), i32(1)); }
  // escape_mask and control_mask over the text of a short_string_vector only (i32).
  Value* escapes_within(Value* x, Value* len) {
    return b_.CreateAnd(b_.CreateZExt(escape_mask(x), b_.getInt32Ty()), live_lanes(len));
  }
  Value* controls_within(Value* x, Value* len) {
    return b_.CreateAnd(b_.CreateZExt(control_mask(x), b_.getInt32Ty()), live_lanes(len));
  }

  // A vector of `lanes` bytes c.
  llvm::Constant* byte_splat(char c, unsigned lanes) {
    return llvm::ConstantVector::getSplat(llvm::ElementCount::getFixed(lanes), b_.getInt8(static_cast<uint8_t>(c)));
  }

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
  void inline_string(Value* v) {
    Value* cur = write_pending(i64(kHeldStringRoom));
    Value *x, *len;  // not a structured binding: clang 14 (the sanitizer builds') cannot capture one
    std::tie(x, len) = short_string_vector(v);
    Value* bad = escapes_within(x, len);
    Value* len64 = b_.CreateZExt(len, b_.getInt64Ty());
    auto store = [&](Value* text) { b_.CreateAlignedStore(x, text, llvm::Align(1)); };
    quoted_unless_escaping(b_.CreateICmpEQ(bad, i32(0)), cur, len64, store,
                           [&] { expand_else(cur, v, x, len, bad, [&] { quoted_text(cur, v, len64); }); });
  }

  // A string held in the Value (x, len: short_string_vector) with bytes to escape at `bad`,
  // quoted at cur: where the CPU expands bytes under a mask and none of them is a control
  // character, written in registers (expand_quotes_and_backslashes); the others go to
  // `other()`, which writes them (the runtime's escaping writer) or leaves the block with a
  // branch of its own (the fast entry's way to its full function).
  template <class Other>
  void expand_else(Value* cur, Value* v, Value* x, Value* len, Value* bad, Other other) {
    // The host, which the JIT compiles for (and the object cache keys on), expands bytes
    // under a mask (vpexpandb) and has pdep/pext: the runtime's VBMI2 escape tier asks the same.
    if (!sj::rt::cpu_has(sj::rt::Isa::Avx512Vbmi2)) return other();
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

  // Bit i of the i16 result: byte i of the 16-byte vector x is a control character.
  Value* control_mask(Value* x) { return b_.CreateBitCast(b_.CreateICmpULT(x, byte_splat(0x20, 16)), b_.getInt16Ty()); }

  // The string data[0, len) (len ≤ 13) quoted at cur, where the bytes to escape are '"' and
  // '\\' only, at the bits of `quoted` (i32): each becomes a backslash and itself. In a
  // 32-bit "slot" word byte i owns slots 2i (its backslash, kept if it is quoted) and 2i + 1
  // (itself, always kept); pext of the odd slots over the kept ones gives, for each output
  // byte, whether it is a string byte (1) or a backslash (0), and vpexpandb places the
  // string's bytes at the ones over a vector of backslashes: the escaped text in one
  // instruction, 13 + 13 bytes at most.
  void expand_quotes_and_backslashes(Value* cur, Value* data, Value* len, Value* quoted) {
    auto* ty = b_.getInt32Ty();
    Value* own = b_.CreateSub(b_.CreateShl(i32(1), b_.CreateShl(len, 1)), i32(1));  // 2·len ≤ 26 slots
    Value* kept = b_.CreateOr(b_.CreateIntrinsic(ty, llvm::Intrinsic::x86_bmi_pdep_32, {quoted, i32(0x55555555)}),
                              b_.CreateAnd(own, i32(static_cast<int32_t>(0xaaaaaaaa))));
    Value* bytes_at = b_.CreateIntrinsic(ty, llvm::Intrinsic::x86_bmi_pext_32, {i32(static_cast<int32_t>(0xaaaaaaaa)), kept});
    auto* vec = llvm::FixedVectorType::get(b_.getInt8Ty(), 32);
    Value* mask = b_.CreateBitCast(bytes_at, llvm::FixedVectorType::get(b_.getInt1Ty(), 32));
    Value* text = b_.CreateMaskedExpandLoad(vec, data, mask, byte_splat('\\', 32));
    Value* out_len = b_.CreateZExt(b_.CreateAdd(len, b_.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, quoted)), b_.getInt64Ty());
    quote_clean(cur, out_len, [&](Value* at) { b_.CreateAlignedStore(text, at, llvm::Align(1)); });
  }

  // A string held in the Value (kShortStringFlags): the Value's 16 bytes as a vector, the
  // text first, and the text's length (i32).
  std::pair<Value*, Value*> short_string_vector(Value* v) {
    auto* vec = llvm::FixedVectorType::get(b_.getInt8Ty(), dom::kValueSize);
    auto* x = llvm::cast<llvm::LoadInst>(dom_load(vec, v));
    x->setAlignment(llvm::Align(8));
    Value* len = b_.CreateSub(i32(dom::kShortMax),
                              b_.CreateZExt(b_.CreateExtractElement(x, uint64_t{dom::kShortLenByte}), b_.getInt32Ty()));
    return {x, len};
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

  // The runtime's escaping writer for data[0, len) at cur, which has room for its worst case.
  void quoted_text(Value* cur, Value* data, Value* len) { set_cursor(call("sj_quoted_text", {cur, data, len})); }

  static bool is_date_format(ir::StringFormat f) {
    return f == ir::StringFormat::DateTime || f == ir::StringFormat::Date || f == ir::StringFormat::Time;
  }

  // A string outside its Value where a date/time format says to expect 16 to 32 bytes
  // ("2026-12-02T09:14:44.664Z" is 24): at those lengths two overlapping 16-byte vectors, the
  // first and the last 16 bytes, tested for bytes that need escaping and, when there are
  // none, stored overlapping after the opening quote, without a call; other lengths go to the
  // runtime. Only these strings get it: for strings in general it measured within noise on
  // the documents, for more code per site. The cursor has room for the escaped text's worst
  // case.
  void date_string(Value* data, Value* len) {
    Value* two_vectors = b_.CreateICmpULE(b_.CreateSub(len, i64(16)), i64(16));  // 16 <= len <= 32
    branch(two_vectors, [&] {
      auto* vec = llvm::FixedVectorType::get(b_.getInt8Ty(), 16);
      Value* tail_at = b_.CreateSub(len, i64(16));
      Value* head = b_.CreateAlignedLoad(vec, data, llvm::Align(1));
      Value* tail = b_.CreateAlignedLoad(vec, b_.CreateInBoundsGEP(b_.getInt8Ty(), data, tail_at), llvm::Align(1));
      Value* bad = b_.CreateOr(escape_mask(head), escape_mask(tail));
      Value* cur = cursor();
      quoted_unless_escaping(
          b_.CreateICmpEQ(bad, b_.getInt16(0)), cur, len,
          [&](Value* text) {
            b_.CreateAlignedStore(head, text, llvm::Align(1));
            b_.CreateAlignedStore(tail, b_.CreateInBoundsGEP(b_.getInt8Ty(), text, tail_at), llvm::Align(1));
          },
          [&] { quoted_text(cur, data, len); });
    }, [&] { quoted_text(cursor(), data, len); }, "datelength");
  }

  // NaN (a DOM can hold it as a double) is an error under type number, so the fast path
  // takes integers and doubles that are not NaN; everything else goes to the coercion.
  void emit_number(const ir::Node& n, Value* v) {
    auto coerce = [&] { return call("sj_coerce_number", {ctx_arg_, v, bytes(n.path)}); };
    if (compact()) return whole_in_runtime(coerce);
    branch_carrying_literal(
        plain_number(v), [&] { number_text("sj_number_text", sj::rt::kMaxDoubleText, v); }, [&] { check(coerce()); },
        "isnumber");
  }

  // The number predicates: an int64/uint64, or a double for which `test` holds.
  template <class DoubleTest>
  Value* number_where(Value* v, DoubleTest test) {
    Value* d = dom_load(b_.getDoubleTy(), v);  // read whatever v is; used only for doubles
    return b_.CreateOr(has_flag(v, dom::kInt64Flag | dom::kUint64Flag), b_.CreateAnd(has_flag(v, dom::kDoubleFlag), test(d)));
  }
  Value* is_finite(Value* d) {  // d - d is 0 exactly when d is neither NaN nor ±Infinity
    return b_.CreateFCmpOEQ(b_.CreateFSub(d, d), llvm::ConstantFP::get(b_.getDoubleTy(), 0.0));
  }

  Value* plain_number(Value* v) {
    return number_where(v, [&](Value* d) { return b_.CreateFCmpORD(d, d); });
  }

  void emit_integer(const ir::Node& n, Value* v) {
    int rounding = static_cast<int>(irm_.options.rounding);
    auto coerce = [&] { return call("sj_coerce_integer", {ctx_arg_, v, i32(rounding), bytes(n.path)}); };
    if (compact()) return whole_in_runtime(coerce);
    branch_carrying_literal(
        has_flag(v, dom::kInt64Flag | dom::kUint64Flag), [&] { number_text("sj_integer_text", sj::rt::kMaxIntText, v); },
        [&] { check(coerce()); }, "isint");
  }

  void emit_boolean(Value* v) {
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

  // Type-array guards of spec §7.
  Value* guard(const ir::Node& branch_node, Value* v) {
    Value* is_null = is_type(v, dom::kNullType);
    switch (branch_node.kind) {
      case ir::Kind::Null: return is_null;
      case ir::Kind::String:
        return b_.CreateOr(b_.CreateOr(is_type(v, dom::kStringType), is_null), is_type(v, dom::kArrayType));
      case ir::Kind::Number: return b_.CreateOr(has_flag(v, dom::kNumberFlag), is_null);
      case ir::Kind::Integer: return b_.CreateOr(integral(v), is_null);
      case ir::Kind::Boolean:
        return b_.CreateOr(b_.CreateOr(is_type(v, dom::kTrueType), is_type(v, dom::kFalseType)), is_null);
      case ir::Kind::Object: return b_.CreateOr(is_type(v, dom::kObjectType), is_null);
      case ir::Kind::Array: return is_type(v, dom::kArrayType);
      default: return b_.getTrue();
    }
  }

  // Number.isInteger: an int64/uint64, or a finite double equal to its truncation.
  Value* integral(Value* v) {
    return number_where(v, [&](Value* d) {
      return b_.CreateAnd(b_.CreateFCmpOEQ(b_.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, d), d), is_finite(d));
    });
  }

  void emit_switch(const ir::Node& n, Value* v) {
    flush();
    BasicBlock* done = block("switch.done");
    for (const auto& br : n.branches) {
      BasicBlock* take = block("switch.take");
      BasicBlock* next = block("switch.next");
      b_.CreateCondBr(guard(*br, v), take, next);
      go(take);
      emit(*br, v);
      flush();
      b_.CreateBr(done);
      go(next);
    }
    fail_with(call("sj_error_mismatch", {ctx_arg_, bytes(n.path)}));
    go(done);
  }

  // anyOf / oneOf / if: validators in order; the first that passes picks the serializer.
  // A validator returns 1 (passes), 0 (fails) or 2 (an error is recorded: data too deep).
  // Under Ajv's options that write data the validators may write into it, and the branch then
  // prints what they wrote: they run on the Select's own copy when they can write inside it
  // (and in "array" mode, where a one-element array at the root is unwrapped), each from
  // sj_ajv_enter's root.
  void emit_select(const ir::Node& n, Value* v) {
    flush();
    bool arrays = irm_.options.ajv_coerce_types == sj::AjvCoercion::Arrays;
    bool coerces = false, inside = false;
    for (const auto& c : n.choices)
      if (c.validator >= 0) {
        Writes w = writes_of(c.validator);
        coerces |= w.any;
        inside |= w.inside;
      }
    if (inside || (coerces && arrays)) {
      Value* copy = call("sj_ajv_copy", {ctx_arg_, v, bytes(n.path)});
      BasicBlock* copied = block("select.copied");
      b_.CreateCondBr(b_.CreateIsNull(copy), fail_, copied, weights_unlikely());
      go(copied);
      v = copy;
    }
    BasicBlock* done = block("select.done");
    for (const auto& c : n.choices) {
      BasicBlock* take = block("select.take");
      BasicBlock* next = block("select.next");
      if (c.validator < 0) {
        b_.CreateBr(take);
      } else {
        Value* r;
        if (coerces) {
          Value* root = call("sj_ajv_enter", {ctx_arg_, v, i32(arrays)});
          r = call(vfns_[c.validator], {ctx_arg_, root});
          call("sj_ajv_leave", {ctx_arg_, v, root});
        } else {
          r = call(vfns_[c.validator], {ctx_arg_, v});
        }
        BasicBlock* not_taken = block("select.nottaken");
        b_.CreateCondBr(b_.CreateICmpEQ(r, i32(1)), take, not_taken);
        go(not_taken);
        b_.CreateCondBr(b_.CreateICmpEQ(r, i32(2)), fail_, next, weights_unlikely());
      }
      go(take);
      emit(*c.value, v);
      flush();
      b_.CreateBr(done);
      go(next);
    }
    fail_with(call("sj_error_mismatch", {ctx_arg_, bytes(n.path)}));
    go(done);
  }

  // ---- validators (ir.h, "validation") --------------------------------------------------------
  // Whether validator `index` may write data (coerceTypes, useDefaults, removeAdditional):
  // anywhere, and `inside` the value, where the serializer sees it (in a member or an element,
  // or the value's own members; a call to a validator that writes counts as inside). Found
  // once per validator, and only when an option lets validators write.
  struct Writes {
    bool any = false, inside = false;
  };
  Writes writes_of(int index) {
    if (!irm_.options.ajv_writes_data()) return {};
    if (writes_.empty()) {
      for (size_t i = 0; i < irm_.validators.size(); ++i) {
        std::vector<char> seen(irm_.validators.size(), 0), seen_inside(irm_.validators.size(), 0);
        writes_.push_back({writes(*irm_.validators[i].body, false, seen), writes(*irm_.validators[i].body, true, seen_inside)});
      }
    }
    return writes_[index];
  }
  bool writes(const ir::Test& t, bool inside, std::vector<char>& seen) {
    using K = ir::TestKind;
    if (t.kind == K::Coerce) return !inside;
    // Defaults and deletions write into the object itself, which the serializer shares.
    if (t.kind == K::Defaults || (t.kind == K::Members && t.removal != ir::Test::Removal::None)) return true;
    if (t.kind == K::Call) {
      if (seen[t.index]) return false;
      seen[t.index] = 1;
      return writes(*irm_.validators[t.index].body, false, seen);
    }
    bool nested = t.kind == K::Properties || t.kind == K::Members || t.kind == K::Items || t.kind == K::Contains;
    bool want = inside && !nested;  // below a nesting test every write is inside
    for (const auto& c : t.children)
      if (c && writes(*c, want, seen)) return true;
    for (const ir::Test* c : {t.key_test.get(), t.rest.get()})
      if (c && writes(*c, want, seen)) return true;
    return false;
  }

  void define_validator(size_t index) {
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

  // Continues in a block where `cond` held; otherwise jumps to `no`.
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

  // Whether t passes on v, as an i1.
  Value* passes(const ir::Test& t, Value* v) {
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

  Value* type_matches(uint8_t mask, Value* v) {
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

  // A number's value as a double (int64 and uint64 converted).
  Value* as_double(Value* v) {
    Value* i = dom_load(b_.getInt64Ty(), v);
    Value* d = dom_load(b_.getDoubleTy(), v);
    return b_.CreateSelect(has_flag(v, dom::kDoubleFlag), d,
                           b_.CreateSelect(has_flag(v, dom::kInt64Flag), b_.CreateSIToFP(i, b_.getDoubleTy()),
                                           b_.CreateUIToFP(i, b_.getDoubleTy())));
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

  // const / enum: scalars compare inline (numbers as JavaScript's ===, as doubles); objects
  // and arrays go to the runtime's deep equality.
  Value* equals_constant(Value* v, int index) {
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
  Value* string_equals(Value* v, const std::string& s) {
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
  void emit_test(const ir::Test& t, Value* v, BasicBlock* no) {
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
            Value* r = call("sj_pattern_search", {ctx_arg_, i32(static_cast<uint32_t>(index)), data, len});
            require(b_.CreateICmpNE(r, i32(0)), no);
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
      case K::Call: {
        Value* r = call(vfns_[t.index], {ctx_arg_, v});
        BasicBlock* other = block("t.callother");
        BasicBlock* ok = block("t.ok");
        b_.CreateCondBr(b_.CreateICmpEQ(r, i32(1)), ok, other);
        go(other);
        b_.CreateCondBr(b_.CreateICmpEQ(r, i32(2)), verror_, no);
        go(ok);
        return;
      }
      case K::Throw:
        call("sj_error_text", {ctx_arg_, bytes(t.text)});
        b_.CreateBr(verror_);
        go(block("t.dead"));
        return;
    }
  }

  void within(Value* n, const ir::Test& t, BasicBlock* no) {
    if (t.lo > 0) require(b_.CreateICmpSGE(n, i64(uint64_t(t.lo))), no);
    if (t.hi != INT64_MAX) require(b_.CreateICmpSLE(n, i64(uint64_t(t.hi))), no);
  }

  // propertyNames, patternProperties and additionalProperties in one pass over the members;
  // none when the count alone shows that only required, declared names are present.
  void emit_members(const ir::Test& t, Value* v, BasicBlock* no) {
    llvm::Constant* keys = key_table(t.names);
    auto pass = [&] {
      loop(i64(0), size_of(v), [&](Value* i) {
        Value* m = b_.CreateInBoundsGEP(b_.getInt8Ty(), packed_pointer(v), b_.CreateMul(i, i64(dom::kMemberSize)));
        Value* value = at(m, dom::kMemberValueOffset);
        if (t.key_test) emit_test(*t.key_test, m, no);  // the name is a string Value
        auto [kdata, klen] = string_of(m);
        Value* matched = b_.getFalse();
        for (size_t p = 0; p < t.indices.size(); ++p) {
          Value* r = call("sj_pattern_search", {ctx_arg_, i32(static_cast<uint32_t>(t.indices[p])), kdata, klen});
          Value* hit = b_.CreateICmpNE(r, i32(0));
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

  // ---- objects ---------------------------------------------------------------------------
  // Pointer to the value of member `name`, or null. Inline: compare the member at the
  // position the schema predicts (length, then bytes). Otherwise, for a declared property
  // (`slot` >= 0) of an indexed object, the first miss indexes all of the object's members at
  // once (from the member its `starts` gives for this slot on) and every miss reads its slot;
  // else the runtime scans for this one name.
  Value* lookup(Value* obj, Value* is_obj, const std::string& name, int predicted, int slot = -1) {
    if (irm_.options.opt_level == 0) {
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
  Value* is_inline_name(Value* m, const std::string& name) {
    uint8_t want[dom::kValueSize] = {}, care[dom::kValueSize] = {};
    std::memcpy(want, name.data(), name.size());
    std::memset(care, 0xFF, name.size());
    want[dom::kShortLenByte] = static_cast<uint8_t>(dom::kShortMax - name.size());
    want[dom::kFlagsOffset] = dom::kShortStringFlags & 0xFF;
    want[dom::kFlagsOffset + 1] = dom::kShortStringFlags >> 8;
    care[dom::kShortLenByte] = care[dom::kFlagsOffset] = care[dom::kFlagsOffset + 1] = 0xFF;
    Value* differ = i64(0);
    for (unsigned word = 0; word < 2; ++word) {
      uint64_t w, c;
      std::memcpy(&w, want + 8 * word, 8);
      std::memcpy(&c, care + 8 * word, 8);
      if (c == 0) continue;
      auto* x = llvm::cast<llvm::LoadInst>(dom_load(b_.getInt64Ty(), at(m, 8 * word)));
      x->setAlignment(llvm::Align(8));  // Values are 8-aligned
      differ = b_.CreateOr(differ, b_.CreateAnd(b_.CreateXor(x, i64(w)), i64(c)));
    }
    return b_.CreateICmpEQ(differ, i64(0));
  }

  // The member index of the object being written: slots for its declared properties, whether
  // they are filled for the current object, and the key table (runtime/member_index.h).
  struct MemberIndex {
    Value* slots;
    Value* filled;
    llvm::Constant* table;
    const std::vector<int>* starts;  // index_starts of the object
  };
  // Where the index may start when field k is the first to miss its predicted position, for
  // each k: the fields written before it were found where predicted (an earlier miss would
  // have filled the index), so the members from the smallest position none of them was
  // predicted at on hold every other property (members there that are earlier fields only
  // fill slots nobody reads again). Inputs that follow the schema but lack an optional member
  // (twitter's statuses without retweeted_status) then index only the members after the gap.
  // One pass over the fields, the smallest free position carried along.
  static std::vector<int> index_starts(const ir::Node& n) {
    std::vector<int> starts;
    std::vector<bool> taken(n.fields.size() + 1);  // predictions are positions among the fields
    size_t first_free = 0;
    for (const auto& f : n.fields) {
      starts.push_back(static_cast<int>(first_free));
      if (static_cast<size_t>(f.predicted_index) < taken.size()) taken[f.predicted_index] = true;
      while (taken[first_free]) ++first_free;
    }
    return starts;
  }
  // Objects with more declared properties scan per miss instead (their slots would take more
  // than 8 KiB of stack).
  static constexpr size_t kMaxIndexedFields = 1024;

  // The declared names in an open-addressing table of twice their number or more (a power of
  // two), placed with the hash the runtime probes with.
  llvm::Constant* key_table(const std::vector<std::string>& names) {
    size_t size = 2;
    while (size < 2 * names.size()) size *= 2;
    auto* entry = llvm::StructType::get(ctx_, {ptr(), b_.getInt32Ty(), b_.getInt32Ty()});
    auto* empty = llvm::ConstantStruct::get(
        entry, {llvm::ConstantPointerNull::get(b_.getPtrTy()), llvm::ConstantInt::get(b_.getInt32Ty(), -1, true), i32(0)});
    std::vector<llvm::Constant*> entries(size, empty);
    for (size_t i = 0; i < names.size(); ++i) {
      const std::string& name = names[i];
      size_t j = sj::rt::key_hash(name.data(), name.size()) & (size - 1);
      while (entries[j] != empty) j = (j + 1) & (size - 1);
      entries[j] = llvm::ConstantStruct::get(
          entry, {bytes(name), i32(static_cast<uint32_t>(name.size())), i32(static_cast<uint32_t>(i))});
    }
    auto* arrty = llvm::ArrayType::get(entry, size);
    auto* tablety = llvm::StructType::get(ctx_, {b_.getInt64Ty(), b_.getInt64Ty(), arrty});
    return new llvm::GlobalVariable(
        *mod_, tablety, true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantStruct::get(tablety, {i64(size - 1), i64(names.size()), llvm::ConstantArray::get(arrty, entries)}),
        "key_table");
  }

  // Whether a comma is due before the next member: known at compile time until the first
  // optional member, then tracked in a stack slot.
  struct Comma {
    bool known = true;
    bool value = false;
    Value* slot = nullptr;  // an i1 in memory once not known
  };

  llvm::AllocaInst* entry_alloca(llvm::Type* t) {
    llvm::IRBuilder<> eb(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    return eb.CreateAlloca(t);
  }

  void make_dynamic(Comma& c) {
    if (!c.known) return;
    flush();
    c.slot = entry_alloca(b_.getInt1Ty());
    b_.CreateStore(b_.getInt1(c.value), c.slot);
    c.known = false;
  }

  // Writes `key_literal` with a comma before it when one is due; afterwards one is due.
  void key(Comma& c, const std::string& key_literal) {
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
  void emit_field(const ir::Field& f, const ir::Node& n, Value* v, Value* is_obj, Comma& comma) {
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

  // Objects with many members are written by helper functions of kFieldsPerFunction members
  // each, so no generated function grows with the schema: LLVM's instruction selection and
  // register allocation are superlinear in a function's size (10,000 members in one function
  // took minutes at optLevel 1). The comma state lives in memory the parts share.
  static constexpr size_t kFieldsPerFunction = 64;

  void emit_fields_in_parts(const ir::Node& n, Value* v, Comma& comma) {
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

  // The members an object schema reads from data that is not an object: fast-json-stringify
  // reads them with obj[key] and Object.keys(obj), so a string or an array has index members
  // ("ab": "0" and "1") and a length (spec §16.3), other values none. A schema that names no
  // index and no length and prints no extra members reads them all as having no members; for
  // the others, one cold call (runtime/object_view.cpp) builds a string's or an array's object
  // as a Value: every member when the schema prints extra members, else only up to the
  // highest index it names; "length" only when declared, since the extras loop skips declared
  // names but would print any other member.
  struct JsView {
    int64_t limit = 0;  // members to build
    int32_t flags = 0;  // sj_object_view's
    bool needed = false;
  };
  static JsView js_view(const ir::Node& n) {
    JsView view;
    auto names = [&](const std::string& name) {
      uint32_t index;
      if (sj::rt::array_index_key(name, index)) view.limit = std::max(view.limit, int64_t{index} + 1);
      view.needed |= name == "length";
    };
    for (const auto& f : n.fields) {
      names(f.name);
      if (f.name == "length") view.flags |= SJ_VIEW_LENGTH;
    }
    for (const auto& name : n.required_elsewhere) names(name);
    if (n.extras != ir::Extras::Drop || !n.patterns.empty()) view.limit = INT64_MAX;
    if (n.extras != ir::Extras::Drop) view.flags |= SJ_VIEW_PRINTS_ALL;
    view.needed |= view.limit > 0;
    return view;
  }

  void emit_object(const ir::Node& n, Value* v) {
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
    JsView view = js_view(n);
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
    bool indexed = n.fields.size() >= 2 && n.fields.size() <= kMaxIndexedFields;
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
      starts = index_starts(n);
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

  // Members not declared in properties, in JavaScript's enumeration order (spec §5.1): the
  // first patternProperties regex that occurs in the key gives the schema; otherwise
  // additionalProperties does (true: raw, a schema, or false/absent: dropped).
  void emit_extras(const ir::Node& n, Value* v, Value* is_obj, llvm::Constant* keys, Comma& comma) {
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
    Value* order = call("sj_member_order", {ctx_arg_, v});
    Value* has_order = b_.CreateIsNotNull(order);
    // Loads through `order` are redirected to ctx (any readable address) when it is null, so
    // the selects need no extra blocks; the value read then is never used.
    Value* ordered_count = b_.CreateLoad(b_.getInt32Ty(), b_.CreateSelect(has_order, order, ctx_arg_));
    Value* count = b_.CreateSelect(has_order, b_.CreateZExt(ordered_count, b_.getInt64Ty()), size_of(v));
    Value* members = packed_pointer(v);
    BasicBlock* pre = b_.GetInsertBlock();
    b_.CreateBr(loop_head);

    go(loop_head);
    auto* i = b_.CreatePHI(b_.getInt64Ty(), 2, "k");
    i->addIncoming(i64(0), pre);
    b_.CreateCondBr(b_.CreateICmpULT(i, count), loop_body, loop_end);

    go(loop_body);
    Value* slot = b_.CreateInBoundsGEP(b_.getInt32Ty(), order, b_.CreateAdd(i, i64(1)));
    Value* idx = b_.CreateSelect(has_order,
                                 b_.CreateZExt(b_.CreateLoad(b_.getInt32Ty(), b_.CreateSelect(has_order, slot, ctx_arg_)),
                                               b_.getInt64Ty()),
                                 i);
    Value* m = b_.CreateInBoundsGEP(b_.getInt8Ty(), members, b_.CreateMul(idx, i64(dom::kMemberSize)));
    Value *kdata, *klen;  // not a structured binding: emit_member captures them (clang 14)
    std::tie(kdata, klen) = string_of(m);
    Value* declared = call("sj_key_declared", {keys, kdata, klen});
    b_.CreateCondBr(b_.CreateICmpNE(declared, i32(0)), loop_next, undeclared);

    go(undeclared);
    Value* value = at(m, dom::kMemberValueOffset);
    // `"key":` and the value through `schema` (raw when null), then on to the next member.
    auto emit_member = [&](const ir::Node* schema) {
      Value* due = b_.CreateLoad(b_.getInt1Ty(), comma.slot);
      branch(due, [&] { literal(","); }, [] {}, "comma");
      b_.CreateStore(b_.getTrue(), comma.slot);
      call("sj_write_string", {ctx_arg_, kdata, klen});
      literal(":");
      emit_or_raw(schema, value);
      flush();
      b_.CreateBr(loop_next);
    };
    for (const auto& pf : n.patterns) {
      BasicBlock* matched = block("extras.pattern");
      BasicBlock* other = block("extras.nomatch");
      Value* found = call("sj_pattern_search", {ctx_arg_, i32(static_cast<uint32_t>(pf.index)), kdata, klen});
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

  // The positions of a tuple, unrolled: each present item must pass its guard, then it is
  // serialized with its own schema (spec §6.2). Shorter arrays simply end early.
  void emit_tuple_items(const ir::Node& n, Value* len, Value* elems) {
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

  Value* tuple_guard(uint8_t g, Value* v) {
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

  // A number that is not NaN or ±Infinity (Number.isFinite).
  Value* finite_number(Value* v) {
    return number_where(v, [&](Value* d) { return is_finite(d); });
  }

  // ---- arrays ----------------------------------------------------------------------------
  // The runtime kernel of a bulk strategy (runtime/abi.h).
  static const char* bulk_kernel(ir::ArrayStrategy s) {
    switch (s) {
      case ir::ArrayStrategy::BulkString: return "sj_bulk_string_array";
      case ir::ArrayStrategy::BulkNumber: return "sj_bulk_number_array";
      case ir::ArrayStrategy::BulkInteger: return "sj_bulk_integer_array";
      case ir::ArrayStrategy::BulkNumberArrays: return "sj_bulk_number_arrays";
      case ir::ArrayStrategy::Loop: break;
    }
    return nullptr;  // no cutoff: never asked
  }

  void emit_array(const ir::Node& n, Value* v) {
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

  const ir::Module& irm_;
  llvm::LLVMContext& ctx_;
  std::unique_ptr<llvm::Module> mod_;
  llvm::IRBuilder<> b_;
  std::string entry_name_;
  std::map<std::string, llvm::Function*> rt_;
  llvm::Function* memcmp_ = nullptr;
  std::map<std::string, llvm::Constant*> strings_;
  std::vector<llvm::Function*> fns_;
  std::vector<llvm::Function*> vfns_;  // validators
  std::vector<Writes> writes_;         // writes_of, per validator, made on first use
  llvm::Function* fn_ = nullptr;
  BasicBlock* verror_ = nullptr;       // a validator's exit when an error is recorded
  Value* ctx_arg_ = nullptr;
  Value* cur_slot_ = nullptr;  // open_cursor()
  BasicBlock* fail_ = nullptr;
  std::string pending_;
  const MemberIndex* index_ = nullptr;  // of the object whose fields are being emitted
};

}  // namespace

std::unique_ptr<llvm::Module> generate(const sj::ir::Module& module, llvm::LLVMContext& context,
                                       const std::string& entry_name) {
  return Codegen(module, context, entry_name).run();
}

}  // namespace schemajit::detail
