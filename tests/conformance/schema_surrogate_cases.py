# Cases for issue 30's "schema text with a lone-surrogate escape": a lone UTF-16 unit ("\ud800")
# in a property name, a default, a const, an enum, a required name, a definition's name and a
# title, which JSON.parse reads and fast-json-stringify builds. Inputs only; results from
# oracle.js (README.md here):
#   python3 tests/conformance/schema_surrogate_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/schema-surrogates.jsonl
import json

from case_lines import print_cases

HIGH, LOW = "\ud800", "\udc00"


def obj(properties, **more):
    return {"type": "object", "properties": properties, **more}


cases = []
for key in [HIGH, LOW, "a" + HIGH + "b", LOW + HIGH]:
    schema = obj({key: {"type": "string"}, "n": {"type": "integer"}})
    cases.append((schema, {}, json.dumps({key: "x", "n": 1})))
    cases.append((schema, {}, json.dumps({"n": 1})))
    cases.append((obj({key: {"type": "integer"}}, required=[key]), {}, json.dumps({"n": 1})))
for default in [HIGH, "x" + LOW, {HIGH: 1}, [LOW]]:
    cases.append((obj({"d": {"default": default}}), {}, "{}"))
    cases.append((obj({"d": {"type": "string", "default": default}}), {}, "{}"))
cases.append(({"type": "string", "const": HIGH}, {}, json.dumps(HIGH)))
cases.append(({"type": "string", "const": HIGH}, {}, '"x"'))
cases.append(({"const": {LOW: [HIGH]}}, {}, json.dumps({LOW: [HIGH]})))
for text in [HIGH, "x", LOW]:
    cases.append(({"anyOf": [{"type": "string", "enum": [HIGH, "y"]}, {"type": "integer"}]}, {}, json.dumps(text)))
    cases.append(({"anyOf": [{"type": "string", "const": LOW}, {"type": "boolean"}]}, {}, json.dumps(text)))
definitions = {"definitions": {HIGH: {"type": "integer"}}}
cases.append(({**definitions, **obj({"a": {"$ref": "#/definitions/" + HIGH}})}, {}, '{"a": 1.5}'))
cases.append(({"title": HIGH, "description": LOW, "type": "integer"}, {}, "2"))
cases.append((obj({"a": {"type": "integer"}}, additionalProperties={"type": "string", "default": HIGH}), {},
              json.dumps({"a": 1, HIGH: 2})))
cases.append((obj({}, patternProperties={"^a": {"type": "string"}}), {}, json.dumps({"a" + HIGH: 1})))
cases.append(({"type": "object", "patternProperties": {HIGH: {"type": "integer"}}}, {}, json.dumps({"x" + HIGH: 2.5, "y": 1})))
cases.append(({"type": "object", "patternProperties": {"^[x" + HIGH + "]+$": {"type": "integer"}}}, {},
              json.dumps({"x" + HIGH + "x": 2.5, HIGH: 1.5, "y": 1})))
for text in [LOW, "a" + LOW + "b", "a"]:
    cases.append(({"anyOf": [{"type": "string", "pattern": LOW + "b?$"}, {"type": "integer"}]}, {}, json.dumps(text)))
print_cases("schema-surrogates:", cases)
