// What generated validators call for the keywords that are not a load and a compare:
// deep equality (const, enum, uniqueItems), code points (min/maxLength), multipleOf, and the
// formats ajv-formats checks with code instead of a regular expression.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include <rapidjson/document.h>

namespace sj::rt {

// ajv-formats' coded "full" formats (the regex ones are Patterns, ir/ajv_formats.h).
enum class CodedFormat : int32_t { Date = 0, Time = 1, DateTime = 2, IsoTime = 3, IsoDateTime = 4, Byte = 5 };
std::optional<CodedFormat> coded_format(std::string_view name);

// Ajv's equal (fast-deep-equal) on two values, as JavaScript holds them: numbers compare as
// doubles (JSON.parse reads every number as one; NaN equals NaN there), objects by name whatever the order (the
// last of duplicate names, as JSON.parse keeps). Iterative: any nesting.
bool deep_equal(const rapidjson::Value& a, const rapidjson::Value& b);

// Scalar references of the checks, exported for tests.
bool check_format(CodedFormat f, std::string_view s);
int64_t code_points(const char* s, int64_t n);  // what Ajv's ucs2length counts for UTF-8 text
bool is_multiple_of(double x, double m, int precision = 0);  // precision: ajv.multipleOfPrecision
// The same with precision's bound, 1e-N as Ajv writes it into its code (0: no precision),
// which generated code computes once, at compile time.
double precision_bound(int precision);
bool is_multiple_of_within(double x, double m, double bound);

}  // namespace sj::rt
