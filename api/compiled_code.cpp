#include "api/compiled_code.h"

#include "interp/interp.h"
#include "ir/schema_doc.h"

namespace schemajit::detail {

std::shared_ptr<CompiledCode> compiled_code(sj::rt::EntryFn entry, std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns,
                                            const std::vector<std::string>& constants, int32_t max_data_depth,
                                            int64_t max_output_bytes, std::shared_ptr<const void> keepalive) {
  auto code = std::make_shared<CompiledCode>();
  code->keepalive = std::move(keepalive);
  code->patterns = std::move(patterns);
  for (const auto& p : code->patterns) code->pattern_table.push_back(p.get());
  for (const auto& text : constants) {
    auto doc = std::make_unique<rapidjson::Document>();
    std::string error;
    sj::parse_json(text, *doc, error);  // written by the lowering: always valid
    code->constant_table.push_back(doc.get());
    code->constants.push_back(std::move(doc));
  }
  code->call.entry = entry;
  code->call.patterns = code->pattern_table.data();
  code->call.constants = code->constant_table.data();
  code->call.max_depth = max_data_depth;
  code->call.max_output = static_cast<size_t>(max_output_bytes);
  return code;
}

std::shared_ptr<CompiledCode> interpreted_code(sj::ir::Module&& module) {
  auto patterns = std::move(module.patterns);
  auto constants = std::move(module.constants);
  int32_t max_data_depth = module.options.max_data_depth;
  int64_t max_output_bytes = module.options.max_output_bytes;
  auto program = sj::interp::prepare(std::move(module));
  auto code = compiled_code(sj::interp::run_entry, std::move(patterns), constants, max_data_depth, max_output_bytes, program);
  code->call.program = program.get();
  code->interpreted = true;
  return code;
}

}  // namespace schemajit::detail
