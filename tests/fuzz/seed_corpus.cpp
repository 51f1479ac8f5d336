// Writes the fuzz targets' seed corpora from conformance case files (JSON Lines):
//   seed_corpus OUT_DIR FILE.jsonl...
// OUT_DIR/schema/<n>: each case's schema text; OUT_DIR/serialize/<n>: schema, NUL, input
// (every 10th case: each run of that target compiles four serializers); OUT_DIR/kernels/<n>:
// each input text.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include <rapidjson/document.h>

#include "ir/schema_doc.h"

namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: seed_corpus OUT_DIR FILE.jsonl...\n";
    return 2;
  }
  fs::path out = argv[1];
  for (const char* sub : {"schema", "serialize", "kernels"}) fs::create_directories(out / sub);
  size_t n = 0;
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::string line;
    while (std::getline(in, line)) {
      rapidjson::Document c;
      c.Parse(line.c_str());
      if (c.HasParseError() || !c.IsObject() || !c.HasMember("schema")) continue;
      std::string schema = sj::json_text(c["schema"]);
      std::string input = c.HasMember("input") && c["input"].IsString() ? c["input"].GetString() : "null";
      std::string name = std::to_string(n);
      write(out / "schema" / name, schema);
      write(out / "kernels" / name, input);
      if (n % 10 == 0) write(out / "serialize" / name, schema + std::string(1, '\0') + input);
      ++n;
    }
  }
  std::cout << "seed_corpus: " << n << " cases\n";
  return 0;
}
