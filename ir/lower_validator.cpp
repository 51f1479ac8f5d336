// Schema → validator tests. Cheap discriminators come first in every test list (type, const,
// enum, required, counts), so a failing branch usually leaves after one or two loads.
#include "ir/lower_validator.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <utility>

#include "ir/ajv_keywords.h"
#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/unicode_regexp.h"
#include "runtime/ajv_writes.h"
#include "runtime/js_value.h"
#include "runtime/validate.h"

namespace sj::ir {
namespace {

// A count or length bound as an integer. Beyond int64 it saturates (casting such a double is
// undefined behaviour, found by fuzz_schema): no length or count reaches INT64_MAX, so a
// larger maximum bounds nothing and a larger minimum is never met, as in Ajv.
int64_t saturated(double x) {
  if (x >= 9223372036854775807.0) return INT64_MAX;  // the double is 2^63
  if (x <= -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(x);
}

using rapidjson::Value;

TestPtr test(TestKind kind) {
  auto t = std::make_unique<Test>();
  t->kind = kind;
  return t;
}

uint8_t type_bit(std::string_view t) {
  return t == "null" ? kTypeNull : t == "boolean" ? kTypeBoolean : t == "object" ? kTypeObject
       : t == "array" ? kTypeArray : t == "number" ? kTypeNumber | kTypeInteger : t == "integer" ? kTypeInteger
       : t == "string" ? kTypeString : 0;
}


// Whether running `t` can record an error rather than only pass or fail: a call to another
// validator (which may exceed the depth limit or be a refused schema's) or a refusal itself.
bool may_record_error(const Test& t) {
  if (t.kind == TestKind::Call || t.kind == TestKind::Throw) return true;
  for (const auto& c : t.children)
    if (c && may_record_error(*c)) return true;
  return false;
}

}  // namespace

int ValidatorLowering::validator_for(const Value& schema, const std::string& location) {
  if (auto it = validators_.find(location); it != validators_.end()) return it->second;
  int index = static_cast<int>(module_.validators.size());
  validators_[location] = index;
  module_.validators.push_back({location, nullptr});
  pending_.emplace_back(&schema, location);
  return index;
}

void ValidatorLowering::note_inferred_type(const Value& schema, const std::string& type) {
  // infer_type names one of four types: each is one constant string Value.
  static const Value kTypes[] = {Value(rapidjson::StringRef("object")), Value(rapidjson::StringRef("array")),
                                 Value(rapidjson::StringRef("string")), Value(rapidjson::StringRef("number"))};
  for (const Value& t : kTypes)
    if (sv(t) == type) inferred_types_.try_emplace(&schema, &t);
}

const Value* ValidatorLowering::type_of(const Value& s) const {
  if (const Value* written = member(s, "type")) return written;
  auto it = inferred_types_.find(&s);
  return it == inferred_types_.end() ? nullptr : it->second;
}

void ValidatorLowering::finish() {
  if (pending_.empty()) return;
  check_custom_formats();  // fjs's new Ajv
  for (const auto& [schema, location] : pending_) {  // fjs's addSchema of each validator's document
    std::string document = location.substr(0, location.find('#'));
    if (inherited_from_object_prototype(document.empty() ? doc_.root_id() : document))
      throw CompileError("Cannot read properties of undefined (reading '#')", pointer_of(location));  // as hop()
  }
  // Lowering a validator may hand out more (a $ref's target validated on its own).
  for (size_t next = 0; next < pending_.size(); ++next) {
    auto [schema, location] = pending_[next];
    int index = validators_.at(location);
    TestPtr body;
    std::optional<Refusal> fragment;
    const Refusal* r = refusal_of_document(location.substr(0, location.find('#')));
    if (!r && (fragment = refusal_of_fragment(*schema, location))) r = &*fragment;
    if (r) {
      // fjs compiles validators on first use, unless compileValidators makes it build time.
      if (module_.options.compile_validators) throw CompileError(r->message, r->pointer);
      body = test(TestKind::Throw);
      body->text = r->message;
    } else {
      int outer = std::exchange(composite_, 0);  // a function of its own, as Ajv compiles a $ref target
      body = lower(*schema, location);
      composite_ = outer;
    }
    module_.validators[index].body = std::move(body);
  }
}

TestPtr ValidatorLowering::composite(const Value& s, const std::string& at) {
  ++composite_;
  TestPtr t = lower(s, at);
  --composite_;
  return t;
}

TestPtr ValidatorLowering::lower(const Value& s, const std::string& at) {
  if (s.IsFalse()) return test(TestKind::Never);
  auto all = test(TestKind::AllOf);
  if (!s.IsObject()) return all;
  std::string path = at;
  if (const char* id = literal_id(s); id && at.find('#') + 1 != at.size()) path = doc_.location_of_id(id);
  add_keywords(s, path, all->children);
  if (all->children.size() == 1) return std::move(all->children[0]);
  return all;
}

namespace {

// Where Ajv runs a keyword (its rule groups: type first, then those for any value, then
// number, string, array and object keywords, each in its vocabulary's order). The order of
// tests changes no answer, but under the options that write data (coerceTypes, useDefaults,
// removeAdditional) a test can write (in an object's members, an array's elements) and Ajv
// stops at the first keyword that fails, so which writes happen depends on it: with such an
// option the tests run in this order.
enum AjvRank : int {
  kRankType, kRankRef, kRankConst, kRankEnum, kRankNot, kRankAnyOf, kRankOneOf, kRankAllOf, kRankIf,
  kRankNumberBounds, kRankMultipleOf, kRankLength, kRankPattern, kRankFormat,
  kRankItemDefaults, kRankItemCount, kRankUnique, kRankAdditionalItems, kRankItems, kRankContains,
  kRankMemberDefaults, kRankMemberCount, kRankRequired, kRankPropertyNames, kRankAdditionalProperties, kRankDependencies,
  kRankPropertiesRemoval, kRankProperties, kRankPatternProperties,
};

static_assert(kTypeNull == rt::ajv_type::kNull && kTypeBoolean == rt::ajv_type::kBoolean &&
              kTypeObject == rt::ajv_type::kObject && kTypeArray == rt::ajv_type::kArray &&
              kTypeNumber == rt::ajv_type::kNumber && kTypeInteger == rt::ajv_type::kInteger &&
              kTypeString == rt::ajv_type::kString);

// The type keyword: the types it accepts, and under coerceTypes what Ajv converts other values
// to (its COERCIBLE types in the keyword's order, "null" last for nullable; "array" in "array"
// mode).
TestPtr type_test(const Value& type, const Value* nullable, AjvCoercion coercion) {
  std::vector<uint8_t> order;
  auto add = [&](std::string_view name) {
    uint8_t bit = name == "number" ? uint8_t{kTypeNumber} : type_bit(name);
    if (bit && std::find(order.begin(), order.end(), bit) == order.end()) order.push_back(bit);
  };
  if (type.IsString()) add(sv(type));
  else for (auto& x : type.GetArray()) add(sv(x));
  if (nullable && nullable->IsTrue()) add("null");
  auto t = test(TestKind::Type);
  std::vector<uint8_t> targets;
  for (uint8_t bit : order) {
    t->mask |= bit == kTypeNumber ? kTypeNumber | kTypeInteger : bit;
    if (bit != kTypeObject && (bit != kTypeArray || coercion == AjvCoercion::Arrays)) targets.push_back(bit);
  }
  if (coercion != AjvCoercion::None && !targets.empty()) {
    t->kind = TestKind::Coerce;
    t->plan = rt::coercion_plan(t->mask, coercion == AjvCoercion::Arrays, targets.data(), static_cast<int>(targets.size()));
  }
  return t;
}

}  // namespace

void ValidatorLowering::add_keywords(const Value& s, const std::string& path, std::vector<TestPtr>& tests) {
  const bool ajv_order = module_.options.ajv_writes_data();  // see AjvRank
  std::vector<std::pair<int, TestPtr>> ranked;
  auto add = [&](int rank, TestPtr t) { ranked.emplace_back(rank, std::move(t)); };
  auto here = [&](const char* k) { return pointer_append(path, k); };
  for (const char* limit : kFormatLimitKeywords)
    if (const Value* f = member(s, "format"); member(s, limit) && f && f->IsString() && module_.options.ajv_validate_formats &&
                                              ajv_formats_compare(std::string(sv(*f))))
      throw CompileError(std::string("not supported yet: ") + limit + " inside anyOf/oneOf/if", pointer_of(pointer_append(path, limit)),
                         ErrorCode::Unsupported);
  if (const Value* type = type_of(s)) add(kRankType, type_test(*type, member(s, "nullable"), module_.options.ajv_coerce_types));
  if (const Value* c = member(s, "const")) {
    auto t = test(TestKind::Equal);
    t->indices.push_back(constant(*c));
    add(kRankConst, std::move(t));
  }
  if (const Value* e = member(s, "enum"); e && e->IsArray()) {
    auto t = test(TestKind::Equal);
    constants_.reserve(constants_.size() + e->Size());  // a large enum: one rehash, not one per doubling
    for (auto& v : e->GetArray()) t->indices.push_back(constant(v));
    add(kRankEnum, std::move(t));
  }
  const Value* props = member(s, "properties");
  if (props && !props->IsObject()) props = nullptr;
  // Where a member is expected in the data: its position among the declared properties.
  auto predicted = [&](std::string_view name) {
    int i = 0;
    if (props)
      for (auto& m : props->GetObject()) {
        if (sv(m.name) == name) return i;
        ++i;
      }
    return 0;
  };
  size_t discriminators_at = ranked.size();  // where properties' const/enum tests go (below)
  if (const Value* r = member(s, "required"); r && r->IsArray() && !r->Empty()) {
    auto t = test(TestKind::Required);
    for (auto& n : r->GetArray()) {
      t->names.emplace_back(sv(n));
      t->indices.push_back(predicted(sv(n)));
    }
    add(kRankRequired, std::move(t));
  }
  // Counts and bounds: one integer or number compared with a constant each.
  auto count = [&](const char* lo_key, const char* hi_key, TestKind kind, uint8_t mask, int rank) {
    const Value* lo = member(s, lo_key);
    const Value* hi = member(s, hi_key);
    if (!lo && !hi) return;
    auto t = test(kind);
    t->mask = mask;
    if (lo && lo->IsNumber()) t->lo = saturated(std::ceil(lo->GetDouble()));
    if (hi && hi->IsNumber()) t->hi = saturated(std::floor(hi->GetDouble()));
    add(rank, std::move(t));
  };
  count("minItems", "maxItems", TestKind::Count, kTypeArray, kRankItemCount);
  count("minProperties", "maxProperties", TestKind::Count, kTypeObject, kRankMemberCount);
  count("minLength", "maxLength", TestKind::Length, kTypeString, kRankLength);
  for (auto [key, op] : {std::pair{"minimum", RangeOp::Ge}, {"exclusiveMinimum", RangeOp::Gt},
                         {"maximum", RangeOp::Le}, {"exclusiveMaximum", RangeOp::Lt}}) {
    const Value* bound = member(s, key);
    if (!bound || !bound->IsNumber()) continue;
    auto t = test(TestKind::Range);
    t->number = bound->GetDouble();
    t->op = op;
    add(kRankNumberBounds, std::move(t));
  }
  if (const Value* m = member(s, "multipleOf"); m && m->IsNumber()) {
    auto t = test(TestKind::MultipleOf);
    t->number = m->GetDouble();
    add(kRankMultipleOf, std::move(t));
  }
  if (const Value* p = member(s, "pattern"); p && p->IsString()) {
    auto t = test(TestKind::Pattern);
    t->indices.push_back(pattern(std::string(sv(*p)), here("pattern"), user_dialect()));
    t->text = here("pattern");
    add(kRankPattern, std::move(t));
  }
  if (const Value* f = member(s, "format"); f && f->IsString())
    if (TestPtr t = format(std::string(sv(*f)), here("format"))) add(kRankFormat, std::move(t));
  if (const Value* u = member(s, "uniqueItems"); u && u->IsTrue()) add(kRankUnique, test(TestKind::Unique));

  if (props && !props->ObjectEmpty()) {
    auto t = test(TestKind::Properties);
    // A property whose schema is only a const or enum (a union's discriminator: "kind",
    // "type") is tested first, before required and the other tests: a validator's answer
    // does not depend on the order of its tests, and in a oneOf/anyOf the branches that do
    // not match then fail on one compare instead of a search for a required member they
    // lack. Only ahead of the first property whose test can record an error (a call: depth,
    // a refused schema), so that which error is met first does not change either; never
    // when the order is Ajv's.
    auto discriminators = test(TestKind::Properties);
    bool hoisting = !ajv_order;
    int position = 0;
    for (auto& m : props->GetObject()) {
      TestPtr child = lower(m.value, pointer_append(here("properties"), sv(m.name)));
      hoisting = hoisting && !may_record_error(*child);
      Test& into = hoisting && child->kind == TestKind::Equal ? *discriminators : *t;
      into.indices.push_back(position++);
      into.names.emplace_back(sv(m.name));
      into.children.push_back(std::move(child));
    }
    if (!discriminators->names.empty())
      ranked.insert(ranked.begin() + static_cast<std::ptrdiff_t>(discriminators_at),
                    std::pair{kRankProperties, std::move(discriminators)});
    if (!t->names.empty()) add(kRankProperties, std::move(t));
  }
  // Ajv's useDefaults, at the start of the object (array) keywords, outside anyOf, oneOf, not,
  // if and contains (Ajv's composite rules, where it ignores defaults).
  if (module_.options.ajv_use_defaults != AjvDefaults::None && composite_ == 0) {
    auto defaults = [&](const Value* list, uint8_t mask, int rank) {
      auto t = test(TestKind::Defaults);
      t->mask = mask;
      t->index = module_.options.ajv_use_defaults == AjvDefaults::Empty;
      auto one = [&](std::string name, const Value& sub) {
        // Assigning __proto__ sets the prototype of the object, not a member fjs prints.
        if (name == "__proto__") return;
        if (const Value* d = member(sub, "default"); d && sub.IsObject()) {
          t->names.push_back(std::move(name));
          t->indices.push_back(constant(*d));
        }
      };
      if (list->IsObject())
        for (auto& m : list->GetObject()) one(std::string(sv(m.name)), m.value);
      else
        for (rapidjson::SizeType i = 0; i < list->Size(); ++i) one(std::to_string(i), (*list)[i]);
      if (!t->names.empty()) add(rank, std::move(t));
    };
    if (props) defaults(props, kTypeObject, kRankMemberDefaults);
    if (const Value* tuple = member(s, "items"); tuple && tuple->IsArray()) defaults(tuple, kTypeArray, kRankItemDefaults);
  }
  if (ajv_order) {
    for (auto& [rank, t] : members_in_ajv_order(s, path)) add(rank, std::move(t));
  } else if (TestPtr t = members(s, path)) {
    add(kRankPatternProperties, std::move(t));
  }
  if (const Value* deps = member(s, "dependencies"); deps && deps->IsObject()) {
    auto t = test(TestKind::Dependencies);
    for (auto& m : deps->GetObject()) {
      t->indices.push_back(predicted(sv(m.name)));
      t->names.emplace_back(sv(m.name));
      if (m.value.IsArray()) {
        auto req = test(TestKind::Required);
        for (auto& n : m.value.GetArray()) {
          req->names.emplace_back(sv(n));
          req->indices.push_back(predicted(sv(n)));
        }
        t->children.push_back(std::move(req));
      } else {
        t->children.push_back(lower(m.value, pointer_append(here("dependencies"), sv(m.name))));
      }
    }
    add(kRankDependencies, std::move(t));
  }
  if (TestPtr t = items(s, path)) {
    // Ajv checks additionalItems (the elements past the tuple) before items (the tuple).
    if (ajv_order && t->rest && !t->children.empty()) {
      auto extra = test(TestKind::Items);
      for (size_t i = 0; i < t->children.size(); ++i) extra->children.push_back(nullptr);
      extra->rest = std::move(t->rest);
      add(kRankAdditionalItems, std::move(extra));
    }
    add(kRankItems, std::move(t));
  }
  if (const Value* c = member(s, "contains")) {
    auto t = test(TestKind::Contains);
    t->children.push_back(composite(*c, here("contains")));
    add(kRankContains, std::move(t));
  }

  if (const Value* n = member(s, "not")) {
    auto t = test(TestKind::Not);
    t->children.push_back(composite(*n, here("not")));
    add(kRankNot, std::move(t));
  }
  for (auto [key, kind, rank] : {std::tuple{"allOf", TestKind::AllOf, kRankAllOf}, {"anyOf", TestKind::AnyOf, kRankAnyOf},
                                 {"oneOf", TestKind::OneOf, kRankOneOf}}) {
    const Value* list = member(s, key);
    if (!list || !list->IsArray()) continue;
    if (kind == TestKind::AnyOf && always_valid_branch(*list)) continue;  // compiled to nothing, as in refusal()
    auto t = test(kind);
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
      std::string at = here(key) + "/" + std::to_string(i);
      t->children.push_back(kind == TestKind::AllOf ? lower((*list)[i], at) : composite((*list)[i], at));
    }
    add(rank, std::move(t));
  }
  if (const Value* cond = member(s, "if")) {
    const Value* then = member(s, "then");
    const Value* otherwise = member(s, "else");
    if (then || otherwise) {
      auto t = test(TestKind::IfThenElse);
      t->children.push_back(composite(*cond, here("if")));
      t->children.push_back(then ? lower(*then, here("then")) : nullptr);
      t->children.push_back(otherwise ? lower(*otherwise, here("else")) : nullptr);
      add(kRankIf, std::move(t));
    }
  }
  // Ajv 8 applies the keywords beside a $ref as well as its target.
  if (const Value* ref = member(s, "$ref"); ref && ref->IsString()) {
    SchemaDoc::Target target;
    try {
      target = doc_.resolve(std::string(sv(*ref)), path, pointer_of(here("$ref")));
    } catch (const CompileError&) {
      target = doc_.resolve(percent_decoded(std::string(sv(*ref))), path, pointer_of(here("$ref")));
    }
    auto t = test(TestKind::Call);
    t->index = validator_for(*target.schema, target.path);
    add(kRankRef, std::move(t));
  }
  if (ajv_order)
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [rank, t] : ranked) tests.push_back(std::move(t));
}

namespace {

// How many distinct names `declared` holds when s's required lists each of them (its
// Required test, made before its Members test, then runs first), else -1.
int64_t all_required(const Value& s, const std::vector<std::string>& declared) {
  std::set<std::string_view> required, distinct(declared.begin(), declared.end());
  if (const Value* r = member(s, "required"); r && r->IsArray())
    for (auto& n : r->GetArray())
      if (n.IsString()) required.insert(sv(n));
  for (std::string_view name : distinct)
    if (!required.count(name)) return -1;
  return static_cast<int64_t>(distinct.size());
}

}  // namespace

// patternProperties, additionalProperties and propertyNames: one pass over the members.
TestPtr ValidatorLowering::members(const Value& s, const std::string& path) {
  const Value* pp = member(s, "patternProperties");
  const Value* ap = member(s, "additionalProperties");
  const Value* names = member(s, "propertyNames");
  bool has_patterns = pp && pp->IsObject() && !pp->ObjectEmpty();
  bool constrains_rest = ap && !ap->IsTrue() && !(ap->IsObject() && ap->ObjectEmpty());
  if (!has_patterns && !constrains_rest && !names) return nullptr;
  auto t = test(TestKind::Members);
  if (names) t->key_test = lower(*names, pointer_append(path, "propertyNames"));
  if (has_patterns) {
    std::string pp_path = pointer_append(path, "patternProperties");
    t->text = pp_path;
    for (auto& m : pp->GetObject()) {
      std::string source(sv(m.name));
      t->indices.push_back(pattern(source, pp_path, user_dialect()));
      t->children.push_back(lower(m.value, pointer_append(pp_path, source)));
    }
  }
  if (constrains_rest) {
    if (const Value* props = member(s, "properties"); props && props->IsObject())
      for (auto& m : props->GetObject()) t->names.emplace_back(sv(m.name));
    t->rest = lower(*ap, pointer_append(path, "additionalProperties"));
    if (!has_patterns && !names) t->declared_count = all_required(s, t->names);
  }
  return t;
}

// The same keywords as separate passes in Ajv's order (when validators write data):
// propertyNames, additionalProperties (skipping the members a pattern matches, without testing
// them; with removeAdditional, deleting some), then, after dependencies and properties,
// patternProperties one pattern at a time.
std::vector<std::pair<int, TestPtr>> ValidatorLowering::members_in_ajv_order(const Value& s, const std::string& path) {
  std::vector<std::pair<int, TestPtr>> out;
  const Value* pp = member(s, "patternProperties");
  const Value* ap = member(s, "additionalProperties");
  const Value* props = member(s, "properties");
  if (props && !props->IsObject()) props = nullptr;
  std::vector<TestPtr> patterns;
  if (pp && pp->IsObject()) {
    std::string pp_path = pointer_append(path, "patternProperties");
    for (auto& m : pp->GetObject()) {
      std::string source(sv(m.name));
      auto t = test(TestKind::Members);
      t->text = pp_path;
      t->indices.push_back(pattern(source, pp_path, user_dialect()));
      t->children.push_back(lower(m.value, pointer_append(pp_path, source)));
      patterns.push_back(std::move(t));
    }
  }
  if (const Value* names = member(s, "propertyNames")) {
    auto t = test(TestKind::Members);
    t->key_test = lower(*names, pointer_append(path, "propertyNames"));
    out.emplace_back(kRankPropertyNames, std::move(t));
  }
  // Ajv's additionalProperties keyword: with removeAdditional "all" every additional member
  // goes (also under a properties keyword without additionalProperties, at its place); with
  // true or "failing" those `false` forbids; with "failing" also those that fail its schema;
  // otherwise they are tested.
  AjvRemoval removal = module_.options.ajv_remove_additional;
  bool always_valid = ap && (ap->IsTrue() || (ap->IsObject() && ap->ObjectEmpty()));
  Test::Removal removes = Test::Removal::None;
  if (removal == AjvRemoval::All && (ap || props)) removes = Test::Removal::Every;
  else if (ap && removal != AjvRemoval::None && ap->IsFalse()) removes = Test::Removal::Every;
  else if (ap && removal == AjvRemoval::Failing && !always_valid) removes = Test::Removal::Failing;
  if (removes != Test::Removal::None || (ap && !always_valid)) {
    auto t = test(TestKind::Members);
    if (props)
      for (auto& m : props->GetObject()) t->names.emplace_back(sv(m.name));
    for (const auto& p : patterns) {
      t->indices.push_back(p->indices[0]);
      t->children.push_back(test(TestKind::AllOf));  // matched: not additional, tested later
    }
    t->removal = removes;
    if (removes != Test::Removal::Every) t->rest = lower(*ap, pointer_append(path, "additionalProperties"));
    if (patterns.empty()) t->declared_count = all_required(s, t->names);
    out.emplace_back(ap ? kRankAdditionalProperties : kRankPropertiesRemoval, std::move(t));
  }
  for (auto& p : patterns) out.emplace_back(kRankPatternProperties, std::move(p));
  return out;
}

// items (a schema for every element, or a tuple) and additionalItems (tuples only).
TestPtr ValidatorLowering::items(const Value& s, const std::string& path) {
  const Value* items = member(s, "items");
  if (!items) return nullptr;
  std::string items_path = pointer_append(path, "items");
  auto t = test(TestKind::Items);
  if (items->IsArray()) {
    for (rapidjson::SizeType i = 0; i < items->Size(); ++i)
      t->children.push_back(lower((*items)[i], items_path + "/" + std::to_string(i)));
    if (const Value* extra = member(s, "additionalItems"))
      t->rest = lower(*extra, pointer_append(path, "additionalItems"));
  } else {
    t->rest = lower(*items, items_path);
  }
  return t;
}

namespace {

// ajv-formats' int64 and int32, formats of numbers ({type: "number"}: values of other types
// pass): Number.isInteger(x), and for int32 -2^31 <= x <= 2^31 - 1. The type test's integer
// is Number.isInteger, and a range test passes what is not a number.
TestPtr whole_number_format(bool int32) {
  auto whole = test(TestKind::Type);
  whole->mask = kTypeNull | kTypeBoolean | kTypeObject | kTypeArray | kTypeInteger | kTypeString;
  if (!int32) return whole;
  auto t = test(TestKind::AllOf);
  t->children.push_back(std::move(whole));
  for (auto [op, bound] : {std::pair{RangeOp::Ge, -2147483648.0}, {RangeOp::Le, 2147483647.0}}) {
    auto range = test(TestKind::Range);
    range->op = op;
    range->number = bound;
    t->children.push_back(std::move(range));
  }
  return t;
}

}  // namespace

const std::pair<std::string, std::optional<std::string>>* ValidatorLowering::custom_format(const std::string& name) const {
  if (ajv_formats_defines(name)) return nullptr;
  for (const auto& f : module_.options.ajv_formats)
    if (f.first == name) return &f;
  return nullptr;
}

TestPtr ValidatorLowering::format(const std::string& name, const std::string& path) {
  if (!module_.options.ajv_validate_formats) return nullptr;  // ajv: {validateFormats: false}
  if (auto custom = custom_format(name)) {
    if (!custom->second) return nullptr;  // true: every value passes
    auto t = test(TestKind::Pattern);  // a RegExp format tests strings; other types pass
    t->text = path;
    t->indices.push_back(pattern(*custom->second, path, rt::Pattern::Dialect::AjvNonUnicode));
    return t;
  }
  if (listed(kOpenFormats, name)) return nullptr;
  if (listed(kUncheckedFormats, name))
    throw CompileError("not supported yet: format \"" + name + "\" inside anyOf/oneOf/if", pointer_of(path), ErrorCode::Unsupported);
  if (name == "int64" || name == "int32") return whole_number_format(name == "int32");
  if (auto coded = rt::coded_format(name)) {  // checked by code, runtime/validate.cpp
    auto t = test(TestKind::Format);
    t->text = name;
    t->index = static_cast<int>(*coded);
    return t;
  }
  for (const auto& f : kAjvFormatRegexes) {
    if (name != f.name) continue;
    auto t = test(TestKind::Pattern);
    t->text = path;
    t->indices.push_back(pattern(f.source, path, f.caseless ? rt::Pattern::Dialect::AjvCaseless : rt::Pattern::Dialect::Ajv));
    if (name == "uri") t->indices.push_back(pattern("\\/|:", path, rt::Pattern::Dialect::Ajv));  // and not a bare fragment
    return t;
  }
  return nullptr;  // a format Ajv does not know: ignored (with a warning in fjs)
}

int ValidatorLowering::pattern(const std::string& source, const std::string& path, rt::Pattern::Dialect dialect) {
  auto key = std::make_pair(source, dialect);
  if (auto it = patterns_.find(key); it != patterns_.end()) return it->second;
  std::string error;
  auto re = rt::Pattern::compile(source, error, dialect);
  if (!re && rt::Pattern::beyond_limits(error))
    throw regex_limit_error(source, rt::Pattern::beyond_limits_text(error), pointer_of(path));
  // A source JavaScript refuses reaches here only where Ajv never compiles it (patternProperties
  // whose schemas are always valid): elsewhere the document's refusal failed the validator
  // first (refusal_of_document). Its matches decide nothing there: it matches nothing.
  if (!re) re = rt::Pattern::compile("(?!)", error, dialect);
  int index = static_cast<int>(module_.patterns.size());
  module_.patterns.push_back(std::move(re));
  patterns_[key] = index;
  return index;
}

int ValidatorLowering::constant(const Value& v) {
  auto [it, added] = constants_.try_emplace(rt::json_stringify(v), static_cast<int>(module_.constants.size()));
  if (added) module_.constants.push_back(it->first);
  return it->second;
}

}  // namespace sj::ir
