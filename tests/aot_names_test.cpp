// Ahead-of-time libraries with hostile names (issue 38), made by tests/aot_names_libraries.cmake
// and linked into this one program: each function reaches its own schema (which prints only the
// member named after it), and load() refuses bytes that are not a table of this ABI before it
// reads anything but their first word.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include <rapidjson/document.h>

#include <schemajit/aot.h>

#include "names_b.h"
#include "names_c.h"
#include "names_k.h"
#include "names_x.h"

namespace {

// What `s` prints for an object with a member named after each schema of the libraries.
std::string printed(const schemajit::Result<schemajit::Serializer>& s) {
  if (!s) return "load failed: " + s.error().message;
  rapidjson::Document doc;
  doc.Parse(R"({"c": 7, "b_c": 7, "x": 7, "x_entry": 7, "class": 7, "tables": 7, "count": 7, "linux": 7, "-x": 7,
                "newline": 7, "back": 7})");
  std::string out;
  if (auto st = s->serialize(doc, out); !st) return "serialize failed: " + st.error().message;
  return out;
}

TEST(AheadOfTimeNames, NamespaceAndNameJoinedAlikeStayApart) {
  EXPECT_EQ(printed(api_b::c()), R"({"c":7})");
  EXPECT_EQ(printed(api::b_c()), R"({"b_c":7})");
}

TEST(AheadOfTimeNames, AnEntryPointIsNotAnotherSchemasTable) {
  EXPECT_EQ(printed(n::x()), R"({"x":7})");
  EXPECT_EQ(printed(n::x_entry()), R"({"x_entry":7})");
}

TEST(AheadOfTimeNames, KeywordsMacrosAndTheHeadersOwnNamesBecomeFunctions) {
  EXPECT_EQ(printed(namespace_::class_()), R"({"class":7})");
  EXPECT_EQ(printed(namespace_::linux_()), R"({"linux":7})");
  EXPECT_EQ(printed(namespace_::tables()), R"({"tables":7})");
  EXPECT_EQ(printed(namespace_::count()), R"({"count":7})");
}

TEST(AheadOfTimeNames, FileNamesThatAreNotCodeBecomeFunctions) {
  EXPECT_EQ(printed(namespace_::_x()), R"({"-x":7})");
  EXPECT_EQ(printed(namespace_::new_line()), R"({"newline":7})");
  EXPECT_EQ(printed(namespace_::back_()), R"({"back":7})");
}

// A table whose every pointer would fault if it were followed: what load() may read of bytes
// that are not a table (machine code, another ABI's table) is their first word.
schemajit_aot_serializer poisoned(uint64_t abi) {
  schemajit_aot_serializer t{};
  const auto poison = reinterpret_cast<const char*>(uintptr_t{8});
  t.abi = abi;
  t.version = t.name = t.cpu = t.options = t.error = t.error_pointer = poison;
  t.entry = poison;
  t.pattern_count = t.constant_count = uint64_t{1} << 40;
  t.pattern_dialects = reinterpret_cast<const int64_t*>(poison);
  t.pattern_sources = t.constants = reinterpret_cast<const char* const*>(poison);
  t.pattern_lengths = reinterpret_cast<const uint64_t*>(poison);
  t.runtime_abi = reinterpret_cast<const int*>(poison);
  return t;
}

TEST(AheadOfTimeNames, LoadReadsNothingOfATableOfAnotherAbi) {
  for (uint64_t abi : {uint64_t{0}, uint64_t{1}, uint64_t{SCHEMAJIT_AOT_ABI}, uint64_t{SCHEMAJIT_AOT_ABI_WORD} + 1,
                       uint64_t{0xe5894855fa1e0ff3}}) {
    auto s = schemajit::load(poisoned(abi));
    ASSERT_FALSE(s) << abi;
    EXPECT_EQ(s.error().code, schemajit::ErrorCode::VersionMismatch);
    EXPECT_NE(s.error().message.find("not a table of the ahead-of-time ABI"), std::string::npos) << s.error().message;
  }
}

}  // namespace
