// sj::rt::Pattern against V8 (Node 20): tests/data/regex-differential.jsonl holds random and
// hand-picked regex sources, each under the four dialects (runtime/pattern.h, Dialect), with
// V8's answers: whether `new RegExp` refuses it (the message is stored but not compared: the
// messages are made elsewhere), else `re.test(subject)` for a few subjects, one '0'/'1' each.
// Made by tests/data/regex_cases.js. Subjects are JavaScript strings: lone surrogates are read
// as JSON.parse reads them and held as WTF-8 (runtime/wtf8.h), as the engine holds them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <rapidjson/document.h>

#include "ir/schema_doc.h"
#include "runtime/pattern.h"
#include "runtime/wtf8.h"

namespace {

using sj::rt::Pattern;

bool dialect_named(const std::string& name, Pattern::Dialect& d) {
  if (name == "fjs") d = Pattern::Dialect::Fjs;
  else if (name == "ajv") d = Pattern::Dialect::Ajv;
  else if (name == "ajv-i") d = Pattern::Dialect::AjvCaseless;
  else if (name == "ajv-nonunicode") d = Pattern::Dialect::AjvNonUnicode;
  else return false;
  return true;
}

const char* found_name(Pattern::Found f) {
  switch (f) {
    case Pattern::Found::No: return "No";
    case Pattern::Found::Yes: return "Yes";
    case Pattern::Found::OverBudget: return "OverBudget";
    case Pattern::Found::OverHeap: return "OverHeap";
    case Pattern::Found::Failed: return "Failed";
  }
  return "?";
}

// A string for a failure message: escaped as JSON.stringify would (lone surrogates as \udxxx),
// long ones cut short.
std::string shown(const std::string& s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < 80; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (uint32_t u = sj::rt::surrogate_at(s.data() + i, s.data() + s.size())) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
      i += 2;
    } else if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c < 0x20) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += static_cast<char>(c);
  }
  if (s.size() > 80) out += "...(" + std::to_string(s.size()) + " bytes)";
  return out + "\"";
}

TEST(RegexDifferential, PatternsAsV8RunsThem) {
  std::ifstream in(SJ_SOURCE_DIR "/tests/data/regex-differential.jsonl");
  ASSERT_TRUE(in) << "tests/data/regex-differential.jsonl";
  // The failures printed one by one: 30, or $SJ_REGEX_DIFFERENTIAL_SHOWN.
  const char* shown_env = std::getenv("SJ_REGEX_DIFFERENTIAL_SHOWN");
  const int kShown = shown_env ? std::atoi(shown_env) : 30;
  struct Tally {
    int lines = 0, subjects = 0;
    int accepted = 0, refused = 0;  // V8 refuses and Pattern accepts; the other way round
    int wrong_lines = 0, wrong = 0;  // lines with a wrong answer; wrong answers
  };
  std::map<std::string, Tally> tally;  // per dialect
  int total_failures = 0, checked = 0;
  auto fail = [&](const std::string& what) {
    if (++total_failures <= kShown) ADD_FAILURE() << what;
  };
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    rapidjson::Document d;
    std::string error;
    ASSERT_TRUE(sj::parse_json(line, d, error)) << error << ": " << line;
    ASSERT_TRUE(d.IsObject() && d.HasMember("source") && d.HasMember("dialect")) << line;
    std::string source(d["source"].GetString(), d["source"].GetStringLength());
    std::string dialect = d["dialect"].GetString();
    Pattern::Dialect dl;
    ASSERT_TRUE(dialect_named(dialect, dl)) << line;
    Tally& t = tally[dialect];
    ++t.lines;
    ++checked;
    std::string compile_error;
    auto pattern = Pattern::compile(source, compile_error, dl);
    if (d.HasMember("error")) {
      if (pattern) {
        ++t.accepted;
        fail("[" + dialect + "] " + shown(source) + ": V8 refuses it (" + d["error"].GetString() +
             "), Pattern accepts it");
      }
      continue;
    }
    const auto& subjects = d["subjects"];
    std::string matches = d["matches"].GetString();
    ASSERT_TRUE(subjects.IsArray() && subjects.Size() == matches.size()) << line;
    t.subjects += subjects.Size();
    if (!pattern) {
      ++t.refused;
      fail("[" + dialect + "] " + shown(source) + ": V8 accepts it, Pattern refuses it (" + compile_error + ")");
      continue;
    }
    bool wrong = false;
    for (rapidjson::SizeType i = 0; i < subjects.Size(); ++i) {
      std::string subject(subjects[i].GetString(), subjects[i].GetStringLength());
      sj::rt::LocalRegexBudget budget;
      Pattern::Found got = pattern->search(subject.data(), subject.size(), budget);
      Pattern::Found want = matches[i] == '1' ? Pattern::Found::Yes : Pattern::Found::No;
      if (got == want) continue;
      ++t.wrong;
      wrong = true;
      fail("[" + dialect + "] " + shown(source) + " on " + shown(subject) + ": V8 " + found_name(want) +
           ", Pattern " + found_name(got));
    }
    t.wrong_lines += wrong;
  }
  std::ostringstream summary;
  for (const auto& [dialect, t] : tally)
    summary << "\n  " << dialect << ": " << t.lines << " lines; accepts " << t.accepted << " V8 refuses, refuses "
            << t.refused << " V8 accepts; " << t.wrong << " wrong answers of " << t.subjects << " subjects, in "
            << t.wrong_lines << " lines";
  if (total_failures > kShown) summary << "\n  (" << total_failures - kShown << " failures not shown)";
  EXPECT_EQ(total_failures, 0) << "regex-differential.jsonl, against V8:" << summary.str();
  EXPECT_GT(checked, 0);
}

}  // namespace
