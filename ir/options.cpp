#include "ir/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/schema_doc.h"
#include "runtime/js_value.h"
#include "runtime/read_file.h"
#include "runtime/utf16_units.h"
#include "runtime/wtf8.h"

namespace sj {
namespace {

std::string js_text(const rapidjson::Value& v) {
  std::string s;
  rt::append_to_string(v, s);
  return s;
}

const char* js_typeof(const rapidjson::Value& v) {
  if (v.IsString()) return "string";
  if (v.IsNumber()) return "number";
  if (v.IsBool()) return "boolean";
  return "object";
}

bool js_falsy(const rapidjson::Value& v) { return !rt::to_boolean(v); }

// Whether fjs's for-in over the "schema" option finds anything: an object's members, an
// array's indexes, a non-empty string's indexes (SchemaDoc refuses what it finds there).
bool has_for_in_keys(const rapidjson::Value& v) {
  return v.IsObject() || v.IsArray() || (v.IsString() && v.GetStringLength() > 0);
}

// Options refused: the error names the option's pointer ("/rounding").
CompileError option_error(std::string message, std::string pointer) {
  return CompileError(std::move(message), std::move(pointer), ErrorCode::InvalidOptions);
}

CompileError precision_unsupported() {
  return CompileError("not supported: ajv.multipleOfPrecision other than a positive integer", "/ajv/multipleOfPrecision",
                      ErrorCode::Unsupported);
}

// One member of ajv: {formats}, as Ajv's addInitialFormats takes it: falsy is no format, a
// string a regex source, true a format every value passes. From JSON, anything else (a number,
// an object {type, validate}) would fail fjs's calls with a TypeError (`.test is not a
// function`): refused here instead.
void add_custom_format(std::string name, const rapidjson::Value& v,
                       std::vector<std::pair<std::string, std::optional<std::string>>>& out) {
  if (!rt::to_boolean(v)) return;
  if (v.IsString()) {
    out.emplace_back(std::move(name), std::string(v.GetString(), v.GetStringLength()));
  } else if (v.IsTrue()) {
    out.emplace_back(std::move(name), std::nullopt);
  } else {
    std::string pointer = pointer_append("/ajv/formats", name);
    throw CompileError("not supported: ajv.formats." + name + " other than a regex source or true", pointer,
                       ErrorCode::Unsupported);
  }
}

// ajv: {formats} read with for...in, as Ajv reads it: an object's members in JavaScript key
// order, an array's elements under "0", "1", ..., a string's characters likewise.
std::vector<std::pair<std::string, std::optional<std::string>>> custom_formats(const rapidjson::Value& v) {
  std::vector<std::pair<std::string, std::optional<std::string>>> out;
  if (v.IsObject()) {
    std::vector<const rapidjson::Value::Member*> order;
    for (auto& m : v.GetObject()) order.push_back(&m);
    std::stable_sort(order.begin(), order.end(), js_key_order);
    for (const auto* m : order) add_custom_format(std::string(sv(m->name)), m->value, out);
  } else if (v.IsArray()) {
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) add_custom_format(std::to_string(i), v[i], out);
  } else if (v.IsString()) {
    // Each UTF-16 unit is a one-unit string: a lone surrogate as its WTF-8 bytes.
    std::vector<uint16_t> units(v.GetStringLength());
    units.resize(rt::utf16_units(v.GetString(), v.GetStringLength(), units.data()));
    for (size_t i = 0; i < units.size(); ++i) {
      std::string text = rt::wtf8_of_unit(units[i]);
      add_custom_format(std::to_string(i), rapidjson::Value(rapidjson::StringRef(text.data(), text.size())), out);
    }
  }
  return out;
}

// The public enums and the engine's list their values in the same order (from_public casts).
static_assert(static_cast<int>(schemajit::Rounding::Round) == static_cast<int>(Rounding::Round));
static_assert(static_cast<int>(schemajit::AjvOptions::CoerceTypes::Array) == static_cast<int>(AjvCoercion::Arrays));
static_assert(static_cast<int>(schemajit::AjvOptions::UseDefaults::Empty) == static_cast<int>(AjvDefaults::Empty));
static_assert(static_cast<int>(schemajit::AjvOptions::RemoveAdditional::Failing) == static_cast<int>(AjvRemoval::Failing));

// Every top-level option a build reads: fjs's (those that change nothing printed included)
// and schemajit's.
constexpr std::string_view kOptionNames[] = {
    "rounding", "largeArrayMechanism", "largeArraySize", "maxDepth", "objectMechanism", "schema", "ajv", "mode",
    "inlineValidators", "forceProjection", "compileValidators", "jit", "optLevel", "tierUp", "cacheDir", "cutoffs",
    "cutoffsFile", "maxDataDepth", "maxOutputBytes", "maxSchemaNodes"};

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Levenshtein distance of a and b, ASCII case ignored (one row: keys are short).
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same = ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]);
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The option a key that is not exactly one looks like a misspelling of: the same name in
// other case, or at most two edits away and fewer edits than half the name (so "id" is not
// taken for "jit"). fjs ignores unknown keys and so does schemajit; this only finds what to
// warn about. Empty for an option's own name.
std::string_view option_meant_by(std::string_view key) {
  if (key.size() > 64) return {};  // bounds the work; no option is that long
  for (std::string_view name : kOptionNames)
    if (key == name) return {};
  for (std::string_view name : kOptionNames) {
    size_t d = edit_distance(key, name);  // 0: the same name in other case
    if (d <= 2 && 2 * d < name.size()) return name;
  }
  return {};
}

// d (a whole number) as an int64, the nearest one where it is beyond their range: what an
// array length (below 2^32) is compared with then has the same answer.
int64_t saturating_int64(double d) {
  constexpr double kTwo63 = 9223372036854775808.0;
  if (d >= kTwo63) return INT64_MAX;
  if (d < -kTwo63) return INT64_MIN;
  return static_cast<int64_t>(d);
}

// Number.parseInt(text, 10): JavaScript white space, an optional sign, the leading decimal
// digits (all of them: "99999999999999999999" is 1e20); false for NaN (no digits) and for a
// value beyond the double range (fjs asks Number.isFinite). Saturated to int64.
bool parse_int(const std::string& text, int64_t& out) {
  size_t i = 0, sp;
  while (i < text.size() && (sp = rt::js_space_at(text.data() + i, text.size() - i)) != 0) i += sp;
  bool neg = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) neg = text[i++] == '-';
  size_t start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == start) return false;
  double v = rt::decimal_to_double(text.data() + start, i - start);
  if (!std::isfinite(v)) return false;
  out = saturating_int64(neg ? -v : v);
  return true;
}

}  // namespace

void apply_cutoffs(const rapidjson::Value& json, Cutoffs& c, const std::string& pointer) {
  if (!json.IsObject()) throw option_error("cutoffs must be an object", pointer);
  for (auto& m : json.GetObject()) {
    std::string kind = m.name.GetString();
    int64_t* slot = kind == "string" ? &c.string_array : kind == "number" ? &c.number_array
                  : kind == "integer" ? &c.integer_array : kind == "numberArrays" ? &c.number_arrays : nullptr;
    if (!slot)
      throw option_error("unknown cutoff \"" + kind + "\" (string, number, integer, numberArrays)", pointer + "/" + kind);
    if (m.value.IsNull()) *slot = Cutoffs::kNever;
    else if (m.value.IsInt64() && m.value.GetInt64() >= 0) *slot = m.value.GetInt64();
    else throw option_error("a cutoff is a non-negative integer, or null for never", pointer + "/" + kind);
  }
}

Cutoffs load_cutoffs(const std::string& path) {
  std::string err;
  auto text = rt::read_file(path, err);
  if (!text) throw option_error("cannot read cutoffs file " + err, "/cutoffsFile");
  rapidjson::Document doc;
  if (!parse_json(*text, doc, err)) throw option_error("cutoffs file " + path + ": " + err, "/cutoffsFile");
  Cutoffs c;
  apply_cutoffs(doc, c, "");
  return c;
}

namespace {

// $SCHEMAJIT_CUTOFFS, read once per process: its cutoffs, or the built-in ones and why the
// file was not used (the library writes nothing to stderr: Engines log it).
struct EnvCutoffs {
  Cutoffs cutoffs;
  std::string warning;
};

const EnvCutoffs& env_cutoffs() {
  static const EnvCutoffs loaded = [] {
    EnvCutoffs env;
    const char* path = std::getenv("SCHEMAJIT_CUTOFFS");
    if (!path || !*path) return env;
    try {
      env.cutoffs = load_cutoffs(path);
    } catch (const CompileError& e) {
      env.warning = std::string("SCHEMAJIT_CUTOFFS ignored: ") + e.what();
    }
    return env;
  }();
  return loaded;
}

}  // namespace

Cutoffs default_cutoffs() { return env_cutoffs().cutoffs; }

const std::string& default_cutoffs_warning() { return env_cutoffs().warning; }

Options parse_options(const rapidjson::Value& json, std::shared_ptr<const rapidjson::Document> owner) {
  Options o;
  if (!json.IsObject()) return o;
  for (auto& m : json.GetObject()) {
    std::string key(m.name.GetString(), m.name.GetStringLength());
    const auto& v = m.value;
    if (key == "rounding") {
      if (js_falsy(v)) continue;
      std::string r = v.IsString() ? v.GetString() : "";
      if (r == "trunc") o.rounding = Rounding::Trunc;
      else if (r == "floor") o.rounding = Rounding::Floor;
      else if (r == "ceil") o.rounding = Rounding::Ceil;
      else if (r == "round") o.rounding = Rounding::Round;
      else throw option_error("Unsupported integer rounding method " + js_text(v), "/rounding");
    } else if (key == "largeArrayMechanism") {
      // fjs: `if (options.largeArrayMechanism)`, then a Set's has(): a falsy value is the
      // default, anything but one of the two strings (["default"] too) is refused.
      if (js_falsy(v)) continue;
      std::string r = v.IsString() ? v.GetString() : "";
      if (r == "default") o.large_array_mechanism = LargeArrayMechanism::Default;
      else if (r == "json-stringify") o.large_array_mechanism = LargeArrayMechanism::JsonStringify;
      else throw option_error("Unsupported large array mechanism " + js_text(v), "/largeArrayMechanism");
    } else if (key == "largeArraySize") {
      if (js_falsy(v)) continue;
      int64_t n;
      bool ok = false;
      if (v.IsNumber()) {
        double d = v.GetDouble();
        ok = std::isfinite(d) && std::trunc(d) == d;
        n = ok ? saturating_int64(d) : 0;
      } else if (v.IsString()) {
        ok = parse_int(std::string(v.GetString(), v.GetStringLength()), n);
      }
      if (!ok)
        throw option_error(std::string("Unsupported large array size. Expected integer-like, got ") + js_typeof(v) +
                               " with value " + js_text(v), "/largeArraySize");
      o.large_array_size = n;
    } else if (key == "maxDepth") {
      bool ok = v.IsNumber() && std::trunc(v.GetDouble()) == v.GetDouble() && v.GetDouble() >= 0 && v.GetDouble() <= 100;
      if (!ok)
        throw option_error("Unsupported max schema depth " + js_text(v) + ". Expected an integer between 0 and 100.", "/maxDepth");
      o.max_depth = static_cast<int>(v.GetDouble());
    } else if (key == "objectMechanism") {
      if (js_falsy(v)) continue;  // as largeArrayMechanism
      std::string r = v.IsString() ? v.GetString() : "";
      if (r != "default" && r != "native") throw option_error("Unsupported object mechanism " + js_text(v), "/objectMechanism");
    } else if (key == "optLevel") {
      if (!v.IsInt() || v.GetInt() < 0 || v.GetInt() > 3) throw option_error("optLevel must be 0, 1, 2 or 3", "/optLevel");
      o.opt_level = v.GetInt();
    } else if (key == "maxDataDepth") {
      if (!v.IsInt() || v.GetInt() < 1) throw option_error("maxDataDepth must be a positive integer", "/maxDataDepth");
      o.max_data_depth = v.GetInt();
    } else if (key == "maxOutputBytes") {
      // Any positive int64 written as an integer (INT64_MAX: no limit); written as a double
      // (1e9), one that converts exactly.
      bool whole = v.IsInt64() ? v.GetInt64() >= 1
                               : v.IsNumber() && v.GetDouble() >= 1 && v.GetDouble() <= 9e18 &&
                                     std::trunc(v.GetDouble()) == v.GetDouble();
      if (!whole) throw option_error("maxOutputBytes must be a positive integer", "/maxOutputBytes");
      o.max_output_bytes = v.IsInt64() ? v.GetInt64() : static_cast<int64_t>(v.GetDouble());
    } else if (key == "maxSchemaNodes") {
      if (!v.IsInt64() || v.GetInt64() < 1) throw option_error("maxSchemaNodes must be a positive integer", "/maxSchemaNodes");
      o.max_schema_nodes = v.GetInt64();
    } else if (key == "schema") {
      if (!has_for_in_keys(v)) continue;
      o.external_schemas = std::shared_ptr<const rapidjson::Value>(owner, &v);  // aliases owner
    } else if (key == "cutoffs") {
      apply_cutoffs(v, o.cutoffs, "/cutoffs");
    } else if (key == "cutoffsFile") {
      if (!v.IsString()) throw option_error("cutoffsFile must be a path", "/cutoffsFile");
      o.cutoffs = load_cutoffs(v.GetString());
    } else if (key == "tierUp") {
      if (!v.IsBool()) throw option_error("tierUp must be true or false", "/tierUp");
      o.tier_up = v.GetBool();
    } else if (key == "jit") {
      if (!v.IsBool()) throw option_error("jit must be true or false", "/jit");
      o.jit = v.GetBool();
    } else if (key == "cacheDir") {
      if (!v.IsString()) throw option_error("cacheDir must be a path", "/cacheDir");
      o.cache_dir = v.GetString();
    } else if (key == "compileValidators") {
      o.compile_validators = rt::to_boolean(v);
    } else if (key == "ajv" && v.IsObject()) {
      // Ajv's strictSchema (fjs sets it to false unless given): unknown keywords in what a
      // validator checks are an error.
      auto strict = v.FindMember("strictSchema");
      o.ajv_strict_schema = strict != v.MemberEnd() && strict->value.IsTrue();
      // strictTypes ?? strict ?? "log", and so strictTuples and strictRequired: only `true`
      // throws ("log" warns).
      auto strict_mode = [&](const char* name) {
        const rapidjson::Value* mode = member(v, name);
        if (!mode || mode->IsNull()) mode = member(v, "strict");
        return mode && mode->IsTrue();
      };
      o.ajv_strict_types = strict_mode("strictTypes");
      o.ajv_strict_tuples = strict_mode("strictTuples");
      o.ajv_strict_required = strict_mode("strictRequired");
      // The options that change what Ajv accepts or writes, read as Ajv reads them: a string
      // where it names a mode, else JavaScript truthiness.
      auto is = [](const rapidjson::Value& x, std::string_view text) {
        return x.IsString() && std::string_view(x.GetString(), x.GetStringLength()) == text;
      };
      for (auto& a : v.GetObject()) {
        std::string_view name(a.name.GetString(), a.name.GetStringLength());
        const rapidjson::Value& x = a.value;
        bool on = rt::to_boolean(x);
        if (name == "coerceTypes") {
          o.ajv_coerce_types = is(x, "array") ? AjvCoercion::Arrays : on ? AjvCoercion::Scalars : AjvCoercion::None;
        } else if (name == "useDefaults") {
          o.ajv_use_defaults = is(x, "empty") ? AjvDefaults::Empty : on ? AjvDefaults::Undefined : AjvDefaults::None;
        } else if (name == "removeAdditional") {
          o.ajv_remove_additional = is(x, "all")       ? AjvRemoval::All
                                    : is(x, "failing") ? AjvRemoval::Failing
                                    : on               ? AjvRemoval::Forbidden
                                                       : AjvRemoval::None;
        } else if (name == "validateFormats") {
          o.ajv_validate_formats = on;
        } else if (name == "discriminator") {
          o.ajv_discriminator = on;
        } else if (name == "unicodeRegExp") {
          o.ajv_unicode_regexp = on;
        } else if (name == "formats") {
          o.ajv_formats = custom_formats(x);
        } else if (name == "multipleOfPrecision") {
          // Ajv writes 1e-${N} into its code: a positive integer is what works there.
          bool integral = x.IsNumber() && x.GetDouble() >= 1 && x.GetDouble() <= 300 && x.GetDouble() == std::floor(x.GetDouble());
          if (on && !integral)
            throw precision_unsupported();
          o.ajv_multiple_of_precision = on ? static_cast<int>(x.GetDouble()) : 0;
        }
      }
    } else if (std::string_view meant = option_meant_by(key); !meant.empty()) {
      o.warnings.push_back("unknown option \"" + key + "\" ignored (did you mean \"" + std::string(meant) + "\"?)");
    }
    // Other fjs options (mode, inlineValidators, forceProjection) do not change the bytes
    // printed.
  }
  return o;
}

namespace {

// A JSON value as unambiguous text: a type letter, then lengths before strings so that no
// two values write the same text. Recursive, so bounded by depth.
bool write_value(const rapidjson::Value& v, std::string& out, int depth) {
  if (depth > 1000) return false;
  auto str = [&](const char* s, size_t n) {
    out += std::to_string(n);
    out += ':';
    out.append(s, n);
  };
  switch (v.GetType()) {
    case rapidjson::kNullType: out += 'n'; break;
    case rapidjson::kFalseType: out += 'f'; break;
    case rapidjson::kTrueType: out += 't'; break;
    case rapidjson::kStringType: out += 's'; str(v.GetString(), v.GetStringLength()); break;
    case rapidjson::kNumberType:
      if (v.IsUint64()) out += 'u' + std::to_string(v.GetUint64());
      else if (v.IsInt64()) out += 'i' + std::to_string(v.GetInt64());
      else {
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, v.GetDouble());
        out += 'd';
        out.append(buf, r.ptr);
      }
      out += ';';
      break;
    case rapidjson::kArrayType:
      out += '[';
      for (const auto& e : v.GetArray())
        if (!write_value(e, out, depth + 1)) return false;
      out += ']';
      break;
    case rapidjson::kObjectType:
      out += '{';
      for (const auto& m : v.GetObject()) {
        str(m.name.GetString(), m.name.GetStringLength());
        if (!write_value(m.value, out, depth + 1)) return false;
      }
      out += '}';
      break;
  }
  return true;
}

}  // namespace

Options parse_options(std::string_view json) {
  if (json.empty()) return Options{};
  auto doc = std::make_shared<rapidjson::Document>();
  std::string err;
  if (!parse_json(json, *doc, err)) throw option_error("options are not valid JSON: " + err, "");
  if (!doc->IsObject()) throw option_error("options must be a JSON object", "");
  collapse_duplicate_members(*doc);
  return parse_options(*doc, doc);
}

Options from_public(const schemajit::Options& p) {
  Options o;
  o.rounding = static_cast<Rounding>(p.rounding);
  o.large_array_mechanism = p.large_array_mechanism == schemajit::LargeArrayMechanism::JsonStringify
                                ? LargeArrayMechanism::JsonStringify
                                : LargeArrayMechanism::Default;
  o.large_array_size = p.large_array_size;
  if (p.max_depth < 0 || p.max_depth > 100)
    throw option_error("Unsupported max schema depth " + std::to_string(p.max_depth) +
                           ". Expected an integer between 0 and 100.", "/maxDepth");
  o.max_depth = p.max_depth;
  if (!p.external_schemas.empty()) {
    auto doc = std::make_shared<rapidjson::Document>();
    std::string error;
    if (!parse_json(p.external_schemas, *doc, error)) throw option_error("external schemas are not valid JSON: " + error, "/schema");
    collapse_duplicate_members(*doc);
    if (doc->IsObject() || doc->IsArray()) o.external_schemas = std::shared_ptr<const rapidjson::Value>(doc, doc.get());
  }
  o.compile_validators = p.compile_validators;
  const schemajit::AjvOptions& a = p.ajv;
  o.ajv_coerce_types = static_cast<AjvCoercion>(a.coerce_types);
  o.ajv_use_defaults = static_cast<AjvDefaults>(a.use_defaults);
  o.ajv_remove_additional = static_cast<AjvRemoval>(a.remove_additional);
  o.ajv_validate_formats = a.validate_formats;
  o.ajv_unicode_regexp = a.unicode_regexp;
  if (a.multiple_of_precision < 0 || a.multiple_of_precision > 300)
    throw precision_unsupported();
  o.ajv_multiple_of_precision = a.multiple_of_precision;
  o.ajv_discriminator = a.discriminator;
  o.ajv_strict_schema = a.strict_schema;
  o.ajv_strict_types = a.strict_types;
  o.ajv_strict_tuples = a.strict_tuples;
  o.ajv_strict_required = a.strict_required;
  for (const auto& [name, source] : a.formats) o.ajv_formats.emplace_back(name, source);
  if (p.opt_level < 0 || p.opt_level > 3) throw option_error("optLevel must be 0, 1, 2 or 3", "/optLevel");
  o.opt_level = p.opt_level;
  o.tier_up = p.tier_up;
  o.jit = p.jit;
  o.cache_dir = p.cache_dir;
  if (p.cutoffs) {
    for (int64_t c : {p.cutoffs->string_array, p.cutoffs->number_array, p.cutoffs->integer_array, p.cutoffs->number_arrays})
      if (c < 0) throw option_error("a cutoff is a non-negative integer, or null for never", "/cutoffs");
    o.cutoffs = *p.cutoffs;
  }
  if (p.max_data_depth < 1) throw option_error("maxDataDepth must be a positive integer", "/maxDataDepth");
  o.max_data_depth = p.max_data_depth;
  if (p.max_output_bytes < 1) throw option_error("maxOutputBytes must be a positive integer", "/maxOutputBytes");
  o.max_output_bytes = p.max_output_bytes;
  if (p.max_schema_nodes < 1) throw option_error("maxSchemaNodes must be a positive integer", "/maxSchemaNodes");
  o.max_schema_nodes = p.max_schema_nodes;
  return o;
}

bool cache_fingerprint(const Options& o, std::string& out) {
  auto num = [&](const char* name, int64_t v) { out += std::string(name) + '=' + std::to_string(v) + ';'; };
  num("rounding", static_cast<int64_t>(o.rounding));
  num("largeArraySize", o.large_array_size);
  num("largeArrayMechanism", static_cast<int64_t>(o.large_array_mechanism));
  num("maxDepth", o.max_depth);
  num("maxDataDepth", o.max_data_depth);
  num("maxOutputBytes", o.max_output_bytes);
  num("maxSchemaNodes", o.max_schema_nodes);
  num("optLevel", o.opt_level);
  num("cutoffs.string", o.cutoffs.string_array);
  num("cutoffs.number", o.cutoffs.number_array);
  num("cutoffs.integer", o.cutoffs.integer_array);
  num("cutoffs.numberArrays", o.cutoffs.number_arrays);
  num("compileValidators", o.compile_validators);
  num("ajv.strictSchema", o.ajv_strict_schema);
  num("ajv.strictTypes", o.ajv_strict_types);
  num("ajv.strictTuples", o.ajv_strict_tuples);
  num("ajv.strictRequired", o.ajv_strict_required);
  num("ajv.coerceTypes", static_cast<int64_t>(o.ajv_coerce_types));
  num("ajv.useDefaults", static_cast<int64_t>(o.ajv_use_defaults));
  num("ajv.removeAdditional", static_cast<int64_t>(o.ajv_remove_additional));
  num("ajv.validateFormats", o.ajv_validate_formats);
  num("ajv.unicodeRegExp", o.ajv_unicode_regexp);
  num("ajv.multipleOfPrecision", o.ajv_multiple_of_precision);
  num("ajv.discriminator", o.ajv_discriminator);
  for (const auto& [name, source] : o.ajv_formats)
    out += "ajv.formats." + std::to_string(name.size()) + ':' + name + (source ? '=' + std::to_string(source->size()) + ':' + *source : "=true") + ';';
  out += "schema=";
  return o.external_schemas ? write_value(*o.external_schemas, out, 0) : (out += '-', true);
}

}  // namespace sj
