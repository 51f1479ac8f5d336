// uniqueItems and large enums in time (issue 38): equal items are found by sorting canonical
// encodings (runtime/canonical.h), never by comparing every pair, in data (uniqueItems) and
// in the schema (the meta-schema's uniqueItems on `enum`). The answers stay those of the
// pairwise deep equality, which these tests keep as the reference.
#include <chrono>
#include <iostream>
#include <random>
#include <string>

#include <rapidjson/document.h>

#include "runtime/abi.h"
#include "runtime/canonical.h"
#include "runtime/validate.h"
#include "tests/test_util.h"

namespace {

using sj::test::at_level;
using sj::test::run;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string integers(int n, int last) {
  std::string text = "[";
  for (int i = 0; i < n; ++i) text += std::to_string(i == n - 1 ? last : i) + (i == n - 1 ? "]" : ",");
  return text;
}

// fjs (Ajv hashing scalar items) takes 28 ms; the pairwise comparison took 28-38 s.
TEST(UniqueItems, FiftyThousandIntegersInUnderASecond) {
  const std::string schema = R"({"anyOf":[{"type":"array","items":{"type":"integer"},"uniqueItems":true},{"type":"string"}]})";
  const std::string distinct = integers(50000, 49999), repeated = integers(50000, 0);
  for (const std::string& options : {at_level(0), at_level(1), std::string(R"({"jit":false})")}) {
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(run(schema, distinct, options), distinct) << options;
    EXPECT_EQ(run(schema, repeated, options), "ERR: The value of '#' does not match schema definition. @#") << options;
    EXPECT_LT(seconds_since(start), 2.0) << options;  // two calls (and a compile)
  }
}

// One random item: few distinct values, many spelled several ways (1, 1.0, 1e0; -0 and 0;
// integers beyond 2^53 that are one double; keys in any order; duplicate names).
std::string random_item(std::mt19937& rng, int depth) {
  static const char* const kScalars[] = {"0", "-0", "0.0", "1", "1.0", "1e0", "-1", "0.5", "9007199254740992",
                                         "9007199254740993", "18446744073709551615", "1.8446744073709552e19",
                                         "\"a\"", "\"b\"", "\"\"", "\"a\\u0000\"", "null", "true", "false"};
  int kind = static_cast<int>(rng() % (depth > 2 ? 1 : 4));
  if (kind <= 1) return kScalars[rng() % std::size(kScalars)];
  std::string text = kind == 2 ? "[" : "{";
  int n = static_cast<int>(rng() % 3);
  for (int i = 0; i < n; ++i) {
    if (i) text += ",";
    if (kind == 3) text += std::string("\"") + "abc"[rng() % 3] + "\":";
    text += random_item(rng, depth + 1);
  }
  return text + (kind == 2 ? "]" : "}");
}

// Ajv's loop: the largest i equal to an earlier item, then the largest such j.
std::optional<std::pair<size_t, size_t>> pairwise(const rapidjson::Value& a) {
  for (size_t i = a.Size(); i-- > 0;)
    for (size_t j = i; j-- > 0;)
      if (sj::rt::deep_equal(a[static_cast<rapidjson::SizeType>(i)], a[static_cast<rapidjson::SizeType>(j)]))
        return std::pair{j, i};
  return std::nullopt;
}

TEST(UniqueItems, AgreesWithPairwiseDeepEquality) {
  std::mt19937 rng(38);
  int duplicated = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = "[";
    int n = static_cast<int>(rng() % 12);
    for (int i = 0; i < n; ++i) text += (i ? "," : "") + random_item(rng, 0);
    text += "]";
    rapidjson::Document d;
    ASSERT_FALSE(d.Parse(text.c_str(), text.size()).HasParseError()) << text;
    auto expected = pairwise(d);
    duplicated += expected.has_value();
    EXPECT_EQ(sj::rt::last_duplicate(d), expected) << text;
    EXPECT_EQ(sj_test_unique(&d), expected ? 0 : 1) << text;
  }
  EXPECT_GT(duplicated, 500);  // both answers are common
  EXPECT_LT(duplicated, 2500);
}

rapidjson::Document parsed(const char* text) {
  rapidjson::Document d;
  d.Parse(text);
  return d;
}

// Objects compare as JSON.parse builds them: the last value of a duplicate name, one member
// per name. The pairwise comparison counted members and looked names up in one direction only.
TEST(UniqueItems, DuplicateNamesAsJsonParseKeepsThem) {
  EXPECT_FALSE(sj::rt::deep_equal(parsed(R"({"a":2,"a":2})"), parsed(R"({"a":2,"b":3})")));
  EXPECT_FALSE(sj::rt::deep_equal(parsed(R"({"a":2,"b":3})"), parsed(R"({"a":2,"a":2})")));
  EXPECT_TRUE(sj::rt::deep_equal(parsed(R"({"a":1,"a":2})"), parsed(R"({"a":2})")));
  auto distinct = parsed(R"([{"a":2,"a":2},{"a":2,"b":3}])"), equal = parsed(R"([{"b":1,"a":1,"a":2},{"a":2,"b":1}])");
  EXPECT_EQ(sj_test_unique(&distinct), 1);
  EXPECT_EQ(sj_test_unique(&equal), 0);
}

// Arrays of objects and arrays are sorted too, not only scalars.
TEST(UniqueItems, FiftyThousandObjectsInUnderASecond) {
  std::string text = "[";
  for (int i = 0; i < 50000; ++i) text += (i ? "," : "") + ("{\"b\":[" + std::to_string(i) + "],\"a\":\"x\"}");
  std::string repeated = text + R"(,{"a":"x","b":[0]}])";
  text += "]";
  const std::string schema = R"({"anyOf":[{"type":"array","uniqueItems":true},{"type":"string"}]})";
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run(schema, text, at_level(0)), text);
  EXPECT_EQ(run(schema, repeated, at_level(0)), "ERR: The value of '#' does not match schema definition. @#");
  EXPECT_LT(seconds_since(start), 2.0);
}

// The meta-schema's uniqueItems on `enum` names the pair Ajv's loop finds first, with Ajv's
// equality: keys in any order, and integers beyond 2^53 that JSON.parse reads as one double.
TEST(LargeEnum, MetaSchemaNamesAjvsFirstDuplicate) {
  EXPECT_EQ(run(R"({"enum":[1,"a",{"x":1,"y":2},"a",{"y":2,"x":1},2]})", "1"),
            "COMPILE: schema is invalid: data/enum must NOT have duplicate items (items ## 2 and 4 are identical) @/enum");
  EXPECT_EQ(run(R"({"enum":[9007199254740993,9007199254740992]})", "1"),
            "COMPILE: schema is invalid: data/enum must NOT have duplicate items (items ## 0 and 1 are identical) @/enum");
  EXPECT_EQ(run(R"({"enum":[0,-0,1.5]})", "1.5"),
            "COMPILE: schema is invalid: data/enum must NOT have duplicate items (items ## 0 and 1 are identical) @/enum");
}

std::string entry(int i) {
  std::string digits = std::to_string(i);
  return "entry-number-" + std::string(6 - digits.size(), '0') + digits;  // past RapidJSON's short strings
}

// Sanitizer builds (CI runs the suite under ASan+UBSan) compile several times slower: there a
// quarter of the entries, still thousands of times the codegen's inline limit, keeps the bound.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SJ_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SJ_SANITIZED 1
#endif
#endif
#ifdef SJ_SANITIZED
constexpr int kLargeEnum = 50000;
#else
constexpr int kLargeEnum = 200000;
#endif

// fjs compiles an enum of 200,000 strings (a 4 MB schema); so does every tier here, in time,
// and the enum still decides: first, middle and last entries match, a near miss does not.
TEST(LargeEnum, TwoHundredThousandStringsCompileAtEveryTier) {
  constexpr int kEntries = kLargeEnum;
  std::string schema = R"({"anyOf":[{"type":"string","enum":[)";
  for (int i = 0; i < kEntries; ++i) schema += (i ? ",\"" : "\"") + entry(i) + "\"";
  schema += R"(]},{"type":"integer"}]})";
  for (const std::string& options : {at_level(0), at_level(1), std::string(R"({"jit":false})")}) {
    auto start = std::chrono::steady_clock::now();
    auto ser = sj::test::engine().compile(schema, options);
    double took = seconds_since(start);
    ASSERT_TRUE(ser) << ser.error().message;
    EXPECT_LT(took, 5.0) << options;
    std::cout << "enum of " << kEntries << " strings, " << options << ": compiled in " << took << " s\n";
    for (int i : {0, kEntries / 2, kEntries - 1}) {
      std::string out, text = "\"" + entry(i) + "\"";
      ASSERT_TRUE(sj::test::serialize_text(*ser, text, out)) << options << " " << text;
      EXPECT_EQ(out, text);
    }
    std::string out;
    auto miss = sj::test::serialize_text(*ser, "\"" + entry(kEntries) + "\"", out);
    ASSERT_FALSE(miss) << options;
    EXPECT_EQ(miss.error().message, "The value of '#' does not match schema definition.");
    ASSERT_TRUE(sj::test::serialize_text(*ser, "7", out));
    EXPECT_EQ(out, "7");
  }
}

}  // namespace
