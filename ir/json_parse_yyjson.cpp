// JSON text → a yyjson document with the meaning JSON.parse gives it, for serialize_json's
// yyjson path. yyjson's reader reads most text as JSON.parse does: numbers correctly rounded,
// integers exact to 64 bits (the documented difference, as in RapidJSON), numbers beyond the
// double range kept as their text (BIGNUM_AS_RAW: the model reads them as JavaScript's Number
// does, ±Infinity). It differs on what JSON.parse accepts and it refuses (lone surrogates,
// "\ud800"; bytes that are not UTF-8, which RapidJSON's reader copies), on duplicate names
// (yyjson keeps every member; JSON.parse keeps the last value at the first position), and in
// its error messages. Text with any of those goes through parse_json_data (ir/json_parse.cpp),
// whose document, collapsed as JSON.parse would, is copied into a yyjson tape: rare text pays
// twice, and the answer is always today's. Never ALLOW_INVALID_UNICODE: under it yyjson also
// takes raw control characters in strings, which JSON.parse refuses (found by fuzz_text).
#include <algorithm>
#include <memory>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include <yyjson.h>

#include "ir/schema_doc.h"
#include "runtime/duplicate_names.h"
#include "runtime/input_model.h"
#include "runtime/kept_list.h"
#include "runtime/model_calls.h"
#include "runtime/output.h"

namespace sj {
namespace {

using Y = model::Yyjson;

// Whether some object of the document has a name twice (runtime/duplicate_names.h): one pass
// over the tape, each object's names gathered into this thread's list.
bool has_duplicate_names(const yyjson_val* root) {
  thread_local std::vector<std::string_view> names;
  rt::KeptList kept(names);
  const yyjson_val* end = Y::next(root);
  for (const yyjson_val* v = root; v != end; ++v) {  // every value of the tape, in order
    if (Y::kind(v) != model::Object || Y::count(v) < 2) continue;
    names.clear();
    const yyjson_val* m = Y::first_member(v);
    for (uint32_t i = 0, n = Y::count(v); i < n; ++i, m = Y::next_member(m)) names.push_back(Y::name(m));
    if (rt::names_repeat(names.data(), names.size())) return true;
  }
  return false;
}

// The memory yyjson's reader takes, this thread's, kept between calls as the output's scratch
// buffer is (runtime/output.h keep_after_call): reading into memory the call last used, not a
// fresh allocation whose pages fault in on every call, halves the read of twitter (493 →
// 239 µs in a loop, yyjson_read as it allocates against a reused buffer). A read while the
// buffer holds a document still in use (a chunk writer that serializes text itself) takes
// memory of its own.
struct ReadArena {
  std::unique_ptr<char[]> data;
  size_t cap = 0;
  size_t previous_need = 0;
  bool in_use = false;
};
thread_local ReadArena t_arena;

// Ends the use of this thread's arena: frees it unless keep_after_call keeps it.
void give_back(size_t need) {
  t_arena.in_use = false;
  if (!rt::keep_after_call(t_arena.cap, std::exchange(t_arena.previous_need, need))) {
    t_arena.data.reset();
    t_arena.cap = 0;
  }
}

// yyjson_read into this thread's arena when it is free (out.arena_need says so), else into
// memory of its own (out.owner).
yyjson_doc* read_in_arena(std::string_view text, yyjson_read_flag flags, YyjsonData& out) {
  if (t_arena.in_use) {
    yyjson_doc* doc = yyjson_read(text.data(), text.size(), flags);
    if (doc) out.owner = std::shared_ptr<yyjson_doc>(doc, yyjson_doc_free);
    return doc;
  }
  size_t need = yyjson_read_max_memory_usage(text.size(), flags);
  if (need > t_arena.cap) {
    t_arena.data.reset(new (std::nothrow) char[need]);
    t_arena.cap = t_arena.data ? need : 0;
    if (!t_arena.data) return nullptr;  // parse_json_data then reads it, or says it cannot
  }
  yyjson_alc alc;
  yyjson_alc_pool_init(&alc, t_arena.data.get(), t_arena.cap);
  yyjson_doc* doc = yyjson_read_opts(const_cast<char*>(text.data()), text.size(), flags, &alc, nullptr);
  if (!doc) {
    give_back(0);
    return nullptr;
  }
  t_arena.in_use = true;  // the pool's memory is the arena's: nothing to free in the document
  out.arena_need = need;
  return doc;
}

// parse_json_data's document, collapsed, as a tape; it owns both.
struct CopiedTape {
  rapidjson::Document doc;
  std::vector<yyjson_val> tape;
};

}  // namespace

void YyjsonData::reset() {
  root = nullptr;
  lone_surrogates = false;
  owner.reset();
  if (arena_need) give_back(std::exchange(arena_need, 0));
}

bool read_json_data_yyjson(std::string_view text, YyjsonData& out, std::string& error) {
  out.reset();
  const yyjson_read_flag flags = YYJSON_READ_BIGNUM_AS_RAW;
  if (yyjson_doc* doc = read_in_arena(text, flags, out)) {
    if (!has_duplicate_names(yyjson_doc_get_root(doc))) {
      out.root = yyjson_doc_get_root(doc);
      return true;
    }
    out.reset();
  }
  auto copied = std::make_shared<CopiedTape>();
  if (!parse_json_data(text, copied->doc, error, out.lone_surrogates)) return false;
  collapse_duplicate_members(copied->doc);
  rt::copy_to_yyjson(copied->doc, copied->tape);
  out.root = copied->tape.data();
  out.owner = std::move(copied);
  return true;
}

void release_read_arena() {
  if (!t_arena.in_use) t_arena = ReadArena();
}

}  // namespace sj
