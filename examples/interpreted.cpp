// schemajit without LLVM: this program links schemajit::runtime only (no libLLVM in its
// closure; the test suite checks that with readelf), and its Engine runs every serializer on
// the interpreter. Built and run by the test suite.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

int main() {
  schemajit::Engine engine{schemajit::interpreter_only};  // Engine() needs schemajit::schemajit
  auto user = engine.compile(R"({"type": "object", "required": ["id"],
    "properties": {"id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}})");
  if (!user) {
    std::fprintf(stderr, "%s\n", user.error().message.c_str());
    return 1;
  }
  rapidjson::Document doc;
  doc.Parse(R"({"tags": ["a", "b"], "id": "36", "password": "hunter2"})");
  std::string out;
  if (auto st = user->serialize(doc, out); !st) {
    std::fprintf(stderr, "%s\n", st.error().message.c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());  // {"id":36,"tags":["a","b"]}
  return 0;
}
