// Limits at their edges (issue 30). Data nested far deeper than any limit, on a thread with a
// small stack: every walk over data in the runtime either stops at the call's data depth limit
// or keeps its own stack on the heap, so nothing overflows the thread's stack. fjs throws a
// RangeError on these (JavaScript's stack ends); here the call fails with the depth limit's
// error, or, where a walk does not depend on depth for its answer, simply answers. Then the
// output limit and option values beyond int64.
#include <pthread.h>

#include <functional>
#include <string>

#include "tests/test_util.h"

namespace {

using sj::test::run;

constexpr size_t kSmallStack = 256 * 1024;
constexpr int kLevels = 100000;

// Runs `body` on a new thread with a 256 KiB stack and waits for it.
void on_small_stack(const std::function<void()>& body) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, kSmallStack), 0);
  pthread_t thread;
  auto start = [](void* arg) -> void* {
    (*static_cast<const std::function<void()>*>(arg))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, start, const_cast<std::function<void()>*>(&body)), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

// `inner` inside n arrays: [[[...inner...]]].
std::string nested_arrays(int n, const std::string& inner = "") {
  return std::string(n, '[') + inner + std::string(n, ']');
}

std::string run_small(const std::string& schema, const std::string& input, const std::string& options = "") {
  std::string out;
  on_small_stack([&] { out = run(schema, input, options); });
  return out;
}

const std::string kDeep = nested_arrays(kLevels);

// String(value) joins nested arrays (spec §4): string, number, integer and the date formats.
TEST(DeepData, ArraysJoinedForAStringOrANumber) {
  for (const char* schema : {R"({"type":"string"})", R"({"type":"integer"})", R"({"type":"number"})"})
    EXPECT_EQ(run_small(schema, kDeep), "ERR: Maximum data depth of 1000 exceeded @#") << schema;
  // The message of a value that cannot be a date joins it too.
  EXPECT_EQ(run_small(R"({"type":"string","format":"date-time"})", kDeep), "ERR: Maximum data depth of 1000 exceeded @#");
  // Within the limit, as fjs prints them: String([[[]]]) is "", Number("") is 0.
  EXPECT_EQ(run_small(R"({"type":"string"})", nested_arrays(500, "7")), R"("7")");
  EXPECT_EQ(run_small(R"({"type":"integer"})", nested_arrays(500, "7")), "7");
  EXPECT_EQ(run_small(R"({"type":"string"})", nested_arrays(500, "7"), R"({"maxDataDepth":400})"),
            "ERR: Maximum data depth of 400 exceeded @#");
}

// JSON.stringify of an untyped value.
TEST(DeepData, GenericValue) {
  EXPECT_EQ(run_small("{}", kDeep), "ERR: Maximum data depth of 1000 exceeded @");
  EXPECT_EQ(run_small(R"({"type":"object","additionalProperties":true})", "{\"a\":" + kDeep + "}"),
            "ERR: Maximum data depth of 1000 exceeded @");
}

// The copy a Select makes of its value when Ajv's options let validators write into it.
TEST(DeepData, CopyForAjvWrites) {
  std::string schema = R"({"anyOf":[{"type":"object","properties":{"a":{"type":"string"}}}]})";
  EXPECT_EQ(run_small(schema, "{\"a\":" + kDeep + "}", R"({"ajv":{"coerceTypes":true}})"),
            "ERR: Maximum data depth of 1000 exceeded @#");
}

// const / enum compare with a constant, whose depth the schema bounds; uniqueItems compares
// elements of the data with each other, as deep as they are.
TEST(DeepData, DeepEquality) {
  std::string constant = nested_arrays(50, "1");
  std::string schema = R"({"anyOf":[{"const":)" + constant + R"(},{"type":"array"}]})";
  EXPECT_EQ(run_small(schema, kDeep), "ERR: Maximum data depth of 1000 exceeded @");  // the second branch prints it raw
  EXPECT_EQ(run_small(schema, constant), constant);
  std::string unique = R"({"anyOf":[{"type":"array","uniqueItems":true},{"type":"string"}]})";
  EXPECT_EQ(run_small(unique, "[" + kDeep + "," + kDeep + "]"), "ERR: The value of '#' does not match schema definition. @#");
  std::string distinct = "[" + nested_arrays(kLevels, "1") + "," + nested_arrays(kLevels, "2") + "]";
  EXPECT_EQ(run_small(unique, distinct), "ERR: Maximum data depth of 1000 exceeded @");  // unique: the first branch, raw
}

// An array given to an object schema reads as an object with its elements as members.
TEST(DeepData, ArrayReadAsAnObject) {
  EXPECT_EQ(run_small(R"({"type":"object","additionalProperties":{"type":"string"}})", "[" + kDeep + "]"),
            "ERR: Maximum data depth of 1000 exceeded @#/additionalProperties");
}

// A long string written in pieces past the output limit, where the window starts over at the
// scratch buffer's first byte (under ASan a write before it was a heap-buffer-overflow).
TEST(OutputLimit, LongStringPastIt) {
  std::string input = "\"" + std::string(200000, 'a') + "\"";
  EXPECT_EQ(run(R"({"type":"string"})", input, R"({"maxOutputBytes":100000})"),
            "ERR: output exceeds maxOutputBytes (100000 bytes) @");
  EXPECT_EQ(run(R"({"type":"string"})", input, R"({"maxOutputBytes":200002})").size(), 200002u);
}

// The output limit counts what is printed: an array read as an object has a member per
// element, but a pattern and additionalProperties: false print one of them here (found by
// fuzz_serialize drawing maxOutputBytes).
TEST(OutputLimit, CountsOnlyPrintedMembers) {
  std::string schema = R"({"type":"object","patternProperties":{"^1":{"type":"number"}},"additionalProperties":false})";
  EXPECT_EQ(run(schema, R"(["5","6","7"])", R"({"maxOutputBytes":7})"), R"({"1":6})");
  EXPECT_EQ(run(schema, R"(["5","6","7"])", R"({"maxOutputBytes":6})"), "ERR: output exceeds maxOutputBytes (6 bytes) @");
  EXPECT_EQ(run(R"({"type":"object","additionalProperties":true})", R"(["5","6","7"])", R"({"maxOutputBytes":25})"),
            R"({"0":"5","1":"6","2":"7"})");
}

// A chain of $refs (root -> d0 -> d1 -> ... -> dn): fjs's resolveRef counts the hops and fails
// the build on hop maxDepth + 2, also for a chain no property uses (its recursion detection
// resolves every $ref it walks). Each expectation is fast-json-stringify 7.3.6's.
std::string ref_chain(int n, const std::string& beside = "", const std::string& root = R"("$ref":"#/definitions/d0")") {
  std::string defs;
  for (int i = 0; i < n; ++i)
    defs += "\"d" + std::to_string(i) + R"(":{"$ref":"#/definitions/d)" + std::to_string(i + 1) + "\"" + beside + "},";
  return "{" + root + R"(,"definitions":{)" + defs + "\"d" + std::to_string(n) + R"(":{"type":"integer"}}})";
}

TEST(SchemaLimits, RefChainsCountHopsAsFjs) {
  EXPECT_EQ(run(ref_chain(100), "5"), "5");
  EXPECT_EQ(run(ref_chain(101), "5"), "COMPILE: schema exceeds maximum depth of 100 @");
  EXPECT_EQ(run(ref_chain(100, R"(,"description":"x","type":"integer")"), "5"), "5");  // keywords beside: the same count
  EXPECT_EQ(run(ref_chain(101, R"(,"description":"x","type":"integer")"), "5"), "COMPILE: schema exceeds maximum depth of 100 @");
  EXPECT_EQ(run(ref_chain(5), "5", R"({"maxDepth":5})"), "5");
  EXPECT_EQ(run(ref_chain(6), "5", R"({"maxDepth":5})"), "COMPILE: schema exceeds maximum depth of 5 @");
  EXPECT_EQ(run(ref_chain(200, "", R"("type":"object","properties":{"a":{"type":"integer"}})"), R"({"a":1})"),
            "COMPILE: schema exceeds maximum depth of 100 @");
  EXPECT_EQ(run(ref_chain(101, "", R"("type":"array","items":{"$ref":"#/definitions/d0"})"), "[5]"),
            "COMPILE: schema exceeds maximum depth of 100 @");
}

// The same walk refuses a cycle of $refs no property uses, and leaves the chains and cycles of
// an external schema alone unless the root reaches them (fast-json-stringify 7.3.6's answers).
TEST(SchemaLimits, UnusedRefChainsOfTheRootOnly) {
  EXPECT_EQ(run(R"({"type":"integer","definitions":{"a":{"$ref":"#/definitions/b"},"b":{"$ref":"#/definitions/a"}}})", "5"),
            "COMPILE: Cannot resolve circular reference \"#/definitions/b\" @");
  EXPECT_EQ(run(R"({"type":"integer","definitions":{"a":{"$ref":"#/definitions/a"}}})", "5"),
            "COMPILE: Cannot resolve circular reference \"#/definitions/a\" @");
  std::string chain = ref_chain(150, "", R"("$id":"ext")");
  EXPECT_EQ(run(R"({"type":"integer"})", "5", R"({"schema":{"ext":)" + chain + "}}"), "5");
  EXPECT_EQ(run(R"({"type":"integer"})", "5", R"({"schema":{"ext":{"definitions":{"a":{"$ref":"#/definitions/a"}}}}})"), "5");
  EXPECT_EQ(run(R"({"$ref":"ext#/definitions/d0"})", "5", R"({"schema":{"ext":)" + ref_chain(100, "", R"("$id":"ext")") + "}}"), "5");
  EXPECT_EQ(run(R"({"$ref":"ext#/definitions/d0"})", "5", R"({"schema":{"ext":)" + ref_chain(101, "", R"("$id":"ext")") + "}}"),
            "COMPILE: schema exceeds maximum depth of 100 @");
}

// 40,000 hops overflowed the stack measuring the schema's depth (a frame per hop); now the
// chain is walked on the heap and refused, on a thread with a small stack too.
TEST(SchemaLimits, RefChainOfFortyThousandHops) {
  std::string out;
  on_small_stack([&] { out = run(ref_chain(40000), "5"); });
  EXPECT_EQ(out, "COMPILE: schema exceeds maximum depth of 100 @");
}

// largeArraySize beyond int64 (UBSan: a double cast out of range) is larger than any array.
TEST(OptionLimits, LargeArraySizeBeyondInt64) {
  std::string schema = R"({"type":"array","items":{"type":"integer"}})";
  for (const char* size : {"1e19", "9.3e18", "1e21"})
    EXPECT_EQ(run(schema, R"(["1",2.5])", std::string(R"({"largeArrayMechanism":"json-stringify","largeArraySize":)") + size + "}"),
              "[1,2]") << size;
  EXPECT_EQ(run(schema, R"(["1",2.5])", R"({"largeArrayMechanism":"json-stringify","largeArraySize":-1e19})"), R"(["1",2.5])");
}

}  // namespace
