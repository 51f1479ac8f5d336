// The public header's conveniences (issue items 3 and 6): Result's non-throwing accessors and
// std::expected-style monadic helpers, the empty (default-constructed, moved-from) Serializer,
// its noexcept moves, and RapidJSON documents with another allocator than the default, which
// print through every sink exactly as a rapidjson::Document does.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

namespace {

using schemajit::Error;
using schemajit::ErrorCode;
using schemajit::Result;
using schemajit::Serializer;

static_assert(std::is_nothrow_default_constructible_v<Serializer>);
static_assert(std::is_nothrow_move_constructible_v<Serializer>);
static_assert(std::is_nothrow_move_assignable_v<Serializer>);
static_assert(std::is_copy_constructible_v<Serializer> && std::is_copy_assignable_v<Serializer>);
static_assert(!std::is_convertible_v<Serializer, bool> && std::is_constructible_v<bool, Serializer>);

const char* kSchema =
    R"({"type":"object","required":["id"],"properties":{"id":{"type":"integer"},"name":{"type":"string"},)"
    R"("tags":{"type":"array","items":{"type":"string"}}}})";
const char* kData = R"({"tags":["a","b\n"],"name":"Ada","id":"36","extra":1})";
const char* kExpected = R"({"id":36,"name":"Ada","tags":["a","b\n"]})";

using CrtDocument = rapidjson::GenericDocument<rapidjson::UTF8<>, rapidjson::CrtAllocator>;
using CrtValue = rapidjson::GenericValue<rapidjson::UTF8<>, rapidjson::CrtAllocator>;

Serializer compiled(const char* schema = kSchema) {
  schemajit::Engine engine(schemajit::interpreter_only);
  auto r = engine.compile(schema);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return std::move(r).value_or(Serializer());
}

Result<int> ok_int(int v) { return v; }
Result<int> error_int(const char* message) { return Error{ErrorCode::InvalidData, message, "#/x"}; }

TEST(PublicApi, ValueOrAndUncheckedAccess) {
  Result<int> good = ok_int(7);
  Result<int> bad = error_int("no");
  EXPECT_TRUE(good);
  EXPECT_TRUE(good.has_value());
  EXPECT_FALSE(bad);
  EXPECT_EQ(good.value_or(1), 7);
  EXPECT_EQ(bad.value_or(1), 1);
  EXPECT_EQ(*good, 7);
  EXPECT_EQ(bad.error().message, "no");
  EXPECT_EQ(Result<std::string>(std::string("abc")).value_or("x"), "abc");
  EXPECT_EQ(Result<std::string>(Error{}).value_or("x"), "x");
  Result<std::string> s(std::string("hello"));
  EXPECT_EQ(s->size(), 5u);
  std::string moved = *std::move(s);
  EXPECT_EQ(moved, "hello");

  schemajit::Engine engine(schemajit::interpreter_only);
  Serializer fallback = engine.compile("{\"type\": \"bogus\"}").value_or(Serializer());
  EXPECT_FALSE(fallback);
  EXPECT_TRUE(engine.compile(kSchema).value_or(Serializer()));
}

TEST(PublicApi, ValueThrowsBadResultAccessWithTheError) {
  Result<int> bad = error_int("it failed");
  try {
    (void)bad.value();
    FAIL() << "no exception";
  } catch (const schemajit::BadResultAccess& e) {
    EXPECT_STREQ(e.what(), "it failed");
    EXPECT_EQ(e.error().code, ErrorCode::InvalidData);
    EXPECT_EQ(e.error().pointer, "#/x");
  }
  EXPECT_THROW((void)error_int("x").value(), schemajit::BadResultAccess);
  EXPECT_EQ(ok_int(3).value(), 3);
}

TEST(PublicApi, MonadicHelpers) {
  auto twice = [](int v) { return v * 2; };
  auto half = [](int v) -> Result<int> {
    if (v % 2) return Error{ErrorCode::InvalidData, "odd", ""};
    return v / 2;
  };

  // transform: the value mapped, or the error carried over (to another value type too).
  EXPECT_EQ(*ok_int(4).transform(twice), 8);
  Result<std::string> text = ok_int(4).transform([](int v) { return std::to_string(v); });
  EXPECT_EQ(*text, "4");
  Result<std::string> no_text = error_int("e").transform([](int v) { return std::to_string(v); });
  ASSERT_FALSE(no_text);
  EXPECT_EQ(no_text.error().message, "e");

  // and_then: chains calls that may fail; the first error wins.
  EXPECT_EQ(*ok_int(8).and_then(half).and_then(half), 2);
  Result<int> odd = ok_int(6).and_then(half).and_then(half);
  ASSERT_FALSE(odd);
  EXPECT_EQ(odd.error().message, "odd");
  bool called = false;
  Result<int> skipped = error_int("first").and_then([&](int v) {
    called = true;
    return ok_int(v);
  });
  EXPECT_FALSE(called);
  EXPECT_EQ(skipped.error().message, "first");

  // or_else: a fallback for an error; a value passes through untouched.
  EXPECT_EQ(*error_int("e").or_else([](const Error&) { return ok_int(42); }), 42);
  EXPECT_EQ(*ok_int(1).or_else([](const Error&) { return ok_int(42); }), 1);
  Result<int> still = error_int("e").or_else([](const Error& e) { return error_int(("again: " + e.message).c_str()); });
  EXPECT_EQ(still.error().message, "again: e");

  // transform_error: the error rewritten; a value passes through.
  Result<int> annotated = error_int("bad").transform_error([](Error e) {
    e.message = "while loading: " + e.message;
    return e;
  });
  EXPECT_EQ(annotated.error().message, "while loading: bad");
  EXPECT_EQ(annotated.error().code, ErrorCode::InvalidData);
  EXPECT_EQ(*ok_int(5).transform_error([](const Error& e) { return e; }), 5);

  // On const and rvalue Results, and on the Result compile() returns.
  const Result<int> c = ok_int(3);
  EXPECT_EQ(*c.transform(twice), 6);
  EXPECT_EQ(*c.and_then(half).or_else([](const Error&) { return ok_int(-1); }), -1);
  schemajit::Engine engine(schemajit::interpreter_only);
  rapidjson::Document doc;
  doc.Parse(kData);
  Result<std::string> out = engine.compile(kSchema).and_then([&](const Serializer& s) -> Result<std::string> {
    std::string json;
    if (auto st = s.serialize(doc, json); !st) return st.error();
    return json;
  });
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, kExpected);
  Result<size_t> length = engine.compile("{\"type\": 1}").transform([](Serializer s) { return s.warnings().size(); });
  ASSERT_FALSE(length);
  EXPECT_EQ(length.error().code, ErrorCode::InvalidSchema);
}

TEST(PublicApi, EmptySerializerIsAnErrorAndLeavesTheSinkAlone) {
  Serializer empty;
  EXPECT_FALSE(empty);
  rapidjson::Document doc;
  doc.Parse(kData);

  std::string out = "kept";
  schemajit::Status st = empty.serialize(doc, out);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.code(), ErrorCode::InvalidOptions);
  EXPECT_NE(st.error().message.find("empty Serializer"), std::string::npos) << st.error().message;
  EXPECT_EQ(out, "kept");
  EXPECT_EQ(empty.serialize(static_cast<const rapidjson::Value&>(doc), out).code(), ErrorCode::InvalidOptions);
  EXPECT_EQ(out, "kept");

  char buffer[64];
  std::memset(buffer, 'z', sizeof buffer);
  Result<size_t> n = empty.serialize(doc, buffer, sizeof buffer);
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error().code, ErrorCode::InvalidOptions);
  n = empty.serialize(doc, std::span<char>(buffer));
  EXPECT_EQ(n.error().code, ErrorCode::InvalidOptions);
  EXPECT_EQ(std::string(buffer, sizeof buffer), std::string(sizeof buffer, 'z'));

  int chunks = 0;
  st = empty.serialize(doc, [&](std::string_view) { return ++chunks, true; });
  EXPECT_EQ(st.code(), ErrorCode::InvalidOptions);
  EXPECT_EQ(chunks, 0);

  EXPECT_EQ(empty.serialize_json(kData, out).code(), ErrorCode::InvalidOptions);
  EXPECT_EQ(out, "kept");
  EXPECT_TRUE(empty.warnings().empty());

  // A document that failed to parse is still reported as such on a serializer with code.
  Serializer s = compiled();
  rapidjson::Document broken;
  broken.Parse("{\"id\": ");
  EXPECT_EQ(s.serialize(broken, out).code(), ErrorCode::InvalidInput);
  EXPECT_EQ(out, "kept");
}

TEST(PublicApi, MovesLeaveAnEmptySerializer) {
  Serializer s = compiled();
  ASSERT_TRUE(s);
  Serializer moved(std::move(s));
  EXPECT_TRUE(moved);
  EXPECT_FALSE(s);  // NOLINT(bugprone-use-after-move): moved from is empty, and says so
  Serializer assigned;
  assigned = std::move(moved);
  EXPECT_TRUE(assigned);
  EXPECT_FALSE(moved);  // NOLINT(bugprone-use-after-move)
  rapidjson::Document doc;
  doc.Parse(kData);
  std::string out;
  EXPECT_EQ(moved.serialize(doc, out).code(), ErrorCode::InvalidOptions);  // NOLINT(bugprone-use-after-move)
  ASSERT_TRUE(assigned.serialize(doc, out));
  EXPECT_EQ(out, kExpected);
}

// A struct built before its schemas are compiled, filled in later.
struct Routes {
  Serializer user;
  Serializer list;
};

TEST(PublicApi, SerializerInAStructBuiltLater) {
  Routes routes;
  EXPECT_FALSE(routes.user);
  std::vector<Routes> many(3);  // default-constructible, movable: fits a vector
  schemajit::Engine engine(schemajit::interpreter_only);
  routes.user = engine.compile(kSchema).value_or(Serializer());
  routes.list = engine.compile(R"({"type":"array","items":{"type":"integer"}})").value_or(Serializer());
  many[1] = std::move(routes);
  ASSERT_TRUE(many[1].user && many[1].list);
  rapidjson::Document doc;
  doc.Parse("[1, \"2\", 3.7]");
  std::string out;
  ASSERT_TRUE(many[1].list.serialize(doc, out));
  EXPECT_EQ(out, "[1,2,3]");
}

TEST(PublicApi, CrtAllocatorDocumentPrintsAsTheDefaultDocumentThroughEverySink) {
  Serializer s = compiled();
  rapidjson::Document def;
  def.Parse(kData);
  CrtDocument crt;
  crt.Parse(kData);
  ASSERT_FALSE(def.HasParseError());
  ASSERT_FALSE(crt.HasParseError());

  std::string expected;
  ASSERT_TRUE(s.serialize(def, expected));
  EXPECT_EQ(expected, kExpected);

  // std::string: the document, and its root as a Value.
  std::string out = "<";
  ASSERT_TRUE(s.serialize(crt, out));
  EXPECT_EQ(out, "<" + expected);
  out.clear();
  ASSERT_TRUE(s.serialize(static_cast<const CrtValue&>(crt), out));
  EXPECT_EQ(out, expected);

  // A caller's buffer, by pointer and size and as a span.
  char buffer[256];
  Result<size_t> n = s.serialize(crt, buffer, sizeof buffer);
  ASSERT_TRUE(n);
  EXPECT_EQ(std::string(buffer, *n), expected);
  n = s.serialize(static_cast<const CrtValue&>(crt), std::span<char>(buffer));
  ASSERT_TRUE(n);
  EXPECT_EQ(std::string(buffer, *n), expected);
  n = s.serialize(crt, buffer, 5);
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error().code, ErrorCode::BufferTooSmall);
  EXPECT_EQ(n.error().required_bytes, expected.size());

  // A chunk writer.
  std::string streamed;
  ASSERT_TRUE(s.serialize(crt, [&](std::string_view chunk) { return streamed.append(chunk), true; }, 8));
  EXPECT_EQ(streamed, expected);

  // A value inside the document, and a value built by hand with the CRT allocator.
  Serializer tags = compiled(R"({"type":"array","items":{"type":"string"}})");
  out.clear();
  ASSERT_TRUE(tags.serialize(crt["tags"], out));
  EXPECT_EQ(out, R"(["a","b\n"])");
  CrtValue::AllocatorType alloc;
  CrtValue built(rapidjson::kArrayType);
  built.PushBack(CrtValue("x", alloc), alloc).PushBack(CrtValue(1), alloc);
  out.clear();
  ASSERT_TRUE(tags.serialize(built, out));
  EXPECT_EQ(out, R"(["x","1"])");

  // The same errors: data the schema refuses, a document that did not parse.
  crt.Parse(R"({"name":"x"})");
  out = "kept";
  schemajit::Status st = s.serialize(crt, out);
  EXPECT_EQ(st.code(), ErrorCode::InvalidData);
  EXPECT_EQ(st.error().message, "\"id\" is required!");
  EXPECT_EQ(out, "kept");
  crt.Parse("[1, 2");
  rapidjson::Document def_broken;
  def_broken.Parse("[1, 2");
  st = s.serialize(crt, out);
  EXPECT_EQ(st.code(), ErrorCode::InvalidInput);
  schemajit::Status def_st = s.serialize(def_broken, out);
  EXPECT_EQ(st.error().message, def_st.error().message);
  EXPECT_NE(st.error().message.find("at offset 5"), std::string::npos) << st.error().message;
  EXPECT_EQ(s.serialize(crt, buffer, sizeof buffer).error().code, ErrorCode::InvalidInput);
  EXPECT_EQ(s.serialize(crt, [](std::string_view) { return true; }).code(), ErrorCode::InvalidInput);
  EXPECT_EQ(out, "kept");
}

}  // namespace
