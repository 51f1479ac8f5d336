// The escaping kernels: every escape class, and each SIMD variant held equal to the scalar
// reference on every length and every position of a special byte.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>

#include "runtime/escape.h"
#include "runtime/wtf8.h"

namespace {

using namespace sj::rt;

std::string escaped(std::string_view s) {
  std::string out(quoted_bound(s.size()), '\0');
  out.resize(static_cast<size_t>(write_quoted(out.data(), s.data(), s.size()) - out.data()));
  return out;
}

TEST(Escape, EveryClassAsJsonStringify) {
  EXPECT_EQ(escaped(""), "\"\"");
  EXPECT_EQ(escaped("plain/text \x7f"), "\"plain/text \x7f\"");
  EXPECT_EQ(escaped("\"\\"), "\"\\\"\\\\\"");
  EXPECT_EQ(escaped("\b\t\n\f\r"), "\"\\b\\t\\n\\f\\r\"");
  EXPECT_EQ(escaped(std::string("\0\x01\x1f", 3)), "\"\\u0000\\u0001\\u001f\"");
  EXPECT_EQ(escaped("\x0b\x1b"), "\"\\u000b\\u001b\"");
  // Non-ASCII, U+2028 and U+2029 pass through unchanged, as in JSON.stringify.
  EXPECT_EQ(escaped("Zoë \xe2\x80\xa8\xe2\x80\xa9 ☺"), "\"Zoë \xe2\x80\xa8\xe2\x80\xa9 ☺\"");
}

TEST(Escape, AllControlBytes) {
  for (int c = 0; c < 0x20; ++c) {
    std::string s(1, static_cast<char>(c));
    std::string q = escaped(s);
    EXPECT_EQ(q[1], '\\') << c;
    if (q.size() == 8) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", c);
      EXPECT_EQ(q.substr(1, 6), hex);
    }
  }
}

class EscapeIsa : public ::testing::TestWithParam<Isa> {
 protected:
  void SetUp() override {
    if (!cpu_has(GetParam())) GTEST_SKIP() << isa_name(GetParam()) << " is not available on this CPU";
  }
  void TearDown() override { set_escape_isa(kBestIsa); }  // back to the best available

};

TEST_P(EscapeIsa, CopyCleanMatchesScalarAtEveryPosition) {
  auto copy = GetParam() == Isa::Avx512 ? copy_clean_avx512 : GetParam() == Isa::Avx2 ? copy_clean_avx2 : copy_clean_sse2;
  for (size_t len = 0; len <= 200; ++len) {
    std::string s(len, 'a');
    for (size_t i = 0; i < len; ++i) s[i] = static_cast<char>('a' + i % 26);
    for (size_t pos = 0; pos <= len; ++pos) {
      std::string t = s;
      if (pos < len) t[pos] = pos % 2 ? '"' : '\x01';
      std::string want(len, '\0'), got(std::max<size_t>(len, 16), '\0');
      size_t n_ref = copy_clean_scalar(want.data(), t.data(), len);
      size_t n_vec = copy(got.data(), t.data(), len);
      ASSERT_EQ(n_vec, n_ref) << "len " << len << " pos " << pos;
      ASSERT_EQ(got.substr(0, n_vec), want.substr(0, n_ref));
    }
  }
}

TEST_P(EscapeIsa, RandomBytesAgreeWithScalar) {
  set_escape_isa(GetParam());
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    std::string s(rng() % 300, ' ');
    for (auto& c : s) c = static_cast<char>(rng() % 8 == 0 ? rng() % 0x22 : 0x20 + rng() % 0xe0);
    std::string vec = escaped(s);
    set_escape_isa(Isa::Scalar);
    std::string ref = escaped(s);
    set_escape_isa(GetParam());
    ASSERT_EQ(vec, ref);
  }
}

// Strings that end at the last byte of a readable page, before an unreadable one: the short
// kernels load 16 bytes at the string's start, which must not run into that page.
TEST_P(EscapeIsa, StringsEndingAtAnUnreadablePage) {
  set_escape_isa(GetParam());
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  char* guard = static_cast<char*>(map) + page;
  ASSERT_EQ(mprotect(guard, page, PROT_NONE), 0);
  for (size_t len = 0; len <= 40; ++len) {
    for (size_t pos = 0; pos <= len; ++pos) {
      char* s = guard - len;
      for (size_t i = 0; i < len; ++i) s[i] = static_cast<char>(i == pos ? '\n' : 'a' + i % 26);
      std::string got = escaped({s, len});
      set_escape_isa(Isa::Scalar);
      std::string want = escaped({s, len});
      set_escape_isa(GetParam());
      ASSERT_EQ(got, want) << "len " << len << " pos " << pos;
    }
  }
  munmap(map, 2 * page);
}

INSTANTIATE_TEST_SUITE_P(Variants, EscapeIsa, ::testing::Values(Isa::Sse2, Isa::Avx2, Isa::Avx512),
                         [](const auto& info) { return std::string(isa_name(info.param)); });

// Every surrogate's three bytes read back as it; the three-byte sequences beside them
// (U+D7FF, U+E000) and a sequence cut short read as none.
TEST(Wtf8, SurrogatesRoundTrip) {
  for (uint32_t u = 0xD800; u <= 0xDFFF; ++u) {
    char b[3];
    wtf8_surrogate(u, b);
    ASSERT_EQ(surrogate_at(b, b + 3), u);
    ASSERT_EQ(surrogate_at(b, b + 2), 0u);
  }
  const char below[] = "\xED\x9F\xBF", above[] = "\xEE\x80\x80", cut[] = "\xED\xA0(";
  EXPECT_EQ(surrogate_at(below, below + 3), 0u);
  EXPECT_EQ(surrogate_at(above, above + 3), 0u);
  EXPECT_EQ(surrogate_at(cut, cut + 3), 0u);
}

}  // namespace
