// JSON text → rapidjson::Document with numbers read as JSON.parse reads them. RapidJSON 1.1's
// full-precision number parser is wrong when the significand is zero and the exponent is not
// ("0e77" came out as 1.26e263, "0.0e400" as an error: found by fuzz_schema), and it rejects
// numbers beyond the double range that JSON.parse turns into ±Infinity. So numbers are taken
// from the reader as text and converted here: integers as RapidJSON stores them (int, unsigned,
// int64, uint64, else double), everything else correctly rounded by std::from_chars.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "ir/schema_doc.h"

namespace sj {
namespace {

using rapidjson::Document;
using rapidjson::SizeType;

// Forwards every SAX event to the document, except numbers, which arrive as text.
struct NumberReader {
  Document& d;
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
    double x;
    auto r = std::from_chars(s, end, x);
    if (r.ec == std::errc::result_out_of_range) {
      // Beyond the double range either way: strtod says which way (±HUGE_VAL or ±0), as
      // JSON.parse would (±Infinity, ±0). The text is copied to end it with a NUL.
      std::string text(s, n);
      x = std::strtod(text.c_str(), nullptr);
    }
    return d.Double(x);
  }
};

}  // namespace

bool parse_json(std::string_view text, rapidjson::Document& doc, std::string& error) {
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
  rapidjson::MemoryStream bytes(text.data(), text.size());
  rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> in(bytes);
  rapidjson::Reader reader;
  rapidjson::ParseResult result;
  auto generate = [&](Document& d) {
    NumberReader handler{d};
    result = reader.Parse<kFlags>(in, handler);
    return !result.IsError();
  };
  doc.Populate(generate);
  if (!result.IsError()) {
    return true;
  }
  doc.SetNull();
  error = std::string(rapidjson::GetParseError_En(result.Code())) + " at offset " + std::to_string(result.Offset());
  return false;
}

std::string json_text(const rapidjson::Value& v) {
  rapidjson::StringBuffer sb;
  rapidjson::Writer<rapidjson::StringBuffer> w(sb);
  v.Accept(w);
  return {sb.GetString(), sb.GetSize()};
}

}  // namespace sj
