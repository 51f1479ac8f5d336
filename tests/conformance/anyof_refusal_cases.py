# Cases for issue 39's "an Ajv error in an anyOf branch that fjs never compiles": Ajv's anyOf
# beside an always-valid branch compiles to nothing, so compiling the document does not reach
# its branches; fjs then has Ajv compile each branch it tests as a schema of its own, so a
# branch Ajv refuses (nullable without type, an invalid u-flag pattern) fails only the calls
# that reach it. Without an always-valid branch (or under oneOf) the document's compile fails
# every call. Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/anyof_refusal_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/anyof-refusals.jsonl
import json

from case_lines import print_cases

raw = []


def c(schema, inputs, options=None):
    for data in inputs:
        raw.append((schema, options or {}, json.dumps(data)))


NULLABLE = {"nullable": True}
BAD_PATTERN = {"type": "string", "pattern": "\\a"}
VALUES = [5, "x", None, {"a": 1}]

for bad in (NULLABLE, BAD_PATTERN):
    c({"anyOf": [{}, bad]}, VALUES)
    c({"anyOf": [True, bad]}, VALUES)
    c({"anyOf": [{"title": "any"}, bad]}, VALUES)
    c({"anyOf": [bad, {}]}, VALUES)
    c({"anyOf": [{"type": "integer"}, bad, {}]}, VALUES)
    c({"anyOf": [{"type": "integer"}, bad]}, VALUES)
    c({"oneOf": [{}, bad]}, VALUES)
    c({"type": "object", "properties": {"a": {"anyOf": [{}, bad]}}}, [{"a": 5}, {"a": "x"}, {}])
    c({"type": "object", "properties": {"a": {"anyOf": [{"type": "integer"}, {"anyOf": [{}, bad]}]}}}, [{"a": 5}, {"a": "x"}])
    c({"anyOf": [{"type": "integer"}, {"$ref": "#/definitions/b"}, {}], "definitions": {"b": bad}}, VALUES)
    c({"anyOf": [{}, bad]}, [5], {"compileValidators": True})
    c({"type": "array", "items": {"anyOf": [{"type": "string"}, bad, {}]}}, [["x", 5], []])

# Ajv validating the anyOf as a whole (an `if`): nothing of it compiled, a refused $ref in a
# branch before the always-valid one included.
c({"if": {"anyOf": [{"$ref": "#/definitions/b"}, {}]}, "then": {"type": "string"}, "else": {"type": "number"},
   "definitions": {"b": NULLABLE}}, ["x", 5])
# Strict mode: Ajv's test of each branch up to the always-valid one still refuses an unknown
# keyword there, not after it.
for options in ({}, {"ajv": {"strictSchema": True}}):
    c({"if": {"anyOf": [{"foo": 1}, {"required": ["a"]}]}, "then": {"type": "object"}, "else": {"type": "string"}},
      [{"a": 1}, "x"], options)
    c({"if": {"anyOf": [{}, {"foo": 1}]}, "then": {"type": "object"}, "else": {"type": "string"}}, [{"a": 1}], options)

print_cases("anyof-refusals:", raw)
