// Strings, numbers and integers (codegen_strings.cpp's and codegen_numbers.cpp's
// counterparts): a value of the schema's type goes to the runtime's writers directly, the others
// to the coercions of spec §4, which write values of the type as the direct paths do. Inline,
// for interp.cpp's dispatch alone: half the values of a document are scalars, and a call of
// their own was a tenth of the interpreter's time on citm_catalog.
#pragma once
#include "interp/interp.h"
#include "interp/values.h"
#include "runtime/escape.h"
#include "runtime/model_calls.h"
#include "runtime/number_text.h"
#include "runtime/output.h"

namespace sj::interp {

template <class M>
inline SjStatus Run<M>::emit_string(const Op& op, const Value* v) {
  if (M::kind(v) != model::String) return rt::coerce_string(ctx_, v, static_cast<int32_t>(op.format), path(op));
  if (op.format == ir::StringFormat::Unsafe || M::unescaped(v))
    sj_write_unsafe_string(ctx_, M::str(v), static_cast<int64_t>(M::len(v)));
  else sj_write_string(ctx_, M::str(v), static_cast<int64_t>(M::len(v)));
  return 0;
}

// NaN (a DOM can hold it as a double) is an error under type number: the direct path takes
// integers and doubles that are not NaN.
template <class M>
inline SjStatus Run<M>::emit_number(const Op& op, const Value* v) {
  if (!plain_number<M>(v)) return rt::coerce_number(ctx_, v, path(op));
  ctx_->cur = M::number_text(rt::ensure(ctx_, rt::kMaxDoubleText), v);
  return 0;
}

template <class M>
inline SjStatus Run<M>::emit_integer(const Op& op, const Value* v) {
  if (!M::is_exact(v)) return rt::coerce_integer(ctx_, v, p_.rounding, path(op));
  ctx_->cur = M::integer_text(rt::ensure(ctx_, rt::kMaxIntText), v);
  return 0;
}

}  // namespace sj::interp
