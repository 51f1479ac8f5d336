// libFuzzer target: the caller's-buffer and chunk-writer sinks (runtime/sinks.cpp) at sizes
// drawn from the input, against the string sink under the same maxOutputBytes:
//   - a chunk writer with any chunk size (1, small, about the output's length, huge, SIZE_MAX)
//     gets exactly the string sink's bytes, in non-empty pieces of at most the chunk size, or
//     fails with the same error having had a prefix of the output and nothing past the limit;
//     a writer that stops after k pieces fails with SinkFailed having had a prefix;
//   - a caller's buffer of any capacity (0, the output's length and around it, huge: claimed
//     larger than the memory behind it, of which only the output's length may be written)
//     gets the same bytes and length, or BufferTooSmall naming that length, or the same error;
//     on error it holds exactly what it held.
// Input: a 30-byte header (schema, then mode and value of the chunk size, the capacity and the
// limit, a repeat count, when the writer stops), then the document: JSON text, or else the
// bytes as one string; the document is an array of it repeated.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

namespace {

constexpr size_t kHeader = 30;

const char* const kSchemas[] = {
    R"({})",
    R"({"type":"array","items":{"type":"string"}})",
    R"({"type":"array","items":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}},"additionalProperties":true}})",
    // Strings read as objects split characters above U+FFFF: lone surrogates, printed `\ud83d`.
    R"({"type":"array","items":{"type":"object","additionalProperties":true}})",
};

uint64_t u64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// A size near one of the edges, by `mode`, with `value` to vary it; `length` is the output's.
uint64_t pick(uint8_t mode, uint64_t value, size_t length) {
  switch (mode % 10) {
    case 0: return 0;
    case 1: return 1 + value % 16;
    case 2: return value % (size_t{1} << 20);
    case 3: return length + value % 5 - 2;  // around the output's length (wraps below 0: huge)
    case 4: return SIZE_MAX - value % 4;
    case 5: return size_t{1} << 62;
    case 6: return size_t{1} << 40;
    case 7: return size_t{64} << 10;
    case 8: return length;
    default: return value;
  }
}

struct Outcome {
  bool ok = false;
  std::string text;  // the output, or the error message
};

Outcome to_string(const schemajit::Serializer& ser, const rapidjson::Document& doc) {
  std::string out = "prefix";
  auto st = ser.serialize(doc, out);
  if (!st) {
    if (out != "prefix") std::abort();
    return {false, st.error().message};
  }
  return {true, out.substr(6)};
}

void check_chunks(const schemajit::Serializer& ser, const rapidjson::Document& doc, const Outcome& want,
                  const Outcome& unlimited, size_t chunk, size_t limit, unsigned stop_after) {
  std::string seen;
  unsigned pieces = 0;
  auto st = ser.serialize(
      doc,
      [&](std::string_view piece) {
        if (piece.empty() || piece.size() > chunk) std::abort();
        seen.append(piece);
        return stop_after == 0 || ++pieces < stop_after;
      },
      chunk);
  if (chunk == 0) {
    if (st || st.code() != schemajit::ErrorCode::InvalidOptions || !seen.empty()) std::abort();
    return;
  }
  if (seen.size() > limit) std::abort();
  if (unlimited.ok && unlimited.text.compare(0, seen.size(), seen) != 0) std::abort();  // a prefix
  if (!st && st.code() == schemajit::ErrorCode::SinkFailed) {
    if (stop_after == 0 || pieces != stop_after) std::abort();
    return;
  }
  if (st.ok() != want.ok) std::abort();
  if (want.ok && seen != want.text) std::abort();
  if (!want.ok && st.error().message != want.text) std::abort();
}

void check_buffer(const schemajit::Serializer& ser, const rapidjson::Document& doc, const Outcome& want,
                  size_t capacity) {
  // What a capacity claims past the output's length (and 64 bytes) is never written: the
  // memory behind it stops there, so that ASan sees a write past it.
  size_t real = want.ok ? want.text.size() + 64 : 64;
  if (capacity < real) real = capacity;
  std::vector<char> buffer(real, '#');
  auto len = ser.serialize(doc, buffer.data(), capacity);
  bool untouched = std::string_view(buffer.data(), real) == std::string(real, '#');
  if (!want.ok) {
    if (len || len.error().message != want.text || !untouched) std::abort();
  } else if (want.text.size() > capacity) {
    if (len || len.error().code != schemajit::ErrorCode::BufferTooSmall ||
        len.error().required_bytes != want.text.size() || !untouched)
      std::abort();
  } else {
    if (!len || *len != want.text.size() || std::string_view(buffer.data(), *len) != want.text) std::abort();
    if (std::string_view(buffer.data() + *len, real - *len) != std::string(real - *len, '#')) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static schemajit::Engine engine(schemajit::interpreter_only);  // the sinks are the runtime's, on every tier
  uint8_t h[kHeader] = {};
  std::memcpy(h, data, size < kHeader ? size : kHeader);
  std::string_view payload = size > kHeader ? std::string_view(reinterpret_cast<const char*>(data) + kHeader, size - kHeader) : "";

  rapidjson::Document item;
  item.Parse(payload.data(), payload.size());
  if (item.HasParseError())
    item.SetString(payload.data(), static_cast<rapidjson::SizeType>(payload.size()), item.GetAllocator());
  rapidjson::Document doc(rapidjson::kArrayType);
  for (unsigned i = 0; i < 1u + h[28] % 64; ++i) doc.PushBack(rapidjson::Value(item, doc.GetAllocator()), doc.GetAllocator());

  const char* schema = kSchemas[h[0] % 4];
  auto unlimited_ser = engine.compile(schema, R"({"jit":false})");
  if (!unlimited_ser) std::abort();
  Outcome unlimited = to_string(*unlimited_ser, doc);
  size_t length = unlimited.ok ? unlimited.text.size() : 0;

  uint64_t limit = pick(h[19], u64(h + 20), length);
  if (limit == 0 || limit > uint64_t{INT64_MAX}) limit = INT64_MAX;  // maxOutputBytes is a positive int64
  auto ser = engine.compile(schema, R"({"jit":false,"maxOutputBytes":)" + std::to_string(limit) + "}");
  if (!ser) std::abort();
  Outcome want = to_string(*ser, doc);
  if (want.ok && (!unlimited.ok || want.text != unlimited.text)) std::abort();

  check_chunks(*ser, doc, want, unlimited, pick(h[1], u64(h + 2), length), limit, h[29] % 8);
  check_buffer(*ser, doc, want, pick(h[10], u64(h + 11), length));
  return 0;
}
