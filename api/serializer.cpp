// The serialize call: the active code of a serializer (counting calls toward tier-up) run by
// runtime/run_call.h, inline here (C++23: compiled with -std=gnu++2b).
#include <schemajit/schemajit.h>

#include <rapidjson/error/en.h>
#include <yyjson.h>

#include "api/compiled_code.h"
#include "api/text_paths.h"
#include "ir/schema_doc.h"
#include "runtime/run_call.h"

namespace schemajit {

Serializer::Serializer(std::shared_ptr<const detail::CompiledCode> code, std::vector<std::string> warnings)
    : code_(std::move(code)) {
  if (!warnings.empty()) warnings_ = std::make_shared<const std::vector<std::string>>(std::move(warnings));
}
Serializer::Serializer(const Serializer& other) = default;
Serializer& Serializer::operator=(const Serializer& other) = default;
Serializer::~Serializer() = default;

const std::vector<std::string>& Serializer::warnings() const {
  static const std::vector<std::string> none;
  return warnings_ ? *warnings_ : none;
}

namespace {

// The code a call runs: the active code, after counting the call toward tier-up. The count
// runs only until it reaches 0 (then the compile is requested), so once better code is active
// it is 0: no need to test which code is active first.
const sj::rt::CallSpec& counted_call(const detail::CompiledCode& code) {
  if (code.calls_until_tier_up.load(std::memory_order_relaxed) > 0 &&
      code.calls_until_tier_up.fetch_sub(1, std::memory_order_relaxed) == 1) [[unlikely]]
    code.request_tier_up();
  return code.active.load(std::memory_order_acquire)->call;
}

ErrorCode code_of(sj::rt::Failure failure) {
  switch (failure) {
    case sj::rt::Failure::Data: return ErrorCode::InvalidData;
    case sj::rt::Failure::Depth: return ErrorCode::DepthLimit;
    case sj::rt::Failure::Output: return ErrorCode::OutputLimit;
    case sj::rt::Failure::Memory: return ErrorCode::OutOfMemory;
    case sj::rt::Failure::Schema: return ErrorCode::InvalidSchema;
    case sj::rt::Failure::Buffer: return ErrorCode::BufferTooSmall;
    case sj::rt::Failure::Sink: return ErrorCode::SinkFailed;
    case sj::rt::Failure::Regex: return ErrorCode::RegexLimit;
  }
  return ErrorCode::Internal;
}

// A call's answer: `failure` is null on success, else owned from here.
Status status_of(sj::rt::CallExtras* failure) {
  if (!failure) [[likely]] return {};
  std::unique_ptr<sj::rt::CallExtras> owned(failure);
  return Status(Error{code_of(owned->failure), std::move(owned->message), std::move(owned->path)});
}

// A Document whose parse failed, by its parse error (the program's RapidJSON has the codes of
// RapidJSON 1.1, in the same order; one unknown here reads "Unknown error.").
Error unparsed(const detail::DomValue& doc) {
  return Error{ErrorCode::InvalidInput,
               "the document did not parse (" +
                   std::string(rapidjson::GetParseError_En(static_cast<rapidjson::ParseErrorCode>(doc.parse_error))) +
                   " at offset " + std::to_string(doc.error_offset) + "): nothing to serialize",
               ""};
}

// A call on a Serializer without code (default-constructed or moved from).
Error empty_serializer() {
  return Error{ErrorCode::InvalidOptions, "empty Serializer (default-constructed or moved from): nothing to serialize with", ""};
}

// The runtime's writer function for a ChunkWriter. An exception the writer throws cannot
// cross the generated code (it has no unwind tables): it stops the call, and is rethrown
// once the call has returned.
struct WriterCall {
  const ChunkWriter* write;
  std::exception_ptr thrown;

  static bool call(void* self, const char* data, size_t size) {
    auto* w = static_cast<WriterCall*>(self);
    try {
      return (*w->write)(std::string_view(data, size));
    } catch (...) {
      w->thrown = std::current_exception();
      return false;
    }
  }
};

Status chunked(const sj::rt::CallSpec& spec, sj::rt::Input in, const ChunkWriter& write, size_t chunk_bytes) {
  WriterCall writer{&write, nullptr};
  sj::rt::ChunkSink sink;
  sink.write = &WriterCall::call;
  sink.writer = &writer;
  sink.chunk_bytes = chunk_bytes;
  Status status = status_of(sj::rt::run_call_chunked(spec, in, sink).release());
  if (writer.thrown) std::rethrow_exception(writer.thrown);
  return status;
}

Result<size_t> into_buffer(const sj::rt::CallSpec& spec, sj::rt::Input in, char* buffer, size_t size) {
  sj::rt::CallerBuffer into{buffer, size};
  if (std::unique_ptr<sj::rt::CallExtras> failure = sj::rt::run_call_into(spec, in, into)) {
    Error e{code_of(failure->failure), std::move(failure->message), std::move(failure->path)};
    if (e.code == ErrorCode::BufferTooSmall) e.required_bytes = into.needed;
    return e;
  }
  return into.needed;
}

// yyjson values run on the interpreter's code, which the Serializer holds whatever tier its
// RapidJSON calls have reached (machine code is published into it); not counted toward
// tier-up, which makes nothing that reads them. Null for ahead-of-time code.
const sj::rt::CallSpec* yyjson_call(const detail::CompiledCode& code) {
  return code.call.yyjson_entry ? &code.call : nullptr;
}

Error not_json(const std::string& why) { return Error{ErrorCode::InvalidInput, "input is not valid JSON: " + why, ""}; }
Error no_yyjson_code() {
  return Error{ErrorCode::Unsupported, "this serializer's code (an ahead-of-time object) reads RapidJSON values only", ""};
}
Error no_yyjson_value() { return Error{ErrorCode::InvalidInput, "no yyjson value (a null pointer): nothing to serialize", ""}; }
Error no_yyjson_doc() {
  return Error{ErrorCode::InvalidInput, "no yyjson document (yyjson_read failed?): nothing to serialize", ""};
}

}  // namespace

Status Serializer::serialize_dom(detail::DomValue value, std::string& out) const {
  if (!code_) [[unlikely]] return Status(empty_serializer());
  if (value.parse_error) [[unlikely]] return Status(unparsed(value));
  const sj::rt::CallSpec& spec = counted_call(*code_);
  return status_of(sj::rt::run_call(spec, {spec.entry, value.value}, out));
}

Result<size_t> Serializer::serialize_dom(detail::DomValue value, char* buffer, size_t size) const {
  if (!code_) [[unlikely]] return empty_serializer();
  if (value.parse_error) [[unlikely]] return unparsed(value);
  const sj::rt::CallSpec& spec = counted_call(*code_);
  return into_buffer(spec, {spec.entry, value.value}, buffer, size);
}

Status Serializer::serialize_dom(detail::DomValue value, const ChunkWriter& write, size_t chunk_bytes) const {
  if (!code_) [[unlikely]] return Status(empty_serializer());
  if (value.parse_error) [[unlikely]] return Status(unparsed(value));
  if (chunk_bytes == 0) return Status(Error{ErrorCode::InvalidOptions, "chunk_bytes must be at least 1", ""});
  const sj::rt::CallSpec& spec = counted_call(*code_);
  return chunked(spec, {spec.entry, value.value}, write, chunk_bytes);
}

Status Serializer::serialize_json(std::string_view json, std::string& out) const {
  return detail::SerializerAccess::serialize_json(*this, json, detail::InputModel::Yyjson, out);
}

Status detail::SerializerAccess::serialize_json(const Serializer& s, std::string_view json, InputModel model,
                                                std::string& out) {
  if (!s.code_) return Status(empty_serializer());
  std::string err;
  sj::YyjsonData data;
  rapidjson::Document doc;
  const sj::rt::CallSpec* spec = yyjson_call(*s.code_);
  sj::rt::Input in{};
  bool lone_surrogates;
  if (model == InputModel::Yyjson && spec) {  // ahead-of-time code reads RapidJSON only
    if (!sj::read_json_data_yyjson(json, data, err)) return Status(not_json(err));
    in = {spec->yyjson_entry, data.root};
    lone_surrogates = data.lone_surrogates;
  } else {
    if (!sj::parse_json_data(json, doc, err, lone_surrogates)) return Status(not_json(err));
    sj::collapse_duplicate_members(doc);  // JSON.parse's object: the last value, the first position
    spec = &counted_call(*s.code_);
    in = {spec->entry, &doc};
  }
  if (!lone_surrogates) return status_of(sj::rt::run_call(*spec, in, out));
  // Held as WTF-8: the call ends in the scratch buffer, which prints them escaped.
  return status_of(sj::rt::run_call_in_scratch(*spec, in, out, true).release());
}

Status Serializer::serialize(const yyjson_val* value, std::string& out) const {
  if (!code_) return Status(empty_serializer());
  const sj::rt::CallSpec* spec = yyjson_call(*code_);
  if (!spec) return Status(no_yyjson_code());
  if (!value) return Status(no_yyjson_value());
  return status_of(sj::rt::run_call(*spec, {spec->yyjson_entry, value}, out));
}

Status Serializer::serialize(const yyjson_doc* doc, std::string& out) const {
  if (!doc) return Status(no_yyjson_doc());
  return serialize(yyjson_doc_get_root(const_cast<yyjson_doc*>(doc)), out);
}

Result<size_t> Serializer::serialize(const yyjson_val* value, char* buffer, size_t size) const {
  if (!code_) return empty_serializer();
  const sj::rt::CallSpec* spec = yyjson_call(*code_);
  if (!spec) return no_yyjson_code();
  if (!value) return no_yyjson_value();
  return into_buffer(*spec, {spec->yyjson_entry, value}, buffer, size);
}

Result<size_t> Serializer::serialize(const yyjson_doc* doc, char* buffer, size_t size) const {
  if (!doc) return no_yyjson_doc();
  return serialize(yyjson_doc_get_root(const_cast<yyjson_doc*>(doc)), buffer, size);
}

Status Serializer::serialize(const yyjson_val* value, const ChunkWriter& write, size_t chunk_bytes) const {
  if (chunk_bytes == 0) return Status(Error{ErrorCode::InvalidOptions, "chunk_bytes must be at least 1", ""});
  if (!code_) return Status(empty_serializer());
  const sj::rt::CallSpec* spec = yyjson_call(*code_);
  if (!spec) return Status(no_yyjson_code());
  if (!value) return Status(no_yyjson_value());
  return chunked(*spec, {spec->yyjson_entry, value}, write, chunk_bytes);
}

Status Serializer::serialize(const yyjson_doc* doc, const ChunkWriter& write, size_t chunk_bytes) const {
  if (!doc) return Status(no_yyjson_doc());
  return serialize(yyjson_doc_get_root(const_cast<yyjson_doc*>(doc)), write, chunk_bytes);
}

void release_thread_buffers() {
  sj::rt::release_scratch();
  sj::rt::release_spare_window();
  sj::rt::release_call_arena();
  sj::release_read_arena();
}

}  // namespace schemajit
