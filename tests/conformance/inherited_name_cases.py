# Cases for issue 39's "a property named toString inside allOf": fjs's schema merge
# (@fastify/merge-json-schemas, mergeProperties) collects names in a plain object and skips one
# already there, so a property named like an Object.prototype member is dropped from every
# merged schema (allOf, anyOf/oneOf branches, if/then/else, a $ref with keywords beside it) and
# kept where nothing is merged. The data always holds the members (a missing one is a listed
# difference: fjs finds the inherited function). Inputs only; results from oracle.js
# (README.md here):
#   python3 tests/conformance/inherited_name_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/inherited-names.jsonl
import json

from case_lines import print_cases

raw = []


def c(schema, inputs, options=None):
    for data in inputs:
        raw.append((schema, options or {}, json.dumps(data)))


NAMES = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "toLocaleString", "isPrototypeOf"]
for name in NAMES:
    p = {"type": "object", "properties": {name: {"type": "string"}, "a": {"type": "integer"}}}
    data = [{name: "x", "a": 1}, {name: 5, "a": "2"}]
    c(p, data)
    c({"allOf": [p]}, data)
    c({"allOf": [p, {"properties": {"b": {"type": "boolean"}}}]}, [{name: "x", "a": 1, "b": True}])
    c({"anyOf": [p, {"type": "string"}]}, data)
    c({"if": {"type": "object"}, "then": p, "else": {"type": "string"}}, data)
    c({"$ref": "#/definitions/p", "type": "object", "title": "t", "definitions": {"p": p}}, data)
    c({"$ref": "#/definitions/p", "definitions": {"p": p}}, data)
# Nested: the merged object's own properties hold the name one level down.
c({"allOf": [{"type": "object", "properties": {"o": {"type": "object", "properties": {"toString": {"type": "string"}, "k": {"type": "string"}}}}}]},
  [{"o": {"toString": "x", "k": "y"}}])
c({"type": "array", "items": {"allOf": [{"type": "object", "properties": {"valueOf": {"type": "integer"}, "n": {"type": "integer"}}}]}},
  [[{"valueOf": 1, "n": 2}]])

print_cases("inherited-names:", raw)
