// The loops the bulk array serializers share across input models (bulk_array.cpp reads
// RapidJSON values, yyjson_bulk.cpp yyjson's): the cursor's room, a flat run of numbers, and
// arrays of number arrays. A model gives the element type and three functions of an element's tag word (its
// RapidJSON flags, its yyjson tag): the tag, whether the element is plain, and its text.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "runtime/escape_kernels.h"
#include "runtime/number_text.h"
#include "runtime/output.h"

namespace sj::rt::bulk {

constexpr size_t kRoom = kMaxDoubleText + 1;  // a comma and the longest number text

// p, with `need` bytes of room after it: the cursor stays in a register and the window's end
// is compared here; ctx learns the cursor only for the call that makes room (the window full).
SJ_INLINE char* room_at(SjCtx* ctx, char* p, size_t need) {
  if (static_cast<size_t>(ctx->end - p) >= need) [[likely]] return p;
  ctx->cur = p;
  return ensure(ctx, need);
}

// The bulk number loop: one capacity check per chunk of elements, for the longest text each
// may have, and the cursor in a register between them. The chunk shrinks to what the window
// holds (down to one element): asking for room the numbers will not use would move a call
// writing in place to the scratch buffer before its output fills the window. Returns the
// index of the first element that is not plain (a miss: the loop takes over), or len.
template <class V, class Tag, class Plain, class Text>
SJ_INLINE int64_t numbers(SjCtx* ctx, const V* elems, int64_t len, Tag tag, Plain plain, Text text) {
  constexpr int64_t kChunk = 64;
  int64_t i = 0;
  while (i < len) {
    auto fits = static_cast<int64_t>(static_cast<size_t>(ctx->end - ctx->cur) / kRoom);
    int64_t end = std::min(len, i + std::clamp<int64_t>(fits, 1, kChunk));
    char* p = ensure(ctx, static_cast<size_t>(end - i) * kRoom);
    for (; i < end; ++i) {
      const V& e = elems[i];
      auto f = tag(e);
      if (!plain(e, f)) break;
      if (i) *p++ = ',';
      p = text(p, e, f);
    }
    ctx->cur = p;
    if (i < end) break;
  }
  return i;
}

// Arrays of arrays of numbers (GeoJSON's coordinates: rings of [x, y] pairs): each element
// that is an array of plain numbers is written here, brackets and all, so that a pair costs
// no call and no loop set-up of its own (canada.json 3.58 -> 3.20 ms against a bulk call per
// pair). Its numbers are tested before any of it is written: a miss inside it could not be
// taken back, so the whole element is the outer array's miss, and the loop takes it over.
// Up to kShort numbers share one capacity check (at most 3 + 8 * 41 bytes); longer ones go
// through the chunked loop, which asks for no more room than the window holds. `A` gives
// static is_array(e), size(e), items(e) (consecutive), next(e), tag(e), plain(e, tag) and
// text(p, e, tag); `stop` receives the element where the run ends.
template <class A, class V>
SJ_INLINE int64_t number_arrays(SjCtx* ctx, const V* e, int64_t len, const V** stop) {
  constexpr int64_t kShort = 8;
  int64_t i = 0;
  for (; i < len; ++i, e = A::next(e)) {
    if (!A::is_array(*e)) break;
    auto n = static_cast<int64_t>(A::size(*e));
    const V* items = A::items(*e);
    int64_t j = 0;
    while (j < n && A::plain(items[j], A::tag(items[j]))) ++j;
    if (j < n) break;
    bool short_one = n <= kShort;
    char* p = ensure(ctx, short_one ? 3 + static_cast<size_t>(n) * kRoom : 2);
    *p = ',';  // overwritten by the bracket when this is the first element
    p += i != 0;
    *p++ = '[';
    if (short_one) {
      for (j = 0; j < n; ++j) {
        if (j) *p++ = ',';
        p = A::text(p, items[j], A::tag(items[j]));
      }
      *p++ = ']';
      ctx->cur = p;
    } else {
      ctx->cur = p;
      numbers(ctx, items, n, [](const V& x) { return A::tag(x); },
              [](const V& x, auto f) { return A::plain(x, f); }, [](char* q, const V& x, auto f) { return A::text(q, x, f); });
      put(ctx, "]", 1);
    }
  }
  *stop = e;
  return i;
}

}  // namespace sj::rt::bulk
