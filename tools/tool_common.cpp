#include "api/text_paths.h"
#include "tools/tool_common.h"

#include <cstdio>
#include <functional>
#include <utility>

#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/options.h"
#include "ir/schema_doc.h"
#include "runtime/read_file.h"

namespace sj::tools {

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  return sj::rt::read_file(path, error, {.streams = true});
}

std::vector<std::string> read_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) lines.emplace_back(text, start, end - start);
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> option_warnings(const std::string& options_json) {
  try {
    return parse_options(options_json).warnings;
  } catch (const CompileError&) {
    return {};
  }
}

namespace {

std::string clip(const std::string& s, size_t n = 300) { return s.size() <= n ? s : s.substr(0, n) + "…"; }

// Where two texts first differ, with a little context.
std::string diff(const std::string& want, const std::string& got) {
  size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  size_t from = i > 40 ? i - 40 : 0;
  return "first difference at byte " + std::to_string(i) + "\n      want: " + clip(want.substr(from), 160) +
         "\n      got:  " + clip(got.substr(from), 160);
}

}  // namespace

std::optional<Tier> parse_tier(const std::string& text) {
  if (text == "interp") return Tier::Interpreter;
  if (text.size() == 1 && text[0] >= '0' && text[0] <= '3') return static_cast<Tier>(text[0] - '0');
  return std::nullopt;
}

const char* tier_name(Tier tier) {
  switch (tier) {
    case Tier::Default: return "default";
    case Tier::Interpreter: return "interp";
    case Tier::Level0: return "0";
    case Tier::Level1: return "1";
    case Tier::Level2: return "2";
    case Tier::Level3: return "3";
  }
  return "?";
}

CaseInputs case_compile_inputs(const rapidjson::Value& c, Tier tier) {
  rapidjson::Document options;
  options.SetObject();
  if (c.HasMember("options") && c["options"].IsObject()) options.CopyFrom(c["options"], options.GetAllocator());
  if (tier == Tier::Interpreter) {
    options.AddMember("jit", false, options.GetAllocator());
  } else if (tier != Tier::Default) {  // exactly this level's code, from the first call on
    options.AddMember("optLevel", static_cast<int>(tier), options.GetAllocator());
    options.AddMember("tierUp", false, options.GetAllocator());
  }
  return {c.HasMember("schema") ? sj::json_text(c["schema"]) : "{}", sj::json_text(options)};
}

std::string aot_case_name(const std::string& schema, const std::string& options) {
  // The manifest's writer and the test that looks names up are built by the same compiler,
  // so the standard library's hash names a pair the same on both sides.
  char name[20];
  std::snprintf(name, sizeof name, "c%016llx",
                static_cast<unsigned long long>(std::hash<std::string>{}(schema + std::string(1, '\0') + options)));
  return name;
}

namespace {
constexpr std::pair<InputKind, const char*> kInputKinds[] = {
    {InputKind::Text, "text"}, {InputKind::RapidJson, "rapidjson"}, {InputKind::Yyjson, "yyjson"}};
}  // namespace

std::optional<InputKind> parse_input_kind(const std::string& text) {
  for (auto [kind, name] : kInputKinds)
    if (text == name) return kind;
  return std::nullopt;
}

const char* input_kind_name(InputKind input) {
  for (auto [kind, name] : kInputKinds)
    if (kind == input) return name;
  return "rapidjson";
}

CaseOutcome run_case(schemajit::Engine& engine, const std::string& line, const CheckOptions& check) {
  CaseOutcome out;
  rapidjson::Document c;
  std::string err;
  if (!sj::parse_json(line, c, err) || !c.IsObject()) {
    out.detail = "case is not a JSON object: " + err;
    return out;
  }
  const CaseInputs inputs = case_compile_inputs(c, check.tier);
  out.id = c.HasMember("id") && c["id"].IsString() ? c["id"].GetString() : "?";

  const char* kind = c.HasMember("expected") ? "expected" : c.HasMember("error") ? "error" : "build_error";
  // By length: an error message may hold a NUL (fjs quotes the value it could not convert).
  std::string want = c.HasMember(kind) && c[kind].IsString() ? std::string(sj::sv(c[kind])) : "";
  out.error_case = std::strcmp(kind, "expected") != 0;

  auto ser = check.compile ? check.compile(inputs.schema, inputs.options) : engine.compile(inputs.schema, inputs.options);
  if (!ser) {
    out.passed = std::strcmp(kind, "build_error") == 0;
    out.message_exact = out.passed && ser.error().message == want;
    if (!out.passed) out.detail = "build error: " + clip(ser.error().message) + " (at " + ser.error().pointer + ")";
    else if (!out.message_exact) out.detail = "message: " + clip(ser.error().message) + "\n      fjs:     " + clip(want);
    return out;
  }
  if (std::strcmp(kind, "build_error") == 0) {
    out.detail = "compiled, but fast-json-stringify fails to build: " + clip(want);
    return out;
  }
  std::string input = c.HasMember("input") && c["input"].IsString() ? std::string(sj::sv(c["input"])) : "null";
  std::string got = "prefix:";  // a non-empty buffer, so that appending and rollback are checked too
  auto st = check.input == InputKind::Text ? ser->serialize_json(input, got)
            : schemajit::detail::SerializerAccess::serialize_json(
                  *ser, input,
                  check.input == InputKind::Yyjson ? schemajit::detail::InputModel::Yyjson
                                                   : schemajit::detail::InputModel::RapidJson,
                  got);
  if (!st) {
    out.passed = std::strcmp(kind, "error") == 0 && got == "prefix:";
    out.message_exact = out.passed && st.error().message == want;
    if (!out.passed)
      out.detail = got != "prefix:" ? "buffer not rolled back on error" : "error: " + clip(st.error().message);
    else if (!out.message_exact) out.detail = "message: " + clip(st.error().message) + "\n      fjs:     " + clip(want);
    return out;
  }
  got.erase(0, 7);
  if (std::strcmp(kind, "error") == 0) {
    out.detail = "serialized, but fast-json-stringify throws: " + clip(want) + "\n      got:  " + clip(got, 160);
    return out;
  }
  out.passed = got == want;
  if (!out.passed) out.detail = diff(want, got);
  return out;
}

}  // namespace sj::tools
