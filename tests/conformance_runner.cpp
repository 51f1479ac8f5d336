#include "tests/conformance_runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>

namespace sj::tests {

namespace fs = std::filesystem;

namespace {

std::map<std::string, std::string> expected_failures() {
  std::map<std::string, std::string> list;
  std::ifstream in(std::string(SJ_SOURCE_DIR) + "/tests/conformance/expected-failures.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.find('\t');
    list[line.substr(0, tab)] = tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return list;
}

}  // namespace

std::vector<fs::path> conformance_files() {
  std::vector<fs::path> files;
  for (const char* dir : {SJ_SOURCE_DIR "/tests/conformance", SJ_SHARED_CONFORMANCE_DIR}) {
    if (!fs::is_directory(dir)) {
      std::cout << "[ conformance ] " << dir << " not found: skipped\n";
      continue;
    }
    std::vector<fs::path> here;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".jsonl") here.push_back(e.path());
    std::sort(here.begin(), here.end());
    files.insert(files.end(), here.begin(), here.end());
  }
  return files;
}

void every_case_of_every_file(const char* label, const sj::tools::CheckOptions& check) {
  auto allowed = expected_failures();
  schemajit::Engine engine = sj::tools::make_engine();
  size_t total_pass = 0, total_fail = 0;
  for (const auto& file : conformance_files()) {
    std::string err;
    auto text = sj::tools::read_file(file.string(), err);
    ASSERT_TRUE(text) << err;
    size_t pass = 0, fail = 0, errors = 0, exact = 0;
    for (const auto& line : sj::tools::read_lines(*text)) {
      auto r = sj::tools::run_case(engine, line, check);
      bool listed = allowed.count(r.id) > 0;
      if (r.passed) {
        ++pass;
        if (r.error_case) ++errors, exact += r.message_exact;
        // Every error case passing in the corpora has fjs's exact message: keep it so.
        EXPECT_TRUE(!r.error_case || r.message_exact) << r.id << " fails with another message: " << r.detail;
        EXPECT_FALSE(listed) << r.id << " passes now: remove it from expected-failures.txt";
      } else {
        ++fail;
        EXPECT_TRUE(listed) << r.id << " fails: " << r.detail;
      }
    }
    std::cout << "[ conformance " << label << " ] " << file.filename().string() << ": " << pass << " passed, " << fail
              << " failed (listed as expected); error messages identical: " << exact << " of " << errors << "\n";
    total_pass += pass;
    total_fail += fail;
  }
  std::cout << "[ conformance " << label << " ] all files: " << total_pass << " passed, " << total_fail << " expected failures\n";
  EXPECT_GT(total_pass, 0u);
  // A serializer whose machine code failed stays on the interpreter and prints the same bytes:
  // at a machine-code tier that would pass every case without testing the code.
  if (check.tier >= sj::tools::Tier::Level0) {
    schemajit::EngineStats stats = engine.stats();
    EXPECT_EQ(stats.jit_failures, 0u) << stats.jit_error;
  }
}

}  // namespace sj::tests
