// ir/unicode_regexp.cpp against V8 (Node 20): what the u flag refuses in sources the non-u
// grammar accepts, with V8's reason; and every reason for a refusal, with or without the flag. tests/data/unicode-regexp.jsonl holds 6,000 random sources
// and V8's answers (made by tests/data/unicode_regexp_sources.js); the table below adds the
// rarer reasons, each answer copied from Node.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "ir/schema_doc.h"
#include "ir/unicode_regexp.h"

namespace {

TEST(UnicodeRegexp, EachReasonAsV8GivesIt) {
  const std::pair<const char*, const char*> cases[] = {
      {"\\k", "Invalid named reference"},
      {"[\\k]", "Invalid escape"},
      {"\\a", "Invalid escape"},
      {"\\-", "Invalid escape"},
      {"[\\-]", ""},
      {"\\1", "Invalid escape"},
      {"[\\1]", "Invalid class escape"},
      {"(a)\\2", "Invalid escape"},
      {"(a)\\1", ""},
      {"\\01", "Invalid decimal escape"},
      {"[\\01]", "Invalid class escape"},
      {"\\0", ""},
      {"\\c1", "Invalid Unicode escape"},
      {"[\\c_]", "Invalid Unicode escape"},
      {"\\x1", "Invalid escape"},
      {"\\u12", "Invalid Unicode escape"},
      {"\\u{110000}", "Invalid Unicode escape"},
      {"\\u{61}", ""},
      {"\\p{Foo}", "Invalid property name"},
      {"[\\p{Foo}]", "Invalid property name in character class"},
      {"\\p{L}", ""},
      {"[\\B]", "Invalid escape"},
      {"[\\b]", ""},
      {"a{", "Incomplete quantifier"},
      {"a{,2}", "Incomplete quantifier"},
      {"{", "Lone quantifier brackets"},
      {"}", "Lone quantifier brackets"},
      {"]", "Lone quantifier brackets"},
      {"(?=a)*", "Invalid quantifier"},
      {"[\\w-.]", "Invalid character class"},
      {"[a-\\d]", "Invalid character class"},
      {"[\\d-z]", "Invalid character class"},
      {"[\\w-]", ""},
      {"\\k<a>", "Invalid named capture referenced"},
      {"\\k<", "Invalid capture group name"},
      {"\\k<a-b>", "Invalid capture group name"},
      {"(?<n>a)\\k<n>", ""},
      {"\\ ", "Invalid escape"},
      {"\\/", ""},
  };
  for (const auto& [source, reason] : cases) EXPECT_EQ(sj::ir::unicode_regexp_error(source), reason) << source;
}

TEST(UnicodeRegexp, RandomSourcesAsV8ReadsThem) {
  std::ifstream in(SJ_SOURCE_DIR "/tests/data/unicode-regexp.jsonl");
  ASSERT_TRUE(in) << "tests/data/unicode-regexp.jsonl";
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    rapidjson::Document d;
    d.Parse(line.c_str());
    ASSERT_TRUE(d.IsArray() && d.Size() == 2) << line;
    EXPECT_EQ(sj::ir::unicode_regexp_error(d[0].GetString()), d[1].GetString()) << d[0].GetString();
    // libregexp's verdict, which decides: refused exactly where V8 refuses.
    EXPECT_EQ(sj::ir::unicode_regexp_refusal(d[0].GetString()).empty(), std::string(d[1].GetString()).empty())
        << d[0].GetString();
    ++checked;
  }
  EXPECT_EQ(checked, 6000);
}

// Every refusal of tests/data/regex-differential.jsonl (tests/regex_differential_test.cpp)
// worded as V8 words it: without flags (ajv: {formats} sources) and under the u flag.
TEST(Regexp, RefusalsWordedAsV8) {
  std::ifstream in(SJ_SOURCE_DIR "/tests/data/regex-differential.jsonl");
  ASSERT_TRUE(in) << "tests/data/regex-differential.jsonl";
  std::vector<rapidjson::Document> refusals;
  std::set<std::string> refused_without_flags;
  std::string line;
  while (std::getline(in, line)) {
    rapidjson::Document d;
    std::string error;
    ASSERT_TRUE(sj::parse_json(line, d, error)) << error << ": " << line;  // lone surrogates as WTF-8
    if (!d.HasMember("error")) continue;
    if (std::string(d["dialect"].GetString()) == "ajv-nonunicode") refused_without_flags.insert(d["source"].GetString());
    refusals.push_back(std::move(d));
  }
  int checked = 0;
  for (const auto& d : refusals) {
    std::string dialect = d["dialect"].GetString(), source = d["source"].GetString();
    std::string reason;
    if (dialect == "ajv-nonunicode") reason = "/: " + sj::ir::regexp_refusal(source);
    // unicode_regexp_refusal words what the meta-schema (no flags) lets through
    else if (dialect == "ajv" && !refused_without_flags.count(source)) reason = "/u: " + sj::ir::unicode_regexp_refusal(source);
    else continue;
    EXPECT_EQ("Invalid regular expression: /" + source + reason, d["error"].GetString());
    ++checked;
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
