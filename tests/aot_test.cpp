// Loading ahead-of-time serializers (include/schemajit/aot.h): a table made for another
// ABI or CPU is refused at load time with its own error code, never run; a schema
// that did not compile loads as its error.
#include <gtest/gtest.h>

#include <schemajit/aot.h>
#include <yyjson.h>

#include "conformance_aot.h"  // made by schemajit-aot (tests/CMakeLists.txt)
#include "tools/tool_common.h"

namespace {

// A serializer of the library: the first one that compiled.
const schemajit_aot_serializer& compiled() {
  for (uint64_t i = 0; i < schemajit_aot_15conformance_aot_count; ++i)
    if (schemajit_aot_15conformance_aot_tables[i]->entry) return *schemajit_aot_15conformance_aot_tables[i];
  throw std::logic_error("no schema of the corpus compiled");
}

TEST(AheadOfTime, LoadsAndRecordsWhatItWasMadeFor) {
  const auto& t = compiled();
  EXPECT_EQ(t.abi, uint64_t{SCHEMAJIT_AOT_ABI_WORD});
  EXPECT_STREQ(t.version, SCHEMAJIT_VERSION_STRING);
  EXPECT_STREQ(t.cpu, "x86-64-v2");
  EXPECT_EQ(t.cpu_features & SCHEMAJIT_AOT_SSE4_2, uint64_t{SCHEMAJIT_AOT_SSE4_2});
  EXPECT_EQ(t.cpu_features & SCHEMAJIT_AOT_AVX, 0u) << "x86-64-v2 has no AVX";
  EXPECT_EQ(t.runtime_abi, &schemajit_runtime_abi_2);
  auto s = schemajit::load(t);
  ASSERT_TRUE(s) << s.error().message;
}

// Ahead-of-time code reads RapidJSON values only (ABI 2): a yyjson value is Unsupported, with
// the caller's string as it was.
TEST(AheadOfTime, YyjsonValuesAreUnsupported) {
  auto s = schemajit::load(compiled());
  ASSERT_TRUE(s) << s.error().message;
  yyjson_doc* doc = yyjson_read("null", 4, 0);
  std::string out = "kept";
  auto st = s->serialize(doc, out);
  yyjson_doc_free(doc);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.code(), schemajit::ErrorCode::Unsupported);
  EXPECT_EQ(out, "kept");
}

// The error load() gives for `t`; a failure of the test when `t` loads.
schemajit::Error refusal(const schemajit_aot_serializer& t) {
  auto s = schemajit::load(t);
  EXPECT_FALSE(s) << "loaded";
  return s ? schemajit::Error{} : s.error();
}

// The ABI decides, not the version: a table of this ABI made by another schemajit-aot loads
// (tests/aot_stored_test.cpp links one that 0.2.0 made).
TEST(AheadOfTime, AnotherVersionOfTheAbiLoads) {
  auto t = compiled();
  t.version = "0.1.9";
  auto s = schemajit::load(t);
  EXPECT_TRUE(s) << s.error().message;
}

TEST(AheadOfTime, AnotherAbiIsRefused) {
  auto t = compiled();
  t.abi = SCHEMAJIT_AOT_ABI + 1;
  EXPECT_EQ(refusal(t).code, schemajit::ErrorCode::VersionMismatch);
}

TEST(AheadOfTime, AFeatureUnknownToTheRuntimeIsRefused) {
  auto t = compiled();
  t.cpu_features |= uint64_t{1} << 62;
  t.cpu = "a future CPU";
  auto e = refusal(t);
  EXPECT_EQ(e.code, schemajit::ErrorCode::CpuMismatch);
  EXPECT_NE(e.message.find("a future CPU"), std::string::npos) << e.message;
}

TEST(AheadOfTime, ASchemaThatDidNotCompileLoadsAsItsError) {
  for (uint64_t i = 0; i < schemajit_aot_15conformance_aot_count; ++i) {
    const auto& t = *schemajit_aot_15conformance_aot_tables[i];
    if (t.entry) continue;
    auto s = schemajit::load(t);
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message, t.error);
    EXPECT_EQ(static_cast<int64_t>(s.error().code), t.error_code);
    return;
  }
  FAIL() << "the corpus has build errors: one of them should be in the library (KEEP_ERRORS)";
}

}  // namespace
