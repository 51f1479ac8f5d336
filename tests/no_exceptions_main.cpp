// A program compiled with -fno-exceptions that uses the public header (issue item 3): compile,
// value(), value_or, the monadic helpers, serialize into each sink. Run by the test suite; with
// the argument "value-on-error" it calls value() on a failed compile, which must print the
// error on stderr and abort (there is nothing to throw).
#include <cstdio>
#include <cstring>
#include <string>

#include <rapidjson/document.h>

#include <schemajit/schemajit.h>

#if SCHEMAJIT_EXCEPTIONS
#error "this program is meant to be compiled with -fno-exceptions"
#endif

int main(int argc, char** argv) {
  schemajit::Engine engine(schemajit::interpreter_only);
  if (argc > 1 && std::strcmp(argv[1], "value-on-error") == 0) {
    auto bad = engine.compile(R"({"type": "bogus"})");
    schemajit::Serializer s = bad.value();  // aborts: the error on stderr
    std::printf("not reached: %d\n", static_cast<bool>(s));
    return 0;
  }

  schemajit::Serializer user = engine.compile(R"({"type": "object", "required": ["id"],
    "properties": {"id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}})")
                                   .value();
  schemajit::Serializer fallback = engine.compile(R"({"type": 7})").value_or(schemajit::Serializer());
  rapidjson::Document doc;
  doc.Parse(R"({"tags": ["a", "b"], "id": "36"})");
  std::string out;
  if (auto st = user.serialize(doc, out); !st) {
    std::fprintf(stderr, "%s\n", st.error().message.c_str());
    return 1;
  }
  char buffer[64];
  size_t n = user.serialize(doc, buffer, sizeof buffer).value_or(0);
  size_t too_small = user.serialize(doc, buffer, 3).value_or(0);
  std::string streamed;
  bool chunked = static_cast<bool>(user.serialize(doc, [&](std::string_view c) { return streamed.append(c), true; }, 4));
  std::string empty_out;
  auto empty = fallback.serialize(doc, empty_out);
  auto length = engine.compile(R"({"type": "string"})")
                    .transform([](const schemajit::Serializer& s) { return static_cast<int>(s.warnings().size()); })
                    .value_or(-1);
  std::printf("out=%s buffer=%zu too_small=%zu chunked=%d streamed=%s fallback=%d empty=%s warnings=%d\n", out.c_str(), n,
              too_small, chunked, streamed.c_str(), static_cast<bool>(fallback),
              empty ? "ok" : schemajit::error_code_name(empty.code()), length);
  return 0;
}
