// JSON.stringify semantics for any value of either input model (untyped schemas, additionalProperties: true),
// and the member-lookup helpers generated code falls back to.
#include <cstring>
#include <string_view>

#include "runtime/input_model.h"
#include "runtime/model_calls.h"
#include "runtime/output.h"
#include "runtime/number_text.h"
#include "runtime/escape.h"
#include "runtime/js_value.h"
#include "runtime/member_index.h"

namespace sj::rt {
namespace {

template <class M>
SjStatus write_generic(SjCtx* ctx, const typename M::Value* v);

// Out of line: its locals (the member walk, the order) stay out of write_generic's frame,
// which every level of nested arrays repeats (1,000 levels on a 256 KiB stack under ASan:
// DeepData.GenericValue).
template <class M>
[[gnu::noinline]] SjStatus write_object(SjCtx* ctx, const typename M::Value* v) {
  const uint32_t* order = member_order(ctx, v);
  uint32_t n = order ? order[0] : M::count(v);
  typename M::MemberAt at(v);
  put(ctx, "{", 1);
  for (uint32_t k = 0; k < n; ++k) {
    const typename M::Member* m = at(order ? order[k + 1] : k);
    if (k) put(ctx, ",", 1);
    std::string_view name = M::name(m);
    sj_write_string(ctx, name.data(), static_cast<int64_t>(name.size()));
    put(ctx, ":", 1);
    if (write_generic<M>(ctx, M::value(m))) return 1;
  }
  put(ctx, "}", 1);
  return 0;
}

template <class M>
SjStatus write_generic(SjCtx* ctx, const typename M::Value* v) {
  switch (M::kind(v)) {
    case model::Null: put(ctx, "null", 4); return 0;
    case model::False: put(ctx, "false", 5); return 0;
    case model::True: put(ctx, "true", 4); return 0;
    case model::String:
      if (M::unescaped(v)) sj_write_unsafe_string(ctx, M::str(v), static_cast<int64_t>(M::len(v)));
      else sj_write_string(ctx, M::str(v), static_cast<int64_t>(M::len(v)));
      return 0;
    case model::Number: ctx->cur = M::number_text(ensure(ctx, kMaxDoubleText), v); return 0;
    default: break;
  }
  if (++ctx->depth > ctx->max_depth) return sj_error_depth(ctx, "");
  SjStatus st = 0;
  if (M::kind(v) == model::Object) {
    st = write_object<M>(ctx, v);
  } else {
    put(ctx, "[", 1);
    const typename M::Value* e = M::first(v);
    for (uint32_t i = 0, n = M::size(v); i < n; ++i, e = M::next(e)) {
      if (i) put(ctx, ",", 1);
      if ((st = write_generic<M>(ctx, e))) break;
    }
    if (!st) put(ctx, "]", 1);
  }
  --ctx->depth;
  return st;
}

template <class M>
const typename M::Value* find_member(const typename M::Value* obj, const char* key, int64_t len) {
  if (M::kind(obj) != model::Object) return nullptr;
  std::string_view want(key, static_cast<size_t>(len));
  // With duplicate names the last one wins, as in JSON.parse.
  const typename M::Value* found = nullptr;
  const typename M::Member* m = M::first_member(obj);
  for (uint32_t i = 0, n = M::count(obj); i < n; ++i, m = M::next_member(m))
    if (M::name(m) == want) found = M::value(m);
  return found;
}

template <class M>
void index_members(const typename M::Value* obj, const void* table, const typename M::Value** slots, int64_t from) {
  const auto* t = static_cast<const KeyTable*>(table);
  for (int64_t i = 0; i < t->count; ++i) slots[i] = nullptr;
  if (M::kind(obj) != model::Object || static_cast<uint64_t>(from) >= M::count(obj)) return;
  typename M::MemberAt at(obj);
  const typename M::Member* m = at(static_cast<uint32_t>(from));
  for (uint32_t i = static_cast<uint32_t>(from), n = M::count(obj); i < n; ++i, m = M::next_member(m)) {
    std::string_view name = M::name(m);
    int32_t slot = find_key(t, name.data(), name.size());
    if (slot >= 0) slots[slot] = M::value(m);
  }
}

}  // namespace

SjStatus write_generic(SjCtx* ctx, const yyjson_val* v) { return write_generic<model::Yyjson>(ctx, v); }
const yyjson_val* find_member(const yyjson_val* obj, const char* key, int64_t len) {
  return find_member<model::Yyjson>(obj, key, len);
}
void index_members(const yyjson_val* obj, const void* table, const yyjson_val** slots, int64_t from) {
  index_members<model::Yyjson>(obj, table, slots, from);
}

}  // namespace sj::rt

using namespace sj::rt;

namespace {
std::string_view name_of(const rapidjson::Value::Member& m) { return {m.name.GetString(), m.name.GetStringLength()}; }
}  // namespace

extern "C" SjStatus sj_write_generic(SjCtx* ctx, const SjValue* v) { return write_generic<sj::model::RapidJson>(ctx, v); }

// Backwards, so that the last of duplicate names is found first.
extern "C" const SjValue* sj_find_member(const SjValue* obj, const char* key, int64_t len) {
  if (!obj->IsObject()) return nullptr;
  std::string_view want(key, static_cast<size_t>(len));
  for (auto m = obj->MemberEnd(); m != obj->MemberBegin();) {
    --m;
    if (name_of(*m) == want) return &m->value;
  }
  return nullptr;
}

extern "C" void sj_index_members(const SjValue* obj, const void* table, const SjValue** slots, int64_t from) {
  index_members<sj::model::RapidJson>(obj, table, slots, from);
}

extern "C" const SjValue* sj_lookup(const SjValue* obj, int64_t predicted, const char* name, int64_t len,
                                    const void* table, const SjValue** slots, bool* filled, int64_t slot) {
  if (!obj->IsObject()) return nullptr;
  std::string_view want(name, static_cast<size_t>(len));
  if (predicted >= 0 && static_cast<uint64_t>(predicted) < obj->MemberCount()) {
    auto m = obj->MemberBegin() + predicted;
    if (name_of(*m) == want) return &m->value;
  }
  if (slot < 0) return sj_find_member(obj, name, len);
  if (!*filled) {
    sj_index_members(obj, table, slots, 0);
    *filled = true;
  }
  return slots[slot];
}

extern "C" int32_t sj_key_declared(const void* table, const char* key, int64_t len) {
  return sj::rt::find_key(static_cast<const sj::rt::KeyTable*>(table), key, static_cast<size_t>(len)) >= 0;
}

std::string sj::rt::json_stringify(const rapidjson::Value& v) {
  std::string out;
  CallSpec spec;
  EntryFn generic = [](SjCtx* ctx, const void* value) { return sj_write_generic(ctx, static_cast<const SjValue*>(value)); };
  spec.max_depth = 100000;
  // Compile time only: no need for the in-place path. Schema text may hold lone surrogates
  // (as WTF-8, ir/json_parse.cpp), printed escaped as JSON.stringify prints them.
  (void)run_call_in_scratch(spec, {generic, &v}, out, /*lone_surrogates=*/true);
  return out;
}
