// A schema or options problem found while compiling: the message (fast-json-stringify's text
// where it has one) and the JSON pointer of the offending keyword.
#pragma once
#include <stdexcept>
#include <string>

namespace sj {

struct CompileError : std::runtime_error {
  std::string message;  // what() stops at a NUL byte; this does not (a $ref may hold one)
  std::string pointer;
  CompileError(std::string text, std::string ptr)
      : std::runtime_error(text), message(std::move(text)), pointer(std::move(ptr)) {}
};

}  // namespace sj
