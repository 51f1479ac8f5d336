#include "runtime/dom_layout.h"

#include <cstring>

namespace sj::dom {
namespace {

uint64_t pointer_of(const rapidjson::Value& v) {
  uint64_t raw;
  std::memcpy(&raw, reinterpret_cast<const char*>(&v) + kPointerOffset, 8);
  return raw & kPointerMask;
}

uint32_t length_of(const rapidjson::Value& v) {
  uint32_t n;
  std::memcpy(&n, reinterpret_cast<const char*>(&v) + kLengthOffset, 4);
  return n;
}

}  // namespace

bool layout_self_check() {
  rapidjson::Document d;
  auto& a = d.GetAllocator();
  rapidjson::Value shortStr("abc", a);
  rapidjson::Value longStr("a string longer than thirteen bytes", a);
  rapidjson::Value obj(rapidjson::kObjectType);
  obj.AddMember("k", 1, a);
  rapidjson::Value arr(rapidjson::kArrayType);
  arr.PushBack(true, a);
  rapidjson::Value i64(int64_t{-5}), u64(uint64_t{1} << 63), dbl(1.5), nul;

  bool ok = true;
  ok &= (flags(&nul) & kTypeMask) == kNullType;
  ok &= (flags(&arr[0]) & kTypeMask) == kTrueType;
  ok &= (flags(&obj) & kTypeMask) == kObjectType && (flags(&arr) & kTypeMask) == kArrayType;
  ok &= (flags(&shortStr) & kTypeMask) == kStringType && (flags(&shortStr) & kInlineStrFlag);
  ok &= reinterpret_cast<const char*>(&shortStr) == shortStr.GetString();
  ok &= kShortMax - reinterpret_cast<const char*>(&shortStr)[kShortLenByte] == 3;
  rapidjson::Document parsed;
  parsed.Parse("{\"k\":1}");
  ok &= flags(&shortStr) == kShortStringFlags && flags(&parsed.MemberBegin()->name) == kShortStringFlags;
  ok &= !(flags(&longStr) & kInlineStrFlag) && length_of(longStr) == longStr.GetStringLength();
  ok &= pointer_of(longStr) == reinterpret_cast<uint64_t>(longStr.GetString());
  ok &= length_of(obj) == 1 && pointer_of(obj) == reinterpret_cast<uint64_t>(&*obj.MemberBegin());
  ok &= pointer_of(arr) == reinterpret_cast<uint64_t>(&arr[0]);
  ok &= (flags(&i64) & (kNumberFlag | kInt64Flag)) == (kNumberFlag | kInt64Flag) && !(flags(&i64) & kUint64Flag);
  ok &= (flags(&u64) & kUint64Flag) && !(flags(&u64) & kInt64Flag);
  ok &= (flags(&dbl) & kDoubleFlag) && (flags(&dbl) & kTypeMask) == kNumberType;
  ok &= reinterpret_cast<const char*>(&obj.MemberBegin()->value) -
            reinterpret_cast<const char*>(&*obj.MemberBegin()) == kMemberValueOffset;
  return ok;
}

}  // namespace sj::dom
