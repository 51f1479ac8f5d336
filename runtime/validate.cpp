#include "runtime/validate.h"

#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "runtime/abi.h"
#include "runtime/call_state.h"
#include "runtime/canonical.h"
#include "runtime/js_value.h"

namespace sj::rt {
namespace {

bool digits(std::string_view s, size_t at, size_t n, int& out) {
  if (at + n > s.size()) return false;
  out = 0;
  for (size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

// ajv-formats' date(): /^(\d\d\d\d)-(\d\d)-(\d\d)$/, a real month, a day that month has.
bool full_date(std::string_view s) {
  int y, m, d;
  if (s.size() != 10 || s[4] != '-' || s[7] != '-' || !digits(s, 0, 4, y) || !digits(s, 5, 2, m) || !digits(s, 8, 2, d))
    return false;
  static const int kDays[] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
  return m >= 1 && m <= 12 && d >= 1 && d <= (m == 2 && leap ? 29 : kDays[m]);
}

// ajv-formats' getTime(strict):
// /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i, hours, minutes and the zone
// in range (a zone required when strict), seconds below 60 except a leap second at 23:59 UTC.
bool time_of_day(std::string_view s, bool strict_zone) {
  int hr, min, sec;
  if (s.size() < 8 || s[2] != ':' || s[5] != ':' || !digits(s, 0, 2, hr) || !digits(s, 3, 2, min) || !digits(s, 6, 2, sec))
    return false;
  size_t i = 8;
  bool fraction = false;
  if (i < s.size() && s[i] == '.') {
    size_t start = ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == start) return false;
    fraction = i > start;
  }
  bool zone = false;
  int sign = 1, tz_h = 0, tz_m = 0;
  if (i < s.size() && (s[i] == 'z' || s[i] == 'Z')) {
    zone = true;
    ++i;
  } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    zone = true;
    sign = s[i] == '-' ? -1 : 1;
    if (!digits(s, i + 1, 2, tz_h)) return false;
    i += 3;
    if (i < s.size()) {
      if (s[i] == ':') ++i;
      if (!digits(s, i, 2, tz_m)) return false;
      i += 2;
    }
  }
  if (i != s.size()) return false;
  if (tz_h > 23 || tz_m > 59 || (strict_zone && !zone)) return false;
  // sec is +matches[3], which includes the fraction: 59.5 < 60, 60.5 is not < 60.
  double seconds = sec + (fraction ? 0.5 : 0.0);
  if (hr <= 23 && min <= 59 && seconds < 60) return true;
  int utc_min = min - tz_m * sign;
  int utc_hr = hr - tz_h * sign - (utc_min < 0 ? 1 : 0);
  return (utc_hr == 23 || utc_hr == -1) && (utc_min == 59 || utc_min == -1) && seconds < 61;
}

// date-time: the text split at every 't', 'T' or white space must give exactly a date and a time.
bool date_time(std::string_view s, bool strict_zone) {
  size_t cut = std::string_view::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == 't' || c == 'T' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      if (cut != std::string_view::npos) return false;
      cut = i;
    }
  }
  return cut != std::string_view::npos && full_date(s.substr(0, cut)) && time_of_day(s.substr(cut + 1), strict_zone);
}

bool base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
}

// One line of ajv-formats' byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
// whole: groups of four, the last one possibly padded.
bool base64_line(std::string_view s) {
  size_t n = s.size();
  if (n % 4) return false;
  if (n == 0) return true;
  for (size_t i = 0; i + 2 < n; ++i)
    if (!base64_char(s[i])) return false;
  char a = s[n - 2], b = s[n - 1];
  return (base64_char(a) && (base64_char(b) || b == '=')) || (a == '=' && b == '=');
}

// ajv-formats' byte, whose regular expression has the m flag: ^ and $ match at every line
// terminator (\n, \r, U+2028, U+2029), so the text passes when any of its lines, an empty one
// included, is base64. Linear, where the backtracking regex needs a stack per group of four.
bool byte_format(std::string_view s) {
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    size_t terminator = 0;
    if (i == s.size()) terminator = 1;
    else if (s[i] == '\n' || s[i] == '\r') terminator = 1;
    else if (s[i] == '\xE2' && i + 2 < s.size() && s[i + 1] == '\x80' && (s[i + 2] == '\xA8' || s[i + 2] == '\xA9'))
      terminator = 3;
    if (!terminator) continue;
    if (base64_line(s.substr(start, i - start))) return true;
    start = i + terminator;
    i += terminator - 1;
  }
  return false;
}

}  // namespace

bool deep_equal(const rapidjson::Value& a, const rapidjson::Value& b) {
  // Two scalars without the pending stack: a large enum's loop calls this for every entry.
  if (!a.IsObject() && !a.IsArray() && a.GetType() == b.GetType()) {
    if (a.IsNumber()) return a.GetDouble() == b.GetDouble() || (a.GetDouble() != a.GetDouble() && b.GetDouble() != b.GetDouble());
    if (a.IsString()) return std::string_view(a.GetString(), a.GetStringLength()) == std::string_view(b.GetString(), b.GetStringLength());
    return true;
  }
  std::vector<std::pair<const rapidjson::Value*, const rapidjson::Value*>> pending{{&a, &b}};
  while (!pending.empty()) {
    auto [x, y] = pending.back();
    pending.pop_back();
    if (x->GetType() != y->GetType()) return false;
    switch (x->GetType()) {
      case rapidjson::kNumberType: {  // ===, except that NaN equals NaN there
        double p = x->GetDouble(), q = y->GetDouble();
        if (p != q && (p == p || q == q)) return false;
        break;
      }
      case rapidjson::kStringType:
        if (std::string_view(x->GetString(), x->GetStringLength()) != std::string_view(y->GetString(), y->GetStringLength()))
          return false;
        break;
      case rapidjson::kArrayType:
        if (x->Size() != y->Size()) return false;
        for (rapidjson::SizeType i = 0; i < x->Size(); ++i) pending.emplace_back(&(*x)[i], &(*y)[i]);
        break;
      case rapidjson::kObjectType: {  // as JSON.parse keeps them: the last of duplicate names
        auto xs = js_members(*x), ys = js_members(*y);
        if (xs.size() != ys.size()) return false;
        for (size_t i = 0; i < xs.size(); ++i) {
          if (xs[i]->name != ys[i]->name) return false;
          pending.emplace_back(&xs[i]->value, &ys[i]->value);
        }
        break;
      }
      default: break;  // null, true, false: the type says it all
    }
  }
  return true;
}

std::optional<CodedFormat> coded_format(std::string_view name) {
  if (name == "date") return CodedFormat::Date;
  if (name == "time") return CodedFormat::Time;
  if (name == "date-time") return CodedFormat::DateTime;
  if (name == "iso-time") return CodedFormat::IsoTime;
  if (name == "iso-date-time") return CodedFormat::IsoDateTime;
  if (name == "byte") return CodedFormat::Byte;
  return std::nullopt;
}

bool check_format(CodedFormat f, std::string_view s) {
  switch (f) {
    case CodedFormat::Date: return full_date(s);
    case CodedFormat::Time: return time_of_day(s, true);
    case CodedFormat::DateTime: return date_time(s, true);
    case CodedFormat::IsoTime: return time_of_day(s, false);
    case CodedFormat::IsoDateTime: return date_time(s, false);
    case CodedFormat::Byte: return byte_format(s);
  }
  return false;
}

int64_t code_points(const char* s, int64_t n) {
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) count += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return count;
}

double precision_bound(int precision) {
  std::string text = "1e-" + std::to_string(precision);
  return precision == 0 ? 0 : decimal_to_double(text.data(), text.size());
}

// Ajv: `data / m !== parseInt(data / m)`; parseInt reads the number's text, so quotients of
// 1e21 and above (exponent notation) are never "integers".
bool is_multiple_of_within(double x, double m, double bound) {
  double q = x / m;
  if (bound == 0) return std::isfinite(q) && std::trunc(q) == q && std::fabs(q) < 1e21;  // q === parseInt(q)
  // Ajv's multipleOfPrecision: !(Math.abs(Math.round(q) - q) > 1e-N) (so NaN and infinite
  // quotients pass, as there).
  double rounded = std::floor(q);
  if (q - rounded >= 0.5) rounded += 1;  // Math.round: halves toward +Infinity
  return !(std::fabs(rounded - q) > bound);
}

bool is_multiple_of(double x, double m, int precision) { return is_multiple_of_within(x, m, precision_bound(precision)); }

}  // namespace sj::rt

extern "C" {

int32_t sj_test_equal(SjCtx* ctx, int32_t index, const SjValue* v) {
  return sj::rt::deep_equal(*sj::rt::state(ctx).spec->constants[index], *v) ? 1 : 0;
}

int32_t sj_test_unique(const SjValue* array) {
  try {
    return sj::rt::last_duplicate(*array) ? 0 : 1;
  } catch (const std::bad_alloc&) {
    // No memory for the canonical forms (nothing may leave generated code): the same answer
    // pairwise, which needs none beyond deep_equal's.
    for (rapidjson::SizeType i = 0; i < array->Size(); ++i)
      for (rapidjson::SizeType j = i + 1; j < array->Size(); ++j)
        if (sj::rt::deep_equal((*array)[i], (*array)[j])) return 0;
    return 1;
  }
}

int64_t sj_code_points(const char* s, int64_t n) { return sj::rt::code_points(s, n); }

int32_t sj_test_multiple_of(const SjValue* v, double m, double bound) {
  return sj::rt::is_multiple_of_within(v->GetDouble(), m, bound) ? 1 : 0;
}

int32_t sj_test_format(int32_t format, const char* s, int64_t n) {
  return sj::rt::check_format(static_cast<sj::rt::CodedFormat>(format), {s, static_cast<size_t>(n)}) ? 1 : 0;
}
}
