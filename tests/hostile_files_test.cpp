// Hostile files where the engine reads or writes one (issue 38): whatever is at an object
// cache path (a directory, a sparse 200 GB file, a FIFO, a symbolic link) is a miss that
// neither throws nor blocks; links planted where the cache writes its temporary files are
// never followed; a cache directory that cannot be written is counted and reported; schema
// and cutoffs files that are devices, FIFOs or too large are errors, at once.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>

#include <schemajit/schemajit.h>

#include "tests/test_util.h"

namespace {

namespace fs = std::filesystem;

const char* kSchema = R"({"type":"object","properties":{"a":{"type":"integer"},"s":{"type":"string"}}})";
const char* kData = R"({"a":"7","s":"x"})";
const char* kExpected = R"({"a":7,"s":"x"})";
constexpr uintmax_t kSparseBytes = uintmax_t{200} << 30;

// Ends the process, naming the case, when it has not finished in `limit` (generous: ASan on
// a loaded machine): a hang then fails at once instead of when the suite times out.
class Watchdog {
 public:
  explicit Watchdog(std::string what, std::chrono::seconds limit = std::chrono::seconds(60))
      : thread_([this, what = std::move(what), limit] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!done_cv_.wait_for(lock, limit, [&] { return done_; })) {
            std::fprintf(stderr, "hung for %llds: %s\n", static_cast<long long>(limit.count()), what.c_str());
            std::_Exit(1);
          }
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_one();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// A file that claims 200 GB and takes no disk.
void make_sparse(const fs::path& p) {
  write(p, "");
  fs::resize_file(p, kSparseBytes);
}

class HostileCacheFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = sj::test::fresh_test_dir("sj-hostile-cache-");
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string options(const fs::path& dir, bool tier_up) {
    return R"({"cacheDir":")" + dir.string() + "\"" + (tier_up ? "" : R"(,"tierUp":false)") + "}";
  }
  std::string options(bool tier_up = false) const { return options(dir_, tier_up); }

  // kSchema's cache file: learnt from a compile that writes it, which is then removed.
  fs::path key_path() const {
    {
      schemajit::Engine engine;
      EXPECT_TRUE(engine.compile(kSchema, options()));
    }
    fs::path found;
    for (const auto& e : fs::directory_iterator(dir_))
      if (e.path().extension() == ".sjo") found = e.path();
    EXPECT_FALSE(found.empty());
    fs::remove(found);
    return found;
  }

  // Compiles kSchema with `what` at its cache path, first for tier-up (the background thread
  // reads the file) and then before compile returns: both print the right bytes, as a miss,
  // and neither compile, the wait for tier-up nor ~Engine blocks.
  void expect_misses(const std::string& what) {
    Watchdog dog(what);
    for (bool tier_up : {true, false}) {
      SCOPED_TRACE(tier_up ? "tier-up" : "tierUp false");
      schemajit::Engine engine;
      auto ser = engine.compile(kSchema, options(tier_up));
      ASSERT_TRUE(ser) << ser.error().message;
      std::string out;
      ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
      EXPECT_EQ(out, kExpected);
      engine.wait_for_tier_up();
      EXPECT_EQ(engine.stats().hits, 0u);
      EXPECT_EQ(engine.stats().misses, 1u);
    }
  }

  fs::path dir_;
};

TEST_F(HostileCacheFile, DirectoryOfManyEntriesIsAMiss) {
  // Past one block ext4 indexes a directory by hash, and its end is then at 2^63 - 1.
  fs::path key = key_path();
  fs::create_directory(key);
  for (int i = 0; i < 300; ++i) write(key / ("entry-" + std::to_string(i) + std::string(40, 'x')), "");
  expect_misses("a directory at the cache path");
}

TEST_F(HostileCacheFile, SparseHugeFileIsAMiss) {
  fs::path key = key_path();
  make_sparse(key);
  expect_misses("a sparse 200 GB file at the cache path");
  EXPECT_LT(fs::file_size(key), kSparseBytes);  // replaced by the store
}

TEST_F(HostileCacheFile, FifoIsAMiss) {
  fs::path key = key_path();
  ASSERT_EQ(::mkfifo(key.c_str(), 0600), 0);
  expect_misses("a FIFO at the cache path");
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(key)));  // replaced by the store
}

TEST_F(HostileCacheFile, LinkAtTheCachePathIsNotFollowed) {
  // Even a link to a good file for this very key: the file at a key is the engine's own.
  fs::path key = key_path();
  {
    schemajit::Engine engine;
    ASSERT_TRUE(engine.compile(kSchema, options()));
  }
  fs::path elsewhere = dir_ / "elsewhere";
  fs::rename(key, elsewhere);
  std::string bytes = read(elsewhere);
  fs::create_symlink(elsewhere, key);
  expect_misses("a link at the cache path");
  EXPECT_EQ(read(elsewhere), bytes);
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(key)));  // the store replaced the link
}

TEST_F(HostileCacheFile, LinksPlantedAtTemporaryNamesAreNotFollowed) {
  // The names a store used to write before renaming: "<key>.sjo.tmp.<pid>.<count>", with
  // <count> the stores this process had made (a handful before this test).
  fs::path key = key_path();
  fs::path precious = dir_ / "precious";
  write(precious, "precious");
  for (int n = 0; n < 128; ++n)
    fs::create_symlink(precious, key.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(n));
  {
    schemajit::Engine engine;
    ASSERT_TRUE(engine.compile(kSchema, options()));
    EXPECT_EQ(engine.stats().stores, 1u);
  }
  EXPECT_TRUE(read(precious) == "precious") << "the store wrote through a planted link";
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(key)));
  schemajit::Engine engine;
  ASSERT_TRUE(engine.compile(kSchema, options()));
  EXPECT_EQ(engine.stats().hits, 1u);
}

TEST_F(HostileCacheFile, UnwritableDirectoryIsCountedAndReported) {
  // Root writes anywhere, so "unwritable" is a regular file, and a path under one.
  fs::create_directories(dir_);
  fs::path file = dir_ / "a-file";
  write(file, "");
  for (const fs::path& cache_dir : {file, file / "sub"}) {
    SCOPED_TRACE(cache_dir.string());
    schemajit::Engine engine;
    auto ser = engine.compile(kSchema, options(cache_dir, false));
    ASSERT_TRUE(ser) << ser.error().message;
    std::string out;
    ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
    EXPECT_EQ(out, kExpected);
    auto st = engine.stats();
    EXPECT_EQ(st.stores, 0u);
    EXPECT_EQ(st.store_failures, 1u);
    EXPECT_NE(st.cache_error.find(cache_dir.string()), std::string::npos) << st.cache_error;
  }
}

// ---- schema and cutoffs files ---------------------------------------------------------------

class HostileInputFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = sj::test::fresh_test_dir("sj-hostile-input-");
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path fifo() const {
    fs::path p = dir_ / "fifo";
    EXPECT_EQ(::mkfifo(p.c_str(), 0600), 0);
    return p;
  }
  fs::path sparse() const {
    fs::path p = dir_ / "sparse";
    make_sparse(p);
    return p;
  }

  // compile_file's error for `path`, or "compiled".
  static std::string compile_file_error(const fs::path& path) {
    Watchdog dog("compile_file " + path.string());
    schemajit::Engine engine(schemajit::interpreter_only);
    auto ser = engine.compile_file(path.string());
    if (ser) return "compiled";
    EXPECT_EQ(ser.error().code, schemajit::ErrorCode::FileError);
    return ser.error().message;
  }
  // The error of compiling with cutoffsFile `path`, or "compiled".
  static std::string cutoffs_error(const fs::path& path) {
    Watchdog dog("cutoffsFile " + path.string());
    schemajit::Engine engine(schemajit::interpreter_only);
    auto ser = engine.compile(kSchema, R"({"cutoffsFile":")" + path.string() + "\"}");
    if (ser) return "compiled";
    EXPECT_EQ(ser.error().pointer, "/cutoffsFile");
    return ser.error().message;
  }

  fs::path dir_;
};

TEST_F(HostileInputFile, CompileFileReadsARegularFile) {
  write(dir_ / "schema.json", kSchema);
  EXPECT_EQ(compile_file_error(dir_ / "schema.json"), "compiled");
}

TEST_F(HostileInputFile, CompileFileRefusesWhatIsNotABoundedRegularFile) {
  EXPECT_EQ(compile_file_error("/dev/zero"), "/dev/zero: a character device, not a regular file");
  fs::path f = fifo();
  EXPECT_EQ(compile_file_error(f), f.string() + ": a FIFO, not a regular file");
  fs::path s = sparse();
  EXPECT_EQ(compile_file_error(s), s.string() + ": larger than 256 MiB, the limit of an input file");
  EXPECT_EQ(compile_file_error(dir_), dir_.string() + ": is a directory");
  EXPECT_EQ(compile_file_error(dir_ / "none"), (dir_ / "none").string() + ": No such file or directory");
}

TEST_F(HostileInputFile, CutoffsFileIsReadWhenRegular) {
  write(dir_ / "cutoffs.json", R"({"string":0,"number":null})");
  EXPECT_EQ(cutoffs_error(dir_ / "cutoffs.json"), "compiled");
}

TEST_F(HostileInputFile, CutoffsFileRefusesWhatIsNotABoundedRegularFile) {
  EXPECT_EQ(cutoffs_error("/dev/zero"), "cannot read cutoffs file /dev/zero: a character device, not a regular file");
  fs::path f = fifo();
  EXPECT_EQ(cutoffs_error(f), "cannot read cutoffs file " + f.string() + ": a FIFO, not a regular file");
  fs::path s = sparse();
  EXPECT_EQ(cutoffs_error(s),
            "cannot read cutoffs file " + s.string() + ": larger than 256 MiB, the limit of an input file");
}

}  // namespace
