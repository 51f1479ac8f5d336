// Timing serialize calls, as `schemajit bench`, the demo and schemajit-calibrate do it:
// fixed call counts per round, output consumed, medians. A call is anything that appends one
// output to a string: serialize(doc, out), serialize_json(text, out), serialize(yyjson, out).
#pragma once
#include <chrono>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

namespace sj::tools {

// Where measured output ends up, so the compiler cannot drop the calls.
extern volatile size_t g_consumed;

// Nanoseconds per call over `calls` runs of call(out) (each output read, not just written).
template <class Call>
double time_calls(const Call& call, size_t calls, std::string& out) {
  auto t0 = std::chrono::steady_clock::now();
  size_t consumed = 0;
  for (size_t i = 0; i < calls; ++i) {
    out.clear();
    (void)call(out);
    consumed += out.empty() ? 0 : static_cast<unsigned char>(out[out.size() / 2]);
  }
  g_consumed = consumed;
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
         static_cast<double>(calls);
}

// The smallest power of two of calls that takes at least `ns` nanoseconds.
template <class Call>
size_t calls_for(const Call& call, double ns, std::string& out) {
  size_t calls = 1;
  while (time_calls(call, calls, out) * static_cast<double>(calls) < ns && calls < (size_t{1} << 30)) calls *= 2;
  return calls;
}

// serialize(doc, out) of a serializer: the call the calibration and the demo time.
inline auto serialize_call(const schemajit::Serializer& ser, const rapidjson::Value& doc) {
  return [&ser, &doc](std::string& out) { return ser.serialize(doc, out); };
}

double median(std::vector<double> values);

}  // namespace sj::tools
