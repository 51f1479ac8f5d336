// The loader's errors and the IR printer's text.
#include "tests/test_util.h"

namespace {

std::string ir(const std::string& schema, const std::string& options = "") {
  auto r = sj::test::engine().dump(schema, options, schemajit::DumpKind::IR);
  return r ? *r : "ERROR " + r.error().message + " @" + r.error().pointer;
}

TEST(Loader, MetaSchemaErrors) {
  EXPECT_EQ(ir("5"), "ERROR schema is invalid: data must be object,boolean @");
  EXPECT_EQ(ir(R"({"required":"a"})"), "ERROR schema is invalid: data/required must be array @/required");
  EXPECT_EQ(ir(R"({"properties":{"a":{"anyOf":{}}}})"), "ERROR schema is invalid: data/properties/a/anyOf must be array @/properties/a/anyOf");
  EXPECT_EQ(ir(R"({"allOf":[]})"), "ERROR schema is invalid: data/allOf must NOT have fewer than 1 items @/allOf");
  EXPECT_EQ(ir(R"({"properties":{"a":{"not":5}}})"), "ERROR schema is invalid: data/properties/a/not must be object,boolean @/properties/a/not");
  EXPECT_EQ(ir(R"({"properties":{"p":{"$ref":"#/$defs/a"}},"$defs":{"a":{"type":"foo"}}})"), "ERROR foo unsupported @/$defs/a/type");
  // A root $ref with $defs beside it is merged with its target, as fjs merges it (its messages
  // name the copy __fjs_merged_0#): the pointer is the copy's.
  EXPECT_EQ(ir(R"({"$defs":{"a":{"type":"foo"}},"$ref":"#/$defs/a"})"), "ERROR foo unsupported @/type");
}

TEST(Loader, MaxDepth) {
  std::string deep = R"({"type":"string"})";
  for (int i = 0; i < 101; ++i) deep = R"({"type":"object","properties":{"a":)" + deep + "}}";
  EXPECT_EQ(ir(deep), "ERROR schema exceeds maximum depth of 100 @");
  EXPECT_EQ(ir(R"({"properties":{"a":{"properties":{"b":{}}}}})", R"({"maxDepth":1})"),
            "ERROR schema exceeds maximum depth of 1 @");
  EXPECT_EQ(ir(R"({"type":"string"})", R"({"maxDepth":101})"),
            "ERROR Unsupported max schema depth 101. Expected an integer between 0 and 100. @/maxDepth");
}

// Hostile nesting is rejected before any recursive pass can overflow the stack.
TEST(Loader, NestingHundredThousandDeep) {
  std::string props, arrays = std::string(100000, '[') + std::string(100000, ']');
  for (int i = 0; i < 100000; ++i) props += R"({"properties":{"a":)";
  props += "{}";
  for (int i = 0; i < 100000; ++i) props += "}}";
  EXPECT_EQ(ir(props), "ERROR schema exceeds maximum depth of 100 @");
  EXPECT_EQ(ir(R"({"default":)" + arrays + "}"), "ERROR schema exceeds maximum depth of 100 @");
  EXPECT_EQ(ir("{}", R"({"schema":{"deep":)" + props + "}}"), "ERROR \"deep\" schema exceeds maximum depth of 100 @/schema/deep");
}

TEST(Printer, GoldenText) {
  const char* schema = R"({"type":"object","required":["id"],"properties":{
    "tags":{"type":"array","items":{"type":"string"}},
    "id":{"type":"integer"},
    "at":{"type":["string","null"],"format":"date-time"},
    "child":{"$ref":"#"}},
    "additionalProperties":true})";
  EXPECT_EQ(ir(schema, R"({"cutoffs":{"string":8,"number":8,"integer":8}})"), R"(module  opt=O1  cutoffs: string=8 number=8 integer=8 numberArrays=4  largeArraySize=20000

fn f0  #  (entry)
  object  #
    field "id":  required  (expected at #1)
      integer rounding=trunc  #/properties/id
    field "tags":  optional  (expected at #0)
      array  #/properties/tags
        items  (bulk-string when len >= 8, then loop)
          string  #/properties/tags/items
    field "at":  optional  (expected at #2)
      type-switch  #/properties/at
        null  writes null  #/properties/at
        string format=date-time  #/properties/at
    field "child":  optional  (expected at #3)
      call f0  #/properties/child
    extras raw
)");
}

}  // namespace

namespace {

// anyOf: a Select over validators (cheap tests first), each branch merged into a function.
TEST(Printer, SelectAndValidators) {
  const char* schema = R"({"anyOf":[
    {"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"]},
    {"type":"string","minLength":2}]})";
  EXPECT_EQ(ir(schema), R"(module  opt=O1  cutoffs: string=16 number=8 integer=8 numberArrays=4  largeArraySize=20000

fn f0  #  (entry)
  select  #
    when v0 passes
      call f1  __fjs_merged_1#
    when v1 passes
      call f2  __fjs_merged_2#
    none: error

fn f1  __fjs_merged_1#
  object  __fjs_merged_1#
    field "kind":  required  (expected at #0)
      const "a"  __fjs_merged_1#/properties/kind

fn f2  __fjs_merged_2#
  string  __fjs_merged_2#

validator v0  #/anyOf/0
  all of
    type object
    properties "kind"
      equals "a"
    required "kind"

validator v1  #/anyOf/1
  all of
    type string
    code points 2..
)");
}

// A property that is only a const or enum is tested before required and the other
// properties, unless a property before it has a test that can record an error (here a $ref,
// a call): "b" stays behind "a", "kind" goes first.
TEST(Printer, DiscriminatorsFirstUpToACall) {
  const char* schema = R"({"anyOf":[
    {"type":"object","required":["n"],"properties":{"kind":{"enum":["x","y"]},"n":{"type":"integer"},
                                                    "a":{"$ref":"#/definitions/d"},"b":{"const":1}}},
    {"type":"string"}],
    "definitions":{"d":{"type":"object","properties":{"d":{"$ref":"#/definitions/d"}}}}})";
  std::string text = ir(schema);
  auto at = text.find("validator v0");
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_EQ(text.substr(at, text.find("validator v1") - at), R"(validator v0  #/anyOf/0
  all of
    type object
    properties "kind"
      equals "x" "y"
    required "n"
    properties "n" "a" "b"
      type integer
      call v2
      equals 1

)") << text;
}

TEST(Loader, CombinatorErrors) {
  EXPECT_EQ(ir(R"({"properties":{"a":{"allOf":[{"type":"string"},{"type":"number"}]}}})"),
            "ERROR Failed to merge \"type\" keyword schemas. @/properties/a/allOf");
  EXPECT_EQ(ir(R"({"anyOf":[{"type":"number","x-unit":"m"}]})", R"({"ajv":{"strictSchema":true},"compileValidators":true})"),
            "ERROR strict mode: unknown keyword: \"x-unit\" @/anyOf/0/x-unit");
  EXPECT_EQ(ir(R"({"anyOf":[{"type":"string","format":"regex"}]})"),
            "ERROR not supported yet: format \"regex\" inside anyOf/oneOf/if @/anyOf/0/format");
}

// Arrays whose items are bulk-number arrays (coordinates) get their own bulk kernel, with
// its own cutoff; the inner arrays keep theirs for the loop.
TEST(Printer, ArraysOfNumberArrays) {
  EXPECT_EQ(ir(R"({"type":"array","items":{"type":"array","items":{"type":"number"}}})", R"({"cutoffs":{"numberArrays":8}})"),
            R"(module  opt=O1  cutoffs: string=16 number=8 integer=8 numberArrays=8  largeArraySize=20000

fn f0  #  (entry)
  array  #
    items  (bulk-number-arrays when len >= 8, then loop)
      array  #/items
        items  (bulk-number when len >= 8, then loop)
          number  #/items/items
)");
}

}  // namespace
