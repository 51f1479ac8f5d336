// Tier-up: a serializer compiled at level 0 (fast to compile, ~1.5-2.5x slower to run) is
// recompiled at its final level on a background thread once it has been called
// kTierUpCalls times; the new code is swapped in atomically (CompiledCode::active) while
// calls go on. One worker thread per Engine, started on first use; destroying the Engine
// drops the queued work (its serializers then stay at level 0).
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace schemajit::detail {

// Calls before a recompile is queued: enough that one-off serializers never pay for one,
// few enough that a route under load is at full speed within its first second.
constexpr int32_t kTierUpCalls = 100;

// Process exit while a worker is inside LLVM: exit() destroys statics in reverse order of
// construction, including LLVM's lazily built ones, while the worker may still use them (seen
// as hangs and crashes at exit). So before a process first queues work for a level, it runs
// `prime` on the calling thread — one compile at that level, which builds those statics — and
// then registers an exit handler that stops every queue and waits for its running job. Exit
// handlers run before the statics constructed ahead of their registration are destroyed.
// (A static that LLVM builds for the first time inside a later job is not covered: priming
// uses a schema with every kind of node to make that unlikely.)
void prepare_exit_for_level(int level, const std::function<void()>& prime);

class TierUpQueue {
 public:
  TierUpQueue();
  ~TierUpQueue();
  TierUpQueue(const TierUpQueue&) = delete;
  TierUpQueue& operator=(const TierUpQueue&) = delete;

  // Runs `job` on the worker; ignored after shutdown.
  void push(std::function<void()> job);
  // Drops queued jobs, waits for the running one, joins the worker. Idempotent.
  void shutdown();
  // Blocks until the queue is empty and no job runs (tests and benchmarks).
  void drain();

 private:
  void run();
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> jobs_;
  bool stopped_ = false, busy_ = false;
  std::thread worker_;
};

}  // namespace schemajit::detail
