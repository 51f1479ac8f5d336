#include "tools/aot_header.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <set>

#include <schemajit/schemajit.h>

namespace sj::tools {
namespace {

bool reserved(const std::string& name) {
  static const std::set<std::string> kNames = {
      // C++20's keywords and alternative tokens.
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
      "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit",
      "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
      "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
      "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "return", "short", "signed",
      "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
      "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void",
      "volatile", "wchar_t", "while", "xor", "xor_eq",
      // Macros a program including the header may have: the C library's, GNU mode's.
      "NULL", "EOF", "assert", "errno", "offsetof", "setjmp", "stdin", "stdout", "stderr", "va_arg", "va_copy", "va_end",
      "va_start", "linux", "unix"};
  const bool implementation = name.find("__") != std::string::npos ||
                              (name.size() > 1 && name[0] == '_' && std::isupper(static_cast<unsigned char>(name[1])));
  return implementation || kNames.count(name) != 0;
}

}  // namespace

std::string c_string(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\' || c == '"' || c == '?') {
      q += '\\';
      q += c;
    } else if (c == '\n') {
      q += "\\n";
    } else if (u < 0x20 || u == 0x7f) {
      char escaped[5];  // octal: three digits at most, so a digit after it stays a digit
      std::snprintf(escaped, sizeof escaped, "\\%03o", u);
      q += escaped;
    } else {
      q += c;
    }
  }
  return q + "\"";
}

bool is_c_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string cpp_identifier(const std::string& name) { return reserved(name) ? name + "_" : name; }

std::string function_name(const std::string& path) {
  std::string stem = std::filesystem::path(path).filename().string();
  stem = stem.substr(0, stem.find('.'));
  for (char& c : stem)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  if (stem.empty() || std::isdigit(static_cast<unsigned char>(stem[0]))) stem = "_" + stem;
  return cpp_identifier(stem);
}

std::string namespace_name(const std::string& ns) {
  static const std::set<std::string> kGlobal = {"std", "schemajit", "rapidjson", "uint64_t", "schemajit_aot_serializer",
                                                "schemajit_aot_feature"};
  return kGlobal.count(ns) ? ns + "_" : cpp_identifier(ns);
}

std::string header(const std::string& ns, const std::string& cpp_ns, const std::string& cpu,
                   const std::vector<schemajit::detail::AotSchema>& schemas, const std::vector<std::string>& sources) {
  using schemajit::detail::aot_index_symbol;
  using schemajit::detail::aot_symbol;
  std::string h = "// Made by schemajit-aot " SCHEMAJIT_VERSION_STRING " for " + cpu +
                  ". Do not edit.\n#pragma once\n#include <stdint.h>\n\n#include <schemajit/aot.h>\n\nextern \"C\" {\n";
  for (const auto& s : schemas) h += "extern const schemajit_aot_serializer " + aot_symbol(ns, s.name) + ";\n";
  h += "// All of them, in order, and how many.\n";
  h += "extern const schemajit_aot_serializer* const " + aot_index_symbol(ns, "tables") + "[];\n";
  h += "extern const uint64_t " + aot_index_symbol(ns, "count") + ";\n}\n\nnamespace " + cpp_ns + " {\n";
  // Qualified from the global scope: a function may be named like anything the header uses.
  for (size_t i = 0; i < schemas.size(); ++i)
    h += "\n// " + c_string(sources[i]) + "\ninline ::schemajit::Result<::schemajit::Serializer> " + schemas[i].name +
         "() { return ::schemajit::load(::" + aot_symbol(ns, schemas[i].name) + "); }\n";
  return h + "\n}  // namespace " + cpp_ns + "\n";
}

}  // namespace sj::tools
