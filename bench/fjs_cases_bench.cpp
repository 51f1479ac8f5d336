// fast-json-stringify's own benchmark cases (../shared/bench/fjs-bench.jsonl, 33 cases) and
// its API responses (fjs-api-responses.jsonl: user profile, order, paginated products), each
// through schemajit, RapidJSON's Writer and the peers: "fjs/<case>/<serializer>".
#include <benchmark/benchmark.h>

#include <cstdio>

#include "bench/cases.h"
#include "bench/peers.h"

namespace {

const bool registered = [] {
  for (const char* file : {"fjs-bench.jsonl", "fjs-api-responses.jsonl"}) {
    for (const auto& c : sj::bench::read_cases(file)) {
      auto ser = sj::bench::shared_engine().compile(c.schema, c.options);
      if (!ser)
        std::fprintf(stderr, "fjs cases: %s: %s\n", c.name.c_str(), ser.error().message.c_str());
      else
        sj::bench::register_case("fjs/" + c.name, c.input, *ser);
    }
  }
  return true;
}();

}  // namespace
