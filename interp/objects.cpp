// Objects (codegen_objects.cpp's counterpart): each declared member looked up at the position
// the schema predicts, then through an index of the object's declared members made on the
// first miss; written with its comma, its default or the required error; then the extra
// members in JavaScript's order. Data that is not an object is read as JavaScript reads it.
#include <vector>

#include "interp/interp.h"
#include "interp/values.h"
#include "runtime/member_index.h"
#include "runtime/output.h"

namespace sj::interp {
namespace {

// Slots of the member indexes of the objects being written, innermost last: an object takes
// its slots on its first miss and gives them back when it is written. Reached by position, as
// an inner object's slots may move the storage.
thread_local std::vector<const SjValue*> t_slots;

// The member index of one object being written (codegen's MemberIndex): filled on the first
// declared member that is not where the schema predicts it.
class MemberIndex {
 public:
  explicit MemberIndex(const Op& op) : op_(op) {}
  ~MemberIndex() {
    if (base_ != kUnfilled) t_slots.resize(base_);
  }
  MemberIndex(const MemberIndex&) = delete;
  MemberIndex& operator=(const MemberIndex&) = delete;

  // The value of declared field k of obj that was not at its predicted position.
  const SjValue* missed(const SjValue* obj, size_t k) {
    if (base_ == kUnfilled) {
      base_ = t_slots.size();
      t_slots.resize(base_ + op_.fields.size());
      sj_index_members(obj, op_.keys.table(), t_slots.data() + base_, op_.starts[k]);
    }
    return t_slots[base_ + k];
  }

 private:
  static constexpr size_t kUnfilled = SIZE_MAX;
  const Op& op_;
  size_t base_ = kUnfilled;
};

// Whether member m's name is name[0, n).
bool named(const SjValue::Member& m, const char* name, size_t n) {
  return m.name.GetStringLength() == n && rt::same_bytes(m.name.GetString(), name, n);
}

// The member at the predicted position when it has the name, else null (and *probed false
// when there was no member at that position to compare).
const SjValue* at_predicted(const SjValue* obj, bool is_obj, int predicted, const std::string& name) {
  if (!is_obj || static_cast<uint32_t>(predicted) >= obj->MemberCount()) return nullptr;
  const SjValue::Member& m = obj->MemberBegin()[predicted];
  return named(m, name.data(), name.size()) ? &m.value : nullptr;
}

}  // namespace

// A member that has no slot in an index (required names not in properties, validators'
// properties): the predicted position, then a scan for the last member of that name.
const SjValue* Run::lookup(const SjValue* obj, bool is_obj, const std::string& name, int predicted) {
  if (const SjValue* hit = at_predicted(obj, is_obj, predicted, name)) return hit;
  return sj_find_member(obj, name.data(), static_cast<int64_t>(name.size()));
}

SjStatus Run::emit_object(const Op& op, const SjValue* v) {
  const ir::Node& n = *op.node;
  uint16_t type = type_of(v);
  const SjValue* given = v;  // the data; v becomes a string's or an array's object
  bool is_obj = type == dom::kObjectType;
  if (!is_obj) {
    if (type == dom::kNullType) {  // null prints {} (nullable was handled before)
      literal("{}", 2);
      return 0;
    }
    if (op.view.needed) {  // every other value reads as having no members unless the schema asks
      v = sj_object_view(ctx_, v, op.view.limit, op.view.flags);
      if (!v) return 1;
      is_obj = v != given;  // a new object, or the data itself (no members)
    }
  }
  for (const auto& name : n.required_elsewhere) {
    bool absent = !lookup(v, is_obj, name, 0);
    // A string's or an array's length is there, though its object lists it only when declared.
    if (name == "length" && v != given) absent = false;
    if (absent) return sj_error_required(ctx_, name.data(), static_cast<int64_t>(name.size()), n.path.c_str());
  }
  literal("{", 1);
  bool comma = false;  // whether a comma is due before the next member
  MemberIndex index(op);
  for (size_t k = 0; k < op.fields.size(); ++k) {
    const FieldOp& f = op.fields[k];
    const ir::Field& field = *f.field;
    const SjValue* m = at_predicted(v, is_obj, field.predicted_index, field.name);
    if (!m) {
      if (op.indexed) m = index.missed(v, k);
      else m = sj_find_member(v, field.name.data(), static_cast<int64_t>(field.name.size()));
    }
    if (!m) {
      if (field.default_json) {
        literal(comma ? f.comma_key : f.key);
        literal(*field.default_json);
        comma = true;
      } else if (field.required) {
        return sj_error_required(ctx_, field.name.data(), static_cast<int64_t>(field.name.size()), n.path.c_str());
      }
      continue;
    }
    literal(comma ? f.comma_key : f.key);
    comma = true;
    if (emit(*f.value, m)) return 1;
  }
  if (op.extras && is_obj && emit_extras(op, v, comma)) return 1;
  literal("}", 1);
  return 0;
}

// Members not declared in properties, in JavaScript's enumeration order (spec §5.1): the
// first patternProperties regex that occurs in the key gives the schema; otherwise
// additionalProperties does (true: raw, a schema, or false/absent: dropped).
SjStatus Run::emit_extras(const Op& op, const SjValue* v, bool& comma) {
  const uint32_t* order = sj_member_order(ctx_, v);
  uint32_t count = order ? order[0] : v->MemberCount();
  auto members = v->MemberBegin();
  for (uint32_t k = 0; k < count; ++k) {
    const SjValue::Member& m = members[order ? order[k + 1] : k];
    const char* key = m.name.GetString();
    int64_t len = m.name.GetStringLength();
    if (sj_key_declared(op.keys.table(), key, len)) continue;
    const Op* schema = nullptr;
    bool printed = false;
    for (const PatternOp& p : op.patterns)
      if (sj_pattern_search(ctx_, p.index, key, len)) {
        schema = p.value;
        printed = true;
        break;
      }
    if (!printed) {
      if (op.node->extras == ir::Extras::Drop) continue;
      schema = op.extras_schema;  // null for Extras::Raw
    }
    if (comma) literal(",", 1);
    comma = true;
    sj_write_string(ctx_, key, len);
    literal(":", 1);
    if (emit_or_raw(schema, &m.value)) return 1;
  }
  return 0;
}

}  // namespace sj::interp
