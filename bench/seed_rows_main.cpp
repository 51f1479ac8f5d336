// Prints the seed's array rows (bench/array_bench.cpp's "seed/<row>") as JSON Lines
// {"name": "seed/<row>", "schema", "options", "input"}, for bench/node_bench.js to run the same
// documents through fast-json-stringify.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "tools/array_shapes.h"

int main() {
  for (const auto& row : sj::tools::seed_rows()) {
    rapidjson::Document line(rapidjson::kObjectType), schema, options;
    auto& a = line.GetAllocator();
    schema.Parse(row.schema.c_str());
    options.Parse(("{" + row.options + "}").c_str());
    line.AddMember("name", rapidjson::Value(("seed/" + row.name).c_str(), a), a);
    line.AddMember("schema", rapidjson::Value(schema, a), a);
    line.AddMember("options", rapidjson::Value(options, a), a);
    line.AddMember("input", rapidjson::Value(row.data.c_str(), a), a);
    rapidjson::StringBuffer out;
    rapidjson::Writer<rapidjson::StringBuffer> w(out);
    line.Accept(w);
    std::printf("%s\n", out.GetString());
  }
  return 0;
}
