// ECMAScript regular expressions run by PCRE2 with its JIT: patternProperties as fjs
// compiles them (no flags, unanchored search, spec §5.1) and `pattern` / formats as Ajv does
// (the u flag, unanchored search). Where the dialects differ (README, "Differences"):
// PCRE2 matches code points where JavaScript without the u flag matches UTF-16 units, and
// `.` stops at CR and LF but not at U+2028/U+2029. Without the u flag the source is first
// rewritten to JavaScript's reading of it (pattern.cpp, without_u_flag: \s, Annex B's classes).
#pragma once
#include <memory>
#include <string>

namespace sj::rt {

class Pattern {
 public:
  enum class Dialect {
    Fjs,              // fast-json-stringify's patternProperties: every run of backslashes
                      // before a '/' becomes "\/" (spec §16.8)
    Ajv,              // Ajv's `pattern` and patternProperties: the source as written, u flag
    AjvCaseless,      // ajv-formats' regexes with the i flag
    AjvNonUnicode,    // Ajv's with unicodeRegExp: false: the source as written, no u flag
  };
  // Returns null and sets `error` when the source is not a valid regex.
  static std::shared_ptr<const Pattern> compile(const std::string& source, std::string& error,
                                                Dialect dialect = Dialect::Fjs);

  // Whether the pattern occurs anywhere in s[0..n). Thread-safe.
  bool search(const char* s, size_t n) const;

  // Whether JavaScript's `new RegExp(source)` (no flags) surely throws: PCRE2 refuses the
  // source for a reason JavaScript shares (a parenthesis or bracket left open or unmatched,
  // a quantifier with nothing to repeat or its numbers out of order, a range out of order, a
  // trailing backslash). PCRE2 also refuses sources that JavaScript's web-compatible grammar
  // takes ("[\\w-.]", "\\c", "\\u{110000}"): those are not reported, so that no schema
  // JavaScript accepts is refused.
  static bool surely_invalid_in_javascript(const std::string& source);

  const std::string& source() const { return source_; }
  Dialect dialect() const { return dialect_; }
  ~Pattern();

 private:
  Pattern() = default;
  std::string source_;
  Dialect dialect_ = Dialect::Fjs;
  void* code_ = nullptr;  // pcre2_code_8*
};

}  // namespace sj::rt
