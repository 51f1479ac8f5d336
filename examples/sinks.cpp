// The README's sinks example, built and run by the test suite: a caller's buffer, and a
// chunk writer standing in for a socket.
#include <cstdio>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

int main() {
  schemajit::Engine engine;
  auto list = engine.compile(R"({"type": "array", "items": {"type": "integer"}})").value();
  rapidjson::Document doc;
  doc.Parse("[1, 2, 3]");

  std::vector<char> buffer(4);  // too small: nothing is written, the error says what fits
  auto size = list.serialize(doc, buffer.data(), buffer.size());
  if (!size && size.error().code == schemajit::ErrorCode::BufferTooSmall) {
    buffer.resize(size.error().required_bytes);
    size = list.serialize(doc, buffer.data(), buffer.size());
  }
  std::printf("%.*s\n", static_cast<int>(size.value()), buffer.data());  // [1,2,3]

  // Streamed: each chunk (at most 4 bytes here, 64 KiB by default) goes out while the call
  // runs; return false to stop it (the peer went away).
  auto send = [](std::string_view chunk) { return std::fwrite(chunk.data(), 1, chunk.size(), stdout) == chunk.size(); };
  if (auto st = list.serialize(doc, send, 4); !st) return 1;  // a prefix went out: end the response as failed
  std::printf("\n");
  return 0;
}
