// `schemajit check [-v] [--tier T] [--input I] FILE.jsonl...`: runs conformance cases, prints
// failures (with -v, why, and the error cases whose message differs from fjs's), ends with the
// plain closing line "N passed, M failed". --tier: the interpreter alone ("interp") or machine
// code at one level ("0".."3") from the first call; by default the engine's default. --input:
// what the case's input is read into (text: serialize_json, the default; rapidjson or yyjson:
// a document of that model, read as JSON.parse reads the text).
#include <cstdio>
#include <iostream>

#include "tools/cli.h"
#include "tools/tool_common.h"

namespace sj::tools {

int check_command(const Cli& cli, const std::vector<std::string>& args) {
  bool verbose = false;
  CheckOptions options;
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    int status;
    std::string tier;
    if (args[i] == "--verbose" || args[i] == "-v") verbose = true;
    else if (args[i] == "--input") {
      std::string kind;
      if (!cli.value(args, i, kind, &status)) return status;
      auto k = parse_input_kind(kind);
      if (!k) return cli.misuse("--input takes text, rapidjson or yyjson, not '" + kind + "'");
      options.input = *k;
    } else if (args[i] == "--tier") {
      if (!cli.value(args, i, tier, &status)) return status;
      auto t = parse_tier(tier);
      if (!t) return cli.misuse("--tier takes interp, 0, 1, 2 or 3, not '" + tier + "'");
      if (!kHaveJit && *t != Tier::Interpreter)
        return cli.misuse("--tier " + tier + " is machine code: this build has no JIT (SCHEMAJIT_JIT=OFF)");
      options.tier = *t;
    } else if (args[i].size() > 1 && args[i][0] == '-') return cli.misuse("unknown option " + args[i]);
    else files.push_back(args[i]);
  }
  if (files.empty()) return cli.misuse("check needs at least one FILE.jsonl");
  schemajit::Engine engine = sj::tools::make_engine(cli.log_sink());
  size_t passed = 0, failed = 0, error_cases = 0, exact = 0;
  for (const auto& file : files) {
    std::string err;
    auto text = read_file(file, err);
    if (!text) return cli.fail(err);
    size_t file_passed = 0, file_failed = 0;
    for (const auto& line : read_lines(*text)) {
      CaseOutcome r = run_case(engine, line, options);
      if (r.error_case && r.passed) {
        ++error_cases;
        exact += r.message_exact;
        if (verbose && !r.message_exact) std::cout << "MESSAGE " << r.id << "\n      " << r.detail << "\n";
      }
      if (r.passed) {
        ++file_passed;
        continue;
      }
      ++file_failed;
      std::cout << "FAIL " << r.id << (verbose ? "\n      " + r.detail : "") << "\n";
    }
    std::cout << file << ": " << file_passed << " passed, " << file_failed << " failed\n";
    passed += file_passed;
    failed += file_failed;
  }
  std::cout << "error messages identical to fast-json-stringify's: " << exact << " of " << error_cases
            << " error cases that failed at the right stage\n";
  std::cout << passed << " passed, " << failed << " failed\n";
  // Cases whose machine code failed ran on the interpreter, which prints the same bytes: at a
  // machine-code tier they tested nothing of it.
  schemajit::EngineStats stats = engine.stats();
  if (options.tier >= Tier::Level0 && stats.jit_failures) {
    std::cout << "machine code not compiled for " << stats.jit_failures << " serializers (they ran on the interpreter): "
              << stats.jit_error << "\n";
    return 1;
  }
  return failed ? 1 : 0;
}

}  // namespace sj::tools
