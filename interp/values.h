// The number predicates the interpreter's type guards and validators share, for values of
// any input model (codegen_numbers.cpp's number_where, is_finite, integral).
#pragma once
#include <cmath>

#include "runtime/input_model.h"

namespace sj::interp {

// An exact integer (int64/uint64), or a double for which `test` holds.
template <class M, class DoubleTest>
bool number_where(const typename M::Value* v, DoubleTest test) {
  if (M::is_exact(v)) return true;
  return M::is_number(v) && test(M::as_double(v));
}
// A number that is not NaN: what `type: number` writes without a coercion.
template <class M>
bool plain_number(const typename M::Value* v) {
  return number_where<M>(v, [](double d) { return d == d; });
}
// Number.isFinite.
template <class M>
bool finite_number(const typename M::Value* v) {
  return number_where<M>(v, [](double d) { return d - d == 0; });
}
// Number.isInteger.
template <class M>
bool integral(const typename M::Value* v) {
  return number_where<M>(v, [](double d) { return std::trunc(d) == d && d - d == 0; });
}

}  // namespace sj::interp
