// The interpreter: runs a prepared IR module (interp/program.h) on data of an input model
// (runtime/input_model.h: a RapidJSON DOM, a yyjson document), calling the same runtime
// kernels as generated code (escaping, bulk arrays with the length branch and miss/resume,
// number text, coercions, validators, errors, the output window and its limit), so that it
// prints the same bytes and fails with the same errors. It is the first tier: a serializer
// runs here from the moment it is compiled, until machine code replaces it.
//
// Its parts mirror the code generator's node kind by node kind: interp.cpp (functions, the
// dispatch over node kinds, type switches, selects) beside engine/codegen.cpp, scalars.h
// (strings, numbers, booleans; inline into the dispatch), objects.cpp, arrays.cpp and
// validators.cpp beside codegen_strings/numbers/objects/arrays/validators.cpp. Each file
// instances its part of Run for every model (SJ_INTERP_MODELS).
#pragma once
#include <cstdint>
#include <cstring>

#include "interp/program.h"
#include "runtime/abi.h"
#include "runtime/input_model.h"
#include "runtime/output.h"

namespace sj::interp {

#define SJ_INTERP_MODELS(X) X(sj::model::RapidJson) X(sj::model::Yyjson)

// The entry point of every interpreted serializer (an sj::rt::EntryFn) for values of model M:
// runs the program its CallSpec names.
template <class M>
SjStatus run_entry(SjCtx* ctx, const void* value);

// One call's run of a program on values of model M. Statuses as generated code's: 0 ok, 1
// failed (the error is recorded in the call state); validators answer 1 (passes), 0 (fails),
// 2 (an error is recorded).
template <class M>
class Run {
 public:
  using Value = typename M::Value;
  Run(SjCtx* ctx, const Program& program) : ctx_(ctx), p_(program) {}

  SjStatus function(uint32_t index, const Value* v);

 private:
  template <class>
  friend class Run;  // a yyjson run hands the selects whose validators write to a RapidJSON one

  // ---- interp.cpp: nodes, type switches, selects
  SjStatus emit(const Op& op, const Value* v);
  SjStatus emit(uint32_t op, const Value* v) { return emit(p_.ops[op], v); }
  SjStatus emit_or_raw(uint32_t op, const Value* v);  // kNone: raw
  SjStatus emit_switch(const Op& op, const Value* v);
  SjStatus emit_select(const Op& op, const Value* v);
  // ---- scalars.h
  SjStatus emit_string(const Op& op, const Value* v);
  SjStatus emit_number(const Op& op, const Value* v);
  SjStatus emit_integer(const Op& op, const Value* v);
  // ---- objects.cpp
  SjStatus emit_object(const Op& op, const Value* v);
  SjStatus emit_extras(const ObjectOp& obj, const Value* v, bool& comma);
  const Value* lookup(const Value* obj, bool is_obj, const std::string& name, int predicted);
  // ---- arrays.cpp
  SjStatus emit_array(const Op& op, const Value* v);
  // ---- validators.cpp
  int validator(int index, const Value* v);
  int test(const ir::Test& t, const Value* v);
  int test_members(const ir::Test& t, const Value* v);
  bool equals_constant(const Value* v, int index);

  // The output window (runtime/output.h), here as in generated code.
  void byte(char c) {
    char* p = rt::ensure(ctx_, 1);
    *p = c;
    ctx_->cur = p + 1;
  }
  void literal(const char* s, size_t n) { rt::put(ctx_, s, n); }
  void literal(Str s) { literal(p_.at(s), s.size); }
  // A key of the program's text: up to kTextPad bytes (the zero bytes at the text's end make
  // any of them readable) in one fixed-size copy.
  void key(const char* s, size_t n) {
    if (n > kTextPad) return literal(s, n);
    char* p = rt::ensure(ctx_, kTextPad);
    std::memcpy(p, s, kTextPad);
    ctx_->cur = p + n;
  }
  const char* path(const Op& op) const { return p_.at(op.path); }

  SjCtx* ctx_;
  const Program& p_;
};

}  // namespace sj::interp
