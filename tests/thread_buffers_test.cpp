// What a thread keeps between calls (runtime/output.cpp, runtime/sinks.cpp, call_state.cpp):
// the scratch buffer, a streamed call's spare window and the chunk member orders are cut from.
// One outlier does not stay resident; a steady output size keeps its buffer;
// release_thread_buffers() frees them all.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/call_state.h"
#include "runtime/output.h"
#include "tests/test_util.h"

namespace {

using sj::rt::kKeptBytes;
using sj::rt::scratch_capacity;
using sj::rt::spare_window_capacity;

constexpr size_t kBig = size_t{8} << 20;

schemajit::Serializer strings() {
  auto ser = sj::test::engine().compile(R"({"type":"string"})", sj::test::at_level(1));
  EXPECT_TRUE(ser) << ser.error().message;
  return *ser;
}

rapidjson::Document text(size_t n) {
  std::string s(n, 'x');
  rapidjson::Document doc;
  doc.SetString(s.data(), static_cast<rapidjson::SizeType>(s.size()), doc.GetAllocator());
  return doc;
}

// Into a fresh string each time: every call goes through the scratch buffer.
void to_new_string(const schemajit::Serializer& ser, const rapidjson::Document& doc) {
  std::string out;
  ASSERT_TRUE(ser.serialize(doc, out));
  ASSERT_EQ(out.size(), doc.GetStringLength() + 2);
}

void streamed(const schemajit::Serializer& ser, const rapidjson::Document& doc, size_t chunk) {
  size_t got = 0;
  ASSERT_TRUE(ser.serialize(doc, [&](std::string_view piece) { return got += piece.size(), true; }, chunk));
  ASSERT_EQ(got, doc.GetStringLength() + 2);
}

TEST(ThreadBuffers, OneLargeCallDoesNotStayResident) {
  auto ser = strings();
  schemajit::release_thread_buffers();
  to_new_string(ser, text(100));
  to_new_string(ser, text(kBig));  // an outlier: freed at its end
  EXPECT_LE(scratch_capacity(), kKeptBytes);
  for (int i = 0; i < 3; ++i) to_new_string(ser, text(100));
  EXPECT_LE(scratch_capacity(), kKeptBytes);

  streamed(ser, text(100), SIZE_MAX);
  streamed(ser, text(kBig), SIZE_MAX);  // one chunk of 8 MB: a window of 8 MB
  EXPECT_LE(spare_window_capacity(), kKeptBytes + 1);
}

// A thread whose calls keep needing the buffer keeps it (no allocation per call), until it
// has had a call that needed far less.
TEST(ThreadBuffers, ASteadyLargeSizeKeepsItsBufferUntilTheCallsShrink) {
  auto ser = strings();
  schemajit::release_thread_buffers();
  std::vector<char> buffer(kBig + 2);
  auto doc = text(kBig);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(ser.serialize(doc, buffer.data(), buffer.size()));
  EXPECT_GE(scratch_capacity(), kBig);
  to_new_string(ser, text(100));  // the one before needed it: kept once more
  EXPECT_GE(scratch_capacity(), kBig);
  to_new_string(ser, text(100));
  EXPECT_LE(scratch_capacity(), kKeptBytes);

  for (int i = 0; i < 3; ++i) streamed(ser, doc, SIZE_MAX);
  EXPECT_GE(spare_window_capacity(), kBig);
  streamed(ser, text(100), SIZE_MAX);
  streamed(ser, text(100), SIZE_MAX);
  EXPECT_LE(spare_window_capacity(), kKeptBytes + 1);
}

TEST(ThreadBuffers, ReleaseFreesBoth) {
  auto ser = strings();
  std::vector<char> buffer(kBig + 2);
  auto doc = text(kBig);
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(ser.serialize(doc, buffer.data(), buffer.size()));
    streamed(ser, doc, SIZE_MAX);
  }
  ASSERT_GT(scratch_capacity() + spare_window_capacity(), 0u);
  schemajit::release_thread_buffers();
  EXPECT_EQ(scratch_capacity(), 0u);
  EXPECT_EQ(spare_window_capacity(), 0u);
  to_new_string(ser, text(100));  // and the thread goes on
  streamed(ser, text(100), 7);
}

// Member orders (runtime/member_order.cpp) live in chunks of the call's arena; the thread keeps
// one of at most kKeptBytes for its next call.
TEST(ThreadBuffers, MemberOrdersKeepOneBoundedChunk) {
  auto ser = sj::test::engine().compile(R"({"type":"object","additionalProperties":true})", sj::test::at_level(1));
  ASSERT_TRUE(ser) << ser.error().message;
  auto serialize = [&](const std::string& json, const std::string& want) {
    rapidjson::Document doc;
    doc.Parse(json.c_str());
    std::string out;
    ASSERT_TRUE(ser->serialize(doc, out));
    EXPECT_EQ(out, want);
  };
  serialize(R"({"b":1,"1":2})", R"({"1":2,"b":1})");
  EXPECT_GT(sj::rt::call_arena_kept_capacity(), 0u);
  std::string big = "{", sorted = "{";
  constexpr int kKeys = 300000;  // an order of kKeys + 1 entries: past the bound
  for (int i = kKeys - 1; i >= 0; --i) big += (i == kKeys - 1 ? "\"" : ",\"") + std::to_string(i) + "\":0";
  for (int i = 0; i < kKeys; ++i) sorted += (i ? ",\"" : "\"") + std::to_string(i) + "\":0";
  serialize(big + "}", sorted + "}");
  EXPECT_LE(sj::rt::call_arena_kept_capacity() * sizeof(uint32_t), kKeptBytes);
  schemajit::release_thread_buffers();
  EXPECT_EQ(sj::rt::call_arena_kept_capacity(), 0u);
  serialize(R"({"b":1,"1":2})", R"({"1":2,"b":1})");  // and the thread goes on
}

// From inside a chunk writer: the streamed call's window is its own, not the thread's.
TEST(ThreadBuffers, ReleaseInsideAChunkWriterLeavesTheCallGoing) {
  auto ser = strings();
  auto doc = text(300000);
  std::string seen;
  ASSERT_TRUE(ser.serialize(
      doc,
      [&](std::string_view piece) {
        schemajit::release_thread_buffers();
        seen.append(piece);
        return true;
      },
      1000));
  EXPECT_EQ(seen, "\"" + std::string(300000, 'x') + "\"");
}

}  // namespace
