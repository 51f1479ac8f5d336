// The coercion table of spec §4, through compiled serializers: every schema type against
// every kind of input value.
#include <limits>

#include <rapidjson/document.h>

#include "tests/test_util.h"

namespace {

using sj::test::run;

const char* kString = R"({"type":"string"})";
const char* kNumber = R"({"type":"number"})";
const char* kInteger = R"({"type":"integer"})";
const char* kBoolean = R"({"type":"boolean"})";
const char* kNull = R"({"type":"null"})";

TEST(Coercion, ToString) {
  EXPECT_EQ(run(kString, R"("s\"q")"), R"("s\"q")");
  EXPECT_EQ(run(kString, "1.5"), R"("1.5")");
  EXPECT_EQ(run(kString, "1e21"), R"("1e+21")");
  EXPECT_EQ(run(kString, "-0.0"), R"("0")");
  EXPECT_EQ(run(kString, "true"), R"("true")");
  EXPECT_EQ(run(kString, "null"), R"("")");
  EXPECT_EQ(run(kString, R"({"a":1})"), R"("[object Object]")");
  EXPECT_EQ(run(kString, R"([1,[2,3],null,"x",{"a":1},true])"), R"("1,2,3,,x,[object Object],true")");
}

TEST(Coercion, ToNumber) {
  EXPECT_EQ(run(kNumber, R"("42")"), "42");
  EXPECT_EQ(run(kNumber, R"(" 0x10 ")"), "16");
  EXPECT_EQ(run(kNumber, R"("Infinity")"), "null");
  EXPECT_EQ(run(kNumber, "true"), "1");
  EXPECT_EQ(run(kNumber, "null"), "0");
  EXPECT_EQ(run(kNumber, "[]"), "0");
  EXPECT_EQ(run(kNumber, "[[]]"), "0");
  EXPECT_EQ(run(kNumber, "[null]"), "0");
  EXPECT_EQ(run(kNumber, R"(["7"])"), "7");
  EXPECT_EQ(run(kNumber, "1.0"), "1");
  EXPECT_EQ(run(kNumber, "123456789012345678901234567890"), "1.2345678901234568e+29");
  EXPECT_EQ(run(kNumber, R"("abc")"), "ERR: The value \"abc\" cannot be converted to a number. @#");
  EXPECT_EQ(run(kNumber, "[1,2]"), "ERR: The value \"1,2\" cannot be converted to a number. @#");
  EXPECT_EQ(run(kNumber, "{}"), "ERR: The value \"[object Object]\" cannot be converted to a number. @#");
}

TEST(Coercion, ToInteger) {
  EXPECT_EQ(run(kInteger, "1.9"), "1");
  EXPECT_EQ(run(kInteger, "-1.9"), "-1");
  EXPECT_EQ(run(kInteger, R"("1.5")"), "1");
  EXPECT_EQ(run(kInteger, R"("0x1f")"), "31");
  EXPECT_EQ(run(kInteger, R"("")"), "0");
  EXPECT_EQ(run(kInteger, "true"), "1");
  EXPECT_EQ(run(kInteger, "null"), "0");
  EXPECT_EQ(run(kInteger, "1e21"), "1e+21");
  EXPECT_EQ(run(kInteger, "9007199254740993"), "9007199254740993");
  EXPECT_EQ(run(kInteger, "18446744073709551615"), "18446744073709551615");
  EXPECT_EQ(run(kInteger, R"("abc")"), "ERR: The value \"abc\" cannot be converted to an integer. @#");
  EXPECT_EQ(run(kInteger, R"("Infinity")"), "ERR: The value \"Infinity\" cannot be converted to an integer. @#");
}

TEST(Coercion, IntegerRounding) {
  EXPECT_EQ(run(kInteger, "-1.5", R"({"rounding":"floor"})"), "-2");
  EXPECT_EQ(run(kInteger, "1.2", R"({"rounding":"ceil"})"), "2");
  EXPECT_EQ(run(kInteger, "2.5", R"({"rounding":"round"})"), "3");
  EXPECT_EQ(run(kInteger, "-2.5", R"({"rounding":"round"})"), "-2");
  EXPECT_EQ(run(kInteger, "-0.5", R"({"rounding":"round"})"), "0");
  EXPECT_EQ(run(kInteger, "0.49999999999999994", R"({"rounding":"round"})"), "0");
}

TEST(Coercion, ToBoolean) {
  EXPECT_EQ(run(kBoolean, R"("false")"), "true");
  EXPECT_EQ(run(kBoolean, R"("")"), "false");
  EXPECT_EQ(run(kBoolean, "0"), "false");
  EXPECT_EQ(run(kBoolean, "-0.0"), "false");
  EXPECT_EQ(run(kBoolean, "2"), "true");
  EXPECT_EQ(run(kBoolean, "null"), "false");
  EXPECT_EQ(run(kBoolean, "{}"), "true");
  EXPECT_EQ(run(kBoolean, "[]"), "true");
}

TEST(Coercion, NullTypeAlwaysNull) {
  for (const char* in : {"1", "\"x\"", "true", "{}", "[]", "null"}) EXPECT_EQ(run(kNull, in), "null") << in;
}

TEST(Coercion, ObjectsAndArrays) {
  const char* obj = R"({"type":"object","properties":{"a":{"type":"string"}}})";
  EXPECT_EQ(run(obj, "null"), "{}");
  EXPECT_EQ(run(obj, "5"), "{}");
  EXPECT_EQ(run(obj, R"({"a":1,"b":2})"), R"({"a":"1"})");
  const char* arr = R"({"type":"array","items":{"type":"integer"}})";
  EXPECT_EQ(run(arr, "null"), "[]");
  EXPECT_EQ(run(arr, R"([1.5,"2",null])"), "[1,2,0]");
  EXPECT_EQ(run(arr, R"("x")"), "ERR: The value of '#' does not match schema definition. @#");
  EXPECT_EQ(run(arr, "{}"), "ERR: The value of '#' does not match schema definition. @#");
}

TEST(Coercion, Formats) {
  const char* dt = R"({"type":"string","format":"date-time"})";
  EXPECT_EQ(run(dt, R"("2020-01-01T00:00:00Z")"), R"("2020-01-01T00:00:00Z")");
  EXPECT_EQ(run(dt, "null"), R"("")");
  EXPECT_EQ(run(dt, "5"), "ERR: The value \"5\" cannot be converted to a date-time. @#");
  EXPECT_EQ(run(R"({"type":"string","format":"date"})", "true"), "ERR: The value \"true\" cannot be converted to a date. @#");
  EXPECT_EQ(run(R"({"type":"string","format":"time"})", "{}"), "ERR: The value \"[object Object]\" cannot be converted to a time. @#");
  EXPECT_EQ(run(R"({"type":"string","format":"unsafe"})", R"("a\"b")"), "\"a\"b\"");
  EXPECT_EQ(run(R"({"type":"string","format":"unsafe"})", "1.5"), "\"1.5\"");
}

}  // namespace

namespace {

// Doubles a DOM can hold although JSON text cannot: NaN and ±Infinity (spec §9.1).
TEST(Coercion, NonFiniteDoublesInTheDom) {
  auto number = sj::test::engine().compile(R"({"type":"array","items":{"type":"number"}})");
  auto integer = sj::test::engine().compile(R"({"type":"array","items":{"type":"integer"}})");
  auto raw = sj::test::engine().compile(R"({"type":"array"})");
  ASSERT_TRUE(number && integer && raw);
  rapidjson::Document d;
  d.SetArray();
  d.PushBack(std::numeric_limits<double>::infinity(), d.GetAllocator());
  d.PushBack(-std::numeric_limits<double>::infinity(), d.GetAllocator());
  std::string out;
  ASSERT_TRUE(number->serialize(d, out));
  EXPECT_EQ(out, "[null,null]");
  out.clear();
  ASSERT_TRUE(raw->serialize(d, out));
  EXPECT_EQ(out, "[null,null]");
  auto st = integer->serialize(d, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "The value \"Infinity\" cannot be converted to an integer.");
  d.PushBack(std::numeric_limits<double>::quiet_NaN(), d.GetAllocator());
  st = number->serialize(d, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "The value \"NaN\" cannot be converted to a number.");
  EXPECT_EQ(st.error().pointer, "#/items");
  out.clear();
  ASSERT_TRUE(raw->serialize(d, out));
  EXPECT_EQ(out, "[null,null,null]");
}

}  // namespace
