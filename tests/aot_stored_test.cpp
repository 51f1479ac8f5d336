// Objects made by an earlier schemajit-aot (0.2.0, tests/data/aot-0.2.0) load in this runtime
// while their ABI is its ABI, and print what this version's interpreter prints for the same
// schema and data; after an ABI change they are refused with VersionMismatch, never run.
#include <gtest/gtest.h>

#include <schemajit/aot.h>

#include "stored_0_2.h"
#include "tools/tool_common.h"

namespace {

TEST(AheadOfTimeStored, AnObjectOfAnEarlierVersionLoads) {
  EXPECT_STREQ(schemajit_aot_10stored_0_25order.version, "0.2.0");
  auto order = stored_0_2::order();
  if (SCHEMAJIT_AOT_ABI != 2) {  // the stored object is of ABI 2
    ASSERT_FALSE(order);
    EXPECT_EQ(order.error().code, schemajit::ErrorCode::VersionMismatch);
    return;
  }
  ASSERT_TRUE(order) << order.error().message;
  auto api = stored_0_2::api_response();
  ASSERT_TRUE(api) << api.error().message;

  schemajit::Engine engine(schemajit::interpreter_only);
  std::string schema, error;
  auto text = sj::tools::read_file(SJ_SOURCE_DIR "/examples/subproject/schemas/order.json", error);
  ASSERT_TRUE(text) << error;
  auto now = engine.compile(*text);
  ASSERT_TRUE(now) << now.error().message;
  rapidjson::Document doc;
  doc.Parse(R"({"lines": ["a", "\u00e9\n"], "id": "7.9", "x": 1})");
  std::string stored_out, now_out;
  ASSERT_TRUE(order->serialize(doc, stored_out));
  ASSERT_TRUE(now->serialize(doc, now_out));
  EXPECT_EQ(stored_out, now_out);
  EXPECT_EQ(stored_out, "{\"id\":7,\"lines\":[\"a\",\"\xc3\xa9\\n\"]}");

  rapidjson::Document missing;
  missing.Parse(R"({"lines": []})");
  std::string kept = "kept";
  auto st = order->serialize(missing, kept);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().message, "\"id\" is required!");
  EXPECT_EQ(kept, "kept");
}

}  // namespace
