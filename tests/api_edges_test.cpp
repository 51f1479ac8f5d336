// The API at its edges (issue 30): a document whose parse failed, and text with a NUL byte
// (RapidJSON's reader would stop there and ignore the rest), are errors, and leave the
// caller's buffer as it was; misspelt options are accepted with warnings.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

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

TEST(ApiEdges, SchemaTextWithLoneSurrogateEscapesBuilds) {
  // JSON.parse keeps "\ud800" as one UTF-16 unit and fjs builds; the key and the default print
  // escaped, as JSON.stringify prints them.
  schemajit::Engine engine(schemajit::interpreter_only);
  auto ser = engine.compile(R"({"type":"object","properties":{"\ud800":{"type":"string"},"d":{"default":"x\udc00"}}})");
  ASSERT_TRUE(ser) << ser.error().message;
  std::string out;
  ASSERT_TRUE(ser->serialize_json(R"({"\ud800":"y"})", out));
  EXPECT_EQ(out, R"({"\ud800":"y","d":"x\udc00"})");
  // A parse error after one names the offset in the text as given (the "}" at 12, not 9 as in
  // the text the reader read, three bytes shorter).
  auto bad = engine.compile(R"({"\ud800":1,})");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("offset 12"), std::string::npos) << bad.error().message;
}

TEST(ApiEdges, MisspeltOptionsAreWarningsNotErrors) {
  schemajit::Engine engine(schemajit::interpreter_only);
  auto ser = engine.compile(R"({"type":"integer"})",
                            R"({"optlevel":0,"TIERUP":false,"cachdir":"x","jt":false,"rouding":"floor","Mode":"debug"})");
  ASSERT_TRUE(ser) << ser.error().message;
  auto meant = [](const char* key, const char* name) {
    return std::string("unknown option \"") + key + "\" ignored (did you mean \"" + name + "\"?)";
  };
  EXPECT_EQ(ser->warnings(), (std::vector<std::string>{meant("optlevel", "optLevel"), meant("TIERUP", "tierUp"),
                                                       meant("cachdir", "cacheDir"), meant("jt", "jit"),
                                                       meant("rouding", "rounding"), meant("Mode", "mode")}));
  // Ignored as fjs ignores them: "rouding" did not make the rounding floor.
  std::string out;
  ASSERT_TRUE(ser->serialize_json("-2.7", out));
  EXPECT_EQ(out, "-2");
  schemajit::Serializer copy = *ser;  // a copy has them too
  EXPECT_EQ(copy.warnings(), ser->warnings());
}

TEST(ApiEdges, KeysLikeNoOptionAreNotWarnedAbout) {
  schemajit::Engine engine(schemajit::interpreter_only);
  // Known options (fjs's that print nothing different too), and unknown keys far from any:
  // "id" is two edits from "jit", but that is most of the name.
  auto ser = engine.compile(R"({"type":"integer"})",
                            R"({"mode":"debug","inlineValidators":true,"forceProjection":1,"ajv":3,"id":1,"type":"x","x":2})");
  ASSERT_TRUE(ser) << ser.error().message;
  EXPECT_TRUE(ser->warnings().empty()) << ser->warnings().front();
  auto from_struct = engine.compile(R"({"type":"integer"})", schemajit::Options{});
  ASSERT_TRUE(from_struct);
  EXPECT_TRUE(from_struct->warnings().empty());
}

}  // namespace
