// The output buffer is the caller's std::string itself: generated code writes between
// ctx.cur and ctx.end, which lie inside the string's (resized) storage, and the string is
// trimmed once at the end. On error it is resized back to where it began, so the caller's
// bytes before `base` are never touched.
#include <algorithm>

#include "runtime/call_state.h"

namespace sj::rt {

void begin_call(SjCtx& ctx, CallState& st, std::string& out, size_t hint, int32_t max_depth) {
  st.out = &out;
  st.base = out.size();
  out.resize(st.base + std::max<size_t>(hint, 64));
  ctx.cur = out.data() + st.base;
  ctx.end = out.data() + out.size();
  ctx.depth = 0;
  ctx.max_depth = max_depth;
  ctx.state = &st;
}

void end_call(SjCtx& ctx, CallState& st, bool ok) {
  st.out->resize(ok ? static_cast<size_t>(ctx.cur - st.out->data()) : st.base);
  ctx.cur = ctx.end = nullptr;
}

SjStatus fail(SjCtx* ctx, std::string message, const char* path) {
  CallState& st = state(ctx);
  if (st.message.empty()) {  // the first failure is the one reported
    st.message = std::move(message);
    st.path = path ? path : "";
  }
  return 1;
}

}  // namespace sj::rt

extern "C" void sj_reserve(SjCtx* ctx, int64_t n) {
  auto& st = sj::rt::state(ctx);
  std::string& out = *st.out;
  size_t used = static_cast<size_t>(ctx->cur - out.data());
  size_t want = used + static_cast<size_t>(n);
  if (want <= out.size()) return;
  out.resize(std::max(want, out.size() * 2));
  ctx->cur = out.data() + used;
  ctx->end = out.data() + out.size();
}
