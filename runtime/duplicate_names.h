// Whether a list of names holds one twice: JSON.parse keeps the first position and the last
// value of a repeated name, so both the text reader (ir/json_parse_yyjson.cpp) and JavaScript's
// member order (member_order.cpp) must know. Linear whatever the names are, no allocation once
// this thread's table has grown to the longest list.
#pragma once
#include <cstddef>
#include <string_view>

namespace sj::rt {

bool names_repeat(const std::string_view* names, size_t n);

}  // namespace sj::rt
