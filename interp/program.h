// The interpreter's program: an IR module prepared once for running, node by node, without a
// compiler, in a compact form that needs nothing else (the module is not kept). Each IR node is
// an Op in one array, with what its run needs at hand: its key literals, an object's table of
// declared names, an array's bulk kernel and cutoff, a select's way of running its validators.
// Texts (paths for errors, keys, names, literals) live one after another in one string,
// equal ones once; the kinds' lists (an object's fields, a type switch's branches, ...) are
// ranges of arrays of their own. Validators keep their IR tests, moved out of the module.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <yyjson.h>

#include "ir/analysis.h"
#include "ir/ir.h"
#include "runtime/abi.h"
#include "runtime/member_index.h"
#include "runtime/model_calls.h"

namespace sj::interp {

inline constexpr uint32_t kNone = UINT32_MAX;
// Zero bytes at the end of Program::text: a key of up to this many bytes is written as one
// fixed-size copy (two vector moves), where a copy of its own length is a call to memmove.
inline constexpr size_t kTextPad = 32;

// A text of the program: bytes [at, at + size) of Program::text, a NUL after them.
struct Str {
  uint32_t at = 0, size = 0;
};

// Whether a member's name is a field's, as generated code tests it (codegen_objects.cpp,
// is_inline_name): a name of up to 13 bytes, as RapidJSON's parser stores it inside its Value,
// is two 64-bit words compared under a mask; other names, and yyjson's, compare length and bytes.
struct NameTest {
  NameTest(const std::string& name, Str at);
  bool operator()(const SjValue& member_name, const char* text) const {
    uint64_t x[2];
    std::memcpy(x, &member_name, sizeof x);
    if (care[0] && ((x[0] ^ want[0]) & care[0]) == 0 && ((x[1] ^ want[1]) & care[1]) == 0) return true;
    return member_name.GetStringLength() == name.size && rt::same_bytes(member_name.GetString(), text + name.at, name.size);
  }
  // A yyjson key: its length in the tag, then its bytes.
  bool operator()(const yyjson_val& key, const char* text) const {
    return (key.tag >> YYJSON_TAG_BIT) == name.size && rt::same_bytes(key.uni.str, text + name.at, name.size);
  }
  uint64_t want[2] = {}, care[2] = {};  // care[0] == 0: the name is too long to be stored inline
  Str name;
};

struct Op;

struct FieldOp {
  NameTest named;
  Str comma_key;     // ",\"name\":"; without its first byte, the key alone
  Str default_json;  // size 0: none
  uint32_t predicted;
  uint32_t value;    // op
  bool required;
  const Op* value_op = nullptr;  // &ops[value], set once every op is made
};

struct ObjectOp {
  uint32_t first_field = 0, fields = 0;            // in Program::fields
  uint32_t first_required = 0, required = 0;        // in Program::names: required names not in properties
  uint32_t first_pattern = 0, patterns = 0;         // in Program::patterns
  uint32_t extras_schema = kNone;                   // op of additionalProperties' schema
  ir::Extras extras = ir::Extras::Drop;
  bool prints_extras = false;                       // extras or patterns
  bool indexed = false;                             // ir::indexes_members
  uint32_t starts = 0;                              // in Program::starts: ir::index_starts, per field
  uint32_t keys = kNone;                            // in Program::key_words: the declared names' KeyTable
  ir::ObjectView view;
};

struct PatternOp {
  int32_t index;   // into the serializer's patterns
  uint32_t value;  // op; kNone: the member is printed raw
  Str path;        // the patternProperties a search that runs out of its limits fails at
  rt::FirstBytes first;  // what a key must start with to be searched (Pattern::first_bytes)
};

struct TupleOp {
  uint8_t guard;
  uint32_t value;  // op
};

struct ChoiceOp {
  int32_t validator;  // -1: always taken
  uint32_t value;     // op
};

using BulkKernel = int64_t (*)(SjCtx*, const SjValue*, int64_t);

struct Op {
  ir::Kind kind = ir::Kind::Generic;
  bool null_first = false;  // nullable, and the kind does not print null itself
  ir::StringFormat format = ir::StringFormat::None;
  bool is_tuple = false, additional_items = false, large_as_json = false;  // Array
  ir::SelectWrites writes;                                                // Select
  Str path;     // the schema location, for errors
  Str literal;  // Const
  // Object: the index of its ObjectOp; Array: its items' op (kNone: raw) and its tuple's range
  // in `tuple`; TypeSwitch: `branches`; Select: `choices`; Call: the callee function.
  uint32_t first = 0, count = 0;
  uint32_t target = kNone;
  BulkKernel bulk = nullptr;   // Array: the bulk kernel, from `cutoff` items on
  rt::YyjsonBulk yyjson_bulk = nullptr;  // the same for yyjson's arrays
  int64_t cutoff = INT64_MAX;
  int64_t large_size = 0;      // Array, large_as_json: arrays this long are printed raw
  const Op* items = nullptr;   // Array: &ops[target] (null: raw), set once every op is made
};

struct Program {
  std::string text;  // every Str, then kTextPad zero bytes
  std::vector<Op> ops;
  std::vector<FieldOp> fields;
  std::vector<ObjectOp> objects;
  std::vector<uint32_t> branches;
  std::vector<ChoiceOp> choices;
  std::vector<TupleOp> tuple;
  std::vector<PatternOp> patterns;
  std::vector<Str> names;
  std::vector<int32_t> starts;
  std::vector<uint64_t> key_words;  // KeyTables (runtime/member_index.h), their entries pointing into `text`
  std::vector<uint32_t> functions;  // the body's op of each IR function
  std::vector<Str> function_paths;
  bool entry_is_called = false;     // a Call targets functions[0]
  int32_t rounding = 0;             // rt::Rounding of integers
  bool ajv_arrays = false;          // Ajv's coerceTypes "array"
  double multiple_of_bound = 0;     // rt::precision_bound of ajv.multipleOfPrecision
  std::vector<ir::Validator> validators;  // moved out of the module
  std::unordered_map<const ir::Test*, uint32_t> member_keys;  // Members tests' KeyTables, in key_words

  const char* at(Str s) const { return text.data() + s.at; }
  const rt::KeyTable* key_table(uint32_t words) const { return reinterpret_cast<const rt::KeyTable*>(&key_words[words]); }
};

// Prepares a lowered module for running; what the program needs is moved out of the module.
std::shared_ptr<const Program> prepare(ir::Module&& module);

}  // namespace sj::interp
