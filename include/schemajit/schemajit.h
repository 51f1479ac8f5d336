// schemajit: compiles a JSON Schema into a serializer that writes a RapidJSON value as JSON
// text, byte for byte what fast-json-stringify 7.3.6 prints for the same schema and data.
//
//   schemajit::Engine engine;                           // one per process is plenty
//   auto user = engine.compile(schema_json);            // Result<Serializer>
//   if (!user) { user.error().code, .message, .pointer (the JSON pointer of the keyword) }
//   std::string out;
//   schemajit::Status st = user->serialize(doc, out);  // appends; on error `out` is unchanged
//
// The output may also go into a caller's buffer (serialize(doc, data, size)) or, while the
// call runs, to a chunk writer (serialize(doc, writer, chunk_bytes)): a socket, writev.
//
// This header is the whole public API; it includes nothing of the library's internals.
#pragma once
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if __cplusplus >= 202002L && __has_include(<span>)
#include <span>
#endif

#include <rapidjson/document.h>

#define SCHEMAJIT_VERSION_MAJOR 0
#define SCHEMAJIT_VERSION_MINOR 2
#define SCHEMAJIT_VERSION_PATCH 0
#define SCHEMAJIT_VERSION_STRING "0.2.0"
// One number to compare: 0.2.0 is 200, 1.12.3 is 11203.
#define SCHEMAJIT_VERSION (SCHEMAJIT_VERSION_MAJOR * 10000 + SCHEMAJIT_VERSION_MINOR * 100 + SCHEMAJIT_VERSION_PATCH)

// Serializers read rapidjson::Value's memory directly: RapidJSON 1.1's layout on a 64-bit
// target with its default 48-bit pointer packing. A program that configures RapidJSON
// otherwise would hand them Values they cannot read.
static_assert(sizeof(rapidjson::Value) == 16 && RAPIDJSON_48BITPOINTER_OPTIMIZATION == 1,
              "schemajit needs RapidJSON's default Value layout (16 bytes, 48-bit pointers)");

// yyjson's documents (yyjson 0.12, which the library carries: <schemajit/yyjson.h>), declared
// only: this header includes nothing of yyjson.
struct yyjson_doc;
struct yyjson_val;

namespace schemajit {

// The version of the library the program links ("0.2.0"), where SCHEMAJIT_VERSION_STRING is
// that of the header it was compiled with.
const char* version();

// What kind of failure an Error reports.
enum class ErrorCode {
  InvalidSchema,   // fast-json-stringify refuses the schema (not JSON, the draft-07 meta-schema,
                   // a $ref that does not resolve, schemas that cannot be merged), or Ajv
                   // refuses it when a call first validates with it (fjs fails that call too)
  InvalidOptions,  // an option has a value fast-json-stringify or schemajit refuses
  Unsupported,     // a schema construct this engine does not compile ("not supported yet: ...")
  SchemaLimit,     // maxDepth, maxSchemaNodes: the schema is too deep or too large
  InvalidData,     // the data cannot be serialized with this schema: fast-json-stringify
                   // throws there ("\"id\" is required!", "The value \"x\" cannot be
                   // converted to an integer.", no anyOf branch matches, ...)
  DepthLimit,      // the data nests deeper than maxDataDepth
  OutputLimit,     // the output would exceed maxOutputBytes
  OutOfMemory,     // the output buffer could not grow
  BufferTooSmall,  // the output does not fit the caller's buffer (Error::required_bytes says what does)
  SinkFailed,      // the caller's chunk writer returned false
  InvalidInput,    // serialize_json's text is not JSON, or serialize's document failed to parse
  FileError,       // compile_file could not read its file
  VersionMismatch, // an ahead-of-time serializer made by another version of schemajit-aot
  CpuMismatch,     // an ahead-of-time serializer made for a CPU with features this one lacks
  Internal,        // the code generator or the JIT failed: a bug, please report it
  RegexLimit,      // a regex search (pattern, patternProperties, a format) ran out of the call's
                   // budget of backtracking steps or its stack limit; at build time, of its own
};
// "InvalidSchema", "DepthLimit", ...
const char* error_code_name(ErrorCode code);

// A compile error names the JSON pointer of the offending keyword ("/properties/a/type", "" for
// the whole schema, "/rounding" for an option); a serialize error names the schema location
// whose data could not be serialized ("#/properties/a"). `message` is fast-json-stringify's
// text wherever it has one.
struct Error {
  ErrorCode code = ErrorCode::Internal;
  std::string message;
  std::string pointer;
  size_t required_bytes = 0;  // BufferTooSmall: the output's length
};

// Thrown by Result::value() on a Result that holds an error.
class BadResultAccess : public std::exception {
 public:
  explicit BadResultAccess(Error error) : error_(std::move(error)) {}
  const char* what() const noexcept override { return error_.message.c_str(); }
  const Error& error() const { return error_; }

 private:
  Error error_;
};

// The outcome of a call that returns nothing else. Success is a null pointer: one word to
// return and to test on every serialize call.
class [[nodiscard]] Status {
 public:
  Status() = default;
  explicit Status(Error e) : error_(std::make_unique<Error>(std::move(e))) {}
  Status(const Status& other) : error_(other.error_ ? std::make_unique<Error>(*other.error_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) { return *this = Status(other); }
  Status& operator=(Status&&) noexcept = default;

  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  // Only when !ok().
  const Error& error() const { return *error_; }
  ErrorCode code() const { return error_->code; }

 private:
  std::unique_ptr<Error> error_;
};

// A value, or the Error that prevented it.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error e) : error_(std::move(e)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  // The value; throws BadResultAccess (with the error) when there is none.
  T& value() & {
    checked();
    return *value_;
  }
  const T& value() const& {
    checked();
    return *value_;
  }
  T&& value() && {
    checked();
    return std::move(*value_);
  }
  // Unchecked access: only when ok().
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  // Only when !ok().
  const Error& error() const { return error_; }

 private:
  void checked() const {
    if (!value_) throw BadResultAccess(error_);
  }
  std::optional<T> value_;
  Error error_;
};

// ---- options ----------------------------------------------------------------------------
// Every option of fast-json-stringify's build() that changes what it prints, and schemajit's
// own. compile() also takes them as fast-json-stringify's options object in JSON text, where
// each field below has the name given in quotes.

// "rounding": how an integer schema prints a number with a fraction (Math.trunc, ...).
enum class Rounding { Trunc, Floor, Ceil, Round };
// "largeArrayMechanism": "default" serializes every array through its schema; with
// "json-stringify" an array of at least large_array_size elements is printed as
// JSON.stringify prints it, its items' schema ignored.
enum class LargeArrayMechanism { Default, JsonStringify };

// "cutoffs": the array length from which an array of plain strings, numbers, integers or
// number arrays is written by a vectorized bulk kernel instead of the per-item loop. Both
// print the same bytes; the cutoff only decides which is faster, and schemajit-calibrate
// measures it per machine. kNever keeps the loop at every length.
struct Cutoffs {
  static constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
  int64_t string_array = 16;   // "string"
  int64_t number_array = 8;    // "number"
  int64_t integer_array = 8;   // "integer"
  int64_t number_arrays = 4;   // "numberArrays": arrays whose items are arrays of numbers
};
// The cutoffs a file written by schemajit-calibrate holds.
Result<Cutoffs> load_cutoffs(const std::string& path);

// "ajv": the options fast-json-stringify passes to the Ajv instance that decides anyOf/oneOf
// branches and if/then/else. These change which branch is taken, and what is printed when
// validation writes into the data (schemajit does that on copies: the caller's value is never
// written).
struct AjvOptions {
  enum class CoerceTypes { Off, On, Array };          // "coerceTypes": false | true | "array"
  enum class UseDefaults { Off, On, Empty };          // "useDefaults": false | true ("shared") | "empty"
  enum class RemoveAdditional { Off, On, All, Failing };  // "removeAdditional": false | true | "all" | "failing"
  CoerceTypes coerce_types = CoerceTypes::Off;
  UseDefaults use_defaults = UseDefaults::Off;
  RemoveAdditional remove_additional = RemoveAdditional::Off;
  bool validate_formats = true;    // "validateFormats": false ignores `format` in validated schemas
  bool unicode_regexp = true;      // "unicodeRegExp": false compiles `pattern` without the u flag
  int multiple_of_precision = 0;   // "multipleOfPrecision": N accepts quotients within 1e-N of an integer
  bool discriminator = false;      // "discriminator": the discriminator keyword is checked as Ajv does
  bool strict_schema = false;      // "strictSchema": an unknown keyword in a validated schema is an error
  // "strictTypes" (or "strict"): true makes a keyword applied without its type in the schema
  // or around it (`properties` without `type: "object"`), or a type excluded around it, an error
  bool strict_types = false;
  bool strict_tuples = false;    // "strictTuples" (or "strict"): a tuple minItems and maxItems do not pin is an error
  bool strict_required = false;  // "strictRequired" (or "strict"): a required name no properties declares is an error
  // "formats": formats of your own for `format` in validated schemas, by name: a regex source
  // tests strings as `new RegExp(source)` does (no flags, unanchored); nullopt (Ajv's `true`)
  // passes every value. ajv-formats' names (date, email, ...) keep ajv-formats' meaning.
  std::map<std::string, std::optional<std::string>> formats;
};

struct Options {
  // ---- fast-json-stringify's ----
  Rounding rounding = Rounding::Trunc;                                      // "rounding"
  LargeArrayMechanism large_array_mechanism = LargeArrayMechanism::Default;  // "largeArrayMechanism"
  int64_t large_array_size = 20000;                                         // "largeArraySize"
  int max_depth = 100;  // "maxDepth": schema nesting limit, 0..100 (SchemaLimit beyond it)
  // "schema": external schemas that $refs name, as the JSON text of an object keyed by id
  // ("" for none): {"common.json": {"$id": "common.json", "definitions": {...}}}.
  std::string external_schemas;
  bool compile_validators = false;  // "compileValidators": Ajv's errors at compile time, not at the first call
  AjvOptions ajv;                   // "ajv"

  // ---- schemajit's ----
  // "jit": false runs every serializer on the interpreter: no LLVM in the process, no
  // executable memory (SELinux deny_execmem, hardened containers), output unchanged.
  bool jit = true;
  int opt_level = 1;     // "optLevel": 0..3, how much LLVM optimises the machine code
  // "tierUp": a serializer runs on the interpreter from the moment compile() returns and is
  // compiled to machine code at opt_level on a background thread once it has been called 100
  // times (LLVM starts then, on that thread). false: compiled at opt_level before compile()
  // returns.
  bool tier_up = true;
  // "cacheDir": a directory where compiled machine code is kept between runs, keyed by
  // schema, options, engine version and CPU ("" for none).
  std::string cache_dir;
  // "cutoffs" / "cutoffsFile": unset, the built-in cutoffs (or those of the file that
  // $SCHEMAJIT_CUTOFFS names, read once per process).
  std::optional<Cutoffs> cutoffs;
  // "maxDataDepth": data nested deeper than this under a recursive schema, an untyped value
  // or a validator is the error DepthLimit, never a stack overflow.
  int32_t max_data_depth = 1000;
  // "maxOutputBytes": one call's output beyond this is the error OutputLimit.
  int64_t max_output_bytes = int64_t{1} << 30;
  // "maxSchemaNodes": a schema that needs more serializer nodes (about one per property, item
  // and branch) is the error SchemaLimit, which bounds compile time and memory.
  int64_t max_schema_nodes = 20000;
};

// ---- serializers ------------------------------------------------------------------------

namespace detail {
struct CompiledCode;  // the code a Serializer runs and what keeps it alive
class MachineCode;    // what the JIT adds to an Engine
struct SerializerAccess;  // the library's own paths into a Serializer (api/text_paths.h)
}

// Receives a streamed call's output (Serializer::serialize with a writer), in order, in
// chunks of at most the call's chunk_bytes, while the call runs; returns false to stop it.
using ChunkWriter = std::function<bool(std::string_view chunk)>;

inline constexpr size_t kDefaultChunkBytes = 64 * 1024;

// A compiled schema. Immutable: any number of threads may call it at once. It keeps its
// code alive on its own, so it stays valid after its Engine is destroyed.
//
// Every sink takes a rapidjson::Value or a whole Document. A Document whose parse failed
// (doc.HasParseError()) is the error InvalidInput, not the "{}" or null RapidJSON leaves in
// it, so that a forgotten check cannot send a client an empty answer.
class Serializer {
 public:
  // Appends the JSON text of `value` to `out`. On error `out` holds exactly what it held.
  // Fastest when `out` is reused with clear(): the text is written into its capacity.
  Status serialize(const rapidjson::Value& value, std::string& out) const;
  Status serialize(const rapidjson::Document& doc, std::string& out) const;

  // Writes the JSON text into [buffer, buffer + size) and returns its length. When it does
  // not fit: the error BufferTooSmall, whose required_bytes is the length it needs. On any
  // error the buffer holds exactly what it held (the text is made in a per-thread buffer and
  // copied once the call has succeeded).
  Result<size_t> serialize(const rapidjson::Value& value, char* buffer, size_t size) const;
  Result<size_t> serialize(const rapidjson::Document& doc, char* buffer, size_t size) const;
#if __cplusplus >= 202002L && __has_include(<span>)
  Result<size_t> serialize(const rapidjson::Value& value, std::span<char> buffer) const {
    return serialize(value, buffer.data(), buffer.size());
  }
  Result<size_t> serialize(const rapidjson::Document& doc, std::span<char> buffer) const {
    return serialize(doc, buffer.data(), buffer.size());
  }
#endif

  // Streams the JSON text to `write` while the call runs, in chunks of at most chunk_bytes
  // (each but the last close to that size), so that the call holds one chunk of it at a time
  // (plus the worst case of one write, a 64 KiB piece of a string escaped: 384 KiB), however
  // long the output. On error the writer has had a prefix of the output, never a byte past
  // maxOutputBytes, and gets nothing more: whoever receives it must treat it as cut short
  // (close the connection, reset the stream). A writer returning false stops the call with
  // SinkFailed. chunk_bytes 0 is InvalidOptions.
  Status serialize(const rapidjson::Value& value, const ChunkWriter& write, size_t chunk_bytes = kDefaultChunkBytes) const;
  Status serialize(const rapidjson::Document& doc, const ChunkWriter& write, size_t chunk_bytes = kDefaultChunkBytes) const;

  // The same three sinks for yyjson's immutable documents: a value (yyjson_doc_get_root(doc), or
  // any value inside a document) prints exactly as the same JSON in a RapidJSON DOM. Strings
  // are read in place (no copy of the document), so the document must live until the call
  // returns. A null document (yyjson_read failed) or value is InvalidInput. yyjson values run
  // on the interpreter (machine code reads RapidJSON values so far); serializers loaded from
  // ahead-of-time objects read RapidJSON values only (Unsupported).
  Status serialize(const yyjson_val* value, std::string& out) const;
  Status serialize(const yyjson_doc* doc, std::string& out) const;
  Result<size_t> serialize(const yyjson_val* value, char* buffer, size_t size) const;
  Result<size_t> serialize(const yyjson_doc* doc, char* buffer, size_t size) const;
  Status serialize(const yyjson_val* value, const ChunkWriter& write, size_t chunk_bytes = kDefaultChunkBytes) const;
  Status serialize(const yyjson_doc* doc, const ChunkWriter& write, size_t chunk_bytes = kDefaultChunkBytes) const;

  // Parses `json` as JSON.parse would (full-precision numbers, duplicate names collapsed to
  // the last value) and serializes it.
  Status serialize_json(std::string_view json, std::string& out) const;

  // What compile() noticed but accepted, one message per line: keys of the options JSON
  // that look like a misspelt option ("unknown option \"optlevel\" ignored (did you mean
  // \"optLevel\"?)"). fast-json-stringify ignores unknown keys, and so does compile(); the
  // tools print these on stderr. Empty for options given as the struct.
  const std::vector<std::string>& warnings() const;

  explicit Serializer(std::shared_ptr<const detail::CompiledCode> code, std::vector<std::string> warnings = {});
  Serializer(const Serializer& other);
  Serializer& operator=(const Serializer& other);
  ~Serializer();

 private:
  friend struct detail::SerializerAccess;
  std::shared_ptr<const detail::CompiledCode> code_;
  std::shared_ptr<const std::vector<std::string>> warnings_;  // null: none
};

// Frees the memory the calling thread keeps between serialize calls: the scratch buffer a
// call writes in when the caller's string lacks the room (and every call into a caller's
// buffer), a streamed call's window, and the memory serialize_json reads its text into. The
// next call allocates them again. Without it a
// thread keeps each one while it is at most 1 MiB or at most 4 times what the thread's
// previous call of that kind needed (they grow by doubling): a steady output size keeps its
// buffer, one large output does not stay resident, and after a run of large ones the memory
// goes back once two calls in a row needed little. For a thread that goes idle after large
// outputs. Safe anywhere, also inside a chunk writer (a streamed call's window is its own).
void release_thread_buffers();

// ---- the engine -------------------------------------------------------------------------

// What Engine::dump prints: the IR (what the serializer does, node by node), the optimised
// LLVM IR, or the machine code.
enum class DumpKind { IR, LLVM, Asm };

// One schema of a batch (Engine::compile_all): its text and its options as JSON text ("" for
// none). The texts must live until compile_all returns.
struct CompileRequest {
  std::string_view schema;
  std::string_view options;
};

// What an Engine did since it was created.
struct EngineStats {
  uint64_t hits = 0;      // machine code linked from a cache file ("cacheDir")
  uint64_t misses = 0;    // compiled with a cache directory set: no usable file was there
  uint64_t stores = 0;    // cache files written
  // Cache files that could not be written (cacheDir is not a directory, cannot be written, the
  // disk is full): those schemas compile again in the next run. cache_error is the first one's
  // reason.
  uint64_t store_failures = 0;
  std::string cache_error;
  uint64_t tier_ups = 0;  // serializers switched from the interpreter to machine code in the background
  // Compiles LLVM could not do (no executable memory, ...) and tier-ups that could not be
  // queued (no thread for the worker, no memory): those serializers stay on the interpreter,
  // and print the same bytes. jit_error is the first one's message.
  uint64_t jit_failures = 0;
  std::string jit_error;
};

// Engine(interpreter_only): an Engine without a JIT.
struct InterpreterOnly {
  explicit InterpreterOnly() = default;
};
inline constexpr InterpreterOnly interpreter_only{};

class Engine {
 public:
  // The whole engine: every serializer runs on the interpreter from the moment it is compiled,
  // and LLVM's JIT compiles machine code for it (options "tierUp", "jit"). Link
  // schemajit::schemajit.
  Engine();
  // An engine without a JIT: every serializer runs on the interpreter. Needs only
  // schemajit::runtime, so the program links no LLVM.
  explicit Engine(InterpreterOnly);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Compiles a schema (JSON text). Thread-safe: several threads may compile at once.
  Result<Serializer> compile(std::string_view schema_json, const Options& options = {});
  // The same with fast-json-stringify's options object as JSON text (schemajit's options
  // beside them: {"rounding": "floor", "optLevel": 2}).
  Result<Serializer> compile(std::string_view schema_json, std::string_view options_json);
  // The schema in a file.
  Result<Serializer> compile_file(const std::string& path, const Options& options = {});
  // Compiles every request on `threads` threads (0: one per hardware thread), each as
  // compile(schema, options) would; results in the requests' order.
  std::vector<Result<Serializer>> compile_all(const std::vector<CompileRequest>& requests, unsigned threads = 0);

  EngineStats stats() const;
  // Blocks until the queued tier-up recompiles have finished: for tests, benchmarks, and a
  // server that wants full speed before it takes traffic.
  void wait_for_tier_up();
  // schemajit-dump's text for a schema and its options (JSON text). LLVM IR and assembly need
  // the JIT.
  Result<std::string> dump(std::string_view schema_json, std::string_view options_json, DumpKind kind);

 private:
  explicit Engine(std::unique_ptr<detail::MachineCode> jit);
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace schemajit
