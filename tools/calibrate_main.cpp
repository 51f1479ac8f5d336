// schemajit-calibrate: measures, on this machine, the array length from which each bulk
// kernel beats the inlined loop, and writes the cutoffs the engine loads.
//
//   schemajit-calibrate [--out DIR] [--rounds N] [--repeat R] [--max LEN]
//
// For each kind of array (strings of 8, 40 and 120 characters, 8-character strings that all
// need escaping; numbers that are whole, short decimals or full-precision doubles; integers;
// [x, y] pairs of numbers) and each length 1, 2, 4, ... LEN, it serializes the same
// document through a loop-only serializer (cutoff = never) and a bulk one (cutoff = 0),
// interleaving the two in N rounds (median taken, output consumed). The crossover of a kind
// is the smallest measured length from which bulk beats the loop at every larger measured
// length, where a tie within kTie (3%, above this machine's round-to-round noise of the
// medians) counts as a win: where both paths do the same per-element work (strings that all
// need escaping, number text) bulk is no slower, and noise must not decide the cutoff. A
// cutoff is the largest crossover over the kinds it serves (four of strings, three of
// numbers), "never" if one of them never crosses: the one that is safe whatever the strings'
// lengths or the numbers' digits. The whole measurement is repeated R times and
// each kind's crossover is the median of its R crossovers (single runs move by a power of
// two on a noisy machine). Writes DIR/cutoffs.json (load it with the
// option "cutoffsFile" or $SCHEMAJIT_CUTOFFS) and DIR/<kind>.svg, the throughput of both paths
// with the crossover marked.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>
#include "tools/array_shapes.h"
#include "tools/cli.h"
#include "tools/timing.h"
#include "tools/tool_common.h"

namespace {

using namespace sj::tools;

const Cli kCli("schemajit-calibrate", R"(usage: schemajit-calibrate [--out DIR] [--rounds N] [--repeat R] [--max LEN]
       schemajit-calibrate --help | --version

Measures on this machine, for each kind of array, the length from which the bulk kernel
beats the per-item loop, and writes DIR/cutoffs.json (load it with the option
"cutoffsFile" or $SCHEMAJIT_CUTOFFS) and a plot per kind, DIR/<kind>.svg. Progress goes to
stderr; the table of crossovers to stdout. A full run takes a few minutes.
  --out DIR     where to write (default: calibration)
  --rounds N    timed rounds per length and path, the median taken (default 7)
  --repeat R    whole measurements, each kind's crossover the median of R (default 3)
  --max LEN     the longest array measured, lengths 1, 2, 4, ... LEN (default 1024)
)");

struct Kind {
  std::string label;     // column of the table
  std::string file;      // svg name
  std::string key;       // its cutoffs key
  std::string items;     // the items schema
  std::string (*make)(int length);
};

std::string strings8(int n) { return sj::tools::string_array(n, 8); }
std::string strings40(int n) { return sj::tools::string_array(n, 40); }
std::string strings120(int n) { return sj::tools::string_array(n, 120); }
std::string escapes8(int n) { return sj::tools::string_array(n, 8, true); }

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> k = {
      {"8 chars", "strings-8", "string", R"({"type":"string"})", strings8},
      {"40 chars", "strings-40", "string", R"({"type":"string"})", strings40},
      {"120 chars", "strings-120", "string", R"({"type":"string"})", strings120},
      {"8 chars + escapes", "strings-8-escapes", "string", R"({"type":"string"})", escapes8},
      {"whole numbers", "numbers-whole", "number", R"({"type":"number"})", sj::tools::integer_array},
      {"short decimals", "numbers-decimals", "number", R"({"type":"number"})", sj::tools::number_array},
      {"doubles", "numbers-doubles", "number", R"({"type":"number"})", sj::tools::double_array},
      {"integers", "integers", "integer", R"({"type":"integer"})", sj::tools::integer_array},
      {"[x, y] pairs", "number-pairs", "numberArrays", R"({"type":"array","items":{"type":"number"}})",
       sj::tools::number_pairs},
  };
  return k;
}

constexpr double kTie = 1.03;

struct Point {
  int length;
  size_t bytes;
  double loop_ns, bulk_ns;
  double spread;  // how far the rounds of either path lie apart: interquartile range / median
};

// The interquartile range of the rounds over their median: 0 for fewer than 4 rounds.
double spread_of(std::vector<double> v) {
  if (v.size() < 4) return 0;
  std::sort(v.begin(), v.end());
  return (v[v.size() * 3 / 4] - v[v.size() / 4]) / v[v.size() / 2];
}

// Progress, on stderr as it goes: "[k/9] <kind>, pass p/R: lengths 1 2 4 ... done".
struct Progress {
  size_t kind, kinds;
  long pass, passes;
};

std::vector<Point> measure(schemajit::Engine& engine, const Kind& kind, long max_length, long rounds, const Progress& at) {
  std::string schema = R"({"type":"array","items":)" + kind.items + "}";
  auto loop = engine.compile(schema, R"({"cutoffs":{")" + kind.key + "\":null}}");
  auto bulk = engine.compile(schema, R"({"cutoffs":{")" + kind.key + "\":0}}");
  if (!loop || !bulk) std::exit(kCli.fail((!loop ? loop : bulk).error().message));
  std::vector<Point> points;
  std::cerr << "schemajit-calibrate: [" << at.kind << "/" << at.kinds << "] " << kind.label << ", pass " << at.pass << "/"
            << at.passes << ", " << rounds << " rounds per length: lengths" << std::flush;
  for (int length = 1; length <= max_length; length *= 2) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseFullPrecisionFlag>(kind.make(length).c_str());
    std::string out;
    (void)loop->serialize(doc, out);
    size_t bytes = out.size();
    size_t calls = calls_for(serialize_call(*loop, doc), 4e6, out);  // ~4 ms per round
    std::vector<double> l, b;
    for (int r = 0; r < rounds; ++r) {  // interleaved, so drift hits both paths alike
      l.push_back(time_calls(serialize_call(*loop, doc), calls, out));
      b.push_back(time_calls(serialize_call(*bulk, doc), calls, out));
    }
    points.push_back({length, bytes, median(l), median(b), std::max(spread_of(l), spread_of(b))});
    std::cerr << " " << length << std::flush;
  }
  std::cerr << " done" << std::endl;
  return points;
}

// Smallest measured length from which bulk beats (or ties) the loop at every larger one;
// -1 when bulk does not win at the largest length (never take it).
int crossover(const std::vector<Point>& points) {
  int found = -1;
  for (auto it = points.rbegin(); it != points.rend() && it->bulk_ns <= it->loop_ns * kTie; ++it) found = it->length;
  return found;
}

double mbps(const Point& p, double ns) { return static_cast<double>(p.bytes) / ns * 1e3; }

// Throughput of both paths against log2(length), crossover marked: a small self-made SVG.
void write_svg(const std::filesystem::path& path, const Kind& kind, const std::vector<Point>& pts, int cross) {
  const double w = 640, h = 400, left = 70, right = 20, top = 40, bottom = 50;
  double ymax = 0;
  for (const auto& p : pts) ymax = std::max({ymax, mbps(p, p.loop_ns), mbps(p, p.bulk_ns)});
  ymax *= 1.1;
  double xmax = std::log2(pts.back().length);
  auto X = [&](int len) { return left + (w - left - right) * (xmax > 0 ? std::log2(len) / xmax : 0); };
  auto Y = [&](double v) { return top + (h - top - bottom) * (1 - v / ymax); };
  std::ofstream svg(path);
  svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << w << "' height='" << h
      << "' font-family='sans-serif' font-size='12'>\n<rect width='100%' height='100%' fill='white'/>\n";
  svg << "<text x='" << left << "' y='22' font-size='15'>" << kind.label
      << ": throughput by array length (MB/s of output)</text>\n";
  svg << "<line x1='" << left << "' y1='" << h - bottom << "' x2='" << w - right << "' y2='" << h - bottom
      << "' stroke='black'/>\n<line x1='" << left << "' y1='" << top << "' x2='" << left << "' y2='" << h - bottom
      << "' stroke='black'/>\n";
  for (const auto& p : pts)
    svg << "<text x='" << X(p.length) << "' y='" << h - bottom + 16 << "' text-anchor='middle'>" << p.length << "</text>\n";
  for (int i = 0; i <= 4; ++i) {
    double v = ymax * i / 4;
    svg << "<text x='" << left - 6 << "' y='" << Y(v) + 4 << "' text-anchor='end'>" << static_cast<int>(v) << "</text>\n";
  }
  svg << "<text x='" << (left + w - right) / 2 << "' y='" << h - 12 << "' text-anchor='middle'>array length</text>\n";
  auto line = [&](bool bulk, const char* color) {
    svg << "<polyline fill='none' stroke='" << color << "' stroke-width='2' points='";
    for (const auto& p : pts) svg << X(p.length) << "," << Y(mbps(p, bulk ? p.bulk_ns : p.loop_ns)) << " ";
    svg << "'/>\n";
  };
  line(false, "#d95f02");
  line(true, "#1b9e77");
  svg << "<text x='" << left + 10 << "' y='" << top + 14 << "' fill='#d95f02'>inlined loop</text>\n";
  svg << "<text x='" << left + 10 << "' y='" << top + 30 << "' fill='#1b9e77'>bulk kernel</text>\n";
  if (cross > 0)
    svg << "<line x1='" << X(cross) << "' y1='" << top << "' x2='" << X(cross) << "' y2='" << h - bottom
        << "' stroke='gray' stroke-dasharray='4 3'/>\n<text x='" << X(cross) + 4 << "' y='" << top + 48
        << "' fill='gray'>crossover " << cross << "</text>\n";
  svg << "</svg>\n";
}

// The cutoff of `key`: the largest crossover over the kinds it serves, -1 (never) if one of
// them never crosses.
int cutoff(const std::string& key, const std::vector<int>& cross) {
  int cut = -1;
  for (size_t k = 0; k < kinds().size(); ++k) {
    if (kinds()[k].key != key) continue;
    if (cross[k] < 0) return -1;
    cut = std::max(cut, cross[k]);
  }
  return cut;
}

std::string cutoff_text(int c) { return c < 0 ? "never" : std::to_string(c); }
std::string cutoff_json(int c) { return c < 0 ? "null" : std::to_string(c); }

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::filesystem::path out_dir = "calibration";
  long rounds = 7, repeat = 3, max_length = 1024;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    int status;
    std::string dir;
    if (Cli::is_help(a)) return kCli.help();
    if (a == "--version") return kCli.version();
    if (a == "--out") {
      if (!kCli.value(args, i, dir, &status)) return status;
      out_dir = dir;
    } else if (a == "--rounds") {
      if (!kCli.number(args, i, 1, 1000, rounds, &status)) return status;
    } else if (a == "--repeat") {
      if (!kCli.number(args, i, 1, 100, repeat, &status)) return status;
    } else if (a == "--max") {
      if (!kCli.number(args, i, 1, 1 << 20, max_length, &status)) return status;
    } else {
      return kCli.misuse((a.size() > 1 && a[0] == '-' ? "unknown option " : "unexpected argument ") + a);
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) return kCli.fail(out_dir.string() + ": " + ec.message());
  schemajit::Engine engine = sj::tools::make_engine(kCli.log_sink());
  std::vector<int> cross;
  std::vector<double> spreads;  // every measured length's, over every kind and pass
  for (const auto& kind : kinds()) {
    std::vector<Point> pts;
    std::vector<int> runs;  // "never" sorts last
    for (long r = 0; r < repeat; ++r) {
      pts = measure(engine, kind, max_length, rounds, {cross.size() + 1, kinds().size(), r + 1, repeat});
      for (const auto& p : pts) spreads.push_back(p.spread);
      int c = crossover(pts);
      runs.push_back(c < 0 ? std::numeric_limits<int>::max() : c);
    }
    std::sort(runs.begin(), runs.end());
    int c = runs[runs.size() / 2] == std::numeric_limits<int>::max() ? -1 : runs[runs.size() / 2];
    cross.push_back(c);
    write_svg(out_dir / (kind.file + ".svg"), kind, pts, c);
    std::printf("%s (MB/s: loop / bulk)\n ", kind.label.c_str());
    for (const auto& p : pts) std::printf(" %d: %.0f/%.0f", p.length, mbps(p, p.loop_ns), mbps(p, p.bulk_ns));
    std::printf("\n");
  }
  std::printf("\n| crossover |");
  for (const auto& kind : kinds()) std::printf(" %s |", kind.label.c_str());
  std::printf("\n|---|");
  for (size_t k = 0; k < kinds().size(); ++k) std::printf("---:|");
  std::printf("\n| length |");
  for (int c : cross) std::printf(" %s |", cutoff_text(c).c_str());
  std::string text, file;
  for (const char* key : {"string", "number", "integer", "numberArrays"}) {
    int cut = cutoff(key, cross);
    text += (text.empty() ? "" : ", ") + std::string(key) + " " + cutoff_text(cut);
    file += (file.empty() ? "{\"" : ", \"") + std::string(key) + "\": " + cutoff_json(cut);
  }
  std::printf("\n\ncutoffs: %s\n", text.c_str());
  // A cutoff is decided by differences of a few percent: rounds that lie further apart than
  // the tie (a loaded machine, frequency changes) make it a guess, and the user must know.
  double noise = spreads.empty() ? 0 : median(spreads);
  std::printf("noise: the rounds of a length lie %.1f%% apart (interquartile range / median, the median over lengths)\n",
              noise * 100);
  if (noise > kTie - 1) {
    char message[256];
    std::snprintf(message, sizeof message,
                  "this machine was noisy while it measured (rounds %.1f%% apart, above the %.0f%% that decides a tie): the "
                  "cutoffs may be off; measure again on an idle machine, with more --rounds and --repeat",
                  noise * 100, (kTie - 1) * 100);
    kCli.warn({message});
  }
  std::ofstream json(out_dir / "cutoffs.json");
  json << file << "}\n";
  std::printf("wrote %s and one .svg per kind\n", (out_dir / "cutoffs.json").string().c_str());
  return json ? 0 : 1;
}
