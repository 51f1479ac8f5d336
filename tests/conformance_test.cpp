// Runs every conformance case through each way of running a serializer the engine has: the
// interpreter, and (a build with the JIT) machine code at levels 0 and 1 from the first call (one test each, so that
// ctest runs them side by side), each reading the cases' text parsed into a RapidJSON
// document; and through serialize_json, whose text is read into a yyjson document that the
// interpreter reads. The ahead-of-time code runs them in aot_conformance_test.cpp.
#include <gtest/gtest.h>

#include "tests/conformance_runner.h"

namespace {

void run(sj::tools::Tier tier, sj::tools::InputKind input = sj::tools::InputKind::RapidJson) {
  sj::tools::CheckOptions check;
  check.tier = tier;
  check.input = input;
  std::string label = sj::tools::tier_name(tier);
  if (input == sj::tools::InputKind::Text) label += ", serialize_json";
  sj::tests::every_case_of_every_file(label.c_str(), check);
}

TEST(Conformance, Interpreter) { run(sj::tools::Tier::Interpreter); }
#if SCHEMAJIT_TOOLS_JIT
TEST(Conformance, MachineCodeLevel0) { run(sj::tools::Tier::Level0); }
TEST(Conformance, MachineCodeLevel1) { run(sj::tools::Tier::Level1); }
#endif
TEST(Conformance, SerializeJsonOnYyjson) { run(sj::tools::Tier::Interpreter, sj::tools::InputKind::Text); }

}  // namespace
