// The public API: schema text → SchemaDoc → IR → machine code, and the serialize call.
#include "engine/schemajit.h"

#include "engine/jit.h"
#include "ir/error.h"
#include "ir/lower.h"
#include "ir/printer.h"
#include "ir/schema_doc.h"
#include "runtime/call_state.h"
#include "runtime/dom_layout.h"

namespace schemajit {

struct Engine::Impl {
  detail::Jit jit;
  bool layout_ok = sj::dom::layout_self_check();
};

Engine::Engine() : impl_(std::make_shared<Impl>()) {}
Engine::~Engine() = default;

Result<Options> Engine::parse_options(std::string_view options_json) {
  if (options_json.empty()) return Options{};
  auto doc = std::make_shared<rapidjson::Document>();
  std::string err;
  if (!sj::parse_json(options_json, *doc, err)) return Error{"options are not valid JSON: " + err, ""};
  if (!doc->IsObject()) return Error{"options must be a JSON object", ""};
  sj::collapse_duplicate_members(*doc);
  try {
    return sj::parse_options(*doc, doc);
  } catch (const sj::CompileError& e) {
    return Error{e.message, e.pointer};
  }
}

Result<Serializer> Engine::compile(std::string_view schema_json, const Options& options) {
  if (!impl_->layout_ok)
    return Error{"this build of RapidJSON lays out rapidjson::Value differently from runtime/dom_layout.h", ""};
  try {
    sj::SchemaDoc doc(schema_json, options);
    sj::ir::Module module = sj::ir::lower(doc, options);
    return Serializer(impl_->jit.compile(module));
  } catch (const sj::CompileError& e) {
    return Error{e.message, e.pointer};
  }
}

Result<Serializer> Engine::compile(std::string_view schema_json, std::string_view options_json) {
  auto options = parse_options(options_json);
  if (!options) return options.error();
  return compile(schema_json, *options);
}

Result<std::string> Engine::dump(std::string_view schema_json, std::string_view options_json, DumpKind kind) {
  auto options = parse_options(options_json);
  if (!options) return options.error();
  try {
    sj::SchemaDoc doc(schema_json, *options);
    sj::ir::Module module = sj::ir::lower(doc, *options);
    if (kind == DumpKind::IR) return sj::ir::print(module);
    return impl_->jit.dump(module, kind);
  } catch (const sj::CompileError& e) {
    return Error{e.message, e.pointer};
  }
}

Serializer::Serializer(std::shared_ptr<const detail::CompiledCode> code) : code_(std::move(code)) {}
Serializer::Serializer(const Serializer& other) = default;
Serializer& Serializer::operator=(const Serializer& other) = default;
Serializer::~Serializer() = default;

Status Serializer::serialize(const rapidjson::Value& value, std::string& out) const {
  SjCtx ctx;
  sj::rt::CallState state;
  sj::rt::begin_call(ctx, state, out, code_->max_data_depth, static_cast<size_t>(code_->max_output_bytes));
  ctx.patterns = code_->pattern_table.data();
  ctx.constants = code_->constant_table.data();
  bool ok = code_->entry(&ctx, &value) == 0;
  ok = sj::rt::end_call(ctx, state, ok);
  if (!ok) return Status(Error{std::move(state.message), std::move(state.path)});
  return {};
}

Status Serializer::serialize_json(std::string_view json, std::string& out) const {
  rapidjson::Document doc;
  std::string err;
  if (!sj::parse_json(json, doc, err)) return Status(Error{"input is not valid JSON: " + err, ""});
  return serialize(doc, out);
}

}  // namespace schemajit
