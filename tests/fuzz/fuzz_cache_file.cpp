// libFuzzer target 4: whatever is at a schema's object cache path (engine/object_cache.h).
// Input: byte 0 picks what the path is (a regular file, a directory of entries, a FIFO, a link
// to a regular file, an empty file) and whether the cache is read on the tier-up thread or
// before compile returns; byte 1 what the file holds (the input's other bytes, a truncation of
// a real cache file, the real file whole, the real file with the input XORed in). Compiling
// and serializing must then be a miss, or a hit with the right output: never a crash, a
// throw, or a hang (libFuzzer's -timeout).
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <schemajit/schemajit.h>

namespace {

namespace fs = std::filesystem;

// Regexes and constants: what a hit rebuilds from the file beside the machine code.
const char* kSchema = R"({"type":"object","properties":{"id":{"type":"integer"},
  "code":{"anyOf":[{"type":"string","pattern":"^[A-Z]{3}$"},{"const":7}]}},
  "patternProperties":{"^x-":{"type":"string"}}})";
const char* kData = R"({"id":"7","code":"ABC","x-a":1,"y":2})";

enum Kind { Regular, Directory, Fifo, Link, Empty, kKinds };
enum Content { Raw, Truncated, Whole, Xored, kContents };

struct Fixture {
  fs::path dir;
  std::string file_name;  // kSchema's cache file, under dir
  std::string real;       // its bytes as a store writes them
  std::string expected;   // the output of kData

  std::string options(bool tier_up) const {
    return R"({"cacheDir":")" + dir.string() + "\"" + (tier_up ? "" : R"(,"tierUp":false)") + "}";
  }
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

void check(bool ok) {
  if (!ok) std::abort();
}

const Fixture& fixture() {
  static const Fixture f = [] {
    Fixture f;
    f.dir = fs::temp_directory_path() / ("sj-fuzz-cache-" + std::to_string(::getpid()));
    fs::remove_all(f.dir);
    schemajit::Engine engine;
    auto ser = engine.compile(kSchema, f.options(false));
    check(ser && engine.stats().stores == 1);
    check(static_cast<bool>(ser->serialize_json(kData, f.expected)));
    for (const auto& e : fs::directory_iterator(f.dir)) f.file_name = e.path().filename().string();
    f.real = read(f.dir / f.file_name);
    check(!f.real.empty());
    return f;
  }();
  return f;
}

uint32_t u32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::string content(Content kind, const std::string& real, const uint8_t* rest, size_t n) {
  switch (kind) {
    case Raw: return std::string(reinterpret_cast<const char*>(rest), n);
    case Truncated: return real.substr(0, n >= 4 ? u32(rest) % (real.size() + 1) : n);
    case Whole: return real;
    case Xored: {
      std::string f = real;
      size_t at = n >= 4 ? u32(rest) % f.size() : 0;
      for (size_t i = n >= 4 ? 4 : 0; i < n && at < f.size(); ++i, ++at) f[at] ^= static_cast<char>(rest[i]);
      return f;
    }
    case kContents: break;
  }
  return {};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const Fixture& f = fixture();
  auto kind = static_cast<Kind>(data[0] % kKinds);
  bool tier_up = (data[0] / kKinds) % 2 != 0;
  auto what = static_cast<Content>(data[1] % kContents);
  std::string bytes = content(what, f.real, data + 2, size - 2);

  fs::remove_all(f.dir);
  fs::create_directories(f.dir);
  fs::path key = f.dir / f.file_name;
  switch (kind) {
    case Regular: write(key, bytes); break;
    case Directory:
      // A few hundred entries: ext4 then indexes it by hash and puts its end at 2^63 - 1.
      fs::create_directory(key);
      for (size_t i = 0; i < 2 * (bytes.size() % 256); ++i) write(key / (std::to_string(i) + std::string(40, 'x')), "");
      break;
    case Fifo: check(::mkfifo(key.c_str(), 0600) == 0); break;
    case Link:
      write(f.dir / "target", bytes);
      fs::create_symlink(f.dir / "target", key);
      break;
    case Empty: write(key, ""); break;
    case kKinds: break;
  }

  schemajit::Engine engine;
  auto ser = engine.compile(kSchema, f.options(tier_up));
  check(static_cast<bool>(ser));
  std::string out;
  check(ser->serialize_json(kData, out) && out == f.expected);
  engine.wait_for_tier_up();
  out.clear();
  check(ser->serialize_json(kData, out) && out == f.expected);
  auto st = engine.stats();
  check(st.hits + st.misses == 1);
  // Only a regular file holding exactly what a store wrote is a hit.
  if (kind == Regular && bytes == f.real) check(st.hits == 1);
  if (kind != Regular) check(st.hits == 0);
  if (kind == Link) check(read(f.dir / "target") == bytes);  // the store replaced the link, not its target
  return 0;
}
