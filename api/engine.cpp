// The public API's engine without LLVM: schema text → SchemaDoc → IR → the interpreter's
// program, at once; machine code when the Engine has the JIT (api/machine_code.h).
#include <atomic>
#include <thread>

#include <schemajit/schemajit.h>

#include "api/compiled_code.h"
#include "api/machine_code.h"
#include "ir/error.h"
#include "ir/lower.h"
#include "ir/printer.h"
#include "ir/schema_doc.h"
#include "runtime/dom_layout.h"
#include "runtime/read_file.h"

namespace schemajit {
namespace {

Error error_of(const sj::CompileError& e) { return Error{e.code, e.message, e.pointer}; }

}  // namespace

struct Engine::Impl {
  std::unique_ptr<detail::MachineCode> jit;  // null: interpreter only
  LogSink log;                               // EngineOptions::log; empty: silent
  std::atomic<bool> cutoffs_noted{false};    // $SCHEMAJIT_CUTOFFS's warning, once per Engine
  bool layout_ok = sj::dom::layout_self_check();

  // What a compile (or dump) of `options` notices: the options' warnings, $SCHEMAJIT_CUTOFFS
  // ignored (at this Engine's first compile), and options an interpreter-only Engine ignores.
  void note(const sj::Options& options) {
    if (!log) return;
    for (const auto& w : options.warnings) detail::log_to(log, LogLevel::Warning, w);
    const std::string& cutoffs = sj::default_cutoffs_warning();
    if (!cutoffs.empty() && !cutoffs_noted.exchange(true)) detail::log_to(log, LogLevel::Warning, cutoffs);
  }

  void note_ignored(const sj::Options& options) {
    if (jit || !log) return;
    std::string ignored;
    auto add = [&](const char* name) { ignored += (ignored.empty() ? "" : "/") + std::string(name); };
    if (options.opt_level != sj::Options{}.opt_level) add("optLevel");
    if (!options.tier_up) add("tierUp");
    if (!options.cache_dir.empty()) add("cacheDir");
    if (!ignored.empty()) detail::log_to(log, LogLevel::Info, "interpreter-only Engine: " + ignored + " ignored");
  }

  // Throws CompileError.
  Serializer compile(std::string_view schema_json, const sj::Options& options) {
    if (!layout_ok)
      throw sj::CompileError("this build of RapidJSON lays out rapidjson::Value differently from runtime/dom_layout.h", "",
                             ErrorCode::Internal);
    note(options);
    note_ignored(options);
    sj::SchemaDoc doc(schema_json, options);
    sj::ir::Module module = sj::ir::lower(doc, options);
    bool machine = jit && options.jit;
    // Machine code compiled now is published at once into the interpreter's code, which keeps
    // serving the input models machine code does not read (yyjson).
    std::shared_ptr<const detail::CompiledCode> now;
    if (machine && !options.tier_up) now = jit->compile_now(module, schema_json, options);
    auto code = detail::interpreted_code(std::move(module));
    if (now) code->publish(std::move(now));
    else if (machine && options.tier_up) jit->arm(code, schema_json, options);
    return Serializer(std::move(code), options.warnings);
  }
};

Engine::Engine(InterpreterOnly) : Engine(interpreter_only, EngineOptions{}) {}
Engine::Engine(InterpreterOnly, EngineOptions options) : Engine(nullptr, options) {}
Engine::Engine(std::unique_ptr<detail::MachineCode> jit, const EngineOptions& options) : impl_(std::make_shared<Impl>()) {
  impl_->jit = std::move(jit);
  impl_->log = options.log;
}
Engine::~Engine() = default;

const char* version() { return SCHEMAJIT_VERSION_STRING; }

// Out of line: BadResultAccess's key function, so its vtable lives here, not in every program
// file that includes the header.
const char* BadResultAccess::what() const noexcept { return error_.message.c_str(); }

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidSchema: return "InvalidSchema";
    case ErrorCode::InvalidOptions: return "InvalidOptions";
    case ErrorCode::Unsupported: return "Unsupported";
    case ErrorCode::SchemaLimit: return "SchemaLimit";
    case ErrorCode::InvalidData: return "InvalidData";
    case ErrorCode::DepthLimit: return "DepthLimit";
    case ErrorCode::OutputLimit: return "OutputLimit";
    case ErrorCode::OutOfMemory: return "OutOfMemory";
    case ErrorCode::BufferTooSmall: return "BufferTooSmall";
    case ErrorCode::SinkFailed: return "SinkFailed";
    case ErrorCode::InvalidInput: return "InvalidInput";
    case ErrorCode::FileError: return "FileError";
    case ErrorCode::VersionMismatch: return "VersionMismatch";
    case ErrorCode::CpuMismatch: return "CpuMismatch";
    case ErrorCode::Internal: return "Internal";
    case ErrorCode::RegexLimit: return "RegexLimit";
  }
  return "?";
}

Result<Cutoffs> load_cutoffs(const std::string& path) {
  try {
    return sj::load_cutoffs(path);
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Result<Serializer> Engine::compile(std::string_view schema_json, const Options& options) {
  try {
    return impl_->compile(schema_json, sj::from_public(options));
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Result<Serializer> Engine::compile(std::string_view schema_json, std::string_view options_json) {
  try {
    return impl_->compile(schema_json, sj::parse_options(options_json));
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

Result<Serializer> Engine::compile_file(const std::string& path, const Options& options) {
  std::string error;
  auto text = sj::rt::read_file(path, error);
  if (!text) return Error{ErrorCode::FileError, error, ""};
  return compile(*text, options);
}

std::vector<Result<Serializer>> Engine::compile_all(const std::vector<CompileRequest>& requests, unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<size_t>(threads, requests.size()));
  std::vector<std::optional<Result<Serializer>>> slots(requests.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < requests.size();) slots[i].emplace(compile(requests[i].schema, requests[i].options));
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::exception&) {
      break;  // no thread to be had (a thread or address-space limit): fewer threads do the batch
    }
  }
  work();  // the calling thread is one of the workers
  for (auto& t : pool) t.join();
  std::vector<Result<Serializer>> results;
  results.reserve(requests.size());
  for (auto& slot : slots) results.push_back(std::move(*slot));
  return results;
}

void Engine::wait_for_tier_up() {
  if (impl_->jit) impl_->jit->wait();
}

EngineStats Engine::stats() const {
  EngineStats s;
  if (impl_->jit) impl_->jit->add_stats(s);
  return s;
}

Result<std::string> Engine::dump(std::string_view schema_json, std::string_view options_json, DumpKind kind) {
  try {
    sj::Options options = sj::parse_options(options_json);
    impl_->note(options);
    sj::SchemaDoc doc(schema_json, options);
    sj::ir::Module module = sj::ir::lower(doc, options);
    if (kind == DumpKind::IR) return sj::ir::print(module);
    if (!impl_->jit) return Error{ErrorCode::Unsupported, "LLVM IR and assembly need the JIT (an Engine made with Engine())", ""};
    return impl_->jit->dump(module, kind);
  } catch (const sj::CompileError& e) {
    return error_of(e);
  }
}

}  // namespace schemajit
