// Array documents of the shapes the seed measured: the rows of its benchmark
// (bench/array_bench.cpp) and the arrays schemajit-calibrate times.
#pragma once
#include <string>
#include <vector>

namespace sj::tools {

struct Row {
  std::string name;
  std::string schema;
  std::string options;  // extra options object members, e.g. "\"largeArrayMechanism\":\"json-stringify\""
  std::string data;     // the document, JSON text
};

// string[n] of `width`-character strings; with `escapes` every string holds a quote or backslash.
std::string string_array(int n, int width, bool escapes = false);
// n numbers of one or two decimals (prices, scores).
std::string number_array(int n);
// n full-precision doubles, most of 16 or 17 significant digits (measurements).
std::string double_array(int n);
// n [x, y] pairs of full-precision coordinates (canada.json's kind).
std::string number_pairs(int n);
std::string integer_array(int n);
std::string tags_object(int id, int tags);

std::vector<Row> seed_rows();

}  // namespace sj::tools
