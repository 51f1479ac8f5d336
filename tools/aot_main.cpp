// schemajit-aot: compiles schemas when the application is built, for a program that links
// schemajit::runtime and no LLVM. Writes PREFIX.a (the machine code of every schema and its
// table, position-independent, for the CPU chosen) and PREFIX.h (a function per schema
// returning its ready Serializer). cmake/SchemajitAot.cmake runs it from a build
// (schemajit_add_serializers).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <thread>

#include <schemajit/aot.h>

#include "engine/aot.h"
#include "ir/error.h"
#include "ir/json_access.h"
#include "ir/lower.h"
#include "ir/schema_doc.h"
#include "tools/aot_header.h"
#include "tools/cli.h"
#include "tools/tool_common.h"

namespace {

const sj::tools::Cli kCli("schemajit-aot", R"(usage: schemajit-aot --name NAME --out PREFIX [--cpu CPU] [--options O.json] [--keep-errors] [--jobs N] [--] SCHEMA.json...
       schemajit-aot --name NAME --out PREFIX [--cpu CPU] [--keep-errors] [--jobs N] --manifest M.jsonl
       schemajit-aot --help | --version

Compiles schemas ahead of time. Writes PREFIX.a, a static library with the machine code of
every schema for CPU, position-independent (it links into executables and shared libraries;
a program's linker takes only the schemas it names), and PREFIX.h, which
declares in namespace NAME one function per schema returning its schemajit::Serializer:
link the library and schemajit::runtime (no LLVM). A schema's function is named after its file,
up to the first '.', other characters than letters, digits and '_' made '_', '_' put before a
leading digit and after a C++ keyword, a name reserved to the compiler (_X..., x__y) or a
standard macro (NULL, errno, assert, linux, ...): class.json -> class_(), -x.json -> _x().
Two schemas whose functions would share a name are an error naming both. NAME is a C
identifier, made a namespace the same way (std, schemajit and uint64_t get '_' too); a
manifest's names are C identifiers. Arguments after -- are schema files, even if they start
with '-'.
  --cpu CPU        x86-64, x86-64-v2 (the default), x86-64-v3, x86-64-v4, native, or any CPU
                   LLVM knows; loading the code on a CPU without its features is an error
  --options O.json fast-json-stringify's options object (and schemajit's), for every schema
  --manifest M     JSON lines {"name": ..., "schema": {...}, "options": {...}} instead of files
  --keep-errors    a schema that does not compile makes a function returning its error,
                   instead of failing
  --jobs N         compile on N threads (default: one per CPU)
)");

schemajit::detail::AotSchema lowered(const std::string& name, const std::string& schema, const std::string& options) {
  schemajit::detail::AotSchema s{name, options.empty() ? "{}" : options, nullptr, {}};
  try {
    sj::Options o = sj::parse_options(options);
    sj::SchemaDoc doc(schema, o);
    s.module = std::make_shared<const sj::ir::Module>(sj::ir::lower(doc, o));
  } catch (const sj::CompileError& e) {
    s.error = {e.code, e.message, e.pointer};
  }
  return s;
}

bool write(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  return static_cast<bool>(out.flush());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc), files;
  std::string ns, prefix, cpu = "x86-64-v2", options_path, manifest;
  bool keep_errors = false, only_files = false;
  long jobs = std::max(1u, std::thread::hardware_concurrency());
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    int status;
    if (only_files) files.push_back(a);
    else if (a == "--") only_files = true;
    else if (sj::tools::Cli::is_help(a)) return kCli.help();
    else if (a == "--version") return kCli.version();
    else if (a == "--name") { if (!kCli.value(args, i, ns, &status)) return status; }
    else if (a == "--out") { if (!kCli.value(args, i, prefix, &status)) return status; }
    else if (a == "--cpu") { if (!kCli.value(args, i, cpu, &status)) return status; }
    else if (a == "--options") { if (!kCli.value(args, i, options_path, &status)) return status; }
    else if (a == "--manifest") { if (!kCli.value(args, i, manifest, &status)) return status; }
    else if (a == "--jobs") { if (!kCli.number(args, i, 1, 1024, jobs, &status)) return status; }
    else if (a == "--keep-errors") keep_errors = true;
    else if (a.size() > 1 && a[0] == '-') return kCli.misuse("unknown option " + a);
    else files.push_back(a);
  }
  if (!sj::tools::is_c_identifier(ns)) return kCli.misuse("--name takes a C identifier");
  if (prefix.empty()) return kCli.misuse("--out is required");
  if (files.empty() == manifest.empty()) return kCli.misuse("give SCHEMA.json files or --manifest, not both");
  std::string err, options;
  if (!options_path.empty()) {
    auto o = sj::tools::read_file(options_path, err);
    if (!o) return kCli.fail(err);
    options = *o;
  }
  std::vector<schemajit::detail::AotSchema> schemas;
  std::vector<std::string> sources;
  std::map<std::string, size_t> named;  // a function's name: the schema it is of
  if (!manifest.empty()) {
    auto text = sj::tools::read_file(manifest, err);
    if (!text) return kCli.fail(err);
    for (const auto& line : sj::tools::read_lines(*text)) {
      rapidjson::Document c;
      if (!sj::parse_json(line, c, err) || !sj::member(c, "name") || !sj::member(c, "schema") || !c["name"].IsString())
        return kCli.fail(manifest + ": a line is not {\"name\", \"schema\", \"options\"}");
      const std::string name = c["name"].GetString();
      if (!sj::tools::is_c_identifier(name))
        return kCli.fail(manifest + ": " + sj::tools::c_string(name) + " is not a C identifier");
      const rapidjson::Value* o = sj::member(c, "options");
      schemas.push_back(
          lowered(sj::tools::cpp_identifier(name), sj::json_text(c["schema"]), o && o->IsObject() ? sj::json_text(*o) : ""));
      sources.push_back(manifest);
    }
  } else {
    kCli.warn(sj::tools::option_warnings(options));
    for (const auto& f : files) {
      auto text = sj::tools::read_file(f, err);
      if (!text) return kCli.fail(err);
      schemas.push_back(lowered(sj::tools::function_name(f), *text, options));
      sources.push_back(f);
    }
  }
  for (size_t i = 0; i < schemas.size(); ++i) {
    const auto& s = schemas[i];
    if (auto [it, fresh] = named.emplace(s.name, i); !fresh)
      return kCli.fail((sources[it->second] == sources[i] ? sj::tools::c_string(sources[i]) + ": two schemas"
                                                          : sj::tools::c_string(sources[it->second]) + " and " +
                                                                sj::tools::c_string(sources[i])) +
                       " make the function " + s.name + ": rename one");
    if (!s.module && !keep_errors)
      return kCli.fail(sources[i] + ": " + s.error.message + (s.error.pointer.empty() ? "" : " (at " + s.error.pointer + ")"));
  }
  try {
    auto library = schemajit::detail::aot_library(schemas, ns, cpu, static_cast<unsigned>(jobs));
    const std::string h = sj::tools::header(ns, sj::tools::namespace_name(ns), library.cpu, schemas, sources);
    if (!write(prefix + ".a", library.archive) || !write(prefix + ".h", h))
      return kCli.fail(prefix + ": cannot write the outputs");
  } catch (const sj::CompileError& e) {
    return kCli.fail(e.message);
  }
  return 0;
}
