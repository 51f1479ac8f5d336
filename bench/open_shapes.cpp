// The documents and schemas of open_shapes.h.
#include "bench/open_shapes.h"

#include <string>

namespace sj::bench {
namespace {

// 1,000 objects; every fifth e-mail address non-ASCII, and with `nonascii_labels` every fourth
// label.
std::string rows(bool integer_keys, bool nonascii_labels = false) {
  std::string text = "[";
  for (int i = 0; i < 1000; ++i) {
    std::string n = std::to_string(i);
    if (i) text += ",";
    text += R"({"id":)" + n + R"(,"name":"Item )" + n + R"(","email":")";
    text += (i % 5 == 0 ? "josé.garcía" + n + "@例え.jp" : "user" + n + "@example.com");
    text += R"(","label":")" + (nonascii_labels && i % 4 == 0 ? "café-größe-" + n : "label-" + n);
    text += R"(","x-trace":"00-4bf92f3577b34da6a3ce929d0e0e)" + n + R"(-01","x-region":"eu-west-1")";
    if (integer_keys) text += R"(,")" + std::to_string(i % 97) + R"(":)" + std::to_string(i * 7);
    text += R"(,"other":"not printed )" + n + R"("})";
  }
  return text + "]";
}

std::string declared(const std::string& email, const std::string& label) {
  return R"("properties":{"id":{"type":"integer"},"name":{"type":"string"},"email":)" + email + R"(,"label":)" + label + "}";
}

std::string items(const std::string& object) { return R"({"type":"array","items":{"type":"object",)" + object + "}}"; }

constexpr const char* kPatternProps =
    R"("patternProperties":{"^x-[a-z]+$":{"type":"string"},"^[0-9]+$":{"type":"integer"}},"additionalProperties":false)";

// JSON text of a regex source (escapes the backslashes).
std::string quoted(const char* source) {
  std::string out = "\"";
  for (const char* p = source; *p; ++p) {
    if (*p == '\\' || *p == '"') out += '\\';
    out += *p;
  }
  return out + "\"";
}

std::string map100() {
  std::string text = "{";
  for (int i = 0; i < 100; ++i) {
    std::string n = std::to_string(i);
    if (i) text += ",";
    text += R"("user-)" + n + R"(":{"id":)" + n + R"(,"name":"User )" + n + R"(","active":)" + (i % 3 ? "true" : "false") + "}";
  }
  return text + "}";
}

}  // namespace

std::vector<BenchCase> open_object_cases() {
  const std::string string = R"({"type":"string"})";
  const std::string plain = items(declared(string, string) + "," + std::string(kPatternProps));
  const std::string anyof =
      items(declared(R"({"anyOf":[{"type":"string","pattern":)" + quoted(kEmailPattern) + R"(},{"type":"null"}]})",
                     R"({"anyOf":[{"type":"string","pattern":)" + quoted(kNoSpacePattern) + R"(},{"type":"integer"}]})") +
            "," + std::string(kPatternProps));
  const std::string open = items(declared(string, string) + R"(,"additionalProperties":true)");
  const std::string map =
      R"({"type":"object","additionalProperties":{"type":"object","properties":{"id":{"type":"integer"},)"
      R"("name":{"type":"string"},"active":{"type":"boolean"}}}})";
  return {{"pattern_props", plain, "", rows(true)},
          {"anyof_pattern", anyof, "", rows(true)},
          {"pattern_props_noint", plain, "", rows(false)},
          {"anyof_pattern_nonascii", anyof, "", rows(true, true)},
          {"open_props", open, "", rows(true)},
          {"open_props_noint", open, "", rows(false)},
          {"map100", map, "", map100()}};
}

const std::vector<SearchRow>& search_rows() {
  static const std::vector<SearchRow> rows = {
      {"literal", "^x-trace$", "match", "x-trace", true},
      {"literal", "^x-trace$", "nomatch", "x-traceparent-id", false},
      {"prefix", "^x-[a-z]+$", "match", "x-forwardedhost", true},
      {"prefix", "^x-[a-z]+$", "nomatch", "x-forwarded-for", false},
      {"digits", "^[0-9]+$", "match", "1234567890123", true},
      {"digits", "^[0-9]+$", "nomatch", "12345678901a", false},
      {"nospace", kNoSpacePattern, "match", "label-for-item-00042", true},
      {"nospace", kNoSpacePattern, "nomatch", "label for item 42", false},
      {"nospace", kNoSpacePattern, "nonascii", "café-größe-étiquette", true},
      {"email", kEmailPattern, "match", "jane.doe@example.com", true},
      {"email", kEmailPattern, "nomatch", "jane.doe@example", false},
      {"email", kEmailPattern, "nonascii", "josé.garcía@例え.jp", true},
      {"uuid", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "match",
       "123e4567-e89b-12d3-a456-426614174000", true},
      {"uuid", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "nomatch",
       "123e4567-e89b-12d3-a456-42661417400g", false},
      {"date", R"(^\d{4}-\d{2}-\d{2}$)", "match", "2024-02-29", true},
      {"date", R"(^\d{4}-\d{2}-\d{2}$)", "nomatch", "2024-02-29T10:00:00Z", false},
      {"word", "error", "match", "request failed with error 503", true},
      {"word", "error", "nomatch", "request completed successfully", false},
  };
  return rows;
}

}  // namespace sj::bench
