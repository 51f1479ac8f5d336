#include "runtime/pattern.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <cstring>

#include "runtime/call_state.h"

namespace sj::rt {
namespace {

// Letters JavaScript's RegExp without the u flag reads as themselves after a backslash (its
// identity escapes: `\p{L}` is "p{L}", `\a` is "a"), where PCRE2 gives most of them a meaning
// (a property, BEL, ESC, a horizontal space class, an anchor...). The others keep their
// escape: classes (d D s S w W), b B, controls (f n r t, c), x, u, k.
bool identity_escape(char c) {
  return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) && !std::strchr("dDsSwWbBfnrtvcxuk", c);
}

// A source as JavaScript's RegExp without the u flag reads it, for PCRE2: identity escapes
// lose their backslash and \v is the vertical tab. fjs builds
// `new RegExp(pattern.replace(/\\*\//g, '\\/'))` (`fjs_slashes`): a run of backslashes before a
// '/' becomes one escape of it.
std::string without_u_flag(const std::string& p, bool fjs_slashes) {
  std::string out;
  for (size_t i = 0; i < p.size();) {
    size_t j = i;
    while (j < p.size() && p[j] == '\\') ++j;
    if (fjs_slashes && j < p.size() && p[j] == '/') {
      out += "\\/";
      i = j + 1;
      continue;
    }
    size_t run = j - i;
    out.append(run & ~size_t{1}, '\\');  // pairs: escaped backslashes
    if (j == p.size()) {
      if (run & 1) out += '\\';  // a trailing backslash: an error either way
      break;
    }
    char c = p[j];
    if (!(run & 1)) out += c;
    else if (identity_escape(c)) out += c;
    else if (c == 'v') out += "\\x0b";
    else (out += '\\') += c;
    i = j + 1;
  }
  return out;
}

// Match data sized for a yes/no answer, one per thread (pcre2_match_data is not shareable).
struct MatchData {
  pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
  ~MatchData() { pcre2_match_data_free(data); }
};

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
  // escapes as in JavaScript. MATCH_INVALID_UTF: bytes that are not UTF-8 never match.
  pcre2_code* re = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(translated.data()), translated.size(),
                                 PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_ALT_BSUX |
                                     PCRE2_NEVER_BACKSLASH_C | (dialect == Dialect::AjvCaseless ? PCRE2_CASELESS : 0),
                                 &code, &offset, cc);
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
  pcre2_code* re = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source.data()), source.size(),
                                 PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_ALT_BSUX, &code, &offset, nullptr);
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

bool Pattern::search(const char* s, size_t n) const {
  thread_local MatchData md;
  int rc = pcre2_match(static_cast<pcre2_code*>(code_), reinterpret_cast<PCRE2_SPTR>(s), n, 0, 0, md.data, nullptr);
  return rc >= 0;
}

Pattern::~Pattern() { pcre2_code_free(static_cast<pcre2_code*>(code_)); }

}  // namespace sj::rt

extern "C" int32_t sj_pattern_search(SjCtx* ctx, int32_t index, const char* s, int64_t n) {
  return sj::rt::state(ctx).spec->patterns[index]->search(s, static_cast<size_t>(n)) ? 1 : 0;
}
