// libFuzzer target 2: a schema and a document (the bytes before and after the first NUL) →
// compile → serialize (the document read as serialize_json reads it), checked with
// properties that need no oracle:
//   - the output is JSON (RapidJSON parses it, once lone surrogates' escapes are hidden from
//     it), unless the schema asks for format "unsafe";
//   - the interpreter (at every cutoff at 0 and at infinity too) and machine code print the same
//     bytes or fail with the same message (the tiers are byte-identical by construction);
//   - every cutoff at 0 (bulk kernels from length 0) and at infinity (the loop only) print the
//     same bytes, and so do the fast-compiling level 0 and the default level 1;
//   - on error the caller's buffer is byte for byte what it was, and the error is the same
//     under every variant;
//   - a second call prints the same bytes;
//   - the other sinks print them too: a caller's buffer (of exactly that size, and one byte
//     short: BufferTooSmall naming that size, the buffer as it was) and a chunk writer with a
//     chunk size drawn from the input; on error both fail with the same message, the buffer
//     as it was;
//   - under a maxOutputBytes drawn from the input, the call prints the same bytes when they fit
//     and fails with the limit's error (the buffer as it was) when they do not;
//   - under Ajv's options that write data (coerceTypes; "array" with useDefaults and
//     removeAdditional), for schemas with anyOf/oneOf/if, levels 0 and 1 agree and the
//     caller's DOM reads the same afterwards (the writes go to copies).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>
#include "ir/schema_doc.h"
#include "runtime/js_value.h"

namespace {

struct Outcome {
  bool ok = false;
  std::string text;  // the output, or the error message
};

// The buffer and chunk sinks against the string sink's outcome.
void check_sinks(const schemajit::Serializer& ser, const rapidjson::Document& doc, const Outcome& want, size_t chunk) {
  std::string buffer(want.ok ? want.text.size() : 64, '#');
  const std::string before = buffer;
  auto len = ser.serialize(doc, buffer.data(), buffer.size());
  if (len.ok() != want.ok) std::abort();
  if (!want.ok && (len.error().message != want.text || buffer != before)) std::abort();
  if (want.ok && (*len != want.text.size() || buffer != want.text)) std::abort();
  if (want.ok && !want.text.empty()) {
    std::string short_one(want.text.size() - 1, '#');
    auto small = ser.serialize(doc, short_one.data(), short_one.size());
    if (small || small.error().required_bytes != want.text.size() || short_one != std::string(want.text.size() - 1, '#'))
      std::abort();
  }
  std::string seen;
  auto st = ser.serialize(
      doc,
      [&](std::string_view piece) {
        if (piece.size() > chunk || piece.empty()) std::abort();
        seen.append(piece);
        return true;
      },
      chunk);
  if (st.ok() != want.ok) std::abort();
  if (want.ok && seen != want.text) std::abort();
  if (!want.ok && st.error().message != want.text) std::abort();
}

Outcome run(schemajit::Engine& engine, const std::string& schema, const char* options, const rapidjson::Document& doc,
            size_t chunk) {
  auto ser = engine.compile(schema, options);
  if (!ser) return {false, "build: " + ser.error().message};
  const std::string prefix = "prefix";
  std::string out = prefix;
  auto st = ser->serialize(doc, out);
  Outcome outcome;
  if (!st) {
    if (out != prefix) std::abort();  // the buffer must be rolled back
    outcome = {false, st.error().message};
  } else {
    std::string again = prefix;
    if (!ser->serialize(doc, again) || again != out) std::abort();  // deterministic
    outcome = {true, out.substr(prefix.size())};
  }
  check_sinks(*ser, doc, outcome, chunk);
  return outcome;
}

// JSON's grammar takes any \uXXXX; RapidJSON's parser refuses a lone surrogate's, which
// JSON.stringify prints for one (a string read as an object splits a character above
// U+FFFF in two). Each `\udXXX` becomes `\u00XX` for the check.
std::string lone_surrogates_hidden(std::string text) {
  for (size_t i = 0; i + 5 < text.size(); ++i) {
    if (text[i] != '\\') continue;
    char c = text[i + 3];
    bool surrogate = text[i + 1] == 'u' && text[i + 2] == 'd' && ((c >= '8' && c <= '9') || (c >= 'a' && c <= 'f'));
    if (surrogate) text[i + 2] = text[i + 3] = '0';
    ++i;  // the escaped character: "\\ud800" is a backslash, then text
  }
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static schemajit::Engine engine;
  const char* bytes = reinterpret_cast<const char*>(data);
  const char* nul = static_cast<const char*>(std::memchr(bytes, 0, size));
  if (!nul) return 0;
  std::string schema(bytes, nul);
  std::string input(nul + 1, bytes + size);
  rapidjson::Document doc;  // as serialize_json reads data: lone surrogates, numbers beyond the double range
  std::string parse_error;
  bool lone_surrogates;
  if (!sj::parse_json_data(input, doc, parse_error, lone_surrogates)) return 0;

  const size_t chunk = 1 + std::hash<std::string>{}(schema) % 300;  // small: many chunks per output
  Outcome base = run(engine, schema, R"({"optLevel":1,"tierUp":false})", doc, chunk);
  if (base.text.rfind("build: ", 0) == 0) return 0;  // not a schema we compile: target 1's job
  const char* variants[] = {R"({"optLevel":0,"tierUp":false})",
                            R"({"optLevel":1,"tierUp":false,"cutoffs":{"string":0,"number":0,"integer":0}})",
                            R"({"optLevel":1,"tierUp":false,"cutoffs":{"string":null,"number":null,"integer":null}})",
                            R"({"jit":false})",
                            R"({"jit":false,"cutoffs":{"string":0,"number":0,"integer":0,"numberArrays":0}})",
                            R"({"jit":false,"cutoffs":{"string":null,"number":null,"integer":null,"numberArrays":null}})"};
  for (const char* options : variants) {
    Outcome other = run(engine, schema, options, doc, chunk);
    if (other.ok != base.ok || other.text != base.text) std::abort();
  }
  if (base.ok) {  // an output limit around the output's length, drawn from the input
    size_t limit = 1 + std::hash<std::string>{}(input) % (base.text.size() + 16);
    for (const char* tier : {R"("optLevel":1,"tierUp":false)", R"("jit":false)"}) {
      std::string options = std::string("{") + tier + R"(,"maxOutputBytes":)" + std::to_string(limit) + "}";
      Outcome limited = run(engine, schema, options.c_str(), doc, chunk);
      bool fits = base.text.size() <= limit;
      if (limited.ok != fits) std::abort();
      if (fits ? limited.text != base.text
               : limited.text != "output exceeds maxOutputBytes (" + std::to_string(limit) + " bytes)")
        std::abort();
    }
  }
  if (schema.find("Of\"") != std::string::npos || schema.find("\"if\"") != std::string::npos) {
    std::string before = sj::rt::json_stringify(doc);
    for (const char* mode : {R"("coerceTypes":true)", R"("coerceTypes":"array","useDefaults":"empty","removeAdditional":"all")"}) {
      std::string ajv = std::string(R"("ajv":{)") + mode + "}}";
      Outcome fast = run(engine, schema, (R"({"optLevel":1,"tierUp":false,)" + ajv).c_str(), doc, chunk);
      Outcome quick = run(engine, schema, (R"({"optLevel":0,"tierUp":false,)" + ajv).c_str(), doc, chunk);
      Outcome interpreted = run(engine, schema, (R"({"jit":false,)" + ajv).c_str(), doc, chunk);
      if (fast.ok != quick.ok || fast.text != quick.text) std::abort();
      if (fast.ok != interpreted.ok || fast.text != interpreted.text) std::abort();
    }
    if (sj::rt::json_stringify(doc) != before) std::abort();  // the caller's DOM was written
  }
  if (base.ok && schema.find("unsafe") == std::string::npos) {
    rapidjson::Document check;
    std::string text = lone_surrogates_hidden(base.text);
    check.Parse<rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag>(text.data(), text.size());
    if (check.HasParseError()) std::abort();  // output that is not JSON
  }
  return 0;
}
