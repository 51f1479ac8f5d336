#include "engine/tier_up.h"

#include <unistd.h>

#include <cstdlib>
#include <set>

namespace schemajit::detail {
namespace {

// Every live queue, for the exit handler. Leaked on purpose: it must outlive all statics.
struct Registry {
  std::mutex mutex;
  std::set<TierUpQueue*> queues;
};
Registry& registry() {
  static Registry* r = new Registry;
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

void TierUpQueue::push(std::function<void()> job) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopped_) return;
  jobs_.push_back(std::move(job));
  if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
  wake_.notify_one();
}

void TierUpQueue::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopped_ || !jobs_.empty(); });
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

void TierUpQueue::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
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

}  // namespace schemajit::detail
