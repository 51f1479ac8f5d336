// fast-json-stringify's own benchmark cases (../shared/bench/fjs-bench.jsonl, 33 cases) and
// its API responses (fjs-api-responses.jsonl: user profile, order, paginated products), each
// through schemajit, RapidJSON's Writer and the peers: "fjs/<case>/<serializer>".
#include "bench/cases.h"
#include "bench/peers.h"

namespace {

const bool registered = [] {
  for (const char* file : {"fjs-bench.jsonl", "fjs-api-responses.jsonl"})
    for (const auto& c : sj::bench::read_cases(file)) sj::bench::register_case("fjs", c);
  return true;
}();

}  // namespace
