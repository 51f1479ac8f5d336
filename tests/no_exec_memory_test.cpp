// No executable memory outside the JIT (issue 39): an interpreter-only Engine compiling and
// running schemas with patternProperties and `pattern` (libregexp interprets its bytecode)
// maps no executable page. Counted in /proc/self/maps, in a forked child: the parent's other
// tests have LLVM's JIT pages and threads that could map more while this one looks.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include <schemajit/schemajit.h>
#include "tests/test_util.h"

namespace {

// The executable mappings of this process, one line each.
std::string executable_mappings() {
  std::ifstream maps("/proc/self/maps");
  std::string line, out;
  while (std::getline(maps, line)) {
    std::istringstream fields(line);
    std::string range, perms;
    fields >> range >> perms;
    if (perms.size() > 2 && perms[2] == 'x') out += line + "\n";
  }
  return out;
}

// Exit codes of the child: 0 when nothing new is executable.
int run_patterns_and_compare() {
  std::string before = executable_mappings();
  schemajit::Engine engine(schemajit::interpreter_only);
  auto ser = engine.compile(R"({"type":"object",
    "properties":{"email":{"anyOf":[{"type":"string","pattern":"^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$"},{"type":"null"}]},
                  "label":{"anyOf":[{"type":"string","pattern":"^(?:\\S+|(a+)+b)$"},{"type":"integer"}]}},
    "patternProperties":{"^x-[a-z]+$":{"type":"string"},"^[0-9]+$":{"type":"integer"}},
    "additionalProperties":false})");
  if (!ser) return 2;
  std::string out;
  auto st = sj::test::serialize_text(*ser, R"({"email":"josé@example.com","label":"café","x-trace":"t","42":"7","other":1})", out);
  if (!st || out != R"({"email":"josé@example.com","label":"café","42":7,"x-trace":"t"})") return 3;
  return executable_mappings() == before ? 0 : 1;
}

TEST(NoExecMemory, InterpreterOnlyPatternsMapNoExecutablePage) {
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(run_patterns_and_compare());
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: a new executable mapping; 2: compile failed; 3: wrong output";
}

}  // namespace
