# Cases for issue 30's "option values as fjs reads them": every fast-json-stringify option that
# takes a value, given one of each JSON type (and the strings JavaScript reads specially:
# white space before digits, digits beyond 2^53, exponents), on a schema where the option
# changes the output. Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/option_value_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/option-values.jsonl
from case_lines import print_cases

# One value of each JSON type, and the strings JavaScript's parseInt and Set lookups read
# differently from a C reader.
VALUES = ["", "default", "json-stringify", "native", "trunc", "floor", "ceil", "round", " 2", "\r2", "\u00a02",
          "\u20282", "\ufeff2", "\u30002", "\t-1", "2abc", "+2", "0x10", "99999999999999999999", "1e21", "abc",
          0, 1, 2, 2.5, -1, 1e21, 9.3e18, True, False, None, [], [2], ["default"], ["json-stringify"], {},
          {"a": 1}]

INTEGERS = {"type": "array", "items": {"type": "integer"}}
DATA = "[1, 2.5, 3, -1.5]"

cases = []
for v in VALUES:
    cases.append((INTEGERS, {"rounding": v}, DATA))
    cases.append((INTEGERS, {"largeArrayMechanism": v, "largeArraySize": 2}, DATA))
    cases.append((INTEGERS, {"largeArrayMechanism": "json-stringify", "largeArraySize": v}, DATA))
    cases.append(({"type": "object", "properties": {"a": INTEGERS}}, {"objectMechanism": v}, '{"a": [2.5]}'))
    cases.append((INTEGERS, {"maxDepth": v}, DATA))

# External schemas ("schema"): of every JSON type, and with $ids already registered (fjs skips
# a schema whose id it has, the root's included).
REF = {"type": "object", "properties": {"a": {"$ref": "ext#/definitions/n"}}}
EXT = {"$id": "ext", "definitions": {"n": {"type": "integer"}}}
for v in VALUES + [{"ext": EXT}, [EXT], {"x": EXT, "y": {"$id": "ext", "definitions": {"n": {"type": "string"}}}},
                   {"ext": EXT, "other": {"$id": "ext"}}, {"ext": {"definitions": {"n": {"type": "string"}}}, "x": EXT},
                   {"ext": "not a schema"}, {"ext": [1]}, {"ext": None}, {"ext": 5}]:
    cases.append((REF, {"schema": v}, '{"a": 2.5}'))
cases.append(({"$id": "root", "type": "object", "properties": {"a": {"$ref": "root#/definitions/n"}},
               "definitions": {"n": {"type": "integer"}}},
              {"schema": {"root": {"$id": "root", "definitions": {"n": {"type": "string"}}}}}, '{"a": 2.5}'))
# The root schema is checked before the option's schemas: its error comes first.
cases.append(({"type": 5}, {"schema": "abc"}, "1"))
print_cases("option-values:", cases)
