// Real documents (../shared/bench/data, never copied into the repo) through their schemas
// (../shared/bench/schemas): schemajit against RapidJSON's Writer and the peers on the same
// text, output consumed: "documents/<name>/<serializer>". Skipped with a message when the
// files are absent.
#include "bench/cases.h"
#include "bench/peers.h"

namespace {

const bool registered = [] {
  for (const auto& d : sj::bench::read_documents()) sj::bench::register_case("documents", d);
  return true;
}();

}  // namespace
