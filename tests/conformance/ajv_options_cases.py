# Writes the inputs of tests/conformance/ajv-options.jsonl: anyOf/oneOf/if validated under the
# other Ajv options fjs passes on (ajv: {...}): useDefaults and removeAdditional, which write
# into the data that fjs then prints (in which order, inside composite rules, holes, __proto__),
# validateFormats, unicodeRegExp, multipleOfPrecision, discriminator; and merges of a
# dependencies schema, which fjs's merge cannot iterate. With --from-gen SEED it reads gen.js
# cases on stdin instead and keeps those with an anyOf/oneOf/if, each given a random mix of
# coerceTypes, useDefaults and removeAdditional (drawn from SEED). oracle.js fills in what
# fast-json-stringify 7.3.6 does. See README.md in this folder.
import json
import random
import sys

cases = [  # (schema, options, input as JSON text)
  ({'anyOf': [{'type': 'string', 'format': 'date'}, {'type': 'number'}]}, {'ajv': {'validateFormats': False}}, '"nope"'),
  ({'anyOf': [{'type': 'string', 'format': 'date'}, {'type': 'number'}]}, {'ajv': {}}, '"nope"'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': 'empty'}}, '{"a": ""}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': False, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'all'}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': {'type': 'string'}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'failing'}}, '{"a": 1, "b": 2, "c": "x"}'),
  ({'anyOf': [{'type': 'number', 'multipleOf': 0.01}, {'type': 'string'}]}, {'ajv': {'multipleOfPrecision': 2}}, '0.071'),
  ({'anyOf': [{'type': 'number', 'multipleOf': 0.1}, {'type': 'string'}]}, {'ajv': {}}, '0.3'),
  ({'anyOf': [{'type': 'number', 'multipleOf': 0.1}, {'type': 'string'}]}, {'ajv': {'multipleOfPrecision': 5}}, '0.3'),
  ({'anyOf': [{'type': 'number'}, {'type': 'string'}]}, {'ajv': {'strictNumbers': False}}, '1'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}, 'b': {'type': 'number', 'maximum': {'$data': '1/a'}}}}, {'type': 'string'}]}, {'ajv': {'$data': True}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'number'}, 'b': {'type': 'number', 'maximum': {'$data': '1/a'}}}}, {'type': 'string'}]}, {'ajv': {}}, '{"a": 1, "b": 2}'),
  ({'oneOf': [{'type': 'object', 'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'type': 'object', 'properties': {'k': {'const': 'b'}}}], 'discriminator': {'propertyName': 'k'}}, {'ajv': {'discriminator': True}}, '{"k": "a", "x": 1}'),
  ({'anyOf': [{'type': 'string', 'pattern': '^\\p{L}+$'}, {'type': 'number'}]}, {'ajv': {'unicodeRegExp': False}}, '"abc"'),
  ({'anyOf': [{'type': 'number'}, {'type': 'string'}]}, {'ajv': {'allErrors': True}}, '"x"'),
  ({'anyOf': [{'type': 'number'}, {'type': 'string'}]}, {'ajv': {'coerceTypes': 'yes'}}, '"x"'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{"a": null}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': 'empty'}}, '{"a": null}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': 'empty'}}, '{"a": ""}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': {'x': [1, 2]}}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}, 'b': {'default': 'q'}}, 'required': ['a']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'minProperties': 3}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{"b": 1}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'maxProperties': 0}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'o': {'type': 'object', 'properties': {'d': {'default': 1}}}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{"o": {}}'),
  ({'anyOf': [{'type': 'object', 'anyOf': [{'properties': {'a': {'default': 5}}}], 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'allOf': [{'properties': {'a': {'default': 5}}}], 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'not': {'properties': {'a': {'default': 5}}, 'required': ['q']}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'array', 'items': [{'default': 1}, {'default': 2}], 'minItems': 5}, {'type': 'array'}]}, {'ajv': {'useDefaults': True}}, '[]'),
  ({'anyOf': [{'type': 'array', 'items': [{}, {'default': 2}], 'minItems': 5}, {'type': 'array'}]}, {'ajv': {'useDefaults': True}}, '[]'),
  ({'anyOf': [{'type': 'array', 'items': [{'default': 1}, {'default': 2}], 'minItems': 5}, {'type': 'array'}]}, {'ajv': {'useDefaults': 'empty'}}, '[null, ""]'),
  ({'if': {'type': 'object', 'properties': {'a': {'default': 1}}}, 'then': {'type': 'object', 'additionalProperties': True}, 'else': {'type': 'object', 'additionalProperties': True}}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'if': {'type': 'object', 'properties': {'a': {'default': 1}}}, 'then': {'type': 'object', 'properties': {'a': {}}}}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'type': 'object', 'properties': {'a': {'anyOf': [{'type': 'object', 'properties': {'x': {'default': 0}}, 'required': ['y']}, {'type': 'object', 'additionalProperties': True}]}}}, {'ajv': {'useDefaults': True}}, '{"a": {}}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': 'shared'}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': False}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': False, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': False, 'minProperties': 5}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'null'}}, 'additionalProperties': False}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': {'type': 'string'}}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b": 2, "c": "x"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': {'type': 'string'}}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'failing'}}, '{"a": 1, "b": 2, "c": "x"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': {'type': 'string'}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'failing'}}, '{"a": 1, "b": 2, "c": "x"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': False, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'failing'}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'all'}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': True, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': 'all'}}, '{"a": 1, "b": 2}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'patternProperties': {'^b': {}}, 'additionalProperties': False}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b1": 2, "c": 3}'),
  ({'anyOf': [{'type': 'object', 'patternProperties': {'^b': {'type': 'string'}}, 'additionalProperties': False}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"a": 1, "b1": 2, "c": 3}'),
  ({'anyOf': [{'type': 'object', 'properties': {'o': {'type': 'object', 'additionalProperties': False}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'removeAdditional': True}}, '{"o": {"x": 1}, "p": 2}'),
  ({'anyOf': [{'type': 'object', 'additionalProperties': False}, {'type': 'string'}]}, {'ajv': {'removeAdditional': True}}, '{"x": 1}'),
  ({'type': 'object', 'properties': {'a': {'anyOf': [{'type': 'object', 'additionalProperties': False, 'required': ['q']}, {'type': 'object', 'additionalProperties': True}]}}}, {'ajv': {'removeAdditional': True}}, '{"a": {"x": 1}}'),
  ({'type': 'array', 'items': {'anyOf': [{'type': 'object', 'properties': {'k': {}}, 'additionalProperties': False, 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}}, {'ajv': {'removeAdditional': True}}, '[{"k": 1, "z": 2}, {"z": 3}]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 1}}, 'additionalProperties': False, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True, 'removeAdditional': True, 'coerceTypes': True}}, '{"b": "2"}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': '1', 'type': 'integer'}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True, 'coerceTypes': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'__proto__': {'default': 1}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'properties': {'1': {'default': 1}, 'a': {'default': 2}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{"b": 0}'),
  ({'anyOf': [{'type': 'object', 'dependencies': {'a': {'properties': {'d': {'default': 7}}}}, 'required': ['zz']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{"a": 1}'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'default': 5}, 'b': {'type': 'string'}}}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'useDefaults': True}}, '{"b": 1}'),
  ({'anyOf': [{'type': 'object', 'dependencies': {'a': {'required': ['b']}}}, {'type': 'object', 'additionalProperties': True}]}, {}, '{"a": 1}'),
  ({'anyOf': [{'type': 'object', 'dependencies': {'a': True}}, {'type': 'object', 'additionalProperties': True}]}, {}, '{"a": 1}'),
  ({'anyOf': [{'type': 'object', 'dependencies': {'a': ['b']}}, {'type': 'object', 'additionalProperties': True}]}, {}, '{"a": 1}'),
  ({'allOf': [{'type': 'object', 'dependencies': {'a': {'required': ['b']}}}]}, {}, '{"a": 1}'),
  ({'type': 'object', 'dependencies': {'a': {'required': ['b']}}, 'allOf': [{'properties': {'x': {}}}]}, {}, '{"a": 1}'),
  ({'type': 'object', 'dependencies': {'a': {'required': ['b']}}}, {}, '{"a": 1}'),
  ({'type': 'object', 'properties': {'p': {'type': 'object', 'dependencies': {'a': {'required': ['b']}}}}, 'anyOf': [{'required': ['p']}]}, {}, '{"p": {"a": 1}}'),
  ({'if': {'type': 'object', 'dependencies': {'a': {}}}, 'then': {'type': 'object', 'additionalProperties': True}}, {}, '{"a": 1}'),
  ({'type': 'object', 'dependencies': {'a': {}}, 'if': {'required': ['a']}, 'then': {'type': 'object', 'additionalProperties': True}}, {}, '{"a": 1}'),
  ({'$ref': '#/definitions/d', 'dependencies': {'a': {}}, 'definitions': {'d': {'type': 'object'}}}, {}, '{"a": 1}'),
  ({'type': 'object', 'dependencies': {'a': {}}, '$ref': '#/definitions/d', 'definitions': {'d': {'type': 'object', 'dependencies': {'b': ['c']}}}}, {}, '{"a": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a", "x": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a", "x": "s"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "b", "y": "s"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "c", "y": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "z"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a", "x": 1, "y": "t"}'),
  ({'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'ajv': {'discriminator': True}}, '{"k": "a", "x": 1}'),
  ({'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'ajv': {'discriminator': True}}, '{"k": "q"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 5}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k', 'mapping': {}}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'j': {'const': 'a'}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'type': 'string'}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}, {'properties': {'k': {'enum': ['a']}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 1}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'required': ['k'], 'properties': {'k': {'const': 'a'}}}, {'$ref': '#/definitions/b'}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "b"}'),
  ({'definitions': {'b': {'required': ['k'], 'properties': {'k': {'const': 'b'}}}}, 'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'required': ['k'], 'properties': {'k': {'const': 'a'}}}, {'$ref': '#/definitions/b'}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "b", "z": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'a'}, 'x': {'type': 'number'}}}, {'properties': {'k': {'enum': ['b', 'c']}, 'y': {'type': 'string'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {}}, '{"k": "a", "x": 1}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True, 'strictSchema': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': ''}}}, {'properties': {'k': {'const': 'b'}}}], 'required': ['k']}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": ""}'),
  ({'type': 'object', 'properties': {'p': {'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}]}}}, {'ajv': {'discriminator': True}}, '{"p": {"k": "a"}}'),
  ({'anyOf': [{'type': 'object', 'discriminator': 'k', 'oneOf': [{'properties': {'k': {'const': 'a'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'definitions': {'d': {'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}]}}, 'anyOf': [{'type': 'object'}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'definitions': {'d': {'type': 'object', 'discriminator': {'propertyName': 'k'}, 'oneOf': [{'properties': {'k': {'const': 'a'}}}]}}, 'anyOf': [{'$ref': '#/definitions/d'}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "a"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'const': 'toString'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "toString"}'),
  ({'anyOf': [{'type': 'object', 'discriminator': {'propertyName': 'k'}, 'required': ['k'], 'oneOf': [{'properties': {'k': {'enum': ['a', 'b']}}}, {'properties': {'k': {'const': 'c'}}}]}, {'type': 'object', 'additionalProperties': True}]}, {'ajv': {'discriminator': True}}, '{"k": "c", "z": 1}'),
  ({'anyOf': [{'type': 'array', 'items': [{}, {'default': 2}], 'minItems': 9}, {'type': 'array'}]}, {'ajv': {'coerceTypes': 'array', 'useDefaults': True}}, '[{"a": 1}]'),
  ({'anyOf': [{'type': ['array', 'object'], 'items': [{}, {'default': 2}], 'properties': {'a': {'type': 'string'}}, 'minItems': 9}, {'type': 'array'}]}, {'ajv': {'coerceTypes': 'array', 'useDefaults': True}}, '[{"a": 1}]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}, 'd': {'default': 1}}, 'required': ['zz']}, {'type': 'array'}]}, {'ajv': {'coerceTypes': 'array', 'useDefaults': True}}, '[{"a": 1}]'),
  ({'anyOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}, 'd': {'default': 1}}, 'maxProperties': 0}, {'type': 'array'}]}, {'ajv': {'coerceTypes': 'array', 'useDefaults': True}}, '[{"a": 1}]'),
]

if len(sys.argv) == 3 and sys.argv[1] == "--from-gen":
    random.seed(int(sys.argv[2]))
    modes = (("coerceTypes", [None, True, "array"]), ("useDefaults", [None, True, "empty"]),
             ("removeAdditional", [None, True, "all", "failing"]))
    for line in sys.stdin:
        c = json.loads(line)
        if not any(k in json.dumps(c["schema"]) for k in ('"anyOf"', '"oneOf"', '"if"')):
            continue
        options = dict(c.get("options") or {})
        ajv = dict(options.get("ajv") or {})
        for name, values in modes:
            value = random.choice(values)
            if value is not None:
                ajv[name] = value
        options["ajv"] = ajv or {"useDefaults": True}
        print(json.dumps({"id": "ajv:" + c["id"], "schema": c["schema"], "options": options, "input": c["input"]}))
else:
    for n, (schema, options, text) in enumerate(cases):
        print(json.dumps({"id": f"ajv:probe-{n}", "schema": schema, "options": options, "input": text}))
