// The contract between generated code and the runtime (the role PostgreSQL's llvmjit_types.c
// plays): the context struct generated code reads and writes, and the single list of runtime
// functions it calls. engine/ declares these to LLVM from SJ_RUNTIME_FUNCTIONS and binds them
// by address; nothing else in codegen names a runtime symbol.
#pragma once
#include <cstddef>
#include <cstdint>

#include <rapidjson/document.h>

extern "C" {

// What one serialize call carries. Generated code touches cur, end, depth and max_depth
// (offsets pinned below); `state` belongs to the runtime, which finds the serializer's
// regexes and constants through it (they are not copied here: every call pays for what it
// sets up, and few read them).
struct SjCtx {
  char* cur;          // next byte to write
  char* end;          // one past the writable window; cur <= end always
  int32_t depth;      // recursion depth of generated functions
  int32_t max_depth;  // error when depth would exceed this
  void* state;        // sj::rt::CallState*
};

typedef int32_t SjStatus;  // 0 = ok, 1 = error recorded in the context
}

static_assert(offsetof(SjCtx, cur) == 0 && offsetof(SjCtx, end) == 8);
static_assert(offsetof(SjCtx, depth) == 16 && offsetof(SjCtx, max_depth) == 20);

namespace sj::abi {
// Type tokens for the function list: void, i32, i64, double, pointer.
enum Type : uint8_t { V, I32, I64, F64, P };
}

// X(name, return type, argument types...). Keep in step with the declarations below.
#define SJ_RUNTIME_FUNCTIONS(X)                                                   \
  X(sj_reserve, sj::abi::V, sj::abi::P, sj::abi::I64)                             \
  X(sj_write_literal, sj::abi::V, sj::abi::P, sj::abi::P, sj::abi::I64)           \
  X(sj_write_string, sj::abi::V, sj::abi::P, sj::abi::P, sj::abi::I64)            \
  X(sj_quoted_text, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::I64)             \
  X(sj_write_unsafe_string, sj::abi::V, sj::abi::P, sj::abi::P, sj::abi::I64)     \
  X(sj_number_text, sj::abi::P, sj::abi::P, sj::abi::P)                           \
  X(sj_integer_text, sj::abi::P, sj::abi::P, sj::abi::P)                          \
  X(sj_coerce_string, sj::abi::I32, sj::abi::P, sj::abi::P, sj::abi::I32, sj::abi::P) \
  X(sj_coerce_number, sj::abi::I32, sj::abi::P, sj::abi::P, sj::abi::P)           \
  X(sj_coerce_integer, sj::abi::I32, sj::abi::P, sj::abi::P, sj::abi::I32, sj::abi::P) \
  X(sj_coerce_boolean, sj::abi::V, sj::abi::P, sj::abi::P)                        \
  X(sj_write_generic, sj::abi::I32, sj::abi::P, sj::abi::P)                       \
  X(sj_object_view, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::I64, sj::abi::I32) \
  X(sj_find_member, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::I64)             \
  X(sj_member_order, sj::abi::P, sj::abi::P, sj::abi::P)                          \
  X(sj_index_members, sj::abi::V, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::I64) \
  X(sj_lookup, sj::abi::P, sj::abi::P, sj::abi::I64, sj::abi::P, sj::abi::I64, sj::abi::P, sj::abi::P, sj::abi::P, \
    sj::abi::I64)                                                                 \
  X(sj_key_declared, sj::abi::I32, sj::abi::P, sj::abi::P, sj::abi::I64)           \
  X(sj_bulk_string_array, sj::abi::I64, sj::abi::P, sj::abi::P, sj::abi::I64)     \
  X(sj_bulk_number_array, sj::abi::I64, sj::abi::P, sj::abi::P, sj::abi::I64)     \
  X(sj_bulk_integer_array, sj::abi::I64, sj::abi::P, sj::abi::P, sj::abi::I64)    \
  X(sj_bulk_number_arrays, sj::abi::I64, sj::abi::P, sj::abi::P, sj::abi::I64)    \
  X(sj_pattern_search, sj::abi::I32, sj::abi::P, sj::abi::I32, sj::abi::P, sj::abi::I64, sj::abi::P) \
  X(sj_error_required, sj::abi::I32, sj::abi::P, sj::abi::P, sj::abi::I64, sj::abi::P) \
  X(sj_error_mismatch, sj::abi::I32, sj::abi::P, sj::abi::P)                      \
  X(sj_error_item, sj::abi::I32, sj::abi::P, sj::abi::I64, sj::abi::P)            \
  X(sj_error_depth, sj::abi::I32, sj::abi::P, sj::abi::P)                        \
  X(sj_error_text, sj::abi::I32, sj::abi::P, sj::abi::P)                         \
  X(sj_test_equal, sj::abi::I32, sj::abi::P, sj::abi::I32, sj::abi::P)            \
  X(sj_test_unique, sj::abi::I32, sj::abi::P)                                     \
  X(sj_code_points, sj::abi::I64, sj::abi::P, sj::abi::I64)                       \
  X(sj_test_multiple_of, sj::abi::I32, sj::abi::P, sj::abi::F64, sj::abi::F64)   \
  X(sj_test_format, sj::abi::I32, sj::abi::I32, sj::abi::P, sj::abi::I64)         \
  X(sj_ajv_coerce, sj::abi::I32, sj::abi::P, sj::abi::P, sj::abi::I64)            \
  X(sj_ajv_copy, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::P)                  \
  X(sj_ajv_enter, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::I32)               \
  X(sj_ajv_leave, sj::abi::V, sj::abi::P, sj::abi::P, sj::abi::P)                \
  X(sj_ajv_default, sj::abi::V, sj::abi::P, sj::abi::P, sj::abi::P, sj::abi::I64, sj::abi::I32, sj::abi::I32) \
  X(sj_ajv_mark_removed, sj::abi::V, sj::abi::P, sj::abi::I64)                     \
  X(sj_ajv_sweep, sj::abi::V, sj::abi::P)

extern "C" {
using SjValue = rapidjson::Value;

// Make room for n more bytes at ctx->cur (may move the buffer).
void sj_reserve(SjCtx* ctx, int64_t n);
// Constant bytes s[0..n), as level-0 code writes them (higher levels inline the room check
// and the copy).
void sj_write_literal(SjCtx* ctx, const char* s, int64_t n);
// "s" quoted with JSON.stringify escaping / quoted with no escaping at all (format: unsafe).
void sj_write_string(SjCtx* ctx, const char* s, int64_t n);
// The same at dst, for n ≤ sj::rt::kLongString, with sj::rt::quoted_bound(n) bytes of room;
// returns the end of the text.
char* sj_quoted_text(char* dst, const char* s, int64_t n);
void sj_write_unsafe_string(SjCtx* ctx, const char* s, int64_t n);
// A DOM number as JavaScript prints it (int64/uint64 exactly; NaN/±Infinity as null) at dst,
// which has sj::rt::kMaxDoubleText bytes of room; returns the end of the text.
char* sj_number_text(char* dst, const SjValue* v);
// The same for a number with an int64 or uint64 flag, in kMaxIntText bytes of room.
char* sj_integer_text(char* dst, const SjValue* v);
// Coercions of spec §4 for inputs that are not already of the schema's type.
// format: see sj::rt::StringFormat. rounding: see sj::rt::Rounding. path: schema pointer.
SjStatus sj_coerce_string(SjCtx* ctx, const SjValue* v, int32_t format, const char* path);
SjStatus sj_coerce_number(SjCtx* ctx, const SjValue* v, const char* path);
SjStatus sj_coerce_integer(SjCtx* ctx, const SjValue* v, int32_t rounding, const char* path);
void sj_coerce_boolean(SjCtx* ctx, const SjValue* v);
// JSON.stringify of any value (untyped schemas, additionalProperties: true).
SjStatus sj_write_generic(SjCtx* ctx, const SjValue* v);
// Data that is neither an object nor null given to an object schema, as the object
// JavaScript reads from it (spec §16.3). A string or an array: a new object with the members
// "0", "1", … (a string's UTF-16 units, an array's elements), at most `limit` of them, then
// "length" when flags has SJ_VIEW_LENGTH, living until the call ends. With SJ_VIEW_PRINTS_ALL
// (the schema prints every member it does not declare), null, with the output limit's error
// recorded, when it would have more members than maxOutputBytes could print. Anything else: v
// (no members).
enum : int32_t { SJ_VIEW_LENGTH = 1, SJ_VIEW_PRINTS_ALL = 2 };
const SjValue* sj_object_view(SjCtx* ctx, const SjValue* v, int64_t limit, int32_t flags);
// The value of member `key` of obj, or null when obj is not an object or has no such member.
// With duplicate names the last one wins, as JSON.parse does.
const SjValue* sj_find_member(const SjValue* obj, const char* key, int64_t len);
// Fills slots[0..table->count) with the value of each declared property of obj among its
// members from position `from` on (null when absent or obj is not an object; the last of
// duplicates, as JSON.parse): table is an sj::rt::KeyTable (runtime/member_index.h). The
// caller passes from > 0 when it knows the members before `from` to be properties it has
// written already, whose slots it will not read.
void sj_index_members(const SjValue* obj, const void* table, const SjValue** slots, int64_t from);
// The whole member lookup of level-0 code as one call, where level 1 inlines it: the member
// at `predicted` when it has the name; else, for a declared property (slot >= 0), its slot
// of the object's index (filled on the first miss, *filled then set); else a scan. Null when
// obj is not an object or has no such member.
const SjValue* sj_lookup(const SjValue* obj, int64_t predicted, const char* name, int64_t len, const void* table,
                         const SjValue** slots, bool* filled, int64_t slot);
// The order in which JavaScript would enumerate obj's members (array-index keys first,
// duplicates collapsed), as member indices; null when storage order already is that order.
// The array starts with its length.
const uint32_t* sj_member_order(SjCtx* ctx, const SjValue* obj);
// 1 when key is one of the count names in keys (an array of {const char*, int64} pairs).
int32_t sj_key_declared(const void* table, const char* key, int64_t len);
// Writes elems[0..) while they are strings, comma-separated, and returns the index of the
// first element that is not a string (len when all are).
int64_t sj_bulk_string_array(SjCtx* ctx, const SjValue* elems, int64_t len);
// The same for numbers (miss: not a number, or NaN) and integers (miss: not integral).
int64_t sj_bulk_number_array(SjCtx* ctx, const SjValue* elems, int64_t len);
int64_t sj_bulk_integer_array(SjCtx* ctx, const SjValue* elems, int64_t len);
// Writes elems[0..) while they are arrays of numbers that sj_bulk_number_array takes whole,
// each as "[...]", comma-separated; returns the index of the first that is not.
int64_t sj_bulk_number_arrays(SjCtx* ctx, const SjValue* elems, int64_t len);
// 1 when pattern `index` of the serializer's regexes occurs in s[0..n), 0 when it does not, 2
// when the search ran out of the call's regex budget or its stack limit: the error, naming
// `path`, is recorded.
int32_t sj_pattern_search(SjCtx* ctx, int32_t index, const char* s, int64_t n, const char* path);
// Errors: record the message and the schema path, return 1.
SjStatus sj_error_required(SjCtx* ctx, const char* name, int64_t len, const char* path);
SjStatus sj_error_mismatch(SjCtx* ctx, const char* path);
SjStatus sj_error_item(SjCtx* ctx, int64_t index, const char* path);  // tuples
SjStatus sj_error_depth(SjCtx* ctx, const char* path);
SjStatus sj_error_text(SjCtx* ctx, const char* message);  // a message of its own, no path

// Validators (runtime/validate.h). Each returns 1 when the value passes.
// const / enum: v deep-equals the serializer's constant `index`.
int32_t sj_test_equal(SjCtx* ctx, int32_t index, const SjValue* v);
// uniqueItems: no two elements of the array are deep-equal.
int32_t sj_test_unique(const SjValue* array);
// The length of UTF-8 text as minLength / maxLength count it (code points).
int64_t sj_code_points(const char* s, int64_t n);
// multipleOf, for a number v (bound: sj::rt::precision_bound of ajv.multipleOfPrecision).
int32_t sj_test_multiple_of(const SjValue* v, double m, double bound);
// The coded formats of ajv-formats (sj::rt::CodedFormat).
int32_t sj_test_format(int32_t format, const char* s, int64_t n);

// Ajv's writes into validated data (runtime/ajv_writes.h). coerceTypes: the type keyword on a
// value of another type converts it in place by `plan` (sj::rt::coercion_plan); 1 when it is
// now of the type.
int32_t sj_ajv_coerce(SjCtx* ctx, const SjValue* v, int64_t plan);
// A Select's own deep copy of v, which its validators write into and its branch serializes;
// null, with the depth error at `path`, when v nests deeper than maxDataDepth.
const SjValue* sj_ajv_copy(SjCtx* ctx, const SjValue* v, const char* path);
// The value one validation runs on: v, or for a value a conversion can replace (a scalar; a
// one-element array in "array" mode) a root of its own, since Ajv converts its own variable
// there, not the data. sj_ajv_leave(ctx, v, root) ends the validation.
const SjValue* sj_ajv_enter(SjCtx* ctx, const SjValue* v, int32_t arrays);
void sj_ajv_leave(SjCtx* ctx, const SjValue* v, const SjValue* root);
// Ajv's useDefaults: member `name` of object v (position `name`, in decimal, of array v) becomes
// the serializer's constant `constant` where absent (`empty`: also where null or "").
void sj_ajv_default(SjCtx* ctx, const SjValue* v, const char* name, int64_t len, int32_t constant, int32_t empty);
// Ajv's removeAdditional: marks member i of object v, and deletes the marked ones (in order).
void sj_ajv_mark_removed(const SjValue* v, int64_t i);
void sj_ajv_sweep(const SjValue* v);
}
