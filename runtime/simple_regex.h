// A fast matcher for the everyday patterns of schemas (^x-[a-z]+$, uuids, e-mails, dates...),
// used in place of libregexp (js_regex.h) when the pattern's meaning is provably the same:
// a sequence of single characters, classes and escapes, each optionally quantified, between
// optional ^ and $ anchors. No groups, no alternation, no assertions, no back references, so
// no backtracking: a bit-parallel position automaton (Glushkov), one step per character, in
// linear time and without a budget. Everything else is declined (compile returns null) and
// goes to libregexp.
//
// Subjects are read as JavaScript reads them (utf16_units.h): with the u flag as code points
// (a lone surrogate is one character), without it as UTF-16 units (a character above U+FFFF
// is two). Never case-insensitive: the i flag always goes to libregexp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sj::rt {

// The ASCII bytes a pattern's match can start with (bit c of set[c / 64]), for a caller to test
// a subject before it searches: a subject that is empty or starts with another ASCII byte
// cannot match. `any`: no such test (the pattern is not anchored, or matches "").
struct FirstBytes {
  bool any = true;
  uint64_t set[2] = {};
  bool may_start(const char* s, size_t n) const {
    if (any) return true;
    auto c = static_cast<unsigned char>(n ? s[0] : 0);
    return n && (c >= 0x80 || (set[c / 64] >> (c % 64) & 1));
  }
};

// ^literal$ or ^literal C+$ (^x-trace$, ^x-[a-z]+$, ^[0-9]+$, ^\S+$), the literal ASCII, for a
// caller that matches them itself (generated code): a subject matches when it is the literal,
// or the literal then one or more bytes of C. `run`: null for ^literal$, else per byte
// kRunIn, kRunOut or kRunNonAscii (a byte of a non-ASCII character: the automaton decides).
struct LiteralShape {
  std::string_view literal;
  const uint8_t* run = nullptr;
};
constexpr uint8_t kRunIn = 0, kRunOut = 1, kRunNonAscii = 2;

class SimpleRegex {
 public:
  // Null when the source is outside the subset. The source must already be valid JavaScript
  // for its flags (the u flag when `unicode`): this parser trusts what libregexp accepted.
  static std::unique_ptr<SimpleRegex> compile(std::string_view source, bool unicode);

  // Whether the pattern occurs anywhere in s[0..n) (RegExp.prototype.test). Thread-safe.
  bool search(const char* s, size_t n) const;

  // Under ^ (and not matching ""), the ASCII characters a match can start with.
  FirstBytes first_bytes() const;
  // The pattern's literal shape, when it has one.
  std::optional<LiteralShape> literal_shape() const;

  struct Range {
    uint32_t lo, hi;  // code points (or units without the u flag), inclusive
    bool operator==(const Range&) const = default;
  };

 private:
  SimpleRegex() = default;
  template <bool kSkips>
  uint64_t step(uint64_t d, uint64_t inject, uint64_t mask) const;
  uint64_t closure(uint64_t x) const;
  uint64_t mask_of(uint32_t c) const;
  template <bool kSkips, bool kInject>
  int search_ascii(const unsigned char*& p, const unsigned char* end, uint64_t& d) const;
  int ascii_run(const unsigned char*& p, const unsigned char* end, uint64_t& d) const;
  bool search_non_ascii(const unsigned char* p, const unsigned char* end, uint64_t d, uint64_t inject) const;

  // A distinct class of the pattern and the positions that test it (uuid: one class, 32 bits).
  struct Class {
    std::vector<Range> ranges;  // sorted, disjoint
    uint64_t positions = 0;
  };
  // A run of consecutive skippable positions: the bits of the run, and those plus the one
  // after it (what reaching any of them may reach).
  struct Run {
    uint64_t skippable, reach;
  };

  // The positions whose class holds each character up to U+00FF: ASCII for the common case,
  // Latin-1 because accented Western text (é, ö, ß) is the most common of the rest.
  uint64_t latin1_[256] = {};
  std::vector<Class> classes_;   // for the other characters
  Run runs_[32] = {};            // at most 32 runs in 64 positions
  int run_count_ = 0;
  uint64_t loop_ = 0;            // positions that may repeat (+, *, {n,})
  uint64_t final_ = 0;           // positions followed only by skippable ones
  uint64_t first_ = 0;           // position 0, injected before the first character
  uint64_t later_ = 0;           // what is injected before every later one: first_ unless ^
  bool caret_ = false, dollar_ = false, unicode_ = false;
  bool nullable_ = false;        // every position skippable: matches the empty string

  // ^literal$ and ^literal C+$ (^x-trace$, ^x-[a-z]+$, ^[0-9]+$, ^\S+$), the literal ASCII:
  // compared, then the rest checked a byte at a time against C's table, without the automaton's
  // dependent steps (search_ascii: a nanosecond a character). A non-ASCII byte in the rest
  // hands the subject to the automaton.
  bool literal_shape_ = false;
  std::string literal_;
  bool class_run_ = false;
  uint8_t run_table_[256] = {};  // kRunIn, kRunOut or kRunNonAscii
  bool search_literal_shape(const unsigned char* p, size_t n, bool& decided) const;
};

}  // namespace sj::rt
