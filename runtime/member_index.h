// The table of an object's declared names. When its members are not where the schema predicts
// them, one pass over the object finds every declared property at once (sj_index_members),
// instead of a scan per property; members that are not declared are told apart with it too
// (sj_key_declared: additionalProperties, patternProperties). The code generator lays the
// names out in an open-addressing table at compile time with key_hash; the runtime probes it
// with the same hash.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

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

// a[0..n) == b[0..n) for the short strings keys are, inline: two overlapping loads of 8 (or
// 4) bytes cover any n up to 16 without reading outside either string; longer keys go on 8
// bytes at a time. A call to memcmp costs more than the compare for keys this short.
inline bool same_bytes(const char* a, const char* b, size_t n) {
  auto load8 = [](const char* p) { uint64_t x; std::memcpy(&x, p, 8); return x; };
  auto load4 = [](const char* p) { uint32_t x; std::memcpy(&x, p, 4); return x; };
  if (n >= 8) {
    for (size_t i = 0; i + 16 < n; i += 8)
      if (load8(a + i) != load8(b + i)) return false;
    size_t mid = n > 16 ? n - 16 : 0;  // the last 16 (or all n ≥ 8) bytes in two loads
    return ((load8(a + mid) ^ load8(b + mid)) | (load8(a + n - 8) ^ load8(b + n - 8))) == 0;
  }
  if (n >= 4) return ((load4(a) ^ load4(b)) | (load4(a + n - 4) ^ load4(b + n - 4))) == 0;
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Where each declared name goes in a KeyTable: entry j of the result is the index in `names` of
// the name placed there, or -1 for an empty entry. Its size is the table's: a power of two, at
// least twice the names, so that probes stay short and always reach an empty entry. The code
// generator lays a table out as a constant from it, the interpreter in memory.
inline std::vector<int32_t> key_table_layout(const std::vector<std::string>& names) {
  size_t size = 2;
  while (size < 2 * names.size()) size *= 2;
  std::vector<int32_t> entries(size, -1);
  for (size_t i = 0; i < names.size(); ++i) {
    size_t j = key_hash(names[i].data(), names[i].size()) & (size - 1);
    while (entries[j] >= 0) j = (j + 1) & (size - 1);
    entries[j] = static_cast<int32_t>(i);
  }
  return entries;
}

// The slot of name s[0..n) in the table, or -1 when it is not declared.
inline int32_t find_key(const KeyTable* t, const char* s, size_t n) {
  const KeyEntry* entries = t->entries();
  for (uint64_t j = key_hash(s, n);; ++j) {
    const KeyEntry& e = entries[j & static_cast<uint64_t>(t->mask)];
    if (e.len < 0) return -1;  // an empty entry ends every probe (the table is at most half full)
    if (static_cast<size_t>(e.len) == n && same_bytes(e.name, s, n)) return e.slot;
  }
}

}  // namespace sj::rt
