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

void search(benchmark::State& state, const sj::bench::SearchRow* row) {
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
  for (const auto& row : sj::bench::search_rows())
    benchmark::RegisterBenchmark((std::string("pattern/") + row.name + "/" + row.kind).c_str(), search, &row);

  for (const auto& c : sj::bench::open_object_cases()) sj::bench::register_case("patterns", c);
  return true;
}();

}  // namespace
