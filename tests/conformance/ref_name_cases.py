# Cases for issue 39's "$ref named toString" and "duplicate external $id": a $ref whose schema
# id (the part before '#') is an Object.prototype name, keyed or not in the `schema` option, and
# external schemas that declare the same $id (fjs keeps the first one it registers) or an $id
# other than their key. Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/ref_name_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/ref-names.jsonl
import json

from case_lines import print_cases

INT = {"type": "integer"}
STR = {"type": "string"}
raw = []


def c(schema, options, inputs):
    for data in inputs:
        raw.append((schema, options, json.dumps(data)))


def prop(ref):
    return {"type": "object", "properties": {"a": {"$ref": ref}}}


NAMES = ("toString", "constructor", "hasOwnProperty", "valueOf", "__proto__", "isPrototypeOf")
for name in NAMES:
    for ref in (name, name + "#", name + "#/definitions/x"):
        c(prop(ref), {}, [{"a": "1"}])  # not registered
        c(prop(ref), {"schema": {name: {"definitions": {"x": INT}, **INT}}}, [{"a": "1"}])  # keyed so
        c(prop(ref), {"schema": {"e": {"$id": name, "definitions": {"x": INT}, **INT}}}, [{"a": "1"}])  # its $id
    c({"definitions": {name: INT}, **prop("#/definitions/" + name)}, {}, [{"a": "1"}])
    c({"anyOf": [prop(name + "#/definitions/x"), STR]}, {"schema": {name: {"definitions": {"x": INT}}}},
      [{"a": "1"}])

# Registered under such a name, not referred to; a root or nested $id of such a name.
for name in ("toString", "__proto__"):
    c(INT, {"schema": {name: INT}}, ["1"])
    c(INT, {"schema": {"e": {"$id": name, **INT}}}, ["1"])
    c({"$id": name, **INT}, {}, ["1"])
    c({"$id": name, "definitions": {"x": INT}, **prop("#/definitions/x")}, {}, [{"a": "1"}])
    c({"definitions": {"x": {"$id": name, **INT}}, **prop("#/definitions/x")}, {}, [{"a": "1"}])
    c({"definitions": {"x": {"$id": name, **INT}}, **prop(name)}, {}, [{"a": "1"}])
    c({"$id": name, "anyOf": [INT, STR]}, {}, ["1", 1.5])  # fjs hands Ajv the root document by its id
    c({"$id": name, "type": "object", "properties": {"a": {"anyOf": [INT, STR]}}}, {}, [{"a": 1}])
    c({"$id": name, "type": "object", "properties": {"a": {"if": INT, "then": INT}}}, {}, [{"a": 1}])
    c({"anyOf": [INT, STR]}, {"schema": {"e": {"$id": name, **INT}}}, ["1"])

# Two external schemas with one $id: the first registered wins; a key under an $id is not an id.
TWO = {"a": {"$id": "z", "definitions": {"x": INT}}, "b": {"$id": "z", "definitions": {"x": STR}}}
for ref in ("z#/definitions/x", "a#/definitions/x", "b#/definitions/x"):
    c(prop(ref), {"schema": TWO}, [{"a": "1"}, {"a": 1}])
c(prop("z#/definitions/x"), {"schema": [TWO["b"], TWO["a"]]}, [{"a": 1}])
c(prop("z#/definitions/x"), {"schema": {"z": {"definitions": {"x": STR}}, "a": TWO["a"]}}, [{"a": 1}])
c(prop("z#/definitions/x"), {"schema": {"a": TWO["a"], "z": {"definitions": {"x": STR}}}}, [{"a": 1}])
# The root's $id equal to an external one.
c({"$id": "z", "definitions": {"x": STR}, **prop("z#/definitions/x")}, {"schema": {"a": TWO["a"]}}, [{"a": 1}])
c({"$id": "z", "definitions": {"x": STR}, **prop("#/definitions/x")}, {"schema": {"a": TWO["a"]}}, [{"a": 1}])
# Duplicate ids seen through a validator.
c({"anyOf": [prop("z#/definitions/x"), STR]}, {"schema": TWO}, [{"a": 1}, {"a": "1"}])
# An $id nested in an external schema equal to another's.
c(prop("y#/definitions/x"),
  {"schema": {"a": {"$id": "p", "definitions": {"n": {"$id": "y", "definitions": {"x": INT}}}},
              "b": {"$id": "y", "definitions": {"x": STR}}}}, [{"a": "1"}])

print_cases("ref-names:", raw)
