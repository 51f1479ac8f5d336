// Lone surrogates in byte strings. JavaScript strings are UTF-16 and may hold a surrogate
// (U+D800..U+DFFF) that is not half of a pair: JSON.parse keeps "\ud800", and a character
// above U+FFFF read one UTF-16 unit at a time is two of them. UTF-8 has no form for them, so
// the engine holds each as WTF-8 would: the three bytes UTF-8's rule gives its code point
// (ED A0..BF xx), which valid UTF-8 never contains. The call that made them prints each as
// JSON.stringify does, `\ud83d` (runtime/buffer.cpp).
#pragma once
#include <cstdint>
#include <string>

namespace sj::rt {

// The three bytes UTF-8's rule gives `u` (0x800 <= u <= 0xFFFF; for a surrogate, its WTF-8).
inline void wtf8_surrogate(uint32_t u, char out[3]) {
  out[0] = static_cast<char>(0xE0 | u >> 12);  // 0xED for a surrogate
  out[1] = static_cast<char>(0x80 | ((u >> 6) & 0x3F));
  out[2] = static_cast<char>(0x80 | (u & 0x3F));
}

// One UTF-16 unit as a string of its own: UTF-8 for a character, WTF-8 for a surrogate.
inline std::string wtf8_of_unit(uint16_t u) {
  if (u < 0x80) return std::string(1, static_cast<char>(u));
  if (u < 0x800) return {static_cast<char>(0xC0 | u >> 6), static_cast<char>(0x80 | (u & 0x3F))};
  char three[3];
  wtf8_surrogate(u, three);  // the same three-byte rule as any unit from U+0800
  return std::string(three, 3);
}

// The surrogate whose three bytes start at p, or 0 when they are something else.
inline uint32_t surrogate_at(const char* p, const char* end) {
  auto byte = [&](int i) { return static_cast<unsigned char>(p[i]); };
  if (end - p < 3 || byte(0) != 0xED || (byte(1) & 0xE0) != 0xA0 || (byte(2) & 0xC0) != 0x80) return 0;
  return 0xD000u | (byte(1) & 0x3Fu) << 6 | (byte(2) & 0x3Fu);
}

// Text that holds NUL bytes as a C string, and back: each NUL as the two bytes C0 80 (the
// overlong form "modified UTF-8" uses, which valid UTF-8 never contains). For the messages an
// ahead-of-time object keeps (include/schemajit/aot.h).
inline std::string nul_as_c0_80(const std::string& s) {
  std::string out;
  for (char c : s) c ? out += c : out += "\xC0\x80";
  return out;
}
inline std::string c0_80_as_nul(const char* s) {
  std::string out;
  for (; *s; ++s)
    if (static_cast<unsigned char>(s[0]) == 0xC0 && static_cast<unsigned char>(s[1]) == 0x80) out += '\0', ++s;
    else out += *s;
  return out;
}

}  // namespace sj::rt
