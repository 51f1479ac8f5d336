#include "ir/unicode_regexp.h"

#include <cstring>
#include <regex>
#include <set>
#include <vector>

#include "runtime/js_regex.h"

namespace sj::ir {
namespace {

// The messages are V8's (src/regexp/regexp-error.h), checked against Node 20 for each rule
// below (tests/unicode_regexp_test.cpp, and through fjs tests/conformance/patterns.jsonl).
constexpr const char* kInvalidEscape = "Invalid escape";
constexpr const char* kInvalidClassEscape = "Invalid class escape";
constexpr const char* kInvalidUnicodeEscape = "Invalid Unicode escape";

bool is_digit(char c) { return c >= '0' && c <= '9'; }
int hex_value(char c) {
  if (is_digit(c)) return c - '0';
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') return (c | 0x20) - 'a' + 10;
  return -1;
}
bool is_hex(char c) { return hex_value(c) >= 0; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// What the u flag lets a backslash escape besides the named escapes: SyntaxCharacter and '/'.
bool is_syntax_character(char c) { return c && std::strchr("^$\\.*+?()[]{}|/", c); }

// The index after the character that starts at s[i] (a UTF-8 sequence whole).
size_t after_char(const std::string& s, size_t i) {
  for (++i; i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;) ++i;
  return i;
}

// A group name: an identifier (ASCII letters, '$', '_', digits after the first; any
// non-ASCII character taken as an identifier character).
bool is_group_name(const std::string& name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool ok = is_letter(c) || c == '$' || c == '_' || (i > 0 && is_digit(c)) || static_cast<unsigned char>(c) >= 0x80;
    if (!ok) return false;
  }
  return true;
}

// The capturing groups of a source (V8 counts them before it reads a back reference).
struct Groups {
  size_t count = 0;
  std::set<std::string> names;
};

Groups capture_groups(const std::string& s) {
  Groups g;
  bool in_class = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') ++i;
    else if (in_class) in_class = c != ']';
    else if (c == '[') in_class = true;
    else if (c == '(' && s.compare(i + 1, 1, "?") != 0) ++g.count;
    else if (c == '(' && s.compare(i + 1, 2, "?<") == 0 && i + 3 < s.size() && s[i + 3] != '=' && s[i + 3] != '!') {
      ++g.count;
      size_t close = s.find('>', i + 3);
      if (close != std::string::npos) g.names.insert(s.substr(i + 3, close - i - 3));
    }
  }
  return g;
}

// Whether a `\k<name>` outside classes names no group. V8 checks the names after the parse,
// so any other error comes first.
bool unknown_named_reference(const std::string& s, const Groups& groups) {
  bool in_class = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') {
      if (!in_class && s.compare(i + 1, 2, "k<") == 0) {
        size_t close = s.find('>', i + 3);
        if (close != std::string::npos && !groups.names.count(s.substr(i + 3, close - i - 3))) return true;
      }
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
    }
  }
  return false;
}

// The end of an interval quantifier "{n}", "{n,}", "{n,m}" starting at s[i] == '{', or npos.
size_t interval_end(const std::string& s, size_t i) {
  size_t j = i + 1;
  auto digits = [&] {
    size_t from = j;
    while (j < s.size() && is_digit(s[j])) ++j;
    return j > from;
  };
  if (!digits()) return std::string::npos;
  if (j < s.size() && s[j] == ',') {
    ++j;
    digits();
  }
  return j < s.size() && s[j] == '}' ? j + 1 : std::string::npos;
}

// Whether \p{name} names a property, by libregexp's Unicode tables.
bool valid_property(const std::string& name) {
  std::string error;
  return !name.empty() && rt::JsRegex::compile("\\p{" + name + "}", rt::JsRegex::kUnicode, error) != nullptr;
}

// One escape at s[i] == '\\'. Returns V8's reason when the u flag refuses it, else "" with
// `next` past it and `class_escape` set for \d \D \s \S \w \W \p \P (no end of a class range).
std::string escape_error(const std::string& s, size_t i, bool in_class, const Groups& groups, size_t& next,
                         bool& class_escape) {
  class_escape = false;
  next = i + 2;
  if (i + 1 >= s.size()) {  // a trailing backslash: both grammars refuse it (the meta-schema's)
    next = s.size();
    return "";
  }
  char c = s[i + 1];
  char after = i + 2 < s.size() ? s[i + 2] : '\0';
  switch (c) {
    case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
      class_escape = true;
      return "";
    case 'f': case 'n': case 'r': case 't': case 'v': case 'b': return "";
    case 'B': return in_class ? kInvalidEscape : "";
    case '-': return in_class ? "" : kInvalidEscape;
    case 'c':
      if (!is_letter(after)) return kInvalidUnicodeEscape;
      next = i + 3;
      return "";
    case 'x':
      if (!is_hex(after) || i + 3 >= s.size() || !is_hex(s[i + 3])) return kInvalidEscape;
      next = i + 4;
      return "";
    case 'u': {
      if (after == '{') {  // \u{hhh}: a code point up to U+10FFFF
        size_t close = s.find('}', i + 3);
        if (close == std::string::npos || close == i + 3) return kInvalidUnicodeEscape;
        unsigned long value = 0;
        for (size_t j = i + 3; j < close; ++j) {
          if (!is_hex(s[j])) return kInvalidUnicodeEscape;
          value = value * 16 + static_cast<unsigned long>(hex_value(s[j]));
          if (value > 0x10FFFF) return kInvalidUnicodeEscape;
        }
        next = close + 1;
        return "";
      }
      for (size_t j = i + 2; j < i + 6; ++j)
        if (j >= s.size() || !is_hex(s[j])) return kInvalidUnicodeEscape;
      next = i + 6;
      return "";
    }
    case 'p': case 'P': {
      const char* why = in_class ? "Invalid property name in character class" : "Invalid property name";
      size_t close = after == '{' ? s.find('}', i + 3) : std::string::npos;
      if (close == std::string::npos || !valid_property(s.substr(i + 3, close - i - 3))) return why;
      next = close + 1;
      class_escape = true;
      return "";
    }
    case 'k': {
      if (in_class) return kInvalidEscape;
      if (after != '<') return "Invalid named reference";
      size_t close = s.find('>', i + 3);
      std::string name = close == std::string::npos ? "" : s.substr(i + 3, close - i - 3);
      if (!is_group_name(name)) return "Invalid capture group name";
      next = close + 1;  // a name no group has: an error V8 reports after the parse (unicode_regexp_error)
      return "";
    }
    case '0':
      if (is_digit(after)) return in_class ? kInvalidClassEscape : "Invalid decimal escape";
      return "";
    default: break;
  }
  if (is_digit(c)) {  // 1-9: a back reference to a group that exists
    if (in_class) return c <= '7' ? kInvalidClassEscape : kInvalidEscape;  // \8 and \9 are no octal escapes
    size_t j = i + 1, index = 0;
    while (j < s.size() && is_digit(s[j]) && index <= groups.count) index = index * 10 + static_cast<size_t>(s[j++] - '0');
    if (index > groups.count) return kInvalidEscape;
    next = j;
    return "";
  }
  return is_syntax_character(c) ? "" : kInvalidEscape;
}

// One class atom at s[i] (an escape or a character, a UTF-8 sequence whole).
std::string class_atom(const std::string& s, size_t i, const Groups& groups, size_t& next, bool& class_escape) {
  if (s[i] == '\\') return escape_error(s, i, true, groups, next, class_escape);
  class_escape = false;
  next = after_char(s, i);
  return "";
}

}  // namespace

std::string unicode_regexp_error(const std::string& s) {
  const Groups groups = capture_groups(s);
  std::vector<bool> lookarounds;  // per open group: whether it is a lookaround
  bool quantifiable = false;    // the last term is an atom
  bool after_lookaround = false;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    bool closed_lookaround = false;
    if (c == '\\') {
      size_t next;
      bool class_escape;
      if (std::string why = escape_error(s, i, false, groups, next, class_escape); !why.empty()) return why;
      quantifiable = s[i + 1] != 'b' && s[i + 1] != 'B';  // \b and \B are assertions
      i = next;
    } else if (c == '[') {
      size_t j = i + 1 + (i + 1 < s.size() && s[i + 1] == '^');
      while (j < s.size() && s[j] != ']') {
        size_t next;
        bool low_is_class;
        if (std::string why = class_atom(s, j, groups, next, low_is_class); !why.empty()) return why;
        j = next;
        if (j + 1 < s.size() && s[j] == '-' && s[j + 1] != ']') {  // a range
          bool high_is_class;
          if (std::string why = class_atom(s, j + 1, groups, next, high_is_class); !why.empty()) return why;
          if (low_is_class || high_is_class) return "Invalid character class";
          j = next;
        }
      }
      i = j + 1;
      quantifiable = true;
    } else if (c == '(') {
      bool around = s.compare(i, 3, "(?=") == 0 || s.compare(i, 3, "(?!") == 0 || s.compare(i, 4, "(?<=") == 0 ||
                    s.compare(i, 4, "(?<!") == 0;
      lookarounds.push_back(around);
      i += around ? (s[i + 2] == '<' ? 4 : 3) : s.compare(i, 3, "(?:") == 0 ? 3 : 1;
      if (!around && s.compare(i, 2, "?<") == 0) {  // a named group: past its name
        size_t close = s.find('>', i);
        i = close == std::string::npos ? s.size() : close + 1;
      }
      quantifiable = false;
    } else if (c == ')') {
      closed_lookaround = !lookarounds.empty() && lookarounds.back();
      if (!lookarounds.empty()) lookarounds.pop_back();
      quantifiable = !closed_lookaround;
      ++i;
    } else if (c == '*' || c == '+' || c == '?' || c == '{') {
      size_t end = c == '{' ? interval_end(s, i) : i + 1;
      if (after_lookaround && end != std::string::npos) return "Invalid quantifier";
      if (!quantifiable) return c != '{' || end != std::string::npos ? "Nothing to repeat" : "Lone quantifier brackets";
      if (end == std::string::npos) return "Incomplete quantifier";
      i = end + (end < s.size() && s[end] == '?');  // a lazy quantifier
      quantifiable = false;
    } else if (c == '}' || c == ']') {
      return "Lone quantifier brackets";
    } else {
      quantifiable = c != '|' && c != '^' && c != '$';
      i = after_char(s, i);
    }
    after_lookaround = closed_lookaround;
  }
  return unknown_named_reference(s, groups) ? "Invalid named capture referenced" : "";
}

namespace {

// Where a lookbehind group, (?<=...) or (?<!...), is first followed by a quantifier, with the
// groups still open there; npos when none is.
size_t quantified_lookbehind(const std::string& s, size_t& open_groups) {
  std::vector<bool> lookbehinds;  // the open groups: which are lookbehinds
  bool in_class = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
    } else if (c == '(') {
      lookbehinds.push_back(s.compare(i, 4, "(?<=") == 0 || s.compare(i, 4, "(?<!") == 0);
    } else if (c == ')' && !lookbehinds.empty()) {
      bool closed_lookbehind = lookbehinds.back();
      lookbehinds.pop_back();
      if (closed_lookbehind && i + 1 < s.size() && std::strchr("*+?{", s[i + 1])) {
        open_groups = lookbehinds.size();
        return i + 1;
      }
    }
  }
  return std::string::npos;
}

}  // namespace

std::string regexp_refusal(const std::string& source) {
  std::string error;
  if (rt::JsRegex::compile(source, 0, error) || rt::JsRegex::beyond_limits(error)) return "";
  if (error == "unexpected end") {  // of a class, or after a backslash
    size_t run = source.size() - source.find_last_not_of('\\') - 1;
    return run % 2 == 1 ? "\\ at end of pattern" : "Unterminated character class";
  }
  if (error == "group name not defined") {
    // V8 checks the names after the parse: any other error comes first. Without the
    // references (each made an empty group), the source shows it.
    std::string without = std::regex_replace(source, std::regex(R"(\\k<[^>]*>)"), "(?:)");
    if (without != source) {
      std::string other = regexp_refusal(without);
      if (!other.empty()) return other;
    }
    return "Invalid named capture referenced";
  }
  if (error == "nothing to repeat") {  // V8 says "Invalid quantifier" of a quantified lookbehind
    size_t open_groups = 0, at = quantified_lookbehind(source, open_groups);
    if (at == std::string::npos) return "Nothing to repeat";
    // whose counts it reads first
    if (size_t close = source.find('}', at); source[at] == '{' && close != std::string::npos) {
      std::string counts = source.substr(at + 1, close - at - 1);
      size_t comma = counts.find(',');
      auto number = [](std::string d) {  // digits without leading zeros, or "" when not a count
        if (d.empty() || d.find_first_not_of("0123456789") != std::string::npos) return std::string();
        d.erase(0, std::min(d.find_first_not_of('0'), d.size() - 1));
        return d;
      };
      std::string low = number(counts.substr(0, comma)), high = comma == std::string::npos ? "" : number(counts.substr(comma + 1));
      if (!low.empty() && !high.empty() && (low.size() != high.size() ? low.size() > high.size() : low > high))
        return "numbers out of order in {} quantifier";
    }
    // Unless a quantifier with nothing to repeat comes before it.
    std::string before = source.substr(0, at) + std::string(open_groups, ')');
    return rt::JsRegex::compile(before, 0, error) || error != "nothing to repeat" ? "Invalid quantifier" : "Nothing to repeat";
  }
  const std::pair<const char*, const char*> v8_words[] = {
      {"expecting ')'", "Unterminated group"},
      {"extraneous characters at the end", "Unmatched ')'"},
      {"invalid repetition count", "numbers out of order in {} quantifier"},
      {"invalid class range", "Range out of order in character class"},
      {"invalid group", "Invalid group"},
      {"invalid group name", "Invalid capture group name"},
      {"expecting group name", "Invalid named reference"},
      {"duplicate group name", "Duplicate capture group name"},  // names written with escapes
  };
  for (const auto& [ours, v8] : v8_words)
    if (error == ours) return v8;
  return error;  // V8's own words already (ir/js_regex.cpp's refusals), or libregexp's
}

std::string unicode_regexp_refusal(const std::string& source) {
  std::string error;
  if (rt::JsRegex::compile(source, rt::JsRegex::kUnicode, error) || rt::JsRegex::beyond_limits(error)) return "";
  if (std::string why = unicode_regexp_error(source); !why.empty()) return why;
  // libregexp's reasons for what the rules above do not read, as V8 words them.
  const std::pair<const char*, const char*> v8_words[] = {
      {"unknown unicode property name", "Invalid property name"},
      {"unknown unicode property value", "Invalid property name"},
      {"unknown unicode script", "Invalid property name"},
      {"unknown unicode general category", "Invalid property name"},
      {"invalid escape sequence in regular expression", "Invalid escape"},
      {"invalid decimal escape in regular expression", "Invalid decimal escape"},
      {"invalid class range", "Invalid character class"},
      {"nothing to repeat", "Nothing to repeat"},
      {"expecting ')'", "Unterminated group"},
      {"invalid group name", "Invalid capture group name"},
      {"duplicate group name", "Duplicate capture group name"},
      {"group name not defined", "Invalid named capture referenced"},
  };
  for (const auto& [ours, v8] : v8_words)
    if (error == ours) return v8;
  return error;
}

}  // namespace sj::ir
