// Member lookup: 200 objects under a schema of 16 declared properties (8 strings, 8
// integers), the input's members (1) in the schema's order, where each property costs one
// length+bytes compare at its predicted position, (2) shuffled, where most fall back to a
// scan, (3) every other property missing, where each absent one costs a scan that finds
// nothing. RapidJSON's Writer writes the same DOM: "lookup/<order>/<serializer>".
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "bench/cases.h"
#include "bench/peers.h"

namespace {

constexpr int kProperties = 16, kObjects = 200;

std::string key(int i) { return (i % 2 ? "count_" : "label_") + std::to_string(i); }

std::string schema() {
  std::string s = R"({"type":"array","items":{"type":"object","properties":{)";
  for (int i = 0; i < kProperties; ++i)
    s += (i ? "," : "") + ("\"" + key(i) + "\":") + (i % 2 ? R"({"type":"integer"})" : R"({"type":"string"})");
  return s + "}}}";
}

enum class Order { InOrder, Shuffled, HalfMissing };

std::string data(Order order) {
  std::mt19937 rng(42);  // fixed: every run sees the same permutations
  std::string s = "[";
  for (int o = 0; o < kObjects; ++o) {
    std::vector<int> members;
    for (int i = 0; i < kProperties; ++i)
      if (order != Order::HalfMissing || i % 2 == o % 2) members.push_back(i);
    if (order == Order::Shuffled) std::shuffle(members.begin(), members.end(), rng);
    s += o ? ",{" : "{";
    for (size_t m = 0; m < members.size(); ++m) {
      int i = members[m];
      s += (m ? ",\"" : "\"") + key(i) + "\":" + (i % 2 ? std::to_string(o * 31 + i) : "\"value " + std::to_string(o) + "\"");
    }
    s += "}";
  }
  return s + "]";
}

const bool registered = [] {
  auto ser = sj::bench::lazy_compile(schema(), R"({"tierUp":false})");
  sj::bench::register_case("lookup/in_order", data(Order::InOrder), ser);
  sj::bench::register_case("lookup/shuffled", data(Order::Shuffled), ser);
  sj::bench::register_case("lookup/half_missing", data(Order::HalfMissing), ser);
  return true;
}();

}  // namespace
