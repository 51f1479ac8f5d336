# Cases for issue 39's "a root $ref to {"type":["object"]}": fjs's resolveRef merges a $ref's
# target with everything beside it but annotations, `definitions`, `$defs`, `$id` and `$schema`
# included, so the common root {"$ref", "definitions"} is a merged schema: a one-type array
# becomes that type (a string given to ["object"] prints {}), two types stay an array. Inputs
# only; results from oracle.js (README.md here):
#   python3 tests/conformance/ref_merge_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/ref-merges.jsonl
import json

from case_lines import print_cases

raw = []


def c(schema, inputs, options=None):
    for data in inputs:
        raw.append((schema, options or {}, json.dumps(data)))


VALUES = ["str", 5, None, {"a": "x"}, [1]]
for t in (["object"], ["array"], ["string"], ["integer"], ["object", "null"], ["array", "null"], "object"):
    o = {"type": t, "properties": {"a": {"type": "string"}}} if "object" in t else {"type": t}
    c({"$ref": "#/definitions/o", "definitions": {"o": o}}, VALUES)
    c({"$ref": "#/$defs/o", "$defs": {"o": o}}, VALUES)
    c({"$ref": "#/definitions/o", "$id": "http://example.com/r", "definitions": {"o": o}}, VALUES)
    c({"$ref": "#/definitions/o", "title": "only an annotation", "definitions": {"o": o}}, VALUES)
    c({"type": "object", "properties": {"x": {"$ref": "#/definitions/o"}}, "definitions": {"o": o}}, [{"x": v} for v in VALUES])
c({"$ref": "ext#"}, VALUES, {"schema": {"ext": {"type": ["object"], "definitions": {}}}})
c({"$ref": "ext#/definitions/o"}, VALUES, {"schema": {"ext": {"definitions": {"o": {"$ref": "#/definitions/p", "definitions": {}}, "p": {"type": ["object"]}}}}})

print_cases("ref-merges:", raw)
