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
// It needs C++17 and RapidJSON (Debian's 1.1.0 or current master) with its default Value
// layout, in the namespace the program gives it (RAPIDJSON_NAMESPACE): any
// GenericValue<UTF8<>, Allocator> or GenericDocument<UTF8<>, Allocator, StackAllocator> is
// serialized. It compiles without exceptions (-fno-exceptions): Result::value() then prints
// the error on stderr and aborts where it would throw; value_or(), operator bool and `*`
// never throw.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#if __cplusplus >= 202002L && __has_include(<span>)
#include <span>
#endif

// RapidJSON 1.1's member iterators compare in a way C++20 finds ambiguous when reversed (fixed
// in its master); clang warns of it wherever a Value is destroyed, unless RapidJSON is a
// system header.
#if defined(__clang__) && defined(__has_warning)
#if __has_warning("-Wambiguous-reversed-operator")
#define SCHEMAJIT_RAPIDJSON_PRAGMAS 1
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wambiguous-reversed-operator"
#endif
#endif
#include <rapidjson/document.h>
#ifdef SCHEMAJIT_RAPIDJSON_PRAGMAS
#pragma clang diagnostic pop
#undef SCHEMAJIT_RAPIDJSON_PRAGMAS
#endif

#define SCHEMAJIT_VERSION_MAJOR 0
#define SCHEMAJIT_VERSION_MINOR 3
#define SCHEMAJIT_VERSION_PATCH 0
#define SCHEMAJIT_VERSION_STRING "0.3.0"
// One number to compare: 0.2.0 is 200, 1.12.3 is 11203.
#define SCHEMAJIT_VERSION (SCHEMAJIT_VERSION_MAJOR * 10000 + SCHEMAJIT_VERSION_MINOR * 100 + SCHEMAJIT_VERSION_PATCH)

// Serializers read RapidJSON values' memory directly: the layout RapidJSON 1.1 and master
// share on a 64-bit target with the default 48-bit pointer packing, whatever the allocator
// (the program's RAPIDJSON_NAMESPACE too). A program that configures RapidJSON otherwise
// would hand them Values they cannot read.
static_assert(sizeof(RAPIDJSON_NAMESPACE::Value) == 16 && RAPIDJSON_48BITPOINTER_OPTIMIZATION == 1,
              "schemajit needs RapidJSON's default Value layout (16 bytes, 48-bit pointers)");

// Whether the program is compiled with exceptions: Result::value() throws BadResultAccess
// then, and without them (-fno-exceptions) prints the error on stderr and aborts.
#ifndef SCHEMAJIT_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(_CPPUNWIND) || (defined(__EXCEPTIONS) && !defined(__clang__))
#define SCHEMAJIT_EXCEPTIONS 1
#else
#define SCHEMAJIT_EXCEPTIONS 0
#endif
#endif

// yyjson's documents (yyjson 0.12, which the library carries: <schemajit/yyjson.h>), declared
// only: this header includes nothing of yyjson.
struct yyjson_doc;
struct yyjson_val;

namespace schemajit {

// The version of the library the program links ("0.3.0"), where SCHEMAJIT_VERSION_STRING is
// that of the header it was compiled with.
const char* version();

// What kind of failure an Error reports.
enum class ErrorCode {
  InvalidSchema,   // fast-json-stringify refuses the schema (not JSON, the draft-07 meta-schema,
                   // a $ref that does not resolve, schemas that cannot be merged), or Ajv
                   // refuses it when a call first validates with it (fjs fails that call too)
  InvalidOptions,  // an option has a value fast-json-stringify or schemajit refuses; a call on
                   // an empty Serializer (default-constructed or moved from)
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
  VersionMismatch, // an ahead-of-time serializer made for another ABI (SCHEMAJIT_AOT_ABI) than this runtime's
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

// Thrown by Result::value() on a Result that holds an error (in a program compiled with
// exceptions).
class BadResultAccess : public std::exception {
 public:
  explicit BadResultAccess(Error error) : error_(std::move(error)) {}
  const char* what() const noexcept override;  // the error's message
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

template <class T>
class Result;

namespace detail {
template <class R>
struct IsResult : std::false_type {};
template <class U>
struct IsResult<Result<U>> : std::true_type {};
template <class F, class... A>
using Invoked = std::remove_cv_t<std::remove_reference_t<std::invoke_result_t<F, A...>>>;

#if SCHEMAJIT_EXCEPTIONS
[[noreturn]] inline void throw_bad_result_access(const Error& e) { throw BadResultAccess(e); }
#else
// value() on an error without exceptions: the error on stderr, then abort().
[[noreturn]] inline void abort_bad_result_access(const Error& e) {
  std::fprintf(stderr, "schemajit: Result::value() on an error: %s: %s%s%s\n", error_code_name(e.code),
               e.message.c_str(), e.pointer.empty() ? "" : " at ", e.pointer.c_str());
  std::fflush(stderr);
  std::abort();
}
#endif
}  // namespace detail

// A value, or the Error that prevented it. Its accessors are std::expected's (without
// exceptions too): ok() / operator bool, value(), value_or(), `*` and `->` (unchecked),
// error(), and the monadic and_then, transform, or_else and transform_error.
template <class T>
class [[nodiscard]] Result {
 public:
  using value_type = T;
  using error_type = Error;

  Result(T value) : value_(std::move(value)) {}
  Result(Error e) : error_(std::move(e)) {}

  bool ok() const noexcept { return value_.has_value(); }
  bool has_value() const noexcept { return ok(); }
  explicit operator bool() const noexcept { return ok(); }
  // The value; when there is none, throws BadResultAccess (with the error), or without
  // exceptions prints the error on stderr and aborts.
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
  // The value, or `fallback` (converted to T) when there is none.
  template <class U>
  T value_or(U&& fallback) const& {
    return ok() ? *value_ : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  T value_or(U&& fallback) && {
    return ok() ? std::move(*value_) : static_cast<T>(std::forward<U>(fallback));
  }
  // Unchecked access: only when ok().
  T& operator*() & noexcept { return *value_; }
  const T& operator*() const& noexcept { return *value_; }
  T&& operator*() && noexcept { return std::move(*value_); }
  T* operator->() noexcept { return &*value_; }
  const T* operator->() const noexcept { return &*value_; }
  // Only when !ok().
  const Error& error() const noexcept { return error_; }

  // f(value) -> Result<U>: its result, or this error as a Result<U>.
  template <class F>
  auto and_then(F&& f) & { return and_then_(*this, std::forward<F>(f)); }
  template <class F>
  auto and_then(F&& f) const& { return and_then_(*this, std::forward<F>(f)); }
  template <class F>
  auto and_then(F&& f) && { return and_then_(std::move(*this), std::forward<F>(f)); }
  // f(value) -> U: Result<U> of it, or this error as a Result<U>.
  template <class F>
  auto transform(F&& f) & { return transform_(*this, std::forward<F>(f)); }
  template <class F>
  auto transform(F&& f) const& { return transform_(*this, std::forward<F>(f)); }
  template <class F>
  auto transform(F&& f) && { return transform_(std::move(*this), std::forward<F>(f)); }
  // f(error) -> Result<T>: this value, or what f makes of the error (a fallback, another try).
  template <class F>
  Result or_else(F&& f) & { return or_else_(*this, std::forward<F>(f)); }
  template <class F>
  Result or_else(F&& f) const& { return or_else_(*this, std::forward<F>(f)); }
  template <class F>
  Result or_else(F&& f) && { return or_else_(std::move(*this), std::forward<F>(f)); }
  // f(error) -> Error: this value, or the error f makes (a message with context added). The
  // error type stays schemajit::Error.
  template <class F>
  Result transform_error(F&& f) & { return transform_error_(*this, std::forward<F>(f)); }
  template <class F>
  Result transform_error(F&& f) const& { return transform_error_(*this, std::forward<F>(f)); }
  template <class F>
  Result transform_error(F&& f) && { return transform_error_(std::move(*this), std::forward<F>(f)); }

 private:
  void checked() const {
    if (!value_) {
#if SCHEMAJIT_EXCEPTIONS
      detail::throw_bad_result_access(error_);
#else
      detail::abort_bad_result_access(error_);
#endif
    }
  }
  template <class Self, class F>
  static auto and_then_(Self&& self, F&& f) {
    using R = detail::Invoked<F, decltype(*std::forward<Self>(self).value_)>;
    static_assert(detail::IsResult<R>::value, "and_then: the function must return a schemajit::Result");
    if (self.ok()) return R(std::invoke(std::forward<F>(f), *std::forward<Self>(self).value_));
    return R(std::forward<Self>(self).error_);
  }
  template <class Self, class F>
  static auto transform_(Self&& self, F&& f) {
    using U = detail::Invoked<F, decltype(*std::forward<Self>(self).value_)>;
    static_assert(!std::is_void_v<U> && !std::is_same_v<U, Error>, "transform: the function must return a value");
    if (self.ok()) return Result<U>(std::invoke(std::forward<F>(f), *std::forward<Self>(self).value_));
    return Result<U>(std::forward<Self>(self).error_);
  }
  template <class Self, class F>
  static Result or_else_(Self&& self, F&& f) {
    using R = detail::Invoked<F, decltype((std::forward<Self>(self).error_))>;
    static_assert(std::is_same_v<R, Result>, "or_else: the function must return a Result of the same type");
    if (self.ok()) return Result(*std::forward<Self>(self).value_);
    return std::invoke(std::forward<F>(f), std::forward<Self>(self).error_);
  }
  template <class Self, class F>
  static Result transform_error_(Self&& self, F&& f) {
    using E = detail::Invoked<F, decltype((std::forward<Self>(self).error_))>;
    static_assert(std::is_convertible_v<E, Error>, "transform_error: the function must return a schemajit::Error");
    if (self.ok()) return Result(*std::forward<Self>(self).value_);
    return Result(Error(std::invoke(std::forward<F>(f), std::forward<Self>(self).error_)));
  }

  std::optional<T> value_;
  Error error_;
};

// ---- options ----------------------------------------------------------------------------
// Every option of fast-json-stringify's build() that changes what it prints, and schemajit's
// own. compile() also takes them as fast-json-stringify's options object in JSON text, where
// each field below has the name given in quotes. A key there that looks like a misspelt option
// is ignored, as fjs ignores it, with a Warning to the Engine's log (EngineOptions::log) and in
// Serializer::warnings().

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
  // $SCHEMAJIT_CUTOFFS names, read once per process; a file that cannot be used is ignored,
  // with a Warning to the log of every Engine, at its first compile).
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

// A RapidJSON value as the library's serialize entry points take it, which name no type of
// the program's RapidJSON (its version, namespace, allocators): the address of a
// GenericValue<UTF8<>, Allocator> (whose layout the static_assert above pins), and a
// Document's parse error.
struct DomValue {
  const void* value = nullptr;
  int parse_error = 0;      // a Document's GetParseError() (0: none; always 0 for a Value)
  size_t error_offset = 0;  // a Document's GetErrorOffset()
};
template <class Allocator>
DomValue dom_value(const RAPIDJSON_NAMESPACE::GenericValue<RAPIDJSON_NAMESPACE::UTF8<>, Allocator>& value) noexcept {
  static_assert(sizeof(value) == 16, "schemajit needs RapidJSON's default Value layout (16 bytes, 48-bit pointers)");
  return DomValue{&value, 0, 0};
}
template <class Allocator, class StackAllocator>
DomValue dom_value(
    const RAPIDJSON_NAMESPACE::GenericDocument<RAPIDJSON_NAMESPACE::UTF8<>, Allocator, StackAllocator>& doc) noexcept {
  const RAPIDJSON_NAMESPACE::GenericValue<RAPIDJSON_NAMESPACE::UTF8<>, Allocator>& root = doc;
  return DomValue{&root, doc.HasParseError() ? static_cast<int>(doc.GetParseError()) : 0,
                  doc.HasParseError() ? static_cast<size_t>(doc.GetErrorOffset()) : 0};
}
// Only for a RapidJSON value or document that dom_value takes.
template <class V>
using IfDom = decltype(dom_value(std::declval<const V&>()));
}  // namespace detail

// Receives a streamed call's output (Serializer::serialize with a writer), in order, in
// chunks of at most the call's chunk_bytes, while the call runs; returns false to stop it.
using ChunkWriter = std::function<bool(std::string_view chunk)>;

inline constexpr size_t kDefaultChunkBytes = 64 * 1024;

// A compiled schema. Immutable: any number of threads may call it at once. It keeps its
// code alive on its own, so it stays valid after its Engine is destroyed.
//
// Every sink takes a RapidJSON Value or a whole Document. A Document whose parse failed
// (doc.HasParseError()) is the error InvalidInput, not the "{}" or null RapidJSON leaves in
// it, so that a forgotten check cannot send a client an empty answer.
class Serializer {
 public:
  // An empty Serializer, to be assigned one from compile() later (a member of a struct built
  // before its schemas are compiled). A call on it, as on one moved from, is the error
  // InvalidOptions ("empty Serializer"), its sink untouched.
  Serializer() noexcept = default;
  Serializer(Serializer&&) noexcept = default;
  Serializer& operator=(Serializer&&) noexcept = default;
  // Whether it holds a compiled schema: false when default-constructed or moved from.
  explicit operator bool() const noexcept { return code_ != nullptr; }

  // Every sink below takes a RapidJSON value (any GenericValue<UTF8<>, Allocator>: a
  // rapidjson::Value, a member of a Document) or a whole Document (any GenericDocument<UTF8<>,
  // Allocator, StackAllocator>).

  // Appends the JSON text of `value` to `out`. On error `out` holds exactly what it held.
  // Fastest when `out` is reused with clear(): the text is written into its capacity.
  template <class V, class = detail::IfDom<V>>
  Status serialize(const V& value, std::string& out) const {
    return serialize_dom(detail::dom_value(value), out);
  }

  // Writes the JSON text into [buffer, buffer + size) and returns its length. When it does
  // not fit: the error BufferTooSmall, whose required_bytes is the length it needs. On any
  // error the buffer holds exactly what it held (the text is made in a per-thread buffer and
  // copied once the call has succeeded).
  template <class V, class = detail::IfDom<V>>
  Result<size_t> serialize(const V& value, char* buffer, size_t size) const {
    return serialize_dom(detail::dom_value(value), buffer, size);
  }
#if __cplusplus >= 202002L && __has_include(<span>)
  template <class V, class = detail::IfDom<V>>
  Result<size_t> serialize(const V& value, std::span<char> buffer) const {
    return serialize_dom(detail::dom_value(value), buffer.data(), buffer.size());
  }
#endif

  // Streams the JSON text to `write` while the call runs, in chunks of at most chunk_bytes
  // (each but the last close to that size), so that the call holds one chunk of it at a time
  // (plus the worst case of one write, a 64 KiB piece of a string escaped: 384 KiB), however
  // long the output. On error the writer has had a prefix of the output, never a byte past
  // maxOutputBytes, and gets nothing more: whoever receives it must treat it as cut short
  // (close the connection, reset the stream). A writer returning false stops the call with
  // SinkFailed. chunk_bytes 0 is InvalidOptions.
  template <class V, class = detail::IfDom<V>>
  Status serialize(const V& value, const ChunkWriter& write, size_t chunk_bytes = kDefaultChunkBytes) const {
    return serialize_dom(detail::dom_value(value), write, chunk_bytes);
  }

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
  // \"optLevel\"?)"). fast-json-stringify ignores unknown keys, and so does compile(); it also
  // sends each to the Engine's log (EngineOptions::log) as a Warning, and the tools print
  // them on stderr. Empty for options given as the struct.
  const std::vector<std::string>& warnings() const;

  explicit Serializer(std::shared_ptr<const detail::CompiledCode> code, std::vector<std::string> warnings = {});
  Serializer(const Serializer& other);
  Serializer& operator=(const Serializer& other);
  ~Serializer();

 private:
  friend struct detail::SerializerAccess;
  // The library's entry points for RapidJSON values, which the templates above forward to.
  Status serialize_dom(detail::DomValue value, std::string& out) const;
  Result<size_t> serialize_dom(detail::DomValue value, char* buffer, size_t size) const;
  Status serialize_dom(detail::DomValue value, const ChunkWriter& write, size_t chunk_bytes) const;

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

// How much an Engine's log message matters.
enum class LogLevel {
  Info,     // nothing is wrong: options that have no effect on this Engine
  Warning,  // something did not happen as asked (a misspelt option, an unusable
            // $SCHEMAJIT_CUTOFFS, a cache file not written, machine code not compiled); output
            // is unchanged all the same
};
// Receives an Engine's log messages (one line of text each, no newline, no "schemajit:"
// prefix); the view lives only during the call. Called from the thread that runs compile(),
// compile_all()'s threads and dump(), and from the Engine's background tier-up thread: calls
// may come concurrently, so it must be thread-safe. The Engine holds none of its locks while
// calling it (it may call stats()). It must not throw; what it throws is dropped.
using LogSink = std::function<void(LogLevel level, std::string_view message)>;

// How an Engine is set up, beyond the JIT (Engine(interpreter_only, ...)).
struct EngineOptions {
  // Where the Engine reports what it notices but does not fail for (LogLevel). Unset (the
  // default): nothing is reported anywhere. The library never writes to stderr or stdout.
  LogSink log;
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
  // The same with a log (EngineOptions::log): Engine(schemajit::EngineOptions{my_log_sink}).
  explicit Engine(EngineOptions options);
  // An engine without a JIT: every serializer runs on the interpreter. Needs only
  // schemajit::runtime, so the program links no LLVM. It logs (Info) the options it ignores:
  // optLevel, tierUp and cacheDir, once per compile that sets them.
  explicit Engine(InterpreterOnly);
  Engine(InterpreterOnly, EngineOptions options);
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
  Engine(std::unique_ptr<detail::MachineCode> jit, const EngineOptions& options);
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace schemajit
