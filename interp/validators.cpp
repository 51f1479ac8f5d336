// Validators (codegen_validators.cpp's counterpart): the tests that pick an anyOf/oneOf branch
// or an if's side, run in their IR order and left at the first failing keyword. Each answers
// 1 (passes), 0 (fails) or 2 (an error is recorded: the data is too deep, a regex search ran
// out of its limits, or Ajv refuses the schema), and 2 ends every test around it at once, as a generated validator leaves through
// its error exit.
#include <cstring>

#include "interp/interp.h"
#include "interp/values.h"
#include "ir/schema_doc.h"
#include "runtime/model_calls.h"
#include "runtime/output.h"
#include "runtime/validate.h"

namespace sj::interp {
namespace {

constexpr int kFails = 0, kPasses = 1, kError = 2;

bool within(int64_t n, const ir::Test& t) { return (t.lo <= 0 || n >= t.lo) && (t.hi == INT64_MAX || n <= t.hi); }

template <class M>
bool type_matches(uint8_t mask, const typename M::Value* v) {
  model::Kind type = M::kind(v);
  if ((mask & ir::kTypeNull) && type == model::Null) return true;
  if ((mask & ir::kTypeBoolean) && (type == model::True || type == model::False)) return true;
  if ((mask & ir::kTypeObject) && type == model::Object) return true;
  if ((mask & ir::kTypeArray) && type == model::Array) return true;
  if ((mask & ir::kTypeString) && type == model::String) return true;
  if (mask & ir::kTypeNumber) return finite_number<M>(v);
  if (mask & ir::kTypeInteger) return integral<M>(v);
  return false;
}

}  // namespace

// A validator function: the data depth guard, then its tests.
template <class M>
int Run<M>::validator(int index, const Value* v) {
  int32_t depth = ctx_->depth + 1;
  if (depth > ctx_->max_depth) {
    sj_error_depth(ctx_, p_.validators[index].path.c_str());
    return kError;
  }
  ctx_->depth = depth;
  int r = test(*p_.validators[index].body, v);
  if (r != kError) ctx_->depth = depth - 1;
  return r;
}

// const / enum: scalars compare as generated code compares them (numbers as JavaScript's ===,
// as doubles); objects and arrays by the runtime's deep equality.
template <class M>
bool Run<M>::equals_constant(const Value* v, int index) {
  const SjValue& c = *rt::state(ctx_).spec->constants[index];
  if (c.IsNull()) return M::kind(v) == model::Null;
  if (c.IsBool()) return M::kind(v) == (c.IsTrue() ? model::True : model::False);
  if (c.IsNumber()) return M::kind(v) == model::Number && M::as_double(v) == c.GetDouble();
  if (c.IsString())
    return M::kind(v) == model::String && M::len(v) == c.GetStringLength() &&
           std::memcmp(M::str(v), c.GetString(), c.GetStringLength()) == 0;
  return M::kind(v) == static_cast<model::Kind>(c.GetType()) && rt::test_equal(ctx_, index, v) != 0;
}

template <class M>
int Run<M>::test(const ir::Test& t, const Value* v) {
  using K = ir::TestKind;
  switch (t.kind) {
    case K::Never: return kFails;
    case K::Type: return type_matches<M>(t.mask, v) ? kPasses : kFails;
    case K::Coerce:  // (Ajv's writes: RapidJSON copies only, see emit_select)
      if constexpr (M::kWritable)
        return type_matches<M>(t.mask, v) || sj_ajv_coerce(ctx_, v, static_cast<int64_t>(t.plan)) ? kPasses : kFails;
      else
        return type_matches<M>(t.mask, v) ? kPasses : kFails;
    case K::Equal:
      for (int index : t.indices)
        if (equals_constant(v, index)) return kPasses;
      return kFails;
    case K::Defaults:
      if constexpr (M::kWritable)
        if (M::kind(v) == (t.mask == ir::kTypeObject ? model::Object : model::Array))
          for (size_t i = 0; i < t.names.size(); ++i)
            sj_ajv_default(ctx_, v, t.names[i].data(), static_cast<int64_t>(t.names[i].size()), t.indices[i], t.index);
      return kPasses;
    case K::Required:
      if (M::kind(v) == model::Object)
        for (size_t i = 0; i < t.names.size(); ++i)
          if (!lookup(v, true, t.names[i], t.indices[i])) return kFails;
      return kPasses;
    case K::Properties:
    case K::Dependencies:
      if (M::kind(v) == model::Object)
        for (size_t i = 0; i < t.names.size(); ++i)
          if (const Value* m = lookup(v, true, t.names[i], t.indices[i]))
            if (int r = test(*t.children[i], t.kind == K::Properties ? m : v); r != kPasses) return r;
      return kPasses;
    case K::Members:
      return M::kind(v) == model::Object ? test_members(t, v) : kPasses;
    case K::Items:
      if (M::kind(v) == model::Array) {
        uint64_t len = M::size(v);
        const Value* e = M::first(v);
        for (uint64_t i = 0; i < len; ++i, e = M::next(e)) {
          // a null child: a position only skipped
          const ir::Test* child = i < t.children.size() ? t.children[i].get() : t.rest.get();
          if (!child) {
            if (i >= t.children.size()) break;
            continue;
          }
          if (int r = test(*child, e); r != kPasses) return r;
        }
      }
      return kPasses;
    case K::Contains: {
      if (M::kind(v) != model::Array) return kPasses;
      const Value* e = M::first(v);
      for (uint32_t i = 0, n = M::size(v); i < n; ++i, e = M::next(e))
        if (int r = test(*t.children[0], e); r != kFails) return r;
      return kFails;
    }
    case K::Unique: return M::kind(v) != model::Array || rt::test_unique(ctx_, v) ? kPasses : kFails;
    case K::Count:
      if (M::kind(v) != (t.mask == ir::kTypeArray ? model::Array : model::Object)) return kPasses;
      return within(t.mask == ir::kTypeArray ? M::size(v) : M::count(v), t) ? kPasses : kFails;
    case K::Length:
      if (M::kind(v) != model::String) return kPasses;
      return within(sj_code_points(M::str(v), static_cast<int64_t>(M::len(v))), t) ? kPasses : kFails;
    case K::Range: {
      if (M::kind(v) != model::Number) return kPasses;
      double d = M::as_double(v);
      bool ok = t.op == ir::RangeOp::Ge ? d >= t.number : t.op == ir::RangeOp::Gt ? d > t.number
              : t.op == ir::RangeOp::Le ? d <= t.number : d < t.number;
      return ok ? kPasses : kFails;
    }
    case K::MultipleOf:
      return M::kind(v) != model::Number || rt::is_multiple_of_within(M::as_double(v), t.number, p_.multiple_of_bound)
                 ? kPasses : kFails;
    case K::Pattern:
      if (M::kind(v) == model::String)
        for (int index : t.indices)
          if (int32_t found = sj_pattern_search(ctx_, index, M::str(v), static_cast<int64_t>(M::len(v)), t.text.c_str());
              found != 1)
            return found == 2 ? kError : kFails;
      return kPasses;
    case K::Format:
      return M::kind(v) != model::String || sj_test_format(t.index, M::str(v), static_cast<int64_t>(M::len(v))) ? kPasses : kFails;
    case K::Not: {
      int r = test(*t.children[0], v);
      return r == kError ? kError : r == kPasses ? kFails : kPasses;
    }
    case K::AllOf:
      for (const auto& c : t.children)
        if (int r = test(*c, v); r != kPasses) return r;
      return kPasses;
    case K::AnyOf:
      for (const auto& c : t.children)
        if (int r = test(*c, v); r != kFails) return r;
      return kFails;
    case K::OneOf: {  // every branch runs (under Ajv's writing options each may write)
      int passed = 0;
      for (const auto& c : t.children) {
        int r = test(*c, v);
        if (r == kError) return kError;
        passed += r == kPasses;
      }
      return passed == 1 ? kPasses : kFails;
    }
    case K::IfThenElse: {
      int r = test(*t.children[0], v);
      if (r == kError) return kError;
      const ir::TestPtr& next = r == kPasses ? t.children[1] : t.children[2];
      return next ? test(*next, v) : kPasses;
    }
    case K::Call: return validator(t.index, v);
    case K::Throw:
      sj_error_text(ctx_, t.text.c_str());
      return kError;
  }
  return kFails;
}

// propertyNames, patternProperties and additionalProperties in one pass over the members;
// none when the count alone shows that only required, declared names are present. Members
// removeAdditional deletes are marked during the pass and erased after it.
template <class M>
int Run<M>::test_members(const ir::Test& t, const Value* v) {
  uint64_t count = M::count(v);
  if (t.declared_count >= 0 && count == static_cast<uint64_t>(t.declared_count)) return kPasses;
  const rt::KeyTable* keys = p_.key_table(p_.member_keys.at(&t));
  const typename M::Member* m = M::first_member(v);
  for (uint64_t i = 0; i < count; ++i, m = M::next_member(m)) {
    if (t.key_test)  // the name is a string Value
      if (int r = test(*t.key_test, M::key(m)); r != kPasses) return r;
    const char* key = M::name(m).data();
    int64_t len = static_cast<int64_t>(M::name(m).size());
    bool matched = false;
    for (size_t p = 0; p < t.indices.size(); ++p) {
      int32_t found = sj_pattern_search(ctx_, t.indices[p], key, len, t.text.c_str());
      if (found == 2) return kError;
      if (!found) continue;
      if (int r = test(*t.children[p], M::value(m)); r != kPasses) return r;
      matched = true;
    }
    if ((!t.rest && t.removal == ir::Test::Removal::None) || matched || sj_key_declared(keys, key, len)) continue;
    switch (t.removal) {
      case ir::Test::Removal::Every:
        if constexpr (M::kWritable) sj_ajv_mark_removed(v, static_cast<int64_t>(i));
        break;
      case ir::Test::Removal::Failing: {
        int r = test(*t.rest, M::value(m));
        if (r == kError) return kError;
        if constexpr (M::kWritable)
          if (r == kFails) sj_ajv_mark_removed(v, static_cast<int64_t>(i));
        break;
      }
      case ir::Test::Removal::None:
        if (int r = test(*t.rest, M::value(m)); r != kPasses) return r;
        break;
    }
  }
  if constexpr (M::kWritable)
    if (t.removal != ir::Test::Removal::None) sj_ajv_sweep(v);
  return kPasses;
}

#define SJ_INSTANCE(M)                                                  \
  template int Run<M>::validator(int, const M::Value*);                 \
  template int Run<M>::test(const ir::Test&, const M::Value*);          \
  template int Run<M>::test_members(const ir::Test&, const M::Value*);  \
  template bool Run<M>::equals_constant(const M::Value*, int);
SJ_INTERP_MODELS(SJ_INSTANCE)
#undef SJ_INSTANCE

}  // namespace sj::interp
