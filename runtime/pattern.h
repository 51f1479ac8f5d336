// ECMAScript regular expressions run by PCRE2 with its JIT: patternProperties as fjs
// compiles them (no flags, unanchored search, spec §5.1) and `pattern` / formats as Ajv does
// (the u flag, unanchored search). Where the dialects differ (README, "Differences"):
// PCRE2 matches code points where JavaScript without the u flag matches UTF-16 units, and
// `.` stops at CR and LF but not at U+2028/U+2029.
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
  };
  // Returns null and sets `error` when the source is not a valid regex.
  static std::shared_ptr<const Pattern> compile(const std::string& source, std::string& error,
                                                Dialect dialect = Dialect::Fjs);

  // Whether the pattern occurs anywhere in s[0..n). Thread-safe.
  bool search(const char* s, size_t n) const;

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
