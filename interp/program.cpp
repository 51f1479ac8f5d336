#include "interp/program.h"

#include <cstring>

#include "runtime/validate.h"

namespace sj::interp {

KeyTableStorage::KeyTableStorage(const std::vector<std::string>& names) : names_(names) {
  std::vector<int32_t> layout = rt::key_table_layout(names_);
  static_assert(sizeof(rt::KeyTable) == 16 && sizeof(rt::KeyEntry) == 16, "two words each");
  words_.assign(2 + 2 * layout.size(), 0);
  rt::KeyTable header{static_cast<int64_t>(layout.size() - 1), static_cast<int64_t>(names_.size())};
  std::memcpy(words_.data(), &header, sizeof header);
  for (size_t j = 0; j < layout.size(); ++j) {
    int32_t i = layout[j];
    rt::KeyEntry e = i < 0 ? rt::KeyEntry{nullptr, -1, 0}
                           : rt::KeyEntry{names_[i].data(), static_cast<int32_t>(names_[i].size()), i};
    std::memcpy(&words_[2 + 2 * j], &e, sizeof e);
  }
}

namespace {

int64_t (*bulk_kernel(ir::ArrayStrategy s))(SjCtx*, const SjValue*, int64_t) {
  switch (s) {
    case ir::ArrayStrategy::BulkString: return sj_bulk_string_array;
    case ir::ArrayStrategy::BulkNumber: return sj_bulk_number_array;
    case ir::ArrayStrategy::BulkInteger: return sj_bulk_integer_array;
    case ir::ArrayStrategy::BulkNumberArrays: return sj_bulk_number_arrays;
    case ir::ArrayStrategy::Loop: break;
  }
  return nullptr;
}

class Preparer {
 public:
  explicit Preparer(Program& p) : p_(p), m_(*p.module), writes_(ir::validator_writes(m_)) {}

  void run() {
    for (const auto& f : m_.functions) p_.functions.push_back(op(*f.body));
    for (const auto& v : m_.validators) tests(*v.body);
    p_.multiple_of_bound = rt::precision_bound(m_.options.ajv_multiple_of_precision);
  }

 private:
  const Op* op(const ir::Node& n) {
    Op& o = p_.ops.emplace_back();
    o.node = &n;
    o.kind = n.kind;
    o.null_first = n.nullable && n.kind != ir::Kind::Generic && n.kind != ir::Kind::Null;
    switch (n.kind) {
      case ir::Kind::Object: object(n, o); break;
      case ir::Kind::Array: array(n, o); break;
      case ir::Kind::TypeSwitch:
        for (const auto& b : n.branches) o.branches.push_back(op(*b));
        break;
      case ir::Kind::Select:
        for (const auto& c : n.choices) o.choices.push_back({c.validator, op(*c.value)});
        o.writes = ir::select_writes(m_, writes_, n);
        break;
      default: break;
    }
    return &o;
  }

  void object(const ir::Node& n, Op& o) {
    for (const auto& f : n.fields) o.fields.push_back({&f, f.key_literal, "," + f.key_literal, op(*f.value)});
    for (const auto& pf : n.patterns) o.patterns.push_back({pf.index, pf.value ? op(*pf.value) : nullptr});
    if (n.extras == ir::Extras::Schema) o.extras_schema = op(*n.extras_schema);
    o.extras = n.extras != ir::Extras::Drop || !n.patterns.empty();
    o.indexed = ir::indexes_members(n);
    if (o.indexed) o.starts = ir::index_starts(n);
    if (o.indexed || o.extras) {
      std::vector<std::string> names;
      for (const auto& f : n.fields) names.push_back(f.name);
      o.keys = KeyTableStorage(names);
    }
    o.view = ir::object_view(n);
  }

  void array(const ir::Node& n, Op& o) {
    if (n.items) o.items = op(*n.items);
    for (const auto& t : n.tuple) o.tuple.push_back({t.guard, op(*t.value)});
    o.cutoff = ir::bulk_cutoff(m_.options, n.strategy);
    if (o.cutoff != Cutoffs::kNever) o.bulk = bulk_kernel(n.strategy);
    o.large_size = std::max<int64_t>(m_.options.large_array_size, 0);
  }

  // The key tables of the validators' Members tests.
  void tests(const ir::Test& t) {
    if (t.kind == ir::TestKind::Members) p_.member_keys.emplace(&t, KeyTableStorage(t.names));
    for (const auto& c : t.children)
      if (c) tests(*c);
    if (t.key_test) tests(*t.key_test);
    if (t.rest) tests(*t.rest);
  }

  Program& p_;
  const ir::Module& m_;
  std::vector<ir::Writes> writes_;
};

}  // namespace

std::shared_ptr<const Program> prepare(std::shared_ptr<const ir::Module> module) {
  auto p = std::make_shared<Program>();
  p->module = std::move(module);
  Preparer(*p).run();
  return p;
}

}  // namespace sj::interp
