// libFuzzer target: the regex layer on any pattern and subject. libregexp (runtime/js_regex)
// compiles and searches anything without a crash, a leak or a hang past the budget; and where
// the linear-time automaton (runtime/simple_regex) takes the pattern too, both answer the
// same: the automaton is the fast twin of libregexp and must never differ from it.
// Input: a flags byte (bit 0: the u flag), the pattern, a NUL, the subject (any bytes: WTF-8,
// invalid UTF-8).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "runtime/js_regex.h"
#include "runtime/simple_regex.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  bool unicode = data[0] & 1;
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  size_t nul = rest.find('\0');
  std::string_view source = rest.substr(0, nul);
  std::string_view subject = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
  std::string error;
  auto general = sj::rt::JsRegex::compile(source, unicode ? sj::rt::JsRegex::kUnicode : 0, error);
  auto simple = sj::rt::SimpleRegex::compile(source, unicode);
  if (!general) return 0;
  // A budget nearly spent: exponential patterns stop within a million steps.
  sj::rt::LocalRegexBudget budget;
  budget.steps = sj::rt::RegexBudget::kSteps - 1'000'000;
  sj::rt::RegexFound found = general->search(subject.data(), subject.size(), budget);
  if (simple && (found == sj::rt::RegexFound::Yes || found == sj::rt::RegexFound::No) &&
      simple->search(subject.data(), subject.size()) != (found == sj::rt::RegexFound::Yes))
    std::abort();
  return 0;
}
