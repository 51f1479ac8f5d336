// fork() after tier-up (issue 38), the pre-fork server's way: a parent whose Engines have
// started their worker forks; each child serializes, tiers up new serializers,
// wait_for_tier_up returns, and the child ends through exit() (static Engines destroyed, exit
// handlers run) within a time bound. Also forks while the worker compiles. Not run under
// ThreadSanitizer (fork in a threaded process is noisy there); ASan runs them.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <schemajit/schemajit.h>
#include "tests/test_util.h"

namespace {

bool forked_child = false;

}  // namespace

// LeakSanitizer asks this before its check at exit. A forked child holds memory only the
// parent's other threads pointed at (their stacks and thread_locals: the worker's thread state,
// its TargetMachines), and those threads were not copied: the child could not free it, and the
// check would report it. The children's own checks are what these tests are about.
extern "C" int __lsan_is_turned_off() { return forked_child; }

namespace {

const char* kSchema = R"({"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}})";
const char* kData = R"({"name":"n","id":"7","x":1})";
const char* kExpected = R"({"id":7,"name":"n"})";
const char* kOther = R"({"type":"array","items":{"type":"number"}})";

std::string output(const schemajit::Serializer& ser, const char* data) {
  std::string out;
  auto st = sj::test::serialize_text(ser, data, out);
  return st ? out : "ERR: " + st.error().message;
}

// A serializer of `schema` called 100 times: its recompile is queued.
std::optional<schemajit::Serializer> called_100_times(schemajit::Engine& engine, const char* schema, const char* data) {
  auto ser = engine.compile(schema);
  if (!ser) return std::nullopt;
  for (int i = 0; i < 100; ++i) output(*ser, data);
  return *ser;
}

// Forks `children` processes that each run `body` and end with exit(body()), the normal end
// (static destructors, thread_local destructors, exit handlers); 0 means the checks passed.
// Waits at most `seconds` for all of them (a hang kills them and fails the test, instead of
// hanging it). Returns "" when every child exited with 0, else what went wrong.
std::string in_children(int children, const std::function<int()>& body, int seconds = 60) {
  std::fflush(nullptr);  // else the children would print the parent's buffered output again
  std::vector<pid_t> pids;
  for (int i = 0; i < children; ++i) {
    pid_t pid = fork();
    if (pid == 0) {
      forked_child = true;
      std::exit(body());
    }
    if (pid < 0) return "fork failed";
    pids.push_back(pid);
  }
  std::string problems;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  for (pid_t pid : pids) {
    int status = 0;
    pid_t done;
    while ((done = waitpid(pid, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (done == 0) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      problems += "child hung; ";
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      problems += "child ended with status " + std::to_string(status) + "; ";
    }
  }
  return problems;
}

// What each child checks: the parent's serializer prints the same bytes, a new
// serializer tiers up in the child (stats copied from the parent count one more), and `local`,
// an Engine whose worker the parent started, is destroyed without waiting on that worker.
int child_checks(schemajit::Engine& engine, const schemajit::Serializer& parents, std::optional<schemajit::Engine>& local) {
  if (output(parents, kData) != kExpected) return 10;
  engine.wait_for_tier_up();  // a recompile queued before the fork runs in the child too
  uint64_t tier_ups = engine.stats().tier_ups;
  auto mine = called_100_times(engine, kOther, "[1,\"2\"]");
  if (!mine) return 11;
  engine.wait_for_tier_up();
  if (engine.stats().tier_ups != tier_ups + 1 || engine.stats().jit_failures != 0) return 12;
  if (output(*mine, "[1,\"2\"]") != "[1,2]") return 13;
  local.reset();
  return 0;
}

// Destroyed by exit() in the parent and in every child.
schemajit::Engine& static_engine() {
  static schemajit::Engine engine;
  return engine;
}

TEST(Fork, ChildrenOfATieredUpParentWorkAndExit) {
  schemajit::Engine& engine = static_engine();
  auto parents = called_100_times(engine, kSchema, kData);
  ASSERT_TRUE(parents);
  std::optional<schemajit::Engine> local(std::in_place);
  auto locals = called_100_times(*local, kSchema, kData);
  engine.wait_for_tier_up();
  local->wait_for_tier_up();
  ASSERT_GE(engine.stats().tier_ups, 1u);
  ASSERT_EQ(local->stats().tier_ups, 1u);

  EXPECT_EQ(in_children(2, [&] { return child_checks(engine, *parents, local); }), "");

  // The parent's worker is untouched by the forks: it still tiers up.
  uint64_t tier_ups = engine.stats().tier_ups;
  auto again = called_100_times(engine, R"({"type":"string"})", "\"s\"");
  engine.wait_for_tier_up();
  EXPECT_EQ(engine.stats().tier_ups, tier_ups + 1);
  EXPECT_EQ(output(*again, "\"s\""), "\"s\"");
}

// In a fresh process, so that the fork meets the process's first recompile (the priming one,
// engine/tier_up.h) as well as later ones: the parent forks while its worker compiles, `ms`
// after queuing. The children work as above, and so does the parent.
TEST(ForkDeathTest, WhileTheWorkerCompiles) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        schemajit::Engine& engine = static_engine();
        std::optional<schemajit::Engine> local(std::in_place);
        for (int ms : {0, 1, 5, 20}) {
          auto parents = called_100_times(engine, kSchema, kData);
          if (!parents) std::_Exit(2);
          called_100_times(*local, R"({"type":"integer"})", "1");
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
          std::string problems = in_children(1, [&] { return child_checks(engine, *parents, local); });
          if (!problems.empty()) {
            std::fprintf(stderr, "%d ms: %s\n", ms, problems.c_str());
            std::_Exit(3);
          }
          engine.wait_for_tier_up();
          if (output(*parents, kData) != kExpected) std::_Exit(4);
        }
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "");
}

// A fork while tier-ups are queued behind the running one: the fork waits for that one only
// (the worker starts no other while it is pending), and the child's own worker runs the rest;
// its stats, copied from the parent, count each recompile once, wherever it ran.
TEST(ForkDeathTest, QueuedTierUpsRunInTheChild) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        schemajit::Engine& engine = static_engine();
        std::vector<schemajit::Serializer> serializers;
        for (const char* schema : {R"({"type":"integer"})", R"({"type":"string"})", R"({"type":"number"})",
                                   R"({"type":"boolean"})"}) {
          auto ser = called_100_times(engine, schema, "1");
          if (!ser) std::_Exit(2);
          serializers.push_back(*ser);
        }
        std::string problems = in_children(1, [&] {
          engine.wait_for_tier_up();
          if (engine.stats().tier_ups != 4 || engine.stats().jit_failures != 0) return 20;
          return output(serializers[1], "1") == "\"1\"" ? 0 : 21;
        });
        if (!problems.empty()) {
          std::fprintf(stderr, "%s\n", problems.c_str());
          std::_Exit(3);
        }
        engine.wait_for_tier_up();
        std::exit(engine.stats().tier_ups == 4 ? 0 : 4);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
