// Number text read and written the same under any process locale (issue 30): strtod under
// de_DE.UTF-8 reads "1.5" as 1, so no path may use it. The test runs a set of conversions
// under "C" and under a locale whose decimal point is a comma, made with localedef when the
// machine has none.
#include <gtest/gtest.h>

#include <clocale>
#include <cstdlib>
#include <filesystem>

#include "tests/test_util.h"

namespace {

// A locale with a decimal comma set for the whole process, or "" when none can be made.
std::string comma_locale() {
  for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"})
    if (std::setlocale(LC_ALL, name)) return name;
  auto dir = std::filesystem::temp_directory_path() / ("sj-locale-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::string command = "localedef -i de_DE -f UTF-8 " + (dir / "de_DE.UTF-8").string() + " >/dev/null 2>&1";
  if (std::system(command.c_str()) != 0) return "";
  setenv("LOCPATH", dir.c_str(), 1);
  return std::setlocale(LC_ALL, "de_DE.UTF-8") ? "de_DE.UTF-8" : "";
}

TEST(Locale, NumbersDoNotDependOnTheProcessLocale) {
  struct Case {
    const char* schema;
    const char* data;
    const char* options;
  };
  const Case cases[] = {
      {R"({"type":"number"})", R"("1.5")", "{}"},
      {R"({"type":"number"})", R"(" 2.25e1 ")", "{}"},
      {R"({"type":"number"})", R"("1e400")", "{}"},
      {R"({"type":"number"})", R"("-1e-400")", "{}"},
      {R"({"type":"integer"})", R"("7.9")", "{}"},
      {R"({"type":"number"})", "0.1", "{}"},
      {R"({"type":"string"})", "1.5e-7", "{}"},
      {R"({"type":"array","items":{"type":"number"}})", R"([1.5,"2.5",0.000001])", "{}"},
      {R"({"anyOf":[{"type":"number","multipleOf":0.1}],"default":0.5})", "0.3", R"({"ajv":{"multipleOfPrecision":3}})"},
      {R"({"type":"object","properties":{"x":{"type":"number","default":2.5}}})", "{}", "{}"},
  };
  std::vector<std::string> in_c;
  for (const Case& c : cases) in_c.push_back(sj::test::run(c.schema, c.data, c.options));
  EXPECT_EQ(in_c[0], "1.5");

  std::string name = comma_locale();
  if (name.empty()) GTEST_SKIP() << "no locale with a decimal comma here, and localedef could not make de_DE.UTF-8";
  ASSERT_STREQ(std::localeconv()->decimal_point, ",") << name;
  for (size_t i = 0; i < std::size(cases); ++i)
    EXPECT_EQ(sj::test::run(cases[i].schema, cases[i].data, cases[i].options), in_c[i]) << "under " << name << ": " << cases[i].data;
  std::setlocale(LC_ALL, "C");
}

}  // namespace
