// The ORC LLJIT behind an Engine: one LLJIT per optimisation level in use (the code
// generator's level is fixed per LLJIT), runtime functions bound by address, an IR transform
// running the new pass manager, and a JITDylib per compiled schema: every schema's entry
// point has the same name (so a cached object loads into any process), and removing the
// JITDylib frees the machine code when its last Serializer goes.
#include "engine/jit.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

#include <llvm/ExecutionEngine/ObjectCache.h>
#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/EPCEHFrameRegistrar.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/MapperJITLinkMemoryManager.h>
#include <llvm/ExecutionEngine/Orc/MemoryMapper.h>
#include <llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include "engine/codegen.h"
#include "engine/passes.h"
#include "ir/error.h"
#include "ir/schema_doc.h"
#include "runtime/escape.h"

namespace schemajit::detail {

[[noreturn]] void fail(llvm::Error e) {
  std::string msg = llvm::toString(std::move(e));
  throw sj::CompileError("internal error: " + msg, "", sj::ErrorCode::Internal);
}

llvm::CodeGenOptLevel codegen_level(int level) {
  switch (level) {
    case 0: return llvm::CodeGenOptLevel::None;
    case 3: return llvm::CodeGenOptLevel::Aggressive;
    default: return llvm::CodeGenOptLevel::Default;
  }
}

// Level 0: no IR passes. Level 1: a short function pipeline that removes what codegen's
// straightforward emission leaves behind (stack slots, repeated flag loads, empty blocks).
// Levels 2 and 3: the new pass manager's default O2/O3 pipelines.
void optimize(llvm::Module& m, llvm::TargetMachine* tm, int level) {
  if (level == 0) return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  if (level == 1) {
    llvm::ModulePassManager mpm;
    if (auto err = pb.parsePassPipeline(mpm, "function(sroa,early-cse,simplifycfg,instcombine<no-verify-fixpoint>)"))
      fail(std::move(err));
    mpm.run(m, mam);
    return;
  }
  auto o = level == 2 ? llvm::OptimizationLevel::O2 : llvm::OptimizationLevel::O3;
  pb.buildPerModuleDefaultPipeline(o).run(m, mam);
}

void initialize_native_target() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

namespace {

namespace orc = llvm::orc;

orc::JITTargetMachineBuilder host_builder(int level) {
  // Detecting the host reads the CPU's name and features: once per process, not per module.
  static const orc::JITTargetMachineBuilder host = take(orc::JITTargetMachineBuilder::detectHost());
  auto jtmb = host;
  jtmb.setCodeGenOptLevel(codegen_level(level));
  // What LLJIT sets for JITLink itself, but only when it also makes the linking layer.
  jtmb.setRelocationModel(llvm::Reloc::PIC_);
  jtmb.setCodeModel(llvm::CodeModel::Small);
  return jtmb;
}

// Opt-in ($SCHEMAJIT_PERF_MAP set): names each generated function in /tmp/perf-<pid>.map,
// the file perf reads for code it cannot find in any mapped object, so a profile shows
// "sj_3/f2" instead of a bare [JIT] address. Names are "<JITDylib>/<function>": every
// schema has the same function names. Offsets within a function are those of the object
// `schemajit-dump --asm` prints, as JITLink copies each section's code unchanged.
class PerfMapPlugin : public orc::ObjectLinkingLayer::Plugin {
 public:
  static std::unique_ptr<PerfMapPlugin> from_environment() {
    if (!std::getenv("SCHEMAJIT_PERF_MAP")) return nullptr;
    std::string path = "/tmp/perf-" + std::to_string(::getpid()) + ".map";
    std::FILE* file = std::fopen(path.c_str(), "a");
    return file ? std::make_unique<PerfMapPlugin>(file) : nullptr;
  }
  explicit PerfMapPlugin(std::FILE* file) : file_(file) {}
  ~PerfMapPlugin() override { std::fclose(file_); }

  void modifyPassConfig(orc::MaterializationResponsibility& mr, llvm::jitlink::LinkGraph&,
                        llvm::jitlink::PassConfiguration& config) override {
    std::string dylib = mr.getTargetJITDylib().getName();
    // Calls between a schema's functions are resolved by the assembler (one section), so the
    // local function symbols have no edges and pruning would drop them, names and all.
    config.PrePrunePasses.emplace_back([](llvm::jitlink::LinkGraph& g) {
      for (llvm::jitlink::Symbol* sym : g.defined_symbols())
        if (sym->isCallable()) sym->setLive(true);
      return llvm::Error::success();
    });
    config.PostFixupPasses.emplace_back([this, dylib](llvm::jitlink::LinkGraph& g) {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const llvm::jitlink::Symbol* sym : g.defined_symbols())
        if (sym->isCallable() && sym->hasName() && sym->getSize() > 0)
          std::fprintf(file_, "%llx %llx %s/%.*s\n", static_cast<unsigned long long>(sym->getAddress().getValue()),
                       static_cast<unsigned long long>(sym->getSize()), dylib.c_str(),
                       static_cast<int>(sym->getName().size()), sym->getName().data());
      std::fflush(file_);
      return llvm::Error::success();
    });
  }
  llvm::Error notifyFailed(orc::MaterializationResponsibility&) override { return llvm::Error::success(); }
  llvm::Error notifyRemovingResources(orc::JITDylib&, orc::ResourceKey) override { return llvm::Error::success(); }
  void notifyTransferringResources(orc::JITDylib&, orc::ResourceKey, orc::ResourceKey) override {}

 private:
  std::FILE* file_;
  std::mutex mutex_;
};

// JITLink with its memory carved from 64 MiB reservations instead of a mapping per object:
// mapping and unmapping each schema's code cost a cache hit more than linking it (the kernel
// shoots down TLB entries on every CPU the process runs on). Untouched reserved pages take no
// memory. Exception frames are registered as LLJIT's default layer does.
llvm::Expected<std::unique_ptr<orc::ObjectLayer>> linking_layer(orc::ExecutionSession& es, const llvm::Triple&) {
  auto memory = orc::MapperJITLinkMemoryManager::CreateWithMapper<orc::InProcessMemoryMapper>(size_t(64) << 20);
  if (!memory) return memory.takeError();
  auto layer = std::make_unique<orc::ObjectLinkingLayer>(es, std::move(*memory));
  auto frames = orc::EPCEHFrameRegistrar::Create(es);
  if (!frames) return frames.takeError();
  layer->addPlugin(std::make_unique<orc::EHFrameRegistrationPlugin>(es, std::move(*frames)));
  if (auto perf_map = PerfMapPlugin::from_environment()) layer->addPlugin(std::move(perf_map));
  return std::move(layer);
}

std::unique_ptr<llvm::TargetMachine> host_machine(int level) { return take(host_builder(level).createTargetMachine()); }

// The calling thread's TargetMachine for a level. Building one (subtarget, register and
// lowering tables) was ~5% of a level-0 compile; a TargetMachine may not serve two threads
// at once, but compiles on one thread follow each other, so each thread keeps its own until
// it ends (compile_all's workers end with the batch).
llvm::TargetMachine& thread_machine(int level) {
  thread_local std::unique_ptr<llvm::TargetMachine> machines[4];
  auto& tm = machines[level];
  if (!tm) tm = host_machine(level);
  return *tm;
}

// ConcurrentIRCompiler, but on the thread's TargetMachine instead of a fresh one per module.
class ThreadMachineCompiler : public orc::IRCompileLayer::IRCompiler {
 public:
  ThreadMachineCompiler(const orc::JITTargetMachineBuilder& jtmb, int level, llvm::ObjectCache* cache)
      : IRCompiler(orc::irManglingOptionsFromTargetOptions(jtmb.getOptions())), level_(level), cache_(cache) {}
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> operator()(llvm::Module& m) override {
    return orc::SimpleCompiler(thread_machine(level_), cache_)(m);
  }

 private:
  int level_;
  llvm::ObjectCache* cache_;
};

orc::SymbolMap runtime_symbols(orc::ExecutionSession& es, const llvm::DataLayout& dl) {
  orc::MangleAndInterner mangle(es, dl);
  orc::SymbolMap map;
  auto add = [&](const char* name, auto* fn) {
    map[mangle(name)] = {orc::ExecutorAddr::fromPtr(reinterpret_cast<void*>(fn)), llvm::JITSymbolFlags::Exported};
  };
#define SJ_BIND(name, ...) add(#name, &name);
  SJ_RUNTIME_FUNCTIONS(SJ_BIND)
#undef SJ_BIND
  // libc functions that LLVM may call for memcpy/memcmp of non-constant size.
  add("memcmp", &::memcmp);
  add("memcpy", &::memcpy);
  add("memmove", &::memmove);
  add("memset", &::memset);
  add("bcmp", &::bcmp);
  return map;
}

constexpr const char* kEntry = "sj_entry";
constexpr const char* kCaptureTag = ":capture";

// The JIT compiles for the host: it widens bytes in generated code where the runtime's VBMI2
// escape tier runs (the object cache's key names the host CPU).
bool host_expands_bytes() { return sj::rt::cpu_has(sj::rt::Isa::Avx512Vbmi2); }

// Hands the object cache a copy of the object file of each module whose identifier ends in
// kCaptureTag. Never answers getObject: hits are linked by Jit::load without building IR.
class ObjectCapture : public llvm::ObjectCache {
 public:
  void notifyObjectCompiled(const llvm::Module* m, llvm::MemoryBufferRef object) override {
    llvm::StringRef id = m->getModuleIdentifier();
    if (!id.ends_with(kCaptureTag)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    objects_[id.str()] = object.getBuffer().str();
  }
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module*) override { return nullptr; }
  std::string take(const std::string& id) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto node = objects_.extract(id);
    return node ? std::move(node.mapped()) : std::string();
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::string> objects_;
};

}  // namespace

struct Jit::Impl {
  ObjectCapture capture;  // outlives the LLJITs whose compilers point at it
  std::mutex mutex;  // guards `jits` (creation only; LLJIT itself is thread-safe)
  std::map<int, std::unique_ptr<orc::LLJIT>> jits;
  std::atomic<uint64_t> next_id{0};

  orc::LLJIT& jit_for(int level) {
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = jits[level];
    if (slot) return *slot;
    auto jit = take(orc::LLJITBuilder()
                        .setJITTargetMachineBuilder(host_builder(level))
                        .setObjectLinkingLayerCreator(linking_layer)
                        // Each compiling thread on its own TargetMachine, so that threads may compile at once.
                        .setCompileFunctionCreator([this, level](orc::JITTargetMachineBuilder jtmb)
                                                       -> llvm::Expected<std::unique_ptr<orc::IRCompileLayer::IRCompiler>> {
                          return std::make_unique<ThreadMachineCompiler>(jtmb, level, &capture);
                        })
                        .create());
    auto& jd = jit->getMainJITDylib();
    if (auto err = jd.define(orc::absoluteSymbols(runtime_symbols(jit->getExecutionSession(), jit->getDataLayout()))))
      fail(std::move(err));
    jit->getIRTransformLayer().setTransform(
        [level](orc::ThreadSafeModule tsm, const orc::MaterializationResponsibility&) -> llvm::Expected<orc::ThreadSafeModule> {
          if (level > 0) {  // level 0 runs no IR passes: no TargetMachine to build for them
            tsm.withModuleDo([level](llvm::Module& m) { optimize(m, &thread_machine(level), level); });
          }
          return std::move(tsm);
        });
    slot = std::move(jit);
    return *slot;
  }
};

Jit::Jit() : impl_(std::make_shared<Impl>()) { initialize_native_target(); }

Jit::~Jit() = default;

namespace {

// A JITDylib of its own for one schema, resolving runtime symbols through the LLJIT's main one.
orc::JITDylib& new_dylib(orc::LLJIT& jit, uint64_t id) {
  auto& jd = jit.getExecutionSession().createBareJITDylib("sj_" + std::to_string(id));
  jd.addToLinkOrder(jit.getMainJITDylib());
  return jd;
}

// The code of a linked JITDylib: its entry point with the limits, regexes and constants the
// code reads through the CallState, and the keepalive that removes the JITDylib (and with it
// the machine code) when the last Serializer goes; holding impl keeps the LLJIT alive as long
// as the code is.
std::shared_ptr<CompiledCode> finish(std::shared_ptr<void> impl, orc::LLJIT& jit, orc::JITDylib& jd, int32_t max_data_depth,
                                     int64_t max_output_bytes, std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns,
                                     const std::vector<std::string>& constants) {
  auto entry = take(jit.lookup(jd, kEntry)).toPtr<EntryFn>();
  std::shared_ptr<const void> keepalive(nullptr, [impl, &jit, &jd](const void*) {
    llvm::consumeError(jit.getExecutionSession().removeJITDylib(jd));
  });
  return compiled_code(entry, std::move(patterns), constants, max_data_depth, max_output_bytes, std::move(keepalive));
}

}  // namespace

std::shared_ptr<CompiledCode> Jit::compile(const sj::ir::Module& module, int level, CachedCode* cached) {
  orc::LLJIT& jit = impl_->jit_for(level);
  uint64_t n = impl_->next_id++;
  std::string id = "sj_" + std::to_string(n) + (cached ? kCaptureTag : "");
  auto context = std::make_unique<llvm::LLVMContext>();
  // Names of local values and blocks ("flags", "optional.present17") only serve the dump
  // tool (Jit::dump keeps them); here each one was a symbol-table insert, made unique.
  context->setDiscardValueNames(true);
  auto llmod = generate(module, level, host_expands_bytes(), *context, kEntry);
  llmod->setModuleIdentifier(id);
  llmod->setDataLayout(jit.getDataLayout());
  orc::JITDylib& jd = new_dylib(jit, n);
  if (auto err = jit.addIRModule(jd, orc::ThreadSafeModule(std::move(llmod), std::move(context)))) {
    llvm::consumeError(jit.getExecutionSession().removeJITDylib(jd));
    fail(std::move(err));
  }
  std::shared_ptr<CompiledCode> code;
  try {
    code = finish(impl_, jit, jd, module.options.max_data_depth, module.options.max_output_bytes, module.patterns,
                  module.constants);  // its lookup compiles the module
  } catch (...) {
    if (cached) impl_->capture.take(id);
    throw;
  }
  if (cached) {
    cached->opt_level = level;
    cached->max_data_depth = module.options.max_data_depth;
    cached->max_output_bytes = module.options.max_output_bytes;
    for (const auto& p : module.patterns) cached->patterns.emplace_back(static_cast<int32_t>(p->dialect()), p->source());
    cached->constants = module.constants;
    cached->set_object(impl_->capture.take(id));
  }
  return code;
}

std::shared_ptr<CompiledCode> Jit::load(const CachedCode& cached) {
  std::vector<std::shared_ptr<const sj::rt::Pattern>> patterns;
  for (const auto& [dialect, source] : cached.patterns) {
    std::string error;
    auto p = sj::rt::Pattern::compile(source, error, static_cast<sj::rt::Pattern::Dialect>(dialect));
    if (!p) throw sj::CompileError("cached regex does not compile: " + error, "", sj::ErrorCode::Internal);
    patterns.push_back(std::move(p));
  }
  orc::LLJIT& jit = impl_->jit_for(cached.opt_level);
  orc::JITDylib& jd = new_dylib(jit, impl_->next_id++);
  // A view, not a copy (140 KB for twitter's object): finish() below links the object before
  // this function returns, and `cached` outlives it.
  auto buffer = llvm::MemoryBuffer::getMemBuffer(cached.object(), "schemajit-cache", false);
  if (auto err = jit.addObjectFile(jd, std::move(buffer))) {
    llvm::consumeError(jit.getExecutionSession().removeJITDylib(jd));
    fail(std::move(err));
  }
  return finish(impl_, jit, jd, cached.max_data_depth, cached.max_output_bytes, std::move(patterns), cached.constants);
}

std::string Jit::dump(const sj::ir::Module& module, DumpKind kind) {
  llvm::LLVMContext context;
  int level = module.effective_opt_level();
  auto llmod = generate(module, level, host_expands_bytes(), context, "sj_entry");
  auto tm = host_machine(level);
  llmod->setDataLayout(tm->createDataLayout());
  llmod->setTargetTriple(tm->getTargetTriple().str());
  optimize(*llmod, tm.get(), level);
  llvm::SmallString<0> text;
  llvm::raw_svector_ostream os(text);
  if (kind == DumpKind::LLVM) {
    llmod->print(os, nullptr);
  } else {
    llvm::legacy::PassManager pm;
    if (tm->addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::AssemblyFile))
      throw sj::CompileError("internal error: this target cannot print assembly", "", sj::ErrorCode::Internal);
    pm.run(*llmod);
  }
  return std::string(text.str());
}

}  // namespace schemajit::detail
