// The escaping entry points: the scalar reference, one write_quoted per ISA built on its
// inline kernel, and the run-time choice between them.
#include "runtime/escape.h"

#include <algorithm>
#include <atomic>

#include "runtime/output.h"
#include "runtime/escape_kernels.h"

namespace sj::rt {

size_t copy_clean_scalar(char* dst, const char* s, size_t n) { return kernels::copy_clean_scalar(dst, s, n); }
size_t copy_clean_sse2(char* dst, const char* s, size_t n) { return kernels::copy_clean_sse2(dst, s, n); }
SJ_TARGET_AVX2 size_t copy_clean_avx2(char* dst, const char* s, size_t n) { return kernels::copy_clean_avx2(dst, s, n); }
SJ_TARGET_AVX512 size_t copy_clean_avx512(char* dst, const char* s, size_t n) {
  return kernels::copy_clean_avx512(dst, s, n);
}

char* write_quoted_scalar(char* dst, const char* s, size_t n) { return kernels::write_quoted_scalar(dst, s, n); }
char* write_quoted_sse2(char* dst, const char* s, size_t n) { return kernels::write_quoted_sse2(dst, s, n); }
SJ_TARGET_AVX2 char* write_quoted_avx2(char* dst, const char* s, size_t n) { return kernels::write_quoted_avx2(dst, s, n); }
SJ_TARGET_AVX512 char* write_quoted_avx512(char* dst, const char* s, size_t n) {
  return kernels::write_quoted_avx512(dst, s, n);
}

bool cpu_has(Isa isa) {
  __builtin_cpu_init();  // a static initialiser (an Engine compiling at start-up) may run before libgcc's
  switch (isa) {
    case Isa::Avx512Vbmi2:  // Ice Lake on; codegen escapes short strings in registers where it holds
      return cpu_has(Isa::Avx512) && __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vl");
    case Isa::Avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi2");
    case Isa::Avx2: return __builtin_cpu_supports("avx2");
    default: return true;
  }
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::Scalar: return "scalar";
    case Isa::Sse2: return "sse2";
    case Isa::Avx2: return "avx2";
    case Isa::Avx512: return "avx512";
    case Isa::Avx512Vbmi2: return "avx512vbmi2";
  }
  return "?";
}

namespace {

using WriteFn = char* (*)(char*, const char*, size_t);

Isa usable(Isa isa) {
  while (!cpu_has(isa)) isa = static_cast<Isa>(static_cast<int>(isa) - 1);
  return isa;
}

WriteFn writer(Isa isa) {
  switch (isa) {
    case Isa::Avx512Vbmi2:
    case Isa::Avx512: return write_quoted_avx512;
    case Isa::Avx2: return write_quoted_avx2;
    case Isa::Sse2: return write_quoted_sse2;
    case Isa::Scalar: break;
  }
  return write_quoted_scalar;
}

// Constant-initialised (no dynamic initialiser that another translation unit's static
// initialiser could run before): the first call picks the best variant the CPU has.
char* first_call(char* dst, const char* s, size_t n);
constinit std::atomic<Isa> g_isa{Isa::Scalar};
constinit std::atomic<WriteFn> g_write{first_call};

char* first_call(char* dst, const char* s, size_t n) {
  set_escape_isa(kBestIsa);
  return write_quoted(dst, s, n);
}

}  // namespace

Isa escape_isa() {
  if (g_write.load(std::memory_order_relaxed) == first_call) set_escape_isa(kBestIsa);
  return g_isa.load(std::memory_order_relaxed);
}

void set_escape_isa(Isa isa) {
  isa = usable(isa);
  g_isa.store(isa, std::memory_order_relaxed);
  g_write.store(writer(isa), std::memory_order_relaxed);
}

char* write_quoted(char* dst, const char* s, size_t n) { return g_write.load(std::memory_order_relaxed)(dst, s, n); }

}  // namespace sj::rt

namespace sj::rt {

void write_long_quoted(SjCtx* ctx, const char* s, size_t n) {
  // Each piece is written quoted, its closing quote dropped; a later piece's opening quote
  // lands on the last byte written so far, which is saved and put back. Escaping is
  // byte-wise, so a piece may end inside a UTF-8 sequence. Past the output limit sj_reserve
  // starts the window over at the buffer's first byte (what is written then is thrown away),
  // so there is no byte before it to borrow: the piece keeps its quote there.
  for (size_t done = 0; done < n;) {
    size_t k = std::min(kLongString, n - done);
    char* p = ensure(ctx, quoted_bound(k));
    if (done == 0 || state(ctx).discarding) {
      ctx->cur = write_quoted(p, s + done, k) - 1;
    } else {
      char kept = p[-1];
      ctx->cur = write_quoted(p - 1, s + done, k) - 1;
      p[-1] = kept;
    }
    done += k;
  }
  put(ctx, "\"", 1);
}

}  // namespace sj::rt

extern "C" void sj_write_string(SjCtx* ctx, const char* s, int64_t n) {
  size_t len = static_cast<size_t>(n);
  if (len > sj::rt::kLongString) return sj::rt::write_long_quoted(ctx, s, len);
  char* p = sj::rt::ensure(ctx, sj::rt::quoted_bound(len));
  ctx->cur = sj::rt::write_quoted(p, s, len);
}

extern "C" char* sj_quoted_text(char* dst, const char* s, int64_t n) {
  return sj::rt::write_quoted(dst, s, static_cast<size_t>(n));
}

// A long one in pieces of kLongString bytes, as write_long_quoted writes, so that a streamed
// call's window stays one chunk whatever the string's length.
extern "C" void sj_write_unsafe_string(SjCtx* ctx, const char* s, int64_t n) {
  size_t len = static_cast<size_t>(n);
  if (len > sj::rt::kLongString) {
    sj::rt::put(ctx, "\"", 1);
    for (size_t done = 0; done < len; done += sj::rt::kLongString)
      sj::rt::put(ctx, s + done, std::min(sj::rt::kLongString, len - done));
    sj::rt::put(ctx, "\"", 1);
    return;
  }
  char* p = sj::rt::ensure(ctx, len + 2);
  *p = '"';
  std::memcpy(p + 1, s, len);
  p[len + 1] = '"';
  ctx->cur = p + len + 2;
}
