// The code a Serializer runs, whichever tier made it: the interpreter's program or machine
// code from the JIT (engine/) or from an ahead-of-time object. CallSpec is what every call
// starts from; the rest keeps what it points at alive, and carries the switch from one tier's
// code to the next (tier-up).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "ir/ir.h"
#include "runtime/call_state.h"
#include "runtime/pattern.h"

namespace schemajit::detail {

struct CompiledCode {
  sj::rt::CallSpec call;  // the entry point, the limits and the two tables below
  std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns;  // owned for the code's lifetime
  std::vector<const sj::rt::Pattern*> pattern_table;             // what CallSpec::patterns points at
  rapidjson::Document constants;                                  // the validators' const / enum values, an array
  std::vector<const rapidjson::Value*> constant_table;            // what CallSpec::constants points at
  std::shared_ptr<const void> keepalive;  // the machine code or the program, released with the last Serializer

  // Tier-up. Calls run `active`: this code, until better code is published (written once:
  // `upgraded` first, then `active` with release order). While calls_until_tier_up is positive
  // each call counts down; the call that takes it to 0 runs request_tier_up, which queues the
  // compile.
  mutable std::atomic<const CompiledCode*> active{this};
  mutable std::shared_ptr<const CompiledCode> upgraded;
  mutable std::atomic<int32_t> calls_until_tier_up{0};
  std::function<void()> request_tier_up;

  // Publishes `better` as the code every later call runs.
  void publish(std::shared_ptr<const CompiledCode> better) const {
    upgraded = std::move(better);
    active.store(upgraded.get(), std::memory_order_release);
  }
};

// Code around `entry`, with the tables of `patterns` and `constants` (JSON texts, as the
// lowering wrote them) and the limits.
std::shared_ptr<CompiledCode> compiled_code(sj::rt::EntryFn entry, std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns,
                                            const std::vector<std::string>& constants, int32_t max_data_depth,
                                            int64_t max_output_bytes, std::shared_ptr<const void> keepalive);

// The interpreter's code for a lowered module (interp/), which takes what it needs from it.
std::shared_ptr<CompiledCode> interpreted_code(sj::ir::Module&& module);

}  // namespace schemajit::detail
