// Lowering: a loaded schema document → the IR module that describes its serializer.
#pragma once
#include "ir/ir.h"
#include "ir/schema_doc.h"

namespace sj::ir {

// Throws CompileError naming the JSON pointer of the offending keyword, including
// "not supported yet" for keywords a later issue adds (anyOf, allOf, tuples, ...).
Module lower(const SchemaDoc& doc, const Options& options);

}  // namespace sj::ir
