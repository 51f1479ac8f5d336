// The IR as text (schemajit-dump): one line per node, indented by nesting, with the literal
// bytes each node writes, so a reader can predict the output.
#pragma once
#include <string>

#include "ir/ir.h"

namespace sj::ir {

std::string print(const Module& module);

}  // namespace sj::ir
