// The facts about rapidjson::Value's memory layout that generated code relies on.
// Codegen reads its numbers from here and nowhere else; dom_layout.cpp checks them against
// values RapidJSON itself builds (layout_self_check), and the static_asserts below pin the
// sizes. Layout: RapidJSON 1.1 on x86-64 with RAPIDJSON_48BITPOINTER_OPTIMIZATION (default).
//
//   bytes 0..7   number payload (int64 / uint64 / double), or
//                string: u32 length @0, pointer in the low 48 bits of the u64 @8, or
//                object/array: u32 size @0, pointer to members/elements in the low 48 bits @8
//   bytes 14..15 u16 flags (type in the low 3 bits, kind flags above)
//   short strings (≤ 13 bytes) live inline at @0; byte 13 holds 13 - length.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <rapidjson/document.h>

namespace sj::dom {

static_assert(sizeof(rapidjson::Value) == 16, "RapidJSON Value must be 16 bytes (64-bit, 48-bit pointers)");
static_assert(RAPIDJSON_48BITPOINTER_OPTIMIZATION == 1, "codegen assumes 48-bit pointer packing");
static_assert(sizeof(rapidjson::Value::Member) == 32, "Member = {name, value}");

inline constexpr unsigned kValueSize = 16;
inline constexpr unsigned kMemberSize = 32;
inline constexpr unsigned kMemberValueOffset = 16;
inline constexpr unsigned kFlagsOffset = 14;       // u16
inline constexpr unsigned kLengthOffset = 0;       // u32: string length, object/array size
inline constexpr unsigned kPointerOffset = 8;      // u64 whose low 48 bits are the pointer
inline constexpr uint64_t kPointerMask = 0x0000FFFFFFFFFFFFull;
inline constexpr unsigned kShortLenByte = 13;      // short string: 13 - length stored here
inline constexpr unsigned kShortMax = 13;

// Flag bits (rapidjson::GenericValue's private enum, checked in layout_self_check).
inline constexpr uint16_t kTypeMask = 0x0007;
inline constexpr uint16_t kNullType = 0, kFalseType = 1, kTrueType = 2, kObjectType = 3,
                          kArrayType = 4, kStringType = 5, kNumberType = 6;
inline constexpr uint16_t kNumberFlag = 0x0010;
inline constexpr uint16_t kInt64Flag = 0x0080;
inline constexpr uint16_t kUint64Flag = 0x0100;
inline constexpr uint16_t kDoubleFlag = 0x0200;
inline constexpr uint16_t kInlineStrFlag = 0x1000;
// All of an inline string's flags (string type, kStringFlag, kCopyFlag, kInlineStrFlag): the
// parser and every copying constructor store short strings, member names included, with these.
inline constexpr uint16_t kShortStringFlags = 0x1C05;

// The Value a member name of up to kShortMax bytes is when the parser stores it inline (its
// bytes, kShortMax - length in byte kShortLenByte, kShortStringFlags in bytes 14-15), as two
// 64-bit words and the masks of the bytes that matter in them (the bytes between the name's
// end and byte 13 are whatever RapidJSON left there). A name's Value equals `name` exactly
// when both its words equal `want` under `care`. name.size() <= kShortMax.
inline void inline_name_words(std::string_view name, uint64_t want[2], uint64_t care[2]) {
  uint8_t w[kValueSize] = {}, c[kValueSize] = {};
  __builtin_memcpy(w, name.data(), name.size());
  __builtin_memset(c, 0xFF, name.size());
  w[kShortLenByte] = static_cast<uint8_t>(kShortMax - name.size());
  w[kFlagsOffset] = kShortStringFlags & 0xFF;
  w[kFlagsOffset + 1] = kShortStringFlags >> 8;
  c[kShortLenByte] = c[kFlagsOffset] = c[kFlagsOffset + 1] = 0xFF;
  __builtin_memcpy(want, w, kValueSize);
  __builtin_memcpy(care, c, kValueSize);
}

inline uint16_t flags(const rapidjson::Value* v) {
  uint16_t f;
  __builtin_memcpy(&f, reinterpret_cast<const char*>(v) + kFlagsOffset, 2);
  return f;
}

// Returns false when RapidJSON's layout differs from the constants above (a different build
// of RapidJSON); the engine refuses to compile then instead of reading garbage.
bool layout_self_check();

}  // namespace sj::dom
