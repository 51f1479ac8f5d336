// Tier-up: a serializer compiled at level 0 (fast to compile, ~1.5-2.5x slower to run) is
// recompiled at its final level on a background thread once it has been called
// kTierUpCalls times; the new code is swapped in atomically (CompiledCode::active) while
// calls go on. One worker thread per Engine, started on first use; destroying the Engine
// drops the queued work (its serializers then stay at level 0).
//
// fork(): pthread_atfork handlers make the forking thread wait for every queue's running job,
// and only that one (the worker starts no other meanwhile, so a stream of tier-ups cannot hold
// fork back), so no worker is inside LLVM or holds a lock when the process is copied, and hold the
// queues' locks across the fork. The child has no worker: its queues forget the parent's
// thread and the condition variables it waited on (destroying or joining either would wait
// forever), and its next push or drain starts a worker of its own, which also runs the jobs
// that were queued at the fork.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace schemajit::detail {

// Calls before a recompile is queued: enough that one-off serializers never pay for one,
// few enough that a route under load is at full speed within its first second.
constexpr int32_t kTierUpCalls = 100;

// Process exit while a worker is inside LLVM: exit() destroys statics in reverse order of
// construction, including LLVM's lazily built ones, while the worker may still use them (seen
// as hangs and crashes at exit). Two guards stop every queue, waiting for its running job,
// before any of those statics goes:
//
// guard_exit_on_main_thread(), called by the Engine on every thread that creates an Engine or
// compiles, gives the process's main thread a thread_local whose destructor stops the queues.
// The thread that calls exit() (main returning, most often) destroys its thread_locals before
// any static ([basic.start.term]), so this covers every static, however late LLVM built it.
// (A main thread that ends by pthread_exit while others go on stops tier-up with it: the
// serializers keep the code they have.)
//
// prepare_exit_for_level(level, prime), for exit() from any other thread: the worker calls it
// before its first job at a level; the first call in the process runs `prime` — one compile at
// that level, which builds the statics a recompile uses — and then registers an exit handler
// that stops the queues (exit handlers run before the statics built ahead of their
// registration are destroyed). It runs on the worker, not in compile(): a process's first
// compile would otherwise wait for a level-1 compile (~17 ms; ~150 ms until stop 23, with a
// bigger priming schema) that only tier-up needs. Not covered: exit() from a thread other than
// main while the priming compile runs, or while a later job builds a static the priming
// schema did not (engine.cpp's kPrimingSchema says how that was checked).
void guard_exit_on_main_thread();
void prepare_exit_for_level(int level, const std::function<void()>& prime);

class TierUpQueue {
 public:
  TierUpQueue();
  ~TierUpQueue();
  TierUpQueue(const TierUpQueue&) = delete;
  TierUpQueue& operator=(const TierUpQueue&) = delete;

  // Runs `job` on the worker; ignored after shutdown. Never throws, as it runs inside a
  // serialize call: a job that cannot be queued (no memory, or no thread for the worker: a
  // thread or address-space limit) is dropped — its serializer keeps the code it has — and
  // counted in dropped().
  template <class Job>
  void push(Job&& job) noexcept {
    try {
      push_job(std::function<void()>(std::forward<Job>(job)));
    } catch (const std::exception& e) {
      dropped(e.what());
    } catch (...) {
      dropped("unknown exception");
    }
  }
  // Drops queued jobs, waits for the running one, joins the worker. Idempotent.
  void shutdown();
  // Blocks until the queue is empty and no job runs (tests and benchmarks). Never throws.
  void drain() noexcept;
  // Jobs dropped because they could not be queued or run, and why the first one was.
  uint64_t dropped(std::string& first_reason);

  // fork() (see above), called by the pthread_atfork handlers with the registry locked.
  void hold_for_fork();
  void release_after_fork();
  void reset_in_child();

 private:
  void push_job(std::function<void()> job);
  // Starts the worker when there are jobs and none runs (the first push; a child's first push
  // or drain after fork()). False when no thread can be created: the jobs are dropped then
  // (none would ever run them) and counted.
  bool start_worker_locked() noexcept;
  void dropped(const char* why) noexcept;
  void drop_locked(uint64_t jobs, const char* what, const char* why) noexcept;
  void run();
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> jobs_;
  bool stopped_ = false, busy_ = false;
  bool fork_pending_ = false;  // a fork waits for the running job: the worker takes no other
  bool running_ = false;       // the worker has started (its thread set up, its memory taken)
  std::thread worker_;
  uint64_t dropped_ = 0;
  std::string first_drop_;
};

}  // namespace schemajit::detail
