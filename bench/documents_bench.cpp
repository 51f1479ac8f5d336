// Real documents (../shared/bench/data, never copied into the repo) through their schemas
// (../shared/bench/schemas): schemajit against RapidJSON's Writer and the peers on the same
// text, output consumed: "documents/<name>/<serializer>". Skipped with a message when the
// files are absent.
#include <benchmark/benchmark.h>

#include <cstdio>

#include "bench/cases.h"
#include "bench/peers.h"

namespace {

const bool registered = [] {
  for (const auto& d : sj::bench::read_documents()) {
    auto ser = sj::bench::shared_engine().compile(d.schema, d.options);
    if (!ser)
      std::fprintf(stderr, "documents: %s: %s\n", d.name.c_str(), ser.error().message.c_str());
    else
      sj::bench::register_case("documents/" + d.name, d.input, *ser);
  }
  return true;
}();

}  // namespace
