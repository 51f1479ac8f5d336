// Member lookup off the predicted positions (runtime/member_index.h): members in any order,
// missing, duplicated, with colliding hashes, across part functions and past the indexed
// limit, always give what fast-json-stringify prints for the object JSON.parse would make
// (schema order; the last of duplicate names).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>
#include "tests/test_util.h"
#include "runtime/duplicate_names.h"
#include "runtime/member_index.h"

namespace {

schemajit::Engine& engine() {
  static schemajit::Engine e;
  return e;
}

std::string object_schema(const std::vector<std::string>& names) {
  std::string s = R"({"type":"object","properties":{)";
  for (size_t i = 0; i < names.size(); ++i) s += (i ? ",\"" : "\"") + names[i] + R"(":{"type":"integer"})";
  return s + "}}";
}

// Serializes `data` (parsed by RapidJSON, which keeps duplicate names) at level 0 and 1.
void expect_output(const std::string& schema, const std::string& data, const std::string& expected) {
  rapidjson::Document doc;
  doc.Parse(data.c_str());
  ASSERT_FALSE(doc.HasParseError());
  for (const char* options : {R"({"optLevel":0})", R"({"tierUp":false})"}) {
    auto ser = engine().compile(schema, options);
    ASSERT_TRUE(ser) << ser.error().message;
    std::string out;
    ASSERT_TRUE(ser->serialize(doc, out));
    EXPECT_EQ(out, expected) << options;
  }
}

// n names, members shuffled, every `skip`-th missing; expected in schema order.
void shuffled_case(const std::vector<std::string>& names, int skip, unsigned seed) {
  std::vector<size_t> order(names.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(seed));
  std::string data = "{", expected = "{";
  bool first = true;
  for (size_t i : order) {
    if (skip && i % skip == 0) continue;
    data += (data.size() > 1 ? ",\"" : "\"") + names[i] + "\":" + std::to_string(i);
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (skip && i % skip == 0) continue;
    expected += (first ? "\"" : ",\"") + names[i] + "\":" + std::to_string(i);
    first = false;
  }
  expect_output(object_schema(names), data + "}", expected + "}");
}

std::vector<std::string> numbered(size_t n, const std::string& prefix, const std::string& suffix) {
  std::vector<std::string> names;
  for (size_t i = 0; i < n; ++i) names.push_back(prefix + std::to_string(1000 + i) + suffix);
  return names;
}

// The inline key compare against memcmp: every length up to 40, equal and with one byte
// different at every position (its loads overlap; none may miss a byte or read outside).
TEST(MemberIndex, SameBytesAgreesWithMemcmp) {
  for (size_t n = 0; n <= 40; ++n) {
    std::vector<char> a(n), b(n);
    for (size_t i = 0; i < n; ++i) a[i] = b[i] = static_cast<char>('a' + i % 26);
    EXPECT_TRUE(sj::rt::same_bytes(a.data(), b.data(), n)) << n;
    for (size_t i = 0; i < n; ++i) {
      b[i] ^= 1;
      EXPECT_FALSE(sj::rt::same_bytes(a.data(), b.data(), n)) << n << " " << i;
      b[i] ^= 1;
    }
  }
}

TEST(MemberIndex, ShuffledAndMissing) {
  auto names = numbered(16, "field_", "");
  for (int skip : {0, 2, 3}) shuffled_case(names, skip, 7);
}

TEST(MemberIndex, KeysThatShareTheirFirstAndLastBytes) {
  // Same length, same first and last 8 bytes: only the middle differs, so every name hashes alike.
  shuffled_case(numbered(40, "a_common_prefix_", "_and_a_common_suffix"), 0, 11);
  shuffled_case({"", "a", "ab", "abc", "b", "ba", "abcd", "dcba"}, 0, 3);
}

TEST(MemberIndex, ManyFieldsAcrossPartFunctionsAndBeyondTheIndexLimit) {
  shuffled_case(numbered(150, "p", ""), 4, 5);    // parts of 64 share one index
  shuffled_case(numbered(1030, "q", ""), 5, 9);   // above 1,024 declared: a scan per miss
}

TEST(MemberIndex, DuplicateNamesTakeTheLastValueInSchemaOrder) {
  // Off the predicted positions the index keeps the last of duplicate names, as JSON.parse.
  expect_output(object_schema({"a", "b", "c"}), R"({"c":1,"a":2,"b":3,"a":4})", R"({"a":4,"b":3,"c":1})");
  // Text is read as JSON.parse reads it even when the first "a" sits where the schema
  // predicts it (serialize() on such a DOM takes that one: README, "Differences").
  auto ser = engine().compile(object_schema({"a", "b", "c"}));
  std::string out;
  ASSERT_TRUE(sj::test::serialize_text(*ser, R"({"a":2,"b":3,"c":1,"a":4})", out));
  EXPECT_EQ(out, R"({"a":4,"b":3,"c":1})");
}

// Members in schema order up to a gap (an optional member absent): the first miss indexes only
// the members after the fields already written, whatever follows the gap.
TEST(MemberIndex, AGapInOrderedMembersIndexesWhatFollows) {
  auto names = numbered(8, "m", "");
  std::string schema = object_schema(names);
  auto member = [&](size_t i, int v) { return "\"" + names[i] + "\":" + std::to_string(v); };
  // m1002 absent, the rest in order / the tail shuffled / a duplicate after the gap
  expect_output(schema, "{" + member(0, 0) + "," + member(1, 1) + "," + member(3, 3) + "," + member(4, 4) + "}",
                "{" + member(0, 0) + "," + member(1, 1) + "," + member(3, 3) + "," + member(4, 4) + "}");
  expect_output(schema, "{" + member(0, 0) + "," + member(1, 1) + "," + member(7, 7) + "," + member(3, 3) + "," + member(5, 5) + "}",
                "{" + member(0, 0) + "," + member(1, 1) + "," + member(3, 3) + "," + member(5, 5) + "," + member(7, 7) + "}");
  expect_output(schema, "{" + member(0, 0) + "," + member(3, 3) + "," + member(4, 4) + "," + member(3, 9) + "}",
                "{" + member(0, 0) + "," + member(3, 9) + "," + member(4, 4) + "}");
  // An undeclared member in the gap's place.
  expect_output(schema, "{" + member(0, 0) + R"(,"zz":1,)" + member(2, 2) + "}", "{" + member(0, 0) + "," + member(2, 2) + "}");
  // Across part functions (64 fields each): the gap in the second part.
  auto many = numbered(100, "p", "");
  std::string data = "{", expected = "{";
  for (size_t i = 0; i < many.size(); ++i) {
    if (i == 70) continue;
    std::string m = "\"" + many[i] + "\":" + std::to_string(i);
    data += (i ? "," : "") + m;
    expected += (i ? "," : "") + m;
  }
  expect_output(object_schema(many), data + "}", expected + "}");
  // Required fields come first, so the fields written before a miss need not have been
  // predicted at 0..k-1: the index starts at the first position none of them was predicted at.
  std::string required = R"({"type":"object","required":["c"],"properties":{"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":"integer"},"d":{"type":"integer"}}})";
  expect_output(required, R"({"a":1,"c":3,"d":4})", R"({"c":3,"a":1,"d":4})");
  expect_output(required, R"({"c":3,"a":1,"b":2,"d":4})", R"({"c":3,"a":1,"b":2,"d":4})");
  // "c" found where predicted (2), "a" missing at 0: "b" sits before the fields written.
  expect_output(required, R"({"b":2,"x":0,"c":3})", R"({"c":3,"b":2})");
  // Written a(0), b(1), d(3); "e" (predicted 4) missing there: it may sit at 2, or beyond.
  std::string gap = R"({"type":"object","required":["a","b","d","e"],"properties":{"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":"integer"},"d":{"type":"integer"},"e":{"type":"integer"}}})";
  expect_output(gap, R"({"a":1,"b":2,"e":5,"d":4})", R"({"a":1,"b":2,"d":4,"e":5})");
  expect_output(gap, R"({"a":1,"b":2,"x":0,"d":4,"z":0,"e":5,"c":3})", R"({"a":1,"b":2,"d":4,"e":5,"c":3})");
  expect_output(gap, R"({"a":1,"b":2,"d":4,"e":5})", R"({"a":1,"b":2,"d":4,"e":5})");
}

// The predicted-position probe compares a name stored inline (up to 13 bytes) as one 16-byte
// Value; names stored any other way, and the bytes RapidJSON leaves after an inline name's
// end, must not change what is found.
TEST(MemberIndex, NamesStoredEveryWayRapidJsonStoresThem) {
  std::vector<std::string> names = {"", "a", "ab", "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn"};
  auto ser = engine().compile(object_schema(names), R"({"tierUp":false})");
  ASSERT_TRUE(ser) << ser.error().message;
  std::string expected = "{";
  for (size_t i = 0; i < names.size(); ++i) expected += (i ? ",\"" : "\"") + names[i] + "\":" + std::to_string(i);
  expected += "}";
  rapidjson::Document doc(rapidjson::kObjectType);
  auto& a = doc.GetAllocator();
  auto serialize = [&] {
    std::string out;
    EXPECT_TRUE(ser->serialize(doc, out));
    return out;
  };
  // Copied (inline up to 13 bytes), each first written longer so that bytes of the longer
  // name stay behind its end.
  for (size_t i = 0; i < names.size(); ++i) {
    rapidjson::Value name("zzzzzzzzzzzzz", a);
    name.SetString(names[i].c_str(), static_cast<rapidjson::SizeType>(names[i].size()), a);
    doc.AddMember(name, static_cast<int>(i), a);
  }
  EXPECT_EQ(serialize(), expected);
  // By reference (never inline): the same bytes, found the general way.
  doc.SetObject();
  for (size_t i = 0; i < names.size(); ++i)
    doc.AddMember(rapidjson::StringRef(names[i].c_str(), names[i].size()), static_cast<int>(i), a);
  EXPECT_EQ(serialize(), expected);
  // Names that share a prefix with the declared one at its position are other members.
  doc.SetObject();
  for (const char* name : {"", "ab", "a", "abcdefghijklm", "abcdefghijkl", "abcdefghijklmn"}) {
    rapidjson::Value copied(name, a);
    doc.AddMember(copied, static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin()), a);
  }
  EXPECT_EQ(serialize(), expected);
}

TEST(MemberIndex, NestedObjectsKeepTheirOwnIndex) {
  std::string schema = R"({"type":"object","properties":{
    "x":{"type":"integer"},
    "inner":{"type":"object","properties":{"p":{"type":"integer"},"q":{"type":"integer"},"r":{"type":"integer"}}},
    "y":{"type":"integer"}, "z":{"type":"integer"}}})";
  expect_output(schema, R"({"z":3,"inner":{"r":6,"q":5,"p":4},"y":2,"x":1})",
                R"({"x":1,"inner":{"p":4,"q":5,"r":6},"y":2,"z":3})");
  // An array of objects: the index is filled afresh for each element.
  expect_output(R"({"type":"array","items":{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}}}})",
                R"([{"b":1,"a":2},{"a":3},{"b":4},{"a":5,"b":6}])", R"([{"a":2,"b":1},{"a":3},{"b":4},{"a":5,"b":6}])");
}

// names_repeat (JavaScript's member order and the text reader ask it) against a set, on lists
// short (pairwise, lengths alike or not), long (the table), and long with names alike at the
// ends the hash reads (crowding one slot: the sorted fallback), with and without a repeat.
TEST(DuplicateNames, AgreeWithASet) {
  std::mt19937 rng(41);
  auto check = [](const std::vector<std::string>& list) {
    std::vector<std::string_view> views(list.begin(), list.end());
    std::vector<std::string> sorted = list;
    std::sort(sorted.begin(), sorted.end());
    bool want = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    EXPECT_EQ(sj::rt::names_repeat(views.data(), views.size()), want) << list.size() << " names";
  };
  for (size_t n : {0, 1, 2, 5, 8, 9, 17, 100, 1000}) {
    for (int round = 0; round < 20; ++round) {
      std::vector<std::string> list;
      for (size_t i = 0; i < n; ++i) list.push_back("k" + std::to_string(rng() % (4 * n + 1)));
      check(list);
      std::vector<std::string> crowded;  // same first and last 8 bytes, same length
      for (size_t i = 0; i < n; ++i) crowded.push_back("prefix__" + std::to_string(100000 + rng() % (2 * n + 1)) + "__suffix");
      check(crowded);
    }
  }
}

}  // namespace
