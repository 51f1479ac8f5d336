// SimpleRegex (runtime/simple_regex.h): the fast matcher must mean exactly what libregexp
// (JavaScript's semantics) means for every pattern it accepts, and accept the everyday ones.
#include "runtime/simple_regex.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "runtime/js_regex.h"

namespace {

using sj::rt::FirstBytes;
using sj::rt::JsRegex;
using sj::rt::RegexFound;
using sj::rt::SimpleRegex;

// The subject's bytes, escaped, for failure messages.
std::string shown(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7F) out += static_cast<char>(c);
    else out += "\\x" + std::string(1, "0123456789ABCDEF"[c >> 4]) + "0123456789ABCDEF"[c & 15];
  }
  return out;
}

bool js_test(const JsRegex& re, const std::string& subject) {
  sj::rt::LocalRegexBudget budget;
  RegexFound f = re.search(subject.data(), subject.size(), budget);
  EXPECT_TRUE(f == RegexFound::Yes || f == RegexFound::No);
  return f == RegexFound::Yes;
}

struct Case {
  std::string source;
  bool unicode;
  std::string subject;
  bool match;
};

const std::string kEmail = R"(^[^@\s]+@[^@\s]+\.[a-z]{2,}$)";
const std::string kUuid = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const std::string kGrinning = "\xF0\x9F\x98\x80";                     // U+1F600
const std::string kGrinningWtf8 = "\xED\xA0\xBD\xED\xB8\x80";         // the same as two WTF-8 surrogates
const std::string kLoneHigh = "\xED\xA0\x80", kLoneLow = "\xED\xB0\x80";  // U+D800, U+DC00

TEST(SimpleRegex, HandCases) {
  const Case cases[] = {
      {"^x-trace$", true, "x-trace", true},
      {"^x-trace$", true, "x-trace2", false},
      {"^x-trace$", true, "ax-trace", false},
      {"^x-[a-z]+$", true, "x-region", true},
      {"^x-[a-z]+$", true, "x-", false},
      {"^x-[a-z]+$", true, "x-Region", false},
      {"^[0-9]+$", true, "1234567", true},
      {"^[0-9]+$", true, "", false},
      {"^[0-9]+$", true, "12a", false},
      {R"(^\S+$)", true, "some-label-value", true},
      {R"(^\S+$)", true, "caf\xC3\xA9-gr\xC3\xB6\xC3\x9F" "e", true},
      {R"(^\S+$)", true, "a b", false},
      {R"(^\S+$)", true, "a\xC2\xA0" "b", false},      // U+00A0
      {R"(^\S+$)", true, "a\xEF\xBB\xBF" "b", false},  // U+FEFF
      {R"(^\S+$)", true, "a\xE3\x80\x80", false},      // U+3000
      {R"(^\S+$)", true, "a\xE2\x80\x8B", true},       // U+200B is not a space
      {R"(^\S+$)", true, "", false},
      {kEmail, true, "john.doe@example.com", true},
      {kEmail, true, "john@doe", false},
      {kEmail, true, "a b@c.de", false},
      {kUuid, true, "123e4567-e89b-12d3-a456-426614174000", true},
      {kUuid, true, "123e4567-e89b-12d3-a456-42661417400", false},
      {kUuid, true, "123e4567-e89b-12d3-a456-4266141740000", false},
      {R"(^\d{4}-\d{2}-\d{2}$)", true, "2024-01-15", true},
      {R"(^\d{4}-\d{2}-\d{2}$)", true, "2024-1-15", false},
      {"error", true, "an error occurred here", true},
      {"error", true, "an err", false},
      {"a{0}", true, "b", true},
      {"^a{0}$", true, "", true},
      {"^a{0}$", true, "a", false},
      {"^a{2,3}$", true, "a", false},
      {"^a{2,3}$", true, "aa", true},
      {"^a{2,3}$", true, "aaa", true},
      {"^a{2,3}$", true, "aaaa", false},
      {"a{2,3}", true, "baaaab", true},
      {"^a{3,}$", true, "aa", false},
      {"^a{3,}$", true, "aaaaa", true},
      {"^$", true, "", true},
      {"^$", true, "a", false},
      {"^a*$", true, "", true},
      {"^a*$", true, "aaa", true},
      {"^a*$", true, "aab", false},
      {"x?$", true, "abc", true},
      {"^x?$", true, "xx", false},
      {"^a+?b{1,}?$", true, "aab", true},
      {"^ab?c*d{0,2}$", false, "a", true},
      {"^ab?c*d{0,2}$", false, "abccdd", true},
      {"^ab?c*d{0,2}$", false, "abccddd", false},
      {"^ab?c*d{0,2}$", false, "bccdd", false},
      {"a.c", true, "a\nc", false},
      {"a.c", true, "a\xE2\x80\xA8" "c", false},  // U+2028
      {"a.c", false, "a\xE2\x80\xA9" "c", false},  // U+2029
      {"a.c", true, "a\xE2\x80\x8B" "c", true},
      {"^\xC3\xA9+$", true, "\xC3\xA9\xC3\xA9", true},
      {"^[\xC3\xA0-\xC3\xBF]$", false, "\xC3\xA9", true},
      {"^.$", false, kGrinning, false},  // two units without the u flag
      {"^..$", false, kGrinning, true},
      {"^.$", true, kGrinning, true},
      {"^..$", true, kGrinning, false},
      {"^[^a]$", false, kGrinning, false},
      {"^[^a][^a]$", false, kGrinning, true},
      {"^.$", true, kGrinningWtf8, true},  // a WTF-8 pair is the character
      {"^..$", false, kGrinningWtf8, true},
      {"^\\u{1F600}$", true, kGrinning, true},
      {"^" + kGrinning + "+$", true, kGrinning + kGrinning, true},
      {"^.$", true, kLoneHigh, true},  // a lone surrogate is one character
      {"^.$", false, kLoneHigh, true},
      {"^\\S.$", true, kLoneLow + kLoneHigh, true},
      {"^.$", true, kLoneHigh + "a", false},
      {"^.$", true, "\xFF", true},  // an invalid byte reads as U+FFFD
      {"^\\uFFFD$", false, "\xFF", true},
      {"^\\uFFFD\\uFFFD$", true, "\xFF\xFF", true},
      {"^[a-]$", true, "-", true},
      {"^[\\w-]+$", true, "a-b_c", true},
      {"^[-\\w.]+$", true, "a-b.c", true},
      {"\\$", true, "a$", true},
      {"^\\^\\.$", true, "^.", true},
      {"^\\x41\\u0042\\t$", true, "AB\t", true},
      {"^[\\0]$", true, std::string(1, '\0'), true},
      {"^[^@\\s]+$", true, "a\xE3\x80\x80", false},
      {"^a{64}$", true, std::string(64, 'a'), true},
      {"^a{64}$", true, std::string(63, 'a'), false},
      {"^a{0,64}$", false, std::string(64, 'a'), true},
      {"^a{0,64}$", false, std::string(65, 'a'), false},
      {"a{0,63}b", false, std::string(70, 'a') + "b", true},
      {"^a{32}b{0,32}$", true, std::string(32, 'a') + std::string(32, 'b'), true},
      // ^literal$ and ^literal C+$ (search_literal_shape), a non-ASCII byte in the run handed
      // to the automaton
      {"^x-[a-z]+$", true, "x-caf\xC3\xA9", false},
      {"^x-[^a]+$", true, "x-caf\xC3\xA9", false},
      {"^x-[^a]+$", true, "x-b\xC3\xA9", true},
      {"^[^a]+$", false, kGrinning, true},
      {R"(^\S+$)", true, "ab\xE3\x80\x80", false},
      {"^ab$", true, "ab\n", false},
      {"^ab$", true, "a", false},
      {"^ab$", true, "", false},
      {"^x-\\d+$", true, "x-12", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(shown(c.source) + (c.unicode ? " (u) on " : " on ") + shown(c.subject));
    std::string error;
    auto js = JsRegex::compile(c.source, c.unicode ? JsRegex::kUnicode : 0, error);
    ASSERT_TRUE(js) << error;
    EXPECT_EQ(js_test(*js, c.subject), c.match);  // the case itself is right
    auto re = SimpleRegex::compile(c.source, c.unicode);
    ASSERT_TRUE(re);
    EXPECT_EQ(re->search(c.subject.data(), c.subject.size()), c.match);
  }
}

// first_bytes: a subject that is empty or starts with an ASCII byte outside the set never
// matches (libregexp agrees), for anchored patterns of every kind.
TEST(SimpleRegex, FirstAsciiBytesAreTheOnlyStarts) {
  const std::string tails[] = {"", "a", "-a", "x-ab", "1", "0\xC3\xA9", " ", "\xE3\x80\x80"};
  for (const char* source : {"^x-[a-z]+$", "^[0-9]+$", R"(^\S+$)", "^a?b", "^[^a]", "^.", R"(^\s)", "^x?-", "^\\d",
                             "^[a-z]{0,2}x$", "^\xC3\xA9"}) {
    for (bool unicode : {false, true}) {
      std::string error;
      auto js = JsRegex::compile(source, unicode ? JsRegex::kUnicode : 0, error);
      auto re = SimpleRegex::compile(source, unicode);
      ASSERT_TRUE(js && re) << source;
      FirstBytes first = re->first_bytes();
      ASSERT_FALSE(first.any) << source;
      EXPECT_FALSE(js_test(*js, "")) << source;
      for (unsigned c = 0; c < 0x80; ++c) {
        if (first.set[c / 64] >> (c % 64) & 1) continue;
        for (const std::string& tail : tails)
          EXPECT_FALSE(js_test(*js, std::string(1, static_cast<char>(c)) + tail)) << source << " on " << c;
      }
    }
  }
  for (const char* source : {"x-[a-z]+$", "^a*$", "^$", "^a?"}) EXPECT_TRUE(SimpleRegex::compile(source, true)->first_bytes().any) << source;
}

TEST(SimpleRegex, DeclinesWhatItCannotProve) {
  const char* both[] = {"(a)", "(?:a)", "a|b", "\\bfoo", "a\\B", "[\\w-.]", "[a-\\d]", "a{65}", "a{40}b{30}",
                        "(a)\\1", "(?=a)", "(?<!a)b", "\\cA", "a^", "$a", "^^a", "[]", "[^]", "[\\b]",
                        "\\uD83D\\uDE00", "\\1", "a{2,}{3}", "\\k<x>(?<x>a)", "\\x4g"};
  for (const char* s : both) {
    EXPECT_FALSE(SimpleRegex::compile(s, true)) << s;
    EXPECT_FALSE(SimpleRegex::compile(s, false)) << s;
  }
  const char* with_u[] = {"\\p{L}", "\\P{Lu}", "[\\p{L}]", "\\u{D800}"};
  for (const char* s : with_u) EXPECT_FALSE(SimpleRegex::compile(s, true)) << s;
  const char* without_u[] = {"a{,3}", "a{", "}", "]", "\\u{41}", "\\-", "\\a", "\\00", "\xF0\x9F\x98\x80",
                             "[\xF0\x9F\x98\x80]", "\\8"};
  for (const char* s : without_u) EXPECT_FALSE(SimpleRegex::compile(s, false)) << s;
}

// UTF-8 (WTF-8 for a surrogate) of one code point.
std::string utf8(uint32_t c) {
  std::string s;
  if (c < 0x80) return s += static_cast<char>(c), s;
  if (c < 0x800) return s += static_cast<char>(0xC0 | c >> 6), s += static_cast<char>(0x80 | (c & 0x3F)), s;
  if (c < 0x10000) {
    s += static_cast<char>(0xE0 | c >> 12);
  } else {
    s += static_cast<char>(0xF0 | c >> 18);
    s += static_cast<char>(0x80 | (c >> 12 & 0x3F));
  }
  s += static_cast<char>(0x80 | (c >> 6 & 0x3F));
  return s += static_cast<char>(0x80 | (c & 0x3F)), s;
}

// Every BMP character (and a few others) against the escapes and `.`, whose sets are written
// out by hand in simple_regex.cpp.
TEST(SimpleRegex, EscapesAndDotOnEveryBmpCharacter) {
  for (bool unicode : {false, true}) {
    for (const char* source : {R"(^\s$)", R"(^\S$)", R"(^\w$)", R"(^\W$)", R"(^\d$)", R"(^\D$)", "^.$", "^[^a]$"}) {
      std::string error;
      auto js = JsRegex::compile(source, unicode ? JsRegex::kUnicode : 0, error);
      auto re = SimpleRegex::compile(source, unicode);
      ASSERT_TRUE(js && re) << source;
      for (uint32_t c = 0; c < 0x10000 + 4; c = c == 0xFFFF ? 0x10FFFC : c + 1) {
        std::string subject = utf8(c);
        ASSERT_EQ(re->search(subject.data(), subject.size()), js_test(*js, subject))
            << source << (unicode ? " (u) on U+" : " on U+") << std::hex << c;
      }
    }
  }
}

// Random sources of the subset's grammar (and a few outside it), in both modes, each searched
// over subjects from its own characters and awkward ones: SimpleRegex must answer as
// libregexp does, every time.
class Generator {
 public:
  explicit Generator(bool unicode) : unicode_(unicode) {}

  // A source, and the characters that tend to match each of its items in `samples_`.
  std::string source() {
    items_.clear();
    std::string s;
    if (coin(2)) s += '^';
    int count = static_cast<int>(rng_() % 5);
    for (int i = 0; i < count; ++i) s += item();
    if (coin(10)) s += pick({"(a)", "a|b", "\\b", "(?:x)"});  // outside: must be declined
    if (coin(2)) s += '$';
    return s;
  }

  // A subject: random characters, or copies of each item's samples, perhaps mutated.
  std::string subject() {
    std::string s;
    if (coin(2)) {
      for (int n = static_cast<int>(rng_() % 7); n > 0; --n) s += any_character();
    } else {
      if (coin(4)) s += any_character();
      for (const Item& it : items_)
        for (int k = it.min + static_cast<int>(rng_() % 3); k > 0; --k) s += it.samples[rng_() % it.samples.size()];
      if (coin(4)) s += any_character();
      if (!s.empty() && coin(4)) s.erase(rng_() % s.size(), 1);  // may split a character: fine
    }
    return s;
  }

  std::mt19937_64 rng_{20240115};

 private:
  struct Item {
    std::vector<std::string> samples;
    int min;
  };

  bool coin(int n) { return rng_() % n == 0; }
  std::string pick(std::initializer_list<const char*> xs) { return *(xs.begin() + rng_() % xs.size()); }

  std::string any_character() {
    if (!items_.empty() && coin(2)) {
      const Item& it = items_[rng_() % items_.size()];
      return it.samples[rng_() % it.samples.size()];
    }
    static const std::vector<std::string> extra = {
        "a", "b", "-", " ", "\n", "\xC3\xA9", "\xC3\x9F", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xC2\xA0", "\xEF\xBB\xBF", kGrinning,
        kGrinningWtf8, kLoneHigh, kLoneLow, "\xFF", "\xE3\x80\x80"};
    return extra[rng_() % extra.size()];
  }

  std::string item() {
    Item it;
    std::string atom;
    switch (rng_() % 4) {
      case 0: {  // a literal
        static const std::vector<std::string> lit = {"a", "b", "x", "-", "0", "_", " ", "/", "\xC3\xA9", "\xC3\x9F",
                                                     "\xE2\x80\xA8", "\xC2\xA0", "]", "}"};
        atom = lit[rng_() % lit.size()];
        if (unicode_ && coin(8)) atom = kGrinning;
        if (!unicode_ && coin(20)) atom = kGrinning;  // declined without u
        it.samples = {atom};
        break;
      }
      case 1: {  // an escape
        static const std::vector<std::pair<std::string, std::vector<std::string>>> esc = {
            {"\\d", {"5"}}, {"\\D", {"x", "\xC3\xA9"}}, {"\\w", {"a", "_"}}, {"\\W", {"-", kGrinning}},
            {"\\s", {" ", "\xC2\xA0", "\xE2\x80\xA8", "\xEF\xBB\xBF"}}, {"\\S", {"a", kGrinning, kLoneHigh}},
            {"\\t", {"\t"}}, {"\\n", {"\n"}}, {"\\.", {"."}}, {"\\/", {"/"}}, {"\\$", {"$"}}, {"\\x41", {"A"}},
            {"\\u00e9", {"\xC3\xA9"}}, {"\\u2028", {"\xE2\x80\xA8"}}, {"\\0", {std::string(1, '\0')}}, {".", {"a", "\n", kGrinning}}};
        auto& e = esc[rng_() % esc.size()];
        atom = e.first, it.samples = e.second;
        if (unicode_ && coin(10)) atom = "\\u{1F600}", it.samples = {kGrinning};
        break;
      }
      default: {  // a class
        atom = "[";
        if (coin(3)) atom += '^';
        static const std::vector<std::pair<std::string, std::vector<std::string>>> parts = {
            {"a-f", {"c"}}, {"0-9", {"7"}}, {"\xC3\xA0-\xC3\xBF", {"\xC3\xA9"}}, {"x", {"x"}}, {"\\d", {"1"}},
            {"\\s", {" ", "\xE2\x80\xA8"}}, {"\\S", {"q", kLoneLow}}, {"\\w", {"w"}}, {"\\-", {"-"}}, {".", {"."}},
            {"-", {"-"}}, {"@", {"@"}}, {"\\]", {"]"}}, {"\\u00a0", {"\xC2\xA0"}}, {"\\x2d-\\x2f", {"/"}}};
        for (int n = 1 + static_cast<int>(rng_() % 3); n > 0; --n) {
          auto& p = parts[rng_() % parts.size()];
          atom += p.first;
          it.samples.insert(it.samples.end(), p.second.begin(), p.second.end());
        }
        if (unicode_ && coin(8)) atom += "\\u{1F600}-\\u{1F64F}", it.samples.push_back(kGrinning);
        atom += ']';
      }
    }
    it.min = 1;
    size_t plain = atom.size();
    switch (rng_() % 12) {
      case 0: atom += '*', it.min = 0; break;
      case 1: atom += '+'; break;
      case 2: atom += '?', it.min = 0; break;
      case 3: atom += "{0}", it.min = 0; break;
      case 4: atom += "{2}", it.min = 2; break;
      case 5: atom += "{0,2}", it.min = 0; break;
      case 6: atom += "{1,3}"; break;
      case 7: atom += "{2,}", it.min = 2; break;
      default: break;
    }
    if (atom.size() > plain && coin(4)) atom += '?';  // lazy
    items_.push_back(std::move(it));
    return atom;
  }

  bool unicode_;
  std::vector<Item> items_;
};

TEST(SimpleRegex, AgreesWithLibregexp) {
  for (bool unicode : {false, true}) {
    Generator gen(unicode);
    int valid = 0, accepted = 0, pairs = 0, matches = 0;
    for (int i = 0; i < 4000; ++i) {
      std::string source = gen.source();
      std::string error;
      auto js = JsRegex::compile(source, unicode ? JsRegex::kUnicode : 0, error);
      if (!js) continue;  // e.g. a literal ] with u
      ++valid;
      auto re = SimpleRegex::compile(source, unicode);
      if (!re) continue;
      ++accepted;
      for (int k = 0; k < 24; ++k) {
        std::string subject = gen.subject();
        bool expected = js_test(*js, subject);
        ASSERT_EQ(re->search(subject.data(), subject.size()), expected)
            << "/" << shown(source) << "/" << (unicode ? "u" : "") << " on \"" << shown(subject) << '"';
        ++pairs, matches += expected;
      }
    }
    SCOPED_TRACE(unicode ? "u" : "no flags");
    EXPECT_GT(valid, 3000);
    EXPECT_GT(accepted, valid * 7 / 10);  // all but the deliberate outsiders, mostly
    EXPECT_GT(matches, pairs / 5);         // both answers well represented
    EXPECT_LT(matches, pairs * 4 / 5);
  }
}

}  // namespace
