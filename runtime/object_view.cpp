// A string or an array given to an object schema (spec §16.3). fast-json-stringify reads an
// object schema's data with obj[key] and lists its extra members with Object.keys(obj), so
// JavaScript's view of a string or an array is what it prints from: "ab" has the members
// "0": "a" and "1": "b", an array its elements under "0", "1", …, and both have a `length`
// that Object.keys does not list. Rare data on a cold path: the view is built as an ordinary
// object Value, which the generated code then reads like any other object.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>

#include "runtime/abi.h"
#include "runtime/output.h"
#include "runtime/object_view.h"

namespace {

// The element itself, not a copy: a Value whose bytes are the element's shares its storage
// (strings, members, elements), which the caller's document keeps alive beyond the call. The
// view's document never frees what its values point to (its pool allocator frees nothing
// value by value), so sharing is safe; and no copy walks (or recurses through) the element.
rapidjson::Value alias(const rapidjson::Value& element) {
  static_assert(!rapidjson::Document::AllocatorType::kNeedFree, "a view's values may share the caller's storage");
  rapidjson::Value shared;
  std::memcpy(static_cast<void*>(&shared), &element, sizeof shared);
  return shared;
}

}  // namespace

extern "C" const SjValue* sj_object_view(SjCtx* ctx, const SjValue* v, int64_t limit, int32_t flags) {
  if (!v->IsString() && !v->IsArray()) return v;  // a number or a boolean: no members
  sj::rt::CallState& st = sj::rt::state(ctx);
  // Counted before anything is built, so that a view the limit refuses takes no memory.
  uint64_t units = 0;
  if (v->IsString()) sj::rt::each_utf16_unit(v->GetString(), v->GetStringLength(), [&](const char*, size_t, bool) { ++units; });
  else units = v->Size();
  uint64_t members = std::min(units, static_cast<uint64_t>(limit));
  // Where the schema prints every member, each takes at least 6 bytes (`"0":0,`): more members
  // than the output limit allows would only fail later, after taking 32 bytes of memory each.
  // (Elsewhere the view is either small, or as large as the data, whose members a pattern
  // may mostly drop.)
  if ((flags & SJ_VIEW_PRINTS_ALL) && members > st.spec->max_output / 6) {
    sj::rt::over_limit(ctx, st);
    return nullptr;
  }
  auto doc = std::make_unique<rapidjson::Document>();
  doc->SetObject();
  auto& alloc = doc->GetAllocator();
  uint64_t count = 0;
  auto add = [&](rapidjson::Value value) {
    std::string key = std::to_string(count++);
    doc->AddMember(rapidjson::Value(key.data(), static_cast<rapidjson::SizeType>(key.size()), alloc), value, alloc);
  };
  if (v->IsString()) {
    bool surrogates = false;
    sj::rt::each_utf16_unit(v->GetString(), v->GetStringLength(), [&](const char* unit, size_t len, bool copied) {
      if (count == members) return;
      surrogates |= copied;
      // The caller's bytes outlive the call; a surrogate's are the view's own.
      add(copied ? rapidjson::Value(unit, static_cast<rapidjson::SizeType>(len), alloc)
                 : rapidjson::Value(rapidjson::StringRef(unit, len)));
    });
    if (surrogates) sj::rt::keep_lone_surrogates(ctx, st);
  } else {
    for (const auto& element : v->GetArray()) {
      if (count == members) break;
      add(alias(element));
    }
  }
  if (flags & SJ_VIEW_LENGTH) doc->AddMember("length", rapidjson::Value(units), alloc);
  auto& views = st.more().views;
  views.push_back(std::move(doc));
  return views.back().get();
}
