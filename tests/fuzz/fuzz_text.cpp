// libFuzzer target 7: a schema and JSON text (the bytes before and after the first NUL),
// serialized by serialize_json's two ways of reading text, which must agree byte for byte:
// yyjson's reader and the yyjson model (the public path), and parse_json_data into a RapidJSON
// document (the reference: JSON.parse's meaning as the corpus checks it). Hostile text —
// duplicate names, lone surrogates, NUL bytes, invalid UTF-8, huge exponents, deep nesting,
// truncation — must get the same output or the same error message from both, with the
// caller's buffer as it was on error. Each text is also serialized under the empty schema
// (JSON.stringify of JSON.parse), so text whose schema does not compile is still compared.
// Both run on the interpreter: machine code on RapidJSON is target 2's comparison.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include <schemajit/schemajit.h>
#include "api/text_paths.h"

namespace {

using schemajit::detail::InputModel;
using schemajit::detail::SerializerAccess;

void same_either_way(const schemajit::Serializer& ser, const std::string& text) {
  const std::string prefix = "prefix";
  std::string by_rapidjson = prefix;
  std::string by_yyjson = prefix;
  auto want = SerializerAccess::serialize_json(ser, text, InputModel::RapidJson, by_rapidjson);
  auto got = SerializerAccess::serialize_json(ser, text, InputModel::Yyjson, by_yyjson);
  if (want.ok() != got.ok()) std::abort();
  if (!want.ok()) {
    if (want.error().message != got.error().message) std::abort();
    if (by_rapidjson != prefix || by_yyjson != prefix) std::abort();  // rolled back
    return;
  }
  if (by_rapidjson != by_yyjson) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static schemajit::Engine engine;
  static const schemajit::Serializer any = engine.compile("{}", R"({"jit":false})").value();
  const char* bytes = reinterpret_cast<const char*>(data);
  const char* nul = static_cast<const char*>(std::memchr(bytes, 0, size));
  std::string schema = nul ? std::string(bytes, nul) : "";
  std::string text = nul ? std::string(nul + 1, bytes + size) : std::string(bytes, size);
  same_either_way(any, text);
  if (schema.empty()) return 0;
  auto ser = engine.compile(schema, R"({"jit":false})");
  if (ser) same_either_way(*ser, text);
  return 0;
}
