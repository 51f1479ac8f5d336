// Hostile schemas and data (issue 6): each case with the behaviour chosen for it. Nothing
// crashes, nothing is lost: an error names what is wrong and leaves the caller's buffer as
// it was.
#include <chrono>
#include <cmath>
#include <limits>

#include <rapidjson/document.h>

#include "ir/schema_doc.h"
#include "tests/test_util.h"

namespace {

using sj::test::engine;
using sj::test::run;

std::string compile_error(const std::string& schema, const std::string& options = "") {
  auto ser = engine().compile(schema, options);
  return ser ? "compiled" : ser.error().message;
}

// ---- schemas --------------------------------------------------------------------------------

TEST(HostileSchema, HundredThousandLevelsDeep) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += R"({"items":)";
  deep += "{}";
  deep += std::string(100000, '}');
  EXPECT_EQ(compile_error(deep), "schema exceeds maximum depth of 100");
  EXPECT_EQ(compile_error(std::string(100000, '[') + std::string(100000, ']')), "schema exceeds maximum depth of 100");
}

TEST(HostileSchema, HundredThousandPropertiesIsASizeError) {
  std::string schema = R"({"type":"object","properties":{)";
  for (int i = 0; i < 100000; ++i) schema += (i ? "," : "") + std::string("\"p") + std::to_string(i) + R"(":{"type":"integer"})";
  schema += "}}";
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(compile_error(schema), "schema too large: more than 20000 nodes to serialize (option maxSchemaNodes)");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

// Large schemas compile at level 0 and in parts of 64 members: 10,000 properties take seconds.
TEST(HostileSchema, TenThousandPropertiesCompile) {
  std::string schema = R"({"type":"object","properties":{)";
  for (int i = 0; i < 10000; ++i) schema += (i ? "," : "") + std::string("\"p") + std::to_string(i) + R"(":{"type":"integer"})";
  schema += "}}";
  EXPECT_EQ(run(schema, R"({"p9999":"7","p0":1.5,"x":1})"), R"({"p0":1,"p9999":7})");
}

TEST(HostileSchema, RefCyclesThatConsumeNoData) {
  EXPECT_EQ(compile_error(R"({"$ref":"#"})"), "Cannot resolve circular reference \"#\"");
  EXPECT_EQ(compile_error(R"({"definitions":{"a":{"$ref":"#/definitions/b"},"b":{"$ref":"#/definitions/a"}},
                              "properties":{"x":{"$ref":"#/definitions/a"}}})"),
            "Cannot resolve circular reference \"#/definitions/b\"");  // fjs's text: the $ref of the schema reached twice
  // A cycle that does consume data (through properties) is recursion, not an error.
  EXPECT_EQ(run(R"({"properties":{"next":{"$ref":"#"}}})", R"({"next":{"next":{}}})"), R"({"next":{"next":{}}})");
}

TEST(HostileSchema, KeysAreEscapedAsJsonStringifyDoes) {
  std::string big(10240, 'k');
  std::string schema = R"({"type":"object","properties":{"q\"uote":{},"back\\slash":{},"ctl\u0001\n":{},
    "ls\u2028":{},"__proto__":{"type":"integer"},"constructor":{"type":"string"},")" + big + R"(":{}}})";
  std::string input = R"({"q\"uote":1,"back\\slash":2,"ctl\u0001\n":3,"ls\u2028":4,"__proto__":"5","constructor":6,")" + big + R"(":7})";
  EXPECT_EQ(run(schema, input), "{\"q\\\"uote\":1,\"back\\\\slash\":2,\"ctl\\u0001\\n\":3,\"ls\u2028\":4,\"__proto__\":5,"
                                "\"constructor\":\"6\",\"" + big + "\":7}");
}

TEST(HostileSchema, DuplicateKeysInTheSchemaTextLastOneWins) {
  // As JSON.parse reads the schema: the last value, at the first one's position.
  EXPECT_EQ(run(R"({"properties":{"a":{"type":"string"},"b":{},"a":{"type":"integer"}}})", R"({"a":"5","b":1})"),
            R"({"a":5,"b":1})");
  EXPECT_EQ(run(R"({"type":"string","type":"boolean"})", R"("x")"), "true");
}

// Ids and refs the draft-07 meta-schema refuses (format uri-reference: no spaces, quotes,
// backslashes or control characters), as fast-json-stringify 7.3.6 does before it resolves
// anything.
TEST(HostileSchema, UnusualIdsAndRefs) {
  EXPECT_EQ(compile_error(R"({"$id":"a\"b c\\d","definitions":{"x y":{"type":"integer"}},
                   "properties":{"p":{"$ref":"a\"b c\\d#/definitions/x y"}}})"),
            "schema is invalid: data/$id must match format \"uri-reference\"");
  EXPECT_EQ(compile_error(R"({"properties":{"p":{"$ref":"nope\u0000#/x"}}})"),
            "schema is invalid: data/properties/p/$ref must match format \"uri-reference\"");
  EXPECT_EQ(compile_error(R"({"definitions":{"x y":{"type":"integer"}},"properties":{"p":{"$ref":"#/definitions/x y"}}})"),
            "schema is invalid: data/properties/p/$ref must match format \"uri-reference\"");
}

// Count and length bounds beyond int64 inside a validated branch (fuzz_schema's input, with
// UBSan: the cast was undefined behaviour): they act as the largest bound there is.
TEST(HostileSchema, BoundsBeyondInt64) {
  auto with = [](const char* bound) {
    return R"({"anyOf":[{"type":"string",)" + std::string(bound) + R"(},{"type":"integer"}]})";
  };
  EXPECT_EQ(run(with(R"("maxLength":1111111111111111111111111111112)"), R"("abc")"), R"("abc")");
  EXPECT_EQ(run(with(R"("minLength":1e30)"), R"("abc")"), run(with(R"("minLength":1000000)"), R"("abc")"));
  // A negative length is refused by the draft-07 meta-schema, as fast-json-stringify 7.3.6 does.
  EXPECT_EQ(compile_error(with(R"("minLength":-1e30)")), "schema is invalid: data/anyOf/0/minLength must be >= 0");
  EXPECT_EQ(run(R"({"type":"array","items":{"anyOf":[{"type":"object","propertyNames":{"maxLength":1111111111111111111111111111112},
      "dependencies":{"a":["b"]}}]}})", R"([{"a":1,"b":2}])"),
            run(R"({"type":"array","items":{"anyOf":[{"type":"object","propertyNames":{"maxLength":100},
      "dependencies":{"a":["b"]}}]}})", R"([{"a":1,"b":2}])"));
}

TEST(HostileSchema, NotAnObject) {
  EXPECT_EQ(compile_error("5"), "schema is invalid: data must be object,boolean");
  EXPECT_EQ(compile_error("[]"), "schema is invalid: data must be object,boolean");
  EXPECT_EQ(compile_error("null"), "schema is invalid: data must be object,boolean");
  EXPECT_EQ(compile_error(""), "schema is not valid JSON: The document is empty. at offset 0");
  EXPECT_EQ(run("true", R"({"a":[1]})"), R"({"a":[1]})");
}

TEST(HostileSchema, HundredMegabyteSchema) {
  std::string schema = R"({"type":"object","description":")" + std::string(100 << 20, 'd') +
                       R"(","properties":{"a":{"type":"string"}}})";
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run(schema, R"({"a":1})"), R"({"a":"1"})");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
}

// ---- data -----------------------------------------------------------------------------------

// fuzz_schema's finding: RapidJSON 1.1's full-precision parser read "0e77" as 1.26e263 (and
// hit undefined behaviour); numbers are now converted by parse_json itself.
TEST(HostileData, ZeroWithAnExponent) {
  EXPECT_EQ(run("{}", "[0e77,0.000e10,-0e5,1e-400,0.1,18446744073709551615]"), "[0,0,0,0,0.1,18446744073709551615]");
  EXPECT_EQ(compile_error("0e77tp\":\"jbeoz]}"), "schema is not valid JSON: The document root must not be followed by other values. at offset 4");
}

// Data beyond the double range reads as JSON.parse reads it, ±Infinity (RapidJSON's reader
// refuses it: parse_json_data hides such numbers from it and converts their text itself);
// schema text keeps the reader's error. Strings that look like numbers stay strings, a
// malformed number is still an error, and errors keep the offsets of the text as given.
TEST(HostileData, NumbersBeyondTheDoubleRange) {
  EXPECT_EQ(run("{}", R"([1e309,-1E+400,0.5e310,1e308,"1e309",12345678901234567890123,true])"),
            R"([null,null,null,1e+308,"1e309",1.2345678901234568e+22,true])");
  EXPECT_EQ(run(R"({"type":"string"})", "-1e309"), R"("-Infinity")");
  EXPECT_EQ(run(R"({"type":"integer"})", "1e309"), R"(ERR: The value "Infinity" cannot be converted to an integer. @#)");
  EXPECT_EQ(run("{}", "[1e309,]"), "ERR: input is not valid JSON: Invalid value. at offset 7 @");
  EXPECT_EQ(run("{}", "[1e309,1e]"), "ERR: input is not valid JSON: Miss exponent in number. at offset 9 @");
  EXPECT_EQ(run("{}", R"(["\ud800",1e309,])"), "ERR: input is not valid JSON: Invalid value. at offset 16 @");
  EXPECT_EQ(compile_error(R"({"maximum":1e309})"), "schema is not valid JSON: Number too big to be stored in double. at offset 11");
}

// JSON.parse keeps a lone surrogate's escape as one UTF-16 unit; RapidJSON's reader refuses
// it. parse_json_data holds each as WTF-8 (sj::parse_json, for schemas and options, still
// refuses them), pairs as the one character they are, and reports errors at the offset of
// the text as given.
TEST(HostileData, LoneSurrogatesReadAsJsonParseReadsThem) {
  auto read = [](const std::string& text, bool want_lone) {
    rapidjson::Document doc;
    std::string err;
    bool lone = !want_lone;
    EXPECT_TRUE(sj::parse_json_data(text, doc, err, lone)) << text << ": " << err;
    EXPECT_EQ(lone, want_lone) << text;
    return doc.IsString() ? std::string(doc.GetString(), doc.GetStringLength()) : "not a string";
  };
  EXPECT_EQ(read(R"("a\ud800b")", true), "a\xED\xA0\x80" "b");
  EXPECT_EQ(read(R"("\udf06\ud834")", true), "\xED\xBC\x86\xED\xA0\xB4");            // low, then high
  EXPECT_EQ(read(R"("\uD800\uD800\uDC00")", true), "\xED\xA0\x80\xF0\x90\x80\x80");  // a lone one, then a pair
  EXPECT_EQ(read(R"("\ud83d\ude00")", false), "\xF0\x9F\x98\x80");
  EXPECT_EQ(read(R"("\\ud800")", false), "\\ud800");  // an escaped backslash, then text
  EXPECT_EQ(read(R"("\u0041\n")", false), "A\n");
  rapidjson::Document doc;
  std::string lone_err, plain_err;
  bool lone;
  EXPECT_FALSE(sj::parse_json_data(R"(["\ud800","\udc00",])", doc, lone_err, lone));
  EXPECT_FALSE(sj::parse_json_data(R"(["\u0041","\u0042",])", doc, plain_err, lone));
  EXPECT_EQ(lone_err, plain_err);
  EXPECT_EQ(lone_err, "Invalid value. at offset 19");
  // Schema and options text too, as JSON.parse reads it for fjs (issue 30 item 7).
  ASSERT_TRUE(sj::parse_json(R"("\ud800")", doc, plain_err)) << plain_err;
  EXPECT_EQ(std::string(doc.GetString(), doc.GetStringLength()), "\xED\xA0\x80");

  // Printed as JSON.stringify prints them, counted against the limit as printed (8 bytes),
  // the caller's string as it was on error.
  auto exact = engine().compile(R"({"type":"string"})", R"({"maxOutputBytes":8})");
  auto short_by_one = engine().compile(R"({"type":"string"})", R"({"maxOutputBytes":7})");
  std::string out = "kept";
  out.reserve(1024);
  ASSERT_TRUE(sj::test::serialize_text(*exact, R"("\ud800")", out));
  EXPECT_EQ(out, R"(kept"\ud800")");
  out = "kept";
  auto st = sj::test::serialize_text(*short_by_one, R"("\ud800")", out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "output exceeds maxOutputBytes (7 bytes)");
  EXPECT_EQ(out, "kept");
}

TEST(HostileData, DeeperThanTheLimit) {
  std::string deep = std::string(5000, '[') + std::string(5000, ']');
  EXPECT_EQ(run(R"({"$id":"t","type":"array","items":{"$ref":"t"}})", deep), "ERR: Maximum data depth of 1000 exceeded @#");
  EXPECT_EQ(run("{}", deep), "ERR: Maximum data depth of 1000 exceeded @");
}

TEST(HostileData, OutputLimit) {
  std::string arr = "[";
  for (int i = 0; i < 2000; ++i) arr += (i ? ",1" : "1");
  arr += "]";
  auto ser = engine().compile(R"({"type":"array","items":{"type":"integer"}})", R"({"maxOutputBytes":1000})");
  ASSERT_TRUE(ser);
  std::string out = "kept";
  auto st = sj::test::serialize_text(*ser, arr, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "output exceeds maxOutputBytes (1000 bytes)");
  EXPECT_EQ(out, "kept");
  // Exactly at the limit is fine; one byte over is not, however the bytes were reserved.
  auto exact = engine().compile(R"({"type":"string"})", R"({"maxOutputBytes":12})");
  out.clear();
  EXPECT_TRUE(sj::test::serialize_text(*exact, R"("0123456789")", out));
  EXPECT_EQ(out, R"("0123456789")");
  EXPECT_FALSE(sj::test::serialize_text(*exact, R"("01234567890")", out));
  EXPECT_EQ(compile_error("{}", R"({"maxOutputBytes":0})"), "maxOutputBytes must be a positive integer");
  // Up to INT64_MAX, "no limit" (fuzz_sinks draws it); beyond int64, or a fraction, refused.
  EXPECT_EQ(compile_error("{}", R"({"maxOutputBytes":9223372036854775807})"), "compiled");
  EXPECT_EQ(compile_error("{}", R"({"maxOutputBytes":1e9})"), "compiled");
  EXPECT_EQ(compile_error("{}", R"({"maxOutputBytes":9223372036854775808})"), "maxOutputBytes must be a positive integer");
  EXPECT_EQ(compile_error("{}", R"({"maxOutputBytes":1.5})"), "maxOutputBytes must be a positive integer");
}

TEST(HostileData, OneGibibyteString) {
  std::string big(size_t(1) << 30, 'x');
  big[12345] = '"';  // one byte to escape somewhere
  rapidjson::Value v(rapidjson::StringRef(big.data(), big.size()));
  auto ser = engine().compile(R"({"type":"string"})");
  std::string out = "kept";
  auto st = ser->serialize(v, out);  // 1 GiB + 3 bytes: over the default limit of 1 GiB
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "output exceeds maxOutputBytes (1073741824 bytes)");
  EXPECT_EQ(out, "kept");
  auto roomy = engine().compile(R"({"type":"string"})", R"({"maxOutputBytes":2147483648})");
  out.clear();
  ASSERT_TRUE(roomy->serialize(v, out));
  ASSERT_EQ(out.size(), big.size() + 3);
  EXPECT_EQ(out.substr(12340, 10), "xxxxxx\\\"xx");
  EXPECT_EQ(out.back(), '"');
}

// A string read as an object (spec §16.3) is built as an object of one member per UTF-16
// unit only when the schema prints extra members, and then only as many as the output limit
// could print: 256 MiB of data cost neither 8 GiB of members nor a crash.
TEST(HostileData, BigStringReadAsAnObject) {
  std::string big(size_t(1) << 28, 'x');
  rapidjson::Value v(rapidjson::StringRef(big.data(), big.size()));
  std::string out = "kept";
  auto declared = engine().compile(R"({"type":"object","properties":{"1":{"type":"string"},"length":{"type":"integer"}}})");
  ASSERT_TRUE(declared->serialize(v, out));
  EXPECT_EQ(out, R"(kept{"1":"x","length":268435456})");
  out = "kept";
  auto extras = engine().compile(R"({"type":"object","additionalProperties":true})", R"({"maxOutputBytes":100000})");
  auto st = extras->serialize(v, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "output exceeds maxOutputBytes (100000 bytes)");
  EXPECT_EQ(out, "kept");
  rapidjson::Value some(rapidjson::StringRef(big.data(), 3));
  ASSERT_TRUE(extras->serialize(some, out));
  EXPECT_EQ(out, R"(kept{"0":"x","1":"x","2":"x"})");
}

TEST(HostileData, FiftyMillionStrings) {
  rapidjson::Document doc;
  doc.SetArray();
  const size_t n = 50'000'000;
  doc.Reserve(static_cast<rapidjson::SizeType>(n), doc.GetAllocator());
  for (size_t i = 0; i < n; ++i) doc.PushBack(rapidjson::StringRef("ab"), doc.GetAllocator());
  auto ser = engine().compile(R"({"type":"array","items":{"type":"string"}})");
  std::string out;
  ASSERT_TRUE(ser->serialize(doc, out));
  EXPECT_EQ(out.size(), n * 5 + 1);  // "ab", then ']' for the last comma
  EXPECT_EQ(out.substr(0, 11), R"(["ab","ab",)");
}

// Policy: bytes that are not UTF-8 are copied as they are (JavaScript never sees them: they
// cannot come out of JSON.parse), by the loop and by the bulk kernel alike.
TEST(HostileData, InvalidUtf8PassesThrough) {
  const char bad[] = "a\xff\xfe\xc3(\xe2\x82";
  rapidjson::Value s(rapidjson::StringRef(bad, sizeof bad - 1));
  auto one = engine().compile(R"({"type":"string"})");
  std::string out;
  ASSERT_TRUE(one->serialize(s, out));
  EXPECT_EQ(out, std::string("\"") + bad + "\"");
  rapidjson::Document arr;
  arr.SetArray();
  for (int i = 0; i < 9; ++i) arr.PushBack(rapidjson::Value(rapidjson::StringRef(bad, sizeof bad - 1)), arr.GetAllocator());
  for (const char* options : {R"({"cutoffs":{"string":0}})", R"({"cutoffs":{"string":null}})"}) {
    auto ser = engine().compile(R"({"type":"array","items":{"type":"string"}})", options);
    std::string both;
    ASSERT_TRUE(ser->serialize(arr, both));
    std::string want = "[";
    for (int i = 0; i < 9; ++i) want += std::string(i ? ",\"" : "\"") + bad + "\"";
    EXPECT_EQ(both, want + "]") << options;
  }
}

// The one exception to the above: a call that reads a string holding a character above
// U+FFFF as an object splits it into two lone surrogates, held as WTF-8 and printed escaped at
// the call's end; the surrogate bytes a DOM string already held (invalid UTF-8) print the
// same way in that call, since nothing tells them apart. Any other call copies them.
TEST(HostileData, SurrogateBytesPrintEscapedOnlyInACallThatSplitsACharacter) {
  const char wtf8[] = "\xED\xA0\x80";  // U+D800 as WTF-8
  auto ser = engine().compile(R"({"type":"object","properties":{"a":{"type":"string"},
    "b":{"type":"object","additionalProperties":true}}})");
  rapidjson::Document doc;
  doc.SetObject();
  doc.AddMember("a", rapidjson::StringRef(wtf8, 3), doc.GetAllocator());
  doc.AddMember("b", "x", doc.GetAllocator());
  std::string out;
  ASSERT_TRUE(ser->serialize(doc, out));
  EXPECT_EQ(out, std::string(R"({"a":")") + wtf8 + R"(","b":{"0":"x"}})");
  doc["b"].SetString("\xF0\x9F\x98\x80");  // U+1F600
  out.clear();
  ASSERT_TRUE(ser->serialize(doc, out));
  EXPECT_EQ(out, R"({"a":"\ud800","b":{"0":"\ud83d","1":"\ude00"}})");
}

// NaN and ±Infinity held as doubles: number prints null for ±Infinity and rejects NaN, as
// fjs's asNumber does; integer rejects all three. The bulk path agrees with the loop.
TEST(HostileData, NanAndInfinityInTheDom) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  auto number = engine().compile(R"({"type":"number"})");
  auto integer = engine().compile(R"({"type":"integer"})");
  std::string out;
  ASSERT_TRUE(number->serialize(rapidjson::Value(inf), out));
  ASSERT_TRUE(number->serialize(rapidjson::Value(-inf), out));
  EXPECT_EQ(out, "nullnull");
  auto st = number->serialize(rapidjson::Value(nan), out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "The value \"NaN\" cannot be converted to a number.");
  for (double x : {nan, inf, -inf}) EXPECT_FALSE(integer->serialize(rapidjson::Value(x), out));
  for (const char* options : {R"({"cutoffs":{"number":0}})", R"({"cutoffs":{"number":null}})"}) {
    auto arr = engine().compile(R"({"type":"array","items":{"type":"number"}})", options);
    rapidjson::Document d;
    d.SetArray();
    for (double x : {1.5, inf, -inf, 2.0}) d.PushBack(x, d.GetAllocator());
    out.clear();
    ASSERT_TRUE(arr->serialize(d, out));
    EXPECT_EQ(out, "[1.5,null,null,2]") << options;
  }
}

// Every kind of value at every kind of schema position: an error (buffer untouched) or JSON.
TEST(HostileData, EveryValueAtEveryPosition) {
  const char* schemas[] = {
      R"({"type":"string"})", R"({"type":"number"})", R"({"type":"integer"})", R"({"type":"boolean"})",
      R"({"type":"null"})", R"({"type":"object","properties":{"a":{"type":"string"}}})",
      R"({"type":"array","items":{"type":"integer"}})", R"({"type":["string","null"]})", R"({"const":{"c":1}})",
      R"({"type":"string","nullable":true})", R"({"anyOf":[{"type":"string"},{"type":"object"}]})",
      R"({"type":"array","items":[{"type":"string"},{"type":"number"}]})", R"({"type":"string","format":"date-time"})",
      R"({"if":{"type":"number"},"then":{"type":"integer"},"else":{"type":"string"}})", R"({})"};
  const char* values[] = {"null", "true", "false", "0", "-1", "1.5", "1e300", "\"\"", "\"x\\u0000\"", "\"12\"",
                          "[]", "[1,\"a\",null]", "{}", "{\"a\":[{}]}", "18446744073709551615", "-9223372036854775808"};
  for (const char* schema : schemas) {
    auto ser = engine().compile(schema);
    ASSERT_TRUE(ser) << schema;
    for (const char* value : values) {
      for (const char* wrap : {"%", "[%]", "{\"a\":%}"}) {
        std::string input = wrap;
        input.replace(input.find('%'), 1, value);
        std::string out = "kept";
        auto st = sj::test::serialize_text(*ser, input, out);
        std::string public_out = "kept";  // serialize_json's own path (yyjson) prints the same
        auto public_st = ser->serialize_json(input, public_out);
        EXPECT_EQ(public_st.ok(), st.ok()) << schema << " " << input;
        EXPECT_EQ(public_out, out) << schema << " " << input;
        if (!st) {
          EXPECT_EQ(out, "kept") << schema << " " << input;
          continue;
        }
        rapidjson::Document check;
        check.Parse(out.c_str() + 4, out.size() - 4);
        EXPECT_FALSE(check.HasParseError()) << schema << " " << input << " -> " << out;
      }
    }
  }
}

}  // namespace
