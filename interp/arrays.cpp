// Arrays (codegen_arrays.cpp's counterpart): the seed's length branch between the bulk kernel
// and the per-item loop (miss and resume), tuples with their guards, largeArrayMechanism
// json-stringify.
#include <type_traits>

#include "interp/interp.h"
#include "interp/values.h"
#include "runtime/model_calls.h"
#include "runtime/output.h"

namespace sj::interp {
namespace {

// Whether a tuple item passes its guard (spec §6.2; codegen's tuple_guard).
template <class M>
bool tuple_guard(uint8_t g, const typename M::Value* v) {
  model::Kind type = M::kind(v);
  bool null = type == model::Null;
  if ((g & ir::kGuardNull) && null) return true;
  if ((g & ir::kGuardString) && (type == model::String || null || type == model::Array)) return true;
  if ((g & ir::kGuardInteger) && integral<M>(v)) return true;
  if ((g & ir::kGuardNumber) && finite_number<M>(v)) return true;
  if ((g & ir::kGuardBoolean) && (type == model::True || type == model::False)) return true;
  if ((g & ir::kGuardArray) && type == model::Array) return true;
  // JavaScript checks obj.constructor === Object: an own "constructor" member fails.
  if ((g & ir::kGuardObject) && type == model::Object && !rt::find_member(v, "constructor", 11)) return true;
  return false;
}

// The array's bulk kernel for the model, from the cutoff on: writes the leading run of plain
// items from `e` and returns its length, `e` moved past it; -1 when there is none to run.
template <class M>
int64_t bulk(const Op& op, SjCtx* ctx, const typename M::Value*& e, int64_t len) {
  if (len < op.cutoff) return -1;
  if constexpr (std::is_same_v<M, model::RapidJson>) {
    if (!op.bulk) return -1;
    int64_t resume = op.bulk(ctx, e, len);
    e += resume;  // RapidJSON's elements are an array
    return resume;
  } else {
    return op.yyjson_bulk ? op.yyjson_bulk(ctx, e, len, &e) : -1;
  }
}

}  // namespace

template <class M>
SjStatus Run<M>::emit_array(const Op& op, const Value* v) {
  model::Kind type = M::kind(v);
  if (type != model::Array) {
    if (type != model::Null) return sj_error_mismatch(ctx_, path(op));
    literal("[]", 2);
    return 0;
  }
  int64_t len = M::size(v);
  // A tuple without additionalItems rejects longer arrays before anything else (§6.2).
  if (op.is_tuple && !op.additional_items && len > static_cast<int64_t>(op.count))
    return sj_error_item(ctx_, static_cast<int64_t>(op.count), path(op));
  // largeArrayMechanism json-stringify: a large array is printed raw (spec §14.1).
  if (op.large_as_json && len >= op.large_size) return rt::write_generic(ctx_, v);
  byte('[');
  const Value* e = M::first(v);  // the item at `i` below
  int64_t i = 0;
  if (op.is_tuple) {
    for (; i < static_cast<int64_t>(op.count) && i < len; ++i, e = M::next(e)) {
      const TupleOp& item = p_.tuple[op.first + i];
      if (i) byte(',');
      if (!tuple_guard<M>(item.guard, e)) return sj_error_item(ctx_, i, path(op));
      if (emit(item.value, e)) return 1;
    }
    // what follows: the extra items, raw
  }
  // The seed's length branch: at or above the cutoff the bulk kernel writes the leading run of
  // plain items and returns where the loop resumes (the first miss, or len).
  if (int64_t resume = bulk<M>(op, ctx_, e, len); resume >= 0) {
    i = resume;
    if (!op.is_tuple && resume != 0) byte(',');
  }
  if (op.is_tuple) {
    for (; i < len; ++i, e = M::next(e)) {
      if (i) byte(',');
      if (rt::write_generic(ctx_, e)) return 1;
    }
  } else {
    // Every item is followed by a comma, the last one taken back (as generated code writes
    // them, with the item's last bytes).
    for (; i < len; ++i, e = M::next(e)) {
      if (op.items ? emit(*op.items, e) : rt::write_generic(ctx_, e)) return 1;
      byte(',');
    }
    if (len != 0) --ctx_->cur;
  }
  byte(']');
  return 0;
}

#define SJ_INSTANCE(M) template SjStatus Run<M>::emit_array(const Op&, const M::Value*);
SJ_INTERP_MODELS(SJ_INSTANCE)
#undef SJ_INSTANCE

}  // namespace sj::interp
