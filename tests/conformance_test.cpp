// Runs every conformance case through each way of running a serializer the engine has: the
// interpreter, and machine code at levels 0 and 1 from the first call (one test each, so that
// ctest runs them side by side). The ahead-of-time code runs them in aot_conformance_test.cpp.
#include <gtest/gtest.h>

#include "tests/conformance_runner.h"

namespace {

void run(sj::tools::Tier tier) {
  sj::tools::CheckOptions check;
  check.tier = tier;
  sj::tests::every_case_of_every_file(sj::tools::tier_name(tier), check);
}

TEST(Conformance, Interpreter) { run(sj::tools::Tier::Interpreter); }
TEST(Conformance, MachineCodeLevel0) { run(sj::tools::Tier::Level0); }
TEST(Conformance, MachineCodeLevel1) { run(sj::tools::Tier::Level1); }

}  // namespace
