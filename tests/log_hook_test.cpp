// The Engine's log (EngineOptions::log, issue 42): what compile notices goes to the callback
// the program sets, never to the process's stderr, and nowhere when none is set.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <schemajit/schemajit.h>

#include "tests/test_util.h"

namespace {

using schemajit::LogLevel;

constexpr const char* kSchema = R"({"type":"object","properties":{"id":{"type":"integer"}}})";

// What an Engine logged, and on which threads.
struct Recorder {
  struct Entry {
    LogLevel level;
    std::string message;
    std::thread::id thread;
  };
  std::mutex mutex;
  std::vector<Entry> entries;

  schemajit::LogSink sink() {
    return [this](LogLevel level, std::string_view message) {
      std::lock_guard<std::mutex> lock(mutex);
      entries.push_back({level, std::string(message), std::this_thread::get_id()});
    };
  }
  std::vector<Entry> taken() {
    std::lock_guard<std::mutex> lock(mutex);
    return entries;
  }
  // Every message logged at `level`, one per line.
  std::string text(LogLevel level) {
    std::string out;
    for (const auto& e : taken())
      if (e.level == level) out += e.message + "\n";
    return out;
  }
};

// Whatever is written to file descriptor 2 (stderr) while it lives.
class Fd2Capture {
 public:
  Fd2Capture() {
    std::fflush(stderr);
    std::cerr.flush();
    file_ = std::tmpfile();
    saved_ = ::dup(2);
    ::dup2(::fileno(file_), 2);
  }
  ~Fd2Capture() { (void)finish(); }
  // Restores fd 2 and returns what was written to it.
  std::string finish() {
    if (!file_) return text_;
    std::fflush(stderr);
    std::cerr.flush();
    ::dup2(saved_, 2);
    ::close(saved_);
    std::rewind(file_);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, file_)) > 0) text_.append(buf, n);
    std::fclose(file_);
    file_ = nullptr;
    return text_;
  }

 private:
  std::FILE* file_ = nullptr;
  int saved_ = -1;
  std::string text_;
};

// A cacheDir that cannot be made: a path under a regular file.
std::string unwritable_cache_dir(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "not-a-directory") << "x";
  return (dir / "not-a-directory" / "cache").string();
}

TEST(LogHook, MisspeltOptionGoesToTheLogNotToStderr) {
  Recorder log;
  schemajit::Engine engine = sj::tools::make_engine(log.sink());
  Fd2Capture fd2;
  auto ser = engine.compile(kSchema, std::string_view(R"({"optlevel": 2})"));
  std::string written = fd2.finish();
  ASSERT_TRUE(ser) << ser.error().message;
  EXPECT_EQ(written, "");
  const std::string warning = "unknown option \"optlevel\" ignored (did you mean \"optLevel\"?)";
  ASSERT_EQ(ser->warnings(), std::vector<std::string>{warning});  // warnings() as before
  EXPECT_EQ(log.text(LogLevel::Warning), warning + "\n");
  EXPECT_EQ(log.text(LogLevel::Info), "");
  // Once per compile that has it.
  ASSERT_TRUE(engine.compile(kSchema, std::string_view(R"({"optlevel": 2})")));
  EXPECT_EQ(log.text(LogLevel::Warning), warning + "\n" + warning + "\n");
  // dump() reads the same options, and logs the same warning.
  ASSERT_TRUE(engine.dump(kSchema, R"({"optlevel": 2})", schemajit::DumpKind::IR));
  EXPECT_EQ(log.taken().size(), 3u);
}

// $SCHEMAJIT_CUTOFFS is read once per process, so the bad file is checked in a child process
// (this binary again, running only CutoffsEnvironment) whose whole stderr must be empty.
TEST(LogHook, UnusableCutoffsEnvironmentGoesToTheLog) {
  auto dir = sj::test::fresh_test_dir("sj-log-hook-");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "bad-cutoffs.json") << "{\"string\": ";  // not JSON
  std::string out = (dir / "child.out").string(), err = (dir / "child.err").string();
  std::string command = "SCHEMAJIT_CUTOFFS='" + (dir / "bad-cutoffs.json").string() +
                        "' /proc/" + std::to_string(::getpid()) +
                        "/exe --gtest_filter=LogHook.CutoffsEnvironment >'" + out + "' 2>'" + err + "'";
  int status = std::system(command.c_str());
  std::stringstream child_out, child_err;
  child_out << std::ifstream(out).rdbuf();
  child_err << std::ifstream(err).rdbuf();
  EXPECT_EQ(status, 0) << child_out.str();
  EXPECT_EQ(child_err.str(), "");
  EXPECT_NE(child_out.str().find("[  PASSED  ] 1 test"), std::string::npos) << child_out.str();
  std::filesystem::remove_all(dir);
}

// Run on its own: $SCHEMAJIT_CUTOFFS is unset and nothing is logged; run by the test above with
// a bad file there: each Engine logs it once, and nothing reaches stderr either way.
TEST(LogHook, CutoffsEnvironment) {
  Recorder log, other_log;
  schemajit::Engine engine = sj::tools::make_engine(log.sink());
  schemajit::Engine other(schemajit::interpreter_only, schemajit::EngineOptions{other_log.sink()});
  Fd2Capture fd2;
  auto a = engine.compile(kSchema, std::string_view("{}"));
  auto b = engine.compile(kSchema, std::string_view("{}"));
  auto c = other.compile(kSchema, std::string_view("{}"));
  EXPECT_EQ(fd2.finish(), "");
  ASSERT_TRUE(a && b && c);
  if (!std::getenv("SCHEMAJIT_CUTOFFS")) {
    EXPECT_TRUE(log.taken().empty());
    EXPECT_TRUE(other_log.taken().empty());
    return;
  }
  // Once per Engine, at its first compile; the built-in cutoffs serve.
  std::string warning = log.text(LogLevel::Warning);
  EXPECT_EQ(warning.rfind("SCHEMAJIT_CUTOFFS ignored: ", 0), 0u) << warning;
  EXPECT_NE(warning.find("bad-cutoffs.json"), std::string::npos) << warning;
  EXPECT_EQ(log.taken().size(), 1u);
  EXPECT_EQ(other_log.text(LogLevel::Warning), warning);
}

#if SCHEMAJIT_TOOLS_JIT  // the cache and tier-up are the JIT's
TEST(LogHook, UnwritableCacheDirIsLoggedAsAWarning) {
  auto dir = sj::test::fresh_test_dir("sj-log-hook-");
  std::string cache = unwritable_cache_dir(dir);
  Recorder log;
  schemajit::Engine engine = sj::tools::make_engine(log.sink());
  Fd2Capture fd2;
  auto ser = engine.compile(kSchema, std::string_view(R"({"tierUp": false, "cacheDir": ")" + cache + "\"}"));
  EXPECT_EQ(fd2.finish(), "");
  ASSERT_TRUE(ser) << ser.error().message;
  auto stats = engine.stats();
  EXPECT_EQ(stats.store_failures, 1u);
  std::string warning = log.text(LogLevel::Warning);
  EXPECT_EQ(warning.rfind("cache file not written: ", 0), 0u) << warning;
  EXPECT_NE(warning.find(cache), std::string::npos) << warning;
  EXPECT_NE(warning.find(stats.cache_error), std::string::npos) << warning;
  std::filesystem::remove_all(dir);
}

// With tier-up the cache file is written on the Engine's background thread, and so logged there.
TEST(LogHook, TierUpLogsFromTheBackgroundThread) {
  auto dir = sj::test::fresh_test_dir("sj-log-hook-");
  std::string cache = unwritable_cache_dir(dir);
  Recorder log;
  schemajit::Engine engine = sj::tools::make_engine(log.sink());
  Fd2Capture fd2;
  auto ser = engine.compile(kSchema, std::string_view(R"({"cacheDir": ")" + cache + "\"}"));
  ASSERT_TRUE(ser) << ser.error().message;
  std::string out;
  for (int i = 0; i < 300; ++i) {
    out.clear();
    ASSERT_TRUE(sj::test::serialize_text(*ser, R"({"id": 7})", out));
    if (i % 50 == 49) engine.wait_for_tier_up();
  }
  engine.wait_for_tier_up();
  EXPECT_EQ(fd2.finish(), "");
  EXPECT_EQ(out, R"({"id":7})");
  auto entries = log.taken();
  ASSERT_EQ(entries.size(), 1u) << log.text(LogLevel::Warning);
  EXPECT_EQ(entries[0].level, LogLevel::Warning);
  EXPECT_NE(entries[0].message.find(cache), std::string::npos) << entries[0].message;
  EXPECT_NE(entries[0].thread, std::this_thread::get_id());
  std::filesystem::remove_all(dir);
}

#endif

TEST(LogHook, InterpreterOnlyEngineLogsTheOptionsItIgnores) {
  Recorder log;
  schemajit::Engine engine(schemajit::interpreter_only, schemajit::EngineOptions{log.sink()});
  Fd2Capture fd2;
  ASSERT_TRUE(engine.compile(kSchema, std::string_view(R"({"optLevel": 2})")));
  EXPECT_EQ(log.text(LogLevel::Info), "interpreter-only Engine: optLevel ignored\n");
  schemajit::Options options;
  options.opt_level = 3;
  options.tier_up = false;
  options.cache_dir = "/nonexistent/cache";
  ASSERT_TRUE(engine.compile(kSchema, options));
  // The defaults (and "jit", which is on by default) are not worth a word.
  ASSERT_TRUE(engine.compile(kSchema, std::string_view(R"({"jit": true, "optLevel": 1, "tierUp": true})")));
  EXPECT_EQ(fd2.finish(), "");
  EXPECT_EQ(log.text(LogLevel::Info),
            "interpreter-only Engine: optLevel ignored\n"
            "interpreter-only Engine: optLevel/tierUp/cacheDir ignored\n");
  EXPECT_EQ(log.text(LogLevel::Warning), "");
}

TEST(LogHook, WithoutALogNothingIsWrittenAnywhere) {
  auto dir = sj::test::fresh_test_dir("sj-log-hook-");
  std::string cache = unwritable_cache_dir(dir);
  std::string options = R"({"optlevel": 2, "tierUp": false, "cacheDir": ")" + cache + "\"}";
  schemajit::Engine whole = sj::tools::make_engine();
  schemajit::Engine interpreter(schemajit::interpreter_only);
  Fd2Capture fd2;
  auto a = whole.compile(kSchema, std::string_view(options));
  auto b = interpreter.compile(kSchema, std::string_view(options));
  (void)whole.dump(kSchema, options, schemajit::DumpKind::IR);
  EXPECT_EQ(fd2.finish(), "");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->warnings().size(), 1u);  // still there to be asked for
  EXPECT_EQ(b->warnings().size(), 1u);
  if (sj::tools::kHaveJit) {
    EXPECT_EQ(whole.stats().store_failures, 1u);
  }
  std::filesystem::remove_all(dir);
}

// A sink that throws does not fail the compile (nor, on the worker, the process).
TEST(LogHook, ThrowingSinkIsIgnored) {
  schemajit::Engine engine = sj::tools::make_engine(
      [](LogLevel, std::string_view message) { throw std::runtime_error(std::string(message)); });
  auto ser = engine.compile(kSchema, std::string_view(R"({"optlevel": 2})"));
  ASSERT_TRUE(ser) << ser.error().message;
  EXPECT_EQ(ser->warnings().size(), 1u);
}

}  // namespace
