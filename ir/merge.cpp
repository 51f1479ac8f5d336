// A port of @fastify/merge-json-schemas 1.x (index.js, lib/resolvers.js) as fast-json-stringify
// 7.3.6 calls it: one resolver per keyword, the default resolver keeping values that agree
// and silently dropping ones that differ.
#include "ir/merge.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string_view>

#include "ir/json_access.h"
#include "ir/meta_schema.h"
#include "runtime/pattern.h"

namespace sj::ir {
namespace {

using rapidjson::Value;
using Alloc = rapidjson::MemoryPoolAllocator<>;
using Values = std::vector<const Value*>;

// JavaScript's Array.prototype.includes (SameValueZero): objects and arrays are compared by
// identity, and the schemas fjs merges are fresh clones, so two of them are never equal.
bool same_value_zero(const Value& a, const Value& b) {
  if (a.IsObject() || a.IsArray() || b.IsObject() || b.IsArray()) return &a == &b;
  return a == b;
}

class Merger {
 public:
  explicit Merger(Alloc& alloc) : alloc_(alloc) {}

  Value merge(const Values& schemas) {
    if (schemas.empty()) return Value(rapidjson::kObjectType);
    if (schemas.size() == 1) return Value(*schemas[0], alloc_);
    bool all_true = true;
    std::vector<std::pair<std::string, Values>> keywords;  // in order of first appearance
    for (const Value* s : schemas) {
      if (s->IsFalse()) return Value(false);
      if (s->IsTrue() || !s->IsObject()) continue;
      all_true = false;
      for (auto& m : s->GetObject()) {
        std::string k(sv(m.name));
        auto it = std::find_if(keywords.begin(), keywords.end(), [&](auto& e) { return e.first == k; });
        if (it == keywords.end()) keywords.push_back({k, {&m.value}});
        else it->second.push_back(&m.value);
      }
    }
    if (all_true) return Value(true);
    Value out(rapidjson::kObjectType);
    for (auto& [keyword, values] : keywords) resolve(keyword, values, out, schemas);
    return out;
  }

 private:
  void set(Value& out, const std::string& keyword, Value v) {
    if (auto it = out.FindMember(keyword.c_str()); it != out.MemberEnd()) {
      it->value = std::move(v);
      return;
    }
    out.AddMember(Value(keyword.c_str(), alloc_), std::move(v), alloc_);
  }
  Value copy(const Value& v) { return Value(v, alloc_); }

  void resolve(const std::string& k, const Values& values, Value& out, const Values& schemas) {
    if (k == "$id" || k == "then" || k == "else") return;
    if (k == "type") return intersection(k, values, out, true);
    if (k == "enum") return intersection(k, values, out, false);
    if (k == "minLength" || k == "minimum" || k == "exclusiveMinimum" || k == "minItems" || k == "minProperties")
      return extreme(k, values, out, true);
    if (k == "maxLength" || k == "maximum" || k == "exclusiveMaximum" || k == "maxItems" || k == "maxProperties")
      return extreme(k, values, out, false);
    if (k == "multipleOf") return common_multiple(k, values, out);
    if (k == "const" || k == "default" || k == "format") {
      for (const Value* v : values)
        if (!(*v == *values[0])) throw MergeError{k, ""};
      return set(out, k, copy(*values[0]));
    }
    if (k == "required" || k == "allOf") return union_of(k, values, out);
    if (k == "properties") return properties(k, out, schemas);
    if (k == "patternProperties" || k == "definitions" || k == "$defs" || k == "dependentSchemas")
      return by_key(k, values, out);
    if (k == "additionalProperties" || k == "not" || k == "propertyNames" || k == "contains")
      return set(out, k, merge(values));
    if (k == "items") return items(k, values, out, schemas);
    if (k == "additionalItems") return additional_items(k, values, out, schemas);
    if (k == "nullable") {
      bool any_false = std::any_of(values.begin(), values.end(), [](const Value* v) { return v->IsFalse(); });
      return set(out, k, Value(!any_false));
    }
    if (k == "uniqueItems") {
      bool any_true = std::any_of(values.begin(), values.end(), [](const Value* v) { return v->IsTrue(); });
      return set(out, k, Value(any_true));
    }
    if (k == "anyOf" || k == "oneOf") return branches(k, values, out);
    if (k == "if") return if_then_else(out, schemas);
    if (k == "dependencies" || k == "dependentRequired") return dependencies(k, values, out);
    // The default resolver: values that all agree are kept, differing ones dropped.
    for (const Value* v : values)
      if (!(*v == *values[0])) return;
    set(out, k, copy(*values[0]));
  }

  // type (a scalar is a one-element list; one survivor is written as a scalar) and enum.
  void intersection(const std::string& k, const Values& values, Value& out, bool hybrid) {
    auto list = [&](const Value* v) {
      Values l;
      if (v->IsArray()) for (auto& e : v->GetArray()) l.push_back(&e);
      else l.push_back(v);
      return l;
    };
    Values common = list(values[0]);
    for (size_t i = 1; i < values.size(); ++i) {
      Values other = list(values[i]);
      Values kept;
      for (const Value* c : common)
        if (std::any_of(other.begin(), other.end(), [&](const Value* o) { return same_value_zero(*c, *o); }))
          kept.push_back(c);
      common = kept;
    }
    if (common.empty()) throw MergeError{k, ""};
    if (hybrid && common.size() == 1) return set(out, k, copy(*common[0]));
    Value arr(rapidjson::kArrayType);
    for (const Value* c : common) arr.PushBack(copy(*c), alloc_);
    set(out, k, std::move(arr));
  }

  // Math.max / Math.min over the values (the winner keeps its own number representation).
  void extreme(const std::string& k, const Values& values, Value& out, bool max) {
    const Value* best = values[0];
    for (const Value* v : values) {
      if (!v->IsNumber() || !best->IsNumber()) return set(out, k, Value(std::nan("")));  // NaN, as Math.max
      if (max ? v->GetDouble() > best->GetDouble() : v->GetDouble() < best->GetDouble()) best = v;
    }
    set(out, k, copy(*best));
  }

  // The least common multiple, scaled by a power of ten until every value is integral.
  void common_multiple(const std::string& k, const Values& values, Value& out) {
    double scale = 1;
    for (const Value* v : values)
      while (std::fmod(v->GetDouble() * scale, 1.0) != 0) scale *= 10;
    auto gcd = [](double a, double b) {
      while (b != 0) a = std::fmod(a, b), std::swap(a, b);
      return a;
    };
    double multiple = values[0]->GetDouble() * scale;
    for (const Value* v : values) {
      double x = v->GetDouble() * scale;
      multiple = multiple * x / gcd(multiple, x);
    }
    set(out, k, Value(multiple / scale));
  }

  // required and allOf: the union (strings by value; schemas are never equal, see above).
  void union_of(const std::string& k, const Values& values, Value& out) {
    Values all;
    for (const Value* list : values)
      if (list->IsArray())
        for (auto& e : list->GetArray())
          if (std::none_of(all.begin(), all.end(), [&](const Value* a) { return same_value_zero(*a, e); }))
            all.push_back(&e);
    Value arr(rapidjson::kArrayType);
    for (const Value* e : all) arr.PushBack(copy(*e), alloc_);
    set(out, k, std::move(arr));
  }

  // Per declared name: that property's schema merged with what every other schema says about
  // the same name (its property, else the first matching pattern, else additionalProperties).
  // fjs's merge keeps the names it found in a plain object and skips a name already there
  // (`found[name] !== undefined`): a property named like an Object.prototype member is
  // "already there" and dropped.
  void properties(const std::string& k, Value& out, const Values& schemas) {
    std::vector<std::pair<std::string, Values>> found;
    for (const Value* s : schemas) {
      const Value* props = member(s, "properties");
      if (!props || !props->IsObject()) continue;
      for (auto& m : props->GetObject()) {
        std::string name(sv(m.name));
        if (inherited_from_object_prototype(name)) continue;
        if (std::any_of(found.begin(), found.end(), [&](auto& f) { return f.first == name; })) continue;
        Values parts{&m.value};
        for (const Value* other : schemas)
          if (other != s)
            if (const Value* p = schema_for_property(other, name)) parts.push_back(p);
        found.push_back({name, parts});
      }
    }
    Value merged(rapidjson::kObjectType);
    for (auto& [name, parts] : found) merged.AddMember(Value(name.c_str(), alloc_), merge(parts), alloc_);
    set(out, k, std::move(merged));
  }

  const Value* schema_for_property(const Value* s, const std::string& name) {
    if (const Value* p = member(member(s, "properties"), name)) return p;
    if (const Value* pp = member(s, "patternProperties"); pp && pp->IsObject())
      for (auto& m : pp->GetObject())
        if (const rt::Pattern* re = pattern(std::string(sv(m.name))); re && build_time_search(*re, name, ""))
          return &m.value;
    return member(s, "additionalProperties");
  }

  const rt::Pattern* pattern(const std::string& source) {
    auto it = patterns_.find(source);
    if (it == patterns_.end()) {
      std::string error;
      it = patterns_.emplace(source, rt::Pattern::compile(source, error)).first;
    }
    return it->second.get();
  }

  // patternProperties, definitions, $defs, dependentSchemas: merged name by name.
  void by_key(const std::string& k, const Values& values, Value& out) {
    std::vector<std::pair<std::string, Values>> names;
    for (const Value* map : values) {
      if (!map->IsObject()) continue;
      for (auto& m : map->GetObject()) {
        std::string name(sv(m.name));
        auto it = std::find_if(names.begin(), names.end(), [&](auto& e) { return e.first == name; });
        if (it == names.end()) names.push_back({name, {&m.value}});
        else it->second.push_back(&m.value);
      }
    }
    Value merged(rapidjson::kObjectType);
    for (auto& [name, parts] : names) merged.AddMember(Value(name.c_str(), alloc_), merge(parts), alloc_);
    set(out, k, std::move(merged));
  }

  static const Value* schema_for_item(const Value* s, size_t i) {
    const Value* items = member(s, "items");
    if (items && items->IsArray()) return i < items->Size() ? &(*items)[static_cast<rapidjson::SizeType>(i)] : member(s, "additionalItems");
    return items ? items : member(s, "additionalItems");
  }

  // items: a list schema merges as one schema; with tuples, position by position.
  void items(const std::string& k, const Values& values, Value& out, const Values& schemas) {
    size_t longest = 0;
    for (const Value* v : values)
      if (v->IsArray()) longest = std::max<size_t>(longest, v->Size());
    if (longest == 0) return set(out, k, merge(values));
    Value arr(rapidjson::kArrayType);
    for (size_t i = 0; i < longest; ++i) {
      Values parts;
      for (const Value* s : schemas)
        if (const Value* item = schema_for_item(s, i)) parts.push_back(item);
      arr.PushBack(merge(parts), alloc_);
    }
    set(out, k, std::move(arr));
  }

  void additional_items(const std::string& k, const Values& values, Value& out, const Values& schemas) {
    bool tuples = std::any_of(schemas.begin(), schemas.end(), [](const Value* s) {
      const Value* items = member(s, "items");
      return items && items->IsArray();
    });
    if (!tuples) return set(out, k, merge(values));
    Values parts;
    for (const Value* s : schemas) {
      const Value* extra = member(s, "additionalItems");
      const Value* items = member(s, "items");
      if (!extra && !(items && items->IsArray())) extra = items;
      if (extra) parts.push_back(extra);
    }
    set(out, k, merge(parts));
  }

  // anyOf / oneOf: one list is kept; several give the product of their branches, each
  // combination merged and the ones that conflict dropped.
  void branches(const std::string& k, const Values& values, Value& out) {
    if (values.size() == 1) return set(out, k, copy(*values[0]));
    std::vector<Values> product{{}};
    for (const Value* list : values) {
      std::vector<Values> next;
      for (const Values& prefix : product)
        for (auto& branch : list->GetArray()) {
          Values combo = prefix;
          combo.push_back(&branch);
          next.push_back(std::move(combo));
        }
      product = std::move(next);
    }
    Value arr(rapidjson::kArrayType);
    for (const Values& combo : product) {
      try {
        arr.PushBack(merge(combo), alloc_);
      } catch (const MergeError&) {
      }
    }
    set(out, k, std::move(arr));
  }

  // The first if/then/else is kept; later ones are merged into its then and else as whole
  // {if, then, else} schemas (fjs issue #778: their conditions are effectively lost).
  void if_then_else(Value& out, const Values& schemas) {
    for (const Value* s : schemas) {
      const Value* cond = member(s, "if");
      if (!cond) continue;
      const Value* then = member(s, "then");
      const Value* otherwise = member(s, "else");
      if (!member(&out, "if")) {
        set(out, "if", copy(*cond));
        if (then) set(out, "then", copy(*then));
        if (otherwise) set(out, "else", copy(*otherwise));
        continue;
      }
      Value sub(rapidjson::kObjectType);
      sub.AddMember("if", copy(*cond), alloc_);
      if (then) sub.AddMember("then", copy(*then), alloc_);
      if (otherwise) sub.AddMember("else", copy(*otherwise), alloc_);
      for (const char* which : {"then", "else"}) {
        auto it = out.FindMember(which);
        if (it == out.MemberEnd()) continue;
        Value merged = merge({&it->value, &sub});
        out.FindMember(which)->value = std::move(merged);
      }
    }
  }

  // dependencies / dependentRequired: per name, the union of the listed names.
  void dependencies(const std::string& k, const Values& values, Value& out) {
    Value merged(rapidjson::kObjectType);
    for (const Value* map : values) {
      if (!map->IsObject()) continue;
      for (auto& m : map->GetObject()) {
        auto it = merged.FindMember(m.name);
        if (it == merged.MemberEnd()) {
          merged.AddMember(Value(m.name, alloc_), Value(rapidjson::kArrayType), alloc_);
          it = merged.MemberEnd() - 1;
        }
        // mergeDependencies walks each value with for...of: a schema (the meta-schema allows
        // an object or a boolean there) is JavaScript's TypeError.
        if (!m.value.IsArray()) throw MergeError{k, "dependencies[propertyName] is not iterable"};
        for (auto& name : m.value.GetArray())
          if (std::none_of(it->value.Begin(), it->value.End(), [&](const Value& e) { return e == name; }))
            it->value.PushBack(copy(name), alloc_);
      }
    }
    set(out, k, std::move(merged));
  }

  Alloc& alloc_;
  std::map<std::string, std::shared_ptr<const rt::Pattern>> patterns_;
};

}  // namespace

Value merge_schemas(const std::vector<const Value*>& schemas, Alloc& alloc) { return Merger(alloc).merge(schemas); }

}  // namespace sj::ir
