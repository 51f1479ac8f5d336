// What the command-line tools and the conformance test share: reading files, and running
// conformance cases in the ../shared/conformance format.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

namespace sj::tools {

// The whole file, or nullopt with `error` set (unreadable, a directory, larger than
// sj::rt::kMaxFileBytes: a device or an endless pipe such as --data /dev/zero cannot take the
// memory, ...). "-" is stdin; pipes and devices are read as a command-line tool reads them.
std::optional<std::string> read_file(const std::string& path, std::string& error);

// The warnings of an options JSON text (Serializer::warnings), for the tools that do not
// compile a Serializer from it; none when the options are refused (the tool reports that).
std::vector<std::string> option_warnings(const std::string& options_json);

// One conformance case: {id, schema, options, input, expected | error | build_error}.
struct CaseOutcome {
  std::string id;
  bool passed = false;
  bool error_case = false;       // the case expects an error or build_error
  bool message_exact = false;    // ... and our message is the same text
  std::string detail;            // why it failed: a short diff
};

// Which code runs the cases: the engine's default (the interpreter, then machine code after
// tier-up), the interpreter alone, or machine code at one level from the first call on.
enum class Tier { Default = -2, Interpreter = -1, Level0 = 0, Level1 = 1, Level2 = 2, Level3 = 3 };
// What the case's input is read into: `text` is serialize_json (the public path), `rapidjson`
// and `yyjson` a document of that model read with JSON.parse's meaning (api/text_paths.h).
enum class InputKind { Text, RapidJson, Yyjson };
struct CheckOptions {
  Tier tier = Tier::Default;
  InputKind input = InputKind::Text;
  // Where serializers come from when not from engine.compile (the ahead-of-time conformance
  // test: from a library made by schemajit-aot), given the case's schema and options texts.
  std::function<schemajit::Result<schemajit::Serializer>(const std::string& schema, const std::string& options)> compile;
};
// "interp", "0".."3" (schemajit check --tier); nullopt for anything else.
std::optional<Tier> parse_tier(const std::string& text);
const char* tier_name(Tier tier);
// "text", "rapidjson", "yyjson" (schemajit check and bench --input); nullopt for anything else.
std::optional<InputKind> parse_input_kind(const std::string& text);
const char* input_kind_name(InputKind input);

// A case's schema and options (the case parsed, a JSON object) as the engine is given them at
// `tier`: JSON texts.
struct CaseInputs {
  std::string schema, options;
};
CaseInputs case_compile_inputs(const rapidjson::Value& parsed_case, Tier tier);

// The name of the ahead-of-time serializer of a schema and options pair (a C identifier): the
// manifest of the conformance schemas names them so, and the test looks them up so.
std::string aot_case_name(const std::string& schema, const std::string& options);

// Whether this build has the JIT (SCHEMAJIT_JIT): without it the tools run the interpreter and
// refuse what needs machine code (check --tier 0..3, dump --llvm/--asm).
constexpr bool kHaveJit = SCHEMAJIT_TOOLS_JIT;
// The Engine a tool or test works with: the whole engine, or the interpreter's without the JIT;
// its log goes to `log` (a tool's Cli::log_sink(); none: silent).
schemajit::Engine make_engine(schemajit::LogSink log = {});

CaseOutcome run_case(schemajit::Engine& engine, const std::string& jsonl_line, const CheckOptions& options);

// Every line of a .jsonl file (empty lines skipped).
std::vector<std::string> read_lines(const std::string& text);

}  // namespace sj::tools
