// libFuzzer target 1: any bytes as a schema → load, lower, print the IR. Must never crash or
// hang: it either returns IR text or an error that names a JSON pointer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <schemajit/schemajit.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static schemajit::Engine engine;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto ir = engine.dump(text, "{}", schemajit::DumpKind::IR);
  if (ir && ir->rfind("module ", 0) != 0) std::abort();        // IR text starts with its header
  if (!ir && ir.error().message.empty()) std::abort();          // an error says what is wrong
  return 0;
}
