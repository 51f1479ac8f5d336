// Lowering the schemas that decide anyOf/oneOf branches and if conditions into validators
// (ir.h, "validation"): JSON Schema draft-07 as Ajv 8 with ajv-formats checks it inside
// fast-json-stringify (spec §8.2).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/ir.h"
#include "ir/schema_doc.h"

namespace sj::ir {

class ValidatorLowering {
 public:
  ValidatorLowering(const SchemaDoc& doc, Module& module) : doc_(doc), module_(module) {}

  // The index in module.validators of the validator for the schema at `location`, created
  // on first use (so a schema that refers to itself validates recursively). Throws
  // CompileError for keywords it cannot check exactly as Ajv does.
  int validator_for(const rapidjson::Value& schema, const std::string& location);

  // A schema document that is not in the SchemaDoc's registry (a merged schema, "__fjs_merged_<n>").
  void add_document(const std::string& id, const rapidjson::Value* schema) { documents_[id] = schema; }

  // fjs's serializer build writes the type it infers for a schema without one (from its
  // keywords: properties → "object", …) into that schema object, which Ajv later compiles: the
  // validators see the type too, as if the schema had it.
  void note_inferred_type(const rapidjson::Value& schema, const std::string& type);

  // Lowers the validators validator_for handed out, after the whole serializer, as fjs creates
  // and compiles its Ajv after generating its code (so inferred types and build errors come
  // first). Throws CompileError for what Ajv refuses at build time.
  void finish();

  // Where Ajv's compile of a schema stands: what its messages call the place (baseId and
  // errSchemaPath), and for strictTypes what the schemas around it allow of the data (empty:
  // anything) and whether fjs converted it for Ajv ("string" types read ["string", "object"]
  // and add the keyword fjs_type; not under propertyNames).
  struct AjvCompileContext {
    std::string base;
    std::string path = "#";
    std::vector<std::string> data_types;
    bool converted = true;
    // Ajv's definedProperties: the names properties keywords compiled so far on the same data
    // declared (strictRequired), shared by the schemas on that data.
    std::shared_ptr<std::set<std::string>> defined = std::make_shared<std::set<std::string>>();
    static AjvCompileContext compiling(std::string base);   // a schema Ajv compiles as a whole
    AjvCompileContext at(std::string_view segment) const;  // a keyword or name further down
    AjvCompileContext at_ref(const std::string& ref) const;  // what a $ref reaches, inlined there
    AjvCompileContext of_property_names() const;
  };

 private:
  // A schema Ajv refuses to compile: its message and where.
  struct Refusal {
    std::string message, pointer;
  };
  const Refusal* refusal_of_document(const std::string& id);
  std::optional<Refusal> refusal_of_fragment(const rapidjson::Value& schema, const std::string& location);
  std::optional<Refusal> refusal(const rapidjson::Value& schema, const std::string& pointer, AjvCompileContext cx);
  std::optional<Refusal> unknown_keyword(std::string_view keyword, const std::string& pointer) const;
  std::optional<Refusal> ref_refusal(const rapidjson::Value& ref, const std::string& pointer, const AjvCompileContext& cx);
  std::optional<Refusal> unknown_format(const rapidjson::Value& format, const std::string& pointer,
                                        const AjvCompileContext& cx) const;
  std::optional<Refusal> unicode_refusal(const std::string& source, const std::string& pointer) const;
  std::optional<Refusal> pattern_properties_refusal(const rapidjson::Value& s, const rapidjson::Value& pattern_properties,
                                                    const std::string& pointer) const;
  std::optional<Refusal> format_limit_refusal(const rapidjson::Value& s, const std::string& keyword,
                                              const std::string& pointer) const;
  std::optional<Refusal> strict_tuple_refusal(const rapidjson::Value& s, const rapidjson::Value& items,
                                              const std::string& pointer, const AjvCompileContext& cx) const;
  std::optional<Refusal> strict_required_refusal(const rapidjson::Value& s, const rapidjson::Value& required,
                                                 const std::string& pointer, const AjvCompileContext& cx) const;
  std::optional<Refusal> discriminator_refusal(const rapidjson::Value& s, const rapidjson::Value& discriminator,
                                               const std::string& pointer);

  TestPtr lower(const rapidjson::Value& schema, const std::string& location);
  // lower() inside one of Ajv's composite rules (anyOf, oneOf, not, if, contains), where it
  // ignores useDefaults.
  TestPtr composite(const rapidjson::Value& schema, const std::string& location);
  void add_keywords(const rapidjson::Value& s, const std::string& path, std::vector<TestPtr>& tests);
  TestPtr members(const rapidjson::Value& s, const std::string& path);
  std::vector<std::pair<int, TestPtr>> members_in_ajv_order(const rapidjson::Value& s, const std::string& path);
  TestPtr items(const rapidjson::Value& s, const std::string& path);
  TestPtr format(const std::string& name, const std::string& path);
  // ajv: {formats}: the option's entry for `name` unless ajv-formats replaced it, or null.
  const std::pair<std::string, std::optional<std::string>>* custom_format(const std::string& name) const;
  // The build error fjs's new Ajv throws for the first of those sources V8 refuses.
  void check_custom_formats() const;
  int pattern(const std::string& source, const std::string& path, rt::Pattern::Dialect dialect);
  // The schema's own regexes (pattern, patternProperties), with or without the u flag.
  rt::Pattern::Dialect user_dialect() const {
    return module_.options.ajv_unicode_regexp ? rt::Pattern::Dialect::Ajv : rt::Pattern::Dialect::AjvNonUnicode;
  }
  int constant(const rapidjson::Value& v);
  // The schema's type keyword as Ajv sees it (written or inferred by fjs), or null.
  const rapidjson::Value* type_of(const rapidjson::Value& s) const;

  const SchemaDoc& doc_;
  Module& module_;
  std::map<std::string, int> validators_;  // location → index
  std::map<std::pair<std::string, rt::Pattern::Dialect>, int> patterns_;
  std::unordered_map<std::string, int> constants_;  // JSON text → index; hashed, as an enum may have 200,000 entries
  std::map<std::string, const rapidjson::Value*> documents_;
  std::map<std::string, std::optional<Refusal>> refusals_;  // by document id
  int composite_ = 0;  // how many composite rules enclose what is being lowered
  std::string refusal_scope_;  // the id of the document refusal() walks (its $refs resolve there)
  std::set<const rapidjson::Value*> refusal_followed_;  // the $ref targets it has walked
  std::map<const rapidjson::Value*, const rapidjson::Value*> inferred_types_;  // by schema object
  std::vector<std::pair<const rapidjson::Value*, std::string>> pending_;  // validators to lower, by index
};

}  // namespace sj::ir
