// JavaScript's regular expressions by quickjs-ng's libregexp (third_party/quickjs-ng-libregexp,
// the engine QuickJS passes test262's RegExp tests with): ECMAScript's grammar (Annex B's
// web-compatible one without the u flag) and its matching, by construction. No executable
// memory: libregexp compiles to bytecode and interprets it.
//
// Subjects are the engine's strings, UTF-8 with lone surrogates as WTF-8 (runtime/wtf8.h);
// libregexp reads Latin-1 or UTF-16 units, so an ASCII subject is read in place and any other
// is converted to UTF-16 first (utf16_view.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace sj::rt {

// The backtracking steps the searches of one serialize call (or of one build-time check) may
// take together. Deterministic, unlike a time limit: a call's data decides whether it passes,
// not the load of the machine. The searches only charge it; the count lives with the call
// (CallExtras), made when first charged.
class RegexBudget {
 public:
  // 50 million steps (a backtrack or a loop's iteration in libregexp): 0.2-0.5 s on ^(a|a)+$.
  static constexpr uint64_t kSteps = 50'000'000;
  // Steps per unit of its subject that each search takes uncharged: linear patterns never
  // spend the budget (a search's unanchored scan alone takes a step per position), only
  // backtracking does.
  static constexpr uint64_t kStepsPerUnit = 32;
  // libregexp reports a search's steps every 10,000 (its INTERRUPT_COUNTER_INIT): the steps
  // are charged in such lots, and a search that ends before its first lot is not charged.
  static constexpr uint64_t kStepsPerPoll = 10'000;
  virtual uint64_t& spent() = 0;  // steps charged so far, out of kSteps

 protected:
  ~RegexBudget() = default;
};

// A budget of its own, for one check at build time.
struct LocalRegexBudget final : RegexBudget {
  uint64_t steps = 0;
  uint64_t& spent() override { return steps; }
};

// What a search found: whether the pattern occurs, or why it could not tell. A limit is never
// a "no": the callers fail (a call, a compile) with its reason (regex_limit_text).
enum class RegexFound {
  No,
  Yes,
  OverBudget,  // the budget ran out
  OverHeap,    // the backtracking stack needs more than kRegexHeapBytes
  Failed,      // no memory, or a subject of 2^30 characters or more
};
// libregexp's backtracking stack, per search: base64's pattern on 2 MB.
constexpr size_t kRegexHeapBytes = size_t{64} << 20;
// Why a search ended in `f` (not Yes or No), after "regular expression /source/ ".
std::string regex_limit_text(RegexFound f);

class JsRegex {
 public:
  enum Flags : int { kUnicode = 1, kIgnoreCase = 2 };
  // Null, and `error` set to libregexp's reason, when `new RegExp(source, flags)` throws or
  // the pattern is beyond libregexp's limits (beyond_limits).
  static std::unique_ptr<JsRegex> compile(std::string_view source, int flags, std::string& error);
  // Whether compile's `error` is one of libregexp's limits (254 capture groups, 255 nested
  // quantifiers, the parser's stack, memory), not JavaScript refusing the pattern: V8 takes
  // such a pattern, so it is a RegexLimit error, never a syntax error.
  static bool beyond_limits(const std::string& error);

  // Whether the pattern occurs anywhere in s[0..n) (RegExp.prototype.test). Thread-safe.
  RegexFound search(const char* s, size_t n, RegexBudget& budget) const;

  ~JsRegex();
  JsRegex(const JsRegex&) = delete;
  JsRegex& operator=(const JsRegex&) = delete;

 private:
  JsRegex() = default;
  // compile() after its checks of what libregexp and Node 20's V8 read differently.
  static std::unique_ptr<JsRegex> compile_source(std::string_view source, int flags, std::string& error);
  uint8_t* bytecode_ = nullptr;  // lre_compile's, freed by lre_realloc
};

}  // namespace sj::rt
