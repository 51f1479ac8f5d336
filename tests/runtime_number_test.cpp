// Number text as JavaScript prints it (spec §9.1), and ToNumber of strings (§9.2).
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <type_traits>
#include <cstring>
#include <random>
#include <limits>
#include <string>

#include "runtime/decimal_digits.h"
#include "runtime/js_value.h"
#include "runtime/number_text.h"

namespace {

using namespace sj::rt;

// The double writers' tests run once per digits kernel the CPU has (number_text.h).
class DoubleText : public ::testing::TestWithParam<DigitsKernel> {
 protected:
  void SetUp() override {
    if (!cpu_has(GetParam())) GTEST_SKIP() << "this CPU lacks the instructions of this digits kernel";
    set_digits_kernel(GetParam());
  }
  void TearDown() override { set_digits_kernel(DigitsKernel::Ifma); }  // back to the best available
};
INSTANTIATE_TEST_SUITE_P(EveryKernel, DoubleText, ::testing::Values(DigitsKernel::Sse2, DigitsKernel::Ifma),
                         [](const auto& info) { return info.param == DigitsKernel::Ifma ? "Ifma" : "Sse2"; });

std::string js(double x) {
  char buf[kMaxDoubleText];
  return std::string(buf, write_js_double(buf, x));
}

TEST_P(DoubleText, JavaScriptRules) {
  EXPECT_EQ(js(0), "0");
  EXPECT_EQ(js(-0.0), "0");
  EXPECT_EQ(js(1), "1");
  EXPECT_EQ(js(-1.5), "-1.5");
  EXPECT_EQ(js(1e21), "1e+21");
  EXPECT_EQ(js(1e20), "100000000000000000000");
  EXPECT_EQ(js(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(js(1e-7), "1e-7");
  EXPECT_EQ(js(1.5e-7), "1.5e-7");
  EXPECT_EQ(js(0.000001), "0.000001");
  EXPECT_EQ(js(0.0000015), "0.0000015");
  EXPECT_EQ(js(1.23e-18), "1.23e-18");
  EXPECT_EQ(js(5e-324), "5e-324");
  EXPECT_EQ(js(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(js(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(js(9007199254740993.0), "9007199254740992");
  EXPECT_EQ(js(-1e-7), "-1e-7");
  EXPECT_EQ(js(123.456), "123.456");
  EXPECT_EQ(js(1e100), "1e+100");
}

// The JSON entry points part zero, the non-finite values and the rest with one unsigned
// comparison on the magnitude's bits: its edges are the smallest subnormal (magnitude 1) and
// the largest finite double (one below +Infinity's bits); the sign is stored before the
// cursor moves past it or not.
TEST_P(DoubleText, JsonEntryPointsAtTheEdges) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::pair<double, const char*> cases[] = {
      {0.0, "0"}, {-0.0, "0"}, {kInf, "null"}, {-kInf, "null"}, {std::numeric_limits<double>::quiet_NaN(), "null"},
      {-std::numeric_limits<double>::quiet_NaN(), "null"}, {5e-324, "5e-324"}, {-5e-324, "-5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"}, {-1.7976931348623157e308, "-1.7976931348623157e+308"},
      {-65.613616999999977, "-65.61361699999998"}, {43.420273000000009, "43.42027300000001"}, {-2.5, "-2.5"}};
  for (auto [x, text] : cases) {
    char buf[kMaxDoubleText];
    EXPECT_EQ(std::string(buf, write_json_double(buf, x)), text) << x;
    EXPECT_EQ(std::string(buf, write_json_double_schubfach(buf, x)), text) << x;
  }
}

// Schubfach must print what the Ryu reference prints: on decimals with few digits, on
// their neighbours one ulp away, on random bit patterns (every exponent), on powers of two
// (where the interval below is half as wide) and on subnormals. Both ways in: through
// write_js_double (which takes the three-decimals path where it can) and through Schubfach
// alone (write_json_double_schubfach, the bulk loops' writer).
TEST_P(DoubleText, SchubfachAgreesWithRyu) {
  // "" when both writers print what Ryu prints, else what differs.
  auto disagreement = [](double x) {
    char a[kMaxDoubleText], b[kMaxDoubleText], c[kMaxDoubleText];
    std::string ryu(b, write_js_double_ryu(b, x)), fast(a, write_js_double(a, x)),
        schubfach(c, write_json_double_schubfach(c, x));
    return fast == ryu && schubfach == ryu ? std::string() : fast + " / " + schubfach + " against " + ryu;
  };
  std::mt19937_64 rng(42);
  for (int i = 0; i < 1000000; ++i) {
    int digits = static_cast<int>(rng() % 16) + 1;
    double m = static_cast<double>(rng() % static_cast<uint64_t>(std::pow(10.0, digits)));
    double x = m / std::pow(10.0, static_cast<double>(rng() % 20));
    for (double y : {x, std::nextafter(x, 0.0), std::nextafter(x, 1e300), -x})
      ASSERT_EQ(disagreement(y), "") << std::hexfloat << y;
    uint64_t bits = rng();
    double r;
    std::memcpy(&r, &bits, 8);
    if (std::isfinite(r)) {
      ASSERT_EQ(disagreement(r), "") << std::hexfloat << r;
    }
  }
  for (double x : {0.1, 0.2, 0.3, 1.1, 2.675, 1e-7, 123456.789, 4503599627370495.5, 0.5, 1.5, 9007199254740991.0,
                   5e-324, 2.2250738585072014e-308, 2.2250738585072009e-308, 1.7976931348623157e308, 1e23, 9e15})
    EXPECT_EQ(disagreement(x), "") << x;
  for (int e = -1074; e <= 1023; ++e) {
    double p = std::ldexp(1.0, e);
    for (double y : {p, std::nextafter(p, 0.0), std::nextafter(p, 1e308)})
      ASSERT_EQ(disagreement(y), "") << std::hexfloat << y;
  }
}

// The layout from the register puts the point after each of the 17 digit positions and
// pads integers up to 21 digits: every count of significant digits k at every decimal
// exponent n around those ranges, against Ryu's digits through the reference layout.
TEST_P(DoubleText, EveryPointPositionAndLength) {
  const std::string digits = "98765432109876543";
  for (int k = 1; k <= 17; ++k)
    for (int n = -8; n <= 23; ++n)
      for (const std::string& d : {digits.substr(0, k), "1" + std::string(k - 1, '0'),
                                   std::string(k - 1, '1') + "5"}) {
        double x = std::strtod((d + "e" + std::to_string(n - static_cast<int>(d.size()))).c_str(), nullptr);
        for (double y : {x, -x, std::nextafter(x, 0.0)}) {
          char a[kMaxDoubleText], b[kMaxDoubleText];
          ASSERT_EQ(std::string(a, write_js_double(a, y)), std::string(b, write_js_double_ryu(b, y)))
              << std::hexfloat << y;
        }
      }
}

// Doubles with up to three decimals take the short path (number_text.cpp's thousandths: x·1000's
// fraction tested in integers, for x in [2^-10, 2^41)): every m/1000 below 100, then every
// 997th to 10^5, decimals of 0 to 4 places read from text at every magnitude, the multiples
// of 0.001 around 2^50/1000 (near the top of the path), and the neighbours of each (which
// must leave the path), against Ryu's digits through the reference layout.
TEST_P(DoubleText, ShortDecimalsAgreeWithRyu) {
  auto check = [](double x) {
    for (double y : {x, -x, std::nextafter(x, 0.0), std::nextafter(x, 1e300)}) {
      char a[kMaxDoubleText], b[kMaxDoubleText];
      ASSERT_EQ(std::string(a, write_js_double(a, y)), std::string(b, write_js_double_ryu(b, y))) << std::hexfloat << y;
    }
  };
  for (uint64_t m = 1; m < 100000000; m += m < 100000 ? 1 : 997) check(static_cast<double>(m) / 1000);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200000; ++i) {
    uint64_t m = rng() >> (rng() % 64);
    int places = static_cast<int>(rng() % 5);
    check(std::strtod((std::to_string(m) + "e-" + std::to_string(places)).c_str(), nullptr));
  }
  for (int64_t k = -2000; k <= 2000; ++k) check(static_cast<double>((int64_t{1} << 50) + k) / 1000);
}

// The SSE2 digits against the scalar reference: every power of ten and its neighbours, every
// digit in every position, random values of every length.
TEST(NumberText, SixteenDigitsAgreeWithScalar) {
  auto check = [](uint64_t v) {
    auto high = static_cast<uint32_t>(v / 100000000), low = static_cast<uint32_t>(v % 100000000);
    char simd[16], scalar[16];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(simd), sixteen_digits(high, low));
    sixteen_digits_scalar(high, low, scalar);
    ASSERT_EQ(std::string(simd, 16), std::string(scalar, 16)) << v;
  };
  for (uint64_t p = 1; p <= 1000000000000000ull; p *= 10)
    for (uint64_t v : {p - 1, p, p + 1, 9 * p, 9 * p + p - 1}) check(v);
  check(9999999999999999ull);
  for (uint64_t d = 0; d <= 9; ++d)
    for (uint64_t p = 1; p <= 1000000000000000ull; p *= 10) check(d * p);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000000; ++i) check(rng() % (uint64_t{1} << (rng() % 54)) % 10000000000000000ull);
  char scalar[16];
  sixteen_digits_scalar(12345678, 90123456, scalar);
  EXPECT_EQ(std::string(scalar, 16), "1234567890123456");
}

// The IFMA digits against the scalar reference for every 8-digit half: high = x and low =
// 10^8 - 1 - x for every x < 10^8, the whole domain of each lane (its constants are exact
// only below 10^8; a few seconds).
TEST(NumberText, IfmaDigitsAgreeWithScalarForEveryHalf) {
  if (!cpu_has(DigitsKernel::Ifma)) GTEST_SKIP() << "this CPU has no AVX-512 IFMA and VBMI";
  uint64_t mismatches = 0, first = 0;
  for (uint32_t x = 0; x < 100000000; ++x) {
    uint32_t high = x, low = 99999999 - x;
    char simd[16], scalar[16];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(simd), sixteen_digits_ifma(high, low));
    sixteen_digits_scalar(high, low, scalar);
    if (std::memcmp(simd, scalar, 16) != 0 && mismatches++ == 0) first = x;
  }
  EXPECT_EQ(mismatches, 0u) << "first at high = " << first;
}

// Values whose one-product estimate lands within the error margin of a decision (found by
// counting the exact path's calls over ten million random values): most are large integers,
// whose scaled fraction is exactly 0 or one half. They, their neighbours and the
// powers of ten around them must still print as Ryu does.
TEST_P(DoubleText, NearTiesTakeTheExactPath) {
  for (double x : {5.3152755629350163e+17, 7.8035596416399995e+18, 6.5514014898000005e+18, 25177795440463832.0,
                   92023435155132992.0, 72005030229811824.0, 1809266168506500.2, 7.3509637799999996e+19,
                   1.6337649999999998e+20, 72511570025545008.0, 9007199254740993.0, 1e22, 1e23, 5e-324}) {
    for (double y : {x, std::nextafter(x, 0.0), std::nextafter(x, 1e308), -x}) {
      char a[kMaxDoubleText], b[kMaxDoubleText];
      EXPECT_EQ(std::string(a, write_js_double(a, y)), std::string(b, write_js_double_ryu(b, y))) << std::hexfloat << y;
    }
  }
}

// The fixed-point integer writer against std::to_chars: every value below 10^6, both sides
// of every power of ten, and a million random values of every bit width, both signs.
TEST(NumberText, IntegersAgreeWithToChars) {
  auto check = [](auto x) {
    char a[kMaxIntText], b[kMaxIntText];
    char* end = std::is_signed_v<decltype(x)> ? write_int64(a, static_cast<int64_t>(x)) : write_uint64(a, x);
    ASSERT_EQ(std::string(a, end), std::string(b, std::to_chars(b, b + kMaxIntText, x).ptr)) << x;
  };
  for (uint64_t x = 0; x < 1000000; ++x) check(x);
  uint64_t p = 1;
  for (int e = 0; e <= 19; ++e, p *= 10) {
    for (uint64_t x : {p - 1, p, p + 1, 2 * p - 1, 9 * p, 10 * p - 1}) {
      check(x);
      check(static_cast<int64_t>(x));
      check(-static_cast<int64_t>(x));
    }
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000000; ++i) {
    uint64_t bits = rng() >> (rng() % 64);
    check(bits);
    check(static_cast<int64_t>(bits));
  }
  check(std::numeric_limits<uint64_t>::max());
  check(std::numeric_limits<int64_t>::min());
  check(std::numeric_limits<int64_t>::max());
}

TEST(NumberText, IntegersPrintExactly) {
  char buf[kMaxIntText];
  EXPECT_EQ(std::string(buf, write_int64(buf, 9007199254740993)), "9007199254740993");  // 2^53+1
  EXPECT_EQ(std::string(buf, write_int64(buf, std::numeric_limits<int64_t>::min())), "-9223372036854775808");
  EXPECT_EQ(std::string(buf, write_uint64(buf, std::numeric_limits<uint64_t>::max())), "18446744073709551615");
}

TEST(ToNumber, StringGrammar) {
  auto n = [](const char* s) { return string_to_number(s, std::strlen(s)); };
  EXPECT_EQ(n(""), 0);
  EXPECT_EQ(n("  \t\n"), 0);
  EXPECT_EQ(n("42"), 42);
  EXPECT_EQ(n(" -1.5e3 "), -1500);
  EXPECT_EQ(n(".5"), 0.5);
  EXPECT_EQ(n("5."), 5);
  EXPECT_EQ(n("+7"), 7);
  EXPECT_EQ(n("0x1f"), 31);
  EXPECT_EQ(n("0X1F"), 31);
  EXPECT_EQ(n("0o17"), 15);
  EXPECT_EQ(n("0b101"), 5);
  EXPECT_EQ(n("Infinity"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(n("-Infinity"), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(n("\xc2\xa0" "3\xe2\x80\xa8"), 3);  // U+00A0 and U+2028 are trimmed
  EXPECT_EQ(n("\xef\xbb\xbf" "8"), 8);            // so is U+FEFF
  for (const char* bad : {"abc", "1_000", "-0x10", "0x", "1e", "e5", ".", "infinity", "1 2", "0b2", "--1"})
    EXPECT_TRUE(std::isnan(n(bad))) << bad;
}

}  // namespace
