// The serialize call: the active code of a serializer (counting calls toward tier-up) run by
// runtime/run_call.h, inline here (C++23: compiled with -std=gnu++2b).
#include <schemajit/schemajit.h>

#include <rapidjson/error/en.h>

#include "api/compiled_code.h"
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

Error unparsed(const rapidjson::Document& doc) {
  return Error{ErrorCode::InvalidInput,
               "the document did not parse (" + std::string(rapidjson::GetParseError_En(doc.GetParseError())) +
                   " at offset " + std::to_string(doc.GetErrorOffset()) + "): nothing to serialize",
               ""};
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

}  // namespace

Status Serializer::serialize(const rapidjson::Value& value, std::string& out) const {
  return status_of(sj::rt::run_call(counted_call(*code_), &value, out));
}

Status Serializer::serialize(const rapidjson::Document& doc, std::string& out) const {
  if (doc.HasParseError()) return Status(unparsed(doc));
  return serialize(static_cast<const rapidjson::Value&>(doc), out);
}

Result<size_t> Serializer::serialize(const rapidjson::Value& value, char* buffer, size_t size) const {
  sj::rt::CallerBuffer into{buffer, size};
  if (std::unique_ptr<sj::rt::CallExtras> failure = sj::rt::run_call_into(counted_call(*code_), &value, into)) {
    Error e{code_of(failure->failure), std::move(failure->message), std::move(failure->path)};
    if (e.code == ErrorCode::BufferTooSmall) e.required_bytes = into.needed;
    return e;
  }
  return into.needed;
}

Result<size_t> Serializer::serialize(const rapidjson::Document& doc, char* buffer, size_t size) const {
  if (doc.HasParseError()) return unparsed(doc);
  return serialize(static_cast<const rapidjson::Value&>(doc), buffer, size);
}

Status Serializer::serialize(const rapidjson::Value& value, const ChunkWriter& write, size_t chunk_bytes) const {
  if (chunk_bytes == 0) return Status(Error{ErrorCode::InvalidOptions, "chunk_bytes must be at least 1", ""});
  WriterCall writer{&write, nullptr};
  sj::rt::ChunkSink sink;
  sink.write = &WriterCall::call;
  sink.writer = &writer;
  sink.chunk_bytes = chunk_bytes;
  Status status = status_of(sj::rt::run_call_chunked(counted_call(*code_), &value, sink).release());
  if (writer.thrown) std::rethrow_exception(writer.thrown);
  return status;
}

Status Serializer::serialize(const rapidjson::Document& doc, const ChunkWriter& write, size_t chunk_bytes) const {
  if (doc.HasParseError()) return Status(unparsed(doc));
  return serialize(static_cast<const rapidjson::Value&>(doc), write, chunk_bytes);
}

Status Serializer::serialize_json(std::string_view json, std::string& out) const {
  rapidjson::Document doc;
  std::string err;
  bool lone_surrogates;
  if (!sj::parse_json_data(json, doc, err, lone_surrogates))
    return Status(Error{ErrorCode::InvalidInput, "input is not valid JSON: " + err, ""});
  sj::collapse_duplicate_members(doc);  // JSON.parse's object: the last value, the first position
  if (!lone_surrogates) return serialize(static_cast<const rapidjson::Value&>(doc), out);  // it parsed
  // Held as WTF-8 (parse_json_data): the call ends in the scratch buffer, which prints them.
  return status_of(sj::rt::run_call_in_scratch(counted_call(*code_), &doc, out, true).release());
}

void release_thread_buffers() {
  sj::rt::release_scratch();
  sj::rt::release_spare_window();
}

}  // namespace schemajit
