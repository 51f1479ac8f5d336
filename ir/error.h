// A schema or options problem found while compiling: what kind it is, the message
// (fast-json-stringify's text where it has one) and the JSON pointer of the offending keyword.
#pragma once
#include <stdexcept>
#include <string>

#include <schemajit/schemajit.h>

namespace sj {

using schemajit::ErrorCode;

struct CompileError : std::runtime_error {
  ErrorCode code;
  std::string message;  // what() stops at a NUL byte; this does not (a $ref may hold one)
  std::string pointer;
  CompileError(std::string text, std::string ptr, ErrorCode kind = ErrorCode::InvalidSchema)
      : std::runtime_error(text), code(kind), message(std::move(text)), pointer(std::move(ptr)) {}
};

// A regular expression that ran out of a limit at build time (its search, or libregexp itself):
// "regular expression /<source>/ <why>", naming `pointer`.
inline CompileError regex_limit_error(const std::string& source, const std::string& why, std::string pointer) {
  return CompileError("regular expression /" + source + "/ " + why, std::move(pointer), ErrorCode::RegexLimit);
}

}  // namespace sj
