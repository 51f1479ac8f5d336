// The tiers (issue 28): every serializer starts on the interpreter, machine code replaces it
// when the JIT can make it, and when it cannot (no executable memory) the serializer stays
// interpreted, prints the same bytes, and the Engine's stats say why. An Engine without a JIT
// never starts LLVM.
#include <gtest/gtest.h>

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <cstddef>
#include <string>

#include <schemajit/schemajit.h>
#include "tests/test_util.h"

namespace {

const char* kSchema = R"({"type":"object","properties":{"id":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}},
  "shape":{"anyOf":[{"type":"object","properties":{"kind":{"const":"circle"}},"required":["kind"]},{"type":"string"}]}}})";
const char* kData = R"({"tags":["a","b"],"id":"7","shape":{"kind":"circle","r":1}})";
const char* kExpected = R"({"id":7,"tags":["a","b"],"shape":{"kind":"circle"}})";

std::string serialize(const schemajit::Serializer& ser, const char* data = kData) {
  std::string out;
  auto st = sj::test::serialize_text(ser, data, out);
  return st ? out : "ERR: " + st.error().message;
}

TEST(Tiers, InterpreterOnlyEngine) {
  schemajit::Engine engine{schemajit::interpreter_only};
  auto ser = engine.compile(kSchema, R"({"tierUp":false})");  // no JIT to compile with: interpreted all the same
  ASSERT_TRUE(ser) << ser.error().message;
  for (int i = 0; i < 200; ++i) ASSERT_EQ(serialize(*ser), kExpected);
  engine.wait_for_tier_up();
  EXPECT_EQ(engine.stats().tier_ups, 0u);
  auto ir = engine.dump(kSchema, "", schemajit::DumpKind::IR);
  EXPECT_TRUE(ir);
  auto llvm = engine.dump(kSchema, "", schemajit::DumpKind::LLVM);
  ASSERT_FALSE(llvm);
  EXPECT_EQ(llvm.error().code, schemajit::ErrorCode::Unsupported);
}

TEST(Tiers, JitFalseStaysInterpreted) {
  schemajit::Engine engine;
  schemajit::Options options;
  options.jit = false;
  auto ser = engine.compile(kSchema, options);
  ASSERT_TRUE(ser);
  for (int i = 0; i < 200; ++i) ASSERT_EQ(serialize(*ser), kExpected);
  engine.wait_for_tier_up();
  EXPECT_EQ(engine.stats().tier_ups, 0u);
  EXPECT_EQ(engine.stats().jit_failures, 0u);
}

// Refuses every mmap, mprotect and pkey_mprotect that asks for PROT_EXEC, as SELinux's
// deny_execmem or a hardened container's seccomp profile does.
bool deny_executable_memory() {
  sock_filter filter[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mmap, 3, 0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 2, 0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pkey_mprotect, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[2])),  // prot
      BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  sock_fprog program{static_cast<unsigned short>(sizeof filter / sizeof filter[0]), filter};
  return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
}

// In a child process (the filter cannot be taken back): with tier-up off the compile fails in
// LLVM and compile() returns the interpreted serializer; with tier-up the background compile
// fails after 100 calls. Either way the bytes are the same and stats count the failures.
TEST(TiersDeathTest, NoExecutableMemoryKeepsTheInterpreter) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        if (!deny_executable_memory()) std::_Exit(2);
        schemajit::Engine engine;
        auto now = engine.compile(kSchema, R"({"tierUp":false})");
        if (!now || serialize(*now) != kExpected) std::_Exit(3);
        auto later = engine.compile(kSchema);
        for (int i = 0; i < 150; ++i)
          if (!later || serialize(*later) != kExpected) std::_Exit(4);
        engine.wait_for_tier_up();
        auto stats = engine.stats();
        if (stats.jit_failures != 2 || stats.tier_ups != 0 || stats.jit_error.empty()) std::_Exit(5);
        if (serialize(*later) != kExpected) std::_Exit(6);
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
