// What Ajv refuses while it compiles a validator's schema, in its words: fjs reports it at the
// first call that validates (at build time under compileValidators), and fails only the
// validators of the document (or fragment) Ajv was compiling.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/ajv_keywords.h"
#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/lower_validator.h"
#include "ir/unicode_regexp.h"
#include "runtime/js_value.h"

namespace sj::ir {

using rapidjson::Value;

namespace {

// Ajv's escapeFragment: a name as a segment of errSchemaPath, JSON-pointer escaped and then
// percent-encoded as encodeURIComponent does.
std::string escape_fragment(std::string_view name) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : name) {
    auto c = static_cast<unsigned char>(ch);
    if (ch == '~') out += "~0";
    else if (ch == '/') out += "~1";
    else if (std::isalnum(c) || (ch && std::strchr("-_.!~*'()", ch))) out += ch;
    else out += {'%', kHex[c >> 4], kHex[c & 15]};
  }
  return out;
}

// The keywords Ajv applies to data of certain types, in the order of its RULES.all (Ajv's
// vocabularies, ajv-formats' keywords, then fjs_type, which fjs adds).
struct TypedKeyword {
  const char* keyword;
  std::vector<std::string> types;
};
const std::vector<TypedKeyword>& typed_keywords(bool discriminator) {
  static const auto list = [](bool with_discriminator) {
    std::vector<TypedKeyword> l;
    for (const char* k : {"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf"}) l.push_back({k, {"number"}});
    for (const char* k : {"maxLength", "minLength", "pattern"}) l.push_back({k, {"string"}});
    for (const char* k : {"maxProperties", "minProperties", "required"}) l.push_back({k, {"object"}});
    for (const char* k : {"maxItems", "minItems", "uniqueItems"}) l.push_back({k, {"array"}});
    for (const char* k : {"propertyNames", "additionalProperties", "dependencies", "properties", "patternProperties"})
      l.push_back({k, {"object"}});
    for (const char* k : {"additionalItems", "items", "contains"}) l.push_back({k, {"array"}});
    l.push_back({"format", {"number", "string"}});
    if (with_discriminator) l.push_back({"discriminator", {"object"}});
    for (const char* k : kFormatLimitKeywords)
      l.push_back({k, {"string"}});
    l.push_back({"fjs_type", {"object"}});
    return l;
  };
  static const std::vector<TypedKeyword> with = list(true), without = list(false);
  return discriminator ? with : without;
}

bool contains(const std::vector<std::string>& ts, const std::string& t) { return std::find(ts.begin(), ts.end(), t) != ts.end(); }
// Ajv's includesType: "integer" data is also "number" data.
bool includes_type(const std::vector<std::string>& ts, const std::string& t) {
  return contains(ts, t) || (t == "integer" && contains(ts, "number"));
}

// Ajv's checkStrictTypes (fjs sets allowUnionTypes, so only these two checks) on one schema
// as fjs hands it over: a type the context excludes, then the first keyword (in RULES order)
// none of whose types the data may have. Narrows cx.data_types as Ajv does. Returns the
// message, or "".
std::string strict_types_error(const Value& s, const Value* type, ValidatorLowering::AjvCompileContext& cx,
                               bool discriminator) {
  std::vector<std::string> types;
  if (const Value* t = type) {
    if (t->IsString()) types.emplace_back(sv(*t));
    else if (t->IsArray())
      for (auto& e : t->GetArray())
        if (e.IsString()) types.emplace_back(sv(e));
  }
  bool fjs_type = cx.converted && contains(types, "string") && !contains(types, "object");
  if (fjs_type) types.push_back("object");
  if (const Value* n = member(s, "nullable"); n && n->IsTrue() && !contains(types, "null")) types.push_back("null");
  if (!types.empty()) {
    if (cx.data_types.empty()) {
      cx.data_types = types;
    } else {
      std::string context;
      for (const auto& t : cx.data_types) context += (context.empty() ? "" : ",") + t;
      for (const auto& t : types)
        if (!includes_type(cx.data_types, t)) return "type \"" + t + "\" not allowed by context \"" + context + "\"";
      std::vector<std::string> narrowed;  // narrowSchemaTypes
      for (const auto& t : cx.data_types)
        if (includes_type(types, t)) narrowed.push_back(t);
        else if (t == "number" && contains(types, "integer")) narrowed.push_back("integer");
      cx.data_types = std::move(narrowed);
    }
  }
  for (const auto& [keyword, kinds] : typed_keywords(discriminator)) {
    bool present = std::string_view(keyword) == "fjs_type" ? fjs_type : member(s, keyword) != nullptr;
    if (!present) continue;
    bool applicable = std::any_of(kinds.begin(), kinds.end(), [&](const std::string& k) {
      return contains(cx.data_types, k) || (k == "number" && contains(cx.data_types, "integer"));
    });
    if (applicable) continue;
    std::string names;
    for (const auto& k : kinds) names += (names.empty() ? "" : ",") + k;
    return "missing type \"" + names + "\" for keyword \"" + keyword + "\"";
  }
  return "";
}

// Whether a schema holds a $ref anywhere (Ajv's inlineRef: such a target is not inlined).
bool holds_ref(const Value& s) {
  if (s.IsArray()) return std::any_of(s.Begin(), s.End(), [](const Value& e) { return holds_ref(e); });
  if (!s.IsObject()) return false;
  return std::any_of(s.MemberBegin(), s.MemberEnd(), [](auto& m) { return sv(m.name) == "$ref" || holds_ref(m.value); });
}

// Whether a name holds a lone surrogate (its WTF-8 bytes, ED A0..BF xx).
bool has_lone_surrogate(std::string_view name) {
  for (size_t i = 0; i + 2 < name.size(); ++i)
    if (static_cast<unsigned char>(name[i]) == 0xED && (static_cast<unsigned char>(name[i + 1]) & 0xE0) == 0xA0) return true;
  return false;
}

}  // namespace

ValidatorLowering::AjvCompileContext ValidatorLowering::AjvCompileContext::compiling(std::string base) {
  AjvCompileContext cx;
  if (!base.empty() && base.back() == '#') base.pop_back();  // Ajv's normalizeId
  cx.base = std::move(base);
  return cx;
}

ValidatorLowering::AjvCompileContext ValidatorLowering::AjvCompileContext::at(std::string_view segment) const {
  AjvCompileContext sub = *this;
  sub.path += "/" + escape_fragment(segment);
  return sub;
}

ValidatorLowering::AjvCompileContext ValidatorLowering::AjvCompileContext::at_ref(const std::string& ref) const {
  AjvCompileContext target = *this;  // the same data: its names too
  target.path = ref;                 // Ajv's errSchemaPath of an inlined target: the $ref as written
  target.data_types.clear();
  target.converted = true;  // fjs converts definitions too
  return target;
}

ValidatorLowering::AjvCompileContext ValidatorLowering::AjvCompileContext::of_property_names() const {
  AjvCompileContext names = *this;
  names.data_types = {"string"};
  names.converted = false;
  return names;
}

// Ajv compiles the whole schema document a validator lives in before it walks to the
// validator's fragment, so a schema it refuses anywhere in the document (in what Ajv
// compiles: not definitions) fails every validator of that document.
const ValidatorLowering::Refusal* ValidatorLowering::refusal_of_document(const std::string& id) {
  auto it = refusals_.find(id);
  if (it == refusals_.end()) {
    const Value* document = nullptr;
    if (auto d = documents_.find(id); d != documents_.end()) document = d->second;
    else document = doc_.schema_with_id(id.empty() ? doc_.root_id() : id);
    std::optional<Refusal> r;
    refusal_scope_ = id.empty() ? doc_.root_id() : id;
    refusal_followed_.clear();
    if (document) r = refusal(*document, "", AjvCompileContext::compiling(refusal_scope_));
    it = refusals_.emplace(id, r).first;
  }
  return it->second ? &*it->second : nullptr;
}

// Ajv then compiles the validator's fragment as a schema of its own: what the document's
// compile skipped there (an anyOf beside an always-valid branch) is compiled now, so a refusal
// in it fails the validators of that fragment only, the calls that reach it.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::refusal_of_fragment(const Value& schema,
                                                                               const std::string& location) {
  size_t hash = location.find('#');
  if (hash == std::string::npos || hash + 1 >= location.size()) return std::nullopt;  // the document itself
  std::string id = location.substr(0, hash);
  refusal_scope_ = id.empty() ? doc_.root_id() : id;
  refusal_followed_.clear();
  // Its messages name places from the fragment, as Ajv's compile of it does.
  return refusal(schema, location.substr(hash + 1), AjvCompileContext::compiling(refusal_scope_));
}

// Strict mode's refusal of a keyword Ajv does not know.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::unknown_keyword(std::string_view k, const std::string& at) const {
  if (!module_.options.ajv_strict_schema || listed(kAjvKeywords, std::string(k)) ||
      (k == "discriminator" && module_.options.ajv_discriminator))
    return std::nullopt;
  return Refusal{"strict mode: unknown keyword: \"" + std::string(k) + "\"", at};
}

std::optional<ValidatorLowering::Refusal> ValidatorLowering::refusal(const Value& s, const std::string& ptr,
                                                                     AjvCompileContext cx) {
  if (!s.IsObject()) return std::nullopt;
  for (auto& m : s.GetObject())  // checkKeywords: strict mode's unknown words, in the schema's order
    if (auto r = unknown_keyword(sv(m.name), pointer_append(ptr, sv(m.name)))) return r;
  const Value* nullable = member(s, "nullable");
  const Value* type = type_of(s);
  if (nullable && nullable->IsTrue() && !type)
    return Refusal{"\"nullable\" cannot be used without \"type\"", pointer_append(ptr, "nullable")};
  if (nullable && nullable->IsFalse() && type &&
      (type->IsString() ? sv(*type) == "null"
                        : type->IsArray() && std::any_of(type->Begin(), type->End(), [](const Value& t) { return t.IsString() && sv(t) == "null"; })))
    return Refusal{"type: null contradicts nullable: false", pointer_append(ptr, "nullable")};
  const Value* ref = member(s, "$ref");
  bool only_ref = ref && std::none_of(s.MemberBegin(), s.MemberEnd(), [](auto& m) {
                    return sv(m.name) != "$ref" && listed(kAjvKeywords, std::string(sv(m.name)));
                  });
  if (module_.options.ajv_strict_types && !only_ref)
    if (std::string why = strict_types_error(s, type, cx, module_.options.ajv_discriminator); !why.empty())
      return Refusal{"strict mode: " + why + " at \"" + cx.base + cx.path + "\" (strictTypes)", ptr};
  // A subschema on other data (a member, an element, a name): no data types known there.
  // Compiling it gives this schema a fresh definedProperties, which the subschema shares
  // (Ajv's dataContextProps replaces the set of the schema that descends).
  auto other_data = [&](const Value& sub_schema, std::string_view k) {
    bool compiled = !ajv_always_valid(sub_schema) && !(k == "additionalProperties" && sub_schema.IsFalse());
    if (compiled) cx.defined = std::make_shared<std::set<std::string>>();
    AjvCompileContext sub = cx.at(k);
    sub.data_types.clear();
    return sub;
  };
  // The keywords in the order Ajv compiles them (its RULES: those without a type, then the
  // number, string, array and object groups), as the first refusal met is the one reported.
  for (const char* keyword : {"id", "$ref", "not", "anyOf", "oneOf", "allOf", "if", "format", "pattern", "formatMaximum",
                              "formatMinimum", "formatExclusiveMaximum", "formatExclusiveMinimum",
                              "additionalItems", "items", "contains", "required", "propertyNames", "additionalProperties",
                              "dependencies", "properties", "patternProperties", "discriminator"}) {
    const Value* v = member(s, keyword);
    if (!v) continue;
    std::string k = keyword, here = pointer_append(ptr, k);
    if (only_ref && k != "$ref") break;
    std::optional<Refusal> r;
    if (k == "id") {
      r = Refusal{"NOT SUPPORTED: keyword \"id\", use \"$id\" for schema ID", here};
    } else if (k == "$ref") {
      r = ref_refusal(*v, here, cx);
    } else if (k.rfind("format", 0) == 0 && k != "format") {
      r = format_limit_refusal(s, k, here);
    } else if (k == "anyOf" && always_valid_branch(*v)) {
      // None of its branches is compiled; Ajv's test of each branch up to that one
      // (alwaysValidSchema) still checks strict mode's unknown keywords there.
      for (const Value* branch = v->Begin(); branch <= always_valid_branch(*v) && !r; ++branch)
        if (branch->IsObject())
          for (auto& b : branch->GetObject()) {
            std::string at = here + "/" + std::to_string(branch - v->Begin());
            if ((r = unknown_keyword(sv(b.name), pointer_append(at, sv(b.name))))) break;
          }
    } else if (k == "not") {
      r = refusal(*v, here, cx.at(k));  // the same data
    } else if (k == "if") {
      // Ajv compiles if, then and else only when then or else tests something; then and else
      // without if are never compiled.
      const Value* branches[] = {member(s, "then"), member(s, "else")};
      if (std::all_of(std::begin(branches), std::end(branches), [](const Value* b) { return !b || ajv_always_valid(*b); }))
        continue;
      r = refusal(*v, here, cx.at(k));
      for (const char* branch : {"then", "else"})
        if (const Value* b = member(s, branch); b && !r) r = refusal(*b, pointer_append(ptr, branch), cx.at(branch));
    } else if (k == "anyOf" || k == "oneOf" || k == "allOf") {
      // With the discriminator option, the discriminator keyword compiles oneOf's branches.
      bool by_discriminator = k == "oneOf" && module_.options.ajv_discriminator && member(s, "discriminator");
      if (v->IsArray() && !by_discriminator)
        for (rapidjson::SizeType i = 0; i < v->Size() && !r; ++i)
          r = refusal((*v)[i], here + "/" + std::to_string(i), cx.at(k).at(std::to_string(i)));
    } else if (k == "format") {
      r = unknown_format(*v, here, cx);
    } else if (k == "pattern") {
      if (v->IsString()) r = unicode_refusal(std::string(sv(*v)), here);
    } else if (k == "additionalItems") {
      const Value* items = member(s, "items");
      if (items && items->IsArray()) r = refusal(*v, here, other_data(*v, k));
      else if (module_.options.ajv_strict_schema)
        r = Refusal{"strict mode: \"additionalItems\" is ignored when \"items\" is not an array of schemas", here};
    } else if (k == "items") {
      r = strict_tuple_refusal(s, *v, here, cx);
      if (!r && v->IsArray())
        for (rapidjson::SizeType i = 0; i < v->Size() && !r; ++i)
          r = refusal((*v)[i], here + "/" + std::to_string(i), other_data((*v)[i], k).at(std::to_string(i)));
      else if (!r)
        r = refusal(*v, here, other_data(*v, k));
    } else if (k == "contains" || k == "additionalProperties") {
      r = refusal(*v, here, other_data(*v, k));
    } else if (k == "required") {
      r = strict_required_refusal(s, *v, here, cx);
    } else if (k == "propertyNames") {
      r = refusal(*v, here, other_data(*v, k).of_property_names());
    } else if (k == "dependencies" || k == "properties" || k == "patternProperties") {
      if (!v->IsObject()) continue;
      if (k == "properties")  // definedProperties, for strictRequired further on
        for (auto& p : v->GetObject())
          if (sv(p.name) != "__proto__") cx.defined->insert(std::string(sv(p.name)));
      if (k == "patternProperties") r = pattern_properties_refusal(s, *v, here);
      for (auto m = v->MemberBegin(); m != v->MemberEnd() && !r; ++m) {
        if (!m->value.IsObject()) continue;
        // Ajv's place of the subschema, encodeURIComponent of its name, throws on a lone surrogate.
        if (!ajv_always_valid(m->value) && has_lone_surrogate(sv(m->name))) r = Refusal{"URI malformed", here};
        if (r) break;
        // A dependency's schema applies to the same data; a property's to a member.
        AjvCompileContext sub = k == "dependencies" ? cx.at(k) : other_data(m->value, k);
        r = refusal(m->value, pointer_append(here, sv(m->name)), sub.at(sv(m->name)));
        if (k == "properties" && sv(m->name) != "__proto__") cx.defined->insert(std::string(sv(m->name)));
      }
    } else if (k == "discriminator" && module_.options.ajv_discriminator) {
      r = discriminator_refusal(s, *v, here);
      if (const Value* branches = member(s, "oneOf"); !r && branches && branches->IsArray())
        for (rapidjson::SizeType i = 0; i < branches->Size() && !r; ++i)
          r = refusal((*branches)[i], pointer_append(ptr, "oneOf") + "/" + std::to_string(i),
                      cx.at("oneOf").at(std::to_string(i)));
    }
    if (r) return r;
  }
  return std::nullopt;
}

// Ajv compiles what a $ref reaches as it compiles the $ref (definitions included): a target
// without $refs of its own inlined, at each $ref (no data types known there, its messages at
// the $ref as written, the same data's names); any other target once, as a schema of its own.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::ref_refusal(const Value& ref, const std::string& here,
                                                                         const AjvCompileContext& cx) {
  if (!ref.IsString()) return std::nullopt;
  std::string id;
  const Value* target = doc_.try_hop(std::string(sv(ref)), refusal_scope_, id);
  if (!target) return std::nullopt;
  bool inlined = !holds_ref(*target);
  if (!inlined && !refusal_followed_.insert(target).second) return std::nullopt;
  std::string outer = std::exchange(refusal_scope_, id.empty() ? doc_.root_id() : id);
  auto r = refusal(*target, here, inlined ? cx.at_ref(ref_for_ajv(std::string(sv(ref)))) : AjvCompileContext::compiling(refusal_scope_));
  refusal_scope_ = outer;
  return r;
}

// Strict mode: a format Ajv does not know (none of ajv-formats', none of the `formats`
// option) is an error where it would be ignored.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::unknown_format(const Value& format, const std::string& here,
                                                                            const AjvCompileContext& cx) const {
  if (!format.IsString() || !module_.options.ajv_strict_schema || !module_.options.ajv_validate_formats)
    return std::nullopt;
  std::string name(sv(format));
  if (ajv_formats_defines(name) || custom_format(name)) return std::nullopt;
  return Refusal{"unknown format \"" + name + "\" ignored in schema at path \"" + cx.path + "\"", here};
}

// Ajv compiles its regexes as it compiles the schema: with the u flag, a source the
// meta-schema let through may throw there (ir/unicode_regexp.h).
std::optional<ValidatorLowering::Refusal> ValidatorLowering::unicode_refusal(const std::string& source,
                                                                             const std::string& here) const {
  if (!module_.options.ajv_unicode_regexp) return std::nullopt;
  std::string why = unicode_regexp_refusal(source);
  if (why.empty()) return std::nullopt;
  return Refusal{"Invalid regular expression: /" + source + "/u: " + why, here};
}

// patternProperties compiles its regexes unless every one's schema is always valid;
// additionalProperties compiles them too, to tell which names are additional, unless it is
// always valid itself (and does not remove everything additional).
std::optional<ValidatorLowering::Refusal> ValidatorLowering::pattern_properties_refusal(const Value& s, const Value& pp,
                                                                                        const std::string& here) const {
  const Value* ap = member(s, "additionalProperties");
  bool compiled = std::any_of(pp.MemberBegin(), pp.MemberEnd(), [](auto& m) { return !ajv_always_valid(m.value); }) ||
                  (ap && (!ajv_always_valid(*ap) || module_.options.ajv_remove_additional == AjvRemoval::All));
  if (compiled)
    for (auto& m : pp.GetObject())
      if (auto r = unicode_refusal(std::string(sv(m.name)), pointer_append(here, sv(m.name)))) return r;
  return std::nullopt;
}

// ajv-formats' formatMinimum and the like: they need a format beside them, and one whose
// definition compares (date, time, date-time and their iso- forms).
std::optional<ValidatorLowering::Refusal> ValidatorLowering::format_limit_refusal(const Value& s, const std::string& keyword,
                                                                                  const std::string& here) const {
  const Value* format = member(s, "format");
  if (!format) return Refusal{"parent schema must have dependencies of " + keyword + ": format", here};
  if (!module_.options.ajv_validate_formats || !format->IsString()) return std::nullopt;
  std::string name(sv(*format));
  const auto* custom = custom_format(name);
  bool defined = ajv_formats_defines(name) || (custom && custom->second);
  if (!defined || ajv_formats_compare(name)) return std::nullopt;  // unknown or `true`: nothing to compare
  return Refusal{"\"" + keyword + "\": format \"" + name + "\" does not define \"compare\" function", here};
}

// strictTuples: a tuple (`items` as a list) whose length minItems does not pin, with maxItems
// or additionalItems: false.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::strict_tuple_refusal(const Value& s, const Value& items,
                                                                                  const std::string& here,
                                                                                  const AjvCompileContext& cx) const {
  if (!items.IsArray() || !module_.options.ajv_strict_tuples) return std::nullopt;
  double n = items.Size();
  auto is_n = [&](const char* k) {
    const Value* v = member(s, k);
    return v && v->IsNumber() && v->GetDouble() == n;
  };
  const Value* extra = member(s, "additionalItems");
  if (is_n("minItems") && (is_n("maxItems") || (extra && extra->IsFalse()))) return std::nullopt;
  return Refusal{"strict mode: \"items\" is " + std::to_string(items.Size()) +
                     "-tuple, but minItems or maxItems/additionalItems are not specified or different at path \"" +
                     cx.path + "\"",
                 here};
}

// strictRequired: a required name that neither this schema's properties (an object whose
// lookup also finds Object.prototype's names) nor a properties keyword Ajv compiled before on
// the same data declares.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::strict_required_refusal(const Value& s, const Value& required,
                                                                                     const std::string& here,
                                                                                     const AjvCompileContext& cx) const {
  if (!required.IsArray() || !module_.options.ajv_strict_required) return std::nullopt;
  const Value* props = member(s, "properties");
  for (auto& name : required.GetArray()) {
    if (!name.IsString()) continue;
    std::string n(sv(name));
    if ((props && (member(*props, n) || inherited_from_object_prototype(n))) || cx.defined->count(n)) continue;
    return Refusal{"strict mode: required property \"" + n + "\" is not defined at \"" + cx.base + cx.path +
                       "\" (strictRequired)",
                   here};
  }
  return std::nullopt;
}

// What Ajv's discriminator keyword throws while it compiles (with the discriminator option):
// its checks in its order. A discriminator it accepts tags every oneOf branch with distinct
// strings that the branch requires, so the branch it picks is the one branch oneOf would find
// passing, and the oneOf tests stand for it.
std::optional<ValidatorLowering::Refusal> ValidatorLowering::discriminator_refusal(const Value& s, const Value& d,
                                                                                   const std::string& ptr) {
  auto no = [&](const std::string& why) { return Refusal{"discriminator: " + why, ptr}; };
  if (!d.IsObject()) return Refusal{"discriminator value must be [\"object\"]", ptr};
  const Value* name = member(d, "propertyName");
  if (!name || !name->IsString()) return no("requires propertyName");
  if (const Value* mapping = member(d, "mapping"); mapping && rt::to_boolean(*mapping)) return no("mapping is not supported");
  const Value* one_of = member(s, "oneOf");
  if (!one_of || !rt::to_boolean(*one_of)) return no("requires oneOf keyword");
  std::string tag(sv(*name));
  auto requires_tag = [&](const Value& sch) {
    const Value* r = member(sch, "required");
    if (!r || !r->IsArray()) return false;
    for (auto& n : r->GetArray())
      if (n.IsString() && sv(n) == tag) return true;
    return false;
  };
  bool top = s.IsObject() && requires_tag(s), tag_required = true;
  std::set<std::string> values;
  // `tagValue in oneOfMapping` also finds what every object inherits.
  auto add = [&](const Value& v) {
    if (!v.IsString() || inherited_from_object_prototype(sv(v)) || !values.insert(std::string(sv(v))).second)
      return false;
    return true;
  };
  for (rapidjson::SizeType i = 0; one_of->IsArray() && i < one_of->Size(); ++i) {
    const Value& branch = (*one_of)[i];
    const Value* sch = &branch;
    if (const Value* ref = member(branch, "$ref"); ref && ref->IsString() && branch.MemberCount() == 1) {
      std::string id;
      sch = doc_.try_hop(std::string(sv(*ref)), refusal_scope_, id);
    }
    const Value* prop = sch && sch->IsObject() ? member(member(*sch, "properties"), tag) : nullptr;
    if (!prop || !(prop->IsObject() || prop->IsArray() || prop->IsNull()))  // typeof != "object"
      return no("oneOf subschemas (or referenced schemas) must have \"properties/" + tag + "\"");
    tag_required = tag_required && (top || requires_tag(*sch));
    const Value* c = prop->IsObject() ? member(*prop, "const") : nullptr;
    const Value* e = prop->IsObject() ? member(*prop, "enum") : nullptr;
    bool ok = true;
    if (c && rt::to_boolean(*c)) ok = add(*c);
    else if (e && rt::to_boolean(*e)) {
      if (e->IsArray())
        for (auto& v : e->GetArray()) ok = ok && add(v);
    } else {
      return no("\"properties/" + tag + "\" must have \"const\" or \"enum\"");
    }
    if (!ok) return no("\"" + tag + "\" values must be unique strings");
  }
  if (!tag_required) return no("\"" + tag + "\" must be required");
  return std::nullopt;
}

void ValidatorLowering::check_custom_formats() const {
  for (const auto& [name, source] : module_.options.ajv_formats)
    if (source)
      if (std::string why = regexp_refusal(*source); !why.empty())
        throw CompileError("Invalid regular expression: /" + *source + "/: " + why, pointer_append("/ajv/formats", name),
                           ErrorCode::InvalidOptions);
}

}  // namespace sj::ir
