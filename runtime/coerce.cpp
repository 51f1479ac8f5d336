// The coercions of spec §4 for values that are not already of the schema's type, and the
// JavaScript abstract operations they are built from. Each also writes a value that is of
// its type, as generated code's inline path would: level-0 code (compiled for compile speed)
// calls them for every scalar; higher levels only after their inline type check failed.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/output.h"
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

namespace {

void append_scalar_string(const rapidjson::Value& v, std::string& out) {
  switch (v.GetType()) {
    case rapidjson::kNullType: out += "null"; break;
    case rapidjson::kFalseType: out += "false"; break;
    case rapidjson::kTrueType: out += "true"; break;
    case rapidjson::kObjectType: out += "[object Object]"; break;
    case rapidjson::kStringType: out.append(v.GetString(), v.GetStringLength()); break;
    case rapidjson::kNumberType: append_dom_number(v, out); break;
    case rapidjson::kArrayType: break;  // append_to_string's loop
  }
}

}  // namespace

bool append_to_string(const rapidjson::Value& v, std::string& out, int64_t max_nesting) {
  if (!v.IsArray()) {
    append_scalar_string(v, out);
    return true;
  }
  // The arrays being joined, innermost last: a comma goes between the elements of each, a
  // null element is empty, an array element is joined in its place.
  struct Open {
    const rapidjson::Value* next;
    const rapidjson::Value* begin;
    const rapidjson::Value* end;
  };
  std::vector<Open> open;
  auto enter = [&](const rapidjson::Value& array) {
    if (static_cast<int64_t>(open.size()) >= max_nesting) return false;
    open.push_back({array.Begin(), array.Begin(), array.End()});
    return true;
  };
  if (!enter(v)) return false;
  while (!open.empty()) {
    Open& top = open.back();
    if (top.next == top.end) {
      open.pop_back();
      continue;
    }
    const rapidjson::Value& e = *top.next;
    if (top.next++ != top.begin) out += ',';
    if (e.IsArray()) {
      if (!enter(e)) return false;
    } else if (!e.IsNull()) {
      append_scalar_string(e, out);
    }
  }
  return true;
}

bool to_number(const rapidjson::Value& v, double& out, int64_t max_nesting) {
  switch (v.GetType()) {
    case rapidjson::kNullType: case rapidjson::kFalseType: out = 0; return true;
    case rapidjson::kTrueType: out = 1; return true;
    case rapidjson::kObjectType: out = std::nan(""); return true;
    case rapidjson::kStringType: out = string_to_number(v.GetString(), v.GetStringLength()); return true;
    case rapidjson::kNumberType: out = v.GetDouble(); return true;
    case rapidjson::kArrayType: break;
  }
  std::string joined;
  if (!append_to_string(v, joined, max_nesting)) return false;
  out = string_to_number(joined.data(), joined.size());
  return true;
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

// The array nesting a conversion may join within the value: the levels the call has left.
int64_t nesting_left(const SjCtx* ctx) { return int64_t{ctx->max_depth} - ctx->depth; }

SjStatus cannot_convert(SjCtx* ctx, const rapidjson::Value& v, const char* what, const char* path) {
  std::string msg = "The value \"";
  if (!append_to_string(v, msg, nesting_left(ctx))) return sj_error_depth(ctx, path);
  msg += "\" cannot be converted to ";
  msg += what;
  msg += '.';
  return fail(ctx, Failure::Data, std::move(msg), path);
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
    return fail(ctx, Failure::Data, "TypeError: input.toString is not a function", path);
  std::string text;
  if (!append_to_string(*v, text, nesting_left(ctx))) return sj_error_depth(ctx, path);
  if (fmt == StringFormat::Unsafe) sj_write_unsafe_string(ctx, text.data(), static_cast<int64_t>(text.size()));
  else sj_write_string(ctx, text.data(), static_cast<int64_t>(text.size()));
  return 0;
}

extern "C" SjStatus sj_coerce_number(SjCtx* ctx, const SjValue* v, const char* path) {
  double x;
  if (!to_number(*v, x, nesting_left(ctx))) return sj_error_depth(ctx, path);
  if (std::isnan(x)) return cannot_convert(ctx, *v, "a number", path);
  if (v->IsNumber()) { put_number(ctx, *v); return 0; }  // exact int64/uint64, ±Infinity as null
  put_number(ctx, x);
  return 0;
}

extern "C" SjStatus sj_coerce_integer(SjCtx* ctx, const SjValue* v, int32_t rounding, const char* path) {
  if (v->IsInt64() || v->IsUint64()) { put_number(ctx, *v); return 0; }
  double x;
  if (!to_number(*v, x, nesting_left(ctx))) return sj_error_depth(ctx, path);
  if (!std::isfinite(x)) return cannot_convert(ctx, *v, "an integer", path);
  if (std::trunc(x) != x) x = apply_rounding(x, static_cast<Rounding>(rounding));
  put_number(ctx, x);
  return 0;
}

extern "C" void sj_coerce_boolean(SjCtx* ctx, const SjValue* v) {
  if (to_boolean(*v)) put(ctx, "true", 4);
  else put(ctx, "false", 5);
}
