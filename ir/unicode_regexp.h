// What V8 says of a regular expression source it refuses: without flags (ajv: {formats}
// sources), and under the u flag, which Ajv gives every pattern
// it compiles (`pattern`, `patternProperties` keys, unless ajv: {unicodeRegExp: false}). The
// u flag's grammar is stricter than the one fjs's meta-schema checks ("format": "regex",
// without the flag): `\k`, `\a`, `[\w-.]`, `a{` pass that check and make Ajv throw while it
// compiles, which fjs reports at the first call that validates (ir/lower_validator.cpp).
#pragma once
#include <string>

namespace sj::ir {

// V8's reason ("Invalid named reference", "Invalid character class", ...) for the first error
// of `source` under the u flag that the non-u grammar accepts, or "" when there is none. Errors
// of both grammars are the meta-schema's; a property name \p{...} is judged by libregexp.
std::string unicode_regexp_error(const std::string& source);

// Why `new RegExp(source)` (no flags) throws, in V8's words, or "" when it compiles (or is
// only beyond libregexp's limits, which V8 does not have).
std::string regexp_refusal(const std::string& source);

// Why `new RegExp(source, 'u')` throws, or "" when it compiles: libregexp decides, and the
// reason is V8's (unicode_regexp_error, else libregexp's reason in V8's words where known).
std::string unicode_regexp_refusal(const std::string& source);

}  // namespace sj::ir
