// Ajv's coerceTypes (fjs option `ajv: {coerceTypes: true | "array"}`): the conversions one by
// one against what Ajv 8's generated code does (lib/compile/validate/dataType.ts), and what
// the engine promises around them: the caller's DOM is never written, conversions inside the
// value are printed and the root's are not, deep data fails with the buffer as it was. The
// outputs themselves are checked against fast-json-stringify in tests/conformance/coerce-types*.jsonl.
#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include "ir/error.h"
#include "ir/options.h"
#include "ir/schema_doc.h"
#include "runtime/ajv_writes.h"
#include "runtime/js_value.h"
#include "runtime/validate.h"
#include "tests/test_util.h"

namespace {

namespace ty = sj::rt::ajv_type;

// The value `input` (JSON) becomes under a type keyword accepting `accepted` that converts
// to `targets` in that order, as JSON text, or "none" when Ajv would leave it (a type error).
std::string coerced(const char* input, uint8_t accepted, std::vector<uint8_t> targets, bool arrays = false) {
  rapidjson::Document d;
  d.Parse(input);
  uint64_t plan = sj::rt::coercion_plan(accepted, arrays, targets.data(), static_cast<int>(targets.size()));
  if (sj::rt::ajv_coerce(d, plan, d.GetAllocator()) == sj::rt::Coercion::None) return "none";
  return sj::rt::json_stringify(d);
}

TEST(AjvCoerce, ToString) {
  const uint8_t s = ty::kString;
  EXPECT_EQ(coerced("1", s, {s}), "\"1\"");
  EXPECT_EQ(coerced("1.5e21", s, {s}), "\"1.5e+21\"");  // "" + data: JavaScript's number text
  EXPECT_EQ(coerced("-0.0", s, {s}), "\"0\"");
  EXPECT_EQ(coerced("true", s, {s}), "\"true\"");
  EXPECT_EQ(coerced("null", s, {s}), "\"\"");
  EXPECT_EQ(coerced("[1]", s, {s}), "none");
  EXPECT_EQ(coerced("{}", s, {s}), "none");
}

TEST(AjvCoerce, ToNumberAndInteger) {
  const uint8_t n = ty::kNumber, i = ty::kInteger, num = ty::kNumber | ty::kInteger;
  EXPECT_EQ(coerced("\"10\"", num, {n}), "10");
  EXPECT_EQ(coerced("\" \"", num, {n}), "0");  // +" " is 0, and " " == 0
  EXPECT_EQ(coerced("\"0x1A\"", num, {n}), "26");
  EXPECT_EQ(coerced("\"\"", num, {n}), "none");  // data && ...: the empty string is falsy
  EXPECT_EQ(coerced("\"1e400\"", num, {n}), "null");  // Infinity, which JSON prints as null
  EXPECT_EQ(coerced("\"abc\"", num, {n}), "none");
  EXPECT_EQ(coerced("true", num, {n}), "1");
  EXPECT_EQ(coerced("null", num, {n}), "0");
  EXPECT_EQ(coerced("\"1.5\"", i, {i}), "none");  // !(data % 1)
  EXPECT_EQ(coerced("\"Infinity\"", i, {i}), "null");  // Infinity % 1 is NaN, and !NaN holds
  EXPECT_EQ(coerced("\"-7\"", i, {i}), "-7");
  EXPECT_EQ(coerced("1.5", i, {i}), "none");  // a number is never converted to another number
}

TEST(AjvCoerce, ToBooleanAndNull) {
  const uint8_t b = ty::kBoolean, z = ty::kNull;
  EXPECT_EQ(coerced("\"false\"", b, {b}), "false");
  EXPECT_EQ(coerced("0", b, {b}), "false");
  EXPECT_EQ(coerced("-0.0", b, {b}), "false");  // -0 === 0
  EXPECT_EQ(coerced("null", b, {b}), "false");
  EXPECT_EQ(coerced("\"true\"", b, {b}), "true");
  EXPECT_EQ(coerced("1.0", b, {b}), "true");
  EXPECT_EQ(coerced("2", b, {b}), "none");
  EXPECT_EQ(coerced("\"TRUE\"", b, {b}), "none");
  EXPECT_EQ(coerced("\"\"", z, {z}), "null");
  EXPECT_EQ(coerced("0", z, {z}), "null");
  EXPECT_EQ(coerced("false", z, {z}), "null");
  EXPECT_EQ(coerced("\" \"", z, {z}), "none");
}

TEST(AjvCoerce, FirstTargetThatAppliesInTheKeywordsOrder) {
  const uint8_t b = ty::kBoolean, n = ty::kNumber, s = ty::kString;
  EXPECT_EQ(coerced("\"1\"", b | n, {b, n}), "1");  // not "true"/"false": the number
  EXPECT_EQ(coerced("\"true\"", b | n, {n, b}), "true");  // not a number: the boolean
  EXPECT_EQ(coerced("true", n | s, {n, s}), "1");
  EXPECT_EQ(coerced("true", n | s, {s, n}), "\"true\"");
  EXPECT_EQ(coerced("\"x\"", b | n, {b, n}), "none");
}

TEST(AjvCoerce, ArrayModeWrapsScalarsAndUnwrapsOneElement) {
  const uint8_t a = ty::kArray, n = ty::kNumber, s = ty::kString, o = ty::kObject;
  EXPECT_EQ(coerced("5", a, {a}, true), "[5]");
  EXPECT_EQ(coerced("null", a, {a}, true), "[null]");
  EXPECT_EQ(coerced("{}", a, {a}, true), "none");
  EXPECT_EQ(coerced("[\"5\"]", n, {n}, true), "5");  // unwrapped, then converted
  EXPECT_EQ(coerced("[7]", n, {n}, true), "7");
  EXPECT_EQ(coerced("[{}]", o | s, {s}, true), "{}");
  EXPECT_EQ(coerced("[[\"5\"]]", n, {n}, true), "none");  // one level only
  EXPECT_EQ(coerced("[1,2]", n, {n}, true), "none");
  EXPECT_EQ(coerced("[\"5\"]", n, {n}, false), "none");  // only in "array" mode
}

// The caller's DOM is const: every conversion happens in the call's own copy, so the same DOM
// prints the same text every time, and reading it back shows it unchanged.
TEST(AjvCoerce, CallerDomUntouchedConversionsInsidePrinted) {
  const char* schema = R"({"type":"object","properties":{"a":{"anyOf":[
      {"type":"object","properties":{"x":{"type":"boolean"},"y":{"type":"null"}}},
      {"type":"object","additionalProperties":true}]},
    "r":{"anyOf":[{"type":"boolean"}]}}})";
  const char* data = R"({"a":{"x":"false","y":5},"r":"false"})";
  for (int level : {0, 1}) {
    auto ser = sj::test::engine().compile(schema, sj::test::at_level(level, R"("ajv":{"coerceTypes":true})"));
    ASSERT_TRUE(ser) << ser.error().message;
    rapidjson::Document doc;
    doc.Parse(data);
    for (int round = 0; round < 3; ++round) {
      std::string out = "kept";
      ASSERT_TRUE(ser->serialize(doc, out));
      // x converted inside the object by the failing first branch, printed by the second; the
      // root "false" converted only in the validation, then printed by fjs's boolean: truthy.
      EXPECT_EQ(out, R"(kept{"a":{"x":false,"y":5},"r":true})") << "level " << level;
      EXPECT_EQ(sj::rt::json_stringify(doc), R"({"a":{"x":"false","y":5},"r":"false"})");
    }
  }
}

TEST(AjvCoerce, DeepDataIsTheDepthErrorAndTheBufferIsKept) {
  const char* schema = R"({"anyOf":[{"type":"object","properties":{"a":{"type":"string"}}}]})";
  std::string deep = "1";
  for (int i = 0; i < 8; ++i) deep = "{\"a\":" + deep + "}";
  for (int level : {0, 1}) {
    auto ser = sj::test::engine().compile(schema, sj::test::at_level(level, R"("ajv":{"coerceTypes":true},"maxDataDepth":4)"));
    ASSERT_TRUE(ser);
    std::string out = "before";
    auto st = sj::test::serialize_text(*ser, deep, out);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().message, "Maximum data depth of 4 exceeded");
    EXPECT_EQ(st.error().pointer, "#");
    EXPECT_EQ(out, "before");
    out.clear();
    EXPECT_TRUE(sj::test::serialize_text(*ser, R"({"a":1})", out));
    EXPECT_EQ(out, R"({"a":"1"})");
  }
}

TEST(AjvCoerce, OptionValuesAndTheCacheKey) {
  auto plan = [](const char* ajv) {
    return static_cast<int>(sj::parse_options(std::string(R"({"ajv":)") + ajv + "}").ajv_coerce_types);
  };
  EXPECT_EQ(plan(R"({"coerceTypes":true})"), static_cast<int>(sj::AjvCoercion::Scalars));
  EXPECT_EQ(plan(R"({"coerceTypes":"array"})"), static_cast<int>(sj::AjvCoercion::Arrays));
  EXPECT_EQ(plan(R"({"coerceTypes":"yes"})"), static_cast<int>(sj::AjvCoercion::Scalars));  // truthy
  EXPECT_EQ(plan(R"({"coerceTypes":0})"), static_cast<int>(sj::AjvCoercion::None));
  EXPECT_EQ(plan(R"({"coerceTypes":false})"), static_cast<int>(sj::AjvCoercion::None));
  sj::Options a, b;
  b.ajv_coerce_types = sj::AjvCoercion::Arrays;
  std::string ka, kb;
  ASSERT_TRUE(sj::cache_fingerprint(a, ka));
  ASSERT_TRUE(sj::cache_fingerprint(b, kb));
  EXPECT_NE(ka, kb);
}

}  // namespace

namespace {

// useDefaults and removeAdditional write into the call's copy: what a failing branch wrote
// is printed by the next, and the caller's DOM reads the same afterwards.
TEST(AjvWrites, DefaultsAndDeletionsInTheCopyOnly) {
  const char* schema = R"({"anyOf":[
      {"type":"object","properties":{"a":{"default":5},"k":{}},"additionalProperties":false,"required":["zz"]},
      {"type":"object","properties":{"a":{},"k":{"type":"null"}},"additionalProperties":false},
      {"type":"object","additionalProperties":true}]})";
  for (int level : {0, 1}) {
    auto ser = sj::test::engine().compile(
        schema, sj::test::at_level(level, R"("ajv":{"useDefaults":true,"removeAdditional":true})"));
    ASSERT_TRUE(ser) << ser.error().message;
    rapidjson::Document doc;
    doc.Parse(R"({"k":1,"x":2})");
    for (int round = 0; round < 3; ++round) {
      std::string out;
      ASSERT_TRUE(ser->serialize(doc, out));
      // The first branch writes a's default, then fails at required (before additionalProperties,
      // in Ajv's order); the second deletes x, then fails at k (properties come after
      // additionalProperties); the third prints what is left (fast-json-stringify 7.3.6's output).
      EXPECT_EQ(out, R"({"k":1,"a":5})") << "level " << level;
      EXPECT_EQ(sj::rt::json_stringify(doc), R"({"k":1,"x":2})");
    }
  }
}

TEST(AjvWrites, OptionValuesAndTheCacheKey) {
  auto options = [](const char* ajv) { return sj::parse_options(std::string(R"({"ajv":)") + ajv + "}"); };
  EXPECT_EQ(options(R"({"useDefaults":true})").ajv_use_defaults, sj::AjvDefaults::Undefined);
  EXPECT_EQ(options(R"({"useDefaults":"empty"})").ajv_use_defaults, sj::AjvDefaults::Empty);
  EXPECT_EQ(options(R"({"useDefaults":"shared"})").ajv_use_defaults, sj::AjvDefaults::Undefined);
  EXPECT_EQ(options(R"({"removeAdditional":true})").ajv_remove_additional, sj::AjvRemoval::Forbidden);
  EXPECT_EQ(options(R"({"removeAdditional":"all"})").ajv_remove_additional, sj::AjvRemoval::All);
  EXPECT_EQ(options(R"({"removeAdditional":"failing"})").ajv_remove_additional, sj::AjvRemoval::Failing);
  EXPECT_EQ(options(R"({"removeAdditional":0})").ajv_remove_additional, sj::AjvRemoval::None);
  EXPECT_FALSE(options(R"({"validateFormats":false})").ajv_validate_formats);
  EXPECT_FALSE(options(R"({"unicodeRegExp":false})").ajv_unicode_regexp);
  EXPECT_EQ(options(R"({"multipleOfPrecision":4})").ajv_multiple_of_precision, 4);
  try {
    options(R"({"multipleOfPrecision":1.5})");
    ADD_FAILURE() << "multipleOfPrecision 1.5 accepted";
  } catch (const sj::CompileError& e) {
    EXPECT_EQ(e.pointer, "/ajv/multipleOfPrecision");
    EXPECT_EQ(e.code, schemajit::ErrorCode::Unsupported);
  }
  std::string base, other;
  ASSERT_TRUE(sj::cache_fingerprint(sj::Options{}, base));
  for (auto change : {+[](sj::Options& o) { o.ajv_use_defaults = sj::AjvDefaults::Empty; },
                      +[](sj::Options& o) { o.ajv_remove_additional = sj::AjvRemoval::All; },
                      +[](sj::Options& o) { o.ajv_validate_formats = false; },
                      +[](sj::Options& o) { o.ajv_unicode_regexp = false; },
                      +[](sj::Options& o) { o.ajv_multiple_of_precision = 3; }}) {
    sj::Options o;
    change(o);
    ASSERT_TRUE(sj::cache_fingerprint(o, other));
    EXPECT_NE(base, other);
  }
}

// The options that change only what a validator accepts.
TEST(AjvWrites, FormatsRegexFlagAndPrecision) {
  using sj::test::run;
  const char* date = R"({"anyOf":[{"type":"string","format":"date"},{"type":"number"}]})";
  EXPECT_EQ(run(date, R"("nope")", R"({"ajv":{"validateFormats":false}})"), R"("nope")");
  EXPECT_EQ(run(date, R"("nope")"), "ERR: The value of '#' does not match schema definition. @#");
  const char* letters = R"({"anyOf":[{"type":"string","pattern":"^\\p{L}+$"},{"type":"number"}]})";
  EXPECT_EQ(run(letters, R"("abc")"), R"("abc")");
  EXPECT_EQ(run(letters, R"("p{L}")", R"({"ajv":{"unicodeRegExp":false}})"), R"("p{L}")");  // \p is "p"
  EXPECT_EQ(run(letters, R"("abc")", R"({"ajv":{"unicodeRegExp":false}})"),
            "ERR: The value of '#' does not match schema definition. @#");
  EXPECT_TRUE(sj::rt::is_multiple_of(0.3, 0.1, 5));   // 2.9999999999999996 is within 1e-5 of 3
  EXPECT_FALSE(sj::rt::is_multiple_of(0.3, 0.1, 0));  // and is not an integer
  EXPECT_FALSE(sj::rt::is_multiple_of(0.071, 0.01, 2));
  EXPECT_TRUE(sj::rt::is_multiple_of(1e308, 1e-308, 3));  // an infinite quotient passes, as in Ajv
}

}  // namespace

namespace {

// With ajv: {discriminator: true}, what Ajv refuses in the keyword fails every validator of the
// document when it is first needed (fjs compiles validators lazily), or the build with
// compileValidators: true; a discriminator it accepts selects the branch oneOf would.
TEST(AjvOptions, DiscriminatorRefusedAsAjvRefusesIt) {
  const char* untagged = R"({"type":"object","discriminator":{"propertyName":"k"},
      "oneOf":[{"properties":{"k":{"const":"a"}}},{"properties":{"k":{"const":"b"}}}]})";
  EXPECT_EQ(sj::test::run(untagged, R"({"k":"a"})", R"({"ajv":{"discriminator":true}})"),
            "ERR: discriminator: \"k\" must be required @");
  EXPECT_EQ(sj::test::run(untagged, R"({"k":"a"})"), R"({"k":"a"})");  // without the option: an unknown keyword
  auto built = sj::test::engine().compile(untagged, R"({"ajv":{"discriminator":true},"compileValidators":true})");
  ASSERT_FALSE(built);
  EXPECT_EQ(built.error().message, "discriminator: \"k\" must be required");
  EXPECT_EQ(built.error().pointer, "/discriminator");
  const char* tagged = R"({"type":"object","required":["k"],"discriminator":{"propertyName":"k"},
      "oneOf":[{"properties":{"k":{"const":"a"},"x":{"type":"integer"}}},{"properties":{"k":{"enum":["b","c"]}}}]})";
  EXPECT_EQ(sj::test::run(tagged, R"({"k":"a","x":7,"y":1})", R"({"ajv":{"discriminator":true}})"), R"({"k":"a","x":7})");
  EXPECT_EQ(sj::test::run(tagged, R"({"k":"d"})", R"({"ajv":{"discriminator":true}})"),
            "ERR: The value of '#' does not match schema definition. @#");
}

}  // namespace

namespace {

std::string run_public(const char* schema, const char* input, const schemajit::Options& options) {
  auto ser = sj::test::engine().compile(schema, options);
  if (!ser) return "COMPILE: " + ser.error().message + " @" + ser.error().pointer;
  std::string out;
  auto st = sj::test::serialize_text(*ser, input, out);
  if (!st) return "ERR: " + st.error().message;
  return out;
}

// ajv: {formats} and Ajv's strict modes through the C++ options as through the JSON ones (the
// outputs against fjs: tests/conformance/custom-formats.jsonl, strict-types*.jsonl).
TEST(AjvOptions, CustomFormatsAndStrictModes) {
  const char* even = R"({"anyOf":[{"type":"string","format":"even"},{"type":"number"}]})";
  schemajit::Options o;
  o.ajv.formats["even"] = "^[02468]+$";
  EXPECT_EQ(run_public(even, R"("2468")", o), R"("2468")");
  EXPECT_EQ(run_public(even, R"("13")", o), "ERR: The value of '#' does not match schema definition.");
  o.ajv.formats["even"] = std::nullopt;  // Ajv's `true`: every value passes
  EXPECT_EQ(run_public(even, R"("13")", o), R"("13")");
  o.ajv.formats["even"] = "(";
  EXPECT_EQ(run_public(even, R"("2")", o), "COMPILE: Invalid regular expression: /(/: Unterminated group @/ajv/formats/even");

  const char* untyped = R"({"anyOf":[{"properties":{"a":{"type":"integer"}}},{"type":"string"}]})";
  schemajit::Options strict;
  EXPECT_EQ(run_public(untyped, R"({"a":1})", strict), R"({"a":1})");
  strict.ajv.strict_types = true;
  EXPECT_EQ(run_public(untyped, R"({"a":1})", strict),
            R"(ERR: strict mode: missing type "object" for keyword "properties" at "__fjs_root_0#/anyOf/0" (strictTypes))");

  auto options = [](const char* ajv) { return sj::parse_options(std::string(R"({"ajv":)") + ajv + "}"); };
  auto formats = options(R"({"formats":{"b":"^b","1":true,"a":false,"0":"x"}})").ajv_formats;  // for...in order
  ASSERT_EQ(formats.size(), 3u);
  EXPECT_EQ(formats[0].first, "0");
  EXPECT_EQ(formats[1].first, "1");
  EXPECT_FALSE(formats[1].second);
  EXPECT_EQ(formats[2].first, "b");
  EXPECT_EQ(options(R"({"formats":["^x"]})").ajv_formats.at(0).first, "0");
  try {
    options(R"({"formats":{"o":{"type":"number","validate":"^2$"}}})");
    ADD_FAILURE() << "an object format accepted";
  } catch (const sj::CompileError& e) {
    EXPECT_EQ(e.pointer, "/ajv/formats/o");
    EXPECT_EQ(e.code, schemajit::ErrorCode::Unsupported);
  }
  EXPECT_TRUE(options(R"({"strict":true})").ajv_strict_types);
  EXPECT_TRUE(options(R"({"strict":true})").ajv_strict_required);
  EXPECT_FALSE(options(R"({"strict":true,"strictTuples":false})").ajv_strict_tuples);
  EXPECT_FALSE(options(R"({"strictTypes":"log"})").ajv_strict_types);

  std::string base, other;
  ASSERT_TRUE(sj::cache_fingerprint(sj::Options{}, base));
  for (auto change : {+[](sj::Options& x) { x.ajv_formats.emplace_back("f", "^a"); },
                      +[](sj::Options& x) { x.ajv_formats.emplace_back("f", std::nullopt); },
                      +[](sj::Options& x) { x.ajv_strict_types = true; },
                      +[](sj::Options& x) { x.ajv_strict_tuples = true; },
                      +[](sj::Options& x) { x.ajv_strict_required = true; }}) {
    sj::Options x;
    change(x);
    ASSERT_TRUE(sj::cache_fingerprint(x, other));
    EXPECT_NE(base, other);
  }
}

}  // namespace
