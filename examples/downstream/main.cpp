// A program of its own that uses schemajit as a library: built by tests/downstream_check.cmake
// against an installed schemajit (find_package) and as a subproject (add_subdirectory).
#include <cstdio>
#include <cstring>
#include <string>

#include <rapidjson/document.h>
#include <schemajit/schemajit.h>
#include <schemajit/yyjson.h>

int main() {
  schemajit::Engine engine;
  auto order = engine.compile(R"({"type": "object", "required": ["id"],
    "properties": {"id": {"type": "integer"}, "lines": {"type": "array", "items": {"type": "string"}}}})");
  if (!order) {
    std::fprintf(stderr, "%s: %s\n", schemajit::error_code_name(order.error().code), order.error().message.c_str());
    return 1;
  }
  rapidjson::Document doc;
  doc.Parse(R"({"lines": ["a", "b"], "id": "7", "secret": true})");
  std::string body;
  if (auto st = order->serialize(doc, body); !st) {
    std::fprintf(stderr, "%s: %s\n", schemajit::error_code_name(st.code()), st.error().message.c_str());
    return 1;
  }
  // The same data read by the yyjson the library carries.
  const char* text = R"({"lines": ["a", "b"], "id": "7", "secret": true})";
  yyjson_doc* read = yyjson_read(text, std::strlen(text), 0);
  std::string from_yyjson;
  schemajit::Status st = order->serialize(read, from_yyjson);
  yyjson_doc_free(read);
  if (!st || from_yyjson != body) {
    std::fprintf(stderr, "yyjson: %s\n", st ? from_yyjson.c_str() : st.error().message.c_str());
    return 1;
  }
  std::printf("schemajit %s: %s\n", schemajit::version(), body.c_str());  // {"id":7,"lines":["a","b"]}
  return 0;
}
