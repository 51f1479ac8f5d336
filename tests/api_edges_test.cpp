// The API at its edges (issue 30): a document whose parse failed, and text with a NUL byte
// (RapidJSON's reader would stop there and ignore the rest), are errors, and leave the
// caller's buffer as it was.
#include <gtest/gtest.h>

#include <string_view>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

namespace {

schemajit::Serializer object_serializer() {
  static schemajit::Engine engine;
  return engine.compile(R"({"type":"object","properties":{"a":{"type":"integer"}}})").value();
}

TEST(ApiEdges, ADocumentThatDidNotParseIsRefused) {
  rapidjson::Document doc;
  doc.Parse(R"({"a": 1,)");
  ASSERT_TRUE(doc.HasParseError());
  std::string out = "kept";
  auto st = object_serializer().serialize(doc, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, schemajit::ErrorCode::InvalidInput);
  EXPECT_NE(st.error().message.find("did not parse"), std::string::npos) << st.error().message;
  EXPECT_EQ(out, "kept");
}

TEST(ApiEdges, ADocumentThatParsedSerializesAsAValue) {
  rapidjson::Document doc;
  doc.Parse(R"({"a": 1, "b": 2})");
  std::string out;
  ASSERT_TRUE(object_serializer().serialize(doc, out));
  EXPECT_EQ(out, R"({"a":1})");
  const rapidjson::Value& as_value = doc;  // the Value overload prints the same
  ASSERT_TRUE(object_serializer().serialize(as_value, out));
  EXPECT_EQ(out, R"({"a":1}{"a":1})");
}

TEST(ApiEdges, DataWithANulByteIsRefused) {
  const std::string_view texts[] = {
      std::string_view("{\"a\":1}\0{\"a\":2}", 15),  // after the value
      std::string_view("{\"a\":1\0}", 8),            // between tokens
      std::string_view("{\"a\":1} \0", 9),           // in the trailing white space
  };
  for (auto text : texts) {
    std::string out = "kept";
    auto st = object_serializer().serialize_json(text, out);
    ASSERT_FALSE(st) << "serialized " << out;
    EXPECT_EQ(st.error().code, schemajit::ErrorCode::InvalidInput);
    EXPECT_NE(st.error().message.find("NUL byte at offset"), std::string::npos) << st.error().message;
    EXPECT_EQ(out, "kept");
  }
}

TEST(ApiEdges, SchemaTextWithANulByteIsRefused) {
  schemajit::Engine engine;
  auto ser = engine.compile(std::string_view("{\"type\":\"string\"}\0{\"type\":\"integer\"}", 37));
  ASSERT_FALSE(ser);
  EXPECT_EQ(ser.error().code, schemajit::ErrorCode::InvalidSchema);
  EXPECT_NE(ser.error().message.find("NUL byte at offset 17"), std::string::npos) << ser.error().message;
}

}  // namespace
