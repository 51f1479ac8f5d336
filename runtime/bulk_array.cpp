// The bulk string-array serializer: the "at or above the cutoff" side of an array of plain
// strings (DESIGN.md, array strategy). It writes the same bytes the inlined loop would and
// stops at the first element that is not a string, so the loop can resume coercion there.
#include <cstring>

#include "runtime/call_state.h"
#include "runtime/dom_layout.h"
#include "runtime/escape.h"

extern "C" int64_t sj_bulk_string_array(SjCtx* ctx, const SjValue* elems, int64_t len) {
  int64_t i = 0;
  for (; i < len; ++i) {
    const SjValue& e = elems[i];
    if ((sj::dom::flags(&e) & sj::dom::kTypeMask) != sj::dom::kStringType) break;
    size_t n = e.GetStringLength();
    const char* s = e.GetString();
    // One reservation covers the comma and the worst-case escaped string; the common case of
    // a string with nothing to escape is then a single vector scan and one memcpy.
    char* p = sj::rt::ensure(ctx, sj::rt::quoted_bound(n) + 1);
    if (i) *p++ = ',';
    size_t clean = sj::rt::find_escape(s, n);
    if (clean == n) {
      *p = '"';
      std::memcpy(p + 1, s, n);
      p[n + 1] = '"';
      ctx->cur = p + n + 2;
    } else {
      ctx->cur = sj::rt::write_quoted(p, s, n);
    }
  }
  return i;
}
