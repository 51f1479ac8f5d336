#include "runtime/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <new>

namespace sj::rt {
namespace {

// Closes the descriptor it opened (not stdin's).
class Fd {
 public:
  explicit Fd(int fd, bool owned) : fd_(fd), owned_(owned) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

std::optional<std::string> fail(std::string& error, std::string message) {
  error = std::move(message);
  return std::nullopt;
}

// Reads `fd` to its end into `text`, which is left at the bytes read; false when they pass
// `max` (`text` then holds more than max) or on a read error (errno set). A regular file's
// size is its first guess, so that it is read in one pass with no copy.
bool read_all(int fd, size_t guess, size_t max, std::string& text, int& err) {
  size_t have = 0, want = std::min(guess, max) + 1;
  for (;;) {
    bool eof = false;
    // C++23's resize_and_overwrite: the bytes are read into the string's storage without
    // first filling it with zeros (a cache hit reads 100+ KB).
    text.resize_and_overwrite(want, [&](char* p, size_t n) {
      while (have < n) {
        ssize_t got = ::read(fd, p + have, n - have);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
          err = errno;
          break;
        }
        if (got == 0) {
          eof = true;
          break;
        }
        have += static_cast<size_t>(got);
      }
      return have;
    });
    if (err != 0 || have > max) return false;
    if (eof) return true;
    want = std::min(want * 2, max + 1);
  }
}

}  // namespace

std::optional<std::string> read_file(const std::string& path, std::string& error, const ReadFileOptions& options) {
  bool from_stdin = options.streams && path == "-";
  std::string name = from_stdin ? std::string("standard input") : path;
  // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer. The tools read
  // pipes as any command-line tool does, waiting for their writer.
  int flags = O_RDONLY | O_CLOEXEC | (options.streams ? 0 : O_NONBLOCK) | (options.follow_symlinks ? 0 : O_NOFOLLOW);
  Fd fd(from_stdin ? STDIN_FILENO : ::open(path.c_str(), flags), !from_stdin);
  if (fd.get() < 0) return fail(error, name + ": " + std::strerror(errno));
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return fail(error, name + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return fail(error, name + ": is a directory");
  bool regular = S_ISREG(st.st_mode);
  if (!regular && !options.streams) return fail(error, name + ": " + kind_of(st.st_mode) + ", not a regular file");
  auto too_large = [&] { return name + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB, the limit of an input file"; };
  // A sparse file may claim any size: refused before a byte of it is allocated.
  if (regular && static_cast<uint64_t>(st.st_size) > kMaxFileBytes) return fail(error, too_large());
  try {
    std::string text;
    int err = 0;
    if (read_all(fd.get(), regular ? static_cast<size_t>(st.st_size) : size_t{64} << 10, kMaxFileBytes, text, err))
      return text;
    return fail(error, err != 0 ? name + ": " + std::strerror(err) : too_large());
  } catch (const std::bad_alloc&) {
    return fail(error, name + ": out of memory reading it");
  }
}

}  // namespace sj::rt
