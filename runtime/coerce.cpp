// The coercions of spec §4 for values that are not already of the schema's type, and the
// JavaScript abstract operations they are built from. Each also writes a value that is of
// its type, as generated code's inline path would: level-0 code (compiled for compile speed)
// calls them for every scalar; higher levels only after their inline type check failed.
#include <cmath>
#include <cstring>
#include <string>

#include "runtime/call_state.h"
#include "runtime/escape.h"
#include "runtime/js_value.h"
#include "runtime/number_text.h"

namespace sj::rt {

void append_number(double x, std::string& out) {
  if (std::isnan(x)) { out += "NaN"; return; }
  if (std::isinf(x)) { out += x < 0 ? "-Infinity" : "Infinity"; return; }
  char buf[kMaxDoubleText];
  out.append(buf, write_js_double(buf, x));
}

namespace {
void append_dom_number(const rapidjson::Value& v, std::string& out) {
  char buf[kMaxDoubleText];
  if (v.IsInt64()) out.append(buf, write_int64(buf, v.GetInt64()));
  else if (v.IsUint64()) out.append(buf, write_uint64(buf, v.GetUint64()));
  else append_number(v.GetDouble(), out);
}
}  // namespace

void append_join(const rapidjson::Value& array, std::string& out) {
  bool first = true;
  for (const auto& e : array.GetArray()) {
    if (!first) out += ',';
    first = false;
    if (!e.IsNull()) append_to_string(e, out);
  }
}

void append_to_string(const rapidjson::Value& v, std::string& out) {
  switch (v.GetType()) {
    case rapidjson::kNullType: out += "null"; break;
    case rapidjson::kFalseType: out += "false"; break;
    case rapidjson::kTrueType: out += "true"; break;
    case rapidjson::kObjectType: out += "[object Object]"; break;
    case rapidjson::kArrayType: append_join(v, out); break;
    case rapidjson::kStringType: out.append(v.GetString(), v.GetStringLength()); break;
    case rapidjson::kNumberType: append_dom_number(v, out); break;
  }
}

double to_number(const rapidjson::Value& v) {
  switch (v.GetType()) {
    case rapidjson::kNullType: case rapidjson::kFalseType: return 0;
    case rapidjson::kTrueType: return 1;
    case rapidjson::kObjectType: return std::nan("");
    case rapidjson::kStringType: return string_to_number(v.GetString(), v.GetStringLength());
    case rapidjson::kNumberType: return v.GetDouble();
    case rapidjson::kArrayType: break;
  }
  std::string joined;
  append_join(v, joined);
  return string_to_number(joined.data(), joined.size());
}

bool to_boolean(const rapidjson::Value& v) {
  switch (v.GetType()) {
    case rapidjson::kNullType: case rapidjson::kFalseType: return false;
    case rapidjson::kStringType: return v.GetStringLength() != 0;
    case rapidjson::kNumberType: {
      if (v.IsInt64()) return v.GetInt64() != 0;
      if (v.IsUint64()) return v.GetUint64() != 0;
      double d = v.GetDouble();
      return d == d && d != 0;
    }
    default: return true;
  }
}

namespace {

SjStatus cannot_convert(SjCtx* ctx, const rapidjson::Value& v, const char* what, const char* path) {
  std::string msg = "The value \"";
  append_to_string(v, msg);
  msg += "\" cannot be converted to ";
  msg += what;
  msg += '.';
  return fail(ctx, std::move(msg), path);
}

double apply_rounding(double x, Rounding r) {
  switch (r) {
    case Rounding::Floor: return std::floor(x);
    case Rounding::Ceil: return std::ceil(x);
    case Rounding::Round: {  // Math.round: halves go toward +Infinity
      double f = std::floor(x);
      return x - f >= 0.5 ? f + 1 : f;
    }
    case Rounding::Trunc: break;
  }
  return std::trunc(x);
}

}  // namespace
}  // namespace sj::rt

using namespace sj::rt;

extern "C" SjStatus sj_coerce_string(SjCtx* ctx, const SjValue* v, int32_t format, const char* path) {
  auto fmt = static_cast<StringFormat>(format);
  if (v->IsString()) {
    if (fmt == StringFormat::Unsafe) sj_write_unsafe_string(ctx, v->GetString(), v->GetStringLength());
    else sj_write_string(ctx, v->GetString(), v->GetStringLength());
    return 0;
  }
  if (fmt == StringFormat::DateTime || fmt == StringFormat::Date || fmt == StringFormat::Time) {
    if (v->IsNull()) { put(ctx, "\"\"", 2); return 0; }
    return cannot_convert(ctx, *v, fmt == StringFormat::DateTime ? "a date-time" : fmt == StringFormat::Date ? "a date" : "a time", path);
  }
  if (fmt == StringFormat::None && v->IsNull()) { put(ctx, "\"\"", 2); return 0; }
  if (v->IsObject() && v->HasMember("toString"))  // JavaScript would call a non-function
    return fail(ctx, "TypeError: input.toString is not a function", path);
  std::string text;
  append_to_string(*v, text);
  if (fmt == StringFormat::Unsafe) sj_write_unsafe_string(ctx, text.data(), static_cast<int64_t>(text.size()));
  else sj_write_string(ctx, text.data(), static_cast<int64_t>(text.size()));
  return 0;
}

extern "C" SjStatus sj_coerce_number(SjCtx* ctx, const SjValue* v, const char* path) {
  double x = to_number(*v);
  if (std::isnan(x)) return cannot_convert(ctx, *v, "a number", path);
  if (v->IsNumber()) { put_number(ctx, *v); return 0; }  // exact int64/uint64, ±Infinity as null
  put_number(ctx, x);
  return 0;
}

extern "C" SjStatus sj_coerce_integer(SjCtx* ctx, const SjValue* v, int32_t rounding, const char* path) {
  if (v->IsInt64() || v->IsUint64()) { put_number(ctx, *v); return 0; }
  double x = to_number(*v);
  if (!std::isfinite(x)) return cannot_convert(ctx, *v, "an integer", path);
  if (std::trunc(x) != x) x = apply_rounding(x, static_cast<Rounding>(rounding));
  put_number(ctx, x);
  return 0;
}

extern "C" void sj_coerce_boolean(SjCtx* ctx, const SjValue* v) {
  if (to_boolean(*v)) put(ctx, "true", 4);
  else put(ctx, "false", 5);
}
