// IR -> LLVM IR: the module and its functions (one per IR function and per validator, `i32
// f(ptr ctx, ptr value)`), runtime declarations made on first use, the dispatch over node kinds,
// type switches and anyOf/oneOf/if selects. The node kinds' own code is in the codegen_*.cpp
// files beside this one; codegen_emit.h has the helpers they share.
#include "engine/codegen.h"

#include "engine/codegen_emit.h"

#include "ir/analysis.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "ir/error.h"

namespace schemajit::detail {

std::unique_ptr<llvm::Module> Codegen::run() {
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
  if (llvm::verifyModule(*mod_, &os)) throw sj::CompileError("internal error: invalid LLVM IR: " + os.str(), "", sj::ErrorCode::Internal);
  return std::move(mod_);
}

// A generated function: serializers and validators alike are `i32 f(ptr ctx, ptr value)`.
llvm::Function* Codegen::function(const std::string& name, llvm::GlobalValue::LinkageTypes linkage) {
  auto* f = llvm::Function::Create(llvm::FunctionType::get(b_.getInt32Ty(), {ptr(), ptr()}, false), linkage, name, *mod_);
  f->addFnAttr(llvm::Attribute::NoUnwind);
  return f;
}

llvm::Type* Codegen::abi_type(sj::abi::Type t) {
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
llvm::Function* Codegen::runtime(const char* name) {
  llvm::Function*& f = rt_[name];
  if (!f) f = declare_runtime(name);
  return f;
}

llvm::Function* Codegen::declare_runtime(std::string_view name) {
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
  if (sig == std::end(kRuntime)) throw sj::CompileError("internal error: no runtime function " + std::string(name), "", sj::ErrorCode::Internal);
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

llvm::Function* Codegen::memcmp() {
  if (!memcmp_)
    memcmp_ = llvm::Function::Create(llvm::FunctionType::get(b_.getInt32Ty(), {ptr(), ptr(), b_.getInt64Ty()}, false),
                                     llvm::Function::ExternalLinkage, "memcmp", *mod_);
  return memcmp_;
}

Value* Codegen::call(const char* name, std::initializer_list<Value*> args) { return call(runtime(name), args); }

// Every call goes through here: one that takes ctx (a runtime function or a generated one)
// may read and move the output cursor and end, so the cursor is published to ctx before it
// and reloaded after it (the end is always read from ctx).
Value* Codegen::call(llvm::FunctionCallee callee, std::initializer_list<Value*> args) {
  bool takes_ctx = args.size() != 0 && *args.begin() == ctx_arg_;
  if (takes_ctx) publish_cursor();
  Value* r = b_.CreateCall(callee, args);
  if (takes_ctx) reload_cursor();
  return r;
}

// Constant bytes, deduplicated. Null-terminated so that paths double as C strings.
llvm::Constant* Codegen::bytes(const std::string& s) {
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

// Recursion guard at function entry: data nesting beyond max_depth is an error, never a
// stack overflow. Returns the incremented depth (stored); too deep returns `too_deep_status`
// after recording the error.
Value* Codegen::enter(const std::string& path, uint32_t too_deep_status) {
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

void Codegen::define(size_t index) {
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

// A serializer function's two exits, the cursor published at both: 0 here, 1 at fail_.
void Codegen::returns() {
  publish_cursor();
  b_.CreateRet(i32(0));
  go(fail_);
  publish_cursor();
  b_.CreateRet(i32(1));
}

void Codegen::emit(const ir::Node& n, Value* v) {
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
void Codegen::emit_or_raw(const ir::Node* schema, Value* v) {
  if (schema) return emit(*schema, v);
  flush();
  check(call("sj_write_generic", {ctx_arg_, v}));
}

// Type-array guards of spec §7.
Value* Codegen::guard(const ir::Node& branch_node, Value* v) {
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

void Codegen::emit_switch(const ir::Node& n, Value* v) {
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
void Codegen::emit_select(const ir::Node& n, Value* v) {
  flush();
  bool arrays = irm_.options.ajv_coerce_types == sj::AjvCoercion::Arrays;
  ir::SelectWrites writes = ir::select_writes(irm_, writes_, n);
  if (writes.copy) {
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
      if (writes.enter) {
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

std::unique_ptr<llvm::Module> generate(const sj::ir::Module& module, int level, bool expand_bytes, llvm::LLVMContext& context,
                                       const std::string& entry_name) {
  return Codegen(module, level, expand_bytes, context, entry_name).run();
}

}  // namespace schemajit::detail
