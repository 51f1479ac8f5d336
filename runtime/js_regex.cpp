#include "runtime/js_regex.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <set>
#include <string_view>
#include <vector>

#include "libregexp.h"
#include "runtime/utf16_units.h"
#include "runtime/wtf8.h"

namespace sj::rt {
namespace {

// What libregexp's hooks (below) see through its opaque pointer, while compiling or searching.
struct Hooks {
  const char* stack_base = nullptr;  // compiling: where the parser's recursion started
  RegexBudget* budget = nullptr;     // searching: the call's budget
  uint64_t uncharged = 0;            // steps of this search not charged to it
  RegexFound stopped = RegexFound::No;
};

// The parser recurses per group and class; a schema's pattern may nest thousands deep.
constexpr ptrdiff_t kParseStackBytes = 256 << 10;

// A slot per capture start and end, and per loop register: lre_get_alloc_count's most.
constexpr int kMaxSlots = 255 * 3;

// What V8 in Node 20, which fjs runs on, refuses and libregexp reads: pattern modifiers
// `(?i:...)` and a group name used twice (ES2025 syntax, newer than Node 20), and `\k` in a
// class of a pattern that has group names (there `\k` is no identity escape; libregexp takes
// it for 'k'). `why` is V8's reason, null when there is none; `at` where it is, with the groups
// open there and whether that is inside a class (to tell whether an error comes before it).
struct Node20Refusal {
  const char* why = nullptr;
  size_t at = 0;
  int open_groups = 0;
  bool in_class = false;
};

Node20Refusal refused_by_node20(std::string_view s) {
  // V8 looks for group names before it parses (outside classes and escapes): with any, every
  // `\k` is read as a reference.
  bool named = false, in_class = false;
  for (size_t i = 0; i + 3 < s.size() && !named; ++i) {
    if (s[i] == '\\') ++i;
    else if (in_class) in_class = s[i] != ']';
    else if (s[i] == '[') in_class = true;
    else named = s.compare(i, 3, "(?<") == 0 && s[i + 3] != '=' && s[i + 3] != '!';
  }
  std::set<std::string_view> names;
  Node20Refusal r;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    r.at = i;
    if (c == '\\') {
      if (r.in_class && named && i + 1 < s.size() && s[i + 1] == 'k') return r.why = "Invalid escape", r;
      ++i;
    } else if (r.in_class) {
      r.in_class = c != ']';
    } else if (c == '[') {
      r.in_class = true;
    } else if (c == ')') {
      r.open_groups -= r.open_groups > 0;
    } else if (c == '(') {
      char kind = i + 2 < s.size() && s[i + 1] == '?' ? s[i + 2] : 0;
      if (kind == 'i' || kind == 'm' || kind == 's' || kind == '-') return r.why = "Invalid group", r;
      if (kind == '<' && i + 3 < s.size() && s[i + 3] != '=' && s[i + 3] != '!') {
        size_t close = s.find('>', i + 3);
        if (close != std::string_view::npos) {  // else libregexp refuses it
          if (!names.insert(s.substr(i + 3, close - i - 3)).second) return r.why = "Duplicate capture group name", r;
        }
      }
      ++r.open_groups;
    }
  }
  return Node20Refusal{};
}

// Without the u flag JavaScript reads a pattern as UTF-16 units, and libregexp takes such a
// source as QuickJS hands it over (CESU-8): a character above U+FFFF as its two surrogates,
// each in three bytes, not as one four-byte sequence (which it refuses).
std::string as_cesu8(std::string_view source) {
  std::string out;
  auto p = reinterpret_cast<const unsigned char*>(source.data());
  auto end = p + source.size();
  while (p < end) {
    const unsigned char* at = p;
    uint32_t c = next_code_point(p, end);
    if (c < 0x10000) {
      out.append(reinterpret_cast<const char*>(at), static_cast<size_t>(p - at));
      continue;
    }
    char units[6];
    wtf8_surrogate(0xD800 + ((c - 0x10000) >> 10), units);
    wtf8_surrogate(0xDC00 + (c & 0x3FF), units + 3);
    out.append(units, 6);
  }
  return out;
}

// Without the u flag (Annex B) a '{' that does not start a whole quantifier ({n}, {n,},
// {n,m}) is itself: V8 reads `a{2,1` as that text. libregexp checks the counts' order before
// it looks for the '}', and refuses it; escaping such braces gives it the same reading.
std::string_view literal_braces(std::string_view s, std::string& storage) {
  if (s.find('{') == std::string_view::npos) return s;
  auto whole_quantifier = [&](size_t i) {  // s[i] == '{'
    size_t j = i + 1, digits = j;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    if (j == digits) return false;
    if (j < s.size() && s[j] == ',')
      for (++j; j < s.size() && s[j] >= '0' && s[j] <= '9';) ++j;
    return j < s.size() && s[j] == '}';
  };
  storage.clear();
  bool in_class = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\' && i + 1 < s.size()) {
      storage.append(s.substr(i, 2));
      ++i;
      continue;
    }
    if (in_class) in_class = c != ']';
    else if (c == '[') in_class = true;
    else if (c == '{' && !whole_quantifier(i)) storage.push_back('\\');
    storage.push_back(c);
  }
  return storage;
}

}  // namespace

std::string regex_limit_text(RegexFound f) {
  switch (f) {
    case RegexFound::OverBudget:
      return "exceeds the regex budget (" + std::to_string(RegexBudget::kSteps) + " backtracking steps)";
    case RegexFound::OverHeap: return "exceeds the regex heap limit (" + std::to_string(kRegexHeapBytes >> 20) + " MiB)";
    default: return "failed (out of memory, or a subject of 2^30 characters or more)";
  }
}

std::unique_ptr<JsRegex> JsRegex::compile(std::string_view source, int flags, std::string& error) {
  std::string decoded;
  source = well_formed(source, decoded);  // bytes that are not UTF-8: U+FFFD, as a JavaScript host reads them
  if (Node20Refusal r = refused_by_node20(source); r.why) {
    // V8 reports the first error: one libregexp finds before that point (the source up to
    // there, its class and groups closed) comes first.
    std::string before(source.substr(0, r.at));
    before += r.in_class ? "]" : "";
    before.append(static_cast<size_t>(r.open_groups), ')');
    if (!compile_source(before, flags, error)) return nullptr;
    error = r.why;
    return nullptr;
  }
  return compile_source(source, flags, error);
}

std::unique_ptr<JsRegex> JsRegex::compile_source(std::string_view source, int flags, std::string& error) {
  Hooks hooks;
  // The machine stack's frame, not a local's address: ASan may keep locals on a fake stack.
  hooks.stack_base = static_cast<const char*>(__builtin_frame_address(0));
  std::string cesu8, braces;
  if (!(flags & kUnicode)) {
    if (!is_ascii(source.data(), source.size())) source = cesu8 = as_cesu8(source);
    source = literal_braces(source, braces);
  }
  // libregexp reads the source up to its NUL (the terminator must be there) and stops at an
  // earlier one: JavaScript reads a NUL in a pattern as itself, written \x00 here.
  std::string text;
  text.reserve(source.size() + 1);
  size_t backslashes = 0;  // the run just before, to tell `\<NUL>` (an escape of it) apart
  for (char c : source) {
    if (c) {
      text.push_back(c);
      backslashes = c == '\\' ? backslashes + 1 : 0;
      continue;
    }
    if (backslashes % 2 == 1) {  // `\<NUL>`: an identity escape of NUL, which the u flag refuses
      if (flags & kUnicode) {
        error = "invalid escape sequence in regular expression";
        return nullptr;
      }
      text.pop_back();
    }
    text.append("\\x00");
    backslashes = 0;
  }
  int re_flags = (flags & kUnicode ? LRE_FLAG_UNICODE : 0) | (flags & kIgnoreCase ? LRE_FLAG_IGNORECASE : 0);
  char message[128];
  int length = 0;
  uint8_t* bytecode = lre_compile(&length, message, sizeof message, text.c_str(), text.size(), re_flags, &hooks);
  if (!bytecode) {
    error = message;
    return nullptr;
  }
  std::unique_ptr<JsRegex> re(new JsRegex());
  re->bytecode_ = bytecode;
  return re;
}

bool JsRegex::beyond_limits(const std::string& error) {
  return error == "too many captures" || error == "too many imbricated quantifiers" || error == "stack overflow" ||
         error == "out of memory" || error == "too many ranges" || error == "too many named groups";
}

RegexFound JsRegex::search(const char* s, size_t n, RegexBudget& budget) const {
  if (!s) s = "";  // an empty view's null: libregexp adds to the pointer it is given
  Hooks hooks;
  hooks.budget = &budget;
  hooks.uncharged = n > UINT64_MAX / RegexBudget::kStepsPerUnit ? UINT64_MAX : n * RegexBudget::kStepsPerUnit;
  uint8_t* slots[kMaxSlots];
  int rc;
  if (is_ascii(s, n)) {  // Latin-1 units, read in place
    if (n > INT_MAX) return RegexFound::Failed;
    rc = lre_exec(slots, bytecode_, reinterpret_cast<const uint8_t*>(s), 0, static_cast<int>(n), 0, &hooks);
  } else {
    // The thread's units (at most as many as bytes), kept for its next non-ASCII subject up
    // to kKeptUnits. libregexp computes the end in int bytes: at most INT_MAX / 2 units.
    constexpr size_t kKeptUnits = size_t{1} << 19;
    thread_local std::vector<uint16_t> units;
    if (n > INT_MAX / 2) return RegexFound::Failed;
    try {
      if (units.size() < n) units.resize(n);
    } catch (const std::bad_alloc&) {
      return RegexFound::Failed;
    }
    size_t count = utf16_units(s, n, units.data());
    rc = lre_exec(slots, bytecode_, reinterpret_cast<const uint8_t*>(units.data()), 0, static_cast<int>(count), 1, &hooks);
    if (units.size() > kKeptUnits) std::vector<uint16_t>().swap(units);
  }
  if (rc == 1) return RegexFound::Yes;
  if (rc == 0) return RegexFound::No;
  return hooks.stopped != RegexFound::No ? hooks.stopped : RegexFound::Failed;
}

JsRegex::~JsRegex() { std::free(bytecode_); }

}  // namespace sj::rt

// libregexp's hooks, which the embedder provides (libregexp.h).
extern "C" {

bool lre_check_stack_overflow(void* opaque, size_t alloca_size) {
  auto* hooks = static_cast<sj::rt::Hooks*>(opaque);
  if (!hooks || !hooks->stack_base) return false;
  auto here = static_cast<const char*>(__builtin_frame_address(0));
  return hooks->stack_base - here + static_cast<ptrdiff_t>(alloca_size) > sj::rt::kParseStackBytes;
}

// Called every kStepsPerPoll steps of a search: charges them, past the subject's uncharged
// ones, and stops the search when the budget is spent.
int lre_check_timeout(void* opaque) {
  auto* hooks = static_cast<sj::rt::Hooks*>(opaque);
  if (!hooks || !hooks->budget) return 0;
  uint64_t steps = sj::rt::RegexBudget::kStepsPerPoll;
  uint64_t free_part = std::min(hooks->uncharged, steps);
  hooks->uncharged -= free_part;
  uint64_t& spent = hooks->budget->spent();
  spent += steps - free_part;
  if (spent <= sj::rt::RegexBudget::kSteps) return 0;
  hooks->stopped = sj::rt::RegexFound::OverBudget;
  return 1;
}

// The bytecode, the parser's buffers and a search's backtracking stack, each one block.
void* lre_realloc(void* opaque, void* ptr, size_t size) {
  if (size == 0) {
    std::free(ptr);
    return nullptr;
  }
  auto* hooks = static_cast<sj::rt::Hooks*>(opaque);
  if (size > sj::rt::kRegexHeapBytes) {
    if (hooks) hooks->stopped = sj::rt::RegexFound::OverHeap;
    return nullptr;
  }
  return std::realloc(ptr, size);
}

}  // extern "C"
