// Schema merging (ir/merge.h): the resolvers of @fastify/merge-json-schemas that fjs relies on.
// Expected results were printed by @fastify/merge-json-schemas itself (mergeSchemas(list,
// {onConflict: "skip"}) from fast-json-stringify 7.3.6's node_modules).
#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include "ir/merge.h"
#include "runtime/js_value.h"

namespace {

// The merge of a JSON array of schemas, as JSON text; "MergeError <keyword>" when it throws.
std::string merged(const char* list) {
  rapidjson::Document d;
  d.Parse(list);
  std::vector<const rapidjson::Value*> parts;
  for (auto& s : d.GetArray()) parts.push_back(&s);
  try {
    return sj::rt::json_stringify(sj::ir::merge_schemas(parts, d.GetAllocator()));
  } catch (const sj::ir::MergeError& e) {
    return "MergeError " + e.keyword;
  }
}

TEST(Merge, KeywordsThatMustAgree) {
  EXPECT_EQ(merged(R"([{"type":["string","integer"]},{"type":["integer","null"]}])"), R"({"type":"integer"})");
  EXPECT_EQ(merged(R"([{"type":"string"},{"type":"integer"}])"), "MergeError type");
  EXPECT_EQ(merged(R"([{"enum":[1,2,3]},{"enum":[3,2]}])"), R"({"enum":[2,3]})");
  EXPECT_EQ(merged(R"([{"const":{"a":1}},{"const":{"a":1}}])"), R"({"const":{"a":1}})");
  EXPECT_EQ(merged(R"([{"const":1},{"const":2}])"), "MergeError const");
  EXPECT_EQ(merged(R"([{"format":"date"},{"format":"time"}])"), "MergeError format");
  // Other keywords: equal values kept, differing values dropped.
  EXPECT_EQ(merged(R"([{"title":"a","pattern":"x"},{"title":"b","pattern":"x"}])"), R"({"pattern":"x"})");
}

TEST(Merge, NumbersListsAndBooleans) {
  EXPECT_EQ(merged(R"([{"minimum":1,"maxLength":9},{"minimum":3,"maxLength":4}])"), R"({"minimum":3,"maxLength":4})");
  EXPECT_EQ(merged(R"([{"multipleOf":0.1},{"multipleOf":0.25}])"), R"({"multipleOf":0.5})");
  EXPECT_EQ(merged(R"([{"required":["a","b"]},{"required":["b","c"]}])"), R"({"required":["a","b","c"]})");
  EXPECT_EQ(merged(R"([{"nullable":true},{"nullable":false}])"), R"({"nullable":false})");
  EXPECT_EQ(merged(R"([{"uniqueItems":false},{"uniqueItems":true}])"), R"({"uniqueItems":true})");
  EXPECT_EQ(merged(R"([true,{"type":"string"}])"), R"({"type":"string"})");
  EXPECT_EQ(merged(R"([{"type":"string"},false])"), "false");
  EXPECT_EQ(merged(R"([true,true])"), "true");
}

TEST(Merge, PropertiesTakeWhatOtherSchemasSayOfTheSameName) {
  // b's additionalProperties:false makes a's "x" false (fjs then prints it raw).
  EXPECT_EQ(merged(R"([{"properties":{"x":{"type":"string"}}},{"properties":{"y":{}},"additionalProperties":false}])"),
            R"({"properties":{"x":false,"y":{}},"additionalProperties":false})");
  EXPECT_EQ(merged(R"([{"properties":{"x1":{"type":"string"}}},{"patternProperties":{"^x":{"minLength":2}}}])"),
            R"({"properties":{"x1":{"type":"string","minLength":2}},"patternProperties":{"^x":{"minLength":2}}})");
}

TEST(Merge, ItemsBranchesAndConditions) {
  EXPECT_EQ(merged(R"([{"items":[{"type":"string"}]},{"items":{"minLength":1}}])"),
            R"({"items":[{"type":"string","minLength":1}]})");
  // anyOf × anyOf: the product, conflicting combinations dropped.
  EXPECT_EQ(merged(R"([{"anyOf":[{"type":"string"},{"type":"number"}]},{"anyOf":[{"type":"number"},{"type":"boolean"}]}])"),
            R"({"anyOf":[{"type":"number"}]})");
  // The first if wins; a later if/then/else is merged into its then and else.
  EXPECT_EQ(merged(R"([{"if":{"a":1},"then":{"b":1}},{"if":{"c":1},"then":{"d":1}}])"),
            R"({"if":{"a":1},"then":{"b":1,"if":{"c":1},"then":{"d":1}}})");
}

}  // namespace
