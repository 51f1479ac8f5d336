// Start-up: the object cache (option "cacheDir", engine/object_cache.h), batch compiles
// (Engine::compile_all) and tier-up (engine/engine_jit.cpp, engine/tier_up.h). A hit gives the
// same bytes as a fresh compile without compiling; a truncated, damaged or foreign file is a
// miss that compiles afresh and rewrites the file. Serializers start on the interpreter;
// tier-up swaps in machine code after 100 calls (or at once from a cache file), and a process
// may exit while a worker compiles.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <schemajit/schemajit.h>

#include "tests/test_util.h"

namespace {

namespace fs = std::filesystem;

// Regexes (patternProperties, pattern) and constants (anyOf's const): what a hit must rebuild
// from the file beside the machine code.
const char* kSchema = R"({"type":"object","properties":{
  "id":{"type":"integer"},
  "name":{"type":"string"},
  "shape":{"anyOf":[
    {"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number"}},"required":["kind"]},
    {"type":"object","properties":{"kind":{"const":"square"},"side":{"type":"integer"}},"required":["kind"]}]},
  "code":{"anyOf":[{"type":"string","pattern":"^[A-Z]{3}$"},{"type":"integer"}]}},
  "patternProperties":{"^x-":{"type":"string"}}})";
const char* kData = R"({"id":"7","name":"n","shape":{"kind":"square","side":2,"r":1},"code":"ABC","x-a":1,"y":2})";
const char* kOther = R"({"type":"object","properties":{"a":{"type":"number"}}})";

class ObjectCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = sj::test::fresh_test_dir("sj-cache-test-");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Machine code compiled (or loaded) before compile() returns, so that the cache is read and
  // written at once; tierUp_options() leaves that to the background.
  std::string options(const std::string& extra = "") const { return tier_up_options(R"(,"tierUp":false)" + extra); }
  std::string tier_up_options(const std::string& extra = "") const {
    return R"({"cacheDir":")" + dir_.string() + "\"" + extra + "}";
  }
  std::vector<fs::path> files() const {
    std::vector<fs::path> all;
    if (fs::exists(dir_))
      for (const auto& e : fs::directory_iterator(dir_)) all.push_back(e.path());
    return all;
  }
  static std::string serialize(schemajit::Engine& engine, const char* schema, const std::string& options,
                               const char* data = kData) {
    auto ser = engine.compile(schema, options);
    if (!ser) return "COMPILE: " + ser.error().message;
    std::string out;
    auto st = sj::test::serialize_text(*ser, data, out);
    return st ? out : "ERR: " + st.error().message;
  }
  static std::string uncached(const char* schema = kSchema, const char* data = kData) {
    schemajit::Engine engine;
    return serialize(engine, schema, "", data);
  }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  static void write(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << bytes;
  }

  // Damages the one cache file with `damage`, then checks that a fresh Engine misses, prints
  // the right bytes and leaves a good file behind (a third Engine hits).
  void expect_miss_after(const std::function<std::string(std::string)>& damage) {
    ASSERT_EQ(uncached().substr(0, 8), R"({"id":7,)");
    {
      schemajit::Engine engine;
      ASSERT_EQ(serialize(engine, kSchema, options()), uncached());
    }
    ASSERT_EQ(files().size(), 1u);
    fs::path file = files()[0];
    write(file, damage(read(file)));
    {
      schemajit::Engine engine;
      EXPECT_EQ(serialize(engine, kSchema, options()), uncached());
      EXPECT_EQ(engine.stats().hits, 0u);
      EXPECT_EQ(engine.stats().misses, 1u);
      EXPECT_EQ(engine.stats().stores, 1u);
    }
    schemajit::Engine engine;
    EXPECT_EQ(serialize(engine, kSchema, options()), uncached());
    EXPECT_EQ(engine.stats().hits, 1u);
  }

  fs::path dir_;
};

TEST_F(ObjectCache, MissStoresAndAFreshEngineHits) {
  std::string expected = uncached();
  ASSERT_EQ(expected.substr(0, 8), R"({"id":7,)");
  {
    schemajit::Engine engine;
    EXPECT_EQ(serialize(engine, kSchema, options()), expected);
    auto st = engine.stats();
    EXPECT_EQ(st.misses, 1u);
    EXPECT_EQ(st.stores, 1u);
    EXPECT_EQ(st.hits, 0u);
  }
  ASSERT_EQ(files().size(), 1u);
  EXPECT_EQ(files()[0].extension(), ".sjo");
  schemajit::Engine engine;
  EXPECT_EQ(serialize(engine, kSchema, options()), expected);
  EXPECT_EQ(engine.stats().hits, 1u);
  EXPECT_EQ(engine.stats().misses, 0u);
  // Errors come out of cached code as they do out of fresh code, with the buffer untouched.
  auto ser = engine.compile(kSchema, options());
  std::string out = "kept";
  auto st = sj::test::serialize_text(*ser, R"({"id":"x"})", out);
  EXPECT_FALSE(st);
  EXPECT_EQ(out, "kept");
}

TEST_F(ObjectCache, TierUpStoresTheFinalCodeSoTheNextRunStartsThere) {
  std::string expected = uncached();
  {
    schemajit::Engine engine;
    auto ser = engine.compile(kSchema, tier_up_options());  // interpreted now, level 1 after 100 calls
    ASSERT_TRUE(ser);
    engine.wait_for_tier_up();
    EXPECT_EQ(engine.stats().misses, 1u);  // looked up in the background
    EXPECT_EQ(engine.stats().stores, 0u);  // a serializer called once never compiles
    std::string out;
    for (int i = 0; i < 150; ++i) {
      out.clear();
      ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
      EXPECT_EQ(out, expected);
    }
    engine.wait_for_tier_up();
    EXPECT_EQ(engine.stats().tier_ups, 1u);
    EXPECT_EQ(engine.stats().stores, 1u);  // the final code, by tier-up
    out.clear();
    ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
    EXPECT_EQ(out, expected);
  }
  schemajit::Engine engine;
  auto ser = engine.compile(kSchema, tier_up_options());
  engine.wait_for_tier_up();  // the file's code replaces the interpreter at once, not after 100 calls
  EXPECT_EQ(engine.stats().hits, 1u);
  std::string out;
  for (int i = 0; i < 150; ++i) {
    out.clear();
    ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
  }
  engine.wait_for_tier_up();
  EXPECT_EQ(out, expected);
  EXPECT_EQ(engine.stats().tier_ups, 0u);  // the file already held level-1 code
  EXPECT_EQ(engine.stats().stores, 0u);
}

TEST_F(ObjectCache, SameSchemaTwiceInOneEngineBothLive) {
  schemajit::Engine engine;
  auto first = engine.compile(kSchema, options());
  auto second = engine.compile(kSchema, options());  // a hit: the same entry symbol, its own JITDylib
  ASSERT_TRUE(first && second);
  EXPECT_EQ(engine.stats().hits, 1u);
  std::string a, b;
  ASSERT_TRUE(sj::test::serialize_text(*first, kData, a));
  ASSERT_TRUE(sj::test::serialize_text(*second, kData, b));
  EXPECT_EQ(a, uncached());
  EXPECT_EQ(b, a);
}

TEST_F(ObjectCache, TruncatedFileIsAMiss) {
  expect_miss_after([](std::string f) { return f.substr(0, f.size() / 2); });
}
TEST_F(ObjectCache, FileCutInsideTheHeaderIsAMiss) {
  expect_miss_after([](std::string f) { return f.substr(0, 10); });
}
TEST_F(ObjectCache, EmptyFileIsAMiss) {
  expect_miss_after([](std::string) { return std::string(); });
}
TEST_F(ObjectCache, DamagedByteIsAMiss) {
  expect_miss_after([](std::string f) {
    f[f.size() / 2] ^= 0x40;
    return f;
  });
}
TEST_F(ObjectCache, DamagedLengthIsAMiss) {
  expect_miss_after([](std::string f) {
    f.replace(8 + 64 + 8 * 4 + 7, 1, 1, '\x7f');  // the top byte of the pattern count
    return f;
  });
}

TEST_F(ObjectCache, ForeignFileIsAMiss) {
  // Another schema's file under this schema's name: its key inside does not match.
  schemajit::Engine engine;
  ASSERT_EQ(serialize(engine, kOther, options(), R"({"a":1})"), R"({"a":1})");
  fs::path other = files().at(0);
  ASSERT_EQ(serialize(engine, kSchema, options()), uncached());
  fs::path mine = files()[0] == other ? files()[1] : files()[0];
  fs::copy_file(other, mine, fs::copy_options::overwrite_existing);
  schemajit::Engine fresh;
  EXPECT_EQ(serialize(fresh, kSchema, options()), uncached());
  EXPECT_EQ(fresh.stats().hits, 0u);
  EXPECT_EQ(fresh.stats().misses, 1u);
}

TEST_F(ObjectCache, OptionsThatChangeTheCodeChangeTheKey) {
  schemajit::Engine engine;
  const char* schema = R"({"type":"integer"})";
  EXPECT_EQ(serialize(engine, schema, options(), "2.5"), "2");
  EXPECT_EQ(serialize(engine, schema, options(R"(,"rounding":"ceil")"), "2.5"), "3");
  EXPECT_EQ(serialize(engine, schema, options(R"(,"optLevel":0)"), "2.5"), "2");
  EXPECT_EQ(files().size(), 3u);
  EXPECT_EQ(engine.stats().hits, 0u);
  EXPECT_EQ(serialize(engine, schema, options(R"(,"rounding":"ceil")"), "2.5"), "3");
  EXPECT_EQ(engine.stats().hits, 1u);
}

TEST_F(ObjectCache, UnwritableDirectoryOnlyLosesTheCache) {
  schemajit::Engine engine;
  std::string opts = R"({"cacheDir":"/proc/self/no-such-dir"})";
  EXPECT_EQ(serialize(engine, kSchema, opts), uncached());
  EXPECT_EQ(serialize(engine, kSchema, opts), uncached());
  EXPECT_EQ(engine.stats().hits, 0u);
}

TEST_F(ObjectCache, CacheDirMustBeAString) {
  schemajit::Engine engine;
  auto ser = engine.compile(kSchema, R"({"cacheDir":1})");
  ASSERT_FALSE(ser);
  EXPECT_EQ(ser.error().message, "cacheDir must be a path");
  EXPECT_EQ(ser.error().pointer, "/cacheDir");
}

// Every other request rounds up: options travel with their schema.
std::string_view i_options(size_t i) { return i % 2 ? R"({"rounding":"ceil"})" : ""; }

TEST(CompileAll, ResultsInOrderWithErrorsInPlace) {
  std::vector<std::string> schemas;
  for (int i = 0; i < 40; ++i)
    schemas.push_back(R"({"type":"object","properties":{"p)" + std::to_string(i) + R"(":{"type":"integer"}}})");
  schemas[13] = R"({"type":"object","properties":{"a":{"$ref":"#/nowhere"}}})";
  std::vector<schemajit::CompileRequest> requests;
  for (const auto& s : schemas) requests.push_back({s, i_options(requests.size())});
  schemajit::Engine engine;
  auto results = engine.compile_all(requests, 3);
  ASSERT_EQ(results.size(), schemas.size());
  for (size_t i = 0; i < results.size(); ++i) {
    if (i == 13) {
      ASSERT_FALSE(results[i]);
      EXPECT_NE(results[i].error().message.find("#/nowhere"), std::string::npos) << results[i].error().message;
      continue;
    }
    ASSERT_TRUE(results[i]) << results[i].error().message;
    std::string out;
    ASSERT_TRUE(sj::test::serialize_text(*results[i], R"({"p)" + std::to_string(i) + R"(":"3.7"})", out));
    EXPECT_EQ(out, R"({"p)" + std::to_string(i) + (i % 2 ? R"(":4})" : R"(":3})"));
  }
  EXPECT_TRUE(engine.compile_all({}).empty());
}

TEST(TierUp, SwapsInTheFinalCodeAfter100Calls) {
  schemajit::Engine engine;
  auto ser = engine.compile(kSchema);
  std::string expected = [&] {
    std::string out;
    EXPECT_TRUE(sj::test::serialize_text(*ser, kData, out));
    return out;
  }();
  std::string scratch;
  for (int i = 0; i < 98; ++i) ASSERT_TRUE(sj::test::serialize_text(*ser, kData, scratch));
  engine.wait_for_tier_up();
  EXPECT_EQ(engine.stats().tier_ups, 0u);  // 99 calls: not yet
  std::string out;
  ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
  engine.wait_for_tier_up();
  EXPECT_EQ(engine.stats().tier_ups, 1u);
  out.clear();
  ASSERT_TRUE(sj::test::serialize_text(*ser, kData, out));
  EXPECT_EQ(out, expected);
  out = "kept";
  EXPECT_FALSE(sj::test::serialize_text(*ser, R"({"id":"x"})", out));  // errors and rollback from the new code too
  EXPECT_EQ(out, "kept");
}

TEST(TierUp, CallersOptionsDoNotReachThePrimingCompile) {
  // A limit the small priming schema would exceed must not fail the recompile it precedes
  // (engine/tier_up.h).
  schemajit::Engine engine;
  auto ser = engine.compile(R"({"type":"integer"})", R"({"maxSchemaNodes":1,"optLevel":3})");
  ASSERT_TRUE(ser) << ser.error().message;
  std::string out;
  for (int i = 0; i < 100; ++i) {
    out.clear();
    ASSERT_TRUE(sj::test::serialize_text(*ser, "7", out));
  }
  engine.wait_for_tier_up();
  EXPECT_EQ(engine.stats().tier_ups, 1u);
  out.clear();
  ASSERT_TRUE(sj::test::serialize_text(*ser, "7", out));
  EXPECT_EQ(out, "7");
}

// Compiles `schema` in `engine` and calls it 100 times: its worker starts recompiling it, for
// as long as the serializer returned lives.
schemajit::Serializer call_until_it_tiers_up(schemajit::Engine& engine, const char* schema, const char* data) {
  auto ser = engine.compile(schema);
  std::string out;
  for (int i = 0; i < 100; ++i) {
    out.clear();
    if (!ser || !sj::test::serialize_text(*ser, data, out)) std::_Exit(3);
  }
  return *ser;
}

// A static Engine's worker starts the process's first recompile (the priming compile, then
// the serializer's own), and the process exits while it runs, `delay` later. The queues must
// stop before LLVM's statics go (engine/tier_up.h), or exit crashes or hangs. Each round is a
// new process, so the priming compile is always still to do.
TEST(TierUpDeathTest, MainThreadExitsWhileTheWorkerCompiles) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  for (int ms : {0, 5, 20, 60, 120})
    EXPECT_EXIT(
        {
          static schemajit::Engine engine;
          auto ser = call_until_it_tiers_up(engine, kSchema, kData);
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
          std::exit(0);
        },
        ::testing::ExitedWithCode(0), "")
        << ms << " ms";
}

// The same from another thread, once the priming compile is done: the exit handler it
// registered stops the queues (the main thread's guard does not run then).
TEST(TierUpDeathTest, OtherThreadExitsWhileTheWorkerCompiles) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  for (int ms : {0, 2, 5, 10, 20})
    EXPECT_EXIT(
        {
          static schemajit::Engine engine;
          auto first = call_until_it_tiers_up(engine, kOther, R"({"a":1})");
          engine.wait_for_tier_up();  // primed
          std::thread([ms] {
            auto second = call_until_it_tiers_up(engine, kSchema, kData);
            std::this_thread::sleep_for(std::chrono::milliseconds(ms));
            std::exit(0);
          }).join();
        },
        ::testing::ExitedWithCode(0), "")
        << ms << " ms";
}

TEST(TierUp, OffLevelZeroAndSerializersThatOutliveTheirEngine) {
  std::optional<schemajit::Serializer> orphan;
  {
    schemajit::Engine engine;
    auto off = engine.compile(kSchema, R"({"tierUp":false})");  // machine code at once: nothing to tier up
    auto zero = engine.compile(kSchema, R"({"optLevel":0})");   // interpreted, then level 0 after 100 calls
    orphan.emplace(*engine.compile(kSchema));
    std::string out;
    for (int i = 0; i < 200; ++i) {
      out.clear();
      ASSERT_TRUE(sj::test::serialize_text(*off, kData, out));
      ASSERT_TRUE(sj::test::serialize_text(*zero, kData, out));
    }
    engine.wait_for_tier_up();
    EXPECT_EQ(engine.stats().tier_ups, 1u);
  }
  std::string out;
  for (int i = 0; i < 200; ++i) {  // its Engine is gone: the request is dropped, the interpreter runs on
    out.clear();
    ASSERT_TRUE(sj::test::serialize_text(*orphan, kData, out));
  }
  EXPECT_EQ(out.substr(0, 8), R"({"id":7,)");
}

}  // namespace
