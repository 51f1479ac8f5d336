// CallState's out-of-line parts.
#include "runtime/call_state.h"

namespace sj::rt {

// Destroys them here, out of line (~CallState).
void drop_extras(std::unique_ptr<CallExtras>) {}

SjStatus fail(SjCtx* ctx, Failure failure, std::string message, const char* path) {
  CallExtras& x = state(ctx).more();
  if (x.message.empty()) {  // the first failure is the one reported
    x.failure = failure;
    x.message = std::move(message);
    x.path = path ? path : "";
  }
  return 1;
}

}  // namespace sj::rt
