// Objects (codegen_objects.cpp's counterpart): each declared member looked up at the position
// the schema predicts, then through an index of the object's declared members made on the
// first miss; written with its comma, its default or the required error; then the extra
// members in JavaScript's order. Data that is not an object is read as JavaScript reads it.
#include <vector>

#include "interp/interp.h"
#include "interp/values.h"
#include "runtime/member_index.h"
#include "runtime/model_calls.h"
#include "runtime/output.h"

namespace sj::interp {
namespace {

// Slots of the member indexes of the objects being written, innermost last: an object takes
// its slots on its first miss and gives them back when it is written. Reached by position, as
// an inner object's slots may move the storage. (Values of every model: a slot holds the
// address of a value of the run's model.)
thread_local std::vector<const void*> t_slots;

// The member index of one object being written (codegen's MemberIndex): filled on the first
// declared member that is not where the schema predicts it.
template <class M>
class MemberIndex {
 public:
  using Value = typename M::Value;
  MemberIndex(const Program& p, const ObjectOp& obj) : p_(p), obj_(obj) {}
  ~MemberIndex() {
    if (base_ != kUnfilled) t_slots.resize(base_);
  }
  MemberIndex(const MemberIndex&) = delete;
  MemberIndex& operator=(const MemberIndex&) = delete;

  // The value of declared field k of obj that was not at its predicted position.
  const Value* missed(const Value* obj, uint32_t k) {
    if (base_ == kUnfilled) {
      base_ = t_slots.size();
      t_slots.resize(base_ + obj_.fields);
      rt::index_members(obj, p_.key_table(obj_.keys), reinterpret_cast<const Value**>(t_slots.data() + base_),
                        p_.starts[obj_.starts + k]);
    }
    return static_cast<const Value*>(t_slots[base_ + k]);
  }

 private:
  static constexpr size_t kUnfilled = SIZE_MAX;
  const Program& p_;
  const ObjectOp& obj_;
  size_t base_ = kUnfilled;
};

}  // namespace

// A member that has no slot in an index (required names not in properties, validators'
// properties): the predicted position, then a scan for the last member of that name.
template <class M>
auto Run<M>::lookup(const Value* obj, bool is_obj, const std::string& name, int predicted) -> const Value* {
  if (is_obj && static_cast<uint32_t>(predicted) < M::count(obj)) {
    const typename M::Member* m = typename M::MemberAt(obj)(static_cast<uint32_t>(predicted));
    if (M::name(m).size() == name.size() && rt::same_bytes(M::name(m).data(), name.data(), name.size()))
      return M::value(m);
  }
  return rt::find_member(obj, name.data(), static_cast<int64_t>(name.size()));
}

template <class M>
SjStatus Run<M>::emit_object(const Op& op, const Value* v) {
  const ObjectOp& obj = p_.objects[op.target];
  model::Kind type = M::kind(v);
  const Value* given = v;  // the data; v becomes a string's or an array's object
  bool is_obj = type == model::Object;
  if (!is_obj) {
    if (type == model::Null) {  // null prints {} (nullable was handled before)
      literal("{}", 2);
      return 0;
    }
    if (obj.view.needed) {  // every other value reads as having no members unless the schema asks
      v = rt::object_view(ctx_, v, obj.view.limit, obj.view.flags);
      if (!v) return 1;
      is_obj = v != given;  // a new object, or the data itself (no members)
    }
  }
  for (uint32_t i = obj.first_required; i < obj.first_required + obj.required; ++i) {
    Str name = p_.names[i];
    const char* text = p_.at(name);
    bool absent = !rt::find_member(v, text, name.size);  // predicted at 0, which a scan finds too
    // A string's or an array's length is there, though its object lists it only when declared.
    if (name.size == 6 && std::memcmp(text, "length", 6) == 0 && v != given) absent = false;
    if (absent) return sj_error_required(ctx_, text, name.size, path(op));
  }
  byte('{');
  bool comma = false;  // whether a comma is due before the next member
  MemberIndex<M> index(p_, obj);
  uint32_t count = is_obj ? M::count(v) : 0;
  typename M::MemberAt member(v);
  const char* text = p_.text.data();
  for (uint32_t k = 0; k < obj.fields; ++k) {
    const FieldOp& f = p_.fields[obj.first_field + k];
    const Value* m = nullptr;
    if (f.predicted < count) {
      const typename M::Member* at = member(f.predicted);
      if (f.named(*M::key(at), text)) m = M::value(at);
    }
    if (!m) m = obj.indexed ? index.missed(v, k) : rt::find_member(v, text + f.named.name.at, f.named.name.size);
    if (!m && !f.default_json.size) {
      if (f.required) return sj_error_required(ctx_, text + f.named.name.at, f.named.name.size, path(op));
      continue;
    }
    key(text + f.comma_key.at + !comma, f.comma_key.size - !comma);
    comma = true;
    if (!m) literal(f.default_json);
    else if (emit(*f.value_op, m)) return 1;
  }
  if (obj.prints_extras && is_obj && emit_extras(obj, v, comma)) return 1;
  byte('}');
  return 0;
}

// Members not declared in properties, in JavaScript's enumeration order (spec §5.1): the
// first patternProperties regex that occurs in the key gives the schema; otherwise
// additionalProperties does (true: raw, a schema, or false/absent: dropped).
template <class M>
SjStatus Run<M>::emit_extras(const ObjectOp& obj, const Value* v, bool& comma) {
  const uint32_t* order = rt::member_order(ctx_, v);
  uint32_t count = order ? order[0] : M::count(v);
  typename M::MemberAt members(v);
  const rt::KeyTable* keys = p_.key_table(obj.keys);
  for (uint32_t k = 0; k < count; ++k) {
    const typename M::Member* m = members(order ? order[k + 1] : k);
    const char* key = M::name(m).data();
    int64_t len = static_cast<int64_t>(M::name(m).size());
    if (sj_key_declared(keys, key, len)) continue;
    uint32_t schema = kNone;
    bool printed = false;
    for (uint32_t i = obj.first_pattern; i < obj.first_pattern + obj.patterns; ++i) {
      const PatternOp& pattern = p_.patterns[i];
      if (!pattern.first.may_start(key, static_cast<size_t>(len))) continue;
      int32_t found = sj_pattern_search(ctx_, pattern.index, key, len, p_.at(pattern.path));
      if (found == 2) return 1;  // a limit: the error is recorded
      if (found) {
        schema = pattern.value;
        printed = true;
        break;
      }
    }
    if (!printed) {
      if (obj.extras == ir::Extras::Drop) continue;
      schema = obj.extras_schema;  // kNone for Extras::Raw
    }
    if (comma) byte(',');
    comma = true;
    sj_write_string(ctx_, key, len);
    byte(':');
    if (emit_or_raw(schema, M::value(m))) return 1;
  }
  return 0;
}

#define SJ_INSTANCE(M)                                                                          \
  template SjStatus Run<M>::emit_object(const Op&, const M::Value*);                            \
  template SjStatus Run<M>::emit_extras(const ObjectOp&, const M::Value*, bool&);               \
  template const M::Value* Run<M>::lookup(const M::Value*, bool, const std::string&, int);
SJ_INTERP_MODELS(SJ_INSTANCE)
#undef SJ_INSTANCE

}  // namespace sj::interp
