// schemajit: the command-line face of the engine.
//   schemajit demo                                        the main job on the embedded default
//   schemajit serialize --schema S.json [--options O.json] [DATA.json | -]
//   schemajit check [--verbose] [--tier T] [--input I] FILE.jsonl...
//   schemajit bench --schema S.json [--options O.json] [--input I] DATA.json [--json]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "default_example.h"
#include "ir/schema_doc.h"
#include "tools/cli.h"
#include "tools/timing.h"
#include "tools/tool_common.h"

namespace sj::tools {

const Cli kCli("schemajit", R"(usage: schemajit demo
       schemajit serialize --schema S.json [--options O.json] [DATA.json | -]
       schemajit check [--verbose] [--tier interp|0|1|2|3] [--input text|rapidjson|yyjson] FILE.jsonl...
       schemajit bench --schema S.json [--options O.json] [--input text|rapidjson|yyjson] DATA.json [--json]
       schemajit --help | --version

  demo       compile the embedded default schema, serialize its data, print the output,
             the first lines of the IR and the compile and serialize times
  serialize  print DATA (a file, or stdin) as the schema prints it
  check      run conformance cases ({schema, options, input, expected | error |
             build_error} per line), print the failures and "N passed, M failed";
             --tier: the interpreter alone, or machine code at one level;
             --input: the input as serialize_json reads it (text), or read into a
             document of that model first (yyjson values run on the interpreter)
  bench      compile, then time serialize calls on DATA (--json: one JSON line);
             --input: DATA read into a RapidJSON document once (the default; machine
             code after tier-up), serialize_json on its text per call (text), or
             read into a yyjson document once (yyjson)
)");

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

struct Inputs {
  std::string schema, options, data;
  bool json = false;
  InputKind input = InputKind::RapidJson;
};

// Reads --schema, --options, the data argument and --json; --input too for `bench`.
std::optional<Inputs> read_inputs(const std::vector<std::string>& args, bool bench, int& status) {
  Inputs in;
  std::string schema_path, options_path, data_path;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--schema") { if (!kCli.value(args, i, schema_path, &status)) return std::nullopt; }
    else if (args[i] == "--options") { if (!kCli.value(args, i, options_path, &status)) return std::nullopt; }
    else if (args[i] == "--json") in.json = true;
    else if (bench && args[i] == "--input") {
      std::string kind;
      if (!kCli.value(args, i, kind, &status)) return std::nullopt;
      auto parsed = parse_input_kind(kind);
      if (!parsed) { status = kCli.misuse("--input takes text, rapidjson or yyjson, not " + kind); return std::nullopt; }
      in.input = *parsed;
    }
    else if (args[i].size() > 1 && args[i][0] == '-') { status = kCli.misuse("unknown option " + args[i]); return std::nullopt; }
    else if (data_path.empty()) data_path = args[i];
    else { status = kCli.misuse("unexpected argument " + args[i]); return std::nullopt; }
  }
  if (schema_path.empty()) { status = kCli.misuse("--schema is required"); return std::nullopt; }
  if (data_path.empty()) {
    if (bench) { status = kCli.misuse("a DATA.json file is required"); return std::nullopt; }
    data_path = "-";
  }
  std::string err;
  auto read = [&](const std::string& p, std::string& into) {
    auto t = read_file(p, err);
    if (t) into = std::move(*t);
    return t.has_value();
  };
  if (!read(schema_path, in.schema) || (!options_path.empty() && !read(options_path, in.options)) ||
      !read(data_path, in.data)) {
    status = kCli.fail(err);
    return std::nullopt;
  }
  return in;
}

int report(const schemajit::Error& e, const char* stage) {
  return kCli.fail(std::string(stage) + ": " + e.message + (e.pointer.empty() ? "" : " (at " + e.pointer + ")"));
}

int serialize_command(const std::vector<std::string>& args) {
  int status = 0;
  auto in = read_inputs(args, false, status);
  if (!in) return status;
  schemajit::Engine engine = sj::tools::make_engine(kCli.log_sink());  // logs the options' warnings
  auto ser = engine.compile(in->schema, in->options);
  if (!ser) return report(ser.error(), "schema");
  std::string out;
  auto st = ser->serialize_json(in->data, out);
  if (!st) return report(st.error(), "data");
  std::cout << out << "\n";
  return 0;
}

struct Timing {
  double compile_ms = 0;       // schema text to a callable serializer (on the interpreter)
  double first_output_ms = 0;  // ... and its first output
  double tier_up_ms = 0;       // then the wait for machine code at the final level
  size_t bytes = 0;
  double ns_per_call = 0;      // the final code
  double interp_ns_per_call = 0;
};

// The options (JSON text, "" for none) with "jit": false.
std::string interpreter_only(const std::string& options) {
  rapidjson::Document o;
  std::string error;
  if (options.empty() || !sj::parse_json(options, o, error) || !o.IsObject()) o.SetObject();
  o.RemoveMember("jit");
  o.AddMember("jit", false, o.GetAllocator());
  return sj::json_text(o);
}

// DATA as `--input` hands it to the serializer: a RapidJSON document (the default: machine
// code once tier-up has run), the text itself (serialize_json: yyjson's reader, then the
// interpreter reading its document), or a yyjson document read once (the interpreter).
struct Fed {
  InputKind input = InputKind::RapidJson;
  std::string_view text;
  rapidjson::Document doc;
  sj::YyjsonData yyjson;
};

bool feed(Fed& fed, std::string_view data, schemajit::Error& error) {
  fed.text = data;
  std::string perr;
  bool read = fed.input == InputKind::RapidJson ? sj::parse_json(data, fed.doc, perr)
              : fed.input == InputKind::Yyjson  ? sj::read_json_data_yyjson(data, fed.yyjson, perr)
                                                : true;  // serialize_json reads it in every call
  if (!read) error = {schemajit::ErrorCode::InvalidInput, "data is not valid JSON: " + perr, ""};
  return read;
}

// call(ser, fed) applied to a function that appends one output: f(serialize-one-output).
template <class F>
auto with_call(const schemajit::Serializer& ser, const Fed& fed, F f) {
  switch (fed.input) {
    case InputKind::Text: return f([&](std::string& out) { return ser.serialize_json(fed.text, out); });
    case InputKind::Yyjson: return f([&](std::string& out) { return ser.serialize(fed.yyjson.root, out); });
    case InputKind::RapidJson: break;
  }
  return f(serialize_call(ser, fed.doc));
}

// The median of 7 rounds of ~50 ms each, output consumed.
double ns_per_call(const schemajit::Serializer& ser, const Fed& fed, std::string& out) {
  return with_call(ser, fed, [&](const auto& call) {
    size_t calls = calls_for(call, 50e6, out);
    std::vector<double> rounds;
    for (int r = 0; r < 7; ++r) rounds.push_back(time_calls(call, calls, out));
    return median(rounds);
  });
}

// What the final code is, as `bench` prints it: yyjson documents run on the interpreter.
const char* final_code(InputKind input) {
  if (!kHaveJit) return "the interpreter: a build without the JIT";
  if (input == InputKind::RapidJson) return "machine code";
  return input == InputKind::Text ? "serialize_json: yyjson's reader, the interpreter" : "a yyjson document, the interpreter";
}

// Compiles (in this process's first Engine: a fresh process pays what a server's start pays)
// and serializes once, then (RapidJSON documents, whose calls count toward it) waits for
// tier-up, and times the final code; last, the same schema on the interpreter alone.
std::optional<Timing> measure(const std::string& schema, const std::string& options, const std::string& data,
                              InputKind input, schemajit::Error& error) {
  Fed fed;
  fed.input = input;
  if (!feed(fed, data, error)) return std::nullopt;
  schemajit::Engine engine = sj::tools::make_engine(kCli.log_sink());  // logs the options' warnings, once
  Timing t;
  std::string out;
  auto t0 = Clock::now();
  auto ser = engine.compile(schema, options);
  t.compile_ms = ms_since(t0);
  if (!ser) { error = ser.error(); return std::nullopt; }
  auto st = with_call(*ser, fed, [&](const auto& call) { return call(out); });
  t.first_output_ms = ms_since(t0);
  if (!st) { error = st.error(); return std::nullopt; }
  t.bytes = out.size();
  if (input == InputKind::RapidJson && kHaveJit) {
    (void)calls_for(serialize_call(*ser, fed.doc), 50e6, out);  // enough calls to tier up
    auto t1 = Clock::now();
    engine.wait_for_tier_up();
    t.tier_up_ms = ms_since(t1);
  }
  t.ns_per_call = ns_per_call(*ser, fed, out);
  auto interpreted = engine.compile(schema, interpreter_only(options));
  if (interpreted) t.interp_ns_per_call = ns_per_call(*interpreted, fed, out);
  return t;
}

int bench_command(const std::vector<std::string>& args) {
  int status = 0;
  auto in = read_inputs(args, true, status);
  if (!in) return status;
  schemajit::Error error;
  auto t = measure(in->schema, in->options, in->data, in->input, error);
  if (!t) return report(error, "bench");
  double mbs = static_cast<double>(t->bytes) / t->ns_per_call * 1e9 / 1e6;
  const char* input = input_kind_name(in->input);
  if (in->json) {
    std::printf("{\"input\":\"%s\",\"compile_ms\":%.3f,\"first_output_ms\":%.3f,\"tier_up_ms\":%.1f,\"bytes\":%zu,"
                "\"ns_per_call\":%.1f,\"interp_ns_per_call\":%.1f,\"mb_per_s\":%.1f}\n",
                input, t->compile_ms, t->first_output_ms, t->tier_up_ms, t->bytes, t->ns_per_call,
                t->interp_ns_per_call, mbs);
  } else {
    std::printf("input         %s\n"
                "compile       %.3f ms (schema text to a serializer, on the interpreter)\n"
                "first output  %.3f ms after compile began\n",
                input, t->compile_ms, t->first_output_ms);
    if (in->input == InputKind::RapidJson && kHaveJit)
      std::printf("tier-up       %.1f ms more until machine code replaced the interpreter\n", t->tier_up_ms);
    std::printf("output        %zu bytes\n"
                "serialize     %.1f ns per call (%s), %.1f with {\"jit\": false}\n"
                "throughput    %.1f MB/s\n",
                t->bytes, t->ns_per_call, final_code(in->input), t->interp_ns_per_call, mbs);
  }
  return 0;
}

int demo_command() {
  schemajit::Engine engine = sj::tools::make_engine(kCli.log_sink());
  auto ser = engine.compile(kDefaultSchema, std::string_view{});
  if (!ser) return report(ser.error(), "schema");
  std::string out;
  auto st = ser->serialize_json(kDefaultData, out);
  if (!st) return report(st.error(), "data");
  std::cout << out << "\n\n";
  auto ir = engine.dump(kDefaultSchema, "", schemajit::DumpKind::IR);
  std::istringstream lines(*ir);
  std::string line;
  std::cout << "IR (first lines; schemajit-dump prints all of it):\n";
  for (int i = 0; i < 16 && std::getline(lines, line); ++i) std::cout << "  " << line << "\n";
  schemajit::Error error;
  auto t = measure(kDefaultSchema, "", kDefaultData, InputKind::RapidJson, error);
  if (!t) return report(error, "bench");
  // What follows the interpreter, and what the timed code is: machine code after tier-up, or
  // (a build without the JIT) the interpreter itself.
  char after[112] = " (a build without the JIT: no machine code)", code[64] = "the interpreter";
  if (kHaveJit) {
    std::snprintf(after, sizeof after, "; %.1f ms more until tier-up (after 100 calls) replaced it with machine code",
                  t->tier_up_ms);
    std::snprintf(code, sizeof code, "machine code; %.0f on the interpreter", t->interp_ns_per_call);
  }
  std::printf("\ncompile %.3f ms (schema text to a serializer running on the interpreter), first output %.3f ms\n"
              "after compile began%s\n",
              t->compile_ms, t->first_output_ms, after);
  std::printf("serialize %.0f ns per call (%s), %zu bytes, %.0f MB/s (median of 7 rounds)\n", t->ns_per_call, code,
              t->bytes, static_cast<double>(t->bytes) / t->ns_per_call * 1e3);
  return 0;
}

}  // namespace
}  // namespace sj::tools

static int run_command(int argc, char** argv) {
  using namespace sj::tools;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return kCli.misuse("which command?");
  std::string cmd = args[0];
  args.erase(args.begin());
  if (Cli::is_help(cmd)) return kCli.help();
  if (cmd == "--version") return kCli.version();
  for (const auto& a : args)
    if (Cli::is_help(a)) return kCli.help();
  if (cmd == "demo") return args.empty() ? demo_command() : kCli.misuse("demo takes no arguments");
  if (cmd == "serialize") return serialize_command(args);
  if (cmd == "check") return check_command(kCli, args);
  if (cmd == "bench") return bench_command(args);
  return kCli.misuse((cmd.size() > 1 && cmd[0] == '-' ? "unknown option " : "unknown command ") + cmd);
}

int main(int argc, char** argv) { return sj::tools::kCli.exit_status(run_command(argc, argv)); }
