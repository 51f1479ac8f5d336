// Regex searches under limits (issue 38): a call's searches share a budget of backtracking
// steps (runtime/js_regex.h, RegexBudget), and a search that runs out of it or of its stack
// limit fails the call with RegexLimit, naming the schema location: never "no match", never the
// other anyOf branch. Realistic patterns on long strings simply match. Every tier reports the
// same error; checks at build time fail the compile.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "ir/error.h"
#include "ir/meta_schema.h"
#include "runtime/pattern.h"
#include "test_util.h"

namespace {

using schemajit::ErrorCode;

// The interpreter, and machine code at levels 0 and 1 from the first call.
const char* kTiers[] = {R"({"jit":false})", R"({"tierUp":false,"optLevel":0})", R"({"tierUp":false,"optLevel":1})"};

struct Outcome {
  std::string out;
  ErrorCode code = ErrorCode::Internal;
  std::string message, pointer;
  bool ok = false;
};

Outcome serialize(const std::string& schema, const std::string& options, const std::string& data) {
  auto ser = sj::test::engine().compile(schema, options);
  EXPECT_TRUE(ser) << ser.error().message;
  if (!ser) return {};
  Outcome o;
  o.out = "unchanged";
  auto st = sj::test::serialize_text(*ser, data, o.out);
  o.ok = static_cast<bool>(st);
  if (!o.ok) o.code = st.error().code, o.message = st.error().message, o.pointer = st.error().pointer;
  return o;
}

std::string base64_text(size_t n) {
  const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string s;
  for (size_t i = 0; i < n; ++i) s += digits[(i * 7) % 64];
  return s;
}

const char* kBase64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

// The classic base64 pattern in an anyOf: 20 KB overflowed the default JIT stack of PCRE2
// (the engine before libregexp), which read as "no match" and failed the call.
TEST(RegexLimits, Base64OnLongStringsMatches) {
  std::string schema = std::string(R"({"anyOf":[{"type":"string","pattern":")") + kBase64 + R"("},{"type":"integer"}]})";
  for (size_t n : {20'000, 200'000}) {
    std::string text = base64_text(n);
    for (const char* tier : kTiers) {
      Outcome o = serialize(schema, tier, "\"" + text + "\"");
      ASSERT_TRUE(o.ok) << n << " " << tier << ": " << o.message;
      EXPECT_EQ(o.out, "unchanged\"" + text + "\"") << n << " " << tier;
    }
  }
}

// 2,000 keys that take ^(a|a)+$ exponential time (2^31 steps each): the call ends with the
// budget's error within a few seconds, not "no match" for each key.
TEST(RegexLimits, CatastrophicPatternPropertiesEndWithTheBudgetError) {
  const std::string schema = R"({"type":"object","patternProperties":{"^(a|a)+$":{"type":"integer"}}})";
  std::string data = "{";
  for (int i = 0; i < 2000; ++i) data += (i ? ",\"" : "\"") + std::string(30, 'a') + "!" + std::to_string(i) + "\":1";
  data += "}";
  for (const char* tier : kTiers) {
    auto start = std::chrono::steady_clock::now();
    Outcome o = serialize(schema, tier, data);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_FALSE(o.ok) << tier;
    EXPECT_EQ(o.code, ErrorCode::RegexLimit) << tier;
    EXPECT_EQ(o.message, "regular expression /^(a|a)+$/ exceeds the regex budget (50000000 backtracking steps)") << tier;
    EXPECT_EQ(o.pointer, "#/patternProperties") << tier;
    EXPECT_EQ(o.out, "unchanged") << tier;
    EXPECT_LT(seconds, 20.0) << tier;  // ~0.5 s; generous for loaded and sanitized runs
  }
}

// One search over its limits inside an anyOf is the call's error: not "no match", and not the
// next branch (which would print the string as a JSON string of the other branch's type).
TEST(RegexLimits, ALimitInAnAnyOfIsTheErrorNotTheOtherBranch) {
  const std::string schema = R"({"anyOf":[{"type":"string","pattern":"^(a|a)+$"},{"type":"string"}]})";
  for (const char* tier : kTiers) {
    Outcome o = serialize(schema, tier, "\"" + std::string(30, 'a') + "!\"");
    ASSERT_FALSE(o.ok) << tier << " printed " << o.out;
    EXPECT_EQ(o.code, ErrorCode::RegexLimit) << tier;
    EXPECT_EQ(o.pointer, "#/anyOf/0/pattern") << tier;
    EXPECT_EQ(o.out, "unchanged") << tier;
  }
  // A short run of the same pattern still matches, or not, as it should.
  for (const char* tier : kTiers) {
    EXPECT_EQ(serialize(schema, tier, "\"aaaa\"").out, "unchanged\"aaaa\"") << tier;
    EXPECT_EQ(serialize(schema, tier, "\"aaab\"").out, "unchanged\"aaab\"") << tier;
  }
}

// patternProperties inside a validator (an anyOf branch): the members' search fails the call.
TEST(RegexLimits, ALimitInValidatorPatternPropertiesIsTheError) {
  const std::string schema =
      R"({"anyOf":[{"type":"object","patternProperties":{"^(a|a)+$":{"type":"string"}}},{"type":"object"}]})";
  for (const char* tier : kTiers) {
    Outcome o = serialize(schema, tier, "{\"" + std::string(30, 'a') + "!\":1}");
    ASSERT_FALSE(o.ok) << tier;
    EXPECT_EQ(o.code, ErrorCode::RegexLimit) << tier;
    EXPECT_EQ(o.pointer, "#/anyOf/0/patternProperties") << tier;
  }
}

// A backtracking stack past 64 MiB: base64's pattern on 8 MB. The error, not "no match"; 4 MB
// passes.
TEST(RegexLimits, PastTheHeapLimitIsTheError) {
  std::string error;
  auto re = sj::rt::Pattern::compile(kBase64, error, sj::rt::Pattern::Dialect::Ajv);
  ASSERT_TRUE(re) << error;
  std::string text = base64_text(8'000'000);
  sj::rt::LocalRegexBudget budget;
  EXPECT_EQ(re->search(text.data(), text.size(), budget), sj::rt::Pattern::Found::OverHeap);
  sj::rt::LocalRegexBudget again;
  EXPECT_EQ(re->search(text.data(), 4'000'000, again), sj::rt::Pattern::Found::Yes);
}

// The budget is shared by a call's searches and charged only for the steps past
// kStepsPerUnit steps per character of the subject: a pattern that runs in linear time passes
// on any string, however little budget is left; backtracking spends it.
TEST(RegexLimits, BudgetIsChargedOnlyForBacktracking) {
  std::string error;
  auto re = sj::rt::Pattern::compile(kBase64, error, sj::rt::Pattern::Dialect::Ajv);
  ASSERT_TRUE(re) << error;
  sj::rt::LocalRegexBudget budget;
  EXPECT_EQ(re->search("QUJD", 4, budget), sj::rt::Pattern::Found::Yes);
  EXPECT_EQ(budget.steps, 0u);
  std::string text = base64_text(200'000);  // a few steps per character
  EXPECT_EQ(re->search(text.data(), text.size(), budget), sj::rt::Pattern::Found::Yes);
  EXPECT_EQ(budget.steps, 0u);
  budget.steps = sj::rt::RegexBudget::kSteps - 1'000;
  EXPECT_EQ(re->search(text.data(), text.size(), budget), sj::rt::Pattern::Found::Yes);
  EXPECT_EQ(budget.steps, sj::rt::RegexBudget::kSteps - 1'000);

  auto exponential = sj::rt::Pattern::compile("^(a|a)+$", error);
  ASSERT_TRUE(exponential) << error;
  std::string key = std::string(30, 'a') + "!";  // 2^31 steps; 31 characters take 992 uncharged
  EXPECT_EQ(exponential->search(key.data(), key.size(), budget), sj::rt::Pattern::Found::OverBudget);
  // Charged in lots of kStepsPerPoll: the one that crossed the budget is the last.
  EXPECT_GT(budget.steps, sj::rt::RegexBudget::kSteps);
  EXPECT_LE(budget.steps, sj::rt::RegexBudget::kSteps + sj::rt::RegexBudget::kStepsPerPoll);
}

// At build time a limit fails the compile with RegexLimit: merging allOf searches a property's
// name with the other branch's patternProperties (ir/merge.cpp), and the meta-schema's format
// checks search $id and $schema (ir/meta_schema.cpp, build_time_search).
TEST(RegexLimits, BuildTimeSearchesFailOnALimit) {
  auto ser = sj::test::engine().compile(
      R"({"allOf":[{"type":"object","properties":{")" + std::string(30, 'a') +
      R"(!":{"type":"string"}}},{"patternProperties":{"^(a|a)+$":{"type":"integer"}}}]})");
  ASSERT_FALSE(ser);
  EXPECT_EQ(ser.error().code, ErrorCode::RegexLimit) << ser.error().message;
  EXPECT_EQ(ser.error().message, "regular expression /^(a|a)+$/ exceeds the regex budget (50000000 backtracking steps)");

  std::string error;
  auto re = sj::rt::Pattern::compile("^(a|a)+$", error);
  ASSERT_TRUE(re);
  try {
    sj::ir::build_time_search(*re, std::string(30, 'a') + "!", "/$id");
    ADD_FAILURE() << "no limit";
  } catch (const sj::CompileError& e) {
    EXPECT_EQ(e.code, ErrorCode::RegexLimit);
    EXPECT_EQ(e.pointer, "/$id");
  }
  EXPECT_FALSE(sj::ir::build_time_search(*re, "aaab", "/$id"));
  EXPECT_TRUE(sj::ir::build_time_search(*re, "aaaa", "/$id"));
}

}  // namespace

// A pattern V8 takes but libregexp cannot hold (255 capture groups; V8 takes 65,535) is a
// RegexLimit error naming the keyword, not a JavaScript syntax error ("must match format
// regex", "Invalid regular expression").
TEST(RegexLimits, PatternsBeyondLibregexpAreALimitNotASyntaxError) {
  std::string groups;
  for (int i = 0; i < 255; ++i) groups += "(a)";
  EXPECT_TRUE(sj::rt::Pattern::valid_in_javascript(groups));
  std::string error;
  EXPECT_FALSE(sj::rt::Pattern::compile(groups, error, sj::rt::Pattern::Dialect::Ajv));
  EXPECT_TRUE(sj::rt::Pattern::beyond_limits(error)) << error;
  std::string nested = std::string(20'000, '(') + std::string(20'000, ')');  // past the parser's stack
  EXPECT_TRUE(sj::rt::Pattern::valid_in_javascript(nested));
  for (const std::string& schema :
       {R"({"type":"object","patternProperties":{")" + groups + R"(":{"type":"string"}}})",
        R"({"anyOf":[{"type":"string","pattern":")" + groups + R"("},{"type":"integer"}]})"}) {
    auto ser = sj::test::engine().compile(schema);
    ASSERT_FALSE(ser) << schema;
    EXPECT_EQ(ser.error().code, ErrorCode::RegexLimit) << ser.error().message;
    EXPECT_NE(ser.error().message.find("is beyond the regex engine's limits (too many captures)"), std::string::npos)
        << ser.error().message;
  }
}
