// schemajit-dump SCHEMA.json [--options O.json] [--llvm | --asm]
// Prints the IR (default), the optimised LLVM IR, or the machine code of a schema.
#include <iostream>

#include "tools/tool_common.h"

int main(int argc, char** argv) {
  std::string schema_path, options_path;
  schemajit::DumpKind kind = schemajit::DumpKind::IR;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--llvm") kind = schemajit::DumpKind::LLVM;
    else if (a == "--asm") kind = schemajit::DumpKind::Asm;
    else if (a == "--options" && i + 1 < argc) options_path = argv[++i];
    else if (schema_path.empty()) schema_path = a;
    else {
      std::cerr << "usage: schemajit-dump SCHEMA.json [--options O.json] [--llvm | --asm]\n";
      return 2;
    }
  }
  if (schema_path.empty()) {
    std::cerr << "usage: schemajit-dump SCHEMA.json [--options O.json] [--llvm | --asm]\n";
    return 2;
  }
  std::string err, options;
  auto schema = sj::tools::read_file(schema_path, err);
  if (schema && !options_path.empty()) {
    auto o = sj::tools::read_file(options_path, err);
    if (!o) schema.reset();
    else options = *o;
  }
  if (!schema) {
    std::cerr << "schemajit-dump: " << err << "\n";
    return 1;
  }
  schemajit::Engine engine;
  auto text = engine.dump(*schema, options, kind);
  if (!text) {
    std::cerr << "schemajit-dump: " << text.error().message
              << (text.error().pointer.empty() ? "" : " (at " + text.error().pointer + ")") << "\n";
    return 1;
  }
  std::cout << *text;
  return 0;
}
