// The input models: how each tier reads the data it serializes, one traits struct per kind of
// document. The interpreter (interp/) and the runtime's readers (model_calls.h) are templates
// over a model, so each read inlines to the model's own loads: a table of functions would
// cost an indirect call per read in the dispatch-bound interpreter (PostgreSQL keeps its
// tuple deforming apart from expression code the same way).
//
//   RapidJson  rapidjson::Value (runtime/dom_layout.h): elements in an array, members in an
//              array of {name, value}, so element i and member i are one load away.
//   Yyjson     yyjson_val of an immutable yyjson_doc (yyjson 0.12, third_party/yyjson): a
//              container's children follow it inline, 16 bytes each, a child container
//              spanning its whole subtree, so children are reached by walking (next =
//              container ? + its span : + 16); an object's members are key, value pairs.
//
// Each model says what a value is (Kind), its number (exact int64 / uint64, else a double),
// its string bytes, and walks its arrays and objects by cursor: first, next, count. Random
// access (`ElementAt`, `MemberAt`, made for any value, asked only for positions it has) walks
// forward from the last position asked for, which for the usual in-order reads costs one step.
#pragma once
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>
#include <yyjson.h>

#include "runtime/dom_layout.h"
#include "runtime/number_text.h"

namespace sj::model {

// A value's JSON type, numbered as RapidJSON's (dom_layout.h).
enum Kind : uint8_t { Null = 0, False = 1, True = 2, Object = 3, Array = 4, String = 5, Number = 6 };

struct RapidJson {
  using Value = rapidjson::Value;
  using Member = rapidjson::Value::Member;
  // Ajv's writes (coerceTypes, useDefaults, removeAdditional) edit copies made in this model.
  static constexpr bool kWritable = true;

  static Kind kind(const Value* v) { return static_cast<Kind>(dom::flags(v) & dom::kTypeMask); }

  static bool is_number(const Value* v) { return dom::flags(v) & dom::kNumberFlag; }
  // An integer held exactly (int64 or uint64), printed digit for digit.
  static bool is_exact(const Value* v) { return dom::flags(v) & (dom::kInt64Flag | dom::kUint64Flag); }
  static double as_double(const Value* v) { return v->GetDouble(); }
  // JSON.stringify's text of a number: dst has kMaxDoubleText bytes (kMaxIntText for an exact one).
  static char* number_text(char* dst, const Value* v) { return rt::write_json_number(dst, *v); }
  static char* integer_text(char* dst, const Value* v) { return rt::write_json_integer(dst, *v); }

  static const char* str(const Value* v) { return v->GetString(); }
  static size_t len(const Value* v) { return v->GetStringLength(); }
  // A string known to need no escaping: written between quotes as it is. RapidJSON keeps no
  // such mark.
  static bool unescaped(const Value*) { return false; }
  static std::string_view text(const Value* v) { return {str(v), len(v)}; }

  static uint32_t size(const Value* v) { return v->Size(); }  // elements of an array
  static const Value* first(const Value* v) { return v->Size() ? v->Begin() : nullptr; }
  static const Value* next(const Value* e) { return e + 1; }

  static uint32_t count(const Value* v) { return v->MemberCount(); }  // members of an object
  static const Member* first_member(const Value* v) { return v->MemberCount() ? &*v->MemberBegin() : nullptr; }
  static const Member* next_member(const Member* m) { return m + 1; }
  static const Value* key(const Member* m) { return &m->name; }  // a string Value
  static const Value* value(const Member* m) { return &m->value; }
  static std::string_view name(const Member* m) { return text(&m->name); }

  class MemberAt {
   public:
    explicit MemberAt(const Value* object) : base_(object->IsObject() ? first_member(object) : nullptr) {}
    const Member* operator()(uint32_t i) { return base_ + i; }  // i < count

   private:
    const Member* base_;
  };
};

struct Yyjson {
  using Value = yyjson_val;
  using Member = yyjson_val;  // the key; its value follows it
  // Immutable: data that Ajv's options would write into is copied into RapidJSON first (the API).
  static constexpr bool kWritable = false;

  // type (3 bits) and subtype (2 bits) of the tag → Kind. RAW (a number kept as its text,
  // YYJSON_READ_NUMBER_AS_RAW / BIGNUM_AS_RAW) is a number; NONE never occurs in a document.
  static Kind kind(const Value* v) {
    static constexpr Kind kinds[32] = {
        Null, Number, Null, False, Number, String, Array, Object,   // subtype 0 (FALSE, UINT)
        Null, Number, Null, True, Number, String, Array, Object,    // subtype 1 (TRUE, SINT, NOESC)
        Null, Number, Null, False, Number, String, Array, Object,   // subtype 2 (REAL)
        Null, Number, Null, False, Number, String, Array, Object};  // subtype 3 (unused)
    return kinds[v->tag & 0x1F];
  }
  static uint8_t type(const Value* v) { return v->tag & YYJSON_TYPE_MASK; }
  static uint8_t subtype(const Value* v) { return v->tag & YYJSON_SUBTYPE_MASK; }

  static bool is_number(const Value* v) { return type(v) == YYJSON_TYPE_NUM || type(v) == YYJSON_TYPE_RAW; }
  static bool is_exact(const Value* v) { return type(v) == YYJSON_TYPE_NUM && subtype(v) != YYJSON_SUBTYPE_REAL; }
  static double as_double(const Value* v);  // yyjson_model.cpp: RAW is parsed
  static char* number_text(char* dst, const Value* v) {
    if (!is_exact(v)) return rt::write_json_double(dst, as_double(v));
    return integer_text(dst, v);
  }
  static char* integer_text(char* dst, const Value* v) {
    return subtype(v) == YYJSON_SUBTYPE_SINT ? rt::write_int64(dst, v->uni.i64) : rt::write_uint64(dst, v->uni.u64);
  }

  static const char* str(const Value* v) { return v->uni.str; }
  static size_t len(const Value* v) { return static_cast<size_t>(v->tag >> YYJSON_TAG_BIT); }
  // yyjson's reader marks a string read without a backslash escape (YYJSON_SUBTYPE_NOESC): valid
  // JSON text holds no quote, backslash or control character unescaped, so such a string needs
  // no escaping, and JSON.stringify would print its bytes as they are.
  static bool unescaped(const Value* v) { return subtype(v) == YYJSON_SUBTYPE_NOESC; }
  static std::string_view text(const Value* v) { return {str(v), len(v)}; }

  static uint32_t size(const Value* v) { return static_cast<uint32_t>(v->tag >> YYJSON_TAG_BIT); }
  static const Value* first(const Value* v) { return size(v) ? v + 1 : nullptr; }
  // The value after e: a container spans its subtree (uni.ofs bytes), anything else 16.
  static const Value* next(const Value* e) {
    size_t span = (e->tag & YYJSON_TYPE_ARR) == YYJSON_TYPE_ARR ? e->uni.ofs : sizeof(Value);
    return reinterpret_cast<const Value*>(reinterpret_cast<const char*>(e) + span);
  }

  static uint32_t count(const Value* v) { return size(v); }
  static const Member* first_member(const Value* v) { return first(v); }
  static const Member* next_member(const Member* m) { return next(m + 1); }
  static const Value* key(const Member* m) { return m; }
  static const Value* value(const Member* m) { return m + 1; }
  static std::string_view name(const Member* m) { return text(m); }

  // The i-th member: forward from the last one asked for, one step each (objects are read in
  // order, or nearly); the first time an earlier one is asked for (JavaScript's key order, a
  // declared order unlike the data's), every member's place is gathered in one walk, and
  // looked up from then on, so a permutation costs O(n), not a walk from the start per member.
  class MemberAt {
   public:
    explicit MemberAt(const Value* object)
        : first_(kind(object) == Object ? first_member(object) : nullptr),
          at_(first_),
          count_(first_ ? count(object) : 0) {}
    const Member* operator()(uint32_t i) {  // i < count
      if (!all_.empty()) return all_[i];
      if (i < i_) return gathered()[i];
      for (; i_ < i; ++i_) at_ = next_member(at_);
      return at_;
    }

   private:
    const std::vector<const Member*>& gathered() {
      all_.reserve(count_);
      for (const Member* m = first_; all_.size() < count_; m = next_member(m)) all_.push_back(m);
      return all_;
    }
    const Member* first_;
    const Member* at_;
    uint32_t count_;
    uint32_t i_ = 0;
    std::vector<const Member*> all_;
  };
};

}  // namespace sj::model
