// schemajit taken as a subproject (add_subdirectory, default options): serializers compiled
// ahead of time (class.json, order.json) and one compiled by the JIT, in one program. Built
// and run by tests/downstream_check.cmake.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>
#include <schemajit/schemajit.h>

#include "shop_schemas.h"

namespace {

bool print(const schemajit::Result<schemajit::Serializer>& ser, const char* json) {
  if (!ser) {
    std::fprintf(stderr, "%s\n", ser.error().message.c_str());
    return false;
  }
  rapidjson::Document doc;
  doc.Parse(json);
  std::string out;
  if (auto st = ser->serialize(doc, out); !st) {
    std::fprintf(stderr, "%s\n", st.error().message.c_str());
    return false;
  }
  std::printf("%s\n", out.c_str());
  return true;
}

}  // namespace

int main() {
  schemajit::Engine engine;
  auto price = engine.compile(R"({"type": "object", "properties": {"amount": {"type": "number"}}})", "{\"tierUp\": false}");
  bool ok = print(shop_schemas::class_(), R"({"seats": "30", "name": "Ada", "x": 1})") &&
            print(shop_schemas::order(), R"({"lines": ["a"], "id": 7.9})") &&
            print(price, R"({"amount": "9.5"})");
  return ok ? 0 : 1;
}
