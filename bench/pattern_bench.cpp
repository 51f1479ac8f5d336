// What regular expressions and open objects cost.
//
// pattern/<name>/<subject>: one sj::rt::Pattern::search per iteration (Ajv dialect, the u flag;
//   unanchored search, as the serializers call it) of eight patterns typical of schemas, each on
//   a matching ASCII subject of 7-36 bytes ("match"), a failing one ("nomatch", most failing
//   late, after the engine has read most of the subject), and, for ^\S+$ and the e-mail
//   pattern, a matching subject with non-ASCII UTF-8 ("nonascii"). The result is checked once
//   before timing; a wrong one is timed all the same and labelled "WRONG". Items = searches.
// patterns/<doc>/<interp|schemajit|native|yyjson>: the documents of bench/open_shapes.h through
//   the public API, where `properties`, patterns and additionalProperties decide which keys
//   print and how, and `pattern` inside anyOf which branch a string takes. interp is the
//   interpreter ("jit": false), schemajit the machine code (tier-up off); RapidJSON's Writer
//   and yyjson print the same data without a schema, for scale (they print "other" too, which
//   additionalProperties:false drops).
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench/cases.h"
#include "bench/open_shapes.h"
#include "bench/peers.h"
#include "runtime/pattern.h"

namespace {

using sj::rt::Pattern;


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
    {"nospace", sj::bench::kNoSpacePattern, "match", "label-for-item-00042", true},
    {"nospace", sj::bench::kNoSpacePattern, "nomatch", "label for item 42", false},
    {"nospace", sj::bench::kNoSpacePattern, "nonascii", "café-größe-étiquette", true},
    {"email", sj::bench::kEmailPattern, "match", "jane.doe@example.com", true},
    {"email", sj::bench::kEmailPattern, "nomatch", "jane.doe@example", false},
    {"email", sj::bench::kEmailPattern, "nonascii", "josé.garcía@例え.jp", true},
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

const bool registered = [] {
  for (const Row& row : kRows)
    benchmark::RegisterBenchmark((std::string("pattern/") + row.name + "/" + row.kind).c_str(), search, &row);

  for (const auto& c : sj::bench::open_object_cases()) sj::bench::register_case("patterns", c);
  return true;
}();

}  // namespace
