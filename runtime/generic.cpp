// JSON.stringify semantics for any value of either input model (untyped schemas, additionalProperties: true),
// and the member-lookup helpers generated code falls back to.
#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <vector>

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

template <class M>
const uint32_t* member_order(SjCtx* ctx, const typename M::Value* obj) {
  uint32_t n = M::count(obj);
  typename M::MemberAt at(obj), other(obj);
  auto name_of = [&](uint32_t i) { return M::name(at(i)); };
  // JavaScript enumerates array-index keys first, ascending, then the others in insertion
  // order. Members already in that order need no reordering (maps keyed by ids, citm_catalog's
  // kind, usually are): one pass checks it, strictly ascending indices also being distinct.
  bool reorder = false;
  uint32_t others = 0;  // the non-index keys: when in order, the last `others` members
  uint32_t previous = 0;
  for (uint32_t i = 0; i < n && !reorder; ++i) {
    uint32_t index;
    if (array_index_key(name_of(i), index)) {
      reorder = others > 0 || (i > 0 && index <= previous);
      previous = index;
    } else {
      ++others;
    }
  }
  // Duplicates among the others? JSON.parse keeps the first position, the last value.
  if (!reorder && others > 1) {
    uint32_t first = n - others;
    if (others <= 16) {
      for (uint32_t i = first; i < n && !reorder; ++i)
        for (uint32_t j = i + 1; j < n && !reorder; ++j) reorder = name_of(i) == M::name(other(j));
    } else {
      std::unordered_map<std::string_view, uint32_t> seen;
      for (uint32_t i = first; i < n && !reorder; ++i) reorder = !seen.emplace(name_of(i), i).second;
    }
  }
  if (!reorder) return nullptr;

  // keys in first-occurrence order, each pointing at its last occurrence
  std::vector<std::pair<std::string_view, uint32_t>> keys;
  std::unordered_map<std::string_view, size_t> slot;
  for (uint32_t i = 0; i < n; ++i) {
    auto [it, fresh] = slot.emplace(name_of(i), keys.size());
    if (fresh) keys.emplace_back(name_of(i), i);
    else keys[it->second].second = i;
  }
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
    uint32_t ia = 0, ib = 0;
    bool xa = array_index_key(a.first, ia), xb = array_index_key(b.first, ib);
    if (xa != xb) return xa;
    return xa && ia < ib;
  });
  auto out = std::make_unique<uint32_t[]>(keys.size() + 1);
  out[0] = static_cast<uint32_t>(keys.size());
  for (size_t k = 0; k < keys.size(); ++k) out[k + 1] = keys[k].second;
  auto& scratch = state(ctx).more().scratch;
  scratch.push_back(std::move(out));
  return scratch.back().get();
}

}  // namespace

SjStatus write_generic(SjCtx* ctx, const yyjson_val* v) { return write_generic<model::Yyjson>(ctx, v); }
const yyjson_val* find_member(const yyjson_val* obj, const char* key, int64_t len) {
  return find_member<model::Yyjson>(obj, key, len);
}
void index_members(const yyjson_val* obj, const void* table, const yyjson_val** slots, int64_t from) {
  index_members<model::Yyjson>(obj, table, slots, from);
}
const uint32_t* member_order(SjCtx* ctx, const yyjson_val* obj) { return member_order<model::Yyjson>(ctx, obj); }

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

extern "C" const uint32_t* sj_member_order(SjCtx* ctx, const SjValue* obj) {
  return member_order<sj::model::RapidJson>(ctx, obj);
}

extern "C" int32_t sj_key_declared(const void* table, const char* key, int64_t len) {
  return sj::rt::find_key(static_cast<const sj::rt::KeyTable*>(table), key, static_cast<size_t>(len)) >= 0;
}

bool sj::rt::array_index_key(std::string_view k, uint32_t& index) {
  if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) return false;
  uint64_t v = 0;
  for (char c : k) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v >= 4294967295u) return false;
  index = static_cast<uint32_t>(v);
  return true;
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
