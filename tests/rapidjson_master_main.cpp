// A program built against RapidJSON master (third_party/rapidjson-master), in its default
// namespace or one of its own (RAPIDJSON_NAMESPACE=myjson), serializing a document with the CRT
// allocator through the public header (issue 42, item 6). The library it links was built
// against the system's RapidJSON 1.1 in a namespace of the library's own
// (runtime/rapidjson_namespace.h): the two meet only in the layout of a value.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <schemajit/schemajit.h>

static_assert(sizeof(RAPIDJSON_NAMESPACE::Value) == 16, "RapidJSON's 48-bit pointer layout");

int main() {
  schemajit::Engine engine(schemajit::interpreter_only);
  auto user = engine.compile(R"({"type": "object", "required": ["id"],
    "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}})");
  if (!user) {
    std::fprintf(stderr, "%s\n", user.error().message.c_str());
    return 1;
  }
  auto tags = engine.compile(R"({"type": "array", "items": {"type": "string"}})");
  if (!tags) return 1;
  RAPIDJSON_NAMESPACE::GenericDocument<RAPIDJSON_NAMESPACE::UTF8<>, RAPIDJSON_NAMESPACE::CrtAllocator> doc;
  doc.Parse(R"({"tags": ["a", "b"], "name": "Ada Lovelace, a long name that is not inlined", "id": "36", "x": 1})");
  if (doc.HasParseError()) {
    std::fprintf(stderr, "%s\n", RAPIDJSON_NAMESPACE::GetParseError_En(doc.GetParseError()));
    return 1;
  }
  std::string out;
  if (auto st = user->serialize(doc, out); !st) {
    std::fprintf(stderr, "%s\n", st.error().message.c_str());
    return 1;
  }
  char buffer[128];
  auto n = tags->serialize(doc["tags"], buffer, sizeof buffer);
  RAPIDJSON_NAMESPACE::Document broken;  // the default allocator, and a parse error
  broken.Parse("{\"id\": 1,");
  std::string unused;
  auto st = user->serialize(broken, unused);
  std::printf("%s\n%.*s\n%s: %s\n", out.c_str(), static_cast<int>(n.value_or(0)), buffer,
              schemajit::error_code_name(st.code()), st.error().message.c_str());
  return 0;
}
