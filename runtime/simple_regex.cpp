#include "runtime/simple_regex.h"

#include <algorithm>

#include "runtime/member_index.h"
#include "runtime/utf16_units.h"

namespace sj::rt {
namespace {

using Range = SimpleRegex::Range;
using Ranges = std::vector<Range>;

constexpr uint32_t kMaxCodePoint = 0x10FFFF;
constexpr int kMaxPositions = 64;  // one uint64_t

// JavaScript's character class escapes (ECMA-262 CharacterClassEscape, no i flag): \s is
// WhiteSpace and LineTerminator, \d and \w are ASCII only, with or without the u flag.
const Ranges kSpace = {{0x09, 0x0D}, {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
                       {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};
const Ranges kDigit = {{'0', '9'}};
const Ranges kWord = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
// What `.` does not match (no s flag).
const Ranges kLineTerminator = {{0x0A, 0x0A}, {0x0D, 0x0D}, {0x2028, 0x2029}};

Ranges normalized(Ranges r) {
  std::sort(r.begin(), r.end(), [](const Range& a, const Range& b) { return a.lo < b.lo; });
  Ranges out;
  for (const Range& x : r) {
    if (!out.empty() && x.lo <= out.back().hi + 1) out.back().hi = std::max(out.back().hi, x.hi);
    else out.push_back(x);
  }
  return out;
}

// Over every code point, surrogates included: without the u flag no unit exceeds U+FFFF, so
// the same set serves both modes.
Ranges complement(const Ranges& sorted) {
  Ranges out;
  uint32_t next = 0;
  for (const Range& x : sorted) {
    if (x.lo > next) out.push_back({next, x.lo - 1});
    next = x.hi + 1;
  }
  if (next <= kMaxCodePoint) out.push_back({next, kMaxCodePoint});
  return out;
}

bool contains(const Ranges& sorted, uint32_t c) {
  // The first range ending at or after c (negated classes such as [^@\s] hold a dozen).
  auto x = std::lower_bound(sorted.begin(), sorted.end(), c, [](const Range& r, uint32_t v) { return r.hi < v; });
  return x != sorted.end() && x->lo <= c;
}

// Bits 0..k-1.
uint64_t low_bits(int k) { return k >= 64 ? ~uint64_t{0} : (uint64_t{1} << k) - 1; }

bool is_surrogate(uint32_t c) { return c >= 0xD800 && c <= 0xDFFF; }

// The subject's next code point: a WTF-8 high surrogate and a low one right after it are one,
// as the two UTF-16 units JavaScript holds for them are.
uint32_t read_character(const unsigned char*& p, const unsigned char* end) {
  uint32_t c = next_code_point(p, end);
  if (c < 0xD800 || c > 0xDBFF || p == end) return c;
  const unsigned char* q = p;
  uint32_t low = next_code_point(q, end);
  if (low < 0xDC00 || low > 0xDFFF) return c;
  p = q;
  return 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
}

// An atom and its quantifier: min..max copies, max -1 when unbounded.
struct Item {
  Ranges ranges;
  int min = 1, max = 1;
};

// The subset's grammar. Declines (returns false) on anything outside it; never has to report
// an error, as libregexp has already accepted the source.
class Parser {
 public:
  Parser(std::string_view s, bool unicode) : s_(s), unicode_(unicode) {}

  bool parse(std::vector<Item>& items, bool& caret, bool& dollar) {
    caret = more() && peek() == '^';
    if (caret) ++i_;
    int positions = 0;
    while (more()) {
      char c = peek();
      if (c == '$') {  // only as the last character: elsewhere it is an assertion mid-pattern
        dollar = true;
        return ++i_ == s_.size();
      }
      Item item;
      bool is_set = false;
      if (c == '.') ++i_, item.ranges = complement(kLineTerminator);
      else if (c == '[') {
        if (!char_class(item.ranges)) return false;
      } else if (c == '\\') {
        if (!escape(item.ranges, false, is_set)) return false;
      } else if (std::string_view("^*+?()]{}|").find(c) != std::string_view::npos) {
        return false;  // a group, an alternation, a misplaced ^, Annex B's literal ] { }
      } else if (!literal(item.ranges)) {
        return false;
      }
      if (!quantifier(item.min, item.max)) return false;
      positions += item.max < 0 ? std::max(item.min, 1) : item.max;
      if (positions > kMaxPositions) return false;
      items.push_back(std::move(item));
    }
    return true;
  }

 private:
  bool more() const { return i_ < s_.size(); }
  char peek() const { return s_[i_]; }

  // One character of the source as written (UTF-8).
  bool literal(Ranges& out) {
    auto start = reinterpret_cast<const unsigned char*>(s_.data()) + i_;
    auto p = start;
    uint32_t c = next_code_point(p, reinterpret_cast<const unsigned char*>(s_.data()) + s_.size());
    if (p - start == 1 && *start >= 0x80) return false;  // not UTF-8: how libregexp reads it is its business
    if (is_surrogate(c)) return false;                   // WTF-8 in a source: it might pair with its neighbour
    if (!unicode_ && c > 0xFFFF) return false;           // two units without the u flag: two atoms
    i_ += static_cast<size_t>(p - start);
    out = {{c, c}};
    return true;
  }

  // After the backslash. `is_set` when it is a class escape (\d \w \s and complements).
  bool escape(Ranges& out, bool in_class, bool& is_set) {
    ++i_;
    if (!more()) return false;
    char c = s_[i_++];
    is_set = std::string_view("dDwWsS").find(c) != std::string_view::npos;
    uint32_t v = 0;
    switch (c) {
      case 'd': out = kDigit; return true;
      case 'D': out = complement(kDigit); return true;
      case 'w': out = kWord; return true;
      case 'W': out = complement(kWord); return true;
      case 's': out = kSpace; return true;
      case 'S': out = complement(kSpace); return true;
      case 't': v = '\t'; break;
      case 'n': v = '\n'; break;
      case 'v': v = '\v'; break;
      case 'f': v = '\f'; break;
      case 'r': v = '\r'; break;
      case '0':  // \0 then a digit is Annex B's octal (or an error with u)
        if (more() && peek() >= '0' && peek() <= '9') return false;
        break;
      case 'x':
        if (!hex(2, v)) return false;
        break;
      case 'u':
        if (!(more() && peek() == '{' ? unicode_ && braced_hex(v) : hex(4, v)) || is_surrogate(v)) return false;
        break;
      case '-':  // an identity escape only in a class (with the u flag)
        if (!in_class) return false;
        v = '-';
        break;
      default:  // identity escapes of syntax characters; any other is Annex B's or a feature
        if (c == '\0' || std::string_view("^$\\.*+?()[]{}|/").find(c) == std::string_view::npos) return false;
        v = static_cast<unsigned char>(c);
    }
    out = {{v, v}};
    return true;
  }

  bool hex(int digits, uint32_t& v) {
    v = 0;
    for (int k = 0; k < digits; ++k, ++i_) {
      int d = more() ? hex_digit(peek()) : -1;
      if (d < 0) return false;  // Annex B reads \x4 or \u12 as literal letters: decline
      v = v << 4 | static_cast<uint32_t>(d);
    }
    return true;
  }

  // \u{...} with the u flag: any number of digits, at most U+10FFFF.
  bool braced_hex(uint32_t& v) {
    v = 0;
    size_t first = ++i_;
    for (int d; more() && (d = hex_digit(peek())) >= 0; ++i_) {
      v = v << 4 | static_cast<uint32_t>(d);
      if (v > kMaxCodePoint) return false;
    }
    if (i_ == first || !more() || peek() != '}') return false;
    ++i_;
    return true;
  }

  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool char_class(Ranges& out) {
    ++i_;
    bool negate = more() && peek() == '^';
    if (negate) ++i_;
    if (more() && peek() == ']') return false;  // [] and [^]: nothing, everything
    Ranges r;
    for (;;) {
      if (!more()) return false;
      if (peek() == ']') break;
      Ranges lo;
      bool lo_set = false;
      if (!class_atom(lo, lo_set)) return false;
      bool dash = more() && peek() == '-' && i_ + 1 < s_.size() && s_[i_ + 1] != ']';
      if (dash && lo_set) return false;  // [\w-.]: a union in Annex B, an error with u
      if (!dash) {
        r.insert(r.end(), lo.begin(), lo.end());
        continue;
      }
      ++i_;
      Ranges hi;
      bool hi_set = false;
      if (!class_atom(hi, hi_set) || hi_set || hi[0].lo < lo[0].lo) return false;
      r.push_back({lo[0].lo, hi[0].lo});
    }
    ++i_;
    out = normalized(std::move(r));
    if (negate) out = complement(out);
    return true;
  }

  bool class_atom(Ranges& out, bool& is_set) {
    if (peek() != '\\') return is_set = false, literal(out);
    return escape(out, true, is_set);  // \b (backspace here) is declined with the other escapes
  }

  // Optional; min and max stay 1 without one. Lazy ones (a trailing ?) match the same strings.
  bool quantifier(int& min, int& max) {
    if (!more()) return true;
    switch (peek()) {
      case '*': min = 0, max = -1; break;
      case '+': min = 1, max = -1; break;
      case '?': min = 0, max = 1; break;
      case '{':
        ++i_;
        if (!number(min)) return false;  // {,5} and {x}: Annex B's literals
        max = min;
        if (more() && peek() == ',') {
          ++i_;
          if (more() && peek() == '}') max = -1;
          else if (!number(max) || max < min) return false;
        }
        if (!more() || peek() != '}') return false;
        break;
      default: return true;
    }
    ++i_;
    if (more() && peek() == '?') ++i_;
    return true;
  }

  // Decimal digits, at most kMaxPositions (more would not fit anyway).
  bool number(int& n) {
    size_t first = i_;
    for (n = 0; more() && peek() >= '0' && peek() <= '9'; ++i_) {
      n = n * 10 + (peek() - '0');
      if (n > kMaxPositions) return false;
    }
    return i_ > first;
  }

  std::string_view s_;
  size_t i_ = 0;
  bool unicode_;
};

}  // namespace

std::unique_ptr<SimpleRegex> SimpleRegex::compile(std::string_view source, bool unicode) {
  std::string storage;
  source = well_formed(source, storage);  // as libregexp gets it (js_regex.cpp)
  std::vector<Item> items;
  bool caret = false, dollar = false;
  if (!Parser(source, unicode).parse(items, caret, dollar)) return nullptr;
  std::unique_ptr<SimpleRegex> re(new SimpleRegex());
  re->caret_ = caret, re->dollar_ = dollar, re->unicode_ = unicode;
  // One position per copy: x{2,4} becomes x x x? x?, x{2,} becomes x x+. Making the last
  // copies the optional ones is exact because the copies are identical: any 2 to 4 of them
  // match the same strings.
  uint64_t skippable = 0;
  int n = 0;
  for (const Item& item : items) {
    int copies = item.max < 0 ? std::max(item.min, 1) : item.max;
    for (int k = 0; k < copies; ++k) {
      uint64_t bit = uint64_t{1} << n++;
      if (k >= item.min) skippable |= bit;
      auto same = std::find_if(re->classes_.begin(), re->classes_.end(),
                               [&](const Class& c) { return c.ranges == item.ranges; });
      if (same == re->classes_.end()) same = re->classes_.insert(same, Class{item.ranges, 0});
      same->positions |= bit;
      for (uint32_t c = 0; c < 256; ++c)
        if (contains(item.ranges, c)) re->latin1_[c] |= bit;
    }
    if (item.max < 0) re->loop_ |= uint64_t{1} << (n - 1);  // + {n,} and * (one skippable copy)
  }
  // Final: the last required position and the skippable ones after it; none required, the
  // pattern matches the empty string.
  int last = n - 1;
  while (last >= 0 && (skippable >> last & 1)) --last;
  re->nullable_ = last < 0;
  re->final_ = low_bits(n) & ~low_bits(std::max(last, 0));
  for (int i = 0; i < n;) {  // the maximal runs of skippable positions
    if (!(skippable >> i & 1)) {
      ++i;
      continue;
    }
    int after = i;
    while (after < n && (skippable >> after & 1)) ++after;
    uint64_t run = low_bits(after) & ~low_bits(i);
    re->runs_[re->run_count_++] = {run, run | (low_bits(after + 1) & ~low_bits(after))};
    i = after;
  }
  re->first_ = n > 0 ? 1 : 0;
  re->later_ = caret ? 0 : re->first_;
  // ^literal$ or ^literal C+$ (search_literal_shape)
  if (caret && dollar && !re->nullable_) {
    auto ascii_char = [](const Item& item) {
      return item.min == 1 && item.max == 1 && item.ranges.size() == 1 && item.ranges[0].lo == item.ranges[0].hi &&
             item.ranges[0].lo < 0x80;
    };
    size_t k = 0;
    std::string literal;
    while (k < items.size() && ascii_char(items[k])) literal += static_cast<char>(items[k++].ranges[0].lo);
    bool run = k + 1 == items.size() && items[k].min == 1 && items[k].max < 0;
    if (run || k == items.size()) {
      re->literal_shape_ = true;
      re->literal_ = std::move(literal);
      re->class_run_ = run;
      if (run)
        for (uint32_t c = 0; c < 256; ++c)
          re->run_table_[c] = c >= 0x80 ? kRunNonAscii : contains(items[k].ranges, c) ? kRunIn : kRunOut;
    }
  }
  return re;
}

// Whether the subject matches (decided) or, where a non-ASCII byte follows the literal, that
// the automaton must decide (not decided).
bool SimpleRegex::search_literal_shape(const unsigned char* p, size_t n, bool& decided) const {
  decided = true;
  size_t k = literal_.size();
  // same_bytes, not memcmp: a call into libc cost more than the compare of a 2-byte prefix
  if (n < k + class_run_ || !same_bytes(reinterpret_cast<const char*>(p), literal_.data(), k)) return false;
  if (!class_run_) return n == k;
  for (size_t i = k; i < n; ++i) {
    uint8_t t = run_table_[p[i]];
    if (t == kRunIn) continue;
    decided = t == kRunOut;
    return false;
  }
  return true;
}

// Every position reachable from x by skipping skippable ones: within a run, the lowest reached
// position reaches all the later ones and the position after the run (subtracting 1 from its
// bit gives the bits below it, which stay unreached).
inline uint64_t SimpleRegex::closure(uint64_t x) const {
  for (int r = 0; r < run_count_; ++r) {
    uint64_t y = x & runs_[r].skippable;
    if (y) x |= runs_[r].reach & ~((y & -y) - 1);
  }
  return x;
}

// Shift-And: bit i of d says "a match can have just read position i". The next character may
// be read by a looping position again, by the position after a set one, or by the first one
// (inject: at every character without ^, only the first with it), each skipping skippable
// positions (closure), and only where the character is in the position's class (mask).
// Without skippable positions closure() is the identity: kSkips false drops it.
template <bool kSkips>
inline uint64_t SimpleRegex::step(uint64_t d, uint64_t inject, uint64_t mask) const {
  uint64_t next = d << 1 | inject;
  if constexpr (kSkips) next = closure(next);
  return ((d & loop_) | next) & mask;
}

// The positions whose class holds c: the table up to U+00FF, the classes' ranges above.
inline uint64_t SimpleRegex::mask_of(uint32_t c) const {
  if (c < 256) return latin1_[c];
  uint64_t m = 0;
  for (const Class& k : classes_)
    if (contains(k.ranges, c)) m |= k.positions;
  return m;
}

bool SimpleRegex::search(const char* s, size_t n) const {
  // The empty match: anywhere without $, at the end without ^, only on "" with both.
  if (nullable_ && (!dollar_ || !caret_ || n == 0)) return true;
  auto p = reinterpret_cast<const unsigned char*>(s);
  if (literal_shape_) {
    bool decided;
    bool found = search_literal_shape(p, n, decided);
    if (decided) return found;
  }
  auto end = p + n;
  if (p == end) return false;
  if (*p >= 0x80) return search_non_ascii(p, end, 0, first_);
  // The first character, the only one to see first_ under ^, so that the loops below know
  // what they inject at compile time.
  uint64_t d = step<true>(0, first_, latin1_[*p++]);
  if (!dollar_ && (d & final_)) return true;
  if (caret_ && !d) return false;
  if (int found = ascii_run(p, end, d); found >= 0) return found;
  return p < end ? search_non_ascii(p, end, d, later_) : dollar_ && (d & final_);
}

std::optional<LiteralShape> SimpleRegex::literal_shape() const {
  if (!literal_shape_) return std::nullopt;
  return LiteralShape{literal_, class_run_ ? run_table_ : nullptr};
}

FirstBytes SimpleRegex::first_bytes() const {
  FirstBytes first;
  if (!caret_ || nullable_) return first;
  first.any = false;
  for (unsigned c = 0; c < 0x80; ++c)
    if (step<true>(0, first_, latin1_[c])) first.set[c / 64] |= uint64_t{1} << (c % 64);
  return first;
}

// The rest of the subject's ASCII prefix (usually all of it: keys, e-mails, uuids), a table
// per byte. 1 or 0 when that decides the search; -1 otherwise, with p at the first non-ASCII
// byte or the end and d the state there. Without skippable positions (kSkips) and with ^ (no
// kInject) a step is three dependent operations, d << 1, | (d & loop_), & mask: about a
// nanosecond per character, which is this loop's speed. The state lives in a local and the
// members are read once: stores through d_out might alias them, and the compiler would
// reload them every character.
// search_ascii for this pattern, past the first character (later_ injected).
int SimpleRegex::ascii_run(const unsigned char*& p, const unsigned char* end, uint64_t& d) const {
  return run_count_ ? (caret_ ? search_ascii<true, false>(p, end, d) : search_ascii<true, true>(p, end, d))
                    : (caret_ ? search_ascii<false, false>(p, end, d) : search_ascii<false, true>(p, end, d));
}

template <bool kSkips, bool kInject>
int SimpleRegex::search_ascii(const unsigned char*& p, const unsigned char* end, uint64_t& d_out) const {
  const uint64_t final = final_, inject = kInject ? later_ : 0;
  const bool caret = caret_, dollar = dollar_;
  const unsigned char* q = p;
  uint64_t d = d_out;
  while (q < end && *q < 0x80) {
    d = step<kSkips>(d, inject, latin1_[*q++]);
    if (!dollar && (d & final)) return 1;
    if (caret && !d) return 0;  // nothing can match any more
  }
  p = q, d_out = d;
  return -1;
}

// The rest of the subject from its first non-ASCII character, read as JavaScript reads it.
bool SimpleRegex::search_non_ascii(const unsigned char* p, const unsigned char* end, uint64_t d,
                                   uint64_t inject) const {
  uint32_t low = 0;  // the second UTF-16 unit of a character above U+FFFF, without the u flag
  while (p < end || low) {
    uint64_t mask;
    if (low) {
      mask = mask_of(low), low = 0;
    } else if (*p < 0x80) {
      mask = latin1_[*p++];
    } else {
      uint32_t c = read_character(p, end);
      if (c > 0xFFFF && !unicode_) low = 0xDC00 + (c & 0x3FF), c = 0xD800 + ((c - 0x10000) >> 10);
      mask = mask_of(c);
    }
    d = step<true>(d, inject, mask);
    inject = later_;
    if (!dollar_ && (d & final_)) return true;
    if (caret_ && !d) return false;
    // The ASCII run after a non-ASCII character on the fast loop ("café-größe-étiquette": 73 -> 50 ns).
    if (!low && p < end && *p < 0x80)
      if (int found = ascii_run(p, end, d); found >= 0) return found;
  }
  return dollar_ && (d & final_);
}

}  // namespace sj::rt
