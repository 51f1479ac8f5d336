// Facts about IR nodes that both ways of running a module need (the code generator in
// engine/, the interpreter in interp/), computed in one place so that the two cannot disagree.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ir/ir.h"

namespace sj::ir {

// Whether a validator may write data (Ajv's coerceTypes, useDefaults, removeAdditional):
// anywhere, and `inside` the value, where the serializer sees it (in a member or an element,
// or the value's own members; a call to a validator that writes counts as inside).
struct Writes {
  bool any = false, inside = false;
};
// One per validator of the module; all false unless an option lets validators write.
std::vector<Writes> validator_writes(const Module& module);

// How a Select runs its validators under Ajv's writing options: `copy`, on a deep copy of its
// value that its validators write into and its branch serializes (when a validator can write
// inside the value, or converts in "array" mode, where a one-element root array is unwrapped);
// `enter`, each validation from sj_ajv_enter's root (when a validator converts at all).
struct SelectWrites {
  bool copy = false, enter = false;
};
SelectWrites select_writes(const Module& module, const std::vector<Writes>& writes, const Node& select);

// The members an object schema reads from data that is not an object: fast-json-stringify
// reads them with obj[key] and Object.keys(obj), so a string or an array has index members
// ("ab": "0" and "1") and a length (spec §16.3), other values none. A schema that names no
// index and no length and prints no extra members reads them all as having no members (not
// `needed`); for the others, sj_object_view builds a string's or an array's object: every
// member when the schema prints extra members, else only up to the highest index it names;
// "length" only when declared, since the extras loop skips declared names but would print any
// other member.
struct ObjectView {
  int64_t limit = 0;  // members to build
  int32_t flags = 0;  // sj_object_view's: SJ_VIEW_LENGTH, SJ_VIEW_PRINTS_ALL
  bool needed = false;
};
ObjectView object_view(const Node& object);

// Objects with this many declared properties or fewer (and at least two) keep an index of
// their members, filled on the first member that is not where the schema predicts it
// (runtime/member_index.h); larger ones scan per miss (their slots would take more than 8 KiB
// of stack).
inline constexpr size_t kMaxIndexedFields = 1024;
inline bool indexes_members(const Node& object) {
  return object.fields.size() >= 2 && object.fields.size() <= kMaxIndexedFields;
}
// Where the index may start when field k is the first to miss its predicted position, for
// each k: the fields written before it were found where predicted (an earlier miss would have
// filled the index), so the members from the smallest position none of them was predicted at
// on hold every other property (members there that are earlier fields only fill slots nobody
// reads again). Inputs that follow the schema but lack an optional member (twitter's statuses
// without retweeted_status) then index only the members after the gap.
std::vector<int> index_starts(const Node& object);

}  // namespace sj::ir
