// Writes the fuzz targets' seed corpora from conformance case files (JSON Lines):
//   seed_corpus OUT_DIR FILE.jsonl...
// OUT_DIR/schema/<n>: each case's schema text; OUT_DIR/serialize/<n>: schema, NUL, input
// (every 10th case: each run of that target compiles four serializers); OUT_DIR/kernels/<n>:
// each input text; OUT_DIR/cache_file/<kind>-<content>: fuzz_cache_file's cases;
// OUT_DIR/sinks/<n>: sizes, then input (every 10th case); OUT_DIR/regex/<n>: fuzz_regex's
// flags byte, pattern, NUL, subject, for the everyday patterns below; OUT_DIR/text/<n>:
// schema, NUL, input (every 5th case), and text/hostile-<n>: the hostile texts below alone.
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
  for (const char* sub : {"schema", "serialize", "kernels", "cache_file", "sinks", "regex", "text"}) fs::create_directories(out / sub);
  // fuzz_cache_file: every kind of file at the cache path, with every kind of content, read
  // on either thread (its bytes 0 and 1).
  for (int kind = 0; kind < 10; ++kind)
    for (int content = 0; content < 4; ++content)
      write(out / "cache_file" / (std::to_string(kind) + "-" + std::to_string(content)),
            std::string{static_cast<char>(kind), static_cast<char>(content), '\x40', '\x02', '\0', '\0', 'S', 'J'});
  const char* const regexes[][2] = {
      {"^x-[a-z]+$", "x-region"}, {"^[0-9]+$", "42"}, {"^\\S+$", "caf\xC3\xA9"}, {"^\\d{4}-\\d{2}-\\d{2}$", "2024-01-15"},
      {"^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$", "a@b.io"}, {"^(?:(a+)+b|a*c?)$", "aaaa"}, {"[\\w-.]{2,}x?$", "\xF0\x9F\x98\x80"},
      {"^.$", "\xED\xA0\x80"}, {"a.c", "a\xFF" "c"}, {"\\p{L}+", "\xC3\x9F"}};
  for (size_t r = 0; r < std::size(regexes); ++r)
    for (char flags : {'\0', '\1'})
      write(out / "regex" / (std::to_string(r) + "-" + std::to_string(flags)),
            std::string(1, flags) + regexes[r][0] + std::string(1, '\0') + regexes[r][1]);
  const std::string hostile_texts[] = {
      R"({"a":1,"b":2,"a":3})", R"(["\ud800","\udc00\ud83d","\ud83d\ude00"])", std::string("\"a\0b\"", 5),
      "\"\xFF\xC3\"", "[1e400,-1e400,-0,0.1e-400,123456789012345678901234567890]",
      std::string(300, '[') + std::string(300, ']'), R"({"a":[1,2,{"b":)", R"({"__proto__":1,"1":2,"0":3})"};
  for (size_t t = 0; t < std::size(hostile_texts); ++t) write(out / "text" / ("hostile-" + std::to_string(t)), hostile_texts[t]);
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
      if (n % 5 == 0) write(out / "text" / name, schema + std::string(1, '\0') + input);
      // fuzz_sinks: a 30-byte header (every size's mode, the repeat count and the writer's
      // stop, all n / 10 % 16), then the input.
      if (n % 10 == 0) write(out / "sinks" / name, std::string(30, static_cast<char>(n / 10 % 16)) + input);
      ++n;
    }
  }
  std::cout << "seed_corpus: " << n << " cases\n";
  return 0;
}
