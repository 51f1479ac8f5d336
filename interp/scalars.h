// Strings, numbers and integers (codegen_strings.cpp's and codegen_numbers.cpp's
// counterparts): a value of the schema's type goes to the runtime's writers directly, the others
// to the coercions of spec §4, which write values of the type as the direct paths do. Inline,
// for interp.cpp's dispatch alone: half the values of a document are scalars, and a call of
// their own was a tenth of the interpreter's time on citm_catalog.
#pragma once
#include "interp/interp.h"
#include "interp/values.h"
#include "runtime/escape.h"
#include "runtime/number_text.h"
#include "runtime/output.h"

namespace sj::interp {

inline SjStatus Run::emit_string(const Op& op, const SjValue* v) {
  if (!is_type(v, dom::kStringType)) return sj_coerce_string(ctx_, v, static_cast<int32_t>(op.format), path(op));
  if (op.format == ir::StringFormat::Unsafe) sj_write_unsafe_string(ctx_, string_data(v), string_length(v));
  else sj_write_string(ctx_, string_data(v), string_length(v));
  return 0;
}

// NaN (a DOM can hold it as a double) is an error under type number: the direct path takes
// integers and doubles that are not NaN.
inline SjStatus Run::emit_number(const Op& op, const SjValue* v) {
  if (!plain_number(v)) return sj_coerce_number(ctx_, v, path(op));
  ctx_->cur = sj_number_text(rt::ensure(ctx_, rt::kMaxDoubleText), v);
  return 0;
}

inline SjStatus Run::emit_integer(const Op& op, const SjValue* v) {
  if (!has_flag(v, dom::kInt64Flag | dom::kUint64Flag))
    return sj_coerce_integer(ctx_, v, p_.rounding, path(op));
  ctx_->cur = sj_integer_text(rt::ensure(ctx_, rt::kMaxIntText), v);
  return 0;
}

}  // namespace sj::interp
