// The one place a tool chooses its Engine: Engine() lives in the JIT's library, which a build
// without the JIT (SCHEMAJIT_JIT=OFF) has not got.
#include "tools/tool_common.h"

namespace sj::tools {

schemajit::Engine make_engine(schemajit::LogSink log) {
#if SCHEMAJIT_TOOLS_JIT
  return schemajit::Engine(schemajit::EngineOptions{std::move(log)});
#else
  return schemajit::Engine(schemajit::interpreter_only, schemajit::EngineOptions{std::move(log)});
#endif
}

}  // namespace sj::tools
