// JSON text → rapidjson::Document with numbers read as JSON.parse reads them. RapidJSON 1.1's
// full-precision number parser is wrong when the significand is zero and the exponent is not
// ("0e77" came out as 1.26e263, "0.0e400" as an error: found by fuzz_schema). So numbers are
// taken from the reader as text and converted here: integers as RapidJSON stores them (int,
// unsigned, int64, uint64, else double), everything else correctly rounded by std::from_chars.
// Lone surrogates ("\ud800"), which JSON's grammar allows and the reader refuses, are read as
// JSON.parse reads them, held as WTF-8; for data (parse_json_data) also numbers beyond the
// double range (±Infinity).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "ir/schema_doc.h"
#include "runtime/js_value.h"
#include "runtime/wtf8.h"

namespace sj {
namespace {

using rapidjson::Document;
using rapidjson::SizeType;

// A number RapidJSON's reader refuses as too big (1e309; JSON.parse reads ±Infinity) and the
// text it was: the reader sees "0" followed by spaces in its place, ending at `end`.
struct HugeNumber {
  size_t end;
  std::string_view text;
};

// Forwards every SAX event to the document, except numbers, which arrive as text.
struct NumberReader {
  Document& d;
  const rapidjson::MemoryStream& at;    // where the reader is: a number ends there when it calls
  const std::vector<HugeNumber>& huge;  // in the order of the text
  size_t next_huge = 0;
  bool Null() { return d.Null(); }
  bool Bool(bool b) { return d.Bool(b); }
  bool Int(int i) { return d.Int(i); }
  bool Uint(unsigned u) { return d.Uint(u); }
  bool Int64(int64_t i) { return d.Int64(i); }
  bool Uint64(uint64_t u) { return d.Uint64(u); }
  bool Double(double x) { return d.Double(x); }
  bool String(const char* s, SizeType n, bool copy) { return d.String(s, n, copy); }
  bool StartObject() { return d.StartObject(); }
  bool Key(const char* s, SizeType n, bool copy) { return d.Key(s, n, copy); }
  bool EndObject(SizeType n) { return d.EndObject(n); }
  bool StartArray() { return d.StartArray(); }
  bool EndArray(SizeType n) { return d.EndArray(n); }

  bool RawNumber(const char* s, SizeType n, bool) {
    if (next_huge < huge.size() && at.Tell() == huge[next_huge].end) {
      s = huge[next_huge].text.data();
      n = static_cast<SizeType>(huge[next_huge++].text.size());
    }
    const char* end = s + n;
    bool minus = *s == '-';
    const char* digits = s + minus;
    if (std::find_if(digits, end, [](char c) { return c < '0' || c > '9'; }) == end) {
      uint64_t u;  // an integer: RapidJSON's own classes, so the DOM is what it always was
      if (std::from_chars(digits, end, u).ec == std::errc()) {
        if (!minus) return u <= std::numeric_limits<unsigned>::max() ? d.Uint(static_cast<unsigned>(u)) : d.Uint64(u);
        if (u <= uint64_t{1} << 31) return d.Int(static_cast<int>(-static_cast<int64_t>(u)));
        if (u <= uint64_t{1} << 63) return d.Int64(static_cast<int64_t>(0 - u));
      }
    }
    return d.Double(sj::rt::decimal_to_double(s, n));  // beyond the range: ±Infinity or ±0, as JSON.parse
  }
};

// JSON.parse keeps a lone surrogate's escape ("\ud800": a high one not followed by a low one,
// or a low one not after a high one) as one UTF-16 unit; RapidJSON's reader refuses the
// first kind. Each becomes its WTF-8 bytes (runtime/wtf8.h), which the reader copies as it
// copies any byte of a string. Returns false when the text has none; else `out` is the text
// to parse and `shrunk` the offsets in it after each rewrite (three bytes shorter from there).
bool lone_surrogates_as_wtf8(std::string_view text, std::string& out, std::vector<size_t>& shrunk) {
  auto hex4 = [](const char* p) {  // the four hex digits of a \u escape, or -1
    unsigned u;
    auto r = std::from_chars(p, p + 4, u, 16);
    return r.ec == std::errc() && r.ptr == p + 4 ? static_cast<int>(u) : -1;
  };
  const char* p = text.data();
  const char* end = p + text.size();
  const char* copied = p;
  // A backslash starts an escape wherever valid JSON has one (only inside strings), and the
  // scan goes on after it, so the "\\" of "\\ud800" is never read as the start of "\u".
  while (end - p >= 2 && (p = static_cast<const char*>(std::memchr(p, '\\', static_cast<size_t>(end - p - 1))))) {
    int u = p[1] == 'u' && end - p >= 6 ? hex4(p + 2) : -1;
    if (u < 0xD800 || u > 0xDFFF) {  // not a surrogate (or not \u at all): the reader's
      p += u < 0 ? 2 : 6;
      continue;
    }
    if (u <= 0xDBFF && end - p >= 12 && p[6] == '\\' && p[7] == 'u') {
      int next = hex4(p + 8);
      if (next >= 0xDC00 && next <= 0xDFFF) {  // a pair: one character
        p += 12;
        continue;
      }
    }
    out.append(copied, p);
    char bytes[3];
    sj::rt::wtf8_surrogate(static_cast<uint32_t>(u), bytes);
    out.append(bytes, 3);
    shrunk.push_back(out.size());
    copied = p += 6;
  }
  if (shrunk.empty()) return false;
  out.append(copied, end);
  return true;
}

// A JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool json_number(std::string_view t) {
  size_t i = 0, n = t.size();
  auto digits = [&] {
    size_t from = i;
    while (i < n && t[i] >= '0' && t[i] <= '9') ++i;
    return i > from;
  };
  if (i < n && t[i] == '-') ++i;
  if (i < n && t[i] == '0') ++i;
  else if (!digits()) return false;
  if (i < n && t[i] == '.' && (++i, !digits())) return false;
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == n;
}

// After the reader refused a number as too big: every number of `text` that is not an integer
// of at most 19 digits (all the reader might refuse) becomes "0" and spaces, its text kept in
// the result. The same length, so offsets stay; a malformed number stays for the reader to
// report. Strings are skipped (a backslash escapes the next byte).
std::vector<HugeNumber> hide_huge_numbers(std::string_view original, std::string& text) {
  std::vector<HugeNumber> huge;
  auto number_byte = [](char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; };
  for (size_t i = 0, n = text.size(); i < n;) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < n && text[i] != '"'; i += text[i] == '\\' ? 2 : 1) {}
      ++i;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t j = i;
      while (j < n && number_byte(text[j])) ++j;
      std::string_view t = original.substr(i, j - i);
      bool plain = t.find_first_of(".eE") == std::string_view::npos && t.size() - (t[0] == '-') <= 19;
      if (!plain && json_number(t)) {
        huge.push_back({i + 1, t});
        text[i] = '0';
        std::fill(text.begin() + static_cast<std::ptrdiff_t>(i) + 1, text.begin() + static_cast<std::ptrdiff_t>(j), ' ');
      }
      i = j;
    } else {
      ++i;
    }
  }
  return huge;
}

rapidjson::ParseResult parse_with(std::string_view text, Document& doc, const std::vector<HugeNumber>& huge) {
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
  rapidjson::MemoryStream bytes(text.data(), text.size());
  rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> in(bytes);
  rapidjson::Reader reader;
  rapidjson::ParseResult result;
  auto generate = [&](Document& d) {
    NumberReader handler{d, bytes, huge};
    result = reader.Parse<kFlags>(in, handler);
    return !result.IsError();
  };
  doc.Populate(generate);  // copies every string: the text may go once this returns
  if (result.IsError()) doc.SetNull();
  return result;
}

rapidjson::ParseResult parse(std::string_view text, Document& doc) { return parse_with(text, doc, {}); }

// Data as JSON.parse reads it, numbers beyond the double range included (±Infinity): tried as
// it is first, so that only text with such a number pays for hiding them.
rapidjson::ParseResult parse_data(std::string_view text, Document& doc) {
  auto result = parse(text, doc);
  if (result.Code() != rapidjson::kParseErrorNumberTooBig) return result;
  std::string hidden(text);
  auto huge = hide_huge_numbers(text, hidden);
  return parse_with(hidden, doc, huge);
}

std::string parse_error(rapidjson::ParseResult result, size_t offset) {
  return std::string(rapidjson::GetParseError_En(result.Code())) + " at offset " + std::to_string(offset);
}

// RapidJSON's reader takes a NUL byte for the end of the text and would ignore what follows
// it. JSON text cannot hold a raw NUL anywhere (not between tokens, not unescaped in a
// string), so one is an error wherever it is.
bool has_nul(std::string_view text, std::string& error) {
  size_t at = text.find('\0');
  if (at == std::string_view::npos) return false;
  error = "a NUL byte at offset " + std::to_string(at) + " (JSON text cannot hold one)";
  return true;
}

// `text` parsed by `parse_text` with its lone surrogates as WTF-8 (lone_surrogates_as_wtf8);
// an error's offset is that of the text as given.
template <typename Parse>
bool parse_keeping_lone_surrogates(std::string_view text, Document& doc, std::string& error, bool& lone_surrogates,
                                   Parse parse_text) {
  lone_surrogates = false;
  if (has_nul(text, error)) return false;
  std::string rewritten;
  std::vector<size_t> shrunk;
  lone_surrogates = lone_surrogates_as_wtf8(text, rewritten, shrunk);
  auto result = parse_text(lone_surrogates ? std::string_view(rewritten) : text, doc);
  if (!result.IsError()) return true;
  // Three bytes more for each rewrite before the offset.
  size_t before = static_cast<size_t>(std::upper_bound(shrunk.begin(), shrunk.end(), result.Offset()) - shrunk.begin());
  error = parse_error(result, result.Offset() + 3 * before);
  return false;
}

}  // namespace

bool parse_json(std::string_view text, rapidjson::Document& doc, std::string& error) {
  bool lone_surrogates;
  return parse_keeping_lone_surrogates(text, doc, error, lone_surrogates, parse);
}

bool parse_json_data(std::string_view text, rapidjson::Document& doc, std::string& error, bool& lone_surrogates) {
  return parse_keeping_lone_surrogates(text, doc, error, lone_surrogates, parse_data);
}

std::string json_text(const rapidjson::Value& v) {
  rapidjson::StringBuffer sb;
  rapidjson::Writer<rapidjson::StringBuffer> w(sb);
  v.Accept(w);
  return {sb.GetString(), sb.GetSize()};
}

}  // namespace sj
