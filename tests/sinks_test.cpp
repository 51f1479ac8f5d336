// The sinks besides std::string (runtime/sinks.cpp): a caller's buffer and a chunk writer.
// Each prints exactly the bytes the string sink prints, on every tier (the interpreter,
// machine code at levels 0 and 1); a failed call leaves the buffer as it was, and the writer
// has had a prefix of the output and nothing after the error.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/test_util.h"

namespace {

using sj::test::at_level;
using sj::test::engine;

const char* kSchema =
    R"({"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},)"
    R"("tags":{"type":"array","items":{"type":"string"}},"score":{"type":"number"}},"required":["id"]}})";

const std::vector<std::string> kTiers = {R"({"jit":false})", at_level(0), at_level(1)};

// n items; with `bad`, one more at the end without its required "id".
rapidjson::Document items(int n, bool bad = false, size_t name_length = 6) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) {
    s += (i ? "," : "") + (R"({"id":)" + std::to_string(i) + R"(,"name":")" + std::string(name_length, 'a' + i % 26) +
                           R"(","tags":["x\n",")" + std::to_string(i) + R"("],"score":)" + std::to_string(i) + ".25}");
  }
  if (bad) s += n ? R"(,{"name":"x"})" : R"({"name":"x"})";
  s += "]";
  rapidjson::Document doc;
  doc.Parse(s.c_str(), s.size());
  return doc;
}

schemajit::Serializer compile(const std::string& options, const char* schema = kSchema) {
  auto ser = engine().compile(schema, options);
  EXPECT_TRUE(ser) << ser.error().message;
  return *ser;
}

std::string via_string(const schemajit::Serializer& ser, const rapidjson::Value& v) {
  std::string out;
  EXPECT_TRUE(ser.serialize(v, out));
  return out;
}

// What a chunk writer saw.
struct Seen {
  std::string text;
  size_t chunks = 0;
  size_t largest = 0;
};

schemajit::ChunkWriter recorder(Seen& seen) {
  return [&seen](std::string_view chunk) {
    seen.text.append(chunk);
    ++seen.chunks;
    seen.largest = std::max(seen.largest, chunk.size());
    return true;
  };
}

TEST(BufferSink, WritesWhatTheStringSinkPrintsAndReturnsItsLength) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    for (int n : {0, 1, 40, 4000}) {
      auto doc = items(n);
      std::string want = via_string(ser, doc);
      std::vector<char> buffer(want.size() + 10, '#');
      auto len = ser.serialize(doc, buffer.data(), buffer.size());
      ASSERT_TRUE(len) << len.error().message;
      EXPECT_EQ(*len, want.size());
      EXPECT_EQ(std::string(buffer.data(), *len), want) << tier << " " << n;
      EXPECT_EQ(std::string(buffer.data() + *len, 10), std::string(10, '#'));  // nothing past it
      auto exact = ser.serialize(doc, buffer.data(), want.size());  // exactly its length fits
      ASSERT_TRUE(exact);
      EXPECT_EQ(*exact, want.size());
    }
  }
}

TEST(BufferSink, TooSmallReportsTheLengthNeededAndLeavesTheBufferAsItWas) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    auto doc = items(300);
    std::string want = via_string(ser, doc);
    for (size_t size : {size_t{0}, size_t{1}, want.size() / 2, want.size() - 1}) {
      std::vector<char> buffer(size + 1, '#');
      auto r = ser.serialize(doc, buffer.data(), size);
      ASSERT_FALSE(r);
      EXPECT_EQ(r.error().code, schemajit::ErrorCode::BufferTooSmall);
      EXPECT_EQ(r.error().required_bytes, want.size());
      EXPECT_EQ(r.error().message, "the output needs " + std::to_string(want.size()) + " bytes; the buffer holds " +
                                       std::to_string(size));
      EXPECT_EQ(std::string(buffer.begin(), buffer.end()), std::string(size + 1, '#')) << tier;
      // The size it asked for is enough.
      std::vector<char> bigger(r.error().required_bytes);
      auto again = ser.serialize(doc, bigger.data(), bigger.size());
      ASSERT_TRUE(again);
      EXPECT_EQ(std::string(bigger.begin(), bigger.end()), want);
    }
    auto none = ser.serialize(doc, nullptr, 0);
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().required_bytes, want.size());
  }
}

TEST(BufferSink, AFailedCallLeavesTheBufferAsItWas) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    std::vector<char> buffer(1 << 20, '#');
    auto r = ser.serialize(items(3000, true), buffer.data(), buffer.size());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, schemajit::ErrorCode::InvalidData);
    EXPECT_EQ(r.error().message, "\"id\" is required!");
    EXPECT_EQ(r.error().required_bytes, 0u);
    EXPECT_TRUE(std::all_of(buffer.begin(), buffer.end(), [](char c) { return c == '#'; })) << tier;

    auto limited = compile(tier.substr(0, tier.size() - 1) + R"(,"maxOutputBytes":1000})");
    auto over = limited.serialize(items(300), buffer.data(), buffer.size());
    ASSERT_FALSE(over);
    EXPECT_EQ(over.error().code, schemajit::ErrorCode::OutputLimit);
    EXPECT_TRUE(std::all_of(buffer.begin(), buffer.end(), [](char c) { return c == '#'; })) << tier;
  }
}

TEST(BufferSink, RefusesADocumentThatDidNotParse) {
  rapidjson::Document doc;
  doc.Parse("[1,");
  char buffer[16] = "unchanged";
  auto r = compile(at_level(1)).serialize(doc, buffer, sizeof buffer);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, schemajit::ErrorCode::InvalidInput);
  EXPECT_STREQ(buffer, "unchanged");
}

#if __cplusplus >= 202002L && __has_include(<span>)
TEST(BufferSink, TakesASpan) {
  auto ser = compile(at_level(1));
  auto doc = items(2);
  std::array<char, 512> buffer{};
  auto len = ser.serialize(doc, std::span<char>(buffer));
  ASSERT_TRUE(len);
  EXPECT_EQ(std::string(buffer.data(), *len), via_string(ser, doc));
}
#endif

// Chunk sizes from one byte (every write crosses a chunk) to more than the output, with
// outputs from a few bytes to megabytes and strings longer than the 64 KiB pieces a long
// string is written in.
TEST(ChunkSink, TheChunksAreWhatTheStringSinkPrintsInPiecesOfAtMostTheChunkSize) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    struct Case {
      int n;
      size_t name_length;
    };
    for (Case c : {Case{0, 1}, Case{3, 5}, Case{2000, 10}, Case{3, 200000}, Case{20000, 40}}) {
      auto doc = items(c.n, false, c.name_length);
      std::string want = via_string(ser, doc);
      for (size_t chunk : {size_t{1}, size_t{7}, size_t{1000}, size_t{4096}, schemajit::kDefaultChunkBytes, size_t{1} << 24}) {
        if (chunk < 1000 && want.size() > 100000) continue;  // a call per byte of megabytes: slow, and no different
        Seen seen;
        auto st = ser.serialize(doc, recorder(seen), chunk);
        ASSERT_TRUE(st) << st.error().message;
        ASSERT_EQ(seen.text, want) << tier << " n=" << c.n << " chunk=" << chunk;
        EXPECT_LE(seen.largest, chunk);
        // Each chunk but the last is close to full: a chunk is cut when a write does not fit.
        if (seen.chunks > 1 && chunk >= 4096) {
          EXPECT_LE(seen.chunks, 2 * (want.size() / chunk) + 2) << chunk;
        }
      }
    }
  }
}

TEST(ChunkSink, AWriterThatStopsEndsTheCallAndIsNotCalledAgain) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    auto doc = items(5000);
    std::string want = via_string(ser, doc);
    std::string seen;
    int calls = 0;
    auto st = ser.serialize(
        doc,
        [&](std::string_view chunk) {
          seen.append(chunk);
          return ++calls < 3;
        },
        1000);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.code(), schemajit::ErrorCode::SinkFailed);
    EXPECT_EQ(calls, 3) << tier;
    EXPECT_EQ(want.compare(0, seen.size(), seen), 0);  // a prefix
    EXPECT_EQ(st.error().message, "the chunk writer stopped the call, having been given " + std::to_string(seen.size()) + " bytes");
  }
}

TEST(ChunkSink, OnAnErrorTheWriterHasHadAPrefixAndNothingAfter) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    std::string good = via_string(ser, items(5000));
    Seen seen;
    auto st = ser.serialize(items(5000, true), recorder(seen), 4096);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.code(), schemajit::ErrorCode::InvalidData);
    EXPECT_GT(seen.chunks, 0u);  // what came before the bad item has gone out
    EXPECT_LT(seen.text.size(), good.size());
    EXPECT_EQ(good.compare(0, seen.text.size(), seen.text), 0) << tier;

    const int64_t limit = 20000;
    auto limited = compile(tier.substr(0, tier.size() - 1) + R"(,"maxOutputBytes":)" + std::to_string(limit) + "}");
    Seen cut;
    auto over = limited.serialize(items(5000), recorder(cut), 1000);
    ASSERT_FALSE(over);
    EXPECT_EQ(over.code(), schemajit::ErrorCode::OutputLimit);
    EXPECT_LE(cut.text.size(), static_cast<size_t>(limit));  // never a byte past the limit
    EXPECT_EQ(good.compare(0, cut.text.size(), cut.text), 0);

    Seen fits;  // within the limit: all of it
    ASSERT_TRUE(limited.serialize(items(50), recorder(fits), 1000));
    EXPECT_EQ(fits.text, via_string(ser, items(50)));
  }
}

TEST(ChunkSink, AnExceptionFromTheWriterStopsTheCallAndReachesTheCaller) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    int calls = 0;
    auto thrower = [&](std::string_view) -> bool {
      if (++calls == 2) throw std::runtime_error("socket closed");
      return true;
    };
    EXPECT_THROW((void)ser.serialize(items(5000), thrower, 1000), std::runtime_error);
    EXPECT_EQ(calls, 2) << tier;
  }
}

// The writer may serialize on the same thread: the streamed call's window is its own.
TEST(ChunkSink, AWriterMaySerializeOnTheSameThread) {
  auto ser = compile(at_level(1));
  auto inner_doc = items(100);
  std::string inner_want = via_string(ser, inner_doc);
  std::string seen;
  auto st = ser.serialize(
      items(3000),
      [&](std::string_view chunk) {
        std::string inner;
        EXPECT_TRUE(ser.serialize(inner_doc, inner));
        EXPECT_EQ(inner, inner_want);
        seen.append(chunk);
        return true;
      },
      512);
  ASSERT_TRUE(st);
  EXPECT_EQ(seen, via_string(ser, items(3000)));
}

TEST(ChunkSink, RefusesAZeroChunkSizeAndADocumentThatDidNotParse) {
  auto ser = compile(at_level(1));
  int calls = 0;
  auto count = [&](std::string_view) { return ++calls, true; };
  auto zero = ser.serialize(items(1), count, 0);
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.code(), schemajit::ErrorCode::InvalidOptions);
  rapidjson::Document doc;
  doc.Parse("{");
  auto unparsed = ser.serialize(doc, count);
  ASSERT_FALSE(unparsed);
  EXPECT_EQ(unparsed.code(), schemajit::ErrorCode::InvalidInput);
  EXPECT_EQ(calls, 0);
}

// Lone surrogates (a string read as an object splits a character above U+FFFF) print as
// `\ud83d` in every sink; a long string's raw bytes that look like one are printed so too by
// the string sink once the call has some, and a chunk boundary inside them changes nothing.
TEST(Sinks, LoneSurrogatesPrintTheSameInEverySink) {
  const char* schema =
      R"({"type":"object","properties":{"a":{"type":"object","additionalProperties":true},"b":{"type":"string"}}})";
  for (const auto& tier : kTiers) {
    auto ser = compile(tier, schema);
    for (size_t at : {size_t{10}, size_t{65534}, size_t{65535}, size_t{65536}, size_t{131070}}) {
      std::string b(200000, 'b');
      b.replace(at, 3, "\xED\xA0\x80");
      rapidjson::Document doc(rapidjson::kObjectType);
      doc.AddMember("a", "x\xF0\x9F\x98\x80", doc.GetAllocator());
      doc.AddMember("b", rapidjson::Value(b.data(), static_cast<rapidjson::SizeType>(b.size()), doc.GetAllocator()),
                    doc.GetAllocator());
      std::string want = via_string(ser, doc);
      ASSERT_NE(want.find(R"("1":"\ud83d")"), std::string::npos);
      ASSERT_NE(want.find(R"(\ud800)"), std::string::npos) << at;
      for (size_t chunk : {size_t{1000}, size_t{4096}, size_t{65536}}) {
        Seen seen;
        ASSERT_TRUE(ser.serialize(doc, recorder(seen), chunk));
        EXPECT_EQ(seen.text, want) << tier << " at=" << at << " chunk=" << chunk;
        EXPECT_LE(seen.largest, chunk);
      }
      std::vector<char> buffer(want.size());
      auto len = ser.serialize(doc, buffer.data(), buffer.size());
      ASSERT_TRUE(len);
      EXPECT_EQ(std::string(buffer.data(), *len), want);
      auto small = ser.serialize(doc, buffer.data(), want.size() - 1);
      ASSERT_FALSE(small);
      EXPECT_EQ(small.error().required_bytes, want.size());  // the printed length
    }
  }
}

TEST(Sinks, ThreadsStreamAndFillBuffersAtOnce) {
  auto ser = compile(at_level(1));
  auto doc = items(2000);
  const std::string want = via_string(ser, doc);
  std::vector<int> good(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::vector<char> buffer(want.size());
      for (int i = 0; i < 50; ++i) {
        Seen seen;
        bool streamed = static_cast<bool>(ser.serialize(doc, recorder(seen), 777 + t)) && seen.text == want;
        auto len = ser.serialize(doc, buffer.data(), buffer.size());
        good[t] += streamed && len && std::string(buffer.data(), *len) == want;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(good, std::vector<int>(4, 50));
}

// Sizes at the edges: every chunk size from 1 to SIZE_MAX, and caller's buffers of any
// capacity. A chunk size far past the output ("one chunk") costs memory for the output, not for
// the chunk size.
const std::vector<size_t> kHugeChunks = {SIZE_MAX, size_t{1} << 62, size_t{1} << 40};

// SIZE_MAX wrapped the window's size to 0 (a heap overflow); 2^62 and 1 TiB were allocated up
// front (OutOfMemory for 500 KB of output). Each is one chunk: the whole output, at once.
TEST(ChunkSizes, AChunkSizePastTheOutputIsOneChunkOfExactlyTheStringSinksBytes) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    for (int n : {0, 3, 12000}) {  // 12,000 items: ~500 KB, a window grown many times
      auto doc = items(n, false, 20);
      std::string want = via_string(ser, doc);
      for (size_t chunk : kHugeChunks) {
        Seen seen;
        auto st = ser.serialize(doc, recorder(seen), chunk);
        ASSERT_TRUE(st) << st.error().message << " " << tier << " chunk=" << chunk;
        EXPECT_EQ(seen.text, want) << tier << " n=" << n << " chunk=" << chunk;
        EXPECT_EQ(seen.chunks, 1u) << tier << " n=" << n << " chunk=" << chunk;
      }
    }
  }
}

TEST(ChunkSizes, OneByteChunksAreTheStringSinksBytesOneByOne) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    auto doc = items(300);
    std::string want = via_string(ser, doc);
    Seen seen;
    ASSERT_TRUE(ser.serialize(doc, recorder(seen), 1));
    EXPECT_EQ(seen.text, want) << tier;
    EXPECT_EQ(seen.chunks, want.size()) << tier;
  }
}

// Past maxOutputBytes the call goes on discarding into a window it reuses: with a huge chunk
// size that window was sized by the chunk size too.
TEST(ChunkSizes, AHugeChunkSizeFailsAtTheLimitWithNothingPastIt) {
  for (const auto& tier : kTiers) {
    auto limited = compile(tier.substr(0, tier.size() - 1) + R"(,"maxOutputBytes":100000})");
    std::string good = via_string(compile(tier), items(12000));
    for (size_t chunk : kHugeChunks) {
      Seen seen;
      auto st = limited.serialize(items(12000), recorder(seen), chunk);
      ASSERT_FALSE(st);
      EXPECT_EQ(st.code(), schemajit::ErrorCode::OutputLimit) << st.error().message;
      EXPECT_LE(seen.text.size(), 100000u);
      EXPECT_EQ(good.compare(0, seen.text.size(), seen.text), 0) << tier << " chunk=" << chunk;
    }
  }
}

// A chunk size between the first window and the output: chunks of exactly that size but the
// last, as the window grows to it.
TEST(ChunkSizes, AChunkSizeAboveTheFirstWindowGivesChunksOfThatSize) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    auto doc = items(12000, false, 20);
    std::string want = via_string(ser, doc);
    const size_t chunk = 200000;
    std::vector<size_t> sizes;
    auto st = ser.serialize(
        doc,
        [&](std::string_view piece) {
          sizes.push_back(piece.size());
          return true;
        },
        chunk);
    ASSERT_TRUE(st);
    ASSERT_EQ(sizes.size(), (want.size() + chunk - 1) / chunk) << tier;
    for (size_t i = 0; i + 1 < sizes.size(); ++i) {
      EXPECT_LE(sizes[i], chunk);
      EXPECT_GT(sizes[i], chunk - 1000) << tier << " chunk " << i;  // cut only where a write does not fit
    }
  }
}

// A caller's buffer is written only up to the output's length, whatever capacity it claims.
TEST(BufferSizes, AHugeCapacityWritesOnlyTheOutputAndZeroIsTooSmall) {
  for (const auto& tier : kTiers) {
    auto ser = compile(tier);
    auto doc = items(40);
    std::string want = via_string(ser, doc);
    std::vector<char> buffer(want.size() + 16, '#');
    auto len = ser.serialize(doc, buffer.data(), SIZE_MAX);
    ASSERT_TRUE(len) << len.error().message;
    EXPECT_EQ(std::string(buffer.data(), *len), want) << tier;
    EXPECT_EQ(std::string(buffer.data() + *len, 16), std::string(16, '#'));
    auto none = ser.serialize(doc, buffer.data(), 0);
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().code, schemajit::ErrorCode::BufferTooSmall);
    EXPECT_EQ(none.error().required_bytes, want.size());
  }
}

}  // namespace
