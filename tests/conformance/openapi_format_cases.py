# Cases for issue 45's first item: the OpenAPI format names (int32, int64, float, double, byte,
# binary, password) inside anyOf / oneOf / if, where Ajv checks formats, as in GitHub's
# description (simple-user.id). Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/openapi_format_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/openapi-formats.jsonl
import json

from case_lines import print_cases

NUMBERS = [0, 5, -5, 5.0, 5.5, 2147483647, 2147483648, -2147483648, -2147483649, 9007199254740992, 1e300, -0.0]
OTHERS = ["5", "x", None, True, [1], {"a": 1}]
BYTES = ["", "QUJD", "QUI=", "QQ==", "QUJ", "Q===", "====", "QUJDRA==", "QU JD", "abc\n", "x\nQUJD", "QUJD\nx",
         "x\r\nz", "\nx", "x\u2028QUJD", "x\u2028y", "é123", "QUJD\n", "+/+/", "-_-_", "QUJD=", "QU=D"]

cases = []
for fmt in ["int32", "int64", "float", "double", "binary", "password", "byte"]:
    for typ in ["integer", "number", "string", None]:
        branch = {"format": fmt} if typ is None else {"type": typ, "format": fmt}
        schema = {"anyOf": [branch, {"type": "boolean"}]}
        values = BYTES if fmt == "byte" and typ in ("string", None) else NUMBERS + OTHERS
        for v in values:
            cases.append((schema, {}, json.dumps(v)))
# GitHub's simple-user: the id inside an anyOf with null.
user = {"type": "object", "properties": {"owner": {"anyOf": [
    {"type": "object", "properties": {"id": {"type": "integer", "format": "int64"}, "login": {"type": "string"}}},
    {"type": "null"}]}}}
for owner in [{"id": 1, "login": "octocat"}, {"id": 9007199254740991}, {"id": 1.5}, None, {"id": "7"}]:
    cases.append((user, {}, json.dumps({"owner": owner})))
for keyword in ["oneOf", "if"]:
    inner = {"type": "integer", "format": "int32"}
    schema = {"oneOf": [inner, {"type": "string"}]} if keyword == "oneOf" else \
        {"if": inner, "then": {"type": "integer"}, "else": {"type": "string"}}
    for v in [1, 2147483648, 1.5, "a"]:
        cases.append((schema, {}, json.dumps(v)))
# Ajv's coerceTypes converts first, then checks the format.
for v in ["12", "3000000000", "1.5", True]:
    cases.append(({"anyOf": [{"type": "integer", "format": "int32"}, {"type": "null"}]}, {"ajv": {"coerceTypes": True}},
                  json.dumps(v)))

print_cases("openapi-formats:", cases)
