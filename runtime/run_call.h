// One serialize call, inline for the API (engine.cpp): on the usual path, a string reused with
// clear() that has room, the call is the window's set-up, the generated entry and the new
// length, with nothing out of line around them (a separate run_call cost ~3.5 ns of the ~10
// of a tiny call). C++23: std::string::resize_and_overwrite; include only from sources
// compiled with -std=gnu++2b.
#pragma once
#include <string>

#include "runtime/output.h"

#if !defined(__cpp_lib_string_resize_and_overwrite)
#error "runtime/run_call.h needs std::string::resize_and_overwrite (compile this file with -std=gnu++2b)"
#endif

namespace sj::rt {

// `in.entry(&ctx, in.value)` writes straight into the spare capacity of `out` when it has some (no
// copy, no zero-filling; on error the length is simply left where it was), else into this
// thread's scratch buffer, whose bytes are appended at the end. Returns null when the call
// succeeded within max_output; on failure `out` holds exactly what it held (its capacity may
// have grown) and the result, which the caller owns, holds the error the call recorded. (A
// result, not an out parameter: the caller then knows it is null on success and destroys
// nothing there. A plain pointer, not a unique_ptr: that is returned through memory, and the
// API stored a null there and read it back after CallState's destructor on every call.)
inline CallExtras* run_call(const CallSpec& spec, Input in, std::string& out) {
  size_t old = out.size();
  if (out.capacity() - old < kMinInPlace) [[unlikely]] return run_call_in_scratch(spec, in, out).release();
  SjCtx ctx;
  CallState st;
  SjStatus status;
  bool done = false;  // succeeded in place: the usual end, one test
  out.resize_and_overwrite(out.capacity(), [&](char* p, size_t n) {
    st.in_place = p + old;
    st.out = &out;
    open_window(ctx, st, spec, st.in_place, n - old);
    status = in.entry(&ctx, in.value);
    done = (status == 0) & (st.in_place != nullptr);
    // Else failed, or moved to the scratch buffer (appended by end_out_of_place).
    return done ? old + static_cast<size_t>(ctx.cur - st.in_place) : old;
  });
  if (done) [[likely]] return nullptr;
  return end_out_of_place(ctx, st, status == 0).release();
}

}  // namespace sj::rt
