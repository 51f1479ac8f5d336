#include "runtime/pattern.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <cstring>

#include "runtime/call_state.h"

namespace sj::rt {
namespace {

// fjs builds `new RegExp(pattern.replace(/\\*\//g, '\\/'))`.
std::string as_fjs_compiles_it(const std::string& p) {
  std::string out;
  for (size_t i = 0; i < p.size();) {
    size_t j = i;
    while (j < p.size() && p[j] == '\\') ++j;
    if (j < p.size() && p[j] == '/') {
      out += "\\/";
      i = j + 1;
    } else {
      out.append(p, i, j - i + (j < p.size()));
      i = j + 1;
    }
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
  std::string translated = dialect == Dialect::Fjs ? as_fjs_compiles_it(source) : source;
  pcre2_compile_context* cc = pcre2_compile_context_create(nullptr);
  pcre2_set_newline(cc, PCRE2_NEWLINE_ANYCRLF);
  // With the u flag JavaScript also reads \u{hhhh}.
  if (dialect != Dialect::Fjs) pcre2_set_compile_extra_options(cc, PCRE2_EXTRA_ALT_BSUX);
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
