// The interpreter's program: an IR module prepared once for running, node by node, without a
// compiler. Each IR node gets an Op holding what the run needs at hand (the key literals with
// and without their comma, an object's table of declared names, an array's bulk kernel and
// cutoff, a select's way of running its validators), and points back at its IR node for the
// rest. Built by prepare() from a lowered module, which it keeps.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/analysis.h"
#include "ir/ir.h"
#include "runtime/abi.h"
#include "runtime/member_index.h"

namespace sj::interp {

// A KeyTable (runtime/member_index.h) laid out in memory, as the code generator lays one out
// as a constant.
class KeyTableStorage {
 public:
  KeyTableStorage() = default;
  explicit KeyTableStorage(const std::vector<std::string>& names);
  // Moves keep the names' buffer, which the entries point into; a copy would not.
  KeyTableStorage(KeyTableStorage&&) = default;
  KeyTableStorage& operator=(KeyTableStorage&&) = default;
  KeyTableStorage(const KeyTableStorage&) = delete;
  KeyTableStorage& operator=(const KeyTableStorage&) = delete;
  const rt::KeyTable* table() const { return reinterpret_cast<const rt::KeyTable*>(words_.data()); }

 private:
  std::vector<std::string> names_;  // the entries point into these
  std::vector<uint64_t> words_;     // KeyTable header, then its entries
};

struct Op;

struct FieldOp {
  const ir::Field* field;
  std::string key;        // key_literal: "\"name\":"
  std::string comma_key;  // ",\"name\":"
  const Op* value;
};

struct PatternOp {
  int index;        // into the module's patterns
  const Op* value;  // null: the member is printed raw
};

struct TupleOp {
  uint8_t guard;
  const Op* value;
};

struct ChoiceOp {
  int validator;  // -1: always taken
  const Op* value;
};

using BulkKernel = int64_t (*)(SjCtx*, const SjValue*, int64_t);

struct Op {
  const ir::Node* node;
  ir::Kind kind;
  bool null_first = false;  // nullable, and the kind does not print null itself
  // Object
  std::vector<FieldOp> fields;
  std::vector<PatternOp> patterns;
  const Op* extras_schema = nullptr;  // Extras::Schema
  bool extras = false;                // extra members are printed (additionalProperties, patternProperties)
  bool indexed = false;               // ir::indexes_members
  std::vector<int> starts;            // ir::index_starts
  KeyTableStorage keys;               // the declared names (indexed or extras)
  ir::ObjectView view;
  // Array
  const Op* items = nullptr;
  std::vector<TupleOp> tuple;
  int64_t cutoff = INT64_MAX;  // Cutoffs::kNever: the loop only
  BulkKernel bulk = nullptr;
  int64_t large_size = 0;      // large_as_json: arrays this long are printed raw
  // TypeSwitch
  std::vector<const Op*> branches;
  // Select
  std::vector<ChoiceOp> choices;
  ir::SelectWrites writes;
};

struct Program {
  std::shared_ptr<const ir::Module> module;
  std::vector<const Op*> functions;  // the body of each IR function
  std::deque<Op> ops;                // every Op, at a stable address
  // The declared names of the validators' Members tests (sj_key_declared's table).
  std::unordered_map<const ir::Test*, KeyTableStorage> member_keys;
  double multiple_of_bound = 0;  // rt::precision_bound of ajv.multipleOfPrecision
};

// Prepares a lowered module for running. The module is kept by the program.
std::shared_ptr<const Program> prepare(std::shared_ptr<const ir::Module> module);

}  // namespace sj::interp
