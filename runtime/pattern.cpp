#include "runtime/pattern.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <cstdint>
#include <cctype>
#include <cstdio>
#include <cstring>

#include "runtime/call_state.h"
#include "runtime/wtf8.h"

namespace sj::rt {
namespace {

// Letters JavaScript's RegExp without the u flag reads as themselves after a backslash (its
// identity escapes: `\p{L}` is "p{L}", `\a` is "a"), where PCRE2 gives most of them a meaning
// (a property, BEL, ESC, a horizontal space class, an anchor...). The others keep their
// escape: classes (d D s S w W), b B, controls (f n r t, c), x, u, k.
bool identity_escape(char c) {
  return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) && !std::strchr("dDsSwWbBfnrtvcxuk", c);
}

// JavaScript's \s: WhiteSpace and LineTerminator (ES2023 §22.2.2.9), as class items. PCRE2's
// \s is ASCII only (and with UCP it would take U+0085 and leave U+FEFF). Written \uhhhh, the
// form PCRE2_ALT_BSUX reads (it takes \x{...} for "x{...}").
constexpr const char* kJsSpaces = "\\t\\n\\x0b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";

bool class_escape(char c) { return c && std::strchr("dDwWsS", c); }

// A source as JavaScript's RegExp without the u flag reads it (with Annex B's web-compatible
// grammar), for PCRE2: identity escapes lose their backslash, \v is the vertical tab, \s and
// \S are JavaScript's spaces, \k is "k" when the source has no named group, \c before a
// non-letter is a backslash and "c"; in a class a '-' next to a class escape is a '-'
// ("[\w-.]", "[a-\d]"), "[]" matches nothing and "[^]" any character. fjs builds
// `new RegExp(pattern.replace(/\\*\//g, '\\/'))` (`fjs_slashes`): a run of backslashes before a
// '/' becomes one escape of it. Left as PCRE2 reads it: \S inside a class (ASCII spaces).
std::string without_u_flag(const std::string& p, bool fjs_slashes) {
  bool named_groups = false;
  for (size_t at = p.find("(?<"); at != std::string::npos; at = p.find("(?<", at + 1))
    named_groups |= at + 3 < p.size() && p[at + 3] != '=' && p[at + 3] != '!';
  std::string out;
  bool in_class = false, after_class_escape = false;
  for (size_t i = 0; i < p.size();) {
    size_t j = i;
    while (j < p.size() && p[j] == '\\') ++j;
    if (fjs_slashes && j < p.size() && p[j] == '/') {
      out += "\\/";
      i = j + 1;
      after_class_escape = false;
      continue;
    }
    size_t run = j - i;
    out.append(run & ~size_t{1}, '\\');  // pairs: escaped backslashes
    if (j == p.size()) {
      if (run & 1) out += '\\';  // a trailing backslash: an error either way
      break;
    }
    char c = p[j];
    char next = j + 1 < p.size() ? p[j + 1] : '\0';
    i = j + 1;
    bool was_after_class_escape = after_class_escape;
    after_class_escape = false;
    if (run & 1) {  // an escape
      if (c == 's' && in_class) out += kJsSpaces;
      else if (c == 's') (out += "[") += kJsSpaces, out += "]";
      else if (c == 'S' && !in_class) (out += "[^") += kJsSpaces, out += "]";
      else if (c == 'k' && !named_groups) out += 'k';
      else if (c == 'c' && !std::isalpha(static_cast<unsigned char>(next))) out += "\\\\c";
      else if (identity_escape(c)) out += c;
      else if (c == 'v') out += "\\x0b";
      else (out += '\\') += c;
      after_class_escape = in_class && class_escape(c);
      continue;
    }
    if (!in_class && c == '[') {
      bool negated = next == '^';
      size_t close = j + 1 + negated;
      if (close < p.size() && p[close] == ']') {  // "[]" / "[^]": an empty class
        out += negated ? "[\\s\\S]" : "(?!)";
        i = close + 1;
        continue;
      }
      in_class = true;
      out += negated ? "[^" : "[";
      i = j + 1 + negated;
    } else if (in_class && c == ']') {
      in_class = false;
      out += c;
    } else if (in_class && c == '-' && (was_after_class_escape || (next == '\\' && class_escape(j + 2 < p.size() ? p[j + 2] : '\0')))) {
      out += "\\-";  // Annex B: no range with a class escape at either end
    } else {
      out += c;
    }
  }
  return out;
}

// A source holding a lone surrogate (as WTF-8: runtime/wtf8.h) cannot compile in PCRE2's UTF
// mode, and there a subject's lone surrogate matches nothing. Such a source compiles in byte
// mode instead, each surrogate written as its three bytes (a group outside a class), so that
// it matches the subject's: exact for ASCII and for literal text; a class, '.' or a
// quantifier applied to another non-ASCII character reads bytes there, not characters.
// Returns false when `source` has no lone surrogate.
bool lone_surrogates_as_bytes(const std::string& source, std::string& out) {
  const char* p = source.data();
  const char* end = p + source.size();
  bool found = false, in_class = false;
  out.clear();
  while (p < end) {
    if (surrogate_at(p, end)) {
      auto byte = [&](int i) { return static_cast<unsigned char>(p[i]); };
      char hex[24];
      std::snprintf(hex, sizeof hex, in_class ? "\\x%02X\\x%02X\\x%02X" : "(?:\\x%02X\\x%02X\\x%02X)", byte(0), byte(1),
                    byte(2));
      out += hex;
      p += 3;
      found = true;
      continue;
    }
    if (*p == '\\' && p + 1 < end) {
      out.append(p, 2);
      p += 2;
      continue;
    }
    if (*p == '[') in_class = true;
    else if (*p == ']') in_class = false;
    out += *p++;
  }
  return found;
}

// Compiles a translated source: in UTF mode, or in byte mode when it holds lone surrogates.
pcre2_code* compile_source(const std::string& source, uint32_t options, int& code, PCRE2_SIZE& offset,
                           pcre2_compile_context* cc) {
  std::string bytes;
  const std::string* text = &source;
  // Every surrogate's WTF-8 starts with 0xED: a source without that byte is not rewritten.
  if (source.find('\xED') != std::string::npos && lone_surrogates_as_bytes(source, bytes)) text = &bytes;
  else options |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
  return pcre2_compile(reinterpret_cast<PCRE2_SPTR>(text->data()), text->size(), options, &code, &offset, cc);
}

// What a thread's first, free runs use (pcre2_match_data is not shareable): match data sized
// for a yes/no answer, and a context with the free run's limits. The JIT runs on its default
// 32 KiB of the machine stack there, as it did before budgets.
struct FirstRun {
  pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
  pcre2_match_context* context = pcre2_match_context_create(nullptr);
  FirstRun() {
    if (!context) return;  // no memory: search() fails
    pcre2_set_match_limit(context, Pattern::kFreeSteps);
    pcre2_set_heap_limit(context, Pattern::kHeapBytes / 1024);
  }
  ~FirstRun() {
    pcre2_match_context_free(context);
    pcre2_match_data_free(data);
  }
};

// What a thread's charged runs use: a JIT stack that grows to kJitStackBytes (mapped when a
// thread first needs it, its pages touched only as a match goes deep).
struct LongRun {
  pcre2_jit_stack* stack = pcre2_jit_stack_create(32 * 1024, Pattern::kJitStackBytes, nullptr);
  pcre2_match_context* context = pcre2_match_context_create(nullptr);
  LongRun() {
    if (!context) return;  // no memory: search() fails
    pcre2_jit_stack_assign(context, nullptr, stack);  // a null stack: the default 32 KiB
    pcre2_set_heap_limit(context, Pattern::kHeapBytes / 1024);
  }
  ~LongRun() {
    pcre2_match_context_free(context);
    pcre2_jit_stack_free(stack);
  }
};

using Found = Pattern::Found;

Found found(int rc) {
  if (rc >= 0) return Found::Yes;
  switch (rc) {
    case PCRE2_ERROR_NOMATCH: return Found::No;
    case PCRE2_ERROR_MATCHLIMIT: return Found::OverBudget;
    case PCRE2_ERROR_JIT_STACKLIMIT: return Found::OverStack;
    case PCRE2_ERROR_HEAPLIMIT:
    case PCRE2_ERROR_DEPTHLIMIT: return Found::OverHeap;
    default: return Found::Failed;
  }
}

}  // namespace

std::shared_ptr<const Pattern> Pattern::compile(const std::string& source, std::string& error, Dialect dialect) {
  bool u_flag = dialect == Dialect::Ajv || dialect == Dialect::AjvCaseless;
  std::string translated = u_flag ? source : without_u_flag(source, dialect == Dialect::Fjs);
  pcre2_compile_context* cc = pcre2_compile_context_create(nullptr);
  pcre2_set_newline(cc, PCRE2_NEWLINE_ANYCRLF);
  // With the u flag JavaScript also reads \u{hhhh}.
  if (u_flag) pcre2_set_compile_extra_options(cc, PCRE2_EXTRA_ALT_BSUX);
  int code;
  PCRE2_SIZE offset;
  // DOLLAR_ENDONLY: JavaScript's $ (no m flag) matches only at the very end. ALT_BSUX: \uXXXX
  // escapes as in JavaScript. In UTF mode MATCH_INVALID_UTF: bytes that are not UTF-8 never
  // match.
  pcre2_code* re = compile_source(translated,
                                  PCRE2_DOLLAR_ENDONLY | PCRE2_ALT_BSUX | PCRE2_NEVER_BACKSLASH_C |
                                      (dialect == Dialect::AjvCaseless ? PCRE2_CASELESS : 0),
                                  code, offset, cc);
  pcre2_compile_context_free(cc);
  if (!re) {
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(code, msg, sizeof msg);
    error = reinterpret_cast<const char*>(msg);
    return nullptr;
  }
  pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);  // without a JIT, matching is interpreted
  std::shared_ptr<Pattern> p(new Pattern());
  p->source_ = source;
  p->dialect_ = dialect;
  p->code_ = re;
  return p;
}

bool Pattern::surely_invalid_in_javascript(const std::string& source) {
  int code;
  PCRE2_SIZE offset;
  const std::string translated = without_u_flag(source, false);  // "[]" is a class JavaScript reads
  pcre2_code* re = compile_source(translated, PCRE2_ALT_BSUX, code, offset, nullptr);
  if (re) {
    pcre2_code_free(re);
    return false;
  }
  switch (code) {
    case PCRE2_ERROR_END_BACKSLASH:
    case PCRE2_ERROR_QUANTIFIER_OUT_OF_ORDER:
    case PCRE2_ERROR_MISSING_SQUARE_BRACKET:
    case PCRE2_ERROR_CLASS_RANGE_ORDER:
    case PCRE2_ERROR_QUANTIFIER_INVALID:
    case PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS:
    case PCRE2_ERROR_UNMATCHED_CLOSING_PARENTHESIS: return true;
    default: return false;
  }
}

Pattern::Found Pattern::search(const char* s, size_t n, RegexBudget& budget) const {
  auto* re = static_cast<pcre2_code*>(code_);
  auto subject = reinterpret_cast<PCRE2_SPTR>(s);
  thread_local FirstRun first;
  if (!first.data || !first.context) return Found::Failed;
  Found f = found(pcre2_match(re, subject, n, 0, 0, first.data, first.context));
  // Over the free steps, or deeper than the default JIT stack: run again with more of both.
  if (f != Found::OverBudget && f != Found::OverStack) return f;
  thread_local LongRun run;
  if (!run.context) return Found::Failed;
  // Match data of its own: the interpreter keeps its backtracking frames (up to kHeapBytes)
  // in it, which the thread's would then hold until the thread ends.
  pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
  if (!data) return Found::Failed;
  uint64_t& spent = budget.spent();
  // Steps in proportion to the subject are not charged, so that a pattern that runs in linear
  // time passes on a string of any length; only the backtracking beyond them spends the call's
  // budget. A call's searches then take at most kSteps + kStepsPerByte steps per byte searched.
  uint64_t uncharged = n > UINT64_MAX / RegexBudget::kStepsPerByte ? UINT64_MAX : n * RegexBudget::kStepsPerByte;
  uint64_t limit = kFreeSteps;
  do {
    uint64_t left = RegexBudget::kSteps - std::min(spent, RegexBudget::kSteps);
    left = left > UINT64_MAX - uncharged ? UINT64_MAX : left + uncharged;
    limit = std::min({limit * 4, left, uint64_t{UINT32_MAX}});
    if (limit == 0) break;
    pcre2_set_match_limit(run.context, static_cast<uint32_t>(limit));
    f = found(pcre2_match(re, subject, n, 0, 0, data, run.context));
    uint64_t free_part = std::min(uncharged, limit);
    uncharged -= free_part;
    spent += limit - free_part;
  } while (f == Found::OverBudget);
  pcre2_match_data_free(data);
  return f;
}

std::string Pattern::limit_text(Found f) {
  switch (f) {
    case Found::OverBudget:
      return "exceeds the regex budget (" + std::to_string(RegexBudget::kSteps) + " backtracking steps)";
    case Found::OverStack: return "exceeds the regex JIT stack (" + std::to_string(kJitStackBytes >> 20) + " MiB)";
    case Found::OverHeap: return "exceeds the regex heap limit (" + std::to_string(kHeapBytes >> 20) + " MiB)";
    default: return "failed in PCRE2 (out of memory)";
  }
}

Pattern::~Pattern() { pcre2_code_free(static_cast<pcre2_code*>(code_)); }

}  // namespace sj::rt

namespace {

// A call's budget: its CallExtras, made when a search is first charged.
struct CallBudget final : sj::rt::RegexBudget {
  sj::rt::CallState& st;
  explicit CallBudget(sj::rt::CallState& s) : st(s) {}
  uint64_t& spent() override { return st.more().regex_steps; }
};

}  // namespace

extern "C" int32_t sj_pattern_search(SjCtx* ctx, int32_t index, const char* s, int64_t n, const char* path) {
  using sj::rt::Pattern;
  sj::rt::CallState& st = sj::rt::state(ctx);
  const Pattern& re = *st.spec->patterns[index];
  CallBudget budget(st);
  Pattern::Found f = re.search(s, static_cast<size_t>(n), budget);
  if (f == Pattern::Found::Yes || f == Pattern::Found::No) return f == Pattern::Found::Yes;
  sj::rt::fail(ctx, sj::rt::Failure::Regex, "regular expression /" + re.source() + "/ " + Pattern::limit_text(f), path);
  return 2;
}
