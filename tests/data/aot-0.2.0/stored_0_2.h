// Made by schemajit-aot 0.2.0 for x86-64. Do not edit.
#pragma once
#include <stdint.h>

#include <schemajit/aot.h>

extern "C" {
extern const schemajit_aot_serializer schemajit_aot_10stored_0_212api_response;
extern const schemajit_aot_serializer schemajit_aot_10stored_0_25order;
// All of them, in order, and how many.
extern const schemajit_aot_serializer* const schemajit_aot_10stored_0_2_tables[];
extern const uint64_t schemajit_aot_10stored_0_2_count;
}

namespace stored_0_2 {

// "examples/api-response.schema.json"
inline ::schemajit::Result<::schemajit::Serializer> api_response() { return ::schemajit::load(::schemajit_aot_10stored_0_212api_response); }

// "examples/subproject/schemas/order.json"
inline ::schemajit::Result<::schemajit::Serializer> order() { return ::schemajit::load(::schemajit_aot_10stored_0_25order); }

}  // namespace stored_0_2
