# Cases for issue 30's "patterns as JavaScript reads them, everywhere": patternProperties keys
# that JavaScript's RegExp accepts and PCRE2 would refuse or read otherwise, \s against Unicode
# spaces, and a pattern refused under Ajv's u flag inside anyOf. Inputs only; results from
# oracle.js (README.md here):
#   python3 tests/conformance/pattern_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/patterns.jsonl
import json

from case_lines import print_cases

KEYS = ["a-b", "a.b", "x", "", "5", "\u00a0", "\u2028", "\u3000", " ", "k", "]", "^", "a\\d"]


def pattern_object(pattern):
    return {"type": "object", "patternProperties": {pattern: {"type": "integer"}}}


cases = []
for pattern in [r"[\w-.]", r"[a-\d]", r"\k", r"[]", r"[^]", r"^\s$", r"^\S$", r"\d+", r"[\s]", r"^[^\s]$", r"\u{61}",
                r"(?<n>a)\k<n>", r"a{,2}", r"\c", r"[\b]", r"\0"]:
    cases.append((pattern_object(pattern), {}, json.dumps({k: 1.5 for k in KEYS})))
for pattern in [r"\k", r"[\w-.]", r"\p{L}"]:
    schema = {"anyOf": [{"type": "string", "pattern": pattern}, {"type": "integer"}]}
    for options in [{}, {"ajv": {"unicodeRegExp": False}}]:
        cases.append((schema, options, '"k"'))
        cases.append((schema, options, "2.5"))
# Each rule of ir/unicode_regexp.cpp: sources the meta-schema (no u flag) accepts, which Ajv's
# u flag refuses (fjs: V8's message at the first call) or accepts.
for pattern in [r"a{", r"a{,2}", r"{", r"}", r"]", r"\a", r"[\a]", r"\-", r"[\-]", r"\1", r"[\1]", r"(a)\1", r"(a)\2",
                r"\01", r"[\01]", r"\0", r"\c1", r"[\c_]", r"\cA", r"\x1", r"\x41", r"\u12", r"\u{61}", r"\u{110000}",
                r"\p{Foo}", r"[\p{Foo}]", r"\P{L}", r"[\B]", r"[\b]", r"(?=a)*", r"(?!a){2}", r"[a-\d]", r"[\d-z]",
                r"[\w-]", r"\k<a>", r"(?<n>a)\k<n>", r"\ ", r"\/", r"a{2}?", r"é+"]:
    schema = {"anyOf": [{"type": "string", "pattern": pattern}, {"type": "integer"}]}
    cases.append((schema, {}, '"k"'))
cases.append(({"anyOf": [{"type": "string", "pattern": r"\a"}, {"type": "integer"}]}, {"compileValidators": True}, '"k"'))
# Ajv compiles no regex for patternProperties whose schemas are all always valid, unless
# additionalProperties needs them to tell which names are additional.
for more in [{}, {"additionalProperties": False}, {"additionalProperties": True}, {"additionalProperties": {"title": "t"}}]:
    for key_schema in [{}, {"type": "integer"}]:
        schema = {"anyOf": [{"type": "object", "patternProperties": {r"\a": key_schema}, **more}, {"type": "integer"}]}
        cases.append((schema, {}, "{}"))
# A schema of annotations alone is always valid to Ajv; $comment is one of its rules.
for annotation in [{"$comment": "c"}, {"$id": "http://example.com/x"}, {"$schema": "http://json-schema.org/draft-07/schema#"},
                   {"definitions": {}}, {"title": "t", "description": "d", "examples": [1]}, {"default": 1},
                   {"readOnly": True, "writeOnly": False, "deprecated": True},
                   {"contentMediaType": "text/plain", "contentEncoding": "base64"}]:
    schema = {"anyOf": [{"type": "object", "patternProperties": {r"\a": annotation}}, {"type": "integer"}]}
    cases.append((schema, {}, "{}"))
cases.append(({"anyOf": [{"type": "object", "patternProperties": {r"\a": {}}, "additionalProperties": True},
                         {"type": "integer"}]}, {"ajv": {"removeAdditional": "all"}}, "{}"))
# A refused regex fails every validator of its document; one reached through a $ref too.
two = {"type": "object", "properties": {
    "a": {"anyOf": [{"type": "string", "pattern": r"\k"}, {"type": "integer"}]},
    "b": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}
cases.append((two, {}, '{"b": 1}'))
cases.append((two, {}, '{"a": 1}'))
referenced = {"definitions": {"k": {"type": "string", "pattern": r"\k"}}, "anyOf": [{"$ref": "#/definitions/k"}, {"type": "integer"}]}
cases.append((referenced, {}, '"k"'))
cases.append((referenced, {}, "1"))
print_cases("patterns:", cases)
