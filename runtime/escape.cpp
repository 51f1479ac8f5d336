#include "runtime/escape.h"

#include <cstring>

#include "runtime/call_state.h"

namespace sj::rt {
namespace {

// For each byte: 0 = copied as is; otherwise the length of its escape sequence, which
// kEscapeText holds (padded to 6). A table because the 34 special bytes have 4 shapes.
struct EscapeTable {
  uint8_t len[256];
  char text[256][6];
  constexpr EscapeTable() : len{}, text{} {
    const char* hex = "0123456789abcdef";
    for (int c = 0; c < 0x20; ++c) {
      len[c] = 6;
      const char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      for (int k = 0; k < 6; ++k) text[c][k] = u[k];
    }
    auto two = [this](int c, char e) { len[c] = 2; text[c][0] = '\\'; text[c][1] = e; };
    two('\b', 'b'); two('\t', 't'); two('\n', 'n'); two('\f', 'f'); two('\r', 'r');
    two('"', '"'); two('\\', '\\');
  }
};
constexpr EscapeTable kEscape;

}  // namespace

size_t find_escape_scalar(const char* s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (kEscape.len[static_cast<uint8_t>(s[i])]) return i;
  return n;
}

size_t copy_clean_scalar(char* dst, const char* s, size_t n) {
  size_t i = 0;
  for (; i < n && !kEscape.len[static_cast<uint8_t>(s[i])]; ++i) dst[i] = s[i];
  return i;
}

char* write_quoted(char* dst, const char* s, size_t n) {
  *dst++ = '"';
  size_t i = 0;
  while (i < n) {
    size_t run = copy_clean(dst, s + i, n - i);
    dst += run;
    i += run;
    if (i == n) break;
    uint8_t c = static_cast<uint8_t>(s[i++]);
    std::memcpy(dst, kEscape.text[c], 6);  // the slack of quoted_bound makes the 6-byte copy safe
    dst += kEscape.len[c];
  }
  *dst++ = '"';
  return dst;
}

}  // namespace sj::rt

extern "C" void sj_write_string(SjCtx* ctx, const char* s, int64_t n) {
  size_t len = static_cast<size_t>(n);
  char* p = sj::rt::ensure(ctx, sj::rt::quoted_bound(len));
  ctx->cur = sj::rt::write_quoted(p, s, len);
}

extern "C" void sj_write_unsafe_string(SjCtx* ctx, const char* s, int64_t n) {
  size_t len = static_cast<size_t>(n);
  char* p = sj::rt::ensure(ctx, len + 2);
  *p = '"';
  std::memcpy(p + 1, s, len);
  p[len + 1] = '"';
  ctx->cur = p + len + 2;
}
