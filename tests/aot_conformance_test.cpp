// The conformance corpus through ahead-of-time code: the build runs schemajit-aot over every
// distinct schema and options pair of the corpus (tests/aot_manifest.cpp names them), and this
// test links the library it makes, as a user's program does, and loads each case's serializer
// from it with schemajit::load.
#include <gtest/gtest.h>

#include <map>

#include "conformance_aot.h"  // made by schemajit-aot (tests/CMakeLists.txt)
#include "tests/conformance_runner.h"

namespace {

TEST(Conformance, AheadOfTime) {
  std::map<std::string, const schemajit_aot_serializer*> by_name;
  for (uint64_t i = 0; i < schemajit_aot_15conformance_aot_count; ++i)
    by_name[schemajit_aot_15conformance_aot_tables[i]->name] = schemajit_aot_15conformance_aot_tables[i];
  sj::tools::CheckOptions check;
  size_t loaded = 0;
  check.compile = [&](const std::string& schema, const std::string& options) -> schemajit::Result<schemajit::Serializer> {
    auto it = by_name.find(sj::tools::aot_case_name(schema, options));
    if (it == by_name.end()) return schemajit::Error{schemajit::ErrorCode::Internal, "not in the ahead-of-time library", ""};
    ++loaded;
    return schemajit::load(*it->second);
  };
  sj::tests::every_case_of_every_file("aot", check);
  EXPECT_GT(loaded, 0u);
}

}  // namespace
