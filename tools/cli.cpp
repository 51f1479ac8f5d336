#include "tools/cli.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <string_view>

#include <schemajit/schemajit.h>

namespace sj::tools {

int Cli::fail(const std::string& message) const {
  std::cerr << name_ << ": " << message << "\n";
  return 1;
}

void Cli::warn(const std::vector<std::string>& messages) const {
  for (const auto& m : messages) std::cerr << name_ << ": warning: " << m << "\n";
}

schemajit::LogSink Cli::log_sink() const {
  struct Seen {
    std::mutex mutex;
    std::set<std::string, std::less<>> messages;
  };
  return [name = name_, seen = std::make_shared<Seen>()](schemajit::LogLevel level, std::string_view message) {
    std::lock_guard<std::mutex> lock(seen->mutex);
    if (!seen->messages.emplace(message).second) return;
    std::cerr << name << (level == schemajit::LogLevel::Warning ? ": warning: " : ": ") << message << "\n";
  };
}

int Cli::misuse(const std::string& message) const {
  std::string_view synopsis = usage_;  // the usage lines, without the explanation after them
  synopsis = synopsis.substr(0, synopsis.find("\n\n") + 1);
  std::cerr << name_ << ": " << message << "\n" << synopsis;
  return 2;
}

int Cli::exit_status(int status) const {
  std::cout.flush();
  bool written = static_cast<bool>(std::cout) && std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (!written) {
    int e = errno;
    std::cerr << name_ << ": cannot write the output: " << std::strerror(e ? e : EIO) << "\n";
    return status == 0 ? 1 : status;
  }
  return status;
}

int Cli::help() const {
  std::cout << usage_;
  return 0;
}

int Cli::version() const {
  std::cout << name_ << " " << schemajit::version() << "\n";
  return 0;
}

bool Cli::value(const std::vector<std::string>& args, size_t& i, std::string& out, int* status) const {
  if (i + 1 >= args.size()) {
    *status = misuse(args[i] + " needs a value");
    return false;
  }
  out = args[++i];
  return true;
}

bool Cli::number(const std::vector<std::string>& args, size_t& i, long min, long max, long& out, int* status) const {
  std::string flag = args[i], text;
  if (!value(args, i, text, status)) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (ec != std::errc() || end != text.data() + text.size() || out < min || out > max) {
    *status = misuse(flag + " takes a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                     ", not '" + text + "'");
    return false;
  }
  return true;
}

}  // namespace sj::tools
