// Arrays (codegen_arrays.cpp's counterpart): the seed's length branch between the bulk kernel
// and the per-item loop (miss and resume), tuples with their guards, largeArrayMechanism
// json-stringify.
#include "interp/interp.h"
#include "interp/values.h"
#include "runtime/output.h"

namespace sj::interp {
namespace {

// Whether a tuple item passes its guard (spec §6.2; codegen's tuple_guard).
bool tuple_guard(uint8_t g, const SjValue* v) {
  uint16_t type = type_of(v);
  bool null = type == dom::kNullType;
  if ((g & ir::kGuardNull) && null) return true;
  if ((g & ir::kGuardString) && (type == dom::kStringType || null || type == dom::kArrayType)) return true;
  if ((g & ir::kGuardInteger) && integral(v)) return true;
  if ((g & ir::kGuardNumber) && finite_number(v)) return true;
  if ((g & ir::kGuardBoolean) && (type == dom::kTrueType || type == dom::kFalseType)) return true;
  if ((g & ir::kGuardArray) && type == dom::kArrayType) return true;
  // JavaScript checks obj.constructor === Object: an own "constructor" member fails.
  if ((g & ir::kGuardObject) && type == dom::kObjectType && !sj_find_member(v, "constructor", 11)) return true;
  return false;
}

}  // namespace

SjStatus Run::emit_array(const Op& op, const SjValue* v) {
  uint16_t type = type_of(v);
  if (type != dom::kArrayType) {
    if (type != dom::kNullType) return sj_error_mismatch(ctx_, path(op));
    literal("[]", 2);
    return 0;
  }
  int64_t len = v->Size();
  const SjValue* elems = v->Begin();
  // A tuple without additionalItems rejects longer arrays before anything else (§6.2).
  if (op.is_tuple && !op.additional_items && len > static_cast<int64_t>(op.count))
    return sj_error_item(ctx_, static_cast<int64_t>(op.count), path(op));
  // largeArrayMechanism json-stringify: a large array is printed raw (spec §14.1).
  if (op.large_as_json && len >= op.large_size) return sj_write_generic(ctx_, v);
  byte('[');
  int64_t start = 0;
  if (op.is_tuple) {
    for (uint32_t i = 0; i < op.count && static_cast<int64_t>(i) < len; ++i) {
      const TupleOp& item = p_.tuple[op.first + i];
      if (i) byte(',');
      if (!tuple_guard(item.guard, elems + i)) return sj_error_item(ctx_, static_cast<int64_t>(i), path(op));
      if (emit(item.value, elems + i)) return 1;
    }
    start = static_cast<int64_t>(op.count);  // what follows: the extra items, raw
  }
  // The seed's length branch: at or above the cutoff the bulk kernel writes the leading run of
  // plain items and returns where the loop resumes (the first miss, or len).
  if (op.bulk && len >= op.cutoff) {
    start = op.bulk(ctx_, elems, len);
    if (!op.is_tuple && start != 0) byte(',');
  }
  if (op.is_tuple) {
    for (int64_t i = start; i < len; ++i) {
      if (i) byte(',');
      if (sj_write_generic(ctx_, elems + i)) return 1;
    }
  } else {
    // Every item is followed by a comma, the last one taken back (as generated code writes
    // them, with the item's last bytes).
    for (int64_t i = start; i < len; ++i) {
      if (op.items ? emit(*op.items, elems + i) : sj_write_generic(ctx_, elems + i)) return 1;
      byte(',');
    }
    if (len != 0) --ctx_->cur;
  }
  byte(']');
  return 0;
}

}  // namespace sj::interp
