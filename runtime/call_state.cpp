// CallState's out-of-line parts.
#include "runtime/call_state.h"

#include <algorithm>
#include <utility>

#include "runtime/output.h"

namespace sj::rt {

// Destroys them here, out of line (~CallState).
void drop_extras(std::unique_ptr<CallExtras>) {}

namespace {
// The chunk the last call on this thread gave back. Chunks above kKeptBytes (output.h) are
// freed: one huge object does not pin its memory to the thread.
constexpr size_t kFirstChunk = 1024, kKeptChunk = kKeptBytes / sizeof(uint32_t);
thread_local std::unique_ptr<uint32_t[]> t_kept;
thread_local size_t t_kept_cap = 0;
}  // namespace

void release_call_arena() {
  t_kept.reset();
  t_kept_cap = 0;
}

size_t call_arena_kept_capacity() { return t_kept_cap; }

uint32_t* CallArena::take(size_t n) {
  if (chunks_.empty() || chunks_.back().cap - used_ < n) {
    Chunk c;
    if (chunks_.empty() && t_kept && t_kept_cap >= n) {
      c.data = std::move(t_kept);
      c.cap = std::exchange(t_kept_cap, 0);
    } else {
      c.cap = std::max({n, kFirstChunk, chunks_.empty() ? 0 : 2 * chunks_.back().cap});
      c.data = std::make_unique_for_overwrite<uint32_t[]>(c.cap);
    }
    chunks_.push_back(std::move(c));
    used_ = 0;
  }
  uint32_t* p = chunks_.back().data.get() + used_;
  used_ += n;
  return p;
}

CallArena::~CallArena() {
  if (chunks_.empty()) return;
  Chunk& largest = chunks_.back();
  if (largest.cap <= kKeptChunk && largest.cap > t_kept_cap) {
    t_kept = std::move(largest.data);
    t_kept_cap = largest.cap;
  }
}

SjStatus fail(SjCtx* ctx, Failure failure, std::string message, const char* path) {
  CallExtras& x = state(ctx).more();
  if (x.message.empty()) {  // the first failure is the one reported
    x.failure = failure;
    x.message = std::move(message);
    x.path = path ? path : "";
  }
  return 1;
}

}  // namespace sj::rt
