// The runtime functions that read data, once per input model (runtime/input_model.h), as
// overloads on the value's type so that the interpreter's template calls the right one. For
// RapidJSON they are the sj_* functions generated code calls (abi.h); for yyjson, the hot
// ones (the generic writer, member lookups and orders) are the same templates instanced for
// yyjson (generic.cpp), the cold ones (coercions of values of another type, const/enum on
// containers, uniqueItems) read a RapidJSON copy of the value (yyjson_model.cpp).
#pragma once
#include <cstdint>
#include <vector>

#include <yyjson.h>

#include "runtime/abi.h"

namespace sj::rt {

// ---- RapidJSON: generated code's functions
inline SjStatus write_generic(SjCtx* ctx, const SjValue* v) { return sj_write_generic(ctx, v); }
inline const SjValue* find_member(const SjValue* obj, const char* key, int64_t len) { return sj_find_member(obj, key, len); }
inline void index_members(const SjValue* obj, const void* table, const SjValue** slots, int64_t from) {
  sj_index_members(obj, table, slots, from);
}
inline const uint32_t* member_order(SjCtx* ctx, const SjValue* obj) { return sj_member_order(ctx, obj); }
inline const SjValue* object_view(SjCtx* ctx, const SjValue* v, int64_t limit, int32_t flags) {
  return sj_object_view(ctx, v, limit, flags);
}
inline SjStatus coerce_string(SjCtx* ctx, const SjValue* v, int32_t format, const char* path) {
  return sj_coerce_string(ctx, v, format, path);
}
inline SjStatus coerce_number(SjCtx* ctx, const SjValue* v, const char* path) { return sj_coerce_number(ctx, v, path); }
inline SjStatus coerce_integer(SjCtx* ctx, const SjValue* v, int32_t rounding, const char* path) {
  return sj_coerce_integer(ctx, v, rounding, path);
}
inline void coerce_boolean(SjCtx* ctx, const SjValue* v) { sj_coerce_boolean(ctx, v); }
inline int32_t test_equal(SjCtx* ctx, int32_t index, const SjValue* v) { return sj_test_equal(ctx, index, v); }
inline int32_t test_unique(SjCtx*, const SjValue* array) { return sj_test_unique(array); }

// ---- yyjson: the same contracts
SjStatus write_generic(SjCtx* ctx, const yyjson_val* v);
const yyjson_val* find_member(const yyjson_val* obj, const char* key, int64_t len);
void index_members(const yyjson_val* obj, const void* table, const yyjson_val** slots, int64_t from);
// Indices of members in JavaScript's order, as sj_member_order.
const uint32_t* member_order(SjCtx* ctx, const yyjson_val* obj);
// JavaScript's object of a string or an array (sj_object_view), built as a yyjson tape that
// lives until the call ends: its members' values are the string's units or copies of the
// array's elements (their strings still the caller's).
const yyjson_val* object_view(SjCtx* ctx, const yyjson_val* v, int64_t limit, int32_t flags);
SjStatus coerce_string(SjCtx* ctx, const yyjson_val* v, int32_t format, const char* path);
SjStatus coerce_number(SjCtx* ctx, const yyjson_val* v, const char* path);
SjStatus coerce_integer(SjCtx* ctx, const yyjson_val* v, int32_t rounding, const char* path);
void coerce_boolean(SjCtx* ctx, const yyjson_val* v);
int32_t test_equal(SjCtx* ctx, int32_t index, const yyjson_val* v);
int32_t test_unique(SjCtx* ctx, const yyjson_val* array);
// The bulk kernels of yyjson arrays (yyjson_bulk.cpp), sj_bulk_*'s contracts: the leading run
// of plain items from elems written, its length returned, `stop` set to the item after it.
using YyjsonBulk = int64_t (*)(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop);
int64_t yyjson_bulk_strings(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop);
int64_t yyjson_bulk_numbers(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop);
int64_t yyjson_bulk_integers(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop);
int64_t yyjson_bulk_number_arrays(SjCtx* ctx, const yyjson_val* elems, int64_t len, const yyjson_val** stop);

// A RapidJSON copy of a yyjson value (its strings shared), filled from the tape in one pass
// without recursion: false when containers nest max_depth deep (as sj_ajv_copy fails).
bool copy_to_rapidjson(const yyjson_val* v, rapidjson::Value& out, rapidjson::MemoryPoolAllocator<>& alloc,
                       int64_t max_depth);
// The same in the call's pool (runtime/ajv_writes.h), living until the call ends; null when too deep.
const SjValue* rapidjson_copy(SjCtx* ctx, const yyjson_val* v, int64_t max_depth);
// A RapidJSON value laid out as a yyjson document's values (appended to `tape`, the root at the
// first slot appended), its strings still the RapidJSON value's; without recursion.
void copy_to_yyjson(const rapidjson::Value& v, std::vector<yyjson_val>& tape);

}  // namespace sj::rt
