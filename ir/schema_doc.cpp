#include "ir/schema_doc.h"

#include <array>
#include <set>
#include <unordered_map>

#include <rapidjson/error/en.h>

#include "ir/error.h"
#include "runtime/pattern.h"

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

bool parse_json(std::string_view text, rapidjson::Document& doc, std::string& error) {
  constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag;
  doc.Parse<kFlags>(text.data(), text.size());
  if (!doc.HasParseError()) return true;
  error = std::string(rapidjson::GetParseError_En(doc.GetParseError())) + " at offset " +
          std::to_string(doc.GetErrorOffset());
  return false;
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
constexpr Names<7> kTypeNames{{"array", "boolean", "integer", "null", "number", "object", "string"}};

std::string_view sv(const Value& v) { return {v.GetString(), v.GetStringLength()}; }

[[noreturn]] void invalid(const std::string& data_path, const std::string& what) {
  throw CompileError("schema is invalid: data" + data_path + " " + what, data_path.empty() ? "" : data_path);
}

// The keywords the draft-07 meta-schema constrains, in the order of its "properties": ajv
// reports the first failing one in that order, so {"type":"Dinosaur","properties":{"claws":
// {"type":"sharp"}}} fails at /properties/claws/type before /type.
const char* const kMetaOrder[] = {"$id", "$ref", "title", "description", "additionalItems", "items", "contains",
                                  "required", "additionalProperties", "definitions", "properties",
                                  "patternProperties", "dependencies", "propertyNames", "type", "format", "if",
                                  "then", "else", "allOf", "anyOf", "oneOf", "not"};

// The part of the draft-07 meta-schema that decides whether fast-json-stringify builds at all.
// `at` is the instance path ajv would print ("/properties/a").
void check_meta(const Value& s, const std::string& at) {
  if (s.IsBool()) return;
  if (!s.IsObject()) invalid(at, "must be object,boolean");
  for (const char* keyword : kMetaOrder) {
    auto it = s.FindMember(keyword);
    if (it == s.MemberEnd()) continue;
    std::string_view key = keyword;
    const Value& v = it->value;
    std::string here = pointer_append(at, key);
    if (key == "type") {
      if (v.IsString()) {
        if (!kTypeNames.count(sv(v))) invalid(here, "must be equal to one of the allowed values");
      } else if (v.IsArray()) {
        std::set<std::string_view> seen;
        for (auto& t : v.GetArray()) {
          if (!t.IsString() || !kTypeNames.count(sv(t))) invalid(here + "/0", "must be equal to one of the allowed values");
          if (!seen.insert(sv(t)).second) invalid(here, "must NOT have duplicate items");
        }
      } else {
        invalid(here, "must be equal to one of the allowed values");
      }
    } else if (key == "required") {
      if (!v.IsArray()) invalid(here, "must be array");
      for (auto& r : v.GetArray())
        if (!r.IsString()) invalid(here + "/0", "must be string");
    } else if (kSchemaKeywords.count(key)) {
      check_meta(v, here);
    } else if (key == "items") {
      if (v.IsArray()) {
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) check_meta(v[i], here + "/" + std::to_string(i));
      } else {
        check_meta(v, here);
      }
    } else if (kSchemaMapKeywords.count(key)) {
      if (!v.IsObject()) invalid(here, "must be object");
      if (key == "patternProperties") {  // propertyNames {format: regex}, checked before the values
        for (auto& p : v.GetObject()) {
          std::string error;
          if (!rt::Pattern::compile(std::string(sv(p.name)), error)) invalid(here, "must match format \"regex\"");
        }
      }
      if (key == "dependencies") continue;  // schema or string list: ignored for output
      for (auto& p : v.GetObject()) check_meta(p.value, pointer_append(here, sv(p.name)));
    } else if (kSchemaListKeywords.count(key)) {
      if (!v.IsArray()) invalid(here, "must be array");
      if (v.Empty()) invalid(here, "must NOT have fewer than 1 items");
      for (rapidjson::SizeType i = 0; i < v.Size(); ++i) check_meta(v[i], here + "/" + std::to_string(i));
    } else if (!v.IsString()) {  // $id, $ref, title, description, format
      invalid(here, "must be string");
    }
  }
}

// Height of the schema tree in schema levels, following local $refs (a $ref hop is free,
// every keyword hop is one level), as fast-json-stringify's maxDepth check counts it.
// Memoised per node so shared definitions are measured once; a node on the current path
// (recursion) counts 0.
class DepthMeter {
 public:
  DepthMeter(const Value& root, int limit) : root_(root), limit_(limit) {}

  int height(const Value& s, int depth) {
    if (depth > limit_) throw CompileError("schema exceeds maximum depth of " + std::to_string(limit_), "");
    if (!s.IsObject()) return 0;
    if (auto it = memo_.find(&s); it != memo_.end()) return it->second;
    memo_[&s] = 0;  // in progress
    int h = 0;
    for (auto& m : s.GetObject()) {
      std::string_view key = sv(m.name);
      const Value& v = m.value;
      if (key == "$ref" && v.IsString()) {
        if (const Value* t = local_target(sv(v))) h = std::max(h, height(*t, depth));
      } else if (kSchemaKeywords.count(key) || (key == "items" && v.IsObject())) {
        h = std::max(h, 1 + height(v, depth + 1));
      } else if ((kSchemaMapKeywords.count(key) || key == "$defs") && v.IsObject()) {
        for (auto& p : v.GetObject()) h = std::max(h, 1 + height(p.value, depth + 1));
      } else if ((kSchemaListKeywords.count(key) || key == "items") && v.IsArray()) {
        for (auto& e : v.GetArray()) h = std::max(h, 1 + height(e, depth + 1));
      }
    }
    memo_[&s] = h;
    return h;
  }

 private:
  const Value* local_target(std::string_view ref) {
    if (ref.empty() || ref[0] != '#') return nullptr;
    const Value* cur = &root_;
    size_t i = 1;
    while (i < ref.size() && ref[i] == '/') {
      size_t j = ref.find('/', i + 1);
      std::string_view seg = ref.substr(i + 1, (j == std::string_view::npos ? ref.size() : j) - i - 1);
      if (!cur->IsObject()) return nullptr;
      auto it = cur->FindMember(Value(rapidjson::StringRef(seg.data(), seg.size())));
      if (it == cur->MemberEnd()) return nullptr;
      cur = &it->value;
      i = j == std::string_view::npos ? ref.size() : j;
    }
    return i == ref.size() ? cur : nullptr;
  }

  const Value& root_;
  int limit_;
  std::unordered_map<const Value*, int> memo_;
};

}  // namespace

bool is_annotation(std::string_view key) {
  return key == "$comment" || key == "title" || key == "description" || key == "examples" ||
         key == "deprecated" || key == "readOnly" || key == "writeOnly" || key == "$schema" ||
         key == "definitions" || key == "$defs";
}

bool is_pure_ref(const rapidjson::Value& s) {
  if (!s.IsObject() || !s.HasMember("$ref") || !s["$ref"].IsString()) return false;
  for (auto& m : s.GetObject())
    if (sv(m.name) != "$ref" && !is_annotation(sv(m.name))) return false;
  return true;
}

SchemaDoc::SchemaDoc(std::string_view text, const Options& options) {
  std::string error;
  if (!parse_json(text, doc_, error)) throw CompileError("schema is not valid JSON: " + error, "");
  check_meta(doc_, "");
  DepthMeter(doc_, options.max_depth).height(doc_, 0);
  if (!options.external_schemas) return;
  for (auto& m : options.external_schemas->GetObject()) {
    std::string key(sv(m.name));
    try {
      check_meta(m.value, "");
      DepthMeter(m.value, options.max_depth).height(m.value, 0);
    } catch (const CompileError& e) {  // fjs names the external schema first
      throw CompileError("\"" + key + "\" " + e.what(), pointer_append("/schema", key) + e.pointer);
    }
  }
}

SchemaDoc::Target SchemaDoc::resolve(const std::string& ref, const std::string& at) const {
  std::set<std::string> seen;
  std::string current = ref;
  for (;;) {
    if (current.empty() || current[0] != '#')
      throw CompileError("not supported yet: $ref to another schema (\"" + current + "\")", at);
    if (current.size() > 1 && current[1] != '/')
      throw CompileError("not supported yet: $ref to an anchor (\"" + current + "\")", at);
    // Literal segments: fast-json-stringify does not unescape ~0/~1 or %xx (spec §8.4).
    const Value* cur = &doc_;
    std::string path = "#";
    size_t i = 1;
    while (i < current.size()) {
      size_t j = current.find('/', i + 1);
      if (j == std::string::npos) j = current.size();
      std::string seg = current.substr(i + 1, j - i - 1);
      if (!cur->IsObject()) throw CompileError("Cannot find reference \"" + ref + "\"", at);
      auto it = cur->FindMember(Value(rapidjson::StringRef(seg.data(), seg.size())));
      if (it == cur->MemberEnd()) throw CompileError("Cannot find reference \"" + ref + "\"", at);
      cur = &it->value;
      path = pointer_append(path, seg);
      i = j;
    }
    if (!seen.insert(current).second) throw CompileError("Cannot resolve circular reference \"" + ref + "\"", at);
    if (!is_pure_ref(*cur)) return {cur, path};
    current = (*cur)["$ref"].GetString();
  }
}

}  // namespace sj
