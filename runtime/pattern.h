// ECMAScript regular expressions run by PCRE2 with its JIT: patternProperties as fjs
// compiles them (no flags, unanchored search, spec §5.1) and `pattern` / formats as Ajv does
// (the u flag, unanchored search). Where the dialects differ (README, "Differences"):
// PCRE2 matches code points where JavaScript without the u flag matches UTF-16 units, and
// `.` stops at CR and LF but not at U+2028/U+2029. Without the u flag the source is first
// rewritten to JavaScript's reading of it (pattern.cpp, without_u_flag: \s, Annex B's classes).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace sj::rt {

// The backtracking steps the searches of one serialize call (or of one build-time check) may
// take together, counted as PCRE2 counts its match limit. Deterministic, unlike a time limit: a
// call's data decides whether it passes, not the load of the machine. The searches only charge
// it (Pattern::search); the count lives with the call (CallExtras), made when first charged.
class RegexBudget {
 public:
  // 50 million steps: 0.3-0.7 s of PCRE2's JIT on ^(a|a)+$, five times the limit PCRE2 gives
  // one match by default.
  static constexpr uint64_t kSteps = 50'000'000;
  // Steps per byte of its subject that each search takes uncharged (Pattern::search): linear
  // patterns never spend the budget (base64's pattern runs ~136,000 steps on 200 KB, 6.4
  // million uncharged), so only backtracking does.
  static constexpr uint64_t kStepsPerByte = 32;
  virtual uint64_t& spent() = 0;  // steps charged so far, out of kSteps

 protected:
  ~RegexBudget() = default;
};

// A budget of its own, for one check at build time.
struct LocalRegexBudget final : RegexBudget {
  uint64_t steps = 0;
  uint64_t& spent() override { return steps; }
};

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

  // What a search found: whether the pattern occurs, or why it could not tell. A limit is
  // never a "no": the callers fail (a call, a compile) with limit_text's reason.
  enum class Found {
    No,
    Yes,
    OverBudget,  // the budget ran out
    OverStack,   // deeper than the JIT stack (kJitStackBytes)
    OverHeap,    // the interpreter (no JIT) needs more than kHeapBytes of backtracking frames
    Failed,      // another PCRE2 error (out of memory)
  };
  static constexpr size_t kJitStackBytes = size_t{8} << 20;  // base64's pattern on 4 MB
  static constexpr size_t kHeapBytes = size_t{64} << 20;     // ... on 2 MB, interpreted

  // Whether the pattern occurs anywhere in s[0..n). A first run of up to kFreeSteps steps
  // (nearly every search ends there) is not charged: like the call into PCRE2 it costs about a
  // constant per key or string of the data. A search that needs more runs again with 4 times
  // the steps each time, up to what `budget` has left besides the subject's uncharged steps
  // (RegexBudget::kStepsPerByte), and each of those runs is charged its whole limit (a run
  // that finishes used at most that), less what is left of the uncharged steps. Thread-safe.
  Found search(const char* s, size_t n, RegexBudget& budget) const;
  static constexpr uint32_t kFreeSteps = 100;
  // Why a search ended in `f` (not Yes or No), after "regular expression /source/ ".
  static std::string limit_text(Found f);

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
