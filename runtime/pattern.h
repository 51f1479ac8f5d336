// The regular expressions a schema holds, as JavaScript runs them: patternProperties as fjs
// compiles them (no flags, spec §5.1) and `pattern` / formats as Ajv does (the u flag), each an
// unanchored search (RegExp.prototype.test). libregexp (js_regex.h) gives every pattern its
// grammar and meaning.
#pragma once
#include <memory>
#include <string>

#include "runtime/js_regex.h"
#include "runtime/simple_regex.h"

namespace sj::rt {

class Pattern {
 public:
  enum class Dialect {
    Fjs,              // fast-json-stringify's patternProperties: every run of backslashes
                      // before a '/' becomes "\/" (spec §16.8), no flags
    Ajv,              // Ajv's `pattern` and patternProperties: the source as written, u flag
    AjvCaseless,      // ajv-formats' regexes: the u and i flags
    AjvNonUnicode,    // Ajv's with unicodeRegExp: false: the source as written, no flags
  };
  // Returns null and sets `error` (libregexp's reason) when JavaScript's RegExp throws, or
  // when the pattern is beyond libregexp's limits (then beyond_limits(error)).
  static std::shared_ptr<const Pattern> compile(const std::string& source, std::string& error,
                                                Dialect dialect = Dialect::Fjs);
  static bool beyond_limits(const std::string& error) { return JsRegex::beyond_limits(error); }
  // The error a pattern beyond libregexp's limits is, after "regular expression /source/ ".
  static std::string beyond_limits_text(const std::string& error) { return "is beyond the regex engine's limits (" + error + ")"; }

  using Found = RegexFound;
  // Whether the pattern occurs anywhere in s[0..n), its steps charged to `budget`
  // (RegexBudget). Thread-safe.
  Found search(const char* s, size_t n, RegexBudget& budget) const;
  static std::string limit_text(Found f) { return regex_limit_text(f); }
  // SimpleRegex::first_bytes for the patterns it matches; any byte for the others.
  FirstBytes first_bytes() const;
  // SimpleRegex::literal_shape for the patterns it matches.
  std::optional<LiteralShape> literal_shape() const;

  // Whether `new RegExp(source)` (no flags) compiles (in V8: a pattern beyond libregexp's
  // limits counts as valid).
  static bool valid_in_javascript(const std::string& source);

  const std::string& source() const { return source_; }
  Dialect dialect() const { return dialect_; }

 private:
  std::string source_;
  Dialect dialect_ = Dialect::Fjs;
  std::unique_ptr<JsRegex> regex_;         // every pattern: the grammar, and the matcher
  std::unique_ptr<SimpleRegex> simple_;    // the matcher instead, where it takes the pattern
};

}  // namespace sj::rt
