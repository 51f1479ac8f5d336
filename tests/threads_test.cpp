// One Serializer called from many threads at once (8 threads x 100,000 calls, identical
// output), compile from several threads, serializers outliving their Engine. CI runs these
// under ThreadSanitizer (setup.sh tsan).
#include <thread>
#include <vector>

#include <rapidjson/document.h>

#include "tests/test_util.h"

namespace {

const char* kSchema = R"({"type":"object","required":["id"],"properties":{"id":{"type":"integer"},
  "name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}},"additionalProperties":true})";
const char* kData = R"({"id":"7","name":"n\"ame","tags":["a","b","c","d","e","f","g","h","i",1],"x":{"y":[1,2]}})";

// `threads` threads each serialize doc `calls` times with ser at once; every output is `want`.
void expect_same_output_on_threads(const schemajit::Serializer& ser, const rapidjson::Document& doc,
                                   const std::string& want, int threads, int calls) {
  std::vector<int> mismatches(threads, 0);
  std::vector<std::thread> running;
  for (int t = 0; t < threads; ++t) {
    running.emplace_back([&, t] {
      std::string out;
      for (int i = 0; i < calls; ++i) {
        out.clear();
        if (!ser.serialize(doc, out) || out != want) ++mismatches[t];
      }
    });
  }
  for (auto& th : running) th.join();
  for (int t = 0; t < threads; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

TEST(Threads, OneSerializerManyThreads) {
  auto ser = sj::test::engine().compile(kSchema);
  ASSERT_TRUE(ser);
  rapidjson::Document doc;
  doc.Parse(kData);
  std::string want;
  ASSERT_TRUE(ser->serialize(doc, want));
  expect_same_output_on_threads(*ser, doc, want, 8, 100000);
}

// Under Ajv's coerceTypes the validators convert data: each call does so in its own copy, so
// threads sharing one serializer and one DOM neither race nor see each other's conversions.
TEST(Threads, CoercingSerializerManyThreads) {
  auto ser = sj::test::engine().compile(
      R"({"type":"array","items":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}},"required":["k"]},
          {"type":"object","properties":{"n":{"type":"string"}}},{"type":"array","items":{"type":"boolean"}}]}})",
      R"({"ajv":{"coerceTypes":"array"}})");
  ASSERT_TRUE(ser);
  rapidjson::Document doc;
  doc.Parse(R"([{"n":"7","k":1},{"n":7},{"n":[8]},["true",0]])");
  std::string want;
  ASSERT_TRUE(ser->serialize(doc, want));
  EXPECT_EQ(want, R"([{"n":7},{"n":"7"},{"n":"8"},[true,false]])");  // fast-json-stringify 7.3.6's
  expect_same_output_on_threads(*ser, doc, want, 4, 20000);
}

TEST(Threads, CompileFromSeveralThreads) {
  schemajit::Engine engine;
  std::vector<std::string> outputs(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::string schema = R"({"type":"object","properties":{"k)" + std::to_string(t) + R"(":{"type":"integer"}}})";
      for (int round = 0; round < 5; ++round) {
        auto ser = engine.compile(schema);
        std::string out;
        if (ser && sj::test::serialize_text(*ser, "{\"k" + std::to_string(t) + "\":\"" + std::to_string(t) + "\"}", out))
          outputs[t] = out;
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(outputs[t], "{\"k" + std::to_string(t) + "\":" + std::to_string(t) + "}");
}

// Serializers keep their machine code: the Engine may go while none of its calls is in
// flight, and the serializers then run on other threads.
TEST(Threads, EngineDestroyedSerializersLive) {
  std::vector<schemajit::Serializer> kept;
  {
    schemajit::Engine engine;
    for (const char* schema : {kSchema, R"({"anyOf":[{"type":"integer"},{"type":"string"}]})"}) {
      auto ser = engine.compile(schema);
      ASSERT_TRUE(ser);
      kept.push_back(*ser);
    }
  }
  std::vector<std::string> outputs(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::string out;
      for (int i = 0; i < 1000; ++i) {
        out.clear();
        if (!sj::test::serialize_text(kept[t % 2], t % 2 ? "\"s\"" : kData, out)) return;
      }
      outputs[t] = out;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(outputs[1], "\"s\"");
  EXPECT_EQ(outputs[0], outputs[2]);
  EXPECT_NE(outputs[0], "");
}

}  // namespace
