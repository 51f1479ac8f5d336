# Cases for issue 39's "then/else that are a $ref": fjs's mergeLocations resolves each $ref
# before merging it with the node beside if/then/else, so the node's keywords come first and the
# target's own keywords (additionalProperties, type, nested if) take part. Discriminated
# responses as OpenAPI writes them: at the root, inside items, through external schemas
# (options.schema), chains of refs, refs with siblings, targets with their own if, and conflicts
# fjs refuses. Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/if_ref_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/if-refs.jsonl
import json

from case_lines import print_cases

STR = {"type": "string"}
INT = {"type": "integer"}


def obj(properties, **more):
    return {"type": "object", "properties": properties, **more}


def ref(name, **siblings):
    return {"$ref": f"#/definitions/{name}", **siblings}


def kind_is(value):
    return {"properties": {"kind": {"const": value}}}


# The two variants of a discriminated response; each repeats `kind` after its own field, so
# the merge order decides where `kind` is printed.
AB = obj({"v": STR, "kind": STR})
CD = obj({"n": INT, "kind": STR})
DEFS = {"AB": AB, "CD": CD}
BASE = {"properties": {"kind": STR}, "required": ["kind"]}


def disc(then=None, otherwise=None, if_=None, **more):
    """A discriminated object: kind "ab" takes `then`, anything else `else`."""
    s = {"type": "object", **BASE, "if": if_ or kind_is("ab")}
    if then is not None:
        s["then"] = then
    if otherwise is not None:
        s["else"] = otherwise
    return {**s, **more}


AB_DATA = {"kind": "ab", "v": "x", "n": 1.5, "extra": True}
CD_DATA = {"kind": "cd", "v": "x", "n": 1.5, "extra": True}
BOTH = [AB_DATA, CD_DATA]

raw = []


def c(schema, inputs, options=None):
    for data in inputs:
        raw.append((schema, options or {}, json.dumps(data)))


# then/else as $ref at the root, each branch taken; then alone, else alone.
c(disc(ref("AB"), ref("CD"), definitions=DEFS), BOTH + [{"kind": "ab"}, {"kind": 5, "n": 2}])
c(disc(ref("AB"), definitions=DEFS), BOTH)
c(disc(otherwise=ref("CD"), definitions=DEFS), BOTH)
c(disc(ref("AB"), {"properties": {"n": INT}}, definitions=DEFS), BOTH)
# The same target on both sides, and the same target from two nodes.
c(disc(ref("AB"), ref("AB"), definitions=DEFS), BOTH)
c(obj({"a": disc(ref("AB"), ref("CD")), "b": disc(ref("CD"), ref("AB"))}, definitions=DEFS),
  [{"a": AB_DATA, "b": AB_DATA}, {"a": CD_DATA, "b": CD_DATA}])
# additionalProperties: false in the target drops the node's other properties.
STRICT = {"AB": obj({"v": STR}, additionalProperties=False), "CD": obj({"n": INT, "kind": STR}, additionalProperties=False)}
c(disc(ref("AB"), ref("CD"), definitions=STRICT), BOTH)
c(disc(ref("AB"), ref("CD"), definitions={**STRICT, "AB": obj({"v": STR}, additionalProperties=INT)}),
  [{"kind": "ab", "v": "x", "z": 2.5}])
# The target's required and type keywords.
c(disc(ref("AB"), ref("CD"), definitions={**DEFS, "AB": obj({"v": STR}, required=["v"])}), [AB_DATA, {"kind": "ab"}])
c(disc(ref("AB"), ref("CD"), definitions={**DEFS, "CD": {"properties": {"n": INT}}}), BOTH)
# Conflicting types: fjs refuses to build.
c(disc(ref("AB"), ref("S"), definitions={**DEFS, "S": STR}), BOTH)
c(disc(ref("S"), definitions={"S": {"type": "array"}}), BOTH)
c(disc(ref("AB"), ref("CD"), definitions={**DEFS, "CD": obj({"kind": INT})}), BOTH)
c(disc(ref("AB"), ref("CD"), definitions={**DEFS, "CD": obj({"kind": {"const": "cd"}})}), BOTH)
# Inside items.
c({"type": "array", "items": disc(ref("AB"), ref("CD")), "definitions": DEFS}, [BOTH, [], [CD_DATA, AB_DATA, AB_DATA]])
c({"type": "array", "items": ref("R"), "definitions": {**DEFS, "R": disc(ref("AB"), ref("CD"))}}, [BOTH])
c(obj({"data": {"type": "array", "items": disc(ref("AB"), ref("CD"))}}, definitions=STRICT), [{"data": BOTH}])
c({"type": "array", "items": [disc(ref("AB"), ref("CD")), STR], "definitions": DEFS}, [[AB_DATA, "s"], [CD_DATA]])
# Through external schemas (options.schema).
EXT = {"ext": {"$id": "ext", "definitions": DEFS}}
c(disc({"$ref": "ext#/definitions/AB"}, {"$ref": "ext#/definitions/CD"}), BOTH, {"schema": EXT})
c({"type": "array", "items": {"$ref": "resp#"}}, [BOTH],
  {"schema": {"resp": {"$id": "resp", **disc({"$ref": "#/definitions/AB"}, {"$ref": "#/definitions/CD"}), "definitions": DEFS}}})
# The target's local $refs resolve in the external schema it was written in.
EXT_LOCAL = {"ext": {"$id": "ext", "definitions": {
    "AB": obj({"v": {"$ref": "#/definitions/V"}, "kind": STR}), "V": INT, "CD": obj({"n": {"$ref": "#/definitions/V"}})}}}
c(disc({"$ref": "ext#/definitions/AB"}, {"$ref": "ext#/definitions/CD"}, definitions={"V": STR}),
  [{"kind": "ab", "v": 2.5}, {"kind": "cd", "n": 2.5}], {"schema": EXT_LOCAL})
c(disc({"$ref": "ext#/definitions/AB"}, {"$ref": "ext#/definitions/S"}), BOTH,
  {"schema": {"ext": {"$id": "ext", "definitions": {**DEFS, "S": {"type": "number"}}}}})
# Chains of refs.
CHAIN = {**DEFS, "A1": ref("A2"), "A2": ref("AB"), "C1": {"$ref": "ext#/definitions/CD"}}
c(disc(ref("A1"), ref("C1"), definitions=CHAIN), BOTH, {"schema": EXT})
c(disc(ref("A1"), ref("S1"), definitions={**CHAIN, "S1": ref("S2"), "S2": STR}), BOTH, {"schema": EXT})
c(disc(ref("A1"), ref("A1"), definitions=CHAIN), BOTH, {"schema": EXT})
# Refs with sibling keywords: merged with the target, and dropped when they conflict with it.
c(disc(ref("AB", properties={"w": INT}), ref("CD", required=["n"]), definitions=DEFS), BOTH + [{"kind": "cd"}])
c(disc(ref("AB", additionalProperties=False), ref("CD"), definitions=DEFS), BOTH)
c(disc(ref("AB", type="string"), ref("CD"), definitions=DEFS), BOTH)
c(disc(ref("A1", properties={"w": INT}), ref("CD"), definitions=CHAIN), [{**AB_DATA, "w": 2.5}], {"schema": EXT})
# Targets with their own if.
NESTED = {**DEFS, "AB": {**obj({"v": STR, "kind": STR}), "if": {"required": ["n"]}, "then": ref("N"), "else": {"properties": {"z": STR}}},
          "N": obj({"n": INT}, additionalProperties=False)}
c(disc(ref("AB"), ref("CD"), definitions=NESTED), BOTH + [{"kind": "ab", "z": 1}, {"kind": "ab", "v": "y", "n": 3}])
c(disc(ref("AB"), definitions={"AB": disc(ref("X"), ref("Y"), if_={"properties": {"v": STR}}),
                                "X": obj({"v": STR}), "Y": obj({"n": INT})}), BOTH + [{"kind": "ab", "v": 5, "n": 2.5}])
c(disc(ref("AB"), ref("CD"), definitions={**DEFS, "CD": {"if": kind_is("cd"), "then": ref("AB"), "else": {"type": "string"}}}), BOTH)
# The `if` as a $ref, and the node itself a $ref with the if beside it.
c(disc(ref("AB"), ref("CD"), if_=ref("IsAB"), definitions={**DEFS, "IsAB": kind_is("ab")}), BOTH)
c(obj({"r": ref("R")}, definitions={**DEFS, "R": disc(ref("AB"), ref("CD"))}), [{"r": AB_DATA}, {"r": CD_DATA}])
c(obj({"r": {"$ref": "#/definitions/B", "if": kind_is("ab"), "then": ref("AB"), "else": ref("CD")}},
      definitions={**DEFS, "B": {"type": "object", **BASE}}), [{"r": AB_DATA}, {"r": CD_DATA}])
# Refs beside allOf/anyOf in the node.
c(disc(ref("AB"), ref("CD"), allOf=[{"properties": {"w": STR}}], definitions=DEFS), BOTH)
c({"anyOf": [disc(ref("AB"), ref("CD")), STR], "definitions": DEFS}, BOTH + ["s"])
c(disc(ref("AB"), ref("CD"), definitions={**DEFS, "CD": {"anyOf": [obj({"n": STR}), STR]}}), BOTH)
# A missing target.
c(disc(ref("Missing"), ref("CD"), definitions=DEFS), BOTH)

print_cases("if-refs:", raw)
