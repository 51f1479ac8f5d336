// Compile-and-serialize helpers shared by the engine tests.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include <schemajit/schemajit.h>

namespace sj::test {

inline schemajit::Engine& engine() {
  static schemajit::Engine e;
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
  auto st = ser->serialize_json(input, out);
  if (!st) return "ERR: " + st.error().message + " @" + st.error().pointer;
  return out;
}

}  // namespace sj::test
