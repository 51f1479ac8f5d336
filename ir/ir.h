// The IR: what a compiled serializer does, independent of LLVM. A Module holds functions
// (one per $ref target, so recursive schemas are calls, not infinite inlining); each
// function body is a tree of Nodes. The printer (printer.h) renders it for schemajit-dump.
#pragma once
#include <cstdint>
#include <climits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/options.h"
#include "runtime/pattern.h"

namespace sj::ir {

enum class Kind {
  Generic,     // JSON.stringify of whatever is there (untyped schema, boolean schema)
  String,      // type: string (with format)
  Number,      // type: number
  Integer,     // type: integer (rounding)
  Boolean,     // type: boolean
  Null,        // type: null: always prints null
  Const,       // const: always prints its literal when the value is present
  Object,      // type: object
  Array,       // type: array with an item schema
  TypeSwitch,  // type: [...]: first branch whose guard accepts the value
  Call,        // a function of the module ($ref target)
  Select,      // anyOf / oneOf / if-then-else: the first choice whose validator passes
};

enum class StringFormat { None = 0, DateTime = 1, Date = 2, Time = 3, Unsafe = 4 };  // = rt::StringFormat
enum class Extras { Drop, Raw, Schema };  // additionalProperties false/absent, true, schema
// Loop: the inlined loop only. Bulk*: the seed's length branch in front of the loop.
// BulkNumberArrays: items that are themselves BulkNumber arrays (coordinates, matrices).
enum class ArrayStrategy { Loop, BulkString, BulkNumber, BulkInteger, BulkNumberArrays };

struct Node;
using NodePtr = std::unique_ptr<Node>;

// ---- validation: what decides an anyOf/oneOf branch or an if (spec §8.2) -------------------
// A validator is a JSON Schema (draft-07, as Ajv checks it) lowered to a tree of Tests that
// generated code evaluates, leaving at the first test that fails. Tests that only apply to
// one kind of value (minLength to strings, required to objects) pass on other kinds.
enum TypeBit : uint8_t {
  kTypeNull = 1, kTypeBoolean = 2, kTypeObject = 4, kTypeArray = 8, kTypeNumber = 16, kTypeInteger = 32,
  kTypeString = 64,
};

enum class TestKind {
  Never,         // the schema false
  Type,          // the value's type is in `mask` (TypeBit)
  Coerce,        // Type under Ajv's coerceTypes: else the value is converted in place by `plan`
                 // (rt::coercion_plan: the types to try, in the keyword's order)
  Equal,         // const: deep-equal to constants[indices[0]]; enum: to one of constants[indices]
  Required,      // objects: every name in `names` is a member
  Properties,    // objects: each of `names` that is present passes children[i]
  Members,       // objects: every member key passes `key_test` (propertyNames); members whose
                 // key matches patterns[i] pass children[i]; the others, unless in `names`,
                 // pass `rest` (additionalProperties; null: no constraint), or are deleted
                 // (`removal`, Ajv's removeAdditional)
  Defaults,      // Ajv's useDefaults: objects (mask kTypeObject) get member names[i], arrays
                 // (kTypeArray) position names[i], as constants[indices[i]] where absent (`index`
                 // 1: also where null or "")
  Dependencies,  // objects: when names[i] is present, children[i] passes on the object
  Items,         // arrays: children are the tuple positions (one list schema: `rest` only);
                 // elements past them pass `rest` (null: no constraint)
  Contains,      // arrays: some element passes children[0]
  Unique,        // arrays: no two elements are deep-equal
  Count,         // arrays / objects (`mask`): lo <= length <= hi
  Length,        // strings: lo <= code points <= hi
  Range,         // numbers: compared with `number` by `op`
  MultipleOf,    // numbers: value / number is an integer
  Pattern,       // strings: every patterns[indices[i]] occurs (ECMAScript with the u flag)
  Format,        // strings: ajv-formats' coded check `index` (rt::CodedFormat) named `text`
  Not, AllOf, AnyOf, OneOf,  // children
  IfThenElse,    // children: if, then, else (then/else may be null)
  Call,          // validators[index] (a $ref target; lets recursive schemas recurse)
  Throw,         // Ajv refuses the schema: the call fails with `text` as its message
};
enum class RangeOp { Ge, Gt, Le, Lt };

struct Test;
using TestPtr = std::unique_ptr<Test>;
struct Test {
  TestKind kind = TestKind::Never;
  uint8_t mask = 0;
  std::vector<int> indices;          // Equal: constants; Pattern / Members: patterns; Required /
                                     // Properties / Dependencies: each name's predicted position
  std::vector<std::string> names;
  std::vector<TestPtr> children;
  TestPtr key_test, rest;
  int64_t lo = 0, hi = INT64_MAX;
  double number = 0;
  RangeOp op = RangeOp::Ge;
  std::string text;                  // Format: the format's name; Throw: the message; Pattern,
                                     // Members: the schema location a search that runs out of
                                     // its limits fails with
  int index = -1;
  uint64_t plan = 0;                 // Coerce
  enum class Removal : uint8_t { None, Every, Failing };
  Removal removal = Removal::None;   // Members: the members `rest` covers are deleted (Every), or
                                     // those that fail it (Failing) instead of failing the test
  // Members with `rest` and no patterns or key_test, when every declared name is also required
  // (a Required test earlier in the same list has passed): how many distinct names `names`
  // holds. An object with exactly that many members has no member left for `rest`, so the
  // pass over them is skipped. -1 otherwise.
  int64_t declared_count = -1;
};

struct Validator {
  std::string path;  // the schema location it checks
  TestPtr body;      // all of these must pass
};

// One way out of a Select: taken when validators[validator] passes (-1: always).
struct Choice {
  int validator = -1;
  NodePtr value;
};

struct Field {
  std::string name;                 // the member name looked up in the input
  std::string key_literal;          // JSON(name) + ":" escaped at compile time
  NodePtr value;
  bool required = false;
  std::optional<std::string> default_json;  // printed verbatim when the member is missing
  int predicted_index = 0;          // where the member sits when the input follows the schema
};

struct PatternField {
  int index = 0;          // into Module::patterns, the table generated code searches with
  std::string source;     // the regex as written in the schema
  std::string path;       // "#/.../patternProperties": where a search that runs out of its limits fails
  NodePtr value;          // null: the member is printed raw
};

// The type guard a tuple item must pass before it is serialized (spec §6.2): bits of the
// kinds of value it accepts. Unlike type-array guards, "string" also accepts arrays and null,
// "number" only finite numbers, "object" only objects without an own "constructor" member.
enum TupleGuard : uint8_t {
  kGuardNull = 1, kGuardString = 2, kGuardInteger = 4, kGuardNumber = 8, kGuardBoolean = 16,
  kGuardObject = 32, kGuardArray = 64,  // 0: the item has no type, so no value passes
};

struct TupleItem {
  uint8_t guard = 0;  // TupleGuard bits
  NodePtr value;
};

struct Node {
  Kind kind = Kind::Generic;
  std::string path;                 // schema location for errors: "#/properties/a"
  bool nullable = false;            // null prints null (nullable: true, or "null" in a type array)

  StringFormat format = StringFormat::None;      // String
  std::string literal;                           // Const: JSON text
  std::vector<Field> fields;                     // Object, in output order (required first)
  std::vector<std::string> required_elsewhere;   // Object: required names not in properties
  std::vector<PatternField> patterns;            // Object: patternProperties, in JS key order
  Extras extras = Extras::Drop;                  // Object
  NodePtr extras_schema;                         // Object, Extras::Schema
  NodePtr items;                                 // Array; null = elements printed raw
  bool is_tuple = false;                         // Array: items is an array of schemas
  std::vector<TupleItem> tuple;                  // Array, tuple: one per position
  bool additional_items = false;                 // Array, tuple: extra elements printed raw
  ArrayStrategy strategy = ArrayStrategy::Loop;  // Array
  bool large_as_json = false;                    // Array: largeArrayMechanism json-stringify
  std::vector<NodePtr> branches;                 // TypeSwitch, in test order
  int callee = -1;                               // Call
  std::vector<Choice> choices;                   // Select, in test order; none taken: error
};

struct Function {
  std::string path;  // the schema location it serializes
  NodePtr body;
};

struct Module {
  std::vector<Function> functions;  // functions[0] is the entry point
  bool entry_is_called = false;      // a Call targets functions[0] (the root schema recurses)
  std::vector<Validator> validators;
  std::vector<std::shared_ptr<const rt::Pattern>> patterns;  // patternProperties and validation regexes
  std::vector<std::string> constants;  // JSON texts of const / enum values validators compare with
  size_t node_count = 0;               // serializer nodes, a measure of the code to generate
  Options options;

  // Code generation time grows with the module (~2 ms per member at optLevel 1, ~0.5 ms at
  // 0), so schemas beyond this many nodes are compiled at level 0 whatever the option says.
  static constexpr size_t kLargeModuleNodes = 2000;
  int effective_opt_level() const { return node_count > kLargeModuleNodes ? 0 : options.opt_level; }
};

const char* kind_name(Kind k);
const char* strategy_name(ArrayStrategy s);
// The length from which an array of this strategy takes its bulk path (kNever for Loop).
int64_t bulk_cutoff(const Options& o, ArrayStrategy s);

}  // namespace sj::ir
