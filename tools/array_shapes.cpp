#include "tools/array_shapes.h"

#include <cstdio>

namespace sj::tools {

std::string string_array(int n, int width, bool escapes) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    std::string s = "s" + std::to_string(i);
    if (escapes) s += i % 2 ? "\\\"" : "\\\\";  // one quote or backslash, escaped in the JSON text
    while (static_cast<int>(s.size()) < width + (escapes ? 1 : 0)) s += static_cast<char>('a' + (s.size() % 26));
    out += (i ? ",\"" : "\"") + s + "\"";
  }
  return out + "]";
}

std::string number_array(int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) out += (i ? "," : "") + std::to_string(i * 37 % 1000) + "." + std::to_string(i % 97 + 3);
  return out + "]";
}

std::string double_array(int n) {
  std::string out = "[";
  char text[32];
  for (int i = 0; i < n; ++i) {  // computed, so most have 16 or 17 significant digits
    std::snprintf(text, sizeof text, "%.17g", i % 500 + i * 0.0001234567891234567);
    out += (i ? "," : "") + std::string(text);
  }
  return out + "]";
}

std::string number_pairs(int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i)
    out += (i ? ",[-" : "[-") + std::to_string(60 + i % 80) + "." + std::to_string(100000000 + i * 7919 % 99999999) + "," +
           std::to_string(40 + i % 30) + "." + std::to_string(100000000 + i * 104729 % 99999999) + "]";
  return out + "]";
}

std::string integer_array(int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) out += (i ? "," : "") + std::to_string(i * 7919 % 1000003);
  return out + "]";
}

std::string tags_object(int id, int tags) {
  return "{\"id\":" + std::to_string(id) + ",\"name\":\"user" + std::to_string(id) + "\",\"tags\":" +
         string_array(tags, 8) + "}";
}

std::vector<Row> seed_rows() {
  const std::string strings = R"({"type":"array","items":{"type":"string"}})";
  const std::string tags = R"({"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},)"
                           R"("tags":{"type":"array","items":{"type":"string"}}}})";
  std::string many = "[";
  for (int i = 0; i < 1000; ++i) many += (i ? "," : "") + tags_object(i, 10);
  many += "]";
  return {
      {"string[4]", strings, "", string_array(4, 8)},
      {"string[8]", strings, "", string_array(8, 8)},
      {"string[32]", strings, "", string_array(32, 8)},
      {"string[100]", strings, "", string_array(100, 8)},
      {"string[1000]", strings, "", string_array(1000, 8)},
      {"string[1000] 40-char", strings, "", string_array(1000, 40)},
      {"string[1000] 120-char", strings, "", string_array(1000, 120)},
      {"object with tags[10]", tags, "", tags_object(1, 10)},
      {"object with tags[50]", tags, "", tags_object(1, 50)},
      {"string[1000] json-stringify mode", strings, R"("largeArrayMechanism":"json-stringify","largeArraySize":100)",
       string_array(1000, 8)},
      {"number[1000]", R"({"type":"array","items":{"type":"number"}})", "", number_array(1000)},
      {"integer[1000]", R"({"type":"array","items":{"type":"integer"}})", "", integer_array(1000)},
      {"string[100] escapes", strings, "", string_array(100, 8, true)},
      {"1000 x object with tags[10]", R"({"type":"array","items":)" + tags + "}", "", many},
  };
}

}  // namespace sj::tools
