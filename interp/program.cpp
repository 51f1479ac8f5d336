#include "interp/program.h"

#include <algorithm>
#include <cstring>

#include "runtime/dom_layout.h"
#include "runtime/validate.h"

namespace sj::interp {

NameTest::NameTest(const std::string& field_name, Str at) : name(at) {
  if (field_name.size() <= dom::kShortMax) dom::inline_name_words(field_name, want, care);
}

namespace {

BulkKernel bulk_kernel(ir::ArrayStrategy s) {
  switch (s) {
    case ir::ArrayStrategy::BulkString: return sj_bulk_string_array;
    case ir::ArrayStrategy::BulkNumber: return sj_bulk_number_array;
    case ir::ArrayStrategy::BulkInteger: return sj_bulk_integer_array;
    case ir::ArrayStrategy::BulkNumberArrays: return sj_bulk_number_arrays;
    case ir::ArrayStrategy::Loop: break;
  }
  return nullptr;
}

rt::YyjsonBulk yyjson_bulk_kernel(ir::ArrayStrategy s) {
  switch (s) {
    case ir::ArrayStrategy::BulkString: return rt::yyjson_bulk_strings;
    case ir::ArrayStrategy::BulkNumber: return rt::yyjson_bulk_numbers;
    case ir::ArrayStrategy::BulkInteger: return rt::yyjson_bulk_integers;
    case ir::ArrayStrategy::BulkNumberArrays: return rt::yyjson_bulk_number_arrays;
    case ir::ArrayStrategy::Loop: break;
  }
  return nullptr;
}

class Preparer {
 public:
  Preparer(Program& p, const ir::Module& m) : p_(p), m_(m), writes_(ir::validator_writes(m)) {}

  void run() {
    p_.functions.resize(m_.functions.size());
    for (size_t i = 0; i < m_.functions.size(); ++i) {
      p_.functions[i] = op(*m_.functions[i].body);
      p_.function_paths.push_back(str(m_.functions[i].path));
    }
    p_.entry_is_called = m_.entry_is_called;
    p_.rounding = static_cast<int32_t>(m_.options.rounding);
    p_.ajv_arrays = m_.options.ajv_coerce_types == AjvCoercion::Arrays;
    p_.multiple_of_bound = rt::precision_bound(m_.options.ajv_multiple_of_precision);
    for (const auto& v : m_.validators) tests(*v.body);
    // The ops are all made: the hot paths (fields, array items) get pointers to theirs.
    for (FieldOp& f : p_.fields) f.value_op = &p_.ops[f.value];
    for (Op& o : p_.ops)
      if (o.kind == ir::Kind::Array && o.target != kNone) o.items = &p_.ops[o.target];
    p_.text.append(kTextPad, '\0');  // Run::key copies up to kTextPad bytes from any key
    p_.text.shrink_to_fit();
    for (const auto& [at, names] : tables_) key_table(at, names);  // the text is complete: its addresses hold
  }

 private:
  // A text of the program, with a NUL after it (paths are C strings); equal texts are stored once.
  Str str(const std::string& s) {
    auto [it, fresh] = interned_.try_emplace(s, Str{static_cast<uint32_t>(p_.text.size()), static_cast<uint32_t>(s.size())});
    if (fresh) p_.text.append(s).push_back('\0');
    return it->second;
  }

  uint32_t op(const ir::Node& n) {
    auto index = static_cast<uint32_t>(p_.ops.size());
    p_.ops.emplace_back();
    Op o;
    o.kind = n.kind;
    o.null_first = n.nullable && n.kind != ir::Kind::Generic && n.kind != ir::Kind::Null;
    o.format = n.format;
    o.path = str(n.path);
    switch (n.kind) {
      case ir::Kind::Const: o.literal = str(n.literal); break;
      case ir::Kind::Object: object(n, o); break;
      case ir::Kind::Array: array(n, o); break;
      case ir::Kind::Call: o.target = static_cast<uint32_t>(n.callee); break;
      case ir::Kind::TypeSwitch: {
        std::vector<uint32_t> branches;
        for (const auto& b : n.branches) branches.push_back(op(*b));
        o.first = static_cast<uint32_t>(p_.branches.size());
        o.count = static_cast<uint32_t>(branches.size());
        p_.branches.insert(p_.branches.end(), branches.begin(), branches.end());
        break;
      }
      case ir::Kind::Select: {
        std::vector<ChoiceOp> choices;
        for (const auto& c : n.choices) choices.push_back({c.validator, op(*c.value)});
        o.first = static_cast<uint32_t>(p_.choices.size());
        o.count = static_cast<uint32_t>(choices.size());
        p_.choices.insert(p_.choices.end(), choices.begin(), choices.end());
        o.writes = ir::select_writes(m_, writes_, n);
        break;
      }
      default: break;
    }
    p_.ops[index] = o;
    return index;
  }

  void object(const ir::Node& n, Op& o) {
    ObjectOp obj;
    std::vector<FieldOp> fields;
    for (const auto& f : n.fields)
      fields.push_back({NameTest(f.name, str(f.name)), str("," + f.key_literal), f.default_json ? str(*f.default_json) : Str{},
                        static_cast<uint32_t>(f.predicted_index), op(*f.value), f.required});
    std::vector<PatternOp> patterns;
    for (const auto& pf : n.patterns)
      patterns.push_back({pf.index, pf.value ? op(*pf.value) : kNone, str(pf.path), m_.patterns[pf.index]->first_bytes()});
    if (n.extras == ir::Extras::Schema) obj.extras_schema = op(*n.extras_schema);
    obj.first_field = static_cast<uint32_t>(p_.fields.size());
    obj.fields = static_cast<uint32_t>(fields.size());
    p_.fields.insert(p_.fields.end(), fields.begin(), fields.end());
    obj.first_pattern = static_cast<uint32_t>(p_.patterns.size());
    obj.patterns = static_cast<uint32_t>(patterns.size());
    p_.patterns.insert(p_.patterns.end(), patterns.begin(), patterns.end());
    obj.first_required = static_cast<uint32_t>(p_.names.size());
    obj.required = static_cast<uint32_t>(n.required_elsewhere.size());
    for (const auto& name : n.required_elsewhere) p_.names.push_back(str(name));
    obj.extras = n.extras;
    obj.prints_extras = n.extras != ir::Extras::Drop || !n.patterns.empty();
    obj.indexed = ir::indexes_members(n);
    if (obj.indexed) {
      obj.starts = static_cast<uint32_t>(p_.starts.size());
      for (int s : ir::index_starts(n)) p_.starts.push_back(s);
    }
    if (obj.indexed || obj.prints_extras) obj.keys = table_of(n.fields);
    obj.view = ir::object_view(n);
    o.target = static_cast<uint32_t>(p_.objects.size());
    p_.objects.push_back(obj);
  }

  void array(const ir::Node& n, Op& o) {
    if (n.items) o.target = op(*n.items);
    std::vector<TupleOp> tuple;
    for (const auto& t : n.tuple) tuple.push_back({t.guard, op(*t.value)});
    o.first = static_cast<uint32_t>(p_.tuple.size());
    o.count = static_cast<uint32_t>(tuple.size());
    p_.tuple.insert(p_.tuple.end(), tuple.begin(), tuple.end());
    o.is_tuple = n.is_tuple;
    o.additional_items = n.additional_items;
    o.large_as_json = n.large_as_json;
    o.cutoff = ir::bulk_cutoff(m_.options, n.strategy);
    if (o.cutoff != Cutoffs::kNever) {
      o.bulk = bulk_kernel(n.strategy);
      o.yyjson_bulk = yyjson_bulk_kernel(n.strategy);
    }
    o.large_size = std::max<int64_t>(m_.options.large_array_size, 0);
  }

  // A KeyTable of `names`, laid out when the text is complete; returns where it will be.
  uint32_t table(const std::vector<std::string>& names) {
    auto at = static_cast<uint32_t>(p_.key_words.size());
    size_t entries = rt::key_table_layout(names).size();
    p_.key_words.resize(p_.key_words.size() + 2 + 2 * entries);
    std::vector<Str> strs;
    for (const auto& name : names) strs.push_back(str(name));
    tables_.emplace_back(at, std::make_pair(names, strs));
    return at;
  }
  uint32_t table_of(const std::vector<ir::Field>& fields) {
    std::vector<std::string> names;
    for (const auto& f : fields) names.push_back(f.name);
    return table(names);
  }

  void key_table(uint32_t at, const std::pair<std::vector<std::string>, std::vector<Str>>& names) {
    static_assert(sizeof(rt::KeyTable) == 16 && sizeof(rt::KeyEntry) == 16, "two words each");
    std::vector<int32_t> layout = rt::key_table_layout(names.first);
    rt::KeyTable header{static_cast<int64_t>(layout.size() - 1), static_cast<int64_t>(names.first.size())};
    std::memcpy(&p_.key_words[at], &header, sizeof header);
    for (size_t j = 0; j < layout.size(); ++j) {
      int32_t i = layout[j];
      rt::KeyEntry e = i < 0 ? rt::KeyEntry{nullptr, -1, 0}
                             : rt::KeyEntry{p_.at(names.second[i]), static_cast<int32_t>(names.second[i].size), i};
      std::memcpy(&p_.key_words[at + 2 + 2 * j], &e, sizeof e);
    }
  }

  // The key tables of the validators' Members tests.
  void tests(const ir::Test& t) {
    if (t.kind == ir::TestKind::Members) p_.member_keys.emplace(&t, table(t.names));
    for (const auto& c : t.children)
      if (c) tests(*c);
    if (t.key_test) tests(*t.key_test);
    if (t.rest) tests(*t.rest);
  }

  Program& p_;
  const ir::Module& m_;
  std::vector<ir::Writes> writes_;
  std::unordered_map<std::string, Str> interned_;
  std::vector<std::pair<uint32_t, std::pair<std::vector<std::string>, std::vector<Str>>>> tables_;
};

}  // namespace

std::shared_ptr<const Program> prepare(ir::Module&& module) {
  auto p = std::make_shared<Program>();
  Preparer(*p, module).run();
  p->validators = std::move(module.validators);  // the tests keep their addresses: member_keys holds
  return p;
}

}  // namespace sj::interp
