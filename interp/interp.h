// The interpreter: runs a prepared IR module (interp/program.h) on a DOM, calling the same
// runtime kernels as generated code (escaping, bulk arrays with the length branch and
// miss/resume, number text, coercions, validators, errors, the output window and its limit),
// so that it prints the same bytes and fails with the same errors. It is the first tier:
// a serializer runs here from the moment it is compiled, until machine code replaces it.
//
// Its parts mirror the code generator's node kind by node kind: interp.cpp (functions, the
// dispatch over node kinds, type switches, selects) beside engine/codegen.cpp, scalars.h
// (strings, numbers, booleans; inline into the dispatch), objects.cpp, arrays.cpp and
// validators.cpp beside codegen_strings/numbers/objects/arrays/validators.cpp.
#pragma once
#include <cstdint>
#include <cstring>

#include "interp/program.h"
#include "runtime/abi.h"
#include "runtime/output.h"

namespace sj::interp {

// The entry point of every interpreted serializer (an sj::rt::EntryFn): runs the program its
// CallSpec names.
SjStatus run_entry(SjCtx* ctx, const SjValue* value);

// One call's run of a program. Statuses as generated code's: 0 ok, 1 failed (the error is
// recorded in the call state); validators answer 1 (passes), 0 (fails), 2 (an error is
// recorded).
class Run {
 public:
  Run(SjCtx* ctx, const Program& program) : ctx_(ctx), p_(program) {}

  SjStatus function(uint32_t index, const SjValue* v);

 private:
  // ---- interp.cpp: nodes, type switches, selects
  SjStatus emit(const Op& op, const SjValue* v);
  SjStatus emit(uint32_t op, const SjValue* v) { return emit(p_.ops[op], v); }
  SjStatus emit_or_raw(uint32_t op, const SjValue* v);  // kNone: raw
  SjStatus emit_switch(const Op& op, const SjValue* v);
  SjStatus emit_select(const Op& op, const SjValue* v);
  // ---- scalars.h
  SjStatus emit_string(const Op& op, const SjValue* v);
  SjStatus emit_number(const Op& op, const SjValue* v);
  SjStatus emit_integer(const Op& op, const SjValue* v);
  // ---- objects.cpp
  SjStatus emit_object(const Op& op, const SjValue* v);
  SjStatus emit_extras(const ObjectOp& obj, const SjValue* v, bool& comma);
  const SjValue* lookup(const SjValue* obj, bool is_obj, const std::string& name, int predicted);
  // ---- arrays.cpp
  SjStatus emit_array(const Op& op, const SjValue* v);
  // ---- validators.cpp
  int validator(int index, const SjValue* v);
  int test(const ir::Test& t, const SjValue* v);
  int test_members(const ir::Test& t, const SjValue* v);
  bool equals_constant(const SjValue* v, int index);

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
