// Data read by yyjson, printed by a schema: the README's yyjson example, built and run by the
// test suite. The document's strings are read in place; it must outlive the call.
#include <cstdio>
#include <cstring>
#include <string>

#include <schemajit/yyjson.h>

int main() {
  schemajit::Engine engine;
  auto user = engine.compile(R"({"type": "object", "required": ["id"],
    "properties": {"id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}})");
  if (!user) {
    std::fprintf(stderr, "%s\n", user.error().message.c_str());
    return 1;
  }
  const char* text = R"({"tags": ["a", "b"], "id": "36", "password": "hunter2"})";
  yyjson_doc* doc = yyjson_read(text, std::strlen(text), 0);
  std::string out;
  schemajit::Status st = user->serialize(doc, out);  // a null doc (yyjson_read failed) is InvalidInput
  yyjson_doc_free(doc);
  if (!st) {
    std::fprintf(stderr, "%s\n", st.error().message.c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());  // {"id":36,"tags":["a","b"]}
  return 0;
}
