#include "tools/timing.h"

#include <algorithm>
#include <chrono>

namespace sj::tools {
namespace {
// Where measured output ends up, so the compiler cannot drop the serialize calls.
volatile size_t g_sink;
}  // namespace

double time_calls(const schemajit::Serializer& ser, const rapidjson::Value& doc, size_t calls, std::string& out) {
  auto t0 = std::chrono::steady_clock::now();
  size_t consumed = 0;
  for (size_t i = 0; i < calls; ++i) {
    out.clear();
    (void)ser.serialize(doc, out);
    consumed += static_cast<unsigned char>(out[out.size() / 2]);
  }
  g_sink = consumed;
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
         static_cast<double>(calls);
}

size_t calls_for(const schemajit::Serializer& ser, const rapidjson::Value& doc, double ns, std::string& out) {
  size_t calls = 1;
  while (time_calls(ser, doc, calls, out) * static_cast<double>(calls) < ns && calls < (size_t{1} << 30)) calls *= 2;
  return calls;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace sj::tools
