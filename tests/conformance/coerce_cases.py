# Writes the inputs of tests/conformance/coerce-types.jsonl: anyOf/oneOf/if validated with
# Ajv's coerceTypes (fjs option `ajv: {coerceTypes: true | "array"}`): each conversion, the
# order of keywords (which conversions happen before the first failure), conversions inside
# values that later branches and the serializer see, and the root's, which they do not.
# With --from-gen SEED it reads gen.js cases on stdin instead and keeps those with an
# anyOf/oneOf/if, each given coerceTypes true or "array" (drawn from SEED).
# oracle.js fills in what fast-json-stringify 7.3.6 prints. See README.md in this folder.
import json
import random
import sys

cases = [  # (schema, ajv options, input as JSON text)
  ({'anyOf': [{'type': 'boolean'}]}, {'coerceTypes': True}, '"false"'),
  ({'type': 'object', 'properties': {'a': {'anyOf': [{'type': 'object', 'properties': {'x': {'type': 'boolean'}}}]}}}, {'coerceTypes': True}, '{"a":{"x":"false"}}'),
  ({'anyOf': [{'type': 'object', 'properties': {'x': {'type': 'string'}, 'y': {'type': 'null'}}}, {'type': 'object'}]}, {'coerceTypes': True}, '{"x":1,"y":5}'),
  ({'anyOf': [{'type': 'object', 'properties': {'y': {'type': 'null'}, 'x': {'type': 'string'}}}, {'type': 'object'}]}, {'coerceTypes': True}, '{"x":1,"y":5}'),
  ({'anyOf': [{'type': 'number', 'maximum': 5}, {'type': 'string'}]}, {'coerceTypes': True}, '"10"'),
  ({'anyOf': [{'type': 'integer'}, {'type': 'string'}]}, {'coerceTypes': True}, '"1.5"'),
  ({'anyOf': [{'type': 'null'}]}, {'coerceTypes': True}, '0'),
  ({'anyOf': [{'type': 'array', 'items': {'type': 'number'}}]}, {'coerceTypes': 'array'}, '"5"'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'array', 'items': {'type': 'number'}}}}]}, {'coerceTypes': 'array'}, '{"a":"5"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}]}, {'coerceTypes': 'array'}, '{"a":["5"]}'),
  ({'if': {'type': 'object', 'properties': {'a': {'type': 'integer'}}}, 'then': {'type': 'object', 'properties': {'a': {}}}, 'else': {'type': 'object', 'properties': {'b': {}}}}, {'coerceTypes': True}, '{"a":"7","b":1}'),
  ({'type': 'object', 'properties': {'a': {'anyOf': [{'type': 'object', 'properties': {'x': {'type': 'boolean'}}, 'required': ['z']}, {'type': 'object', 'properties': {'x': {}}}]}}}, {'coerceTypes': True}, '{"a":{"x":"true"}}'),
  ({'anyOf': [{'type': 'array', 'items': {'type': 'string'}}]}, {'coerceTypes': True}, '[1,true,null,2.5]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}]}, {'coerceTypes': True}, '{"a":" "}'),
  ({'anyOf': [{'type': ['null', 'number']}]}, {'coerceTypes': True}, '""'),
  ({'anyOf': [{'type': 'object', 'properties': {'x': {'type': 'string'}, 'y': {'type': 'null'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"x": 1, "y": 5}'),
  ({'anyOf': [{'type': 'object', 'properties': {'y': {'type': 'null'}, 'x': {'type': 'string'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"x": 1, "y": 5}'),
  ({'anyOf': [{'type': 'object', 'required': ['z'], 'properties': {'x': {'type': 'string'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"x": 1}'),
  ({'anyOf': [{'type': 'object', 'properties': {'x': {'type': 'string'}}, 'maxProperties': 0}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"x": 1}'),
  ({'anyOf': [{'type': 'object', 'properties': {'x': {'type': 'string'}}, 'minProperties': 3}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"x": 1}'),
  ({'anyOf': [{'type': 'object', 'additionalProperties': {'type': 'boolean'}, 'properties': {'a': {'type': 'null'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": 5, "b": "true", "c": 0}'),
  ({'anyOf': [{'type': 'object', 'patternProperties': {'^b': {'type': 'integer'}}, 'properties': {'a': {'type': 'null'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": 5, "b": "7"}'),
  ({'anyOf': [{'type': 'object', 'patternProperties': {'^b': {'type': 'integer'}}, 'properties': {'a': {'type': 'null'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "", "b": "7"}'),
  ({'anyOf': [{'type': 'array', 'items': [{'type': 'string'}], 'additionalItems': {'type': 'number'}}, {'type': 'array'}]}, {'coerceTypes': True}, '[1, "2", "x"]'),
  ({'anyOf': [{'type': 'array', 'items': [{'type': 'null'}], 'additionalItems': {'type': 'number'}}, {'type': 'array'}]}, {'coerceTypes': True}, '[1, "2"]'),
  ({'anyOf': [{'type': 'array', 'items': {'type': 'boolean'}}, {'type': 'array'}]}, {'coerceTypes': True}, '["true", 1, "x", 0]'),
  ({'anyOf': [{'type': 'array', 'items': {'type': 'boolean'}, 'uniqueItems': True}, {'type': 'array'}]}, {'coerceTypes': True}, '["true", 1]'),
  ({'oneOf': [{'type': 'object', 'properties': {'a': {'type': 'integer'}}}, {'type': 'object', 'properties': {'a': {'type': 'string'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "5"}'),
  ({'oneOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}}, 'required': ['q']}, {'type': 'object', 'properties': {'a': {}}}]}, {'coerceTypes': True}, '{"a": 5}'),
  ({'if': {'type': 'object', 'properties': {'a': {'type': 'boolean'}}}, 'then': {'type': 'object', 'additionalProperties': True}, 'else': {'type': 'object', 'additionalProperties': True}}, {'coerceTypes': True}, '{"a": "false"}'),
  ({'if': {'type': 'object', 'properties': {'a': {'type': 'boolean'}}, 'required': ['b']}, 'then': {'type': 'object', 'additionalProperties': True}, 'else': {'type': 'object', 'additionalProperties': True}}, {'coerceTypes': True}, '{"a": "false"}'),
  ({'anyOf': [{'type': 'integer'}]}, {'coerceTypes': True}, '"Infinity"'),
  ({'anyOf': [{'type': 'integer'}, {'type': 'string'}]}, {'coerceTypes': True}, '"1e400"'),
  ({'anyOf': [{'type': 'number'}]}, {'coerceTypes': True}, '" "'),
  ({'anyOf': [{'type': 'number'}]}, {'coerceTypes': True}, '"0x1A"'),
  ({'anyOf': [{'type': 'number'}]}, {'coerceTypes': True}, '""'),
  ({'anyOf': [{'type': 'number'}]}, {'coerceTypes': True}, 'true'),
  ({'anyOf': [{'type': 'integer'}]}, {'coerceTypes': True}, 'null'),
  ({'anyOf': [{'type': 'boolean'}]}, {'coerceTypes': True}, '0'),
  ({'anyOf': [{'type': 'boolean'}]}, {'coerceTypes': True}, '1'),
  ({'anyOf': [{'type': 'boolean'}]}, {'coerceTypes': True}, '2'),
  ({'anyOf': [{'type': 'null'}]}, {'coerceTypes': True}, '""'),
  ({'anyOf': [{'type': 'null'}]}, {'coerceTypes': True}, 'false'),
  ({'anyOf': [{'type': 'string'}]}, {'coerceTypes': True}, 'null'),
  ({'anyOf': [{'type': 'string'}]}, {'coerceTypes': True}, '1.5e+21'),
  ({'anyOf': [{'type': 'string'}]}, {'coerceTypes': True}, '[1]'),
  ({'anyOf': [{'type': ['boolean', 'number']}]}, {'coerceTypes': True}, '"1"'),
  ({'anyOf': [{'type': ['number', 'boolean']}]}, {'coerceTypes': True}, '"true"'),
  ({'anyOf': [{'type': 'string', 'nullable': True}]}, {'coerceTypes': True}, 'false'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': ['number', 'string']}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": true}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': ['string', 'number']}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": true}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number', 'maximum': 3}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "10"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'string', 'enum': ['1']}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": 1}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'allOf': [{'type': 'number'}], 'maximum': 3}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "10"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'$ref': '#/definitions/n'}}}, {'type': 'object', 'additionalProperties': True}], 'definitions': {'n': {'type': 'number'}}}, {'coerceTypes': True}, '{"a": "10"}'),
  ({'type': 'object', 'properties': {'a': {'anyOf': [{'type': 'object', 'properties': {'b': {'type': 'number'}}}]}, 'c': {'type': 'string'}}}, {'coerceTypes': True}, '{"a": {"b": "3"}, "c": 5}'),
  ({'anyOf': [{'type': 'array', 'items': {'type': 'number'}}]}, {'coerceTypes': 'array'}, '"5"'),
  ({'anyOf': [{'type': 'number'}]}, {'coerceTypes': 'array'}, '["5"]'),
  ({'anyOf': [{'type': 'number'}, {'type': 'array'}]}, {'coerceTypes': 'array'}, '["x"]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}}}]}, {'coerceTypes': 'array'}, '[{"a": 1}]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}}}, {'type': 'array', 'items': {'type': 'object', 'additionalProperties': True}}]}, {'coerceTypes': 'array'}, '[{"a": 1}]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}}, 'required': ['zz']}, {'type': 'array', 'items': {'type': 'object', 'additionalProperties': True}}]}, {'coerceTypes': 'array'}, '[{"a": 1}]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': 'array'}, '{"a": ["5"]}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': 'array'}, '{"a": [["5"]]}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'array'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': 'array'}, '{"a": 5}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'array', 'items': {'type': 'string'}}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': 'array'}, '{"a": 5}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': 'yes'}, '{"a": "5"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': 0}, '{"a": "5"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': False}, '{"a": "5"}'),
  ({'anyOf': [{'type': 'string', 'minLength': 3}]}, {'coerceTypes': True}, '12'),
  ({'anyOf': [{'type': 'string', 'pattern': '^1'}]}, {'coerceTypes': True}, '12'),
  ({'anyOf': [{'type': 'object', 'properties': {'d': {'type': 'string', 'format': 'date'}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"d": 20}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'integer'}}, 'dependencies': {'a': ['b']}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "5"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'integer'}}, 'propertyNames': {'maxLength': 0}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "5"}'),
  ({'anyOf': [{'type': 'array', 'contains': {'type': 'number'}}, {'type': 'array'}]}, {'coerceTypes': True}, '["a", "5", "6"]'),
  ({'anyOf': [{'type': 'array', 'items': {'type': 'number'}, 'maxItems': 1}, {'type': 'array'}]}, {'coerceTypes': True}, '["5", "6"]'),
  ({'anyOf': [{'not': {'type': 'object', 'properties': {'a': {'type': 'number'}}}}, {'type': 'object', 'additionalProperties': True}]}, {'coerceTypes': True}, '{"a": "5"}'),
  ({'type': 'object', 'properties': {'a': {'anyOf': [{'type': 'integer'}]}}}, {'coerceTypes': True}, '{"a": "5.5"}'),
  ({'type': 'array', 'items': {'anyOf': [{'type': 'object', 'properties': {'v': {'type': 'string'}}}, {'type': 'number'}]}}, {'coerceTypes': True}, '[{"v": 1}, "7", 3]'),
]

if len(sys.argv) == 3 and sys.argv[1] == "--from-gen":
    random.seed(int(sys.argv[2]))
    for line in sys.stdin:
        c = json.loads(line)
        if not any(k in json.dumps(c["schema"]) for k in ('"anyOf"', '"oneOf"', '"if"')):
            continue
        options = dict(c.get("options") or {})
        options["ajv"] = dict(options.get("ajv") or {}, coerceTypes=random.choice([True, "array"]))
        print(json.dumps({"id": "coerce:" + c["id"], "schema": c["schema"], "options": options, "input": c["input"]}))
else:
    for n, (schema, ajv, text) in enumerate(cases):
        print(json.dumps({"id": f"coerce:probe-{n}", "schema": schema, "options": {"ajv": ajv}, "input": text}))
