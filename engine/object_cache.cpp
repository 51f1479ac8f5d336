#include "engine/object_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Support/BLAKE3.h>
#include <llvm/Support/xxhash.h>
#include <llvm/TargetParser/Host.h>

#include "engine_build_id.h"
#include "runtime/read_file.h"

namespace schemajit::detail {
namespace {

// Bumped when the file layout changes.
constexpr char kMagic[8] = {'S', 'J', 'O', 'B', 'J', '0', '0', '5'};
constexpr size_t kKeyChars = 64, kSumBytes = 8;
// The object starts at a multiple of this in the file, which is read into memory at least as
// aligned (operator new's 16 bytes): a hit links it where it lies, and LLVM's ELF reader
// reads its headers in place.
constexpr size_t kObjectAlign = 16;

// Guards against torn and damaged files, not against an adversary (whoever can write the
// cache directory can write code anyway): XXH3 reads a 100 KB object in a few microseconds,
// where a serial multiply-xor took ~20 us and SHA-256 ~0.2 ms. The key before the payload
// needs none: it is compared byte for byte.
uint64_t checksum(std::string_view payload) { return llvm::xxh3_64bits(llvm::StringRef(payload.data(), payload.size())); }

// The host as the code generator sees it: an object built for AVX-512 must not load on a
// machine without it.
const std::string& host_description() {
  static const std::string text = [] {
    std::string s = "cpu=" + llvm::sys::getHostCPUName().str() + ";features=";
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    std::vector<std::string> names;
    for (const auto& f : features) names.push_back((f.second ? "+" : "-") + f.first().str());
    std::sort(names.begin(), names.end());
    for (const auto& n : names) s += n + ",";
    return s;
  }();
  return text;
}

void put_u64(std::string& out, uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
void put_str(std::string& out, std::string_view s) {
  put_u64(out, s.size());
  out.append(s);
}

// Reads what put_* wrote; every read checks the bytes left, so a damaged file reads as false.
class Reader {
 public:
  explicit Reader(std::string_view data) : rest_(data) {}
  bool u64(uint64_t& v) {
    if (rest_.size() < sizeof v) return false;
    std::memcpy(&v, rest_.data(), sizeof v);
    rest_.remove_prefix(sizeof v);
    return true;
  }
  bool str(std::string& s) {
    std::string_view v;
    if (!view(v)) return false;
    s.assign(v);
    return true;
  }
  bool view(std::string_view& s) {
    uint64_t n;
    return u64(n) && take(n, s);
  }
  bool take(uint64_t n, std::string_view& s) {
    if (n > rest_.size()) return false;
    s = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return true;
  }
  bool done() const { return rest_.empty(); }

 private:
  std::string_view rest_;
};

std::string encode(const CachedCode& c) {
  std::string out;
  put_u64(out, static_cast<uint64_t>(c.opt_level));
  put_u64(out, static_cast<uint64_t>(c.final_level));
  put_u64(out, static_cast<uint64_t>(c.max_data_depth));
  put_u64(out, static_cast<uint64_t>(c.max_output_bytes));
  put_u64(out, c.patterns.size());
  for (const auto& [dialect, source] : c.patterns) {
    put_u64(out, static_cast<uint64_t>(dialect));
    put_str(out, source);
  }
  put_u64(out, c.constants.size());
  for (const auto& text : c.constants) put_str(out, text);
  // Padding, so that the object after its length lands on kObjectAlign in the file.
  size_t object_at = sizeof kMagic + kKeyChars + out.size() + 2 * sizeof(uint64_t);
  size_t pad = (kObjectAlign - object_at % kObjectAlign) % kObjectAlign;
  put_u64(out, pad);
  out.append(pad, '\0');
  put_str(out, c.object());
  return out;
}

// The object is left where it is in the payload: `object` views it.
bool decode(std::string_view payload, CachedCode& c, std::string_view& object) {
  Reader r(payload);
  uint64_t level, final_level, depth, max_out, n;
  // A count is at most what the rest could hold (a pattern takes 16 bytes at least, a
  // constant 8), so that a damaged count cannot ask for more memory than the file's size.
  if (!r.u64(level) || !r.u64(final_level) || !r.u64(depth) || !r.u64(max_out) || !r.u64(n) || level > 3 ||
      final_level > 3 || n > payload.size() / 16)
    return false;
  c.opt_level = static_cast<int>(level);
  c.final_level = static_cast<int>(final_level);
  c.max_data_depth = static_cast<int32_t>(depth);
  c.max_output_bytes = static_cast<int64_t>(max_out);
  c.patterns.resize(n);
  for (auto& [dialect, source] : c.patterns) {
    uint64_t d;
    if (!r.u64(d) || d > 2 || !r.str(source)) return false;
    dialect = static_cast<int32_t>(d);
  }
  if (!r.u64(n) || n > payload.size() / 8) return false;
  c.constants.resize(n);
  for (auto& text : c.constants)
    if (!r.str(text)) return false;
  std::string_view pad;
  if (!r.u64(n) || n >= kObjectAlign || !r.take(n, pad)) return false;
  return r.view(object) && !object.empty() && reinterpret_cast<uintptr_t>(object.data()) % kObjectAlign == 0 &&
         r.done();
}

// A new file beside `final_path` with a name no one can guess ("<key>.sjo.tmp.<16 hex
// digits>", in `name`), created by this call (O_EXCL) and never through a link (O_NOFOLLOW),
// so that a link planted in the directory cannot make the store overwrite another file. Its
// descriptor, or -1 with errno set.
int create_temporary(const std::string& final_path, std::string& name) {
  std::random_device random;
  for (int attempt = 0; attempt < 16; ++attempt) {
    char suffix[17];
    std::snprintf(suffix, sizeof suffix, "%08x%08x", random(), random());
    name = final_path + ".tmp." + suffix;
    int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// 0, or the errno of the write that failed.
int write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return 0;
}

}  // namespace

std::optional<std::string> ObjectCache::key(std::string_view schema, const sj::Options& options) {
  std::string material = "schemajit " SCHEMAJIT_VERSION_STRING " " SCHEMAJIT_SOURCES_SHA256 ";llvm " LLVM_VERSION_STRING ";";
  material += host_description();
  if (!sj::cache_fingerprint(options, material)) return std::nullopt;
  material += ";schema=";
  // BLAKE3: a cryptographic hash like SHA-256 (a collision between two schemas' keys is out
  // of reach) at several times its speed (SHA-256 of twitter's 9 KB schema was ~20 us of a
  // ~300 us hit).
  llvm::BLAKE3 h;
  h.update(material);
  h.update(llvm::StringRef(schema.data(), schema.size()));
  return llvm::toHex(h.final(), /*LowerCase=*/true);
}

std::optional<CachedCode> ObjectCache::load(const std::string& key) const {
  // Whatever is at the path (a directory, a FIFO, a sparse file claiming 200 GB, a link) is a
  // miss without blocking or throwing: read_file refuses all but a bounded regular file, and
  // the vectors decode sizes from the file may not fit in memory.
  try {
    std::string error;
    auto file = sj::rt::read_file(path(key), error, {.follow_symlinks = false});
    if (!file) return std::nullopt;
    // magic | key | payload | checksum(payload)
    size_t head = sizeof kMagic + kKeyChars;
    if (file->size() < head + kSumBytes || std::memcmp(file->data(), kMagic, sizeof kMagic) != 0 ||
        file->compare(sizeof kMagic, kKeyChars, key) != 0)
      return std::nullopt;
    std::string_view payload(file->data() + head, file->size() - head - kSumBytes);
    uint64_t sum = checksum(payload);
    if (std::memcmp(&sum, file->data() + file->size() - kSumBytes, kSumBytes) != 0) return std::nullopt;
    CachedCode code;
    std::string_view object;
    if (!decode(payload, code, object)) return std::nullopt;
    code.object_at = static_cast<size_t>(object.data() - file->data());
    code.object_size = object.size();
    code.storage = std::move(*file);
    return code;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool ObjectCache::store(const std::string& key, const CachedCode& code, std::string& error) const {
  try {
    std::error_code ec;
    if (!std::filesystem::create_directories(dir_, ec) && ec) {
      error = "object cache " + dir_ + ": " + ec.message();
      return false;
    }
    std::string payload = encode(code);
    uint64_t sum = checksum(payload);
    std::string file;
    file.reserve(sizeof kMagic + key.size() + payload.size() + kSumBytes);
    file.append(kMagic, sizeof kMagic).append(key).append(payload).append(reinterpret_cast<const char*>(&sum), kSumBytes);
    std::string tmp, final_path = path(key);
    int fd = create_temporary(final_path, tmp);
    if (fd < 0) {
      int err = errno;
      error = "object cache " + tmp + ": " + std::strerror(err);
      return false;
    }
    int err = write_all(fd, file);
    if (::close(fd) != 0 && err == 0) err = errno;
    const std::string* failed = &tmp;
    if (err == 0 && std::rename(tmp.c_str(), final_path.c_str()) != 0) {
      err = errno;
      failed = &final_path;
    }
    if (err == 0) return true;
    ::unlink(tmp.c_str());
    error = "object cache " + *failed + ": " + std::strerror(err);
    return false;
  } catch (const std::exception& e) {
    error = "object cache " + dir_ + ": " + e.what();
    return false;
  }
}

}  // namespace schemajit::detail
