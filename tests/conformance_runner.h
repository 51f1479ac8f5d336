// The conformance corpus (tests/conformance/ and, when it exists, ../shared/conformance/) run
// through one way of making serializers: see conformance_test.cpp and aot_conformance_test.cpp.
#pragma once
#include <filesystem>
#include <vector>

#include "tools/tool_common.h"

namespace sj::tests {

// Every .jsonl file of the corpus, in a stable order.
std::vector<std::filesystem::path> conformance_files();

// Runs every case of every file with `check`, as gtest expectations: a case passes when the
// output is byte-identical to fast-json-stringify's, or when it fails at the same stage.
// tests/conformance/expected-failures.txt lists the cases that may fail, each with its reason,
// the same for every tier; a listed case that passes fails the test too.
void every_case_of_every_file(const char* label, const sj::tools::CheckOptions& check);

}  // namespace sj::tests
