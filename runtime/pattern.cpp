#include "runtime/pattern.h"

#include "runtime/call_state.h"

namespace sj::rt {
namespace {

// fjs builds `new RegExp(pattern.replace(/\\*\//g, '\\/'))`: a run of backslashes (maybe none)
// before a '/' becomes one escaped '/'.
std::string fjs_slashes(const std::string& p) {
  std::string out;
  out.reserve(p.size());
  size_t run = 0;
  for (char c : p) {
    if (c == '\\') {
      ++run;
      continue;
    }
    if (c == '/') out += "\\/";
    else out.append(run, '\\') += c;
    run = 0;
  }
  out.append(run, '\\');
  return out;
}

int flags_of(Pattern::Dialect d) {
  switch (d) {
    case Pattern::Dialect::Ajv: return JsRegex::kUnicode;
    case Pattern::Dialect::AjvCaseless: return JsRegex::kUnicode | JsRegex::kIgnoreCase;
    default: return 0;
  }
}

}  // namespace

std::shared_ptr<const Pattern> Pattern::compile(const std::string& source, std::string& error, Dialect dialect) {
  const std::string text = dialect == Dialect::Fjs ? fjs_slashes(source) : source;
  const int flags = flags_of(dialect);
  auto regex = JsRegex::compile(text, flags, error);
  if (!regex) return nullptr;
  auto p = std::make_shared<Pattern>();
  p->source_ = source;
  p->dialect_ = dialect;
  p->regex_ = std::move(regex);
  // Only once libregexp took it: the automaton's parser trusts the grammar was checked.
  if (!(flags & JsRegex::kIgnoreCase)) p->simple_ = SimpleRegex::compile(text, flags & JsRegex::kUnicode);
  return p;
}

bool Pattern::valid_in_javascript(const std::string& source) {
  std::string error;
  return JsRegex::compile(source, 0, error) != nullptr || JsRegex::beyond_limits(error);
}

Pattern::Found Pattern::search(const char* s, size_t n, RegexBudget& budget) const {
  if (simple_) return simple_->search(s, n) ? Found::Yes : Found::No;
  return regex_->search(s, n, budget);
}

FirstBytes Pattern::first_bytes() const { return simple_ ? simple_->first_bytes() : FirstBytes{}; }
std::optional<LiteralShape> Pattern::literal_shape() const { return simple_ ? simple_->literal_shape() : std::nullopt; }

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
