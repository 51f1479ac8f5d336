// The yyjson model's runtime functions that are not generic.cpp's templates: what reads RapidJSON
// only goes through a RapidJSON copy of the value (cold paths: a value of another type than
// the schema's, const/enum on containers, uniqueItems, Ajv's writes), and the object view of
// a string or an array, built as a yyjson tape.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "runtime/ajv_writes.h"
#include "runtime/input_model.h"
#include "runtime/js_value.h"
#include "runtime/model_calls.h"
#include "runtime/object_view.h"
#include "runtime/output.h"

namespace sj::model {

double Yyjson::as_double(const Value* v) {
  if (type(v) == YYJSON_TYPE_RAW) return rt::string_to_number(str(v), len(v));  // JSON number text
  switch (subtype(v)) {
    case YYJSON_SUBTYPE_UINT: return static_cast<double>(v->uni.u64);
    case YYJSON_SUBTYPE_SINT: return static_cast<double>(v->uni.i64);
    default: return v->uni.f64;
  }
}

}  // namespace sj::model

namespace sj::rt {
namespace {

using Y = model::Yyjson;

rapidjson::Value scalar_copy(const yyjson_val* v) {
  switch (Y::kind(v)) {
    case model::False: return rapidjson::Value(false);
    case model::True: return rapidjson::Value(true);
    case model::String: return rapidjson::Value(rapidjson::StringRef(Y::str(v), Y::len(v)));  // shared: outlives the call
    case model::Number:
      if (!Y::is_exact(v)) return rapidjson::Value(Y::as_double(v));
      if (Y::subtype(v) == YYJSON_SUBTYPE_SINT) return rapidjson::Value(static_cast<int64_t>(v->uni.i64));
      return rapidjson::Value(static_cast<uint64_t>(v->uni.u64));
    case model::Array: {
      rapidjson::Value a(rapidjson::kArrayType);
      return a;
    }
    case model::Object: {
      rapidjson::Value o(rapidjson::kObjectType);
      return o;
    }
    default: return rapidjson::Value();
  }
}

// What a cold path reads: a scalar copied on the stack (its string shared), a container in the
// call's pool. The coercions join arrays within the data depth left, as the RapidJSON ones
// (coerce.cpp's nesting_left): deeper containers fail the same way there, after the copy.
template <class Read>
auto with_copy(SjCtx* ctx, const yyjson_val* v, Read read) -> decltype(read(nullptr)) {
  if (Y::kind(v) != model::Array && Y::kind(v) != model::Object) {
    rapidjson::Value s = scalar_copy(v);
    return read(&s);
  }
  return read(rapidjson_copy(ctx, v, INT64_MAX));
}

}  // namespace

bool copy_to_rapidjson(const yyjson_val* root, rapidjson::Value& out, rapidjson::MemoryPoolAllocator<>& alloc,
                       int64_t max_depth) {
  // The tape in order: a container is followed by its children, so one pass fills the copy,
  // with the containers being filled on a stack (no recursion, whatever the nesting).
  struct Open {
    rapidjson::Value* target;
    uint32_t left;  // members or elements still to come
    bool object;
  };
  std::vector<Open> open;
  auto opens = [&](const yyjson_val* v, rapidjson::Value* placed) {
    model::Kind k = Y::kind(v);
    if (k != model::Array && k != model::Object) return true;
    if (static_cast<int64_t>(open.size()) >= max_depth) return false;
    uint32_t n = Y::size(v);
    if (k == model::Array) placed->Reserve(n, alloc);  // (objects grow: only the innermost open one does)
    if (n) open.push_back({placed, n, k == model::Object});
    return true;
  };
  out = scalar_copy(root);
  if (!opens(root, &out)) return false;
  const yyjson_val* p = root + 1;
  while (!open.empty()) {
    Open& top = open.back();
    rapidjson::Value* placed;
    if (top.object) {
      rapidjson::Value name(rapidjson::StringRef(Y::str(p), Y::len(p)));
      ++p;
      top.target->AddMember(name, scalar_copy(p), alloc);
      placed = &(top.target->MemberEnd() - 1)->value;
    } else {
      top.target->PushBack(scalar_copy(p), alloc);
      placed = &(*top.target)[top.target->Size() - 1];
    }
    --top.left;
    size_t before = open.size();
    if (!opens(p, placed)) return false;
    ++p;
    if (open.size() == before)  // p was no container with children: close what it completed
      while (!open.empty() && open.back().left == 0) open.pop_back();
  }
  return true;
}

const SjValue* rapidjson_copy(SjCtx* ctx, const yyjson_val* v, int64_t max_depth) {
  SjValue* c = new_value(pool_of(ctx));
  return copy_to_rapidjson(v, *c, pool_of(ctx), max_depth) ? c : nullptr;
}

SjStatus coerce_string(SjCtx* ctx, const yyjson_val* v, int32_t format, const char* path) {
  return with_copy(ctx, v, [&](const SjValue* c) { return sj_coerce_string(ctx, c, format, path); });
}
SjStatus coerce_number(SjCtx* ctx, const yyjson_val* v, const char* path) {
  return with_copy(ctx, v, [&](const SjValue* c) { return sj_coerce_number(ctx, c, path); });
}
SjStatus coerce_integer(SjCtx* ctx, const yyjson_val* v, int32_t rounding, const char* path) {
  return with_copy(ctx, v, [&](const SjValue* c) { return sj_coerce_integer(ctx, c, rounding, path); });
}
void coerce_boolean(SjCtx* ctx, const yyjson_val* v) {
  switch (Y::kind(v)) {  // ToBoolean: only these can be falsy
    case model::Null: case model::False: put(ctx, "false", 5); return;
    case model::String: put(ctx, Y::len(v) ? "true" : "false", Y::len(v) ? 4 : 5); return;
    case model::Number: {
      bool truthy = Y::is_exact(v) ? v->uni.u64 != 0 : [&] { double d = Y::as_double(v); return d == d && d != 0; }();
      put(ctx, truthy ? "true" : "false", truthy ? 4 : 5);
      return;
    }
    default: put(ctx, "true", 4); return;
  }
}
int32_t test_equal(SjCtx* ctx, int32_t index, const yyjson_val* v) {
  return with_copy(ctx, v, [&](const SjValue* c) { return sj_test_equal(ctx, index, c); });
}
int32_t test_unique(SjCtx* ctx, const yyjson_val* array) {
  return with_copy(ctx, array, [&](const SjValue* c) { return sj_test_unique(c); });
}

namespace {

// An object view's tape and the text of its keys and lone surrogates, kept until the call ends.
struct ObjectViewTape {
  std::vector<yyjson_val> values;
  std::string text;  // reserved up front: the tape points into it
};

yyjson_val string_value(const char* s, size_t n) {
  yyjson_val v;
  v.tag = (static_cast<uint64_t>(n) << YYJSON_TAG_BIT) | YYJSON_TYPE_STR;
  v.uni.str = s;
  return v;
}

}  // namespace

const yyjson_val* object_view(SjCtx* ctx, const yyjson_val* v, int64_t limit, int32_t flags) {
  model::Kind kind = Y::kind(v);
  if (kind != model::String && kind != model::Array) return v;  // a number or a boolean: no members
  CallState& st = state(ctx);
  uint64_t units = 0;
  if (kind == model::String) each_utf16_unit(Y::str(v), Y::len(v), [&](const char*, size_t, bool) { ++units; });
  else units = Y::size(v);
  uint64_t members = std::min(units, static_cast<uint64_t>(limit));
  if ((flags & SJ_VIEW_PRINTS_ALL) && members > st.spec->max_output / 6) {
    over_limit(ctx, st);
    return nullptr;
  }
  auto tape = std::make_shared<ObjectViewTape>();
  size_t slots = 1 + 2 * members + ((flags & SJ_VIEW_LENGTH) ? 2 : 0);
  const yyjson_val* e = kind == model::Array ? Y::first(v) : nullptr;
  if (kind == model::Array)  // an element spans its subtree
    for (uint64_t i = 0; i < members; ++i, e = Y::next(e)) slots += (reinterpret_cast<const char*>(Y::next(e)) - reinterpret_cast<const char*>(e)) / sizeof(yyjson_val) - 1;
  tape->values.reserve(slots);
  tape->text.reserve(members * (11 + 4) + 8);  // a key of up to 10 digits, a unit of up to 3 bytes, NULs
  auto keep = [&](const char* s, size_t n) {
    const char* at = tape->text.data() + tape->text.size();
    tape->text.append(s, n).push_back('\0');
    return at;
  };
  tape->values.push_back({});  // the object, filled in at the end
  uint64_t count = 0;
  auto key = [&] {
    std::string name = std::to_string(count++);
    tape->values.push_back(string_value(keep(name.data(), name.size()), name.size()));
  };
  if (kind == model::String) {
    bool surrogates = false;
    each_utf16_unit(Y::str(v), Y::len(v), [&](const char* unit, size_t n, bool copied) {
      if (count == members) return;
      surrogates |= copied;
      key();
      tape->values.push_back(string_value(copied ? keep(unit, n) : unit, n));  // the caller's bytes outlive the call
    });
    if (surrogates) keep_lone_surrogates(ctx, st);
  } else {
    e = Y::first(v);
    for (uint64_t i = 0; i < members; ++i, e = Y::next(e)) {
      key();
      // The subtree as it is: its spans are relative, its strings the caller's.
      tape->values.insert(tape->values.end(), e, Y::next(e));
    }
  }
  if (flags & SJ_VIEW_LENGTH) {
    tape->values.push_back(string_value(keep("length", 6), 6));
    yyjson_val n;
    n.tag = YYJSON_TYPE_NUM | YYJSON_SUBTYPE_UINT;
    n.uni.u64 = units;
    tape->values.push_back(n);
    ++count;
  }
  yyjson_val& object = tape->values[0];
  object.tag = (count << YYJSON_TAG_BIT) | YYJSON_TYPE_OBJ;
  object.uni.ofs = tape->values.size() * sizeof(yyjson_val);
  const yyjson_val* view = tape->values.data();
  st.more().held.push_back(std::move(tape));
  return view;
}

}  // namespace sj::rt

namespace sj::rt {

void copy_to_yyjson(const rapidjson::Value& root, std::vector<yyjson_val>& tape) {
  // Depth first, as yyjson lays a document out: a container's slot is filled in once its
  // subtree is on the tape (its span is then known). Strings stay the RapidJSON value's.
  struct Open {
    const rapidjson::Value* container;
    size_t slot;    // the container's place on the tape
    uint32_t next;  // its next element or member
  };
  std::vector<Open> open;
  auto put = [&](const rapidjson::Value& v) {
    yyjson_val y;
    switch (v.GetType()) {
      case rapidjson::kNullType: y.tag = YYJSON_TYPE_NULL; y.uni.u64 = 0; break;
      case rapidjson::kFalseType: y.tag = YYJSON_TYPE_BOOL | YYJSON_SUBTYPE_FALSE; y.uni.u64 = 0; break;
      case rapidjson::kTrueType: y.tag = YYJSON_TYPE_BOOL | YYJSON_SUBTYPE_TRUE; y.uni.u64 = 0; break;
      case rapidjson::kStringType:
        y.tag = (uint64_t{v.GetStringLength()} << YYJSON_TAG_BIT) | YYJSON_TYPE_STR;
        y.uni.str = v.GetString();
        break;
      case rapidjson::kNumberType:
        if (v.IsUint64()) y.tag = YYJSON_TYPE_NUM | YYJSON_SUBTYPE_UINT, y.uni.u64 = v.GetUint64();
        else if (v.IsInt64()) y.tag = YYJSON_TYPE_NUM | YYJSON_SUBTYPE_SINT, y.uni.i64 = v.GetInt64();
        else y.tag = YYJSON_TYPE_NUM | YYJSON_SUBTYPE_REAL, y.uni.f64 = v.GetDouble();
        break;
      case rapidjson::kArrayType:
      case rapidjson::kObjectType: {
        uint64_t n = v.IsArray() ? v.Size() : v.MemberCount();
        y.tag = (n << YYJSON_TAG_BIT) | (v.IsArray() ? YYJSON_TYPE_ARR : YYJSON_TYPE_OBJ);
        y.uni.ofs = sizeof(yyjson_val);  // empty; set when it closes
        open.push_back({&v, tape.size(), 0});
        break;
      }
    }
    tape.push_back(y);
  };
  put(root);
  while (!open.empty()) {
    Open& top = open.back();
    const rapidjson::Value& c = *top.container;
    if (c.IsArray() ? top.next == c.Size() : top.next == c.MemberCount()) {
      tape[top.slot].uni.ofs = (tape.size() - top.slot) * sizeof(yyjson_val);
      open.pop_back();
      continue;
    }
    uint32_t i = top.next++;
    if (c.IsArray()) {
      put(c[i]);
    } else {
      auto m = c.MemberBegin() + i;
      put(m->name);
      put(m->value);
    }
  }
}

}  // namespace sj::rt
