// Reading a whole file with a bound, for everything that reads one: schema files
// (Engine::compile_file), cutoffs files ("cutoffsFile", $SCHEMAJIT_CUTOFFS), object cache
// files and the tools' inputs. A device or an endless pipe (/dev/zero) cannot take the
// memory, a FIFO without a writer cannot hang the library, and nothing throws: running out
// of memory while reading is an error like any other.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace sj::rt {

// The most read_file reads: a file beyond it is an error.
constexpr size_t kMaxFileBytes = size_t{256} << 20;

struct ReadFileOptions {
  // The tools' inputs: pipes, devices and "-" (stdin) are read, blocking, up to the bound, as
  // a command-line tool reads them. The library reads regular files only, opened
  // non-blocking, so that a FIFO or a terminal is refused at once instead of waited on.
  bool streams = false;
  // false: a symbolic link as the last component is refused (the object cache: the file at a
  // key is the engine's own, never somewhere a link points).
  bool follow_symlinks = true;
};

// The whole file, or nullopt with `error` set to a message that starts with the path
// (missing, a directory, not a regular file, larger than kMaxFileBytes, out of memory, ...).
std::optional<std::string> read_file(const std::string& path, std::string& error, const ReadFileOptions& options = {});

}  // namespace sj::rt
