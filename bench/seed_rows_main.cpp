// Prints the seed's array rows (bench/array_bench.cpp's "seed/<row>") and the open objects
// (bench/open_shapes.h, "patterns/<name>") as JSON Lines {"name", "schema", "options",
// "input"}, for bench/node_bench.js to run the same documents through fast-json-stringify, and
// the regex searches ("pattern/<name>/<kind>") as {"name", "regex", "subject"} for it to time
// V8's RegExp on the same strings.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "bench/open_shapes.h"
#include "tools/array_shapes.h"

namespace {

void print_line(const rapidjson::Document& line) {
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> w(out);
  line.Accept(w);
  std::printf("%s\n", out.GetString());
}

void print_row(const std::string& name, const std::string& schema_text, const std::string& options_text,
               const std::string& data) {
  rapidjson::Document line(rapidjson::kObjectType), schema, options;
  auto& a = line.GetAllocator();
  schema.Parse(schema_text.c_str());
  options.Parse(("{" + options_text + "}").c_str());
  line.AddMember("name", rapidjson::Value(name.c_str(), a), a);
  line.AddMember("schema", rapidjson::Value(schema, a), a);
  line.AddMember("options", rapidjson::Value(options, a), a);
  line.AddMember("input", rapidjson::Value(data.c_str(), a), a);
  print_line(line);
}

}  // namespace

int main() {
  for (const auto& row : sj::tools::seed_rows()) print_row("seed/" + row.name, row.schema, row.options, row.data);
  for (const auto& c : sj::bench::open_object_cases()) print_row("patterns/" + c.name, c.schema, c.options, c.input);
  for (const auto& r : sj::bench::search_rows()) {
    rapidjson::Document line(rapidjson::kObjectType);
    auto& a = line.GetAllocator();
    line.AddMember("name", rapidjson::Value((std::string("pattern/") + r.name + "/" + r.kind).c_str(), a), a);
    line.AddMember("regex", rapidjson::StringRef(r.source), a);
    line.AddMember("subject", rapidjson::StringRef(r.subject), a);
    print_line(line);
  }
  return 0;
}
