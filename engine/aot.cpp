#include "engine/aot.h"

#include <atomic>
#include <map>
#include <thread>

#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Object/ArchiveWriter.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/TargetParser/Host.h>

#include <schemajit/aot.h>

#include "api/aot_features.h"
#include "engine/codegen.h"
#include "engine/passes.h"
#include "runtime/pattern.h"
#include "runtime/wtf8.h"

namespace schemajit::detail {
namespace {

// The target's features that schemajit_aot_serializer::cpu_features records, by LLVM's names.
#define SJ_FEATURE(bit, name) {bit, "+" name},
const std::pair<uint64_t, const char*> kFeatures[] = {SJ_AOT_FEATURES(SJ_FEATURE)};
#undef SJ_FEATURE

// The CPU the code is for, and target machines for it (one per object: they are not shared
// between threads).
class Target {
 public:
  explicit Target(const std::string& cpu) {
    initialize_native_target();
    triple_ = llvm::sys::getProcessTriple();
    std::string error;
    target_ = llvm::TargetRegistry::lookupTarget(triple_, error);
    if (!target_) throw sj::CompileError("no target for " + triple_ + ": " + error, "", ErrorCode::Internal);
    cpu_ = cpu == "native" ? llvm::sys::getHostCPUName().str() : cpu;
    if (cpu == "native")
      for (const auto& [name, on] : llvm::sys::getHostCPUFeatures()) features_ += (features_.empty() ? "" : ",") + std::string(on ? "+" : "-") + name.str();
    // Asked of a subtarget made without the CPU: one made with an unknown CPU warns on stderr.
    std::unique_ptr<llvm::MCSubtargetInfo> generic(target_->createMCSubtargetInfo(triple_, "", ""));
    if (!generic || !generic->isCPUStringValid(cpu_))
      throw sj::CompileError("unknown CPU \"" + cpu + "\" (x86-64, x86-64-v2, x86-64-v3, x86-64-v4, native)", "",
                             ErrorCode::InvalidOptions);
    auto probe = machine(1);
    for (const auto& [bit, name] : kFeatures)
      if (probe->getMCSubtargetInfo()->checkFeatures(name)) cpu_features_ |= bit;
  }

  std::unique_ptr<llvm::TargetMachine> machine(int level) const {
    llvm::TargetOptions options;
    return std::unique_ptr<llvm::TargetMachine>(target_->createTargetMachine(
        triple_, cpu_, features_, options, llvm::Reloc::PIC_, llvm::CodeModel::Small, codegen_level(level)));
  }
  // Whether the code may widen bytes with AVX-512 VBMI2 (as the JIT does on such a host).
  bool expands_bytes() const {
    const uint64_t need = SCHEMAJIT_AOT_AVX512VBMI2 | SCHEMAJIT_AOT_AVX512VL | SCHEMAJIT_AOT_BMI2;
    return (cpu_features_ & need) == need;
  }
  const std::string& triple() const { return triple_; }
  const std::string& cpu() const { return cpu_; }
  uint64_t cpu_features() const { return cpu_features_; }

 private:
  std::string triple_, cpu_, features_;
  const llvm::Target* target_ = nullptr;
  uint64_t cpu_features_ = 0;
};

// Constant data in one object's module: texts (each once), arrays, the tables.
class ObjectData {
 public:
  explicit ObjectData(llvm::Module& m) : m_(m), ctx_(m.getContext()) {}

  llvm::Type* i64() { return llvm::Type::getInt64Ty(ctx_); }
  llvm::PointerType* ptr() { return llvm::PointerType::get(ctx_, 0); }
  llvm::Constant* integer(int64_t v) { return llvm::ConstantInt::get(i64(), static_cast<uint64_t>(v)); }
  llvm::Constant* null() { return llvm::ConstantPointerNull::get(ptr()); }
  llvm::Constant* text(const std::string& s) {
    auto*& gv = texts_[s];
    if (!gv) {
      auto* init = llvm::ConstantDataArray::getString(ctx_, s, true);
      gv = new llvm::GlobalVariable(m_, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init, "text");
      gv->setAlignment(llvm::Align(1));
    }
    return gv;
  }
  template <class T, class Make>
  llvm::Constant* array(const std::vector<T>& items, llvm::Type* type, Make make) {
    if (items.empty()) return null();
    std::vector<llvm::Constant*> elements;
    for (const auto& item : items) elements.push_back(make(item));
    auto* at = llvm::ArrayType::get(type, elements.size());
    return new llvm::GlobalVariable(m_, at, true, llvm::GlobalValue::PrivateLinkage, llvm::ConstantArray::get(at, elements));
  }
  llvm::GlobalVariable* global(const std::string& name, std::vector<llvm::Constant*> fields) {
    std::vector<llvm::Type*> types;
    for (auto* f : fields) types.push_back(f->getType()->isPointerTy() ? static_cast<llvm::Type*>(ptr()) : i64());
    auto* type = llvm::StructType::get(ctx_, types);
    return new llvm::GlobalVariable(m_, type, true, llvm::GlobalValue::ExternalLinkage, llvm::ConstantStruct::get(type, fields), name);
  }

 private:
  llvm::Module& m_;
  llvm::LLVMContext& ctx_;
  std::map<std::string, llvm::GlobalVariable*> texts_;
};

// The schema's schemajit_aot_serializer: every field 8 bytes, in include/schemajit/aot.h's order.
void add_table(llvm::Module& m, const Target& target, const AotSchema& s, llvm::Function* entry, const std::string& symbol) {
  ObjectData d(m);
  std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns;
  std::vector<std::string> constants;
  int64_t depth = 0, output = 0;
  if (s.module) {
    patterns = s.module->patterns;
    constants = s.module->constants;
    depth = s.module->options.max_data_depth;
    output = s.module->options.max_output_bytes;
  }
  d.global(symbol, {
      d.integer(static_cast<int64_t>(SCHEMAJIT_AOT_ABI_WORD)),
      d.text(SCHEMAJIT_VERSION_STRING),
      d.text(s.name),
      d.text(target.cpu()),
      d.integer(static_cast<int64_t>(target.cpu_features())),
      d.text(s.options),
      entry ? static_cast<llvm::Constant*>(entry) : d.null(),
      d.integer(static_cast<int64_t>(patterns.size())),
      d.array(patterns, d.i64(), [&](const auto& p) { return d.integer(static_cast<int64_t>(p->dialect())); }),
      d.array(patterns, d.ptr(), [&](const auto& p) { return d.text(p->source()); }),
      d.array(patterns, d.i64(), [&](const auto& p) { return d.integer(static_cast<int64_t>(p->source().size())); }),
      d.integer(static_cast<int64_t>(constants.size())),
      d.array(constants, d.ptr(), [&](const std::string& c) { return d.text(c); }),
      d.integer(depth),
      d.integer(output),
      s.module ? d.null() : d.text(sj::rt::nul_as_c0_80(s.error.message)),
      s.module ? d.null() : d.text(sj::rt::nul_as_c0_80(s.error.pointer)),
      d.integer(static_cast<int64_t>(s.error.code)),
      m.getOrInsertGlobal("schemajit_runtime_abi_2", llvm::Type::getInt32Ty(m.getContext())),
  });
}

std::string object_file(llvm::Module& m, llvm::TargetMachine& tm) {
  llvm::SmallString<0> bytes;
  llvm::raw_svector_ostream os(bytes);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::ObjectFile))
    throw sj::CompileError("internal error: this target cannot write objects", "", ErrorCode::Internal);
  pm.run(m);
  return std::string(bytes.str());
}

// One schema's object: its code, optimised at its level, and its table.
std::string schema_object(const Target& target, const AotSchema& s, const std::string& ns) {
  llvm::LLVMContext ctx;
  int level = s.module ? s.module->effective_opt_level() : 0;
  auto tm = target.machine(level);
  const std::string symbol = aot_symbol(ns, s.name);
  std::unique_ptr<llvm::Module> m;
  llvm::Function* entry = nullptr;
  if (s.module) {
    m = generate(*s.module, level, target.expands_bytes(), ctx, symbol + "_entry");
    entry = m->getFunction(symbol + "_entry");
  } else {
    m = std::make_unique<llvm::Module>(s.name, ctx);
  }
  m->setTargetTriple(target.triple());
  m->setDataLayout(tm->createDataLayout());
  if (s.module) optimize(*m, tm.get(), level);
  add_table(*m, target, s, entry, symbol);
  return object_file(*m, *tm);
}

// The object that lists every table: the index symbols "tables" and "count".
std::string index_object(const Target& target, const std::vector<AotSchema>& schemas, const std::string& ns) {
  llvm::LLVMContext ctx;
  auto tm = target.machine(0);
  llvm::Module m(aot_index_symbol(ns, "tables"), ctx);
  m.setTargetTriple(target.triple());
  m.setDataLayout(tm->createDataLayout());
  auto* ptr = llvm::PointerType::get(ctx, 0);
  std::vector<llvm::Constant*> tables;
  for (const auto& s : schemas) tables.push_back(m.getOrInsertGlobal(aot_symbol(ns, s.name), llvm::Type::getInt8Ty(ctx)));
  auto* list_type = llvm::ArrayType::get(ptr, tables.size());
  new llvm::GlobalVariable(m, list_type, true, llvm::GlobalValue::ExternalLinkage, llvm::ConstantArray::get(list_type, tables),
                           aot_index_symbol(ns, "tables"));
  auto* i64 = llvm::Type::getInt64Ty(ctx);
  new llvm::GlobalVariable(m, i64, true, llvm::GlobalValue::ExternalLinkage, llvm::ConstantInt::get(i64, tables.size()),
                           aot_index_symbol(ns, "count"));
  return object_file(m, *tm);
}

}  // namespace

std::string aot_symbol(const std::string& ns, const std::string& name) {
  return "schemajit_aot_" + std::to_string(ns.size()) + ns + std::to_string(name.size()) + name;
}

std::string aot_index_symbol(const std::string& ns, const std::string& what) {
  return "schemajit_aot_" + std::to_string(ns.size()) + ns + "_" + what;
}

AotLibrary aot_library(const std::vector<AotSchema>& schemas, const std::string& ns, const std::string& cpu, unsigned threads) {
  const Target target(cpu);
  std::vector<std::string> objects(schemas.size() + 1);
  std::vector<std::string> errors(schemas.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < schemas.size();) {
      try {
        objects[i] = schema_object(target, schemas[i], ns);
      } catch (const sj::CompileError& e) {
        errors[i] = schemas[i].name + ": " + e.message;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, threads) && t < schemas.size(); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  for (const auto& e : errors)
    if (!e.empty()) throw sj::CompileError(e, "", ErrorCode::Internal);
  objects.back() = index_object(target, schemas, ns);

  std::vector<llvm::NewArchiveMember> members;
  std::vector<std::string> names;
  names.reserve(objects.size());
  for (size_t i = 0; i < objects.size(); ++i) {
    // Named after the symbols they define, which are distinct, as the members then are.
    names.push_back((i < schemas.size() ? aot_symbol(ns, schemas[i].name) : aot_index_symbol(ns, "tables")) + ".o");
    members.emplace_back(llvm::MemoryBufferRef(objects[i], names.back()));
  }
  auto archive = llvm::writeArchiveToBuffer(members, llvm::SymtabWritingMode::NormalSymtab, llvm::object::Archive::K_GNU,
                                            /*Deterministic=*/true, /*Thin=*/false);
  if (!archive) fail(archive.takeError());
  return {std::string((*archive)->getBuffer()), target.cpu(), target.cpu_features()};
}

}  // namespace schemajit::detail
