// JavaScript's order of an object's members (spec §5.1): array-index keys ("0".."4294967294")
// first, ascending, then the other keys in insertion order; of a repeated name (a DOM may hold
// one; JSON.parse keeps one) the first position and the last value. Only an object with an
// index key out of place or a repeated name needs an order: most get none (null), after one
// pass over their names. The order lives in the call's arena (call_state.h): no allocation
// per object.
#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/call_state.h"
#include "runtime/duplicate_names.h"
#include "runtime/input_model.h"
#include "runtime/js_value.h"
#include "runtime/kept_list.h"
#include "runtime/model_calls.h"

namespace sj::rt {
namespace {

// Names on the stack, left uninitialised (a union's member is not constructed): zeroing 32 of
// them cost more than the rest of the pass (patterns/pattern_props 163 -> 190 us).
template <uint32_t N>
union Names {
  Names() {}
  std::string_view at[N];
};

struct Keyed {  // an index key: its index, the member's position
  uint32_t index, position;
};

bool digit_first(std::string_view name) { return !name.empty() && name[0] >= '0' && name[0] <= '9'; }

// The order of an object that repeats a name: its names in first-occurrence order, each at its
// last occurrence, index keys sorted first. Allocates, as such objects never come from text
// (the text readers keep one member per name) and are rare in a DOM.
template <class M>
const uint32_t* order_with_repeats(SjCtx* ctx, const typename M::Value* obj) {
  uint32_t n = M::count(obj);
  std::vector<std::pair<std::string_view, uint32_t>> keys;
  std::unordered_map<std::string_view, size_t> slot;
  const typename M::Member* m = M::first_member(obj);
  for (uint32_t i = 0; i < n; ++i, m = M::next_member(m)) {
    auto [it, fresh] = slot.emplace(M::name(m), keys.size());
    if (fresh) keys.emplace_back(M::name(m), i);
    else keys[it->second].second = i;
  }
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
    uint32_t ia = 0, ib = 0;
    bool xa = array_index_key(a.first, ia), xb = array_index_key(b.first, ib);
    if (xa != xb) return xa;
    return xa && ia < ib;
  });
  uint32_t* out = state(ctx).more().arena.take(size_t{n} + 1);
  out[0] = static_cast<uint32_t>(keys.size());
  for (size_t k = 0; k < keys.size(); ++k) out[k + 1] = keys[k].second;
  return out;
}

// The order of an object whose names may hold index keys, in working lists of n entries
// (member_order calls nothing that could come back into them): null when it is already in
// JavaScript's order.
template <class M>
const uint32_t* order_in(SjCtx* ctx, const typename M::Value* obj, uint32_t n, std::string_view* others,
                         uint32_t* positions, Keyed* keyed) {
  uint32_t n_others = 0, n_keyed = 0;
  bool in_order = true;  // index keys first, strictly ascending (so also distinct)
  const typename M::Member* m = M::first_member(obj);
  for (uint32_t i = 0; i < n; ++i, m = M::next_member(m)) {
    std::string_view name = M::name(m);
    uint32_t index;
    if (array_index_key(name, index)) {
      in_order = in_order && n_others == 0 && (n_keyed == 0 || index > keyed[n_keyed - 1].index);
      keyed[n_keyed++] = {index, i};
    } else {
      others[n_others] = name;
      positions[n_others++] = i;
    }
  }
  if (names_repeat(others, n_others)) return order_with_repeats<M>(ctx, obj);
  if (in_order) return nullptr;
  uint32_t* out = state(ctx).more().arena.take(size_t{n} + 1);
  // Equal indices are equal names: the last occurrence stands for them.
  std::sort(keyed, keyed + n_keyed, [](const Keyed& a, const Keyed& b) {
    return a.index < b.index || (a.index == b.index && a.position < b.position);
  });
  uint32_t k = 0;
  for (uint32_t i = 0; i < n_keyed; ++i)
    if (i + 1 == n_keyed || keyed[i + 1].index != keyed[i].index) out[++k] = keyed[i].position;
  for (uint32_t i = 0; i < n_others; ++i) out[++k] = positions[i];
  out[0] = k;
  return out;
}

template <class M>
const uint32_t* order_of(SjCtx* ctx, const typename M::Value* obj) {
  uint32_t n = M::count(obj);
  // The common case first: a small object without a key that starts with a digit is in order
  // unless it repeats a name; its names stay on the stack.
  constexpr uint32_t kSmall = 8;
  if (n <= kSmall) {
    Names<kSmall> names;
    std::string_view* small = names.at;
    bool digits = false;
    const typename M::Member* m = M::first_member(obj);
    for (uint32_t i = 0; i < n; ++i, m = M::next_member(m)) digits |= digit_first(small[i] = M::name(m));
    if (!digits) return names_repeat(small, n) ? order_with_repeats<M>(ctx, obj) : nullptr;
  }
  // Working lists on the stack for objects of up to kStack members, else this thread's.
  constexpr uint32_t kStack = 32;
  if (n <= kStack) {
    Names<kStack> others;
    uint32_t positions[kStack];
    Keyed keyed[kStack];
    return order_in<M>(ctx, obj, n, others.at, positions, keyed);
  }
  thread_local std::vector<std::string_view> others;
  thread_local std::vector<uint32_t> positions;
  thread_local std::vector<Keyed> keyed;
  KeptList kept_others(others);
  KeptList kept_positions(positions);
  KeptList kept_keyed(keyed);
  others.resize(n), positions.resize(n), keyed.resize(n);
  return order_in<M>(ctx, obj, n, others.data(), positions.data(), keyed.data());
}

}  // namespace

const uint32_t* member_order(SjCtx* ctx, const yyjson_val* obj) { return order_of<model::Yyjson>(ctx, obj); }

}  // namespace sj::rt

extern "C" const uint32_t* sj_member_order(SjCtx* ctx, const SjValue* obj) {
  return sj::rt::order_of<sj::model::RapidJson>(ctx, obj);
}
