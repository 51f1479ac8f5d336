# Cases for issue 30's "$ref JSON pointers": references into arrays and keyword lists, names
# that are Object.prototype members, empty segments and keys, ~0/~1 and percent escapes, and a
# local $ref under a nested $id. Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/ref_pointer_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/ref-pointers.jsonl
from case_lines import print_cases

INT = {"type": "integer"}
STR = {"type": "string"}


def obj(properties, **more):
    return {"type": "object", "properties": properties, **more}


cases = [
    (obj({"t": {"type": "array", "items": [STR, INT]}, "r": {"$ref": "#/properties/t/items/1"}}), {}, '{"t": ["a", 1.5], "r": 2.5}'),
    (obj({"t": {"anyOf": [INT, STR]}, "r": {"$ref": "#/properties/t/anyOf/0"}}), {}, '{"t": 1, "r": 2.5}'),
    (obj({"r": {"$ref": "#/allOf/0/properties/x"}}, allOf=[{"properties": {"x": INT}}]), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/toString"}}, definitions={"toString": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/constructor"}}, definitions={"constructor": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/__proto__"}}, definitions={"__proto__": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/hasOwnProperty"}}, definitions={"hasOwnProperty": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/"}}, definitions={"": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#//definitions//d"}}, definitions={"d": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/a~1b"}}, definitions={"a/b": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/a~0b"}}, definitions={"a~b": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/a%20b"}}, definitions={"a b": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/a%25b"}}, definitions={"a%b": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/d/properties/x"}}, definitions={"d": {"properties": {"x": INT}}}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/list/1"}}, definitions={"list": [STR, INT]}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/definitions/missing"}}, definitions={"d": INT}), {}, '{"r": 2.5}'),
    (obj({"r": {"$ref": "#/properties/t/items/5"}, "t": {"type": "array", "items": [STR]}}), {}, '{"r": 2.5}'),
    # A local $ref inside a subschema with its own $id resolves against that $id.
    (obj({"n": {"$id": "http://example.com/nested", "type": "object", "properties": {"v": {"$ref": "#/definitions/x"}},
                "definitions": {"x": STR}}}, definitions={"x": INT}), {}, '{"n": {"v": 2.5}}'),
    (obj({"n": {"$id": "nested.json", "type": "object", "properties": {"v": {"$ref": "#/definitions/x"}},
                "definitions": {"x": STR}}}, **{"$id": "http://example.com/root.json", "definitions": {"x": INT}}), {},
     '{"n": {"v": 2.5}}'),
    (obj({"n": {"$ref": "nested.json#/definitions/x"}, "m": {"$id": "nested.json", "definitions": {"x": STR}}},
         **{"$id": "http://example.com/root.json"}), {}, '{"n": 2.5}'),
]
print_cases("ref-pointers:", cases)
