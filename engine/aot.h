// Machine code ahead of time (schemajit-aot): schemas compiled by the JIT's code generator for
// a CPU the user names, into a static library of relocatable, position-independent objects,
// one per schema with its schemajit_aot_serializer table (include/schemajit/aot.h), and one
// listing them all. Seen without LLVM types.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <schemajit/schemajit.h>

#include "ir/ir.h"

namespace schemajit::detail {

struct AotSchema {
  std::string name;                     // the function's name in the header (a C identifier)
  std::string options;                  // the options, JSON text (recorded in the table)
  std::shared_ptr<const sj::ir::Module> module;  // null: the schema did not compile...
  Error error;                          // ... with this error
};

struct AotLibrary {
  std::string archive;        // the static library (ar format, with its symbol table)
  std::string cpu;            // the CPU it is for ("native" named as the host's)
  uint64_t cpu_features = 0;  // schemajit_aot_feature bits
};

// The symbols of namespace `ns`'s library, its parts length-prefixed as the Itanium ABI mangles
// names, so that distinct (namespace, name) pairs never share a symbol (joined with '_', api_b
// + c and api + b_c did) and no schema's symbol is another's entry point (x's "x_entry" was
// x_entry's table): schemajit_aot_<len><ns><len><name> is a schema's table and, followed by
// "_entry", its code; schemajit_aot_<len><ns>_tables the array of every table and
// schemajit_aot_<len><ns>_count its length. Names and namespaces are C identifiers, which do not
// start with a digit, so each symbol reads back one way only.
std::string aot_symbol(const std::string& ns, const std::string& name);
std::string aot_index_symbol(const std::string& ns, const std::string& what);

// Namespace `ns`'s library for x86-64 at `cpu` ("x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4", "native"
// or any CPU LLVM knows), its objects compiled on `threads` threads. One object per schema
// keeps the work linear in the number of schemas (linking modules into one costs the square)
// and lets a program's linker take only the schemas it names. Throws sj::CompileError (an
// unknown CPU, an LLVM failure).
AotLibrary aot_library(const std::vector<AotSchema>& schemas, const std::string& ns, const std::string& cpu, unsigned threads);

}  // namespace schemajit::detail
