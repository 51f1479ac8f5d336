// Ajv's writes into validated data, as Ajv 8 generates them: coerceTypes
// (lib/compile/validate/dataType.ts, coerceData), useDefaults (defaults.ts) and removeAdditional
// (vocabularies/applicator/additionalProperties.ts).
#include "runtime/ajv_writes.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "runtime/abi.h"
#include "runtime/call_state.h"
#include "runtime/js_value.h"

namespace sj::rt {
namespace {

using rapidjson::Value;
using Pool = rapidjson::MemoryPoolAllocator<>;

bool is_string(const Value& v, const char* s) {
  return v.IsString() && std::string_view(v.GetString(), v.GetStringLength()) == s;
}
// data === x for a number x (=== treats -0 as 0).
bool is_number(const Value& v, double x) { return v.IsNumber() && v.GetDouble() == x; }

// Ajv's coerceSpecificType: `target`'s conversion of v into out, or false when it has none.
bool convert(const Value& v, uint8_t target, Value& out, Pool& pool) {
  switch (target) {
    case ajv_type::kString:  // "" + data, or "" for null
      if (v.IsNumber() || v.IsBool()) {
        std::string text;
        append_to_string(v, text);
        out.SetString(text.data(), static_cast<rapidjson::SizeType>(text.size()), pool);
        return true;
      }
      if (!v.IsNull()) return false;
      out.SetString("", 0, pool);
      return true;
    case ajv_type::kNumber:
    case ajv_type::kInteger: {  // +data, for booleans, null and strings that read as numbers
      double x;
      if (v.IsBool()) x = v.IsTrue() ? 1 : 0;
      else if (v.IsNull()) x = 0;
      else if (v.IsString() && v.GetStringLength() != 0) x = string_to_number(v.GetString(), v.GetStringLength());
      else return false;
      if (std::isnan(x)) return false;  // data == +data fails
      // !(data % 1): true for integers, and for ±Infinity, whose remainder is NaN.
      if (target == ajv_type::kInteger && std::isfinite(x) && x != std::trunc(x)) return false;
      out.SetDouble(x);  // a JavaScript number
      return true;
    }
    case ajv_type::kBoolean:
      if (is_string(v, "false") || is_number(v, 0) || v.IsNull()) out.SetBool(false);
      else if (is_string(v, "true") || is_number(v, 1)) out.SetBool(true);
      else return false;
      return true;
    case ajv_type::kNull:
      if (!is_string(v, "") && !is_number(v, 0) && !v.IsFalse()) return false;
      out.SetNull();
      return true;
    case ajv_type::kArray:  // [data] ("array" mode only)
      if (v.IsObject() || v.IsArray()) return false;
      out.SetArray();
      out.PushBack(Value(v, pool), pool);
      return true;
    default: return false;
  }
}

// A deep copy of v into dst, or false when it nests more than max_depth levels deep.
// Iterative: each container is built whole (its elements or members as placeholders, so
// that nothing moves afterwards), then its children are copied into the placeholders.
bool copy(const Value& v, Value& dst, Pool& pool, int64_t max_depth) {
  struct Pending {
    const Value* from;
    Value* to;
    int64_t depth;  // containers around `from`
  };
  std::vector<Pending> pending{{&v, &dst, 0}};
  while (!pending.empty()) {
    Pending p = pending.back();
    pending.pop_back();
    const Value& from = *p.from;
    Value& to = *p.to;
    if (!from.IsArray() && !from.IsObject()) {
      to.CopyFrom(from, pool);  // a scalar
      continue;
    }
    if (p.depth == max_depth) return false;
    if (from.IsArray()) {
      to.SetArray();
      to.Reserve(from.Size(), pool);
      for (rapidjson::SizeType i = 0; i < from.Size(); ++i) to.PushBack(Value(), pool);
      for (rapidjson::SizeType i = 0; i < from.Size(); ++i) pending.push_back({&from[i], &to[i], p.depth + 1});
    } else {
      to.SetObject();
      for (const auto& m : from.GetObject()) to.AddMember(Value(m.name, pool), Value(), pool);
      auto out = to.MemberBegin();
      for (auto m = from.MemberBegin(); m != from.MemberEnd(); ++m, ++out)
        pending.push_back({&m->value, &out->value, p.depth + 1});
    }
  }
  return true;
}

bool is_scalar(const Value& v) { return !v.IsObject() && !v.IsArray(); }

// The name of a member sj_ajv_mark_removed marked: this address, which no other string has.
const char kRemovedName[] = "(removed by removeAdditional)";

}  // namespace

Pool& pool_of(SjCtx* ctx) {
  auto& extras = state(ctx).more();
  if (!extras.pool) extras.pool = std::make_unique<Pool>();
  return *extras.pool;
}

Value* new_value(Pool& pool) { return new (pool.Malloc(sizeof(Value))) Value(); }

bool ajv_accepts(const Value& v, uint8_t accepted) {
  if (v.IsNull()) return accepted & ajv_type::kNull;
  if (v.IsBool()) return accepted & ajv_type::kBoolean;
  if (v.IsObject()) return accepted & ajv_type::kObject;
  if (v.IsArray()) return accepted & ajv_type::kArray;
  if (v.IsString()) return accepted & ajv_type::kString;
  double x = v.GetDouble();
  if (!std::isfinite(x)) return false;
  if (accepted & ajv_type::kNumber) return true;
  return (accepted & ajv_type::kInteger) && x == std::trunc(x);
}

Coercion ajv_coerce(Value& v, uint64_t plan, Pool& pool) {
  auto accepted = static_cast<uint8_t>(plan);
  const Value* data = &v;
  if ((plan >> 8) & 1 && v.IsArray() && v.Size() == 1) {
    data = &v[0];  // Ajv's data = data[0]; assigned to the parent only when it is accepted or converted
    if (ajv_accepts(*data, accepted)) {
      Value element;
      element.Swap(v[0]);
      v.Swap(element);
      return Coercion::Unwrapped;
    }
  }
  for (plan >>= 16; plan & 0xff; plan >>= 8) {
    Value out;
    if (convert(*data, static_cast<uint8_t>(plan), out, pool)) {
      v.Swap(out);
      return Coercion::Converted;
    }
  }
  return Coercion::None;
}

}  // namespace sj::rt

using sj::rt::state;

extern "C" {

int32_t sj_ajv_coerce(SjCtx* ctx, const SjValue* v, int64_t plan) {
  // Only ever called on values of sj_ajv_copy or sj_ajv_enter, which this call owns.
  auto& value = const_cast<SjValue&>(*v);
  sj::rt::Coercion c = sj::rt::ajv_coerce(value, static_cast<uint64_t>(plan), sj::rt::pool_of(ctx));
  if (c == sj::rt::Coercion::Unwrapped && &value == state(ctx).extras->moved_root) state(ctx).extras->root_unwrapped = true;
  return c != sj::rt::Coercion::None;
}

const SjValue* sj_ajv_copy(SjCtx* ctx, const SjValue* v, const char* path) {
  sj::rt::Pool& pool = sj::rt::pool_of(ctx);
  SjValue* c = sj::rt::new_value(pool);
  if (sj::rt::copy(*v, *c, pool, ctx->max_depth)) return c;
  sj_error_depth(ctx, path);
  return nullptr;
}

const SjValue* sj_ajv_enter(SjCtx* ctx, const SjValue* v, int32_t arrays) {
  bool unwraps = arrays && v->IsArray() && v->Size() == 1;  // the one non-scalar a conversion can replace
  if (!sj::rt::is_scalar(*v) && !unwraps) return v;         // nothing replaces it: validated in place
  sj::rt::Pool& pool = sj::rt::pool_of(ctx);
  SjValue* root = sj::rt::new_value(pool);
  if (sj::rt::is_scalar(*v) || sj::rt::is_scalar((*v)[0])) {
    root->CopyFrom(*v, pool);  // scalars: nothing inside to share
    return root;
  }
  // [object] or [array], in the Select's own copy (it copies in "array" mode): Ajv's data
  // would become that element, shared with the serialized value, so the element itself moves
  // into the root for the validation and sj_ajv_leave puts back what the validation left.
  auto& extras = *state(ctx).extras;  // made by pool_of
  root->SetArray();
  SjValue element;
  element.Swap(const_cast<SjValue&>((*v)[0]));
  root->PushBack(element, pool);
  extras.moved_root = root;
  extras.root_unwrapped = false;
  return root;
}

void sj_ajv_leave(SjCtx* ctx, const SjValue* v, const SjValue* root) {
  auto* extras = state(ctx).extras.get();
  if (!extras || extras->moved_root != root) return;
  auto& r = const_cast<SjValue&>(*root);
  // Unwrapped: the root became the element. Else it is still the array Ajv's data was, with
  // whatever the validation wrote into it (tuple defaults), and replaces it whole.
  if (extras->root_unwrapped) const_cast<SjValue&>((*v)[0]).Swap(r);
  else const_cast<SjValue&>(*v).Swap(r);
  extras->moved_root = nullptr;
}

void sj_ajv_default(SjCtx* ctx, const SjValue* v, const char* name, int64_t len, int32_t constant, int32_t empty) {
  auto& target = const_cast<SjValue&>(*v);  // the Select's own copy (runtime/ajv_writes.h)
  const SjValue& value = *state(ctx).spec->constants[constant];
  sj::rt::Pool& pool = sj::rt::pool_of(ctx);
  auto replaces = [&](const SjValue& old) {  // Ajv: === undefined, or with "empty" null or ""
    return empty && (old.IsNull() || (old.IsString() && old.GetStringLength() == 0));
  };
  if (target.IsObject()) {
    auto* found = const_cast<SjValue*>(sj_find_member(v, name, len));  // the last of duplicates, as JSON.parse
    if (!found) target.AddMember(SjValue(name, static_cast<rapidjson::SizeType>(len), pool), SjValue(value, pool), pool);
    else if (replaces(*found)) found->CopyFrom(value, pool);
    return;
  }
  size_t i = std::strtoul(name, nullptr, 10);
  if (i < target.Size()) {
    if (replaces(target[static_cast<rapidjson::SizeType>(i)])) target[static_cast<rapidjson::SizeType>(i)].CopyFrom(value, pool);
    return;
  }
  while (target.Size() < i) target.PushBack(SjValue(), pool);  // JavaScript's holes print as null
  target.PushBack(SjValue(value, pool), pool);
}

void sj_ajv_mark_removed(const SjValue* v, int64_t i) {
  auto& target = const_cast<SjValue&>(*v);
  (target.MemberBegin() + i)->name = SjValue(rapidjson::StringRef(sj::rt::kRemovedName));
}

void sj_ajv_sweep(const SjValue* v) {
  auto& target = const_cast<SjValue&>(*v);
  for (auto m = target.MemberBegin(); m != target.MemberEnd();) {
    if (m->name.GetString() == sj::rt::kRemovedName) m = target.EraseMember(m);  // keeps the others' order
    else ++m;
  }
}

}  // extern "C"
