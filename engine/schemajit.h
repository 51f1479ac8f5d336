// schemajit: compiles a JSON Schema into machine code that serializes RapidJSON values
// byte-for-byte like fast-json-stringify 7.3.6.
//
//   schemajit::Engine engine;
//   auto ser = engine.compile(schema_json);          // Result<Serializer>
//   if (!ser) { ser.error().message, ser.error().pointer ... }
//   std::string out;
//   schemajit::Status st = ser->serialize(doc, out); // appends; on error `out` is unchanged
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "ir/options.h"

namespace schemajit {

using Options = sj::Options;
using Cutoffs = sj::Cutoffs;

// A compile error names the JSON pointer of the offending keyword ("/properties/a/type",
// "" for the whole schema, "/rounding" for an option); a serialize error names the schema
// location whose data could not be serialized ("#/properties/a").
struct Error {
  std::string message;
  std::string pointer;
};

// Success is a null pointer: one word to return and to test on every call, where an inline
// Error would be seventy bytes to clear.
class Status {
 public:
  Status() = default;
  explicit Status(Error e) : error_(std::make_unique<Error>(std::move(e))) {}
  Status(const Status& other) : error_(other.error_ ? std::make_unique<Error>(*other.error_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) { return *this = Status(other); }
  Status& operator=(Status&&) noexcept = default;
  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }

 private:
  std::unique_ptr<Error> error_;
};

template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error e) : error_(std::move(e)) {}
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  T& operator*() { return *value_; }
  T* operator->() { return &*value_; }
  const Error& error() const { return error_; }

 private:
  std::optional<T> value_;
  Error error_;
};

namespace detail {
struct CompiledCode;  // machine code and what keeps it alive (engine/jit.h)
}

// Immutable once compiled; any number of threads may call serialize at once. It keeps the
// machine code alive on its own, so it stays valid even after its Engine is destroyed.
class Serializer {
 public:
  Status serialize(const rapidjson::Value& value, std::string& out) const;
  // Convenience: parse `json` (full-precision numbers) and serialize it.
  Status serialize_json(std::string_view json, std::string& out) const;

  Serializer(std::shared_ptr<const detail::CompiledCode> code);
  Serializer(const Serializer& other);
  Serializer& operator=(const Serializer& other);
  ~Serializer();

 private:
  std::shared_ptr<const detail::CompiledCode> code_;
};

enum class DumpKind { IR, LLVM, Asm };

// One schema of a batch (Engine::compile_all): its text and fast-json-stringify's options as
// JSON text ("" for none). The texts must live until compile_all returns.
struct CompileRequest {
  std::string_view schema;
  std::string_view options;
};

// What an Engine did since it was created: the object cache's answers (option "cacheDir")
// and the tier-up recompiles it published (option "tierUp").
struct EngineStats {
  uint64_t hits = 0;      // linked from a cache file, no IR built
  uint64_t misses = 0;    // compiled (the file was absent, damaged or made for another key)
  uint64_t stores = 0;    // cache files written
  uint64_t tier_ups = 0;  // serializers switched to code recompiled at their final level
};

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Thread-safe: several threads may compile at once.
  Result<Serializer> compile(std::string_view schema_json, const Options& options = {});
  // options_json: fast-json-stringify's options object (rounding, largeArraySize, ...,
  // "schema": external schemas) plus schemajit's (optLevel, cutoffs, maxDataDepth,
  // maxOutputBytes).
  Result<Serializer> compile(std::string_view schema_json, std::string_view options_json);
  // Compiles every request on `threads` threads (0: one per hardware thread), each as
  // compile(schema, options) would; results in the requests' order.
  std::vector<Result<Serializer>> compile_all(const std::vector<CompileRequest>& requests, unsigned threads = 0);
  EngineStats stats() const;
  // Blocks until the queued tier-up recompiles (option "tierUp") have finished: for tests,
  // benchmarks, and a server that wants full speed before it takes traffic.
  void wait_for_tier_up();
  // schemajit-dump's text: the IR, the optimised LLVM IR, or the machine code.
  Result<std::string> dump(std::string_view schema_json, std::string_view options_json, DumpKind kind);

  static Result<Options> parse_options(std::string_view options_json);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace schemajit
