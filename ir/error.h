// A schema or options problem found while compiling: the message (fast-json-stringify's text
// where it has one) and the JSON pointer of the offending keyword.
#pragma once
#include <stdexcept>
#include <string>

namespace sj {

struct CompileError : std::runtime_error {
  std::string pointer;
  CompileError(std::string message, std::string ptr)
      : std::runtime_error(std::move(message)), pointer(std::move(ptr)) {}
};

}  // namespace sj
