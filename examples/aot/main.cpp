// Serializes the embedded default (a page of orders) with a serializer compiled when this
// program was built: it links the machine code and schemajit::runtime, not LLVM.
#include <cstdio>
#include <string>

#include <rapidjson/document.h>

#include "api_schemas.h"

extern const char kOrders[];

int main() {
  auto orders = api_schemas::api_response();  // ready: no parsing, no lowering
  if (!orders) {
    std::fprintf(stderr, "%s: %s\n", schemajit::error_code_name(orders.error().code), orders.error().message.c_str());
    return 1;
  }
  rapidjson::Document doc;
  doc.Parse(kOrders);
  std::string out;
  if (auto st = orders->serialize(doc, out); !st) {
    std::fprintf(stderr, "%s\n", st.error().message.c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());
  return 0;
}

const char kOrders[] = R"({"data": [{"id": "o-1", "status": "paid", "customer": {"id": 7, "name": "Ada"},
  "lines": [{"sku": "A1", "quantity": "2", "price": {"amount": 9.5}}], "total": {"amount": 19, "currency": "EUR"},
  "createdAt": "2026-12-05T09:14:44.664Z"}], "page": {"number": 1, "size": 20, "total": 1}})";
