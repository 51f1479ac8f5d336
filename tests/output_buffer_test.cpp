// Where a call's output goes (runtime/buffer.cpp): into the spare capacity of the caller's
// string when it has some, into the thread's scratch buffer otherwise or once it runs out;
// appended after what the string held, which an error leaves exactly as it was. Each at
// level 0, whose code writes constant bytes and scalars through runtime calls, and at level
// 1, whose code checks the room and writes them inline.
#include <gtest/gtest.h>
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <rapidjson/document.h>

#include "tests/test_util.h"

namespace {

using sj::test::at_level;
using sj::test::engine;

const char* kSchema = R"({"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}},"required":["id"]}})";

// n objects, their expected output, and (bad) one with the required "id" missing at the end.
std::string items(int n, bool bad = false) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + (R"({"id":)" + std::to_string(i) + R"(,"name":"item )" + std::to_string(i) + "\"}");
  if (bad) s += n ? R"(,{"name":"x"})" : R"({"name":"x"})";
  return s + "]";
}

std::string serialize(const std::string& data, std::string& out, const std::string& options) {
  auto ser = engine().compile(kSchema, options);
  auto st = sj::test::serialize_text(*ser, data, out);
  return st ? "ok" : st.error().message;
}

TEST(OutputBuffer, AppendsInPlaceAfterExistingContent) {
  for (int level : {0, 1}) {
    std::string out = "prefix:";
    out.reserve(4096);
    const char* before = out.data();
    ASSERT_EQ(serialize(items(10), out, at_level(level)), "ok");
    EXPECT_EQ(out, "prefix:" + items(10)) << level;
    EXPECT_EQ(out.data(), before) << level;  // written where it ended up: no reallocation, no copy
  }
}

// A tiny output into a fresh string (inline capacity only) goes through the scratch buffer
// once; the string then has room enough that the same call, after clear(), writes in place.
TEST(OutputBuffer, ATinyOutputLeavesRoomForTheNextCallInPlace) {
  std::string out;
  ASSERT_EQ(serialize("[]", out, at_level(1)), "ok");
  EXPECT_EQ(out, "[]");
  out.clear();
  const char* before = out.data();
  ASSERT_EQ(serialize("[]", out, at_level(1)), "ok");
  EXPECT_EQ(out, "[]");
  EXPECT_EQ(out.data(), before);
  EXPECT_GE(out.capacity(), 256u);  // kMinInPlace: the window a call needs to start in place
}

TEST(OutputBuffer, OutgrowingTheSpareCapacityMovesOnWithoutLoss) {
  for (int level : {0, 1}) {
    for (int n : {5, 50, 500, 5000}) {
      std::string out = "p";
      out.reserve(300);
      ASSERT_EQ(serialize(items(n), out, at_level(level)), "ok");
      EXPECT_EQ(out, "p" + items(n)) << n << " " << level;
    }
  }
}

TEST(OutputBuffer, ErrorsLeaveTheStringAsItWas) {
  for (int level : {0, 1}) {
    for (int n : {0, 3, 5000}) {  // fails in place, and after moving to the scratch buffer
      for (size_t spare : {0, 400, 100000}) {
        std::string out = "keep";
        out.reserve(spare);
        EXPECT_EQ(serialize(items(n, true), out, at_level(level)), "\"id\" is required!") << n << " " << spare << " " << level;
        EXPECT_EQ(out, "keep") << n << " " << spare << " " << level;
      }
    }
  }
}

TEST(OutputBuffer, OutputLimitInPlace) {
  for (int level : {0, 1}) {
    std::string out = "keep";
    out.reserve(100000);
    EXPECT_EQ(serialize(items(100), out, at_level(level, R"("maxOutputBytes":500)")),
              "output exceeds maxOutputBytes (500 bytes)") << level;
    EXPECT_EQ(out, "keep") << level;
    std::string exact = items(3);  // the JSON text is exactly the output
    out = "";
    out.reserve(100000);
    EXPECT_EQ(serialize(exact, out, at_level(level, "\"maxOutputBytes\":" + std::to_string(exact.size()))), "ok") << level;
    EXPECT_EQ(out, exact) << level;
  }
}

// A caller's string that cannot grow (the address space is spent) is OutOfMemory, with the
// string as it was; std::bad_alloc used to leave serialize() from there. In a child process
// whose address space is limited to what it has mapped and half the output more, after two
// calls that left the output's size in the thread's scratch buffer, and with the heap's free
// memory given back (so that the string's growth needs new memory). Not under ASan, whose
// shadow memory needs the address space a limit takes away.
#if defined(__SANITIZE_ADDRESS__)
#define SJ_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SJ_UNDER_ASAN 1
#endif
#endif
#ifndef SJ_UNDER_ASAN
TEST(OutputBufferDeathTest, ACallersStringThatCannotGrowIsAnError) {
  auto grow_fails = [] {
    auto ser = engine().compile(kSchema, R"({"jit":false})");
    std::string text = items(200000);
    rapidjson::Document doc;
    doc.Parse(text.c_str(), text.size());
    size_t size = 0;
    for (int i = 0; i < 2; ++i) {
      std::string warm;
      if (!ser->serialize(doc, warm)) std::_Exit(2);
      size = warm.size();
    }
    malloc_trim(0);
    long pages = 0;
    FILE* statm = std::fopen("/proc/self/statm", "r");
    if (!statm || std::fscanf(statm, "%ld", &pages) != 1) std::_Exit(3);
    std::fclose(statm);
    rlim_t mapped = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
    rlimit limit{mapped + size / 2, mapped + size / 2};
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(4);
    std::string out = "kept";
    auto st = ser->serialize(doc, out);
    if (st) std::_Exit(1);
    std::_Exit(st.error().code == schemajit::ErrorCode::OutOfMemory && out == "kept" ? 0 : 5);
  };
  EXPECT_EXIT(grow_fails(), ::testing::ExitedWithCode(0), "");
}
#endif

}  // namespace
