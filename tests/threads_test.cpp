// One Serializer called from many threads at once, and compile from several threads.
#include <thread>
#include <vector>

#include <rapidjson/document.h>

#include "tests/test_util.h"

namespace {

const char* kSchema = R"({"type":"object","required":["id"],"properties":{"id":{"type":"integer"},
  "name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}},"additionalProperties":true})";
const char* kData = R"({"id":"7","name":"n\"ame","tags":["a","b","c","d","e","f","g","h","i",1],"x":{"y":[1,2]}})";

TEST(Threads, OneSerializerManyThreads) {
  auto ser = sj::test::engine().compile(kSchema);
  ASSERT_TRUE(ser);
  rapidjson::Document doc;
  doc.Parse(kData);
  std::string want;
  ASSERT_TRUE(ser->serialize(doc, want));
  std::vector<int> mismatches(8, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::string out;
      for (int i = 0; i < 20000; ++i) {
        out.clear();
        if (!ser->serialize(doc, out) || out != want) ++mismatches[t];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
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
        if (ser && ser->serialize_json("{\"k" + std::to_string(t) + "\":\"" + std::to_string(t) + "\"}", out))
          outputs[t] = out;
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(outputs[t], "{\"k" + std::to_string(t) + "\":" + std::to_string(t) + "}");
}

}  // namespace
