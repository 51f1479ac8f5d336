// Validators (codegen_validators.cpp's counterpart): the tests that pick an anyOf/oneOf branch
// or an if's side, run in their IR order and left at the first failing keyword. Each answers
// 1 (passes), 0 (fails) or 2 (an error is recorded: the data is too deep, a regex search ran
// out of its limits, or Ajv refuses the schema), and 2 ends every test around it at once, as a generated validator leaves through
// its error exit.
#include <cstring>

#include "interp/interp.h"
#include "interp/values.h"
#include "ir/schema_doc.h"
#include "runtime/output.h"

namespace sj::interp {
namespace {

constexpr int kFails = 0, kPasses = 1, kError = 2;

bool within(int64_t n, const ir::Test& t) { return (t.lo <= 0 || n >= t.lo) && (t.hi == INT64_MAX || n <= t.hi); }

bool type_matches(uint8_t mask, const SjValue* v) {
  uint16_t type = type_of(v);
  if ((mask & ir::kTypeNull) && type == dom::kNullType) return true;
  if ((mask & ir::kTypeBoolean) && (type == dom::kTrueType || type == dom::kFalseType)) return true;
  if ((mask & ir::kTypeObject) && type == dom::kObjectType) return true;
  if ((mask & ir::kTypeArray) && type == dom::kArrayType) return true;
  if ((mask & ir::kTypeString) && type == dom::kStringType) return true;
  if (mask & ir::kTypeNumber) return finite_number(v);
  if (mask & ir::kTypeInteger) return integral(v);
  return false;
}

}  // namespace

// A validator function: the data depth guard, then its tests.
int Run::validator(int index, const SjValue* v) {
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
bool Run::equals_constant(const SjValue* v, int index) {
  const SjValue& c = *rt::state(ctx_).spec->constants[index];
  if (c.IsNull()) return is_type(v, dom::kNullType);
  if (c.IsBool()) return is_type(v, c.IsTrue() ? dom::kTrueType : dom::kFalseType);
  if (c.IsNumber()) return has_flag(v, dom::kNumberFlag) && as_double(v) == c.GetDouble();
  if (c.IsString())
    return is_type(v, dom::kStringType) && v->GetStringLength() == c.GetStringLength() &&
           std::memcmp(v->GetString(), c.GetString(), c.GetStringLength()) == 0;
  return sj_test_equal(ctx_, index, v) != 0;
}

int Run::test(const ir::Test& t, const SjValue* v) {
  using K = ir::TestKind;
  switch (t.kind) {
    case K::Never: return kFails;
    case K::Type: return type_matches(t.mask, v) ? kPasses : kFails;
    case K::Coerce:
      return type_matches(t.mask, v) || sj_ajv_coerce(ctx_, v, static_cast<int64_t>(t.plan)) ? kPasses : kFails;
    case K::Equal:
      for (int index : t.indices)
        if (equals_constant(v, index)) return kPasses;
      return kFails;
    case K::Defaults:
      if (is_type(v, t.mask == ir::kTypeObject ? dom::kObjectType : dom::kArrayType))
        for (size_t i = 0; i < t.names.size(); ++i)
          sj_ajv_default(ctx_, v, t.names[i].data(), static_cast<int64_t>(t.names[i].size()), t.indices[i], t.index);
      return kPasses;
    case K::Required:
      if (is_type(v, dom::kObjectType))
        for (size_t i = 0; i < t.names.size(); ++i)
          if (!lookup(v, true, t.names[i], t.indices[i])) return kFails;
      return kPasses;
    case K::Properties:
    case K::Dependencies:
      if (is_type(v, dom::kObjectType))
        for (size_t i = 0; i < t.names.size(); ++i)
          if (const SjValue* m = lookup(v, true, t.names[i], t.indices[i]))
            if (int r = test(*t.children[i], t.kind == K::Properties ? m : v); r != kPasses) return r;
      return kPasses;
    case K::Members:
      return is_type(v, dom::kObjectType) ? test_members(t, v) : kPasses;
    case K::Items:
      if (is_type(v, dom::kArrayType)) {
        uint64_t len = v->Size();
        for (size_t i = 0; i < t.children.size(); ++i)  // a null child: a position only skipped
          if (t.children[i] && i < len)
            if (int r = test(*t.children[i], &(*v)[static_cast<rapidjson::SizeType>(i)]); r != kPasses) return r;
        if (t.rest)
          for (uint64_t i = t.children.size(); i < len; ++i)
            if (int r = test(*t.rest, &(*v)[static_cast<rapidjson::SizeType>(i)]); r != kPasses) return r;
      }
      return kPasses;
    case K::Contains:
      if (!is_type(v, dom::kArrayType)) return kPasses;
      for (const SjValue& e : v->GetArray())
        if (int r = test(*t.children[0], &e); r != kFails) return r;
      return kFails;
    case K::Unique: return !is_type(v, dom::kArrayType) || sj_test_unique(v) ? kPasses : kFails;
    case K::Count:
      if (!is_type(v, t.mask == ir::kTypeArray ? dom::kArrayType : dom::kObjectType)) return kPasses;
      return within(t.mask == ir::kTypeArray ? v->Size() : v->MemberCount(), t) ? kPasses : kFails;
    case K::Length:
      if (!is_type(v, dom::kStringType)) return kPasses;
      return within(sj_code_points(string_data(v), string_length(v)), t) ? kPasses : kFails;
    case K::Range: {
      if (!has_flag(v, dom::kNumberFlag)) return kPasses;
      double d = as_double(v);
      bool ok = t.op == ir::RangeOp::Ge ? d >= t.number : t.op == ir::RangeOp::Gt ? d > t.number
              : t.op == ir::RangeOp::Le ? d <= t.number : d < t.number;
      return ok ? kPasses : kFails;
    }
    case K::MultipleOf:
      return !has_flag(v, dom::kNumberFlag) || sj_test_multiple_of(v, t.number, p_.multiple_of_bound) ? kPasses : kFails;
    case K::Pattern:
      if (is_type(v, dom::kStringType))
        for (int index : t.indices)
          if (int32_t found = sj_pattern_search(ctx_, index, string_data(v), string_length(v), t.text.c_str()); found != 1)
            return found == 2 ? kError : kFails;
      return kPasses;
    case K::Format:
      return !is_type(v, dom::kStringType) || sj_test_format(t.index, string_data(v), string_length(v)) ? kPasses : kFails;
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
int Run::test_members(const ir::Test& t, const SjValue* v) {
  if (t.declared_count >= 0 && v->MemberCount() == static_cast<uint64_t>(t.declared_count)) return kPasses;
  const rt::KeyTable* keys = p_.key_table(p_.member_keys.at(&t));
  uint64_t count = v->MemberCount();
  for (uint64_t i = 0; i < count; ++i) {
    const SjValue::Member& m = v->MemberBegin()[i];
    if (t.key_test)  // the name is a string Value
      if (int r = test(*t.key_test, &m.name); r != kPasses) return r;
    const char* key = m.name.GetString();
    int64_t len = m.name.GetStringLength();
    bool matched = false;
    for (size_t p = 0; p < t.indices.size(); ++p) {
      int32_t found = sj_pattern_search(ctx_, t.indices[p], key, len, t.text.c_str());
      if (found == 2) return kError;
      if (!found) continue;
      if (int r = test(*t.children[p], &m.value); r != kPasses) return r;
      matched = true;
    }
    if ((!t.rest && t.removal == ir::Test::Removal::None) || matched || sj_key_declared(keys, key, len)) continue;
    switch (t.removal) {
      case ir::Test::Removal::Every: sj_ajv_mark_removed(v, static_cast<int64_t>(i)); break;
      case ir::Test::Removal::Failing: {
        int r = test(*t.rest, &m.value);
        if (r == kError) return kError;
        if (r == kFails) sj_ajv_mark_removed(v, static_cast<int64_t>(i));
        break;
      }
      case ir::Test::Removal::None:
        if (int r = test(*t.rest, &m.value); r != kPasses) return r;
        break;
    }
  }
  if (t.removal != ir::Test::Removal::None) sj_ajv_sweep(v);
  return kPasses;
}

}  // namespace sj::interp
