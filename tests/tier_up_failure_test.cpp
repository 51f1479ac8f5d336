// Tier-up under pressure (issue 38): when the Engine's worker thread cannot be started (a
// thread or address-space limit), the call that asks for the recompile still succeeds, the
// serializer stays on the interpreter and prints the same bytes, and stats count the failure.
#include <gtest/gtest.h>

#include <pthread.h>

#include <cstdlib>
#include <string>
#include <thread>

#include <schemajit/schemajit.h>
#include "tests/test_util.h"

namespace {

const char* kSchema = R"({"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}})";
const char* kData = R"({"name":"n","id":"7","x":1})";
const char* kExpected = R"({"id":7,"name":"n"})";

// Every thread created from now on asks for a 1 TiB stack, which no mapping can give:
// pthread_create fails with EAGAIN as it does when the address space or the thread count runs
// out. Checked here, so that the test cannot pass without the failure it is about.
bool threads_cannot_start() {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, size_t(1) << 40) != 0 ||
      pthread_setattr_default_np(&attr) != 0)
    return false;
  try {
    std::thread([] {}).join();
    return false;
  } catch (const std::system_error&) {
    return true;
  }
}

// In a fresh process (the limit cannot be taken back): compile_all runs its batch on the
// calling thread; no worker, so the 100th call's request and a cacheDir compile's (which
// queues at once) fail; every call succeeds with the same bytes, wait_for_tier_up returns,
// the failures are counted, and exit is normal.
TEST(ThreadLimitDeathTest, TierUpKeepsTheInterpreter) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        schemajit::Engine engine;
        if (!threads_cannot_start()) std::_Exit(2);
        auto batch = engine.compile_all({{kSchema, {}}, {kSchema, {}}, {kSchema, {}}}, 3);  // on this thread alone
        for (const auto& result : batch) {
          std::string out;
          if (!result || !sj::test::serialize_text(*result, kData, out) || out != kExpected) std::_Exit(9);
        }
        auto ser = engine.compile(kSchema);
        if (!ser) std::_Exit(3);
        std::string out;
        for (int i = 0; i < 150; ++i) {
          out.clear();
          if (!sj::test::serialize_text(*ser, kData, out) || out != kExpected) std::_Exit(4);
        }
        schemajit::Options cached;
        cached.cache_dir = ::testing::TempDir();
        auto from_cache = engine.compile(kSchema, cached);
        if (!from_cache) std::_Exit(5);
        out.clear();
        if (!sj::test::serialize_text(*from_cache, kData, out) || out != kExpected) std::_Exit(6);
        engine.wait_for_tier_up();
        auto stats = engine.stats();
        if (stats.jit_failures != 2 || stats.tier_ups != 0) std::_Exit(7);
        if (stats.jit_error.find("thread") == std::string::npos) std::_Exit(8);
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
