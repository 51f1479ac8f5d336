// libFuzzer target 3: the runtime's kernels against their scalar references: string escaping
// (SSE2 / AVX2 / AVX-512 where the CPU has them), double to text (Schubfach against the Ryu-based
// reference), and the code-point count against a plain decoder.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/escape.h"
#include "runtime/number_text.h"
#include "runtime/validate.h"

namespace {

void escaping(const char* s, size_t n) {
  std::vector<char> want(sj::rt::quoted_bound(n)), got(sj::rt::quoted_bound(n));
  size_t want_len = sj::rt::write_quoted_scalar(want.data(), s, n) - want.data();
  using Kernel = char* (*)(char*, const char*, size_t);
  const std::pair<sj::rt::Isa, Kernel> kernels[] = {{sj::rt::Isa::Sse2, sj::rt::write_quoted_sse2},
                                                    {sj::rt::Isa::Avx2, sj::rt::write_quoted_avx2},
                                                    {sj::rt::Isa::Avx512, sj::rt::write_quoted_avx512}};
  for (auto [isa, kernel] : kernels) {
    if (!sj::rt::cpu_has(isa)) continue;
    size_t len = kernel(got.data(), s, n) - got.data();
    if (len != want_len || std::memcmp(got.data(), want.data(), len) != 0) std::abort();
  }
}

void number_text(const uint8_t* data, size_t size) {
  for (size_t i = 0; i + 8 <= size; i += 8) {
    double x;
    std::memcpy(&x, data + i, 8);
    char a[64], b[64];
    if (!std::isfinite(x)) {  // write_js_double takes finite numbers; JSON prints the rest as null
      if (sj::rt::write_json_double(a, x) - a != 4 || std::memcmp(a, "null", 4) != 0) std::abort();
      continue;
    }
    size_t la = sj::rt::write_js_double(a, x) - a;
    size_t lb = sj::rt::write_js_double_ryu(b, x) - b;
    if (la != lb || std::memcmp(a, b, la) != 0) std::abort();
  }
}

void code_points(const char* s, size_t n) {
  int64_t count = 0;
  for (size_t i = 0; i < n; ++i) count += (static_cast<unsigned char>(s[i]) >> 6) != 2;  // not 10xxxxxx
  if (sj::rt::code_points(s, static_cast<int64_t>(n)) != count) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const char* s = reinterpret_cast<const char*>(data);
  escaping(s, size);
  number_text(data, size);
  code_points(s, size);
  return 0;
}
