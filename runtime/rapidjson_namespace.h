// Included first into every translation unit of schemajit's own (cmake/targets.cmake): the
// library's RapidJSON lives in a namespace of its own, so that a program using another RapidJSON
// (master, in the default namespace `rapidjson`) links beside it without the two versions'
// inline functions replacing each other (one definition per name at link time). The public
// header reads values only through their layout (detail::DomValue), whatever the namespace.
// The library's sources keep writing rapidjson::, an alias of that namespace.
#pragma once

#define RAPIDJSON_NAMESPACE schemajit_rapidjson
#define RAPIDJSON_NAMESPACE_BEGIN namespace schemajit_rapidjson {
#define RAPIDJSON_NAMESPACE_END }

namespace schemajit_rapidjson {}
namespace rapidjson = schemajit_rapidjson;
