#include "ir/schema_doc.h"

#include <algorithm>

#include <array>
#include <charconv>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <rapidjson/error/en.h>

#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/meta_schema.h"

namespace sj {

std::string pointer_append(const std::string& base, std::string_view segment) {
  std::string out = base + "/";
  for (char c : segment) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

void collapse_duplicate_members(rapidjson::Value& root) {
  std::vector<rapidjson::Value*> todo{&root};
  while (!todo.empty()) {
    rapidjson::Value* v = todo.back();
    todo.pop_back();
    if (v->IsArray()) {
      for (auto& e : v->GetArray()) todo.push_back(&e);
      continue;
    }
    if (!v->IsObject()) continue;
    std::unordered_map<std::string_view, rapidjson::SizeType> first;  // name → position
    for (rapidjson::SizeType i = 0; i < v->MemberCount();) {
      auto m = v->MemberBegin() + i;
      std::string_view name(m->name.GetString(), m->name.GetStringLength());
      auto [at, fresh] = first.emplace(name, i);
      if (fresh) {
        ++i;
        continue;
      }
      (v->MemberBegin() + at->second)->value = m->value;  // moves the later value
      v->EraseMember(m);  // keeps the order of the rest; names before it keep their positions
    }
    for (auto& m : v->GetObject()) todo.push_back(&m.value);
  }
}

namespace {

using rapidjson::Value;

// Keywords whose value is one schema / a map of schemas / a list of schemas (draft-07).
// Constant-initialised arrays, not std::sets: compile() may run from another translation
// unit's static initializer, before this file's dynamic initialisation.
template <size_t N>
struct Names {
  std::array<std::string_view, N> names;
  constexpr bool count(std::string_view k) const {
    for (auto n : names)
      if (n == k) return true;
    return false;
  }
};
constexpr Names<8> kSchemaKeywords{{"not", "if", "then", "else", "additionalProperties", "additionalItems", "contains",
                                    "propertyNames"}};
constexpr Names<4> kSchemaMapKeywords{{"properties", "patternProperties", "definitions", "dependencies"}};
constexpr Names<3> kSchemaListKeywords{{"allOf", "anyOf", "oneOf"}};

// Height of the schema tree in schema levels, as fast-json-stringify's maxDepth check counts
// it: every keyword hop is a level, a $ref within the same registered schema is free, and a
// $ref into another registered schema is a level (the corpus pins both: 99 chained local
// definitions pass at depth 100, three chained external refs fail at depth 1). Memoised per
// node so shared definitions are measured once; a node on the current path counts 0.
//
// Iterative (a stack of frames on the heap): free $ref hops nest without bound, so a chain of
// 40,000 definitions would otherwise overflow the C++ stack before any limit applies.
class DepthMeter {
 public:
  // `chains`: also check the $ref chains of every schema walked, as fjs does for the root only.
  DepthMeter(const SchemaDoc& doc, int limit, bool chains) : doc_(doc), limit_(limit), chains_(chains) {}

  int height(const Value& root, const std::string& scope) {
    if (!root.IsObject()) return 0;
    if (auto it = memo_.find(&root); it != memo_.end()) return it->second;
    std::vector<Frame> stack;
    enter(stack, root, scope, 0);
    int result = 0;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next < f.children.size()) {
        const Child c = f.children[f.next++];
        int depth = f.depth + c.cost;
        if (depth > limit_) throw too_deep();
        if (!c.schema->IsObject()) {
          f.height = std::max(f.height, c.cost);
        } else if (auto it = memo_.find(c.schema); it != memo_.end()) {
          f.height = std::max(f.height, c.cost + it->second);
        } else {
          f.pending_cost = c.cost;
          enter(stack, *c.schema, c.scope, depth);  // may reallocate: f is not used after this
        }
        continue;
      }
      int h = f.height;
      memo_[f.schema] = h;
      stack.pop_back();
      if (stack.empty()) result = h;
      else stack.back().height = std::max(stack.back().height, stack.back().pending_cost + h);
    }
    return result;
  }

 private:
  struct Child {
    const Value* schema;
    std::string scope;
    int cost;  // levels the hop to it adds
  };
  struct Frame {
    const Value* schema;
    int depth;
    std::vector<Child> children;
    size_t next = 0;
    int height = 0;
    int pending_cost = 0;  // the cost of the child being measured above this frame
  };

  CompileError too_deep() const {
    return CompileError("schema exceeds maximum depth of " + std::to_string(limit_), "", ErrorCode::SchemaLimit);
  }

  void enter(std::vector<Frame>& stack, const Value& s, const std::string& scope, int depth) {
    memo_[&s] = 0;  // in progress
    const char* own = literal_id(s);
    std::string here = own ? own : scope;
    Frame f{&s, depth, {}};
    for (auto& m : s.GetObject()) {
      std::string_view key = sv(m.name);
      const Value& v = m.value;
      if (key == "$ref" && v.IsString()) {
        if (chains_) check_ref_chain(s, here);
        std::string target_id;
        if (const Value* t = doc_.try_hop(std::string(sv(v)), here, target_id))
          f.children.push_back({t, target_id, target_id != here});
      } else if (kSchemaKeywords.count(key) || (key == "items" && v.IsObject())) {
        f.children.push_back({&v, here, 1});
      } else if ((kSchemaMapKeywords.count(key) || key == "$defs") && v.IsObject()) {
        for (auto& p : v.GetObject()) f.children.push_back({&p.value, here, 1});
      } else if ((kSchemaListKeywords.count(key) || key == "items") && v.IsArray()) {
        for (auto& e : v.GetArray()) f.children.push_back({&e, here, 1});
      }
    }
    stack.push_back(std::move(f));
  }

  // fjs's resolveRef follows $ref after $ref (with or without keywords beside them), fails the
  // build on a schema reached twice and once it is about to make hop maxDepth + 2; its
  // recursion detection resolves the $ref of every schema it walks from the root, used or not.
  // Hops left from each schema are memoised, so a chain is walked once however many of its
  // links are starts.
  void check_ref_chain(const Value& start, const std::string& scope) {
    std::vector<const Value*> walked;
    std::unordered_set<const Value*> on_walk;
    const Value* cur = &start;
    std::string id = scope;
    int rest = 0;  // hops after the last schema walked
    for (;;) {
      if (auto it = hops_.find(cur); it != hops_.end()) {
        rest = it->second;
        break;
      }
      const Value* ref = member(*cur, "$ref");
      if (!ref || !ref->IsString()) break;
      if (!on_walk.insert(cur).second)  // named by the $ref of the schema reached twice
        throw CompileError("Cannot resolve circular reference \"" + std::string(sv(*ref)) + "\"", "");
      walked.push_back(cur);
      if (walked.size() + rest > static_cast<size_t>(limit_) + 1) throw too_deep();
      std::string next_id;
      const char* own = literal_id(*cur);
      const Value* next = doc_.try_hop(std::string(sv(*ref)), own ? std::string(own) : id, next_id);
      if (!next) break;  // a missing target is reported when lowering reaches it
      cur = next;
      id = next_id;
    }
    if (walked.size() + rest > static_cast<size_t>(limit_) + 1) throw too_deep();
    for (size_t i = walked.size(); i-- > 0;) hops_[walked[i]] = ++rest;
  }

  const SchemaDoc& doc_;
  int limit_;
  bool chains_;
  std::unordered_map<const Value*, int> memo_;
  std::unordered_map<const Value*, int> hops_;  // $ref hops fjs's resolveRef makes from a schema
};

// The deepest container nesting of a JSON value, without recursion (an explicit stack), so a
// hostile schema nested 100,000 levels deep cannot overflow the C++ stack. fjs rejects
// containers nested deeper than 2 × maxDepth before anything else (spec §1.1): a schema level
// is at most two containers (a keyword's object, then the schema), so every recursive pass
// after this one is bounded.
size_t nesting(const Value& root) {
  std::vector<std::pair<const Value*, size_t>> stack{{&root, 1}};
  size_t deepest = 0;
  while (!stack.empty()) {
    auto [v, d] = stack.back();
    stack.pop_back();
    if (v->IsObject()) {
      deepest = std::max(deepest, d);
      for (auto& m : v->GetObject()) stack.emplace_back(&m.value, d + 1);
    } else if (v->IsArray()) {
      deepest = std::max(deepest, d);
      for (auto& e : v->GetArray()) stack.emplace_back(&e, d + 1);
    }
  }
  return deepest;
}

void check_nesting(const Value& schema, int max_depth) {
  if (nesting(schema) > 2 * static_cast<size_t>(max_depth) + 2)
    throw CompileError("schema exceeds maximum depth of " + std::to_string(max_depth), "", ErrorCode::SchemaLimit);
}

}  // namespace

const char* literal_id(const Value& schema) {
  if (!schema.IsObject()) return nullptr;
  auto it = schema.FindMember("$id");
  return it != schema.MemberEnd() && it->value.IsString() && it->value.GetString()[0] != '#' ? it->value.GetString()
                                                                                             : nullptr;
}

namespace {

// fjs's IGNORED_REF_SIBLING_KEYWORDS besides $ref itself: what resolveRef does not merge.
bool ignored_beside_ref(std::string_view key) {
  return key == "$comment" || key == "title" || key == "description" || key == "examples" || key == "deprecated" ||
         key == "readOnly" || key == "writeOnly";
}

}  // namespace

bool is_annotation(std::string_view key) {
  return ignored_beside_ref(key) || key == "$id" || key == "$schema" || key == "definitions" || key == "$defs";
}

bool is_pure_ref(const rapidjson::Value& s) {
  if (!s.IsObject() || !s.HasMember("$ref") || !s["$ref"].IsString()) return false;
  for (auto& m : s.GetObject())
    if (sv(m.name) != "$ref" && !is_annotation(sv(m.name))) return false;
  return true;
}

bool merged_by_fjs(const rapidjson::Value& s) {
  return s.IsObject() && std::any_of(s.MemberBegin(), s.MemberEnd(), [](auto& m) {
           return sv(m.name) != "$ref" && !ignored_beside_ref(sv(m.name));
         });
}

std::string pointer_of(const std::string& location) { return location.substr(location.find('#') + 1); }

SchemaDoc::SchemaDoc(std::string_view text, const Options& options) {
  std::string error;
  if (!parse_json(text, doc_, error)) throw CompileError("schema is not valid JSON: " + error, "");
  collapse_duplicate_members(doc_);
  check_nesting(doc_, options.max_depth);
  ir::check_meta_schema(doc_, "");
  // The registry of json-schema-ref-resolver (spec §1.3): the root under its $id (else a
  // generated id), external schemas under their $id (else their key; an id already taken is
  // skipped), every nested literal $id, and "#name" ids as anchors of the enclosing id.
  const char* root_id = literal_id(doc_);
  root_id_ = root_id ? root_id : "__fjs_root_0";
  // The registry is a plain JavaScript object: an id named like an Object.prototype member
  // ("toString") is found there before it is added, so fjs never adds a root or an external
  // schema under it (nor walks it for ids), and any $ref to it fails (hop).
  if (inherited_from_object_prototype(root_id_)) ids_.emplace(root_id_, &doc_);
  else register_ids(doc_, root_id_);
  struct External {
    std::string key, id;
    const Value* schema;
  };
  std::vector<External> externals;
  if (options.external_schemas) {
    externals_ = options.external_schemas;
    std::vector<std::pair<std::string, const Value*>> keyed;  // fjs walks the option with for-in
    if (externals_->IsArray())
      for (rapidjson::SizeType i = 0; i < externals_->Size(); ++i) keyed.emplace_back(std::to_string(i), &(*externals_)[i]);
    else if (externals_->IsString())  // keyed "0", "1", ... by character: the first, a string, is refused below
      keyed.emplace_back("0", externals_.get());
    else
      for (auto& m : externals_->GetObject()) keyed.emplace_back(std::string(sv(m.name)), &m.value);
    for (const auto& [key, schema] : keyed) {
      if (schema->IsNull())  // fjs reads its $id first: a TypeError
        throw CompileError("Cannot read properties of null (reading '$id')", pointer_append("/schema", key), ErrorCode::InvalidSchema);
      // fjs skips, unchecked, a schema whose id its registry already has (or finds among
      // Object.prototype's names).
      const char* own = literal_id(*schema);
      std::string id = own ? own : key;
      if (ids_.count(id) || inherited_from_object_prototype(id)) continue;
      try {
        check_nesting(*schema, options.max_depth);
        ir::check_meta_schema(*schema, "");
      } catch (const CompileError& e) {  // fjs names the external schema first
        throw CompileError("\"" + key + "\" " + e.message, pointer_append("/schema", key) + e.pointer);
      }
      register_ids(*schema, id);
      externals.push_back({key, id, schema});
    }
  }
  DepthMeter(*this, options.max_depth, true).height(doc_, root_id_);
  for (const auto& e : externals) {
    try {
      DepthMeter(*this, options.max_depth, false).height(*e.schema, e.id);
    } catch (const CompileError& err) {
      throw CompileError("\"" + e.key + "\" " + err.message, "/schema/" + e.key);
    }
  }
}

// Registers `schema` under `id` (a document, or a subschema with its own literal $id) and
// walks it for nested ids and anchors.
void SchemaDoc::register_ids(const Value& schema, const std::string& id) {
  auto [slot, fresh] = ids_.emplace(id, &schema);
  if (inherited_from_object_prototype(id) || (!fresh && slot->second != &schema && *slot->second != schema))
    throw CompileError("There is already another schema with id \"" + id + "\".", "");
  walk_ids(schema, id);
}

void SchemaDoc::walk_ids(const Value& schema, const std::string& id) {
  if (schema.IsArray()) {
    for (auto& e : schema.GetArray()) walk_ids(e, id);
    return;
  }
  if (!schema.IsObject()) return;
  if (const char* own = literal_id(schema); own && own != id) {
    return register_ids(schema, own);  // a nested schema with an id of its own
  } else if (auto it = schema.FindMember("$id"); !own && it != schema.MemberEnd() && it->value.IsString()) {
    std::string anchor = it->value.GetString();  // "#name"
    auto [slot, fresh] = anchors_[id].emplace(anchor, &schema);
    if (!fresh && *slot->second != schema)
      throw CompileError("There is already another anchor \"" + anchor + "\" in schema \"" + id + "\".", "");
  }
  for (auto& m : schema.GetObject())
    if (m.value.IsObject() || m.value.IsArray()) walk_ids(m.value, id);
}

// One $ref hop: the schema `ref` names when written in id `scope`, and the id it lives in.
// Throws CompileError with fjs's texts (`whole` is the ref being resolved, for messages).
const Value* SchemaDoc::hop(const std::string& ref, const std::string& scope, const std::string& whole,
                            const std::string& at, std::string& id, std::string& path) const {
  size_t hash = ref.find('#');
  id = ref.substr(0, hash);
  std::string fragment = hash == std::string::npos ? "#" : ref.substr(hash);
  if (id.empty()) id = scope;
  if (inherited_from_object_prototype(id))  // the registry's lookup finds a function, whose .anchors is undefined
    throw CompileError("Cannot read properties of undefined (reading '" + fragment + "')", at);
  auto base = ids_.find(id);
  if (base == ids_.end())
    throw CompileError("Cannot resolve ref \"" + ref + "\". Schema with id \"" + id + "\" is not found.", at);
  const Value* cur = base->second;
  path = (id == root_id_ ? "" : id) + "#";
  if (fragment.size() > 1 && fragment[1] != '/') {  // "#name": an anchor of that id
    auto anchors = anchors_.find(id);
    if (anchors == anchors_.end() || !anchors->second.count(fragment))
      throw CompileError("Cannot find reference \"" + whole + "\"", at);
    path += fragment.substr(1);
    return anchors->second.at(fragment);
  }
  // As json-schema-ref-resolver's getDataByJSONPointer: the fragment split at '/', empty
  // segments skipped ("#//definitions//d", and "#/definitions/" names the definitions),
  // each segment a member name or an array index, taken literally: fast-json-stringify does
  // not unescape ~0/~1 or %xx (spec §8.4).
  size_t i = 1;
  while (i < fragment.size()) {
    size_t j = fragment.find('/', i + 1);
    if (j == std::string::npos) j = fragment.size();
    std::string seg = fragment.substr(i + 1, j - i - 1);
    i = j;
    if (seg.empty()) continue;
    if (cur->IsArray()) {
      uint64_t index = 0;  // current[part] on an array: a canonical index names an element
      auto r = std::from_chars(seg.data(), seg.data() + seg.size(), index);
      bool canonical = r.ec == std::errc() && r.ptr == seg.data() + seg.size() && (seg == "0" || seg[0] != '0');
      if (!canonical || index >= cur->Size()) throw CompileError("Cannot find reference \"" + whole + "\"", at);
      cur = &(*cur)[static_cast<rapidjson::SizeType>(index)];
    } else {
      if (!cur->IsObject()) throw CompileError("Cannot find reference \"" + whole + "\"", at);
      auto it = cur->FindMember(Value(rapidjson::StringRef(seg.data(), seg.size())));
      if (it == cur->MemberEnd()) throw CompileError("Cannot find reference \"" + whole + "\"", at);
      cur = &it->value;
    }
    path = pointer_append(path, seg);
  }
  return cur;
}

SchemaDoc::Target SchemaDoc::resolve(const std::string& ref, const std::string& from, const std::string& at,
                                     bool stop_where_fjs_merges) const {
  std::set<std::string> seen;
  std::string current = ref;
  std::string scope = from.substr(0, from.find('#'));
  if (scope.empty()) scope = root_id_;
  for (;;) {
    std::string id, path;
    const Value* target = hop(current, scope, ref, at, id, path);
    // Named as fjs's resolveRef names it: by the $ref of the schema reached a second time.
    if (!seen.insert(path).second)
      throw CompileError("Cannot resolve circular reference \"" + std::string(sv((*target)["$ref"])) + "\"", at);
    if (!is_pure_ref(*target) || (stop_where_fjs_merges && merged_by_fjs(*target))) return {target, path};
    current = std::string(sv((*target)["$ref"]));
    scope = id;
  }
}

const Value* SchemaDoc::try_hop(const std::string& ref, const std::string& scope, std::string& id) const {
  try {
    std::string path;
    return hop(ref, scope, ref, "", id, path);
  } catch (const CompileError&) {
    return nullptr;  // reported when lowering reaches it
  }
}

}  // namespace sj
