#include "ir/analysis.h"

#include <algorithm>

#include "runtime/abi.h"
#include "runtime/js_value.h"

namespace sj::ir {
namespace {

bool writes(const Module& m, const Test& t, bool inside, std::vector<char>& seen) {
  using K = TestKind;
  if (t.kind == K::Coerce) return !inside;
  // Defaults and deletions write into the object itself, which the serializer shares.
  if (t.kind == K::Defaults || (t.kind == K::Members && t.removal != Test::Removal::None)) return true;
  if (t.kind == K::Call) {
    if (seen[t.index]) return false;
    seen[t.index] = 1;
    return writes(m, *m.validators[t.index].body, false, seen);
  }
  bool nested = t.kind == K::Properties || t.kind == K::Members || t.kind == K::Items || t.kind == K::Contains;
  bool want = inside && !nested;  // below a nesting test every write is inside
  for (const auto& c : t.children)
    if (c && writes(m, *c, want, seen)) return true;
  for (const Test* c : {t.key_test.get(), t.rest.get()})
    if (c && writes(m, *c, want, seen)) return true;
  return false;
}

}  // namespace

std::vector<Writes> validator_writes(const Module& module) {
  std::vector<Writes> result(module.validators.size());
  if (!module.options.ajv_writes_data()) return result;
  for (size_t i = 0; i < module.validators.size(); ++i) {
    std::vector<char> seen(module.validators.size(), 0), seen_inside(module.validators.size(), 0);
    result[i] = {writes(module, *module.validators[i].body, false, seen),
                 writes(module, *module.validators[i].body, true, seen_inside)};
  }
  return result;
}

SelectWrites select_writes(const Module& module, const std::vector<Writes>& writes, const Node& select) {
  bool arrays = module.options.ajv_coerce_types == AjvCoercion::Arrays;
  bool any = false, inside = false;
  for (const auto& c : select.choices)
    if (c.validator >= 0) {
      any |= writes[c.validator].any;
      inside |= writes[c.validator].inside;
    }
  return {inside || (any && arrays), any};
}

ObjectView object_view(const Node& n) {
  ObjectView view;
  auto names = [&](const std::string& name) {
    uint32_t index;
    if (rt::array_index_key(name, index)) view.limit = std::max(view.limit, int64_t{index} + 1);
    view.needed |= name == "length";
  };
  for (const auto& f : n.fields) {
    names(f.name);
    if (f.name == "length") view.flags |= SJ_VIEW_LENGTH;
  }
  for (const auto& name : n.required_elsewhere) names(name);
  if (n.extras != Extras::Drop || !n.patterns.empty()) view.limit = INT64_MAX;
  if (n.extras != Extras::Drop) view.flags |= SJ_VIEW_PRINTS_ALL;
  view.needed |= view.limit > 0;
  return view;
}

std::vector<int> index_starts(const Node& n) {
  std::vector<int> starts;
  std::vector<bool> taken(n.fields.size() + 1);  // predictions are positions among the fields
  size_t first_free = 0;
  for (const auto& f : n.fields) {
    starts.push_back(static_cast<int>(first_free));
    if (static_cast<size_t>(f.predicted_index) < taken.size()) taken[f.predicted_index] = true;
    while (taken[first_free]) ++first_free;
  }
  return starts;
}

}  // namespace sj::ir
