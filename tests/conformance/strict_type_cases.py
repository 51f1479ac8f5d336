# Cases for issue 39's ajv.strictTypes: fjs hands its `ajv` options to Ajv, whose strictTypes
# (true, or strict: true) makes a keyword applied without its type in the schema or its context,
# and a type its context excludes, an error while Ajv compiles (the first call that validates,
# or the build with compileValidators). Ajv sees fjs's converted schemas: every "string" type is
# ["string", "object"] with a keyword fjs_type. Inputs only; results from oracle.js (README.md):
#   python3 tests/conformance/strict_type_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/strict-types.jsonl
#   node ../shared/conformance/gen.js --seed 9191 --count 1500 \
#     | python3 tests/conformance/strict_type_cases.py --from-gen 9191 | node ...oracle.js ... \
#     > tests/conformance/strict-types-seed9191.jsonl
import json

from case_lines import main

raw = []
ON = {"ajv": {"strictTypes": True}}


def c(schema, inputs, options=ON):
    for data in inputs:
        raw.append((schema, options, json.dumps(data)))


INT = {"type": "integer"}
STR = {"type": "string"}
# Keywords without their type, at the branch itself and nested.
c({"anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}, "x"])
c({"anyOf": [{"required": ["a"]}, STR]}, [{"a": 1}])
c({"anyOf": [{"minimum": 1}, STR]}, [1])
c({"anyOf": [{"maxLength": 3}, INT]}, ["ab"])
c({"anyOf": [{"pattern": "^a"}, INT]}, ["ab"])
c({"anyOf": [{"format": "email"}, INT]}, ["a@b.c"])
c({"anyOf": [{"items": INT}, STR]}, [[1]])
c({"anyOf": [{"minItems": 1}, STR]}, [[1]])
c({"anyOf": [{"maxProperties": 1}, STR]}, [{}])
c({"anyOf": [{"additionalProperties": False}, STR]}, [{}])
c({"anyOf": [{"propertyNames": {"maxLength": 2}}, STR]}, [{}])
c({"anyOf": [{"dependencies": {"a": ["b"]}}, STR]}, [{}])
c({"anyOf": [{"contains": INT}, STR]}, [[1]])
c({"anyOf": [{"type": "array", "items": {"minimum": 1}}, STR]}, [[1]])
c({"anyOf": [{"type": "object", "properties": {"a": {"maxLength": 1}}}, STR]}, [{"a": "x"}])
c({"anyOf": [{"type": "object", "additionalProperties": {"minimum": 1}}, STR]}, [{"a": 1}])
c({"anyOf": [{"type": "object", "patternProperties": {"^a": {"minimum": 1}}}, STR]}, [{"a": 1}])
c({"anyOf": [{"type": "array", "items": [{"minimum": 1}]}, STR]}, [[1]])
c({"anyOf": [{"type": "object", "propertyNames": {"minimum": 1}}, STR]}, [{"a": 1}])
# Their types present: nothing to say.
c({"anyOf": [{"type": "object", "properties": {"a": INT}, "required": ["a"]}, STR]}, [{"a": 1}, "x"])
c({"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "maxLength": 3}]}, [1, "ab", 0])
c({"anyOf": [{"type": "number", "multipleOf": 2}, STR]}, [4])
c({"anyOf": [{"type": "integer", "maximum": 9}, STR]}, [4])
c({"anyOf": [{"type": ["integer", "string"], "minimum": 1}, {"type": "null"}]}, [4])
c({"anyOf": [{"type": ["integer", "null"], "minimum": 1}, STR]}, [None, 2])
c({"anyOf": [{"type": "integer", "nullable": True, "minimum": 1}, STR]}, [None])
c({"anyOf": [{"type": "string", "format": "email"}, INT]}, ["a@b.c"])
c({"anyOf": [{"type": "object", "propertyNames": {"maxLength": 2}}, STR]}, [{"ab": 1}])
c({"anyOf": [{"type": "string", "properties": {"a": INT}}, INT]}, ["x"])  # fjs's "object" beside "string"
c({"anyOf": [{"type": "array", "items": STR, "maxItems": 2}, INT]}, [["a"]])
# The context: a parent's type covers its branches; types a context excludes.
c({"type": "object", "properties": {"a": INT}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}, [{"a": 1}])
c({"type": "integer", "anyOf": [{"minimum": 1}, {"maximum": -1}]}, [2])
c({"type": "number", "anyOf": [{"type": "integer"}, {"minimum": 0.5}]}, [2])
c({"type": "object", "properties": {"p": {"type": "integer", "anyOf": [{"minimum": 1}]}}}, [{"p": 2}])
c({"anyOf": [{"type": "object", "anyOf": [{"required": ["a"]}, {"type": "string"}]}, INT]}, [{"a": 1}, 1])
c({"anyOf": [{"type": "integer", "anyOf": [{"type": "number"}]}, STR]}, [1])
c({"anyOf": [{"type": "number", "anyOf": [{"type": "integer", "minimum": 1}]}, STR]}, [1])
c({"anyOf": [{"type": "integer", "not": {"type": "string"}}, STR]}, [1])
c({"anyOf": [{"type": "integer", "allOf": [{"minimum": 0}]}, STR]}, [1])
c({"anyOf": [{"type": "object", "dependencies": {"a": {"required": ["b"]}}}, STR]}, [{}])
# Where: nested properties, items, if/then/else, oneOf, $ref targets.
c({"type": "object", "properties": {"p": {"anyOf": [{"properties": {"a": INT}}, STR]}}}, [{"p": {"a": 1}}])
c({"type": "array", "items": {"anyOf": [{"minimum": 1}, STR]}}, [[1]])
c({"if": {"minimum": 1}, "then": INT}, [1])
c({"type": "number", "if": {"minimum": 1}, "then": {"type": "number", "maximum": 5}}, [1])
c({"oneOf": [{"minimum": 1}, STR]}, [1])
c({"definitions": {"x": {"minimum": 1}}, "anyOf": [{"$ref": "#/definitions/x"}, STR]}, [1])
c({"definitions": {"x": {"type": "integer", "minimum": 1}}, "anyOf": [{"$ref": "#/definitions/x"}, STR]}, [1])
c({"type": "integer", "definitions": {"x": {"minimum": 1}}, "anyOf": [{"$ref": "#/definitions/x"}]}, [1])
c({"$id": "doc", "anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}])
# strict, "log", false; compileValidators.
c({"anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}], {"ajv": {"strict": True}})
c({"anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}], {"ajv": {"strict": True, "strictTypes": False}})
c({"anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}], {"ajv": {"strictTypes": "log"}})
c({"anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}], {"ajv": {"strictTypes": 1}})
c({"anyOf": [{"properties": {"a": INT}}, STR]}, [{"a": 1}], {"ajv": {"strictTypes": True}, "compileValidators": True})
c({"type": "object", "properties": {"a": {"minimum": 1}}}, [{"a": 1}])  # no validator: Ajv never runs
# strictTuples (also under strict: true): a tuple minItems and maxItems/additionalItems pin.
TUPLE = {"type": "array", "items": [INT, STR]}
for extra in ({}, {"minItems": 2}, {"minItems": 2, "maxItems": 2}, {"minItems": 2, "additionalItems": False},
              {"minItems": 1, "maxItems": 2}, {"maxItems": 2, "additionalItems": False}, {"minItems": 2.0, "maxItems": 2}):
    c({"anyOf": [{**TUPLE, **extra}, STR]}, [[1, "a"]], {"ajv": {"strictTuples": True}})
c({"anyOf": [TUPLE, STR]}, [[1, "a"]], {"ajv": {"strict": True}})
c({"anyOf": [TUPLE, STR]}, [[1, "a"]], {"ajv": {"strict": True, "strictTuples": False}})
c({"anyOf": [{"type": "array", "items": INT}, STR]}, [[1]], {"ajv": {"strictTuples": True}})
c({"type": "object", "properties": {"t": {"anyOf": [TUPLE, STR]}}}, [{"t": [1, "a"]}], {"ajv": {"strictTuples": True}})

# strictRequired (also under strict: true): a required name no properties declares, on the same
# data, in Ajv's order (branches before their parent's keywords, earlier branches first).
REQ = {"ajv": {"strictRequired": True}}
A = {"a": INT}
for branch in ({"type": "object", "required": ["a"]},
               {"type": "object", "properties": A, "required": ["a"]},
               {"type": "object", "allOf": [{"properties": A}], "required": ["a"]},
               {"type": "object", "properties": A, "allOf": [{"required": ["a"]}]},
               {"type": "object", "allOf": [{"properties": A}, {"required": ["a"]}]},
               {"type": "object", "allOf": [{"required": ["a"]}, {"properties": A}]},
               {"type": "object", "properties": {"a": INT, "p": {"type": "object", "properties": {"x": INT}}},
                "allOf": [{"required": ["a"]}]},
               {"type": "object", "properties": {"p": {"type": "object", "required": ["a"]}}, "allOf": [{"properties": A}]},
               {"type": "object", "if": {"properties": A}, "then": {"required": ["a"]}},
               {"type": "object", "required": ["toString"]},
               {"type": "object", "properties": {"__proto__": INT}, "allOf": [{"required": ["__proto__"]}]},
               {"type": ["object", "array"], "allOf": [{"properties": A}], "items": INT, "required": ["a"]},
               {"type": ["object", "array"], "allOf": [{"properties": A}], "items": True, "required": ["a"]}):
    c({"anyOf": [branch, STR]}, [{"a": 1}], REQ)
c({"definitions": {"d": {"properties": A}}, "anyOf": [{"type": "object", "allOf": [{"$ref": "#/definitions/d"}],
                                                      "required": ["a"]}, STR]}, [{"a": 1}], REQ)
c({"type": "object", "properties": A, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}, [{"a": 1}], REQ)
c({"anyOf": [{"type": "object", "required": ["a"]}, STR]}, [{"a": 1}], {"ajv": {"strict": True}})
c({"anyOf": [{"type": "object", "required": ["a"]}, STR]}, [{"a": 1}], {"ajv": {"strict": True, "strictRequired": False}})
# then/else without if, and an if whose then and else test nothing, are not compiled.
c({"anyOf": [{"type": "object", "then": {"properties": {"a": {"minimum": 1}}}}, STR]}, [{"a": 1}])
c({"anyOf": [{"type": "object", "if": {"minimum": 1}, "then": True}, STR]}, [{"a": 1}])
c({"anyOf": [{"type": "object", "if": {"minimum": 1}, "else": {}}, STR]}, [{"a": 1}])

# With --from-gen SEED: gen.js cases with an anyOf/oneOf/if, under strictTypes.
main("strict-types:", raw, "strict-types-", [("strictTypes", [True])])
