// What regular expressions cost, as a baseline for replacing the regex layer
// (runtime/pattern.{h,cpp}, PCRE2 with its JIT) by another engine.
//
// pattern/<name>/<subject>: one sj::rt::Pattern::search per iteration (Ajv dialect, the u flag;
//   unanchored search, as the serializers call it) of eight patterns typical of schemas, each on
//   a matching ASCII subject of 7-36 bytes ("match"), a failing one ("nomatch", most failing
//   late, after the engine has read most of the subject), and, for ^\S+$ and the e-mail
//   pattern, a matching subject with non-ASCII UTF-8 ("nonascii"). The result is checked once
//   before timing; a wrong one is timed all the same and labelled "WRONG": PCRE2 10.42's JIT
//   with PCRE2_MATCH_INVALID_UTF never matches \S (nor \D, \W) on a non-ASCII character
//   (PCRE2Project/pcre2#224, fixed after 10.42), so ^\S+$ says no to "café". Items = searches.
// patterns/<doc>/<interp|schemajit|native|yyjson>: 1,000 objects serialized through the public
//   API, where patterns decide which keys print (patternProperties, every key that is not in
//   `properties` tested against both patterns) and which anyOf branch a string takes (`pattern`
//   inside anyOf). interp is the interpreter ("jit": false), schemajit the machine code
//   (tier-up off); RapidJSON's Writer and yyjson print the same data without a schema, for
//   scale (they print "other" too, which additionalProperties:false drops).
//   pattern_props          patternProperties {"^x-[a-z]+$": string, "^[0-9]+$": integer}
//   anyof_pattern          the same, with email and label each an anyOf whose string branch
//                          has a `pattern` (the e-mail pattern; ^\S+$)
//   pattern_props_noint    pattern_props on data without the integer-like key
//   anyof_pattern_nonascii anyof_pattern with every fourth label non-ASCII ("café-größe-8"):
//                          fails ("serialize failed") while PCRE2's JIT has the \S bug above
// Every fifth e-mail address is non-ASCII ("josé.garcía5@例え.jp") in every document.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench/cases.h"
#include "bench/peers.h"
#include "runtime/pattern.h"

namespace {

using sj::rt::Pattern;

constexpr const char* kEmail = R"(^[^@\s]+@[^@\s]+\.[a-z]{2,}$)";
constexpr const char* kNoSpace = R"(^\S+$)";

struct Row {
  const char* name;
  const char* source;
  const char* kind;  // match, nomatch, nonascii
  const char* subject;
  bool matches;
};

const Row kRows[] = {
    {"literal", "^x-trace$", "match", "x-trace", true},
    {"literal", "^x-trace$", "nomatch", "x-traceparent-id", false},
    {"prefix", "^x-[a-z]+$", "match", "x-forwardedhost", true},
    {"prefix", "^x-[a-z]+$", "nomatch", "x-forwarded-for", false},
    {"digits", "^[0-9]+$", "match", "1234567890123", true},
    {"digits", "^[0-9]+$", "nomatch", "12345678901a", false},
    {"nospace", kNoSpace, "match", "label-for-item-00042", true},
    {"nospace", kNoSpace, "nomatch", "label for item 42", false},
    {"nospace", kNoSpace, "nonascii", "café-größe-étiquette", true},
    {"email", kEmail, "match", "jane.doe@example.com", true},
    {"email", kEmail, "nomatch", "jane.doe@example", false},
    {"email", kEmail, "nonascii", "josé.garcía@例え.jp", true},
    {"uuid", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "match",
     "123e4567-e89b-12d3-a456-426614174000", true},
    {"uuid", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "nomatch",
     "123e4567-e89b-12d3-a456-42661417400g", false},
    {"date", R"(^\d{4}-\d{2}-\d{2}$)", "match", "2024-02-29", true},
    {"date", R"(^\d{4}-\d{2}-\d{2}$)", "nomatch", "2024-02-29T10:00:00Z", false},
    {"word", "error", "match", "request failed with error 503", true},
    {"word", "error", "nomatch", "request completed successfully", false},
};

void search(benchmark::State& state, const Row* row) {
  std::string error;
  auto re = Pattern::compile(row->source, error, Pattern::Dialect::Ajv);
  if (!re) return state.SkipWithError(("does not compile: " + error).c_str());
  const std::string subject = row->subject;
  sj::rt::LocalRegexBudget budget;
  Pattern::Found want = row->matches ? Pattern::Found::Yes : Pattern::Found::No;
  Pattern::Found got = re->search(subject.data(), subject.size(), budget);
  if (got != Pattern::Found::Yes && got != Pattern::Found::No) return state.SkipWithError("search failed");
  if (got != want) state.SetLabel(row->matches ? "WRONG: no match" : "WRONG: match");
  for (auto _ : state) {
    budget.steps = 0;
    Pattern::Found f = re->search(subject.data(), subject.size(), budget);
    benchmark::DoNotOptimize(f);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["subject_bytes"] = static_cast<double>(subject.size());
}

// The documents' data: 1,000 objects; every fifth e-mail address non-ASCII, and with
// `nonascii_labels` every fourth label.
std::string data(bool integer_keys, bool nonascii_labels = false) {
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

std::string items_schema(const std::string& email, const std::string& label) {
  return R"({"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},)"
         R"("name":{"type":"string"},"email":)" + email + R"(,"label":)" + label + R"(},)"
         R"("patternProperties":{"^x-[a-z]+$":{"type":"string"},"^[0-9]+$":{"type":"integer"}},)"
         R"("additionalProperties":false}})";
}

// JSON text of a regex source (escapes the backslashes).
std::string quoted(const char* source) {
  std::string out = "\"";
  for (const char* p = source; *p; ++p) {
    if (*p == '\\' || *p == '"') out += '\\';
    out += *p;
  }
  return out + "\"";
}

const bool registered = [] {
  for (const Row& row : kRows)
    benchmark::RegisterBenchmark((std::string("pattern/") + row.name + "/" + row.kind).c_str(), search, &row);

  const std::string plain = items_schema(R"({"type":"string"})", R"({"type":"string"})");
  const std::string anyof =
      items_schema(R"({"anyOf":[{"type":"string","pattern":)" + quoted(kEmail) + R"(},{"type":"null"}]})",
                   R"({"anyOf":[{"type":"string","pattern":)" + quoted(kNoSpace) + R"(},{"type":"integer"}]})");
  // register_case: <prefix>/native, /schemajit (tier-up off), /interp ("jit": false) and the
  // peers built in (yyjson always).
  sj::bench::register_case("patterns", {"pattern_props", plain, "", data(true)});
  sj::bench::register_case("patterns", {"anyof_pattern", anyof, "", data(true)});
  sj::bench::register_case("patterns", {"pattern_props_noint", plain, "", data(false)});
  sj::bench::register_case("patterns", {"anyof_pattern_nonascii", anyof, "", data(true, true)});
  return true;
}();

}  // namespace
