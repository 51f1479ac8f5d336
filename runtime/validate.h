// What generated validators call for the keywords that are not a load and a compare:
// deep equality (const, enum, uniqueItems), code points (min/maxLength), multipleOf, and the
// formats ajv-formats checks with code instead of a regular expression.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace sj::rt {

// ajv-formats' coded "full" formats (the regex ones are Patterns, ir/ajv_formats.h).
enum class CodedFormat : int32_t { Date = 0, Time = 1, DateTime = 2, IsoTime = 3, IsoDateTime = 4 };
std::optional<CodedFormat> coded_format(std::string_view name);

// Scalar references of the checks, exported for tests.
bool check_format(CodedFormat f, std::string_view s);
int64_t code_points(const char* s, int64_t n);  // what Ajv's ucs2length counts for UTF-8 text
bool is_multiple_of(double x, double m, int precision = 0);  // precision: ajv.multipleOfPrecision
// The same with precision's bound, 1e-N as Ajv writes it into its code (0: no precision),
// which generated code computes once, at compile time.
double precision_bound(int precision);
bool is_multiple_of_within(double x, double m, double bound);

}  // namespace sj::rt
