// yyjson documents as the data a Serializer prints (runtime/input_model.h, the yyjson overloads
// of Serializer::serialize): every kind of value, read by yyjson's own reader as a user reads a
// document, prints exactly what the same JSON in a RapidJSON DOM prints, on every sink and
// whatever tier the serializer's RapidJSON calls run on; the copies between the two models
// (the tape of the text path's fallback, the RapidJSON copies of cold paths) keep every value;
// hostile shapes fail as they fail in RapidJSON. The conformance corpus runs through the yyjson
// model in conformance_test.cpp (SerializeJsonOnYyjson).
#include <gtest/gtest.h>
#include <yyjson.h>

#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <rapidjson/document.h>

#include "ir/schema_doc.h"
#include "runtime/ajv_writes.h"
#include "runtime/escape.h"
#include "runtime/model_calls.h"
#include "tests/test_util.h"

namespace {

using sj::test::at_level;
using sj::test::engine;

using Doc = std::unique_ptr<yyjson_doc, decltype(&yyjson_doc_free)>;

Doc read(const std::string& json, yyjson_read_flag flags = 0) {
  return Doc(yyjson_read(json.data(), json.size(), flags), yyjson_doc_free);
}

std::string outcome(const schemajit::Status& st, const std::string& out) {
  return st ? out : "ERR " + std::string(schemajit::error_code_name(st.code())) + ": " + st.error().message + " @" +
                        st.error().pointer;
}

// What the serializer prints for `json` read by RapidJSON (serialize_text) and by yyjson.
struct Both {
  std::string rapidjson, yyjson;
};
Both print(const schemajit::Serializer& ser, const std::string& json, yyjson_read_flag flags = YYJSON_READ_BIGNUM_AS_RAW) {
  Both b;
  auto st = sj::test::serialize_text(ser, json, b.rapidjson);
  b.rapidjson = outcome(st, b.rapidjson);
  Doc doc = read(json, flags);
  EXPECT_TRUE(doc) << json;
  auto yst = ser.serialize(doc.get(), b.yyjson);
  b.yyjson = outcome(yst, b.yyjson);
  return b;
}

struct Case {
  const char* schema;
  const char* data;
};

// A schema and data for every path the interpreter reads values on.
const Case kCases[] = {
    {R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"},"c":{"type":"number"},"d":{"type":"boolean"},"e":{"type":"null"}}})",
     R"({"e":null,"d":true,"c":1.5,"b":-7,"a":"x\"y\u00e9\n","z":1})"},
    {R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"},"c":{"type":"number"},"d":{"type":"boolean"}}})",
     R"({"a":12,"b":"3.7","c":"1e3","d":"","extra":[1]})"},
    {R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"},"d":{"type":"boolean"}}})",
     R"({"a":[1,[2,[3,null]],{}],"b":[[7]],"d":0})"},
    {R"({"type":"object","properties":{"a":{"type":"string"}}})", R"({"a":{"toString":1}})"},
    {R"({"type":"integer"})", R"("x")"},
    {R"({"type":"integer"})", "18446744073709551615"},
    {R"({"type":"integer"})", "-9223372036854775808"},
    {R"({"type":"number"})", "-0"},
    {R"({"type":"number"})", "1e400"},
    {R"({"type":"integer"})", "1e400"},
    {R"({"type":"number"})", "123456789012345678901234567890"},
    {R"({"type":"string"})", "5e-324"},
    {R"({"type":"array","items":{"type":"string"}})", R"(["a","b\u0000c",1,null,true,["x"]])"},
    {R"({"type":"array","items":{"type":"number"}})", R"([1,2.5,-3,1e21,1e-7,"4",null])"},
    {R"({"type":"array","items":[{"type":"string"},{"type":"integer"}],"additionalItems":true})", R"(["a",2,{"b":[3]},4])"},
    {R"({"type":"array","items":[{"type":"string"},{"type":"integer"}]})", R"(["a","b"])"},
    {R"({"type":"object","additionalProperties":true})", R"({"b":1,"2":2,"a":[{"x":null}],"1":{"y":"z"},"b2":false})"},
    {R"({"type":"object","patternProperties":{"^x":{"type":"integer"}},"additionalProperties":{"type":"string"}})",
     R"({"x1":"5","y":7,"x2":2.5,"3":true})"},
    {R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"]})", R"({"a":"x"})"},
    {R"({"type":"object","properties":{"0":{"type":"string"},"length":{"type":"integer"}},"patternProperties":{"^1":{"type":"string"}}})",
     R"("héllo😀")"},
    {R"({"type":"object","properties":{"0":{"type":"integer"},"length":{"type":"integer"}},"additionalProperties":true})",
     R"([7,{"a":[1,2]},"s",[[]]])"},
    {R"({"anyOf":[{"type":"object","properties":{"kind":{"const":"a"},"v":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"v":{"type":"string"}}}]})",
     R"({"kind":"b","v":12})"},
    {R"({"anyOf":[{"type":"object","properties":{"kind":{"const":"a"},"v":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"v":{"type":"string"}}}]})",
     R"({"kind":"a","v":12})"},
    {R"({"anyOf":[{"enum":[[1,{"a":2}],{"b":[3]}]},{"type":"string"}]})", R"({"b":[3]})"},
    {R"({"anyOf":[{"type":"array","uniqueItems":true,"items":{"type":"object"}},{"type":"string"}]})", R"([{"a":1},{"a":1.0}])"},
    {R"({"anyOf":[{"type":"array","contains":{"type":"integer","minimum":5},"minItems":2},{"type":"string"}]})", R"([1,6])"},
    {R"({"anyOf":[{"type":"object","minProperties":2,"propertyNames":{"pattern":"^[a-z]+$"},"additionalProperties":{"type":"integer","multipleOf":3}},{"type":"string"}]})",
     R"({"ab":3,"cd":9})"},
    {R"({"anyOf":[{"type":"string","minLength":3,"pattern":"é","format":"date"},{"type":"integer"}]})", R"("2024-02-29")"},
    {R"({"if":{"type":"object","properties":{"n":{"maximum":3}}},"then":{"type":"object","properties":{"n":{"type":"string"}}},"else":{"type":"object","properties":{"n":{"type":"integer"}}}})",
     R"({"n":2.5})"},
    {R"({"oneOf":[{"type":"integer"},{"type":"number"}]})", "1.5"},
    {R"({"type":["string","integer","null"]})", "[1]"},
    {R"({"type":["integer","boolean"]})", "2.5"},
    {R"({"definitions":{"n":{"type":"object","properties":{"v":{"type":"integer"},"next":{"$ref":"#/definitions/n"}}}},"$ref":"#/definitions/n"})",
     R"({"v":1,"next":{"v":2,"next":{"v":3}}})"},
    {R"({})", R"({"a":[1,"b",{"c":null}],"d":1.25})"},
    {R"({"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"integer"}}}},"required":["a"]})",
     R"({"z":1,"y":2,"x":3,"a":{"b":4},"w":5})"},
};

TEST(YyjsonModel, EveryPathPrintsWhatRapidJsonPrints) {
  for (const char* options : {R"({"jit":false})", R"({})"}) {
    for (const Case& c : kCases) {
      auto ser = engine().compile(c.schema, options);
      ASSERT_TRUE(ser) << c.schema << ": " << ser.error().message;
      Both b = print(*ser, c.data);
      EXPECT_EQ(b.rapidjson, b.yyjson) << c.schema << " on " << c.data;
    }
  }
}

// The bulk kernels of yyjson arrays (runtime/yyjson_bulk.cpp) from length 0 and never: each
// item that is not plain (a miss) anywhere in the run, strings with and without yyjson's
// NOESC mark, one longer than a piece of the long-string writer, integers as doubles, numbers
// kept as their text, arrays of number arrays with a miss inside one.
TEST(YyjsonModel, BulkKernelsPrintWhatRapidJsonPrints) {
  const std::string long_string(sj::rt::kLongString + 5, 'x');
  const Case cases[] = {
      {R"({"type":"array","items":{"type":"string"}})", R"(["a","b\"c","d\u00e9",1,"e",null,"f"])"},
      {R"({"type":"array","items":{"type":"string"}})", R"(["","0123456789abcdef0123456789abcdef0123456789"])"},
      {R"({"type":"array","items":{"type":"number"}})", R"([1,-2,2.5,1e21,1e-7,1e400,3,"4",5,0.1])"},
      {R"({"type":"array","items":{"type":"integer"}})", R"([1,-2,3.0,2.5,-9223372036854775808,18446744073709551615,1e300])"},
      {R"({"type":"array","items":{"type":"array","items":{"type":"number"}}})",
       R"([[1,2.5],[3,4,5,6,7,8,9,10,11,12],[],[1,"x"],[2,3],null,[4.25,-0]])"},
      {R"({"type":"array","items":{"type":"array","items":{"type":"number"}}})", R"([[1,2],[3,[4]],[5]])"},
  };
  std::vector<std::string> data;
  for (const Case& c : cases) data.push_back(c.data);
  data.push_back("[\"" + long_string + "\",\"a\",\"" + long_string + "\"]");  // under the string schema
  for (const char* cutoffs : {R"({"string":0,"number":0,"integer":0,"numberArrays":0})",
                              R"({"string":null,"number":null,"integer":null,"numberArrays":null})"}) {
    std::string options = std::string(R"({"jit":false,"cutoffs":)") + cutoffs + "}";
    for (size_t i = 0; i < data.size(); ++i) {
      const char* schema = i < std::size(cases) ? cases[i].schema : cases[0].schema;
      auto ser = engine().compile(schema, options);
      ASSERT_TRUE(ser) << schema << ": " << ser.error().message;
      Both b = print(*ser, data[i]);
      EXPECT_EQ(b.rapidjson, b.yyjson) << schema << " on " << data[i].substr(0, 80) << " with " << cutoffs;
    }
  }
}

// Shapes that would make the yyjson path quadratic (an outside review's finds): many names
// alike at both ends and of one length, which crowd one slot of the duplicate check's table
// (a duplicate among them too), and array-index keys in descending order, which JavaScript
// enumerates ascending (member_order's permutation, read through MemberAt).
TEST(YyjsonModel, CrowdedNamesAndReversedIndexKeysStayLinear) {
  auto ser = engine().compile("{}", R"({"jit":false})");
  ASSERT_TRUE(ser);
  auto name = [](int i) {
    std::string digits = std::to_string(i);
    return "aaaaaaaa" + std::string(6 - digits.size(), '0') + digits + "bbbbbbbb";
  };
  std::string crowded = "{";
  for (int i = 0; i < 20000; ++i) crowded += "\"" + name(i) + "\":" + std::to_string(i) + ",";
  crowded += "\"" + name(5) + "\":-5}";  // JSON.parse: the last value, at the first position
  std::string reversed = "{";
  for (int i = 20000; i-- > 0;) reversed += "\"" + std::to_string(i) + "\":" + std::to_string(i) + (i ? "," : "}");
  for (const std::string& text : {crowded, reversed}) {
    std::string want, got;
    ASSERT_TRUE(sj::test::serialize_text(*ser, text, want));
    ASSERT_TRUE(ser->serialize_json(text, got));
    EXPECT_EQ(got, want);
    Doc doc = read(text);  // a yyjson document of the user's, duplicates and all
    std::string from_doc;
    ASSERT_TRUE(ser->serialize(doc.get(), from_doc));
    EXPECT_EQ(from_doc, want);
  }
}

// Ajv's options that write into validated data: the select runs on a RapidJSON copy.
TEST(YyjsonModel, AjvWritesPrintWhatRapidJsonPrints) {
  const char* schema =
      R"({"anyOf":[{"type":"object","properties":{"n":{"type":"integer"},"d":{"type":"string","default":"dflt"},"arr":{"type":"array","items":{"type":"integer"}}},"required":["n"],"additionalProperties":false},{"type":"string"}]})";
  const char* data = R"({"n":"12","arr":["1","2"],"extra":1})";
  // What fast-json-stringify 7.3.6 prints (oracle.js).
  const std::pair<const char*, const char*> runs[] = {
      {R"({"jit":false,"ajv":{"coerceTypes":true,"useDefaults":true,"removeAdditional":true}})", R"({"n":12,"d":"dflt","arr":[1,2]})"},
      {R"({"jit":false,"ajv":{"coerceTypes":"array"}})", "ERR InvalidData: The value of '#' does not match schema definition. @#"}};
  for (const auto& [options, fjs] : runs) {
    auto ser = engine().compile(schema, options);
    ASSERT_TRUE(ser) << ser.error().message;
    Both b = print(*ser, data);
    EXPECT_EQ(b.rapidjson, fjs) << options;
    EXPECT_EQ(b.yyjson, fjs) << options;
  }
}

// yyjson's reader keeps numbers JSON.parse would round to Infinity (or past 64 bits) as raw
// text when asked; the model reads them as JavaScript's Number does.
TEST(YyjsonModel, RawNumbersReadAsNumbers) {
  auto ser = engine().compile(R"({"type":"array","items":{"type":"number"}})", R"({"jit":false})");
  ASSERT_TRUE(ser);
  for (yyjson_read_flag flags : {YYJSON_READ_BIGNUM_AS_RAW, YYJSON_READ_NUMBER_AS_RAW}) {
    Both b = print(*ser, "[1e400,-1e400,18446744073709551616,1.50,7,-0]", flags);
    EXPECT_EQ(b.rapidjson, b.yyjson);
    EXPECT_EQ(b.yyjson, "[null,null,18446744073709552000,1.5,7,0]");
  }
}

TEST(YyjsonModel, EverySinkAndTier) {
  const char* schema = R"({"type":"object","properties":{"id":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}},"required":["id"]})";
  Doc good = read(R"({"tags":["a","b"],"id":36})");
  Doc bad = read(R"({"tags":[]})");
  for (const std::string& options : {std::string(R"({"jit":false})"), at_level(0), at_level(1), std::string("{}")}) {
    auto ser = engine().compile(schema, options);
    ASSERT_TRUE(ser);
    std::string out = "prefix:";
    ASSERT_TRUE(ser->serialize(good.get(), out));
    EXPECT_EQ(out, R"(prefix:{"id":36,"tags":["a","b"]})");
    char buf[64];
    auto n = ser->serialize(yyjson_doc_get_root(good.get()), buf, sizeof buf);
    ASSERT_TRUE(n);
    EXPECT_EQ(std::string(buf, *n), R"({"id":36,"tags":["a","b"]})");
    auto small = ser->serialize(good.get(), buf, 5);
    ASSERT_FALSE(small);
    EXPECT_EQ(small.error().code, schemajit::ErrorCode::BufferTooSmall);
    EXPECT_EQ(small.error().required_bytes, 26u);
    std::string chunks;
    ASSERT_TRUE(ser->serialize(good.get(), [&](std::string_view c) { return chunks.append(c), true; }, 4));
    EXPECT_EQ(chunks, R"({"id":36,"tags":["a","b"]})");
    out = "prefix:";
    auto st = ser->serialize(bad.get(), out);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().message, "\"id\" is required!");
    EXPECT_EQ(out, "prefix:");
  }
  auto ser = engine().compile(schema);
  ASSERT_TRUE(ser);
  std::string out;
  for (int i = 0; i < 300; ++i) ASSERT_TRUE(ser->serialize(good.get(), (out.clear(), out)));  // past tier-up
  engine().wait_for_tier_up();
  ASSERT_TRUE(ser->serialize(good.get(), (out.clear(), out)));
  EXPECT_EQ(out, R"({"id":36,"tags":["a","b"]})");
}

TEST(YyjsonModel, NullDocumentOrValueIsInvalidInput) {
  auto ser = engine().compile(R"({"type":"string"})");
  ASSERT_TRUE(ser);
  std::string out = "kept";
  Doc none = read("{");  // yyjson_read fails: null
  ASSERT_FALSE(none);
  auto st = ser->serialize(none.get(), out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.code(), schemajit::ErrorCode::InvalidInput);
  st = ser->serialize(static_cast<const yyjson_val*>(nullptr), out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.code(), schemajit::ErrorCode::InvalidInput);
  EXPECT_EQ(out, "kept");
}

// Nesting far beyond maxDataDepth: the depth error, never a stack overflow, on every path that
// walks a whole value (the generic writer, a coercion's join, the copies between models).
TEST(YyjsonModel, DeepDataIsTheDepthError) {
  const int n = 200000;
  std::string deep = std::string(n, '[') + std::string(n, ']');
  for (const char* schema : {R"({})", R"({"type":"string"})", R"({"anyOf":[{"type":"object"},{"type":"array","items":{}}]})"}) {
    auto ser = engine().compile(schema, R"({"jit":false})");
    ASSERT_TRUE(ser);
    Both b = print(*ser, deep);
    EXPECT_EQ(b.rapidjson, b.yyjson) << schema;
    EXPECT_NE(b.yyjson.find("DepthLimit"), std::string::npos) << schema << ": " << b.yyjson.substr(0, 200);
  }
  Doc doc = read(deep);
  rapidjson::Document copy;
  ASSERT_TRUE(sj::rt::copy_to_rapidjson(yyjson_doc_get_root(doc.get()), copy, copy.GetAllocator(), INT64_MAX));
  std::vector<yyjson_val> tape;
  sj::rt::copy_to_yyjson(copy, tape);
  EXPECT_EQ(tape.size(), static_cast<size_t>(n));
  EXPECT_FALSE(sj::rt::copy_to_rapidjson(yyjson_doc_get_root(doc.get()), copy, copy.GetAllocator(), 1000));
}

// RapidJSON → tape → RapidJSON keeps every value, duplicate names and their order included.
TEST(YyjsonModel, CopiesBetweenModelsKeepEveryValue) {
  const char* json =
      R"({"a":[1,-2,3.5,"s\u0000t",true,false,null,[],{},[[{"k":"v"}]]],"a":{"dup":1},"":18446744073709551615,"n":-9223372036854775808})";
  rapidjson::Document doc;
  doc.Parse(json);
  ASSERT_FALSE(doc.HasParseError());
  std::vector<yyjson_val> tape;
  sj::rt::copy_to_yyjson(doc, tape);
  rapidjson::Document back;
  ASSERT_TRUE(sj::rt::copy_to_rapidjson(tape.data(), back, back.GetAllocator(), INT64_MAX));
  EXPECT_EQ(sj::json_text(back), sj::json_text(doc));
  char* text = yyjson_val_write(tape.data(), 0, nullptr);  // yyjson itself reads the tape
  ASSERT_TRUE(text);
  EXPECT_EQ(std::string(text), sj::json_text(doc));
  free(text);
}

// The text path through the yyjson model: what yyjson's reader reads as JSON.parse does goes
// straight in; duplicate names, lone surrogates and errors go through parse_json_data.
TEST(YyjsonModel, TextReadAsJsonParseReadsIt) {
  std::string error;
  sj::YyjsonData data;
  ASSERT_TRUE(sj::read_json_data_yyjson(R"({"a":1,"b":[1e400]})", data, error));
  EXPECT_FALSE(data.lone_surrogates);
  EXPECT_EQ(yyjson_get_type(const_cast<yyjson_val*>(data.root)), YYJSON_TYPE_OBJ);
  ASSERT_TRUE(sj::read_json_data_yyjson(R"({"a":1,"b":2,"a":3})", data, error));
  EXPECT_EQ(yyjson_obj_size(const_cast<yyjson_val*>(data.root)), 2u);  // collapsed: a (3), b
  ASSERT_TRUE(sj::read_json_data_yyjson(R"(["\ud800x"])", data, error));
  EXPECT_TRUE(data.lone_surrogates);
  EXPECT_FALSE(sj::read_json_data_yyjson(R"({"a":)", data, error));
  rapidjson::Document doc;
  std::string rapidjson_error;
  bool lone;
  ASSERT_FALSE(sj::parse_json_data(R"({"a":)", doc, rapidjson_error, lone));
  EXPECT_EQ(error, rapidjson_error);
}


// Text JSON.parse refuses is refused by serialize_json with the RapidJSON path's message, and
// text it takes prints the same bytes: raw control characters (yyjson's ALLOW_INVALID_UNICODE
// would take them, even after bytes that are not UTF-8: fuzz_text's first find), a byte-order
// mark, trailing commas, comments, leading zeros, NaN, text after the value, NUL bytes; and
// bytes that are not UTF-8 inside strings, which both copy.
TEST(YyjsonModel, TextPathsAgreeOnHostileText) {
  auto ser = engine().compile("{}", R"({"jit":false})");
  ASSERT_TRUE(ser);
  const std::string texts[] = {"\"\x0e\"", "\"a\xff\xff\x0e\"", "\"\t\"", "\xEF\xBB\xBF[1]", "[1,]", "{\"a\":1,}",
                               "[1] /*c*/", "01", "NaN", "[1]x", std::string("[1]\0", 4), std::string("\"a\0\"", 4),
                               "\"\xff\xc3\"", "[\"\xed\xa0\x80\"]", "-", "1e", "\"\\x\"", "  [ 1 , 2 ]  "};
  for (const std::string& text : texts) {
    std::string want = "kept", got = "kept";
    auto want_st = sj::test::serialize_text(*ser, text, want);
    auto got_st = ser->serialize_json(text, got);
    ASSERT_EQ(want_st.ok(), got_st.ok()) << text;
    EXPECT_EQ(got, want) << text;
    if (!want_st) {
      EXPECT_EQ(got_st.error().message, want_st.error().message) << text;
    }
  }
  std::string out;
  EXPECT_FALSE(ser->serialize_json("\"\x0e\"", out));  // JSON.parse: "Bad control character in string literal"
}
TEST(YyjsonModel, OneSerializerManyThreads) {
  auto ser = engine().compile(R"({"type":"array","items":{"type":"object","properties":{"i":{"type":"integer"},"s":{"type":"string"}}}})",
                              R"({"jit":false})");
  ASSERT_TRUE(ser);
  std::string json = "[";
  for (int i = 0; i < 200; ++i) json += (i ? "," : "") + std::string(R"({"s":"v)") + std::to_string(i) + R"(","i":)" + std::to_string(i) + "}";
  json += "]";
  Doc doc = read(json);
  std::string want;
  ASSERT_TRUE(sj::test::serialize_text(*ser, json, want));
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::string out;
      for (int k = 0; k < 200; ++k) {
        out.clear();
        if (!ser->serialize(doc.get(), out) || out != want) ++mismatches[t];
      }
    });
  for (auto& th : threads) th.join();
  for (int m : mismatches) EXPECT_EQ(m, 0);
}

}  // namespace
