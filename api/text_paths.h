// The library's own paths into a Serializer, for its tools and tests: JSON text read into a
// document of a chosen input model, with JSON.parse's meaning, then serialized from it. The
// public serialize_json takes the yyjson path (ahead-of-time code: the RapidJSON one); the
// tests, `schemajit check --input` and `bench --input` take each.
#pragma once
#include <string>
#include <string_view>

#include <schemajit/schemajit.h>

namespace schemajit::detail {

enum class InputModel { RapidJson, Yyjson };

struct SerializerAccess {
  static Status serialize_json(const Serializer& s, std::string_view json, InputModel model, std::string& out);
};

}  // namespace schemajit::detail
