// Schema → IR, following fast-json-stringify's dispatch order for one schema node (spec §3):
// boolean schema, $ref, combinators, type inference, nullable, const, type array, type.
#include "ir/lower.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/lower_validator.h"
#include "ir/merge.h"
#include "runtime/js_value.h"

namespace sj::ir {
namespace {

using rapidjson::Value;

bool is_true(const Value& s, const char* key) {
  const Value* v = member(s, key);
  return v && v->IsTrue();
}

bool has_any(const Value& s, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (member(s, k)) return true;
  return false;
}

// A schema that prints the value as it is: true, {} (no keywords that change output).
bool is_raw(const Value& s) { return s.IsBool() || (s.IsObject() && s.ObjectEmpty()); }

// Type inference of spec §3 step 6 (first match wins).
std::string infer_type(const Value& s) {
  if (has_any(s, {"properties", "required", "additionalProperties", "patternProperties", "maxProperties",
                  "minProperties", "dependencies"}))
    return "object";
  if (has_any(s, {"items", "additionalItems", "maxItems", "minItems", "uniqueItems", "contains"})) return "array";
  if (has_any(s, {"maxLength", "minLength", "pattern"})) return "string";
  if (has_any(s, {"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"})) return "number";
  return "";
}

class Lowerer {
 public:
  Lowerer(const SchemaDoc& doc, Module& module) : doc_(doc), module_(module), validators_(doc, module) {}

  void run() {
    module_.functions.push_back({"#", nullptr});
    functions_["#"] = 0;
    module_.functions[0].body = lower(doc_.root(), "#");
    validators_.finish();
  }

 private:
  NodePtr make(Kind kind, const std::string& path) {
    if (++module_.node_count > static_cast<size_t>(module_.options.max_schema_nodes))
      throw CompileError("schema too large: more than " + std::to_string(module_.options.max_schema_nodes) +
                             " nodes to serialize (option maxSchemaNodes)",
                         pointer_of(path), ErrorCode::SchemaLimit);
    auto n = std::make_unique<Node>();
    n->kind = kind;
    n->path = path;
    return n;
  }

  [[noreturn]] void unsupported(const std::string& what, const std::string& ptr) {
    throw CompileError("not supported yet: " + what, pointer_of(ptr), ErrorCode::Unsupported);
  }

  // The function that serializes the schema at `path` (created on first reference, so a
  // schema that refers to itself becomes a recursive call).
  int function_for(const Value& schema, const std::string& path) {
    if (auto it = functions_.find(path); it != functions_.end()) return it->second;
    int index = static_cast<int>(module_.functions.size());
    functions_[path] = index;
    module_.functions.push_back({path, nullptr});
    NodePtr body = lower(schema, path);
    module_.functions[index].body = std::move(body);
    return index;
  }

  NodePtr lower(const Value& s, const std::string& at) {
    if (s.IsBool()) return make(Kind::Generic, at);
    // A literal $id nested in the document does not start a new location: fjs's walk keeps
    // the location's schema id (Location.getPropertyLocation), so a local $ref under it still
    // resolves in the document the walk is in (only merged copies rebase refs: clone_origin).
    const std::string& path = at;
    if (member(s, "$ref")) {
      Located target = resolve_ref(s, path);
      return call(*target.schema, target.path, path);
    }
    if (const Value* all = member(s, "allOf"); all && all->IsArray()) return all_of(s, *all, path);
    if (member(s, "anyOf") || member(s, "oneOf")) return any_of(s, path);
    if (member(s, "if") && has_any(s, {"then", "else"})) return if_then_else(s, path);

    const Value* type = member(s, "type");
    std::string inferred = type ? "" : infer_type(s);
    if (!inferred.empty()) validators_.note_inferred_type(s, inferred);
    bool nullable = is_true(s, "nullable");

    if (const Value* c = member(s, "const")) {
      auto n = make(Kind::Const, path);
      n->literal = rt::json_stringify(*c);
      n->nullable = nullable || (type && type->IsArray() &&
                                 std::any_of(type->Begin(), type->End(), [](const Value& t) { return sv(t) == "null"; }));
      return n;
    }
    if (type && type->IsArray()) {
      auto n = make(Kind::TypeSwitch, path);
      n->nullable = nullable;
      std::vector<std::string_view> order;  // "null" first, the rest in their order
      for (auto& t : type->GetArray())
        if (sv(t) == "null") order.push_back("null");
      for (auto& t : type->GetArray())
        if (sv(t) != "null") order.push_back(sv(t));
      for (auto t : order) n->branches.push_back(typed(s, std::string(t), path, false));
      return n;
    }
    std::string t = type ? std::string(sv(*type)) : inferred;
    if (t.empty()) return make(Kind::Generic, path);
    return typed(s, t, path, nullable);
  }


  // ---- $ref siblings and combinators (spec §8): merged at compile time --------------------
  struct Located {
    const Value* schema;
    std::string path;
  };

  // A call of the function serializing `schema` (at `path`); errors name `at`.
  NodePtr call(const Value& schema, const std::string& path, const std::string& at) {
    auto n = make(Kind::Call, at);
    n->callee = function_for(schema, path);
    if (n->callee == 0) module_.entry_is_called = true;
    return n;
  }
  NodePtr call(const Located& target) { return call(*target.schema, target.path, target.path); }

  std::string schema_id_of(const std::string& location) {
    std::string id = location.substr(0, location.find('#'));
    return id.empty() ? doc_.root_id() : id;
  }

  // fjs's cloneOriginSchema: a copy whose relative $refs ("#...") name the schema id they were
  // written in, so they still resolve from inside a merged schema.
  Value clone_origin(const Value& s, std::string id) {
    auto& alloc = arena_.GetAllocator();
    if (s.IsArray()) {
      Value out(rapidjson::kArrayType);
      for (auto& e : s.GetArray()) out.PushBack(clone_origin(e, id), alloc);
      return out;
    }
    if (!s.IsObject()) return Value(s, alloc);
    if (const char* own = literal_id(s)) id = own;
    Value out(rapidjson::kObjectType);
    for (auto& m : s.GetObject()) {
      if (sv(m.name) == "$ref" && m.value.IsString() && m.value.GetStringLength() && m.value.GetString()[0] == '#') {
        std::string ref = id + std::string(sv(m.value));
        out.AddMember(Value(m.name, alloc), Value(ref.c_str(), static_cast<rapidjson::SizeType>(ref.size()), alloc), alloc);
      } else {
        out.AddMember(Value(m.name, alloc), clone_origin(m.value, id), alloc);
      }
    }
    return out;
  }

  // fjs's mergeLocations: clones of the parts (without their own $id), merged. Throws MergeError.
  Value merge(const std::vector<Located>& parts) {
    std::vector<Value> clones;
    clones.reserve(parts.size());
    for (const auto& p : parts) {
      clones.push_back(clone_origin(*p.schema, schema_id_of(p.path)));
      if (clones.back().IsObject()) clones.back().RemoveMember("$id");
    }
    std::vector<const Value*> ptrs;
    for (const auto& c : clones) ptrs.push_back(&c);
    return merge_schemas(ptrs, arena_.GetAllocator());
  }

  // A merged schema registered as "__fjs_merged_<n>", the name its errors carry. Schemas
  // with the same text share one registration, so a recursive $ref inside a merge ends in
  // a call to the function already being built instead of merging forever.
  Located keep(Value merged) {
    std::string text = rt::json_stringify(merged);
    if (auto it = merged_by_text_.find(text); it != merged_by_text_.end()) return it->second;
    if (merged_.size() >= kMaxMerged) throw CompileError("schema needs more than " + std::to_string(kMaxMerged) + " merged schemas", "", ErrorCode::SchemaLimit);
    merged_.push_back(std::move(merged));
    std::string id = "__fjs_merged_" + std::to_string(merged_.size() - 1 + first_merged_number());
    validators_.add_document(id, &merged_.back());
    Located at{&merged_.back(), id + "#"};
    merged_by_text_.emplace(std::move(text), at);
    return at;
  }

  // fjs numbers merged schemas with the counter that also named the root "__fjs_root_0" when
  // it has no $id of its own.
  size_t first_merged_number() const {
    const Value* id = member(doc_.root(), "$id");
    return id && id->IsString() && id->GetStringLength() ? 0 : 1;
  }

  // fjs's resolveRef: the target of s's $ref (chains followed), merged with the keywords
  // beside the $ref; when those conflict with the target they are silently ignored.
  Located resolve_ref(const Value& s, const std::string& path) {
    const Value* ref = member(s, "$ref");
    auto target = doc_.resolve(std::string(sv(*ref)), path, pointer_of(path) + "/$ref", true);
    Located resolved{target.schema, target.path};
    if (!merged_by_fjs(s)) return resolved;
    Value siblings(rapidjson::kObjectType);
    for (auto& m : s.GetObject())
      if (sv(m.name) != "$ref" && !is_annotation(sv(m.name)))
        siblings.AddMember(Value(m.name, arena_.GetAllocator()), Value(m.value, arena_.GetAllocator()), arena_.GetAllocator());
    try {
      return keep(merge({resolved, {&siblings, path}}));
    } catch (const MergeError& e) {
      if (!e.is_conflict()) throw CompileError(e.message(), pointer_of(path));  // JavaScript threw: nothing to skip
      return resolved;
    }
  }

  // fjs serializes patternProperties and additionalProperties values with buildValue, which
  // resolves a $ref and then reads the target as an object (`'properties' in schema`): a
  // target that is `true` or `false` (after merging the keywords beside the $ref) throws
  // while fjs builds, a TypeError it passes on.
  void refuse_ref_to_boolean(const Value& s, const std::string& path) {
    if (!member(s, "$ref")) return;
    const Value* target = resolve_ref(s, path).schema;
    if (target->IsBool())
      throw CompileError(std::string("Cannot use 'in' operator to search for 'properties' in ") +
                             (target->IsTrue() ? "true" : "false"),
                         pointer_of(path) + "/$ref");
  }

  // A copy of s without the named keywords.
  Value without(const Value& s, std::initializer_list<const char*> keys) {
    Value out(s, arena_.GetAllocator());
    for (const char* k : keys) out.RemoveMember(k);
    return out;
  }

  Located merged_or_throw(const std::vector<Located>& parts, const std::string& at) {
    try {
      return keep(merge(parts));
    } catch (const MergeError& e) {
      throw CompileError(e.message(), pointer_of(at));
    }
  }

  // allOf: the node without allOf, then every member, merged into one schema. An
  // additionalProperties: false on the node is kept out of the merge and applied after.
  NodePtr all_of(const Value& s, const Value& all, const std::string& path) {
    const Value* extras = member(s, "additionalProperties");
    bool drop_extras = extras && extras->IsFalse();
    Value base = drop_extras ? without(s, {"allOf", "additionalProperties"}) : without(s, {"allOf"});
    std::vector<Located> parts{{&base, path}};
    std::string all_path = pointer_append(path, "allOf");
    for (rapidjson::SizeType i = 0; i < all.Size(); ++i) {
      std::string at = all_path + "/" + std::to_string(i);
      parts.push_back(member(all[i], "$ref") ? resolve_ref(all[i], at) : Located{&all[i], at});
    }
    Value merged;
    try {
      merged = merge(parts);
    } catch (const MergeError& e) {
      throw CompileError(e.message(), pointer_of(all_path));
    }
    if (drop_extras && merged.IsObject()) {
      merged.RemoveMember("additionalProperties");
      merged.AddMember("additionalProperties", false, arena_.GetAllocator());
    }
    return call(keep(std::move(merged)));
  }

  // anyOf (else oneOf): the first branch whose validator passes is serialized merged with the
  // node's other keywords (spec §8.2). A $ref branch serializes its target.
  NodePtr any_of(const Value& s, const std::string& path) {
    const char* keyword = member(s, "anyOf") ? "anyOf" : "oneOf";
    const Value& list = *member(s, keyword);
    if (!list.IsArray()) unsupported(std::string(keyword) + " that is not a list", pointer_append(path, keyword));
    Value rest = without(s, {keyword});
    bool alone = rest.ObjectEmpty();
    auto n = make(Kind::Select, path);
    std::string list_path = pointer_append(path, keyword);
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const Value& branch = list[i];
      std::string at = list_path + "/" + std::to_string(i);
      Choice c;
      c.validator = validators_.validator_for(branch, at);
      if (const Value* ref = member(branch, "$ref"); ref && ref->IsString()) {
        Located target = resolve_ref(branch, at);
        c.value = call(alone ? target : merged_or_throw({{&rest, path}, target}, at));
      } else {
        c.value = call(merged_or_throw({{&rest, path}, {&branch, at}}, at));
      }
      n->choices.push_back(std::move(c));
    }
    return n;
  }

  // if/then/else (spec §8.3): the node without them, merged with then or else by the outcome
  // of validating `if`. A then/else that is a $ref is merged as its target (fjs's
  // mergeLocations resolves each part first), so the node's keywords come first and the
  // target's own keywords take part in the merge.
  NodePtr if_then_else(const Value& s, const std::string& path) {
    Value root = without(s, {"if", "then", "else"});
    auto side = [&](const char* k) -> NodePtr {
      const Value* extra = member(s, k);
      if (!extra) return lower(root, path);
      std::string at = pointer_append(path, k);
      Located part = member(*extra, "$ref") ? resolve_ref(*extra, at) : Located{extra, at};
      return call(merged_or_throw({{&root, path}, part}, at));
    };
    auto n = make(Kind::Select, path);
    Choice yes, no;
    yes.validator = validators_.validator_for(*member(s, "if"), pointer_append(path, "if"));
    yes.value = side("then");
    no.value = side("else");
    n->choices.push_back(std::move(yes));
    n->choices.push_back(std::move(no));
    return n;
  }

  NodePtr typed(const Value& s, const std::string& type, const std::string& path, bool nullable) {
    NodePtr n;
    if (type == "string") {
      n = make(Kind::String, path);
      if (const Value* f = member(s, "format"); f && f->IsString()) {
        std::string_view fmt = sv(*f);
        n->format = fmt == "date-time" ? StringFormat::DateTime
                    : fmt == "date"    ? StringFormat::Date
                    : fmt == "time"    ? StringFormat::Time
                    : fmt == "unsafe"  ? StringFormat::Unsafe
                                       : StringFormat::None;
      }
    } else if (type == "number") {
      n = make(Kind::Number, path);
    } else if (type == "integer") {
      n = make(Kind::Integer, path);
    } else if (type == "boolean") {
      n = make(Kind::Boolean, path);
    } else if (type == "null") {
      n = make(Kind::Null, path);
    } else if (type == "object") {
      n = object(s, path);
    } else if (type == "array") {
      n = array(s, path);
    } else {
      throw CompileError(type + " unsupported", pointer_of(path) + "/type");
    }
    n->nullable = nullable;
    return n;
  }

  NodePtr object(const Value& s, const std::string& path) {
    auto n = make(Kind::Object, path);

    std::set<std::string> required;
    std::vector<std::string> required_order;
    if (const Value* r = member(s, "required"))
      for (auto& name : r->GetArray())
        if (required.insert(std::string(sv(name))).second) required_order.emplace_back(sv(name));

    // Declared members in JavaScript own-key order, then required ones first (stable).
    std::vector<const Value::Member*> props;
    if (const Value* p = member(s, "properties"); p && p->IsObject())
      for (auto& m : p->GetObject()) props.push_back(&m);
    std::stable_sort(props.begin(), props.end(), js_key_order);
    std::map<std::string, int> position;  // where each member sits in the schema, for lookup prediction
    for (size_t i = 0; i < props.size(); ++i) position[std::string(sv(props[i]->name))] = static_cast<int>(i);
    std::stable_partition(props.begin(), props.end(),
                          [&](const Value::Member* m) { return required.count(std::string(sv(m->name))) > 0; });

    std::set<std::string> declared;
    std::string props_path = pointer_append(path, "properties");
    for (const Value::Member* m : props) {
      Field f;
      f.name = std::string(sv(m->name));
      declared.insert(f.name);
      Value key(rapidjson::StringRef(f.name.data(), f.name.size()));
      f.key_literal = rt::json_stringify(key) + ":";
      f.required = required.count(f.name) > 0;
      f.predicted_index = position[f.name];
      std::string fpath = pointer_append(props_path, f.name);
      f.value = lower(m->value, fpath);
      f.default_json = default_of(m->value, fpath);
      n->fields.push_back(std::move(f));
    }
    for (const auto& name : required_order)
      if (!declared.count(name)) n->required_elsewhere.push_back(name);

    // patternProperties: tried in JavaScript key order, first match wins (spec §5.1).
    if (const Value* pp = member(s, "patternProperties"); pp && pp->IsObject()) {
      std::string pp_path = pointer_append(path, "patternProperties");
      std::vector<const Value::Member*> order;
      for (auto& m : pp->GetObject()) order.push_back(&m);
      std::stable_sort(order.begin(), order.end(), js_key_order);
      for (const Value::Member* m : order) {
        PatternField pf;
        pf.source = std::string(sv(m->name));
        pf.path = pp_path;
        std::string error;
        auto regex = rt::Pattern::compile(pf.source, error);
        if (!regex && rt::Pattern::beyond_limits(error))
          throw regex_limit_error(pf.source, rt::Pattern::beyond_limits_text(error), pointer_of(pp_path));
        if (!regex) throw CompileError("schema is invalid: data/patternProperties must match format \"regex\"", pointer_of(pp_path));
        pf.index = static_cast<int>(module_.patterns.size());
        module_.patterns.push_back(std::move(regex));
        refuse_ref_to_boolean(m->value, pointer_append(pp_path, pf.source));
        if (!is_raw(m->value)) pf.value = lower(m->value, pointer_append(pp_path, pf.source));
        n->patterns.push_back(std::move(pf));
      }
    }
    if (const Value* ap = member(s, "additionalProperties")) {
      if (ap->IsTrue()) {
        n->extras = Extras::Raw;
      } else if (ap->IsObject()) {
        refuse_ref_to_boolean(*ap, pointer_append(path, "additionalProperties"));
        n->extras = Extras::Schema;
        n->extras_schema = lower(*ap, pointer_append(path, "additionalProperties"));
      }
    }
    return n;
  }

  // The guard of a tuple item from its type (explicit, through $refs, or inferred) and
  // nullable; an item with no type gets no guard bits, so every value fails it.
  uint8_t tuple_guard(const Value& item, const std::string& path) {
    const Value* s = &item;
    if (const Value* ref = member(item, "$ref"); ref && ref->IsString())
      s = doc_.resolve(std::string(sv(*ref)), path, pointer_of(path) + "/$ref").schema;
    if (!s->IsObject()) return 0;
    std::vector<std::string> types;
    if (const Value* t = member(*s, "type")) {
      if (t->IsString()) types.emplace_back(sv(*t));
      else for (auto& x : t->GetArray()) types.emplace_back(sv(x));
    } else if (std::string inferred = infer_type(*s); !inferred.empty()) {
      types.push_back(inferred);
    }
    uint8_t g = 0;
    for (const auto& t : types) {
      g |= t == "null" ? kGuardNull : t == "string" ? kGuardString : t == "integer" ? kGuardInteger
         : t == "number" ? kGuardNumber : t == "boolean" ? kGuardBoolean : t == "object" ? kGuardObject
         : t == "array" ? kGuardArray : 0;
    }
    if (g && is_true(*s, "nullable")) g |= kGuardNull;
    return g;
  }

  // The default printed for a missing member: its own, or its $ref target's (spec §2).
  std::optional<std::string> default_of(const Value& s, const std::string& path) {
    if (const Value* d = member(s, "default")) return rt::json_stringify(*d);
    if (const Value* ref = member(s, "$ref"); ref && ref->IsString()) {
      auto target = doc_.resolve(std::string(sv(*ref)), path, pointer_of(path) + "/$ref");
      if (const Value* d = member(*target.schema, "default")) return rt::json_stringify(*d);
    }
    return std::nullopt;
  }

  NodePtr array(const Value& s, const std::string& path) {
    auto n = make(Kind::Array, path);
    n->large_as_json = module_.options.large_array_mechanism == LargeArrayMechanism::JsonStringify;
    const Value* items = member(s, "items");
    if (items && items->IsArray()) {
      n->is_tuple = true;
      const Value* extra = member(s, "additionalItems");
      n->additional_items = extra && !extra->IsFalse();  // any schema is truthy: extras print raw
      std::string items_path = pointer_append(path, "items");
      for (rapidjson::SizeType i = 0; i < items->Size(); ++i) {
        TupleItem t;
        std::string ipath = items_path + "/" + std::to_string(i);
        t.guard = tuple_guard((*items)[i], ipath);
        t.value = lower((*items)[i], ipath);
        n->tuple.push_back(std::move(t));
      }
      return n;
    }
    bool raw = !items || is_raw(*items);
    if (!raw) n->items = lower(*items, pointer_append(path, "items"));
    // Plain items (no format, nullable or const) under the default mechanism get the bulk
    // branch (spec §14.2-3); everything else, and json-stringify mode, keeps the loop.
    const Node* it = n->items.get();
    if (it && !n->large_as_json && !it->nullable) {
      if (it->kind == Kind::String && it->format == StringFormat::None) n->strategy = ArrayStrategy::BulkString;
      if (it->kind == Kind::Number) n->strategy = ArrayStrategy::BulkNumber;
      if (it->kind == Kind::Integer) n->strategy = ArrayStrategy::BulkInteger;
      if (it->kind == Kind::Array && it->strategy == ArrayStrategy::BulkNumber)
        n->strategy = ArrayStrategy::BulkNumberArrays;
    }
    return n;
  }

  // Merging can multiply schemas (anyOf × anyOf is a product): a bound, not a hang.
  static constexpr size_t kMaxMerged = 10000;

  const SchemaDoc& doc_;
  Module& module_;
  std::map<std::string, int> functions_;
  ValidatorLowering validators_;
  rapidjson::Document arena_;                   // merged schemas and their parts live here
  std::deque<Value> merged_;                    // registered merges, "__fjs_merged_<index>"
  std::map<std::string, Located> merged_by_text_;
};

}  // namespace

Module lower(const SchemaDoc& doc, const Options& options) {
  Module m;
  m.options = options;
  Lowerer(doc, m).run();
  return m;
}

int64_t bulk_cutoff(const Options& o, ArrayStrategy s) {
  switch (s) {
    case ArrayStrategy::BulkString: return o.cutoffs.string_array;
    case ArrayStrategy::BulkNumber: return o.cutoffs.number_array;
    case ArrayStrategy::BulkInteger: return o.cutoffs.integer_array;
    case ArrayStrategy::BulkNumberArrays: return o.cutoffs.number_arrays;
    case ArrayStrategy::Loop: break;
  }
  return Cutoffs::kNever;
}

const char* strategy_name(ArrayStrategy s) {
  switch (s) {
    case ArrayStrategy::BulkString: return "bulk-string";
    case ArrayStrategy::BulkNumber: return "bulk-number";
    case ArrayStrategy::BulkInteger: return "bulk-integer";
    case ArrayStrategy::BulkNumberArrays: return "bulk-number-arrays";
    case ArrayStrategy::Loop: break;
  }
  return "loop";
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Generic: return "raw";
    case Kind::String: return "string";
    case Kind::Number: return "number";
    case Kind::Integer: return "integer";
    case Kind::Boolean: return "boolean";
    case Kind::Null: return "null";
    case Kind::Const: return "const";
    case Kind::Object: return "object";
    case Kind::Array: return "array";
    case Kind::TypeSwitch: return "type-switch";
    case Kind::Call: return "call";
    case Kind::Select: return "select";
  }
  return "?";
}

}  // namespace sj::ir
