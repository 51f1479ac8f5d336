#include "runtime/canonical.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

namespace sj::rt {
namespace {

std::string_view name_of(const rapidjson::Value::Member& m) { return {m.name.GetString(), m.name.GetStringLength()}; }

void append_u32(std::string& out, uint32_t n) { out.append(reinterpret_cast<const char*>(&n), sizeof n); }

void append_number(std::string& out, double d) {
  if (d == 0) d = 0;                                         // -0 === 0
  if (d != d) d = std::numeric_limits<double>::quiet_NaN();  // deep_equal: NaN equals NaN
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  out += 'n';
  out.append(reinterpret_cast<const char*>(&bits), sizeof bits);
}

}  // namespace

std::vector<const rapidjson::Value::Member*> js_members(const rapidjson::Value& object) {
  std::vector<const rapidjson::Value::Member*> members;
  members.reserve(object.MemberCount());
  for (const auto& m : object.GetObject()) members.push_back(&m);
  // Stable: among equal names the last one stays last, and is the one kept.
  std::stable_sort(members.begin(), members.end(), [](auto* a, auto* b) { return name_of(*a) < name_of(*b); });
  size_t kept = 0;
  for (size_t i = 0; i < members.size(); ++i) {
    if (i + 1 < members.size() && name_of(*members[i]) == name_of(*members[i + 1])) continue;
    members[kept++] = members[i];
  }
  members.resize(kept);
  return members;
}

void append_canonical(const rapidjson::Value& v, std::string& out) {
  // What is left to write, last first: a value, after its member name when it has one.
  std::vector<std::pair<const rapidjson::Value*, const rapidjson::Value*>> pending{{nullptr, &v}};
  while (!pending.empty()) {
    auto [name, x] = pending.back();
    pending.pop_back();
    if (name) {
      append_u32(out, name->GetStringLength());
      out.append(name->GetString(), name->GetStringLength());
    }
    switch (x->GetType()) {
      case rapidjson::kNullType: out += 'z'; break;
      case rapidjson::kFalseType: out += 'f'; break;
      case rapidjson::kTrueType: out += 't'; break;
      case rapidjson::kNumberType: append_number(out, x->GetDouble()); break;
      case rapidjson::kStringType:
        out += 's';
        append_u32(out, x->GetStringLength());
        out.append(x->GetString(), x->GetStringLength());
        break;
      case rapidjson::kArrayType:
        out += 'a';
        append_u32(out, x->Size());
        for (rapidjson::SizeType i = x->Size(); i-- > 0;) pending.emplace_back(nullptr, &(*x)[i]);
        break;
      case rapidjson::kObjectType: {
        auto members = js_members(*x);
        out += 'o';
        append_u32(out, static_cast<uint32_t>(members.size()));
        for (size_t i = members.size(); i-- > 0;) pending.emplace_back(&members[i]->name, &members[i]->value);
        break;
      }
    }
  }
}

std::optional<std::pair<size_t, size_t>> last_duplicate(const rapidjson::Value& array) {
  const size_t n = array.Size();
  if (n < 2) return std::nullopt;
  std::string text;
  std::vector<size_t> ends(n);
  for (size_t i = 0; i < n; ++i) {
    append_canonical(array[static_cast<rapidjson::SizeType>(i)], text);
    ends[i] = text.size();
  }
  auto encoding = [&](size_t i) {
    size_t begin = i ? ends[i - 1] : 0;
    return std::string_view(text).substr(begin, ends[i] - begin);
  };
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  // Equal items end up next to each other, in their order in the array.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    int c = encoding(a).compare(encoding(b));
    return c < 0 || (c == 0 && a < b);
  });
  std::optional<std::pair<size_t, size_t>> found;
  for (size_t k = 1; k < n; ++k)
    if (encoding(order[k - 1]) == encoding(order[k]) && (!found || order[k] > found->second))
      found = std::pair{order[k - 1], order[k]};
  return found;
}

}  // namespace sj::rt
