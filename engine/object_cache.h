// The opt-in object cache (Options::cache_dir): one file per compiled schema holding the
// machine code as a relocatable object plus what the code needs beside it (its regexes and
// constants, its limits), so that a hit links the object without lowering the schema or
// building LLVM IR.
//
// Key: BLAKE3 of the engine's version and a hash of its sources (engine/, ir/, runtime/: any
// change to what generates or runs the code gives new keys), the LLVM version, the host CPU's name and
// features, the schema text and every option that changes the code (cache_fingerprint).
// File: "<key>.sjo", written to a new file with an unguessable name and renamed, so readers
// see a whole file or none, and only a regular file is read there (never a link, a FIFO, a
// directory, or one larger than rt::kMaxFileBytes). A file that is short, damaged or made for
// another key is a miss, never a crash: it carries its key and a 64-bit checksum (XXH3) of its
// contents, and reading it checks every length.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/options.h"

namespace schemajit::detail {

struct CachedCode {
  int opt_level = 1;                                   // the level the object was built at
  int final_level = 1;  // the level tier-up leads to: a hit below it is tiered up again
  int32_t max_data_depth = 1000;
  int64_t max_output_bytes = 0;
  std::vector<std::pair<int32_t, std::string>> patterns;  // (rt::Pattern::Dialect, source)
  std::vector<std::string> constants;                  // JSON texts
  // The relocatable object file: bytes [object_at, object_at + object_size) of `storage`,
  // which holds the object itself after a compile and the whole cache file after a load (so a
  // hit copies none of its 100+ KB).
  std::string storage;
  size_t object_at = 0, object_size = 0;

  std::string_view object() const { return {storage.data() + object_at, object_size}; }
  void set_object(std::string bytes) {
    storage = std::move(bytes);
    object_at = 0;
    object_size = storage.size();
  }
};

class ObjectCache {
 public:
  explicit ObjectCache(std::string dir) : dir_(std::move(dir)) {}

  // The key of this schema and these options; nullopt when they cannot be cached.
  static std::optional<std::string> key(std::string_view schema, const sj::Options& options);

  // The file's code; nullopt for a miss, whatever is at its path. Never throws or blocks.
  std::optional<CachedCode> load(const std::string& key) const;
  // Best effort: a directory that cannot be created or written only costs the next run a
  // miss. false, with `error` saying why, when no file was written. Never throws.
  bool store(const std::string& key, const CachedCode& code, std::string& error) const;

 private:
  std::string path(const std::string& key) const { return dir_ + "/" + key + ".sjo"; }
  std::string dir_;
};

}  // namespace schemajit::detail
