// A string of the engine (UTF-8, lone surrogates as WTF-8: runtime/wtf8.h) read as the UTF-16
// units JavaScript holds for it, which is what its regular expressions match. A byte that
// starts no well-formed sequence reads as U+FFFD, as a JavaScript host decoding those bytes
// (TextDecoder, Buffer.toString) sees it; only a DOM built by hand holds one.
#pragma once
#include <cstddef>
#include <cstdint>

namespace sj::rt {

// The code point (or lone surrogate) starting at p < end; advances p past it.
inline uint32_t next_code_point(const unsigned char*& p, const unsigned char* end) {
  uint32_t b = *p;
  if (b < 0x80) return ++p, b;
  auto cont = [&](ptrdiff_t i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
  if (b >= 0xC2 && b <= 0xDF && cont(1)) {
    uint32_t c = (b & 0x1F) << 6 | (p[1] & 0x3F);
    return p += 2, c;
  }
  if (b >= 0xE0 && b <= 0xEF && cont(1) && cont(2) && !(b == 0xE0 && p[1] < 0xA0)) {
    uint32_t c = (b & 0x0F) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3F);  // ED A0..BF: a surrogate
    return p += 3, c;
  }
  if (b >= 0xF0 && b <= 0xF4 && cont(1) && cont(2) && cont(3) && !(b == 0xF0 && p[1] < 0x90) &&
      !(b == 0xF4 && p[1] > 0x8F)) {
    uint32_t c = (b & 0x07) << 18 | (p[1] & 0x3Fu) << 12 | (p[2] & 0x3Fu) << 6 | (p[3] & 0x3F);
    return p += 4, c;
  }
  return ++p, 0xFFFD;
}

// Writes s[0..n) as UTF-16 units to out (room for n units: never more units than bytes);
// returns how many.
inline size_t utf16_units(const char* s, size_t n, uint16_t* out) {
  auto p = reinterpret_cast<const unsigned char*>(s);
  auto end = p + n;
  uint16_t* o = out;
  while (p < end) {
    uint32_t c = next_code_point(p, end);
    if (c < 0x10000) {
      *o++ = static_cast<uint16_t>(c);
    } else {
      *o++ = static_cast<uint16_t>(0xD800 + ((c - 0x10000) >> 10));
      *o++ = static_cast<uint16_t>(0xDC00 + (c & 0x3FF));
    }
  }
  return static_cast<size_t>(o - out);
}

// Whether s[0..n) is ASCII, eight bytes at a time.
inline bool is_ascii(const char* s, size_t n) {
  uint64_t any = 0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    __builtin_memcpy(&w, s + i, 8);
    any |= w;
  }
  for (; i < n; ++i) any |= static_cast<unsigned char>(s[i]);
  return (any & 0x8080808080808080ull) == 0;
}

}  // namespace sj::rt
