// A thread's working list (thread_local, reused by every call on the thread so that the
// steady state allocates nothing), kept between calls only up to kKeptBytes (output.h), as the
// thread's other buffers are: one huge object does not pin its memory to the thread.
#pragma once
#include <vector>

#include "runtime/output.h"

namespace sj::rt {

// Frees `list` when its user is done, if it grew past the bound.
template <class T>
class KeptList {
 public:
  explicit KeptList(std::vector<T>& list) : list_(list) {}
  KeptList(const KeptList&) = delete;
  KeptList& operator=(const KeptList&) = delete;
  ~KeptList() {
    if (list_.capacity() * sizeof(T) > kKeptBytes) std::vector<T>().swap(list_);
  }

 private:
  std::vector<T>& list_;
};

}  // namespace sj::rt
