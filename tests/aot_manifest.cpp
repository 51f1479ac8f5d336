// Writes the manifest of schemajit-aot (JSON lines {"name", "schema", "options"}) for every
// distinct schema and options pair of the conformance files named on the command line, named
// by sj::tools::aot_case_name, so that the ahead-of-time conformance test finds each case's
// serializer in the library built from it.
#include <fstream>
#include <iostream>
#include <set>

#include "ir/json_access.h"
#include "ir/schema_doc.h"
#include "tools/tool_common.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: sj_aot_manifest OUT.jsonl CASES.jsonl...\n";
    return 2;
  }
  std::set<std::string> names;
  std::string manifest;
  for (int i = 2; i < argc; ++i) {
    std::string err;
    auto text = sj::tools::read_file(argv[i], err);
    if (!text) {
      std::cerr << "sj_aot_manifest: " << err << "\n";
      return 1;
    }
    for (const auto& line : sj::tools::read_lines(*text)) {
      rapidjson::Document parsed;
      if (!sj::parse_json(line, parsed, err) || !parsed.IsObject()) continue;  // not a case: the conformance test says so
      auto c = sj::tools::case_compile_inputs(parsed, sj::tools::Tier::Default);
      std::string name = sj::tools::aot_case_name(c.schema, c.options);
      if (names.insert(name).second)
        manifest += "{\"name\":\"" + name + "\",\"schema\":" + c.schema + ",\"options\":" + c.options + "}\n";
    }
  }
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << manifest;
  if (!out.flush()) {
    std::cerr << "sj_aot_manifest: cannot write " << argv[1] << "\n";
    return 1;
  }
  return 0;
}
