// The member index: when an object's members are not where the schema predicts them, one pass
// over the object finds every declared property at once (sj_index_members), instead of a scan
// per property. The code generator lays the declared names out in an open-addressing table at
// compile time with key_hash; the runtime probes it with the same hash for each member.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace sj::rt {

// One declared name: its bytes, its length (-1: an empty table entry) and its slot, the
// property's position in the schema.
struct KeyEntry {
  const char* name;
  int32_t len;
  int32_t slot;
};
// mask + 1 entries follow the header (a power of two, at least twice `count`, so probes stay
// short and always reach an empty entry).
struct KeyTable {
  int64_t mask;
  int64_t count;
  const KeyEntry* entries() const { return reinterpret_cast<const KeyEntry*>(this + 1); }
};

// Mixes the first and last 8 bytes (4 or 1-3 for shorter keys) with the length: schema keys
// tend to share prefixes ("user_id", "user_name") or suffixes ("created_at", "updated_at"),
// rarely both, and a collision only costs one more probe.
inline uint64_t key_hash(const char* s, size_t n) {
  uint64_t a = 0, b = 0;
  if (n >= 8) {
    std::memcpy(&a, s, 8);
    std::memcpy(&b, s + n - 8, 8);
  } else if (n >= 4) {
    uint32_t x, y;
    std::memcpy(&x, s, 4);
    std::memcpy(&y, s + n - 4, 4);
    a = x;
    b = y;
  } else if (n > 0) {
    a = static_cast<uint8_t>(s[0]) | uint64_t(static_cast<uint8_t>(s[n / 2])) << 8 |
        uint64_t(static_cast<uint8_t>(s[n - 1])) << 16;
  }
  uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full) ^ n;
  return h ^ (h >> 29);
}

}  // namespace sj::rt
