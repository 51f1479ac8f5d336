// Serializers compiled ahead of time: schemajit-aot turns schemas into a static library and a
// header when the application is built; the program links the library and schemajit::runtime
// (no LLVM) and gets a ready Serializer per schema from the header's functions:
//
//   #include "api_schemas.h"                      // made by schemajit-aot (schemajit_add_serializers)
//   auto orders = api_schemas::orders();          // Result<Serializer>
//
// Each schema is described by a schemajit_aot_serializer in the object. Its layout is the
// contract between schemajit-aot and the runtime: SCHEMAJIT_AOT_ABI names it, and the object
// refers to the runtime's symbol for that ABI, so an object made for another one does not link.
// The CPU the code was made for is checked when a serializer is loaded; the version of
// schemajit-aot that made it is recorded, not checked: the runtime loads every object of its
// ABI (a prebuilt library survives a minor or patch upgrade; README, "Versions").
#pragma once
#include <stdint.h>

#include <schemajit/schemajit.h>

// The ABI of ahead-of-time objects: the table below, the generated code's calls into the
// runtime (runtime/abi.h), the RapidJSON layout it reads and the symbols' names.
#define SCHEMAJIT_AOT_ABI 2
// The first word of every table: "sjaot" in its high bytes, the ABI in its low ones. load()
// reads nothing else of a table whose first word is not this one, so that bytes which are not
// a table of this ABI (machine code, another ABI's table) are refused, never followed.
#define SCHEMAJIT_AOT_ABI_WORD (UINT64_C(0x736a616f74000000) | SCHEMAJIT_AOT_ABI)

extern "C" {

// What a serializer's object holds beside its code. Written by schemajit-aot as constant data;
// every field is 8 bytes, in this order.
typedef struct schemajit_aot_serializer {
  uint64_t abi;                      // SCHEMAJIT_AOT_ABI_WORD
  const char* version;               // SCHEMAJIT_VERSION_STRING of the schemajit-aot that made it (not checked)
  const char* name;                  // the function's name in the header
  const char* cpu;                   // the CPU the code was made for ("x86-64-v2", ..., or a host's name)
  uint64_t cpu_features;             // what that CPU has that the code may use (bits of schemajit_aot_feature)
  const char* options;               // the options it was compiled with, JSON text
  const void* entry;                 // the generated entry point; null when the schema did not compile
  uint64_t pattern_count;            // regular expressions the code searches with
  const int64_t* pattern_dialects;   //   their dialect (runtime/pattern.h)
  const char* const* pattern_sources;
  const uint64_t* pattern_lengths;
  uint64_t constant_count;           // const / enum values validators compare with, JSON texts
  const char* const* constants;
  int64_t max_data_depth;
  int64_t max_output_bytes;
  const char* error;                 // the compile error when entry is null (schemajit-aot --keep-errors),
  const char* error_pointer;         //   its NUL bytes written C0 80 (modified UTF-8; runtime/wtf8.h)
  int64_t error_code;                // schemajit::ErrorCode
  const int* runtime_abi;            // the runtime's schemajit_runtime_abi_<SCHEMAJIT_AOT_ABI>
} schemajit_aot_serializer;

// CPU features ahead-of-time code may need (schemajit_aot_serializer::cpu_features).
enum schemajit_aot_feature : uint64_t {
  SCHEMAJIT_AOT_SSE3 = 1, SCHEMAJIT_AOT_SSSE3 = 2, SCHEMAJIT_AOT_SSE4_1 = 4, SCHEMAJIT_AOT_SSE4_2 = 8,
  SCHEMAJIT_AOT_POPCNT = 16, SCHEMAJIT_AOT_AVX = 32, SCHEMAJIT_AOT_AVX2 = 64, SCHEMAJIT_AOT_BMI = 128,
  SCHEMAJIT_AOT_BMI2 = 256, SCHEMAJIT_AOT_FMA = 512, SCHEMAJIT_AOT_AVX512F = 1024, SCHEMAJIT_AOT_AVX512BW = 2048,
  SCHEMAJIT_AOT_AVX512CD = 4096, SCHEMAJIT_AOT_AVX512DQ = 8192, SCHEMAJIT_AOT_AVX512VL = 16384,
  SCHEMAJIT_AOT_AVX512VBMI2 = 32768,
};

// Defined by the runtime for the ABI it implements.
extern const int schemajit_runtime_abi_2;

}  // extern "C"

namespace schemajit {

// The serializer an object describes, ready to call (no parsing, no lowering): its regexes are
// compiled and its constants read. An error when the object was made for another ABI
// (VersionMismatch), for a CPU this one is not, or from a schema that did not compile.
Result<Serializer> load(const schemajit_aot_serializer& compiled);

}  // namespace schemajit
