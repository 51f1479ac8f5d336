// Compile-and-serialize helpers shared by the engine tests.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <schemajit/schemajit.h>
#include "api/text_paths.h"
#include "tools/tool_common.h"

namespace sj::test {

// How the engine tests hand text to a serializer: read as JSON.parse reads it into a RapidJSON
// document, which machine code reads and whose calls count toward tier-up. serialize_json's
// own path (yyjson's reader, the interpreter) is checked by the corpus (SerializeJsonOnYyjson),
// the API edge, yyjson model and hostile-text tests, and fuzz_text against this one.
inline schemajit::Status serialize_text(const schemajit::Serializer& ser, std::string_view text, std::string& out) {
  return schemajit::detail::SerializerAccess::serialize_json(ser, text, schemajit::detail::InputModel::RapidJson, out);
}

// The whole engine; the interpreter's in a build without the JIT.
inline schemajit::Engine& engine() {
  static schemajit::Engine e = sj::tools::make_engine();
  return e;
}

// Options for exactly `level`'s code from the first call (no tier-up), with `more` members.
inline std::string at_level(int level, const std::string& more = "") {
  return "{\"tierUp\":false,\"optLevel\":" + std::to_string(level) + (more.empty() ? "" : "," + more) + "}";
}

// The output, or "ERR: <message> @<schema path>" (or "COMPILE: ..." when the schema fails).
inline std::string run(const std::string& schema, const std::string& input, const std::string& options = "") {
  auto ser = engine().compile(schema, options);
  if (!ser) return "COMPILE: " + ser.error().message + " @" + ser.error().pointer;
  std::string out;
  auto st = serialize_text(*ser, input, out);
  if (!st) return "ERR: " + st.error().message + " @" + st.error().pointer;
  return out;
}

// A directory of the running test's own under the temporary directory, named by `prefix`, the
// process and the test, and not there yet (left over from an earlier run: removed).
inline std::filesystem::path fresh_test_dir(const std::string& prefix) {
  auto dir = std::filesystem::temp_directory_path() /
             (prefix + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace sj::test
