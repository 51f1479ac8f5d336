# Cases for issue 39's "$ref to true/false under patternProperties/additionalProperties": fjs
# serializes those values with buildValue, which resolves the $ref and then reads the target as
# an object, so a boolean target fails the build with a TypeError; elsewhere (properties, items,
# anyOf, then, the root) the same $ref is resolved first and prints the value. Inputs only;
# results from oracle.js (README.md here):
#   python3 tests/conformance/ref_boolean_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/ref-booleans.jsonl
import json

from case_lines import print_cases

raw = []


def c(schema, inputs, options=None):
    for data in inputs:
        raw.append((schema, options or {}, json.dumps(data)))


def ref(name, **siblings):
    return {"$ref": f"#/definitions/{name}", **siblings}


DEFS = {"t": True, "f": False, "r": {"$ref": "#/definitions/t"}, "s": {"type": "string"}}


def obj(**keywords):
    return {"type": "object", **keywords, "definitions": DEFS}


for target in ("t", "f", "r"):
    c(obj(patternProperties={"^a": ref(target)}), [{"a": 1}, {}])
    c(obj(additionalProperties=ref(target)), [{"a": 1}])
    c(obj(properties={"a": ref(target)}), [{"a": 1}])
    c({"type": "array", "items": ref(target), "definitions": DEFS}, [[1, "x"]])
    c({"anyOf": [ref(target)], "definitions": DEFS}, [1])
    c({"type": "array", "items": obj(additionalProperties=ref(target))}, [[]])
    c({"anyOf": [obj(patternProperties={"^a": ref(target)})], "definitions": DEFS}, [{"a": 1}])
# Beside the $ref: a type merges into the target (no TypeError), an annotation does not.
c(obj(patternProperties={"^a": ref("t", type="string")}), [{"a": 1}])
c(obj(patternProperties={"^a": ref("t", title="x")}), [{"a": 1}])
c(obj(additionalProperties=ref("f", description="d")), [{"a": 1}])
# A target that is a schema, and a plain boolean value: printed.
c(obj(patternProperties={"^a": ref("s")}, additionalProperties=True), [{"a": 1, "b": 2}])
c(obj(patternProperties={"^a": True, "^b": False}), [{"a": 1, "b": 2}])
# External schemas (options.schema).
c({"type": "object", "additionalProperties": {"$ref": "ext#"}}, [{"a": 1}], {"schema": {"ext": True}})
c({"type": "object", "patternProperties": {"^a": {"$ref": "ext#/definitions/x"}}}, [{"a": 1}],
  {"schema": {"ext": {"definitions": {"x": False}}}})

print_cases("ref-booleans:", raw)
