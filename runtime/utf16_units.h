// A string of the engine (UTF-8, lone surrogates as WTF-8: runtime/wtf8.h) read as the UTF-16
// units JavaScript holds for it, which is what its regular expressions match. Bytes that are
// not UTF-8 read as U+FFFD, as a JavaScript host decoding them (TextDecoder, Buffer.toString)
// sees them; only a DOM built by hand holds them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sj::rt {

// The code point (or lone surrogate) starting at p < end; advances p past it. An ill-formed
// sequence reads as one U+FFFD per maximal subpart, as TextDecoder reads it: a lead byte and
// the continuation bytes that could still have completed it are one U+FFFD; a byte that can
// start nothing is one.
inline uint32_t next_code_point(const unsigned char*& p, const unsigned char* end) {
  uint32_t b = *p;
  if (b < 0x80) return ++p, b;
  int length;
  uint32_t c;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (b >= 0xC2 && b <= 0xDF) length = 2, c = b & 0x1F;
  else if (b >= 0xE0 && b <= 0xEF) length = 3, c = b & 0x0F, low = b == 0xE0 ? 0xA0 : 0x80;  // ED A0..BF: a surrogate
  else if (b >= 0xF0 && b <= 0xF4) length = 4, c = b & 0x07, low = b == 0xF0 ? 0x90 : 0x80, high = b == 0xF4 ? 0x8F : 0xBF;
  else return ++p, 0xFFFD;
  const unsigned char* q = p + 1;
  for (int i = 1; i < length; ++i, ++q) {
    if (q == end || *q < (i == 1 ? low : 0x80) || *q > (i == 1 ? high : 0xBF)) {
      p = q;  // the subpart read so far; the byte that broke it starts the next character
      return 0xFFFD;
    }
    c = c << 6 | (*q & 0x3Fu);
  }
  p = q;
  return c;
}

// `s` as TextDecoder would hand it over: each ill-formed subpart replaced by U+FFFD (lone
// surrogates, WTF-8, kept). Returns `s` itself when it is well formed, else a view of `storage`.
// A pattern's source goes through it before either regex engine reads it, so that both read
// the same characters.
inline std::string_view well_formed(std::string_view s, std::string& storage) {
  auto begin = reinterpret_cast<const unsigned char*>(s.data());
  auto p = begin, end = begin + s.size();
  bool copying = false;
  while (p < end) {
    const unsigned char* at = p;
    uint32_t c = next_code_point(p, end);
    bool replaced = c == 0xFFFD && !(p - at == 3 && at[0] == 0xEF && at[1] == 0xBF && at[2] == 0xBD);
    if (replaced && !copying) {
      storage.assign(s.data(), static_cast<size_t>(at - begin));
      copying = true;
    }
    if (replaced) storage += "\xEF\xBF\xBD";
    else if (copying) storage.append(reinterpret_cast<const char*>(at), static_cast<size_t>(p - at));
  }
  return copying ? std::string_view(storage) : s;
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
