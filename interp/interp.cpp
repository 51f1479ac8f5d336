// The interpreter's entry, its functions (one per IR function, with the data depth guard),
// the dispatch over node kinds, type switches and selects: engine/codegen.cpp's counterparts.
#include "interp/interp.h"

#include "interp/scalars.h"
#include "interp/values.h"
#include "runtime/call_state.h"
#include "runtime/model_calls.h"

namespace sj::interp {

template <class M>
SjStatus run_entry(SjCtx* ctx, const void* value) {
  const auto& program = *static_cast<const Program*>(rt::state(ctx).spec->program);
  return Run<M>(ctx, program).function(0, static_cast<const typename M::Value*>(value));
}

// A function's data depth guard, as generated code's: the entry point when nothing else calls
// it is at depth 1 from the API, which every limit allows; any other call counts one more
// level, and beyond max_depth is the depth error. (On failure the depth is not restored: the
// call ends there.)
template <class M>
SjStatus Run<M>::function(uint32_t index, const Value* v) {
  int32_t depth;
  if (index == 0 && !p_.entry_is_called) {
    ctx_->depth = depth = 1;
  } else {
    depth = ctx_->depth + 1;
    if (depth > ctx_->max_depth) return sj_error_depth(ctx_, p_.at(p_.function_paths[index]));
    ctx_->depth = depth;
  }
  if (emit(p_.functions[index], v)) return 1;
  ctx_->depth = depth - 1;
  return 0;
}

template <class M>
SjStatus Run<M>::emit(const Op& op, const Value* v) {
  if (op.null_first && M::kind(v) == model::Null) {
    literal("null", 4);
    return 0;
  }
  switch (op.kind) {
    case ir::Kind::Generic: return rt::write_generic(ctx_, v);
    case ir::Kind::Null: literal("null", 4); return 0;
    case ir::Kind::Const: literal(op.literal); return 0;
    case ir::Kind::String: return emit_string(op, v);
    case ir::Kind::Number: return emit_number(op, v);
    case ir::Kind::Integer: return emit_integer(op, v);
    case ir::Kind::Boolean: rt::coerce_boolean(ctx_, v); return 0;
    case ir::Kind::Object: return emit_object(op, v);
    case ir::Kind::Array: return emit_array(op, v);
    case ir::Kind::TypeSwitch: return emit_switch(op, v);
    case ir::Kind::Call: return function(op.target, v);
    case ir::Kind::Select: return emit_select(op, v);
  }
  return 0;
}

// The value through `op`, or as JSON.stringify prints it when there is none.
template <class M>
SjStatus Run<M>::emit_or_raw(uint32_t op, const Value* v) { return op != kNone ? emit(op, v) : rt::write_generic(ctx_, v); }

namespace {

// The type-array guards of spec §7 (codegen.cpp's guard()).
template <class M>
bool guard(ir::Kind kind, const typename M::Value* v) {
  model::Kind type = M::kind(v);
  bool null = type == model::Null;
  switch (kind) {
    case ir::Kind::Null: return null;
    case ir::Kind::String: return type == model::String || null || type == model::Array;
    case ir::Kind::Number: return type == model::Number || null;
    case ir::Kind::Integer: return integral<M>(v) || null;
    case ir::Kind::Boolean: return type == model::True || type == model::False || null;
    case ir::Kind::Object: return type == model::Object || null;
    case ir::Kind::Array: return type == model::Array;
    default: return true;
  }
}

}  // namespace

template <class M>
SjStatus Run<M>::emit_switch(const Op& op, const Value* v) {
  for (uint32_t i = op.first; i < op.first + op.count; ++i) {
    const Op& branch = p_.ops[p_.branches[i]];
    if (guard<M>(branch.kind, v)) return emit(branch, v);
  }
  return sj_error_mismatch(ctx_, path(op));
}

// anyOf / oneOf / if: the first choice whose validator passes (1) is serialized; 2 is an error
// the validator recorded. Under Ajv's options that write data, as generated code runs them
// (ir::select_writes): on the Select's own copy, each from sj_ajv_enter's root. Data of a
// model Ajv cannot write into goes there as a RapidJSON copy, made as sj_ajv_copy makes its own
// (the same depth limit), which prints the same bytes.
template <class M>
SjStatus Run<M>::emit_select(const Op& op, const Value* v) {
  if constexpr (!M::kWritable) {
    if (op.writes.copy || op.writes.enter) {
      const SjValue* copy = rt::rapidjson_copy(ctx_, v, op.writes.copy ? ctx_->max_depth : INT64_MAX);
      if (!copy) return sj_error_depth(ctx_, path(op));
      return Run<model::RapidJson>(ctx_, p_).emit_select(op, copy);
    }
  } else {
    if (op.writes.copy) {
      v = sj_ajv_copy(ctx_, v, path(op));
      if (!v) return 1;
    }
  }
  for (uint32_t i = op.first; i < op.first + op.count; ++i) {
    const ChoiceOp& c = p_.choices[i];
    if (c.validator >= 0) {
      int r;
      if constexpr (M::kWritable) {
        if (op.writes.enter) {
          const Value* root = sj_ajv_enter(ctx_, v, p_.ajv_arrays);
          r = validator(c.validator, root);
          sj_ajv_leave(ctx_, v, root);
        } else {
          r = validator(c.validator, v);
        }
      } else {
        r = validator(c.validator, v);
      }
      if (r == 2) return 1;
      if (r != 1) continue;
    }
    return emit(c.value, v);
  }
  return sj_error_mismatch(ctx_, path(op));
}

#define SJ_INSTANCE(M)                                                         \
  template SjStatus run_entry<M>(SjCtx*, const void*);                         \
  template SjStatus Run<M>::function(uint32_t, const M::Value*);               \
  template SjStatus Run<M>::emit(const Op&, const M::Value*);                  \
  template SjStatus Run<M>::emit_or_raw(uint32_t, const M::Value*);            \
  template SjStatus Run<M>::emit_switch(const Op&, const M::Value*);           \
  template SjStatus Run<M>::emit_select(const Op&, const M::Value*);
SJ_INTERP_MODELS(SJ_INSTANCE)
#undef SJ_INSTANCE

}  // namespace sj::interp
