#include "engine/tier_up.h"

#include <pthread.h>
#include <unistd.h>

#include <cstdlib>
#include <new>
#include <set>

namespace schemajit::detail {
namespace {

// Every live queue, for the exit handler and the fork handlers. Leaked on purpose: it must
// outlive all statics.
struct Registry {
  std::mutex mutex;
  std::set<TierUpQueue*> queues;
};
Registry& registry();

// pthread_atfork's three handlers (engine/tier_up.h): the registry's lock and every queue's are
// held from before fork() until after it, in parent and child alike.
void prepare_fork() {
  Registry& r = registry();
  r.mutex.lock();
  for (TierUpQueue* q : r.queues) q->hold_for_fork();
}

void parent_after_fork() {
  Registry& r = registry();
  for (TierUpQueue* q : r.queues) q->release_after_fork();
  r.mutex.unlock();
}

void child_after_fork() {
  Registry& r = registry();
  for (TierUpQueue* q : r.queues) q->reset_in_child();
  r.mutex.unlock();
}

Registry& registry() {
  static Registry* r = [] {
    pthread_atfork(prepare_fork, parent_after_fork, child_after_fork);
    return new Registry;
  }();
  return *r;
}

void stop_all_queues() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (TierUpQueue* q : r.queues) q->shutdown();
}

struct MainThreadExitGuard {
  ~MainThreadExitGuard() { stop_all_queues(); }
};

}  // namespace

void guard_exit_on_main_thread() {
  thread_local bool checked = false;  // two system calls once per thread, not per compile
  if (checked) return;
  checked = true;
  if (::gettid() != ::getpid()) return;
  thread_local MainThreadExitGuard guard;
  (void)&guard;
}

void prepare_exit_for_level(int level, const std::function<void()>& prime) {
  static std::once_flag primed[4];
  std::call_once(primed[level & 3], [&] {
    prime();
    std::atexit(stop_all_queues);
  });
}

TierUpQueue::TierUpQueue() {
  std::lock_guard<std::mutex> lock(registry().mutex);
  registry().queues.insert(this);
}

TierUpQueue::~TierUpQueue() {
  {
    std::lock_guard<std::mutex> lock(registry().mutex);
    registry().queues.erase(this);
  }
  shutdown();
}

void TierUpQueue::push_job(std::function<void()> job) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopped_) return;
  jobs_.push_back(std::move(job));
  if (start_worker_locked()) wake_.notify_one();
}

bool TierUpQueue::start_worker_locked() noexcept {
  if (worker_.joinable() || jobs_.empty()) return true;
  try {
    worker_ = std::thread([this] { run(); });
    return true;
  } catch (const std::exception& e) {
    uint64_t jobs = jobs_.size();
    jobs_.clear();
    drop_locked(jobs, "cannot start the worker thread: ", e.what());
    return false;
  }
}

void TierUpQueue::dropped(const char* why) noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  drop_locked(1, "", why);
}

void TierUpQueue::drop_locked(uint64_t jobs, const char* what, const char* why) noexcept {
  if (jobs == 0) return;
  bool first = dropped_ == 0;
  dropped_ += jobs;
  if (!first) return;
  try {
    first_drop_ = std::string("tier-up dropped: ") + what + why;
  } catch (...) {
    // No memory for the message: the count stands.
  }
}

uint64_t TierUpQueue::dropped(std::string& first_reason) {
  std::lock_guard<std::mutex> lock(mutex_);
  first_reason = first_drop_;
  return dropped_;
}

void TierUpQueue::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  running_ = true;
  idle_.notify_all();  // a fork may wait for this thread's start
  for (;;) {
    wake_.wait(lock, [this] { return stopped_ || (!jobs_.empty() && !fork_pending_); });
    if (stopped_) break;
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    busy_ = true;
    lock.unlock();
    job();
    job = nullptr;  // its captures go before the queue reports idle
    lock.lock();
    busy_ = false;
    idle_.notify_all();
  }
  idle_.notify_all();
}

void TierUpQueue::drain() noexcept {
  std::unique_lock<std::mutex> lock(mutex_);
  start_worker_locked();  // a child of fork() may have the parent's queued jobs and no worker yet
  idle_.wait(lock, [this] { return stopped_ || (jobs_.empty() && !busy_); });
}

void TierUpQueue::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  if (worker_.joinable() && worker_.get_id() != std::this_thread::get_id()) worker_.join();
}

// The forking thread waits for the running job (the worker starts no other while a fork is
// pending) and for a worker still starting up, then keeps the lock through fork(): the worker
// is then waiting for work, outside LLVM, holding no lock, and not inside the allocator (a
// thread's start allocates: a child copied meanwhile inherits an allocator lock nobody will
// release where malloc has no fork handlers of its own, as under ASan).
void TierUpQueue::hold_for_fork() {
  std::unique_lock<std::mutex> lock(mutex_);
  fork_pending_ = true;
  idle_.wait(lock, [this] { return !busy_ && (running_ || !worker_.joinable()); });
  lock.release();
}

void TierUpQueue::release_after_fork() {
  fork_pending_ = false;
  mutex_.unlock();
  wake_.notify_all();  // the jobs queued meanwhile
}

// The child's only thread is the one that forked. The parent's worker, and any thread that
// waited in drain(), do not exist here, yet the thread handle and the condition variables
// still count them: joining the one or destroying the others would wait forever. They are
// replaced without being destroyed (nothing of theirs needs freeing), and the next push or
// drain starts the child's own worker.
void TierUpQueue::reset_in_child() {
  new (&worker_) std::thread();
  new (&wake_) std::condition_variable();
  new (&idle_) std::condition_variable();
  fork_pending_ = running_ = false;
  mutex_.unlock();
}

}  // namespace schemajit::detail
