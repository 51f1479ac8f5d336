// The runtime's side of one serialize call: what every call of a serializer starts from (its
// CallSpec), where its output goes, the error recorded by the first failure, and memory that
// lives as long as the call. How the output is written and ended is runtime/output.h.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/abi.h"

namespace sj::rt {

class Pattern;  // runtime/pattern.h

// Values of the `format` argument of sj_coerce_string.
enum class StringFormat : int32_t { None = 0, DateTime = 1, Date = 2, Time = 3, Unsafe = 4 };
// Values of the `rounding` argument of sj_coerce_integer (Math.trunc/floor/ceil/round).
enum class Rounding : int32_t { Trunc = 0, Floor = 1, Ceil = 2, Round = 3 };

// What a call keeps only when it needs it: the error of its first failure, memory that lives
// as long as the call (member orders, the objects read from strings and arrays, Ajv's
// conversions) and whether its output holds lone surrogates. Made on first use, so that a call that needs none of it
// does not construct and destroy it: for a small output that is a noticeable part of the call.
// What ended a call (the API's ErrorCode says it to the caller).
enum class Failure : uint8_t {
  Data,    // the data does not fit the schema: fjs throws there
  Depth,   // deeper than maxDataDepth
  Output,  // beyond maxOutputBytes
  Memory,  // the output buffer could not grow
  Schema,  // Ajv refuses the schema when the call first validates with it
  Buffer,  // the output does not fit the caller's buffer
  Sink,    // the caller's chunk writer stopped the call
  Regex,   // a regex search ran out of the call's budget or its stack limit (runtime/js_regex.h)
};

// uint32_t arrays that live as long as the call (member orders), cut from chunks; the first
// chunk of a call is the one this thread's previous call gave back, so that in the steady
// state an order costs no allocation. A call nested in another on the same thread (a chunk
// writer that serializes) finds none given back and takes its own.
class CallArena {
 public:
  CallArena() = default;
  CallArena(const CallArena&) = delete;
  CallArena& operator=(const CallArena&) = delete;
  ~CallArena();  // gives the largest chunk back to the thread
  uint32_t* take(size_t n);

 private:
  struct Chunk {
    std::unique_ptr<uint32_t[]> data;
    size_t cap = 0;
  };
  std::vector<Chunk> chunks_;
  size_t used_ = 0;  // of the last chunk
};

// Frees the chunk this thread's calls keep (schemajit::release_thread_buffers); its entries,
// for tests.
void release_call_arena();
size_t call_arena_kept_capacity();

struct CallExtras {
  Failure failure = Failure::Data;
  std::string message;  // fast-json-stringify's text where it has one
  std::string path;     // schema location, "#/properties/a"
  CallArena arena;
  std::vector<std::unique_ptr<rapidjson::Document>> views;  // sj_object_view's objects
  std::vector<std::shared_ptr<const void>> held;            // other models' object views
  bool lone_surrogates = false;  // keep_lone_surrogates
  // Ajv's writes into validated data (runtime/ajv_writes.h): the pool the copies and what is
  // written into them live in, and the root sj_ajv_enter moved an element into for the
  // validation that is running.
  std::unique_ptr<rapidjson::MemoryPoolAllocator<>> pool;
  const rapidjson::Value* moved_root = nullptr;
  bool root_unwrapped = false;  // that root became the element
  uint64_t regex_steps = 0;     // charged to the call's RegexBudget (runtime/js_regex.h)
};

void drop_extras(std::unique_ptr<CallExtras> extras);  // destroys them, out of line: see ~CallState

// Generated or interpreted code for values of one input model (runtime/input_model.h).
using EntryFn = SjStatus (*)(SjCtx*, const void* value);

// What every call of one compiled serializer starts from, fixed when it is compiled.
struct CallSpec {
  EntryFn entry = nullptr;         // for RapidJSON values
  EntryFn yyjson_entry = nullptr;  // for yyjson values; null where the code has none (AOT objects)
  const Pattern* const* patterns = nullptr;  // the serializer's regexes
  const SjValue* const* constants = nullptr;  // the values its validators compare with
  int32_t max_depth = 1000;
  size_t max_output = SIZE_MAX;  // bytes a call may produce
  const void* program = nullptr;  // interpreted code: the sj::interp::Program the entry runs
};

// What one call serializes: a value, and the entry of the code for its model.
struct Input {
  EntryFn entry;
  const void* value;
};

struct CallerBuffer;  // runtime/output.h
struct ChunkSink;

struct CallState {
  const CallSpec* spec = nullptr;  // the serializer's limits and tables
  // Where the output goes: the caller's string, or else its buffer, or else its chunk writer.
  std::string* out = nullptr;
  CallerBuffer* buffer = nullptr;
  ChunkSink* chunks = nullptr;
  char* in_place = nullptr;        // writing into the caller's string: where this call's output starts
  bool discarding = false;         // over the limit (or out of memory): output is thrown away
  std::unique_ptr<CallExtras> extras;

  CallState() = default;
  CallState(const CallState&) = delete;
  CallState& operator=(const CallState&) = delete;
  // CallExtras' destructor (two strings, a vector of arrays) stays out of the API's inline
  // call: it made the caller save every register it has for a path most calls never take.
  ~CallState() {
    if (extras) [[unlikely]] drop_extras(std::move(extras));
  }

  CallExtras& more() {
    if (!extras) extras = std::make_unique<CallExtras>();
    return *extras;
  }
};

inline CallState& state(SjCtx* ctx) { return *static_cast<CallState*>(ctx->state); }

// Records the call's failure (the first one is the one reported) and returns 1.
SjStatus fail(SjCtx* ctx, Failure failure, std::string message, const char* path);

}  // namespace sj::rt
