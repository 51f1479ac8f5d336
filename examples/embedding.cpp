// The README's embedding example, built and run by the test suite.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

int main() {
  schemajit::Engine engine;  // owns the JIT; compile every schema once, at start-up
  auto user = engine.compile(R"({
    "type": "object",
    "required": ["id", "name"],
    "properties": {
      "id":    {"type": "integer"},
      "name":  {"type": "string"},
      "email": {"type": "string", "nullable": true}
    }
  })");
  if (!user) {  // a bad schema names the JSON pointer of the offending keyword
    std::fprintf(stderr, "%s at %s\n", user.error().message.c_str(), user.error().pointer.c_str());
    return 1;
  }

  rapidjson::Document doc;
  doc.Parse(R"({"name": "Ada", "id": "36", "email": null, "password": "hunter2"})");
  std::string out;
  if (auto st = user->serialize(doc, out); !st) {  // `out` is left exactly as it was
    std::fprintf(stderr, "%s (%s)\n", st.error().message.c_str(), st.error().pointer.c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());  // {"id":36,"name":"Ada","email":null}

  doc.Parse(R"({"id": 1})");  // "name" is missing
  if (auto st = user->serialize(doc, out); !st)
    std::printf("%s\n", st.error().message.c_str());  // "name" is required!
  return 0;
}
