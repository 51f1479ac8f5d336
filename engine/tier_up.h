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

class TierUpQueue {
 public:
  TierUpQueue() = default;
  ~TierUpQueue() { shutdown(); }
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
