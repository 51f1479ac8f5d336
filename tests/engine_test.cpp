// Compiled serializers end to end: objects, arrays and the bulk/loop array branch, type
// arrays, recursion, errors and rollback.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include <rapidjson/document.h>

#include "runtime/escape.h"
#include "tests/test_util.h"

namespace {

using sj::test::engine;
using sj::test::run;

TEST(Objects, RequiredFirstThenSchemaOrder) {
  const char* s = R"({"type":"object","required":["c"],
    "properties":{"a":{"type":"integer"},"b":{"type":"string"},"c":{"type":"boolean"}}})";
  EXPECT_EQ(run(s, R"({"a":1,"b":"x","c":true})"), R"({"c":true,"a":1,"b":"x"})");
  EXPECT_EQ(run(s, R"({"b":"x","c":false,"a":1})"), R"({"c":false,"a":1,"b":"x"})");
  EXPECT_EQ(run(s, R"({"c":0})"), R"({"c":false})");
  EXPECT_EQ(run(s, R"({"a":1})"), "ERR: \"c\" is required! @#");
}

TEST(Objects, ArrayIndexKeysComeFirst) {
  const char* s = R"({"properties":{"b":{},"10":{},"a":{},"2":{}}})";
  EXPECT_EQ(run(s, R"({"a":1,"b":2,"2":3,"10":4})"), R"({"2":3,"10":4,"b":2,"a":1})");
}

// Members that additionalProperties prints come out in JavaScript's enumeration order:
// array-index keys (canonical decimals below 2^32 - 1) ascending, then the rest in insertion
// order; members already in that order are printed as they are (no reordering pass).
TEST(Objects, ExtrasEnumerateIndexKeysFirst) {
  const char* s = R"({"type":"object","additionalProperties":true})";
  EXPECT_EQ(run(s, R"({"3":1,"10":2,"x":3,"y":4})"), R"({"3":1,"10":2,"x":3,"y":4})");
  EXPECT_EQ(run(s, R"({"10":1,"3":2})"), R"({"3":2,"10":1})");
  EXPECT_EQ(run(s, R"({"x":1,"3":2})"), R"({"3":2,"x":1})");
  EXPECT_EQ(run(s, R"({"x":1,"01":2,"4294967295":3,"4294967294":4})"),
            R"({"4294967294":4,"x":1,"01":2,"4294967295":3})");
  // A DOM with duplicate names (RapidJSON keeps them; JSON.parse would not): the first
  // position, the last value, for index keys and others alike.
  auto ser = engine().compile(s, "");
  for (auto [input, expected] : {std::pair{R"({"3":1,"3":2})", R"({"3":2})"},
                                 std::pair{R"({"1":0,"a":1,"b":2,"a":3})", R"({"1":0,"a":3,"b":2})"}}) {
    rapidjson::Document doc;
    doc.Parse(input);
    std::string out;
    ASSERT_TRUE(ser->serialize(doc, out));
    EXPECT_EQ(out, expected) << input;
  }
}

// Beside declared properties, machine code lists the undeclared members itself (one index
// key first, the rest in insertion order) and hands every other case to the runtime's order:
// two index keys, two undeclared names of one length (repeated or not), a name of 64 bytes
// or more, more than 16 of them. Each case from a DOM (which may repeat names), at every
// level, against JavaScript's order and the interpreter.
TEST(Objects, UndeclaredMembersBesideDeclaredOnes) {
  const char* s = R"({"type":"object","properties":{"id":{},"name":{}},"additionalProperties":true})";
  std::string many = "{\"id\":0", many_out = "{\"id\":0";
  for (int k = 1; k <= 17; ++k) {
    std::string name(static_cast<size_t>(k), 'a');
    many += ",\"" + name + "\":" + std::to_string(k);
    many_out += ",\"" + name + "\":" + std::to_string(k);
  }
  many += "}", many_out += "}";
  std::string long_name(70, 'l'), name63(63, 'm'), name64(64, 'n');
  // The list full: an index key and 16 others of distinct lengths.
  std::string full = "{\"id\":0,\"9\":0", full_out = "{\"id\":0,\"9\":0";
  for (int k = 3; k <= 18; ++k) {
    std::string member = ",\"" + std::string(static_cast<size_t>(k), 'f') + "\":" + std::to_string(k);
    full += member, full_out += member;
  }
  full += "}", full_out += "}";
  const std::pair<std::string, std::string> cases[] = {
      {R"({"x":1,"id":2,"7":3,"name":4,"yy":5})", R"({"id":2,"name":4,"7":3,"x":1,"yy":5})"},
      {R"({"x":1,"10":2,"id":0,"3":4})", R"({"id":0,"3":4,"10":2,"x":1})"},
      {R"({"ab":1,"cd":2,"id":0})", R"({"id":0,"ab":1,"cd":2})"},
      {R"({"01":1,"4294967295":2,"1ab":4,"12345678901":6,"4294967294":3})",
       R"({"4294967294":3,"01":1,"4294967295":2,"1ab":4,"12345678901":6})"},
      {R"({"0":1,"x":2})", R"({"0":1,"x":2})"},
      {R"({"":1,"id":0,"x":2})", R"({"id":0,"":1,"x":2})"},
      {many, many_out},
      {"{\"x\":1,\"" + long_name + "\":2,\"3\":3}", "{\"3\":3,\"x\":1,\"" + long_name + "\":2}"},
      {full, full_out},
      // Repeated names at the longest listed length and the first one past it.
      {"{\"" + name63 + "\":1,\"id\":0,\"" + name63 + "\":2}", "{\"id\":0,\"" + name63 + "\":2}"},
      {"{\"" + name64 + "\":1,\"id\":0,\"" + name64 + "\":2}", "{\"id\":0,\"" + name64 + "\":2}"},
      {R"({"a":1,"id":0,"a":2})", R"({"id":0,"a":2})"},
      {R"({"5":1,"b":0,"5":2})", R"({"5":2,"b":0})"},
      // A declared name repeated: read at the predicted position (README, "Differences").
      {R"({"id":1,"x":2,"id":3})", R"({"id":1,"x":2})"},
  };
  schemajit::Engine interpreter(schemajit::interpreter_only);
  schemajit::Engine jit = sj::tools::make_engine();
  auto reference = interpreter.compile(s);
  ASSERT_TRUE(reference);
  for (int level = 0; level <= 2; ++level) {
    auto ser = jit.compile(s, sj::test::at_level(level));
    ASSERT_TRUE(ser) << ser.error().message;
    for (const auto& [input, expected] : cases) {
      rapidjson::Document doc;
      doc.Parse(input.c_str());
      ASSERT_FALSE(doc.HasParseError()) << input;
      std::string out, interpreted;
      ASSERT_TRUE(ser->serialize(doc, out)) << input;
      ASSERT_TRUE(reference->serialize(doc, interpreted)) << input;
      EXPECT_EQ(out, expected) << "level " << level << ": " << input;
      EXPECT_EQ(interpreted, expected) << input;
    }
  }
  EXPECT_EQ(jit.stats().jit_failures, 0u) << jit.stats().jit_error;
}

// Machine code matches ^literal$ and ^literal C+$ itself and tests other anchored patterns'
// first byte before it searches: as patternProperties and as `pattern` in anyOf, every
// subject (empty, a prefix, too long, a byte out of the class, non-ASCII in and out of it)
// gets the interpreter's answer.
TEST(Objects, InlinePatternsAgreeWithTheRuntime) {
  const char* patterns[] = {"^x-trace$", "^x-[a-z]+$", "^[0-9]+$", "^\\\\S+$", "^$", "^é+$", "^ab?c", "^[a-c]{2}$",
                            "^x-custom-[a-z]+$"};
  const char* subjects[] = {"", "x", "x-", "x-trace", "x-tracex", "x-a", "x-A", "x-é", "123", "12a", "１２",
                            "a b", "é", "éé", "\u00a0", "ab", "abc", "ac", "ca", "x-trac", "\\u0000",
                            "x-custom-id", "x-custom-", "x-customX-id", "x-cusTom-id", "x-custom-ï"};
  schemajit::Engine interpreter(schemajit::interpreter_only);
  schemajit::Engine jit = sj::tools::make_engine();
  int matched = 0, refused = 0;
  for (const char* p : patterns) {
    // As patternProperties keys (each subject beside a declared member, so that machine code
    // lists it), as `pattern` in anyOf and as patternProperties inside anyOf (a string no
    // branch takes is an error: each subject on its own).
    const std::string keys = std::string(R"({"type":"object","properties":{"id":{}},"patternProperties":{")") + p +
                             R"(":{"type":"string"}},"additionalProperties":false})";
    const std::string value = std::string(R"({"anyOf":[{"type":"string","pattern":")") + p + R"("},{"type":"boolean"}]})";
    const std::string member = std::string(R"({"anyOf":[{"type":"object","patternProperties":{")") + p +
                               R"(":true},"additionalProperties":false},{"type":"boolean"}]})";
    for (const std::string* schema : {&keys, &value, &member}) {
      auto reference = interpreter.compile(*schema);
      ASSERT_TRUE(reference) << reference.error().message;
      auto level1 = jit.compile(*schema, sj::test::at_level(1));
      auto level2 = jit.compile(*schema, sj::test::at_level(2));
      ASSERT_TRUE(level1 && level2);
      for (const char* subject : subjects) {
        std::string quoted = std::string("\"") + subject + "\"";
        std::string input = schema == &keys ? "{\"id\":1," + quoted + ":2,\"z\":3}"
                            : schema == &value ? quoted
                                               : "{" + quoted + ":1}";
        std::string expected;
        bool ok = static_cast<bool>(sj::test::serialize_text(*reference, input, expected));
        ++(ok ? matched : refused);
        for (const auto* ser : {&*level1, &*level2}) {
          std::string out;
          EXPECT_EQ(static_cast<bool>(sj::test::serialize_text(*ser, input, out)), ok) << p << " on " << input;
          EXPECT_EQ(out, expected) << p << " on " << input;
        }
      }
    }
  }
  EXPECT_GT(matched, 100);
  EXPECT_GT(refused, 100);
  EXPECT_EQ(jit.stats().jit_failures, 0u) << jit.stats().jit_error;
}

TEST(Objects, OptionalMembersAndCommas) {
  const char* s = R"({"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":"integer"}}})";
  EXPECT_EQ(run(s, "{}"), "{}");
  EXPECT_EQ(run(s, R"({"b":2})"), R"({"b":2})");
  EXPECT_EQ(run(s, R"({"c":3,"a":1})"), R"({"a":1,"c":3})");
}

TEST(Objects, DefaultsArePrintedVerbatim) {
  const char* s = R"({"type":"object","required":["a"],"properties":{
    "a":{"type":"integer","default":"not coerced"},"b":{"type":"string","default":{"x":[1]}}}})";
  EXPECT_EQ(run(s, "{}"), R"({"a":"not coerced","b":{"x":[1]}})");
  EXPECT_EQ(run(s, R"({"a":"7"})"), R"({"a":7,"b":{"x":[1]}})");
}

TEST(Objects, RequiredNotInProperties) {
  const char* s = R"({"type":"object","required":["id","zz"],"properties":{"id":{"type":"integer"}}})";
  EXPECT_EQ(run(s, R"({"id":1})"), "ERR: \"zz\" is required! @#");
  EXPECT_EQ(run(s, R"({"id":1,"zz":2})"), R"({"id":1})");
}

TEST(Objects, AdditionalProperties) {
  const char* raw = R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true})";
  EXPECT_EQ(run(raw, R"({"x":[1,{"y":null}],"a":1,"2":true})"), R"({"a":"1","2":true,"x":[1,{"y":null}]})");
  const char* typed = R"({"type":"object","additionalProperties":{"type":"number"}})";
  EXPECT_EQ(run(typed, R"({"q\"k":"5","n":null})"), R"({"q\"k":5,"n":0})");
  // With duplicate names JSON.parse keeps the first position and the last value.
  EXPECT_EQ(run(raw, R"({"x":1,"y":2,"x":3})"), R"({"x":3,"y":2})");
}

// A branch with additionalProperties false whose properties are all required skips its pass
// over the members when the object has as many members as it declares names: required has
// already shown each of them present. A DOM with duplicate names (RapidJSON keeps them)
// reaches that count without them.
TEST(Objects, ClosedBranchCountsItsMembers) {
  auto ser = engine().compile(R"({"anyOf":[{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"string"}},
                                  "required":["a","b"],"additionalProperties":false},{"type":"string"}]})",
                              "");
  ASSERT_TRUE(ser);
  for (auto [input, passes] : {std::pair{R"({"b":"x","a":1})", true}, std::pair{R"({"a":1,"b":"x","b":"y"})", true},
                               std::pair{R"({"a":1,"a":2})", false}, std::pair{R"({"a":1,"c":2})", false},
                               std::pair{R"({"a":1,"b":"x","c":2})", false}}) {
    rapidjson::Document doc;
    doc.Parse(input);
    std::string out;
    EXPECT_EQ(ser->serialize(doc, out).ok(), passes) << input;
    EXPECT_EQ(out.empty(), !passes) << input;
  }
}

TEST(Objects, KeysEscapedAtCompileTime) {
  const char* s = R"({"type":"object","properties":{"q\"u\\o\nte":{"type":"integer"}}})";
  EXPECT_EQ(run(s, R"({"q\"u\\o\nte":1})"), R"({"q\"u\\o\nte":1})");
}

TEST(Objects, PatternProperties) {
  // Patterns in JavaScript key order (index-like "9" first), first match wins, declared
  // members skipped, additionalProperties (false) for the rest; extras in the input's order.
  const char* s = R"({"type":"object","properties":{"id":{"type":"integer"}},
    "patternProperties":{"^x-":{"type":"string"},"_count$":{"type":"integer"},"9":{"type":"boolean"},"e":true},
    "additionalProperties":false})";
  EXPECT_EQ(run(s, R"({"x-a":1,"id":"2","n_count":"3.7","other":5,"x9":0,"be":[1],"x-e":null})"),
            R"({"id":2,"x-a":"1","n_count":3,"other":5,"x9":false,"be":[1],"x-e":""})");
  // With additionalProperties: unmatched members go through its schema.
  EXPECT_EQ(run(R"({"patternProperties":{"^a":{"type":"number"}},"additionalProperties":{"type":"string"}})",
                R"({"b":1,"ab":"2"})"),
            R"({"b":"1","ab":2})");
  // JavaScript's $ (no m flag) matches only at the very end, not before a final newline.
  EXPECT_EQ(run(R"({"patternProperties":{"^a$":true}})", R"({"a":1,"a\n":2})"), R"({"a":1})");
  // A pattern is searched, not anchored; "\\d" and classes as in JavaScript.
  EXPECT_EQ(run(R"({"patternProperties":{"^\\d+$":{"type":"string"},"[A-Z]":true}})", R"({"12":1,"aBc":2,"1a":3})"),
            R"({"12":"1","aBc":2})");
  auto bad = engine().compile(R"({"type":"object","patternProperties":{"*":{"type":"string"}}})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "schema is invalid: data/patternProperties must match format \"regex\"");
  EXPECT_EQ(bad.error().pointer, "/patternProperties");
}

// A string read as an object (spec §16.3) splits a character above U+FFFF into two UTF-16
// units, lone surrogates that JSON.stringify prints escaped. Both ends of a call (in the
// caller's string, in the scratch buffer), the caller's bytes kept, at each level, and the
// output limit counted on the printed text, six bytes per surrogate, not on the three each
// takes while the call runs.
TEST(Objects, StringReadAsAnObjectPrintsLoneSurrogates) {
  const char* schema = R"({"type":"object","additionalProperties":true})";
  const std::string want = R"({"0":"x","1":"\ud83d","2":"\ude00","3":"y","4":"é"})";
  rapidjson::Document doc;
  doc.Parse(R"("x\ud83d\ude00y\u00e9")");
  ASSERT_TRUE(doc.IsString());
  for (int level : {0, 1}) {
    auto ser = engine().compile(schema, sj::test::at_level(level));
    ASSERT_TRUE(ser);
    std::string in_place = "[";
    in_place.reserve(1024);
    ASSERT_TRUE(ser->serialize(doc, in_place));
    EXPECT_EQ(in_place, "[" + want) << level;
    std::string scratch;
    ASSERT_TRUE(ser->serialize(doc, scratch));
    EXPECT_EQ(scratch, want) << level;
    const size_t size = scratch.size();
    auto exact = engine().compile(schema, sj::test::at_level(level, "\"maxOutputBytes\":" + std::to_string(size)));
    auto short_by_one = engine().compile(schema, sj::test::at_level(level, "\"maxOutputBytes\":" + std::to_string(size - 1)));
    std::string out = "kept";
    out.reserve(1024);
    ASSERT_TRUE(exact->serialize(doc, out));
    EXPECT_EQ(out, "kept" + scratch);
    out = "kept";
    auto st = short_by_one->serialize(doc, out);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().message, "output exceeds maxOutputBytes (" + std::to_string(size - 1) + " bytes)");
    EXPECT_EQ(out, "kept");
  }
}

TEST(Nullable, NullableAndConst) {
  EXPECT_EQ(run(R"({"type":"string","nullable":true})", "null"), "null");
  EXPECT_EQ(run(R"({"type":"object","nullable":true})", "null"), "null");
  EXPECT_EQ(run(R"({"const":"fixed"})", "42"), R"("fixed")");
  EXPECT_EQ(run(R"({"type":"string","const":"a","nullable":true})", "null"), "null");
  EXPECT_EQ(run(R"({"type":"string","const":"a"})", "null"), R"("a")");
}

TEST(TypeArrays, NullFirstAndGuards) {
  const char* s = R"({"type":["string","null"]})";
  EXPECT_EQ(run(s, "null"), "null");
  EXPECT_EQ(run(s, R"([1,2])"), R"("1,2")");
  EXPECT_EQ(run(s, "{}"), "ERR: The value of '#' does not match schema definition. @#");
  EXPECT_EQ(run(R"({"type":["integer","string"]})", "1.5"), "ERR: The value of '#' does not match schema definition. @#");
  EXPECT_EQ(run(R"({"type":["integer","string"]})", "2.0"), "2");
  EXPECT_EQ(run(R"({"type":["string","number"]})", "null"), R"("")");
  EXPECT_EQ(run(R"({"type":["number","string"]})", "null"), "0");
  EXPECT_EQ(run(R"({"type":["object","array"]})", "null"), "{}");
  EXPECT_EQ(run(R"({"type":["boolean","object"]})", "true"), "true");
}

// Tuples (spec §6.2); every expectation here is what fast-json-stringify 7.3.6 prints.
TEST(Tuples, GuardsLengthAndExtraItems) {
  const char* t = R"({"type":"array","items":[{"type":"string"},{"type":"integer"},
    {"type":"object","properties":{"a":{"type":"number"}}}]})";
  EXPECT_EQ(run(t, R"(["x",2,{"a":"1"}])"), R"(["x",2,{"a":1}])");
  EXPECT_EQ(run(t, R"([["a","b"],2.0])"), R"(["a,b",2])");  // the string guard takes arrays
  EXPECT_EQ(run(t, "[null]"), R"([""])");                   // ... and null; shorter is fine
  EXPECT_EQ(run(t, R"(["x",1.5])"), "ERR: Item at 1 does not match schema definition. @#");
  EXPECT_EQ(run(t, R"(["x",1,{"constructor":1}])"), "ERR: Item at 2 does not match schema definition. @#");
  EXPECT_EQ(run(t, R"(["x",1,{},4])"), "ERR: Item at 3 does not match schema definition. @#");
  std::string extra = std::string(t).insert(1, R"("additionalItems":{"type":"string"},)");
  EXPECT_EQ(run(extra, R"(["x",1,{},4,{"b":[1]}])"), R"(["x",1,{},4,{"b":[1]}])");  // extras raw
  EXPECT_EQ(run(R"({"type":"array","items":[{}]})", "[1]"), "ERR: Item at 0 does not match schema definition. @#");
  EXPECT_EQ(run(R"({"type":"array","items":[{"properties":{}}]})", "[{}]"), "[{}]");  // inferred object
  EXPECT_EQ(run(R"({"type":"array","items":[{"type":"number"}]})", R"(["1"])"),
            "ERR: Item at 0 does not match schema definition. @#");
  EXPECT_EQ(run(R"({"definitions":{"n":{"type":"integer"}},"type":"array","items":[{"$ref":"#/definitions/n"}]})", "[3.0]"),
            "[3]");
}

TEST(Refs, RecursiveSchemaAndDepthLimit) {
  const char* tree = R"({"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#"}}}})";
  EXPECT_EQ(run(tree, R"({"v":1,"kids":[{"v":2,"kids":[]},{"v":"3"}]})"), R"({"v":1,"kids":[{"v":2,"kids":[]},{"v":3}]})");
  std::string deep = "{}";
  for (int i = 0; i < 200; ++i) deep = R"({"kids":[)" + deep + "]}";
  EXPECT_EQ(run(tree, deep, R"({"maxDataDepth":100})"), "ERR: Maximum data depth of 100 exceeded @#");
  EXPECT_EQ(run(tree, deep).substr(0, 9), R"({"kids":[)");
  // The limit counts serializer functions on the stack, the entry as 1: a root that recurses
  // keeps its guard when it calls itself; one that nothing calls (entered from the API only,
  // so without a guard of its own) still counts for the functions under it.
  const char* three = R"({"kids":[{"kids":[{}]}]})";
  const char* four = R"({"kids":[{"kids":[{"kids":[{}]}]}]})";
  EXPECT_EQ(run(tree, three, R"({"maxDataDepth":3})"), three);
  EXPECT_EQ(run(tree, four, R"({"maxDataDepth":3})"), "ERR: Maximum data depth of 3 exceeded @#");
  const char* under_root = R"({"type":"object","properties":{"t":{"$ref":"#/definitions/tree"}},
    "definitions":{"tree":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/definitions/tree"}}}}}})";
  EXPECT_EQ(run(under_root, R"({"t":{"kids":[{}]}})", R"({"maxDataDepth":3})"), R"({"t":{"kids":[{}]}})");
  EXPECT_EQ(run(under_root, std::string(R"({"t":)") + three + "}", R"({"maxDataDepth":3})"),
            "ERR: Maximum data depth of 3 exceeded @#/definitions/tree");
  const char* defs = R"({"definitions":{"id":{"type":"integer","default":7}},"type":"object",
    "properties":{"a":{"$ref":"#/definitions/id"},"b":{"$ref":"#/definitions/id"}}})";
  EXPECT_EQ(run(defs, R"({"b":"5"})"), R"({"a":7,"b":5})");
}

// $ref into the `schema` option's external schemas, nested $ids and "#name" anchors (spec
// §1.3, §8.4); every expectation here is what fast-json-stringify 7.3.6 prints.
TEST(Refs, RegistryOfIdsExternalSchemasAndAnchors) {
  const char* ext = R"({"schema":{"ext":{"definitions":{"n":{"type":"integer"},
    "o":{"type":"object","properties":{"k":{"$ref":"#/definitions/n"}}}}}}})";
  const char* s = R"({"type":"object","properties":{"a":{"$ref":"ext#/definitions/o"}}})";
  EXPECT_EQ(run(s, R"({"a":{"k":"7"}})", ext), R"({"a":{"k":7}})");
  // Errors inside an external schema name its location there.
  EXPECT_EQ(run(s, R"({"a":{"k":"x"}})", ext),
            "ERR: The value \"x\" cannot be converted to an integer. @ext#/definitions/n");
  EXPECT_EQ(run(R"({"type":"array","items":{"$ref":"ext#/definitions/nope"}})", "[]", ext),
            "COMPILE: Cannot find reference \"ext#/definitions/nope\" @/items/$ref");
  EXPECT_EQ(run(R"({"type":"array","items":{"$ref":"other#/x"}})", "[]", ext),
            "COMPILE: Cannot resolve ref \"other#/x\". Schema with id \"other\" is not found. @/items/$ref");
  EXPECT_EQ(run(R"({"$id":"tree","type":"object","properties":{"v":{"type":"integer"},
                    "kids":{"type":"array","items":{"$ref":"tree#"}}}})", R"({"v":1,"kids":[{"v":"2"}]})"),
            R"({"v":1,"kids":[{"v":2}]})");
  EXPECT_EQ(run(R"({"definitions":{"a":{"$id":"#anc","type":"string"}},"type":"object",
                    "properties":{"x":{"$ref":"#anc"}}})", R"({"x":5})"),
            R"({"x":"5"})");
  EXPECT_EQ(run(R"({"type":"object","properties":{"x":{"$id":"dup","type":"string"},"y":{"$id":"dup","type":"number"}}})", "{}"),
            "COMPILE: There is already another schema with id \"dup\". @");
}

TEST(Errors, PathsAndRollback) {
  const char* s = R"({"type":"object","properties":{"list":{"type":"array","items":{"type":"object",
    "properties":{"n":{"type":"number"}}}}}})";
  auto ser = engine().compile(s);
  ASSERT_TRUE(ser);
  rapidjson::Document d;
  d.Parse(R"({"list":[{"n":1},{"n":2},{"n":"bad"}]})");
  std::string out = "kept";
  auto st = ser->serialize(d, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "The value \"bad\" cannot be converted to a number.");
  EXPECT_EQ(st.error().pointer, "#/properties/list/items/properties/n");
  EXPECT_EQ(out, "kept");
  d.Parse(R"({"list":[{"n":1}]})");
  ASSERT_TRUE(ser->serialize(d, out));
  EXPECT_EQ(out, R"(kept{"list":[{"n":1}]})");
}

TEST(Errors, CompileErrorsNameThePointer) {
  auto e = engine().compile(R"({"type":"object","properties":{"a":{"type":"strnig"}}})");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().message, "schema is invalid: data/properties/a/type must be equal to one of the allowed values");
  EXPECT_EQ(e.error().pointer, "/properties/a/type");
  e = engine().compile(R"({"properties":{"x":{"anyOf":[{"type":"string","format":"regex"}]}}})");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().message, "not supported yet: format \"regex\" inside anyOf/oneOf/if");
  EXPECT_EQ(e.error().pointer, "/properties/x/anyOf/0/format");
  e = engine().compile(R"({"properties":{"x":{"$ref":"#/definitions/nope"}}})");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().message, "Cannot find reference \"#/definitions/nope\"");
  EXPECT_EQ(e.error().pointer, "/properties/x/$ref");
  e = engine().compile(R"({"$ref":"#"})");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().message, "Cannot resolve circular reference \"#\"");
  e = engine().compile("{\"type\":");
  ASSERT_FALSE(e);
  e = engine().compile("{}", R"({"rounding":"foobar"})");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().message, "Unsupported integer rounding method foobar");
  EXPECT_EQ(e.error().pointer, "/rounding");
}

// The array node of the seed: output must not depend on which side of the cutoff an array
// falls, nor on where the first element that is not plain sits, for every item kind and
// every escape-scanning ISA the CPU has.
struct BulkCase {
  const char* kind;                      // the cutoffs key
  const char* items;                     // the items schema
  std::vector<std::string> plain;        // elements the bulk kernel writes itself
  std::vector<const char*> misses;       // elements it hands back to the loop
};

std::vector<BulkCase> bulk_cases() {
  return {
      {"string", R"({"type":"string"})",
       {"\"s\"", "\"a \\\"quote\\\" and \\\\\"", "\"exactly13byte\"", "\"fourteen bytes\"",
        "\"a long string that lives outside the value, forty+\"", "\"tab\\there\"", "\"\"", "\"Zoë ☺\"", "\"q\\\"\\\\\\n\\u0001z\""},
       {"null", "12.5", "true", R"({"a":1})", R"([1,"x"])"}},
      {"number", R"({"type":"number"})", {"1", "-2.5", "1e21", "5e-324", "18446744073709551615", "-9007199254740993", "0.1"},
       {"null", "\"12\"", "true", "[7]"}},
      {"integer", R"({"type":"integer"})", {"1", "-2", "3.0", "1e21", "18446744073709551615"}, {"1.5", "null", "\"7\"", "-0.5"}},
      // A miss inside an element (a string among its numbers) is one of the outer array's.
      {"numberArrays", R"({"type":"array","items":{"type":"number"}})",
       {"[-65.61361699999998,43.42027300000001]", "[]", "[1]", "[1e21,5e-324,0.1,18446744073709551615,-2]",
        "[1,2,3,4,5,6,7,8,-9.5]"},  // longer than the kernel's short path
       {"null", "[1,\"2\"]", "[1,null]", "[[1]]", "\"x\"", "7", R"({"a":1})"}},
  };
}

class BulkArrays : public ::testing::TestWithParam<sj::rt::Isa> {
 protected:
  void SetUp() override {
    if (!sj::rt::cpu_has(GetParam())) GTEST_SKIP() << sj::rt::isa_name(GetParam()) << " not available";
    sj::rt::set_escape_isa(GetParam());
  }
  void TearDown() override { sj::rt::set_escape_isa(sj::rt::kBestIsa); }
};

TEST_P(BulkArrays, BulkAndLoopAgreeAtEveryLengthAndMiss) {
  const int cutoff = 8;
  for (const auto& c : bulk_cases()) {
    std::string schema = std::string(R"({"type":"array","items":)") + c.items + "}";
    auto bulk = engine().compile(schema, std::string(R"({"cutoffs":{")") + c.kind + "\":8}}");
    auto loop = engine().compile(schema, std::string(R"({"cutoffs":{")") + c.kind + "\":null}}");
    ASSERT_TRUE(bulk && loop) << c.kind;
    for (int len : {0, 1, cutoff - 1, cutoff, cutoff + 1, 10 * cutoff}) {
      for (int miss = -1; miss < len; ++miss) {
        for (const char* m : c.misses) {
          std::string in = "[";
          for (int i = 0; i < len; ++i) {
            if (i) in += ",";
            in += i == miss ? std::string(m) : c.plain[static_cast<size_t>(i) % c.plain.size()];
          }
          in += "]";
          std::string a = "x", b = "x";
          auto sa = sj::test::serialize_text(*bulk, in, a);
          auto sb = sj::test::serialize_text(*loop, in, b);
          ASSERT_EQ(bool(sa), bool(sb)) << c.kind << " " << in;
          ASSERT_EQ(a, b) << c.kind << " len " << len << " miss " << miss << " " << m;
          if (miss < 0) break;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, BulkArrays,
                         ::testing::Values(sj::rt::Isa::Scalar, sj::rt::Isa::Sse2, sj::rt::Isa::Avx2, sj::rt::Isa::Avx512,
                                           sj::rt::Isa::Avx512Vbmi2),
                         [](const auto& info) { return std::string(sj::rt::isa_name(info.param)); });

// The bulk string kernel checks each string's worst case against the window and makes room
// only when it is full: outputs far larger than the first window, and strings over
// kLongString, which it writes in pieces between others, must come out as the loop's.
TEST(StringArrays, BulkOutgrowsTheWindowAndWritesLongStringsInPieces) {
  const char* s = R"({"type":"array","items":{"type":"string"}})";
  auto bulk = engine().compile(s, R"({"cutoffs":{"string":0}})");
  auto loop = engine().compile(s, R"({"cutoffs":{"string":null}})");
  ASSERT_TRUE(bulk && loop);
  rapidjson::Document doc(rapidjson::kArrayType);
  auto& a = doc.GetAllocator();
  std::string huge(sj::rt::kLongString + 1000, 'h');
  for (size_t i = 0; i < huge.size(); i += 997) huge[i] = i % 2 ? '"' : '\n';
  for (int i = 0; i < 3000; ++i) {
    std::string text = i % 1000 == 500 ? huge : std::string(static_cast<size_t>(i % 50), static_cast<char>('a' + i % 26));
    if (i % 7 == 0 && !text.empty()) text[0] = '"';
    doc.PushBack(rapidjson::Value(text.data(), static_cast<rapidjson::SizeType>(text.size()), a), a);
  }
  std::string out_bulk = "x", out_loop = "x";
  ASSERT_TRUE(bulk->serialize(doc, out_bulk));
  ASSERT_TRUE(loop->serialize(doc, out_loop));
  EXPECT_GT(out_bulk.size(), 3 * sj::rt::kLongString);
  EXPECT_EQ(out_bulk, out_loop);
}

TEST(StringArrays, LargeArrayMechanismJsonStringify) {
  const char* s = R"({"type":"array","items":{"type":"object","properties":{"a":{"type":"integer"}}}})";
  const char* opts = R"({"largeArrayMechanism":"json-stringify","largeArraySize":2})";
  EXPECT_EQ(run(s, R"([{"a":"1","b":2}])", opts), R"([{"a":1}])");
  EXPECT_EQ(run(s, R"([{"a":"1","b":2},null])", opts), R"([{"a":"1","b":2},null])");
}

TEST(Engine, SerializerOutlivesEngine) {
  std::optional<schemajit::Serializer> ser;
  {
    schemajit::Engine e;
    auto r = e.compile(R"({"type":"array","items":{"type":"number"}})");
    ASSERT_TRUE(r);
    ser.emplace(*r);
  }
  std::string out;
  ASSERT_TRUE(sj::test::serialize_text(*ser, "[1,2.5]", out));
  EXPECT_EQ(out, "[1,2.5]");
}

// SCHEMAJIT_PERF_MAP: every generated function, the local ones included, named in the perf
// map with an address and a size.
TEST(Engine, PerfMapNamesEveryGeneratedFunction) {
  std::string path = "/tmp/perf-" + std::to_string(::getpid()) + ".map";
  std::remove(path.c_str());
  ::setenv("SCHEMAJIT_PERF_MAP", "1", 1);
  {
    schemajit::Engine e;  // reads the variable when it makes its linking layer
    auto r = e.compile(R"({"type":"object","properties":{"a":{"$ref":"#/definitions/d"}},"definitions":{"d":{"type":"object","properties":{"b":{"type":"integer"}}}}})",
                       R"({"tierUp":false})");
    ASSERT_TRUE(r);
  }
  ::unsetenv("SCHEMAJIT_PERF_MAP");
  std::ifstream map(path);
  std::string line;
  std::set<std::string> names;
  while (std::getline(map, line)) {
    std::istringstream fields(line);
    std::string address, size, name;
    fields >> std::hex >> address >> size >> name;
    EXPECT_GT(std::stoull(size, nullptr, 16), 0u) << line;
    names.insert(name.substr(name.find('/')));
  }
  std::remove(path.c_str());
  EXPECT_EQ(names, (std::set<std::string>{"/f1", "/sj_entry"}));
}

TEST(Engine, EveryOptimisationLevelAgrees) {
  const char* s = R"({"type":"object","properties":{"a":{"type":["integer","null"]},"b":{"type":"array","items":{"type":"string"}}},"additionalProperties":{"type":"boolean"}})";
  const char* in = R"({"z":1,"b":["x",2,null],"a":null,"y":""})";
  std::string want = run(s, in, R"({"optLevel":2,"tierUp":false})");
  EXPECT_EQ(want, R"({"a":null,"b":["x","2",""],"z":true,"y":false})");
  EXPECT_EQ(run(s, in, R"({"cutoffs":{"string":0}})"), want);
  for (int level : {0, 1, 3}) EXPECT_EQ(run(s, in, sj::test::at_level(level)), want) << level;
}

// Strings up to kLongString bytes are written by generated code in one capacity check with
// the literal before them; longer ones by the runtime in pieces. Both, at both sides of the
// bound, escaped, after a key and before another member, at each level.
TEST(Strings, ShortAndLongAtEveryLevel) {
  const char* s = R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}})";
  for (size_t n : {size_t{0}, size_t{1}, size_t{65535}, size_t{65536}, size_t{65537}, size_t{200000}}) {
    std::string text(n, 'x');
    for (size_t i = 7; i < n; i += 1000) text[i] = i % 2000 == 7 ? '"' : '\n';
    std::string escaped;
    for (char c : text) escaped += c == '"' ? std::string("\\\"") : c == '\n' ? std::string("\\n") : std::string(1, c);
    std::string in = "{\"b\":\"" + escaped + "\",\"a\":\"" + escaped + "\"}";
    std::string want = "{\"a\":\"" + escaped + "\",\"b\":\"" + escaped + "\"}";
    for (int level : {0, 1}) {
      EXPECT_EQ(run(s, in, sj::test::at_level(level)), want) << n << " " << level;
    }
  }
}

// A schema that is one string gets an entry whose usual path makes no call (a string held in
// its Value, nothing to escape, room in the window) and that hands every other case to the
// full serializer, which starts over. Each way out, escaped and unsafe, at each level, into
// a string with room after earlier output (in place) and into one without (the scratch
// buffer), and with a limit that leaves the window too small for the fast path.
TEST(Strings, RootStringFastEntryAndEachWayOut) {
  struct Case {
    const char* in;
    const char* escaped;  // the output of {type: string}
    const char* unsafe;   // of {type: string, format: unsafe}
  };
  const Case cases[] = {
      {R"("hello world")", R"("hello world")", R"("hello world")"},
      {R"("")", R"("")", R"("")"},
      {R"("thirteen byte")", R"("thirteen byte")", R"("thirteen byte")"},     // the longest held in the Value
      {R"("fourteen bytes")", R"("fourteen bytes")", R"("fourteen bytes")"},  // held outside it
      {R"("say \"hi\"")", R"("say \"hi\"")", R"("say "hi"")"},                // to escape: not on the fast path
      {R"("tab\there")", R"("tab\there")", "\"tab\there\""},
      {"42", R"("42")", R"("42")"},  // coerced, as fast-json-stringify 7.3.6 prints them
      {"null", R"("")", R"("null")"},
      {"true", R"("true")", R"("true")"},
  };

  for (const char* format : {"", R"(,"format":"unsafe")"}) {
    std::string schema = std::string(R"({"type":"string")") + format + "}";
    bool unsafe = *format != 0;
    for (int level : {0, 1}) {
      auto ser = engine().compile(schema, sj::test::at_level(level));
      ASSERT_TRUE(ser) << ser.error().message;
      for (const Case& c : cases) {
        std::string want = unsafe ? c.unsafe : c.escaped;
        rapidjson::Document doc;
        doc.Parse(c.in);
        std::string in_place = "[";
        in_place.reserve(1024);
        ASSERT_TRUE(ser->serialize(doc, in_place)) << c.in;
        EXPECT_EQ(in_place, "[" + want) << schema << " " << c.in << " " << level;
        std::string scratch;
        ASSERT_TRUE(ser->serialize(doc, scratch)) << c.in;
        EXPECT_EQ(scratch, want) << schema << " " << c.in << " " << level;
      }
      // A window smaller than the fast path's room: the full serializer writes what fits and
      // fails, leaving the string as it was, where the output exceeds the limit.
      auto limited = engine().compile(schema, sj::test::at_level(level, R"("maxOutputBytes":14)"));
      ASSERT_TRUE(limited);
      rapidjson::Document doc;
      std::string out = "[";
      out.reserve(1024);
      doc.Parse(R"("hello world")");
      ASSERT_TRUE(limited->serialize(doc, out));
      EXPECT_EQ(out, "[\"hello world\"") << level;
      doc.Parse(R"("thirteen byte")");
      EXPECT_FALSE(limited->serialize(doc, out));
      EXPECT_EQ(out, "[\"hello world\"") << level;
    }
  }
}

// format "unsafe" copies a string without escaping it: from the Value's own bytes for
// strings held there (up to 13 bytes, after the key in the same capacity check), through
// the runtime for longer ones; each length on both sides of that bound, with bytes that
// JSON would escape, after a key and before another member, at each level, and a non-string
// coerced.
TEST(Strings, UnsafeAtEveryLengthAndLevel) {
  const char* s = R"({"type":"object","properties":{"a":{"type":"string","format":"unsafe"},"b":{"type":"string","format":"unsafe"}}})";
  for (size_t n = 0; n <= 20; ++n) {
    std::string raw(n, 'u');
    if (n > 2) raw[n / 2] = '"';
    std::string escaped = raw;
    if (n > 2) escaped.replace(n / 2, 1, "\\\"");
    std::string in = "{\"b\":\"" + escaped + "\",\"a\":\"" + escaped + "\"}";
    std::string want = "{\"a\":\"" + raw + "\",\"b\":\"" + raw + "\"}";
    for (int level : {0, 1}) EXPECT_EQ(run(s, in, sj::test::at_level(level)), want) << n << " " << level;
  }
  for (int level : {0, 1})
    EXPECT_EQ(run(s, R"({"a":5,"b":"x\ny"})", sj::test::at_level(level)),
              "{\"a\":\"5\",\"b\":\"x\ny\"}") << level;
}

// Strings stored inside their Value (up to 13 bytes) are written from one 16-byte vector, by
// generated code (the loop) and by the bulk string kernel alike: every length, a byte that
// needs escaping at every position, and bytes that need escaping left behind the string's
// end by a longer string the Value held before (they are not part of the string and must
// neither be escaped nor written). Both paths, with every escape ISA the CPU has.
class InlineStrings : public ::testing::TestWithParam<std::tuple<const char*, sj::rt::Isa>> {
 protected:
  void SetUp() override {
    if (!sj::rt::cpu_has(std::get<1>(GetParam()))) GTEST_SKIP() << sj::rt::isa_name(std::get<1>(GetParam())) << " not available";
    sj::rt::set_escape_isa(std::get<1>(GetParam()));
  }
  void TearDown() override { sj::rt::set_escape_isa(sj::rt::kBestIsa); }
};

TEST_P(InlineStrings, AtEveryLengthAndEscapePosition) {
  auto ser = sj::test::engine().compile(R"({"type":"array","items":{"type":"string"}})",
                                        std::string(R"({"tierUp":false,"cutoffs":{"string":)") + std::get<0>(GetParam()) + "}}");
  ASSERT_TRUE(ser);
  rapidjson::Document doc(rapidjson::kArrayType);
  auto& a = doc.GetAllocator();
  std::string want = "[";
  auto add = [&](const std::string& text, const std::string& quoted) {
    rapidjson::Value v("\"\\\n\"\"\\\n\"\"\\\n\"\x01", a);  // 13 bytes, every one special
    v.SetString(text.data(), static_cast<rapidjson::SizeType>(text.size()), a);
    doc.PushBack(v, a);
    want += (want.size() > 1 ? "," : "") + quoted;
  };
  for (size_t n = 0; n <= 14; ++n) {
    add(std::string(n, 'y'), "\"" + std::string(n, 'y') + "\"");
    for (size_t at = 0; at < n; ++at)
      for (auto [c, escaped] : {std::pair<char, const char*>{'"', "\\\""}, {'\\', "\\\\"}, {'\x1f', "\\u001f"}}) {
        std::string text(n, 'y');
        text[at] = c;
        add(text, "\"" + std::string(at, 'y') + escaped + std::string(n - at - 1, 'y') + "\"");
      }
  }
  // Many bytes to escape in one string (on CPUs with AVX-512 VBMI2 the '"' and '\\' of an
  // inline string are expanded in one vector, up to 13 + 13 bytes; a control character
  // among them sends the string to the runtime's writer): every mix of 'y', '"', '\\' and,
  // in every other string, '\n', at every length.
  std::mt19937 rng(11);
  for (int round = 0; round < 400; ++round) {
    size_t n = rng() % 14;
    std::string text, quoted = "\"";
    for (size_t i = 0; i < n; ++i) {
      char c = "y\"\\\n"[rng() % (round % 2 ? 4 : 3)];
      text += c;
      quoted += c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : std::string(1, c);
    }
    add(text, quoted + "\"");
  }
  std::string all_escaped;
  for (int i = 0; i < 13; ++i) all_escaped += i % 2 ? "\\\\" : "\\\"";
  add("\"\\\"\\\"\\\"\\\"\\\"\\\"", "\"" + all_escaped + "\"");  // 13 bytes, 26 escaped
  std::string out = "prefix";
  ASSERT_TRUE(ser->serialize(doc, out));
  EXPECT_EQ(out, "prefix" + want + "]");
}

INSTANTIATE_TEST_SUITE_P(LoopAndBulk, InlineStrings,
                         ::testing::Combine(::testing::Values("null", "0"),
                                            ::testing::Values(sj::rt::Isa::Scalar, sj::rt::Isa::Sse2, sj::rt::Isa::Avx2, sj::rt::Isa::Avx512,
                                                              sj::rt::Isa::Avx512Vbmi2)),
                         [](const auto& info) {
                           return std::string(*std::get<0>(info.param) == '0' ? "bulk_" : "loop_") +
                                  sj::rt::isa_name(std::get<1>(info.param));
                         });

// Under a date/time format, strings of 16 to 32 bytes outside their Value are written as two
// overlapping vectors (codegen's date_string). Each string here is its own allocation
// of exactly its length, referenced by the DOM, so a read past its end is an ASan error.
TEST(Strings, DateFormattedStringsAtEveryLengthAndEscapePosition) {
  for (const char* format : {"date-time", "date", "time"}) {
    auto ser = sj::test::engine().compile(
        std::string(R"({"type":"array","items":{"type":"string","format":")") + format + R"("}})",
        R"({"tierUp":false,"cutoffs":{"string":1000}})");
    ASSERT_TRUE(ser);
    rapidjson::Document doc(rapidjson::kArrayType);
    std::vector<std::unique_ptr<char[]>> texts;
    std::string want = "[";
    auto add = [&](const std::string& text, const std::string& quoted) {
      texts.push_back(std::make_unique<char[]>(text.size()));
      std::memcpy(texts.back().get(), text.data(), text.size());
      doc.PushBack(rapidjson::Value(rapidjson::StringRef(texts.back().get(), static_cast<rapidjson::SizeType>(text.size()))),
                   doc.GetAllocator());
      want += (want.size() > 1 ? "," : "") + quoted;
    };
    auto filler = [](size_t n) {  // distinct neighbours, so a vector stored one byte off shows
      std::string t;
      for (size_t i = 0; i < n; ++i) t += static_cast<char>('a' + i % 26);
      return t;
    };
    for (size_t n = 0; n <= 40; ++n) {
      add(filler(n), "\"" + filler(n) + "\"");
      for (size_t at = 0; at < n; ++at)
        for (auto [c, escaped] : {std::pair<char, const char*>{'"', "\\\""}, {'\\', "\\\\"}, {'\x1f', "\\u001f"}}) {
          std::string text = filler(n), quoted = filler(n);
          text[at] = c;
          add(text, "\"" + quoted.substr(0, at) + escaped + quoted.substr(at + 1) + "\"");
        }
    }
    std::string out = "prefix";
    ASSERT_TRUE(ser->serialize(doc, out)) << format;
    EXPECT_EQ(out, "prefix" + want + "]") << format;
  }
}

}  // namespace
