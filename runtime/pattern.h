// patternProperties regular expressions: ECMAScript patterns (no flags, unanchored search,
// spec §5.1) run by PCRE2 with its JIT. Where the dialects differ (README, "Differences"):
// PCRE2 matches code points where JavaScript without the u flag matches UTF-16 units, and
// `.` stops at CR and LF but not at U+2028/U+2029.
#pragma once
#include <memory>
#include <string>

namespace sj::rt {

class Pattern {
 public:
  // The pattern as fast-json-stringify compiles it (every run of backslashes before a '/'
  // becomes "\/", spec §16.8). Returns null and sets `error` when it is not a valid regex.
  static std::shared_ptr<const Pattern> compile(const std::string& source, std::string& error);

  // Whether the pattern occurs anywhere in s[0..n). Thread-safe.
  bool search(const char* s, size_t n) const;

  const std::string& source() const { return source_; }
  ~Pattern();

 private:
  Pattern() = default;
  std::string source_;
  void* code_ = nullptr;  // pcre2_code_8*
};

}  // namespace sj::rt
