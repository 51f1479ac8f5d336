#include "tools/timing.h"

#include <algorithm>

namespace sj::tools {

volatile size_t g_consumed;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace sj::tools
