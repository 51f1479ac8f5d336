// What every schemajit command-line tool does the same way: `--help` / `-h` (usage on stdout,
// exit 0), `--version`, errors as one line "<tool>: <message>" on stderr, exit status 1 for a
// failure and 2 for a misused command line (with the usage after the line), flags' values
// checked before anything runs.
#pragma once
#include <string>
#include <vector>

#include <schemajit/schemajit.h>

namespace sj::tools {

class Cli {
 public:
  Cli(const char* name, const char* usage) : name_(name), usage_(usage) {}

  // Prints "<tool>: <message>" on stderr; returns the exit status 1.
  int fail(const std::string& message) const;
  // "<tool>: warning: <message>" on stderr, for each message.
  void warn(const std::vector<std::string>& messages) const;
  // An Engine's log (EngineOptions::log) printed the same way: a Warning as warn() prints it,
  // an Info as "<tool>: <message>"; each message once (a tool may compile a schema twice).
  // Thread-safe.
  schemajit::LogSink log_sink() const;
  // The same for a misused command line, followed by the usage; returns 2.
  int misuse(const std::string& message) const;
  // The usage on stdout; returns 0.
  int help() const;
  // "<tool> <version>" on stdout; returns 0.
  int version() const;
  static bool is_help(const std::string& arg) { return arg == "--help" || arg == "-h"; }
  // What main returns: `status`, unless standard output could not be written (a full disk,
  // a closed pipe, /dev/full), which is a failure even when everything else went well.
  int exit_status(int status) const;

  // The value after the flag at args[i] (i moves past it); false, with *status set to
  // misuse's, when there is none.
  bool value(const std::vector<std::string>& args, size_t& i, std::string& out, int* status) const;
  // The same for a whole number from `min` to `max`.
  bool number(const std::vector<std::string>& args, size_t& i, long min, long max, long& out, int* status) const;

 private:
  const char* name_;
  const char* usage_;
};

// `schemajit check`: runs conformance files (tools/check.cpp).
int check_command(const Cli& cli, const std::vector<std::string>& args);

}  // namespace sj::tools
