// What the object views of both input models share (sj_object_view, object_view.cpp for
// RapidJSON; yyjson_model.cpp): a string given to an object schema reads as its UTF-16 units.
#pragma once
#include <cstddef>
#include <cstdint>

#include "runtime/wtf8.h"

namespace sj::rt {

// UTF-16 units of JavaScript's string, one per character below U+10000 and two above. Those
// two are lone surrogates, written as WTF-8 (runtime/wtf8.h) with `copied` set; the call's
// end prints them as JavaScript does (keep_lone_surrogates). A byte that starts no valid
// UTF-8 sequence is one unit of itself, copied as every other byte of a DOM string is.
template <class Unit>
void each_utf16_unit(const char* s, size_t n, Unit unit) {
  auto continues = [&](size_t i, size_t k) {
    if (i + k > n) return false;
    for (size_t j = 1; j < k; ++j)
      if ((static_cast<unsigned char>(s[i + j]) & 0xC0) != 0x80) return false;
    return true;
  };
  auto surrogate = [&](uint32_t u) {
    char bytes[3];
    wtf8_surrogate(u, bytes);
    unit(bytes, 3, true);
  };
  for (size_t i = 0; i < n;) {
    unsigned char lead = static_cast<unsigned char>(s[i]);
    size_t k = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
             : lead >= 0xF0 && lead <= 0xF4 ? 4 : 1;
    if (k > 1 && !continues(i, k)) k = 1;
    if (k == 4) {
      uint32_t cp = (lead & 0x07u) << 18 | (s[i + 1] & 0x3Fu) << 12 | (s[i + 2] & 0x3Fu) << 6 | (s[i + 3] & 0x3Fu);
      surrogate(0xD800 + ((cp - 0x10000) >> 10));
      surrogate(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(s + i, k, false);
    }
    i += k;
  }
}

}  // namespace sj::rt
