// Loading serializers compiled ahead of time (include/schemajit/aot.h): the checks that keep an
// object made for another runtime or another CPU from running, and the CompiledCode around its
// entry point.
#include <schemajit/aot.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "api/aot_features.h"
#include "api/compiled_code.h"
#include "runtime/abi.h"
#include "runtime/dom_layout.h"
#include "runtime/pattern.h"
#include "runtime/wtf8.h"

extern "C" const int schemajit_runtime_abi_2 = SCHEMAJIT_AOT_ABI;

namespace schemajit {
namespace {

// The runtime functions generated code calls, as text: a change to that list (a function
// added, a signature changed) changes the ABI of ahead-of-time objects. The assert below holds
// the list's hash at the ABI's number, so the list cannot change without a new number.
#define SJ_STRINGIFY_FUNCTION(name, ...) #name "(" #__VA_ARGS__ ")"
constexpr std::string_view kAbiFunctions = SJ_RUNTIME_FUNCTIONS(SJ_STRINGIFY_FUNCTION);
#undef SJ_STRINGIFY_FUNCTION

constexpr uint64_t fnv1a(std::string_view s) {
  uint64_t h = 14695981039346656037ull;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}
static_assert(SCHEMAJIT_AOT_ABI == 2 && fnv1a(kAbiFunctions) == 0x706e1c58a96b3121ull,
              "runtime/abi.h's functions changed: raise SCHEMAJIT_AOT_ABI (include/schemajit/aot.h) and "
              "schemajit_runtime_abi_<N>, then set this hash");

// Whether this CPU has every feature of `features` (bits of schemajit_aot_feature).
bool cpu_has(uint64_t features, std::string& missing) {
  __builtin_cpu_init();
  struct Feature {
    uint64_t bit;
    const char* name;
    bool present;
  };
#define SJ_FEATURE(bit, name) {bit, name, __builtin_cpu_supports(name) != 0},
  const Feature all[] = {SJ_AOT_FEATURES(SJ_FEATURE)};
#undef SJ_FEATURE
  uint64_t known = 0;
  for (const Feature& f : all) {
    known |= f.bit;
    if ((features & f.bit) && !f.present) missing += (missing.empty() ? "" : " ") + std::string(f.name);
  }
  // A bit this runtime does not know names a feature it cannot test for: refuse rather than guess.
  if (features & ~known) missing += (missing.empty() ? "" : " ") + std::string("features unknown to this runtime");
  return missing.empty();
}

std::string named(const schemajit_aot_serializer& c) { return std::string("serializer ") + (c.name ? c.name : "?"); }

}  // namespace

Result<Serializer> load(const schemajit_aot_serializer& c) {
  // The first word only: the rest of bytes that are not a table of this ABI may be anything.
  if (c.abi != SCHEMAJIT_AOT_ABI_WORD) {
    char word[19];
    std::snprintf(word, sizeof word, "0x%016llx", static_cast<unsigned long long>(c.abi));
    return Error{ErrorCode::VersionMismatch,
                 std::string("this is not a table of the ahead-of-time ABI this runtime (" SCHEMAJIT_VERSION_STRING
                                 ") loads, ") + std::to_string(SCHEMAJIT_AOT_ABI) + ": its first word is " + word +
                     ": make it again with a schemajit-aot of that ABI",
                 ""};
  }
  // The ABI is the contract, not the version: an object made by another schemajit-aot of this
  // ABI (an earlier minor or patch version: a prebuilt library) loads, and prints what that
  // version's code prints. Every change to what the object and the runtime share bumps the ABI.
  if (!c.entry)
    return Error{static_cast<ErrorCode>(c.error_code), c.error ? sj::rt::c0_80_as_nul(c.error) : "did not compile",
                 c.error_pointer ? sj::rt::c0_80_as_nul(c.error_pointer) : ""};
  static const bool layout_ok = sj::dom::layout_self_check();
  if (!layout_ok)
    return Error{ErrorCode::Internal, "this build of RapidJSON lays out rapidjson::Value differently from runtime/dom_layout.h", ""};
  std::string missing;
  if (!cpu_has(c.cpu_features, missing))
    return Error{ErrorCode::CpuMismatch, named(c) + " was made for " + (c.cpu ? c.cpu : "?") + ", which has " + missing +
                                             "; this CPU does not: make it for a lower baseline (schemajit-aot --cpu)",
                 ""};
  std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns;
  for (uint64_t i = 0; i < c.pattern_count; ++i) {
    std::string error;
    auto p = sj::rt::Pattern::compile(std::string(c.pattern_sources[i], c.pattern_lengths[i]), error,
                                      static_cast<sj::rt::Pattern::Dialect>(c.pattern_dialects[i]));
    if (!p) return Error{ErrorCode::Internal, named(c) + ": a regex does not compile: " + error, ""};
    patterns.push_back(std::move(p));
  }
  std::vector<std::string> constants(c.constants, c.constants + c.constant_count);
  auto entry = reinterpret_cast<sj::rt::EntryFn>(const_cast<void*>(c.entry));
  return Serializer(detail::compiled_code(entry, std::move(patterns), constants, static_cast<int32_t>(c.max_data_depth),
                                          c.max_output_bytes, nullptr));
}

}  // namespace schemajit
