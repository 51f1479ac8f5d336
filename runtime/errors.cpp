// Error messages with fast-json-stringify's exact texts (spec §12).
#include <string>

#include "runtime/call_state.h"

using sj::rt::fail;
using sj::rt::Failure;

extern "C" SjStatus sj_error_required(SjCtx* ctx, const char* name, int64_t len, const char* path) {
  return fail(ctx, Failure::Data, "\"" + std::string(name, static_cast<size_t>(len)) + "\" is required!", path);
}

extern "C" SjStatus sj_error_mismatch(SjCtx* ctx, const char* path) {
  return fail(ctx, Failure::Data, std::string("The value of '") + path + "' does not match schema definition.", path);
}

extern "C" SjStatus sj_error_item(SjCtx* ctx, int64_t index, const char* path) {
  return fail(ctx, Failure::Data, "Item at " + std::to_string(index) + " does not match schema definition.", path);
}

extern "C" SjStatus sj_error_depth(SjCtx* ctx, const char* path) {
  return fail(ctx, Failure::Depth, "Maximum data depth of " + std::to_string(ctx->max_depth) + " exceeded", path);
}

extern "C" SjStatus sj_error_text(SjCtx* ctx, const char* message) { return fail(ctx, Failure::Schema, message, ""); }
