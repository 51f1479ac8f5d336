// Timing serialize calls, as `schemajit bench`, the demo and schemajit-calibrate do it:
// fixed call counts per round, output consumed, medians.
#pragma once
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

namespace sj::tools {

// Nanoseconds per call over `calls` serializations of doc (each output read, not just written).
double time_calls(const schemajit::Serializer& ser, const rapidjson::Value& doc, size_t calls, std::string& out);
// The smallest power of two of calls that takes at least `ns` nanoseconds.
size_t calls_for(const schemajit::Serializer& ser, const rapidjson::Value& doc, double ns, std::string& out);
double median(std::vector<double> values);

}  // namespace sj::tools
