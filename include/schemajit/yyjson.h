// <schemajit/yyjson.h>: schemajit with yyjson's documents as the data, for a program that reads
// its data with yyjson. Serializer::serialize takes a `const yyjson_doc*` (its root) or a
// `const yyjson_val*` on all three sinks (schemajit.h declares them without including yyjson);
// this header adds yyjson's own API: the yyjson 0.12.0 header the library was built with, whose
// functions schemajit::runtime contains. A program with a yyjson of its own (0.12.x) may include
// its yyjson.h instead, before this header.
//
//   yyjson_doc* doc = yyjson_read(text, len, 0);
//   schemajit::Status st = user->serialize(doc, out);  // a null doc (read failed) is InvalidInput
//   yyjson_doc_free(doc);
#pragma once
#include <schemajit/schemajit.h>
#include <yyjson.h>
