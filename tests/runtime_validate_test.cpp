// The runtime's validation checks (runtime/validate.h) against what ajv-formats 3.0.1 (full
// mode, as fast-json-stringify 7.3.6 sets it up) answers for the same texts.
#include <gtest/gtest.h>

#include "runtime/pattern.h"
#include "runtime/validate.h"

namespace {

using sj::rt::CodedFormat;
using sj::rt::check_format;

TEST(Formats, Date) {
  EXPECT_TRUE(check_format(CodedFormat::Date, "2020-02-29"));
  EXPECT_FALSE(check_format(CodedFormat::Date, "2021-02-29"));
  EXPECT_TRUE(check_format(CodedFormat::Date, "2000-02-29"));
  EXPECT_FALSE(check_format(CodedFormat::Date, "1900-02-29"));
  EXPECT_FALSE(check_format(CodedFormat::Date, "2020-13-01"));
  EXPECT_FALSE(check_format(CodedFormat::Date, "2020-1-01"));
  EXPECT_FALSE(check_format(CodedFormat::Date, "2020-01-01 "));
}

TEST(Formats, TimeNeedsAZoneInFullMode) {
  EXPECT_TRUE(check_format(CodedFormat::Time, "12:00:00Z"));
  EXPECT_TRUE(check_format(CodedFormat::Time, "12:00:00.123+05:30"));
  EXPECT_TRUE(check_format(CodedFormat::Time, "12:00:00-0530"));
  EXPECT_TRUE(check_format(CodedFormat::Time, "12:00:00+05"));
  EXPECT_FALSE(check_format(CodedFormat::Time, "12:00:00"));
  EXPECT_TRUE(check_format(CodedFormat::IsoTime, "12:00:00"));
  EXPECT_FALSE(check_format(CodedFormat::Time, "24:00:00Z"));
  EXPECT_FALSE(check_format(CodedFormat::Time, "12:00:00+24:00"));
  EXPECT_FALSE(check_format(CodedFormat::Time, "12:00:00."));
  // Leap seconds only at 23:59 UTC.
  EXPECT_TRUE(check_format(CodedFormat::Time, "23:59:60Z"));
  EXPECT_TRUE(check_format(CodedFormat::Time, "15:59:60-08:00"));
  EXPECT_FALSE(check_format(CodedFormat::Time, "12:59:60Z"));
}

TEST(Formats, DateTimeSplitsAtTOrWhiteSpace) {
  EXPECT_TRUE(check_format(CodedFormat::DateTime, "2020-01-01T00:00:00Z"));
  EXPECT_TRUE(check_format(CodedFormat::DateTime, "2020-01-01t10:00:00+01:00"));
  EXPECT_TRUE(check_format(CodedFormat::DateTime, "2020-01-01 10:00:00z"));
  EXPECT_FALSE(check_format(CodedFormat::DateTime, "2020-01-01 10:00:00"));
  EXPECT_TRUE(check_format(CodedFormat::IsoDateTime, "2020-01-01 10:00:00"));
  EXPECT_FALSE(check_format(CodedFormat::DateTime, "2020-02-30T00:00:00Z"));
  EXPECT_FALSE(check_format(CodedFormat::DateTime, "2020-01-01TT00:00:00Z"));
}

TEST(Validate, CodePointsAndMultiples) {
  EXPECT_EQ(sj::rt::code_points("abc", 3), 3);
  EXPECT_EQ(sj::rt::code_points("\xC3\xA9\xF0\x9F\x98\x80", 6), 2);  // é😀: Ajv counts the pair as one
  EXPECT_FALSE(sj::rt::is_multiple_of(0.07, 0.01));  // 0.07 / 0.01 is 7.000000000000001 in JavaScript too
  EXPECT_TRUE(sj::rt::is_multiple_of(10, 0.01));
  EXPECT_FALSE(sj::rt::is_multiple_of(1.005, 0.01));
  EXPECT_FALSE(sj::rt::is_multiple_of(1e300, 1e-10));  // the quotient overflows to Infinity
  EXPECT_FALSE(sj::rt::is_multiple_of(1e22, 1));        // parseInt(1e22) reads "1e+22" as 1
}

}  // namespace

// The meta-schema's regex format: what JavaScript's RegExp (no flags) refuses, nothing else.
TEST(Patterns, ValidInJavaScript) {
  using sj::rt::Pattern;
  for (const char* bad : {"((", "a)", "[a", "*a", "a**", "[z-a]", "a{2,1}", "a\\", "(?i)a", "(?>a)", "a++", "(?|a)",
                          "(*FAIL)", "(?#c)", "(?P<n>x)", "a{1}{2}", "(?<=a)+"})
    EXPECT_FALSE(Pattern::valid_in_javascript(bad)) << bad;
  // Web-compatible JavaScript takes these (Annex B).
  for (const char* good : {"^[\\w-.]+$", "[\\d-z]", "\\c", "a{", "\\u{110000}", "(?=a)*", "\\1(a)", "\\p{L}", "^a$",
                           "[[:alpha:]]", "^.{1,100000}$", "\\8", "[]", "[^]"})
    EXPECT_TRUE(Pattern::valid_in_javascript(good)) << good;
}

// patternProperties as fjs compiles them (no u flag): identity escapes are the letter itself.
TEST(Patterns, FjsDialectReadsIdentityEscapes) {
  using sj::rt::Pattern;
  auto matches = [](const char* source, std::string_view key) {
    std::string error;
    auto p = Pattern::compile(source, error);
    EXPECT_TRUE(p) << source << ": " << error;
    sj::rt::LocalRegexBudget budget;
    return p && p->search(key.data(), key.size(), budget) == Pattern::Found::Yes;
  };
  EXPECT_TRUE(matches("^\\p{L}$", "p{L}"));
  EXPECT_FALSE(matches("^\\p{L}$", "x"));
  EXPECT_TRUE(matches("\\a", "a"));
  EXPECT_FALSE(matches("\\a", "\x07"));
  EXPECT_TRUE(matches("^\\h$", "h"));
  EXPECT_TRUE(matches("\\v", "\x0b"));
  EXPECT_FALSE(matches("\\v", "v"));
  EXPECT_TRUE(matches("\\\\p", "\\p"));  // an escaped backslash, then p
  EXPECT_TRUE(matches("^\\d\\w\\s$", "1a "));
  EXPECT_TRUE(matches("a/b", "a/b"));  // fjs's \/ rewriting
}

// A NUL in a source is that character (libregexp stops at one: it is handed over as \x00);
// `\<NUL>` is its identity escape without the u flag and an invalid escape with it.
TEST(Patterns, NulInASourceIsTheCharacter) {
  using sj::rt::Pattern;
  std::string error;
  const std::string nul(1, '\0');
  for (const std::string& source : {"a" + nul + "1", "a\\" + nul + "1", "a[\\" + nul + "]1"}) {
    auto p = Pattern::compile(source, error, Pattern::Dialect::AjvNonUnicode);
    ASSERT_TRUE(p) << error;
    sj::rt::LocalRegexBudget budget;
    std::string yes = "a" + nul + "1", no = "a\\x001";
    EXPECT_EQ(p->search(yes.data(), yes.size(), budget), Pattern::Found::Yes);
    EXPECT_EQ(p->search(no.data(), no.size(), budget), Pattern::Found::No);
  }
  EXPECT_TRUE(Pattern::compile("a" + nul, error, Pattern::Dialect::Ajv));
  EXPECT_FALSE(Pattern::compile("a\\" + nul, error, Pattern::Dialect::Ajv));
}

// Bytes that are not UTF-8 read as TextDecoder reads them: one U+FFFD per maximal subpart (a
// lead byte and the continuation bytes that could still have completed it).
TEST(Patterns, InvalidUtf8ReadsAsTextDecoderReadsIt) {
  using sj::rt::Pattern;
  std::string error;
  auto one = Pattern::compile("^.$", error, Pattern::Dialect::Ajv);
  auto two = Pattern::compile("^..$", error, Pattern::Dialect::Ajv);
  ASSERT_TRUE(one && two);
  auto chars = [&](const std::string& s) {
    sj::rt::LocalRegexBudget budget;
    if (one->search(s.data(), s.size(), budget) == Pattern::Found::Yes) return 1;
    if (two->search(s.data(), s.size(), budget) == Pattern::Found::Yes) return 2;
    return 0;
  };
  EXPECT_EQ(chars("\xE2\x82"), 1);      // a truncated three-byte sequence
  EXPECT_EQ(chars("\xF0\x9F\x98"), 1);  // a truncated four-byte one
  EXPECT_EQ(chars("\xFF\xFE"), 2);      // bytes that start nothing
  EXPECT_EQ(chars("\xE2\x82" "a"), 2);  // the byte that broke it starts the next character
  EXPECT_EQ(chars("\xC3\xA9"), 1);      // é
  EXPECT_EQ(chars("\xED\xA0\x80"), 1);  // a lone surrogate (WTF-8)
  // A source's such bytes too, for both engines (found by fuzz_regex: the automaton read a
  // U+FFFD that libregexp did not).
  for (auto dialect : {Pattern::Dialect::Fjs, Pattern::Dialect::Ajv}) {
    auto p = Pattern::compile("^\xF0\x9F$", error, dialect);
    ASSERT_TRUE(p) << error;
    sj::rt::LocalRegexBudget budget;
    EXPECT_EQ(p->search("\xFA", 1, budget), Pattern::Found::Yes);
    EXPECT_EQ(p->search("\xEF\xBF\xBD", 3, budget), Pattern::Found::Yes);
  }
}
