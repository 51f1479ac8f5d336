// Small helpers shared by the schemajit subcommands.
#pragma once
#include <string>
#include <vector>

namespace sj::tools {

// Prints "schemajit: <message>" on stderr and returns the exit status 1.
int fail_line(const std::string& message);
// The same for a misused command line: exit status 2.
int usage_error(const std::string& message);

int check_command(const std::vector<std::string>& args);

}  // namespace sj::tools
