// schemajit-dump SCHEMA.json [--options O.json] [--llvm | --asm]
// Prints the IR (default), the optimised LLVM IR, or the machine code of a schema.
#include <iostream>

#include "tools/cli.h"
#include "tools/tool_common.h"

namespace {

const sj::tools::Cli kCli("schemajit-dump", R"(usage: schemajit-dump SCHEMA.json [--options O.json] [--llvm | --asm]
       schemajit-dump --help | --version

Prints what the engine makes of a schema: its IR (the default; each line a node, with the
bytes it writes), the optimised LLVM IR (--llvm), or the machine code (--asm).
  --options O.json  fast-json-stringify's options object, plus schemajit's
)");

}  // namespace

static int run_command(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string schema_path, options_path;
  schemajit::DumpKind kind = schemajit::DumpKind::IR;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    int status;
    if (sj::tools::Cli::is_help(a)) return kCli.help();
    if (a == "--version") return kCli.version();
    if (a == "--llvm") kind = schemajit::DumpKind::LLVM;
    else if (a == "--asm") kind = schemajit::DumpKind::Asm;
    else if (a == "--options") { if (!kCli.value(args, i, options_path, &status)) return status; }
    else if (a.size() > 1 && a[0] == '-') return kCli.misuse("unknown option " + a);
    else if (schema_path.empty()) schema_path = a;
    else return kCli.misuse("unexpected argument " + a);
  }
  if (schema_path.empty()) return kCli.misuse("which schema?");
  std::string err, options;
  auto schema = sj::tools::read_file(schema_path, err);
  if (!schema) return kCli.fail(err);
  if (!options_path.empty()) {
    auto o = sj::tools::read_file(options_path, err);
    if (!o) return kCli.fail(err);
    options = *o;
  }
  schemajit::Engine engine = sj::tools::make_engine(kCli.log_sink());  // logs the options' warnings
  auto text = engine.dump(*schema, options, kind);
  if (!text) return kCli.fail(text.error().message + (text.error().pointer.empty() ? "" : " (at " + text.error().pointer + ")"));
  std::cout << *text;
  return 0;
}

int main(int argc, char** argv) { return kCli.exit_status(run_command(argc, argv)); }
