// The CPU features ahead-of-time code may need, one list for both ends: schemajit-aot records
// which of them the CPU it compiles for has (engine/aot.cpp, LLVM's subtarget feature names)
// and schemajit::load checks them on the CPU it runs on (api/aot.cpp, __builtin_cpu_supports).
// GCC and LLVM spell these names the same.
#pragma once
#include <schemajit/aot.h>

#define SJ_AOT_FEATURES(X)                                                                                   \
  X(SCHEMAJIT_AOT_SSE3, "sse3") X(SCHEMAJIT_AOT_SSSE3, "ssse3") X(SCHEMAJIT_AOT_SSE4_1, "sse4.1")             \
  X(SCHEMAJIT_AOT_SSE4_2, "sse4.2") X(SCHEMAJIT_AOT_POPCNT, "popcnt") X(SCHEMAJIT_AOT_AVX, "avx")             \
  X(SCHEMAJIT_AOT_AVX2, "avx2") X(SCHEMAJIT_AOT_BMI, "bmi") X(SCHEMAJIT_AOT_BMI2, "bmi2")                      \
  X(SCHEMAJIT_AOT_FMA, "fma") X(SCHEMAJIT_AOT_AVX512F, "avx512f") X(SCHEMAJIT_AOT_AVX512BW, "avx512bw")       \
  X(SCHEMAJIT_AOT_AVX512CD, "avx512cd") X(SCHEMAJIT_AOT_AVX512DQ, "avx512dq")                                 \
  X(SCHEMAJIT_AOT_AVX512VL, "avx512vl") X(SCHEMAJIT_AOT_AVX512VBMI2, "avx512vbmi2")
