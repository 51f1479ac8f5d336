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
  // One array parsed into one document: a document for each constant claimed a memory pool each,
  // which for an enum of 200,000 entries took seconds and gigabytes.
  size_t size = 2;
  for (const auto& text : constants) size += text.size() + 1;
  std::string array;
  array.reserve(size);
  array += '[';
  for (const auto& text : constants) (array += text) += ',';
  if (constants.empty()) array += ']';
  else array.back() = ']';
  std::string error;
  sj::parse_json(array, code->constants, error);  // written by the lowering: always valid
  code->constant_table.reserve(constants.size());
  for (const auto& value : code->constants.GetArray()) code->constant_table.push_back(&value);
  code->call.entry = entry;
  code->call.patterns = code->pattern_table.data();
  code->call.constants = code->constant_table.data();
  code->call.max_depth = max_data_depth;
  code->call.max_output = static_cast<size_t>(max_output_bytes);
  return code;
}

std::shared_ptr<CompiledCode> interpreted_code(sj::ir::Module&& module) {
  auto patterns = module.patterns;  // shared: the program reads them as it is prepared
  auto constants = std::move(module.constants);
  int32_t max_data_depth = module.options.max_data_depth;
  int64_t max_output_bytes = module.options.max_output_bytes;
  auto program = sj::interp::prepare(std::move(module));
  auto code = compiled_code(sj::interp::run_entry<sj::model::RapidJson>, std::move(patterns), constants, max_data_depth,
                            max_output_bytes, program);
  code->call.yyjson_entry = sj::interp::run_entry<sj::model::Yyjson>;
  code->call.program = program.get();
  return code;
}

}  // namespace schemajit::detail
