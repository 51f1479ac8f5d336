// The header schemajit-aot writes beside its library (PREFIX.h): one function per schema in the
// user's namespace, and the C++ names it gives them, from file names the user chose freely.
#pragma once
#include <string>
#include <vector>

#include "engine/aot.h"

namespace sj::tools {

bool is_c_identifier(const std::string& s);

// `s` as a C string literal ("new\nline.json"): a file name in the header's comments, where a
// newline would end the comment and a final backslash join the next line to it, and in errors,
// which are one line.
std::string c_string(const std::string& s);

// `name`, a C identifier, as a C++ one: itself, or with '_' after it when the compiler may
// already hold the name (a keyword or alternative token, an identifier reserved to the
// implementation, a macro of the standard library or of GNU mode): `class` -> `class_`.
std::string cpp_identifier(const std::string& name);

// The function of schema file `path`: its file name up to the first '.', every other character
// than a letter, digit or '_' made '_', '_' before a leading digit, then cpp_identifier:
// "dir/class.json" -> class_, "new<LF>line.json" -> new_line, "-x.json" -> _x.
std::string function_name(const std::string& path);

// The C++ namespace of --name `ns`, a C identifier: cpp_identifier's, and '_' after the names the
// header uses at global scope (std, schemajit, uint64_t, ...).
std::string namespace_name(const std::string& ns);

// The header: the tables' declarations (symbols of `ns`, engine/aot.h) and, in namespace
// `cpp_ns`, a function per schema returning its ready Serializer, each under a comment naming
// its source (`sources[i]`) as an escaped string, so that no file name becomes code.
std::string header(const std::string& ns, const std::string& cpp_ns, const std::string& cpu,
                   const std::vector<schemajit::detail::AotSchema>& schemas, const std::vector<std::string>& sources);

}  // namespace sj::tools
