// The interpreter: runs a prepared IR module (interp/program.h) on a DOM, calling the same
// runtime kernels as generated code (escaping, bulk arrays with the length branch and
// miss/resume, number text, coercions, validators, errors, the output window and its limit),
// so that it prints the same bytes and fails with the same errors. It is the first tier:
// a serializer runs here from the moment it is compiled, until machine code replaces it.
//
// Its parts mirror the code generator's node kind by node kind: interp.cpp (functions, the
// dispatch over node kinds, type switches, selects) beside engine/codegen.cpp, scalars.cpp
// (strings, numbers, booleans), objects.cpp, arrays.cpp and validators.cpp beside
// codegen_strings/numbers/objects/arrays/validators.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "interp/program.h"
#include "runtime/abi.h"

namespace sj::interp {

// The entry point of every interpreted serializer (an sj::rt::EntryFn): runs the program its
// CallSpec names.
SjStatus run_entry(SjCtx* ctx, const SjValue* value);

// One call's run of a program. Statuses as generated code's: 0 ok, 1 failed (the error is
// recorded in the call state); validators answer 1 (passes), 0 (fails), 2 (an error is
// recorded).
class Run {
 public:
  Run(SjCtx* ctx, const Program& program) : ctx_(ctx), p_(program), m_(*program.module) {}

  SjStatus function(int index, const SjValue* v);

 private:
  // ---- interp.cpp: nodes, type switches, selects
  SjStatus emit(const Op& op, const SjValue* v);
  SjStatus emit_or_raw(const Op* op, const SjValue* v);
  SjStatus emit_switch(const Op& op, const SjValue* v);
  SjStatus emit_select(const Op& op, const SjValue* v);
  // ---- scalars.cpp
  SjStatus emit_string(const Op& op, const SjValue* v);
  SjStatus emit_number(const Op& op, const SjValue* v);
  SjStatus emit_integer(const Op& op, const SjValue* v);
  // ---- objects.cpp
  SjStatus emit_object(const Op& op, const SjValue* v);
  SjStatus emit_extras(const Op& op, const SjValue* v, bool& comma);
  const SjValue* lookup(const SjValue* obj, bool is_obj, const std::string& name, int predicted);
  // ---- arrays.cpp
  SjStatus emit_array(const Op& op, const SjValue* v);
  // ---- validators.cpp
  int validator(int index, const SjValue* v);
  int test(const ir::Test& t, const SjValue* v);
  int test_members(const ir::Test& t, const SjValue* v);
  bool equals_constant(const SjValue* v, int index);

  // The output window (runtime/output.h), here as in generated code.
  void literal(const char* s, size_t n);
  void literal(const std::string& s) { literal(s.data(), s.size()); }

  SjCtx* ctx_;
  const Program& p_;
  const ir::Module& m_;
};

}  // namespace sj::interp
