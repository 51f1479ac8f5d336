// names_repeat: pairs compared for short lists, an open-addressing table for long ones.
#include "runtime/duplicate_names.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "runtime/kept_list.h"
#include "runtime/member_index.h"

namespace sj::rt {
namespace {

// Lists this short compare names of equal length pair by pair (at most 28 compares): no
// hashing, no table; an API response's objects are mostly this small.
constexpr size_t kPairwise = 8;

// key_hash reads a name's ends and length only, so names alike there (long ones of one
// length, which an attacker can choose) would crowd one slot and make the probing quadratic:
// past this many steps for one name the list is sorted instead.
constexpr size_t kMaxProbes = 32;

bool sorted_names_repeat(const std::string_view* names, size_t n) {
  thread_local std::vector<std::string_view> sorted;
  KeptList kept(sorted);
  sorted.assign(names, names + n);
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

}  // namespace

bool names_repeat(const std::string_view* names, size_t n) {
  auto same = [](std::string_view a, std::string_view b) {  // inline: names are short
    return a.size() == b.size() && same_bytes(a.data(), b.data(), a.size());
  };
  if (n <= kPairwise) {
    // Only names of one length can be equal: a bit per length seen (lengths past 63 share
    // the last bit) skips the compares for most names.
    uint64_t lengths = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t bit = uint64_t{1} << std::min<size_t>(names[i].size(), 63);
      if (lengths & bit)
        for (size_t j = 0; j < i; ++j)
          if (same(names[j], names[i])) return true;
      lengths |= bit;
    }
    return false;
  }
  // Indices into `names` (+1, 0 empty) in a table at most half full; the taken slots are
  // emptied again afterwards, so the table is cleared in the time the list took.
  thread_local std::vector<uint32_t> table;
  thread_local std::vector<size_t> taken;
  KeptList kept_table(table);
  KeptList kept_taken(taken);
  size_t size = 16;
  while (size < 2 * n) size *= 2;
  if (table.size() < size) table.assign(size, 0);
  size_t mask = size - 1;
  bool found = false, crowded = false;
  taken.clear();
  for (size_t i = 0; i < n && !found && !crowded; ++i) {
    size_t probes = 0;
    for (size_t j = key_hash(names[i].data(), names[i].size()) & mask;; j = (j + 1) & mask) {
      if (!table[j]) {
        table[j] = static_cast<uint32_t>(i + 1);
        taken.push_back(j);
        break;
      }
      if (same(names[table[j] - 1], names[i])) {
        found = true;
        break;
      }
      if (++probes == kMaxProbes) {
        crowded = true;
        break;
      }
    }
  }
  for (size_t j : taken) table[j] = 0;
  return found || (crowded && sorted_names_repeat(names, n));
}

}  // namespace sj::rt
