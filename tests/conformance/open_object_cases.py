# Cases for issue 41's open objects: JavaScript's member order (index keys first, ascending,
# then insertion order; a repeated name keeps its first position and its last value) on objects
# small and large, index keys anywhere, names repeated among both kinds; many such objects in
# one call (the order's memory, runtime/call_state.h CallArena); and anchored patterns whose
# first character decides without a search (SimpleRegex::first_bytes): empty keys, non-ASCII
# first characters, classes, negations, patterns that match "". Inputs only; results from
# oracle.js (README.md here):
#   python3 tests/conformance/open_object_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/open-objects.jsonl
import json

from case_lines import print_cases

OPEN = {"type": "object", "additionalProperties": True}


def members(pairs):
    """An object's JSON text from (name, value) pairs, repeated names kept."""
    return "{" + ",".join(json.dumps(k) + ":" + json.dumps(v) for k, v in pairs) + "}"


cases = []
small_orders = [
    [("b", 1), ("a", 2)],
    [("2", 1), ("1", 2)],
    [("a", 1), ("0", 2)],
    [("1", 1), ("1", 2)],
    [("a", 1), ("1", 2), ("a", 3)],
    [("10", 1), ("9", 2), ("09", 3), ("x", 4), ("4294967294", 5), ("4294967295", 6)],
    [("", 1), ("0", 2), ("", 3)],
    [("-1", 1), ("1.5", 2), ("1e3", 3), ("3", 4)],
]
for pairs in small_orders:
    cases.append((OPEN, {}, members(pairs)))
# Past the pairwise compare (8 names) and the hash table's 16 slots: index keys interleaved
# with names, some repeated.
names = [f"k{i}" for i in range(40)]
large = []
for i, name in enumerate(names):
    large.append((name, i))
    if i % 5 == 2:
        large.append((str(97 - i), i))
cases.append((OPEN, {}, members(large)))
cases.append((OPEN, {}, members(large + [("k3", "again"), ("92", "again")])))
cases.append((OPEN, {}, members([(str(i), i) for i in range(30, 0, -1)])))
cases.append((OPEN, {}, members([("same-length-%02d" % i, i) for i in range(24)] + [("same-length-07", "last")])))
# A thousand reordered objects in one call, through properties and a schema for the rest.
rows = [members([("name", f"n{i}"), ("tag", i % 3), (str(i % 17), i), ("x", True), (str(i % 5), -i), ("id", i)])
        for i in range(1000)]
row_schema = {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}},
              "additionalProperties": {"type": ["integer", "boolean"]}}
cases.append(({"type": "array", "items": row_schema}, {}, "[" + ",".join(rows) + "]"))
# Anchored patterns and the keys their first character decides.
keys = ["", "x", "x-a", "X-a", "y-a", "é", "éa", "\u00a0x", " x", "\n", "\u2028", "a", "5", "05", "42", "\U0001F600"]
for pattern in [r"^x-[a-z]+$", r"^[0-9]+$", r"^é", r"^[^a]", r"^.", r"^\s", r"^\S+$", r"^$", r"^a*$", r"^x?-",
                r"^[a-z]{0,2}$", r"^\d", r"^\D", r"^[\u00e0-\u00ff]", r"^\u{1F600}"]:
    schema = {"type": "object", "properties": {"a": {"type": "string"}},
              "patternProperties": {pattern: {"type": "string"}}, "additionalProperties": False}
    cases.append((schema, {}, json.dumps({k: 7 for k in keys})))
print_cases("open-objects:", cases)
