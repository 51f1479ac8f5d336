# Cases for issue 39's ajv.formats: fjs hands its `ajv` options to Ajv, whose `formats` option
# adds a format per member (a string is `new RegExp(source)`, no flags; `true` a format every
# value passes; a falsy value nothing), before ajv-formats adds its own over them. Ajv builds
# them when fjs creates its validator (a schema with anyOf/oneOf/if): an invalid source fails
# the build then. Inputs only; results from oracle.js (README.md here):
#   python3 tests/conformance/custom_format_cases.py | node ../shared/conformance/oracle.js --lib DIR \
#     > tests/conformance/custom-formats.jsonl
import json

from case_lines import print_cases

raw = []


def c(schema, formats, inputs, **ajv):
    for data in inputs:
        raw.append((schema, {"ajv": {"formats": formats, **ajv}}, json.dumps(data)))


def any_of(fmt, other="number"):
    return {"anyOf": [{"type": "string", "format": fmt}, {"type": other}]}


# A regex source: Ajv tests strings with it (unanchored unless anchored), numbers pass.
c(any_of("even"), {"even": "^[02468]+$"}, ["2468", "1", "", 7])
c(any_of("even", "boolean"), {"even": "^[02468]+$"}, [7, "22", "a"])
c(any_of("has2"), {"has2": "[2]"}, ["a2b", "ab"])
c({"oneOf": [{"type": "string", "format": "even"}, {"type": "string", "maxLength": 2}]}, {"even": "^[02468]+$"},
  ["24", "2468", "13", "135"])
c({"if": {"type": "string", "format": "even"}, "then": {"type": "string", "const": "2"}, "else": {"type": "string"}},
  {"even": "^[02468]+$"}, ["2", "4", "5"])
c({"type": "object", "properties": {"a": any_of("even")}}, {"even": "^[02468]+$"}, [{"a": "2"}, {"a": "3"}, {}])
# No flags: `.` is one UTF-16 unit, \p is p, no case folding.
c(any_of("one"), {"one": "^.$"}, ["a", "é", "😀"])
c(any_of("letter"), {"letter": "^\\p{L}$"}, ["p{L}", "a"])
c(any_of("upper"), {"upper": "^[A-Z]+$"}, ["ABC", "abc"])
c(any_of("dig"), {"dig": "^\\d{3}$"}, ["123", "12"])
# true: known, every value passes; falsy: unknown, ignored (fjs logs a warning).
c(any_of("any"), {"any": True}, ["x", 1])
for falsy in (False, None, 0, ""):
    c(any_of("f"), {"f": falsy}, ["x", 1])
# ajv-formats' formats replace a custom one of the same name.
c(any_of("date"), {"date": "^x$"}, ["x", "2020-01-01"])
c(any_of("uuid"), {"uuid": "^x$"}, ["x"])
# Names that are not identifiers; several formats.
c(any_of("a b"), {"a b": "^a", "c-d": "^c"}, ["ab", "b"])
c({"anyOf": [{"type": "string", "format": "c-d"}, {"type": "string", "format": "a b"}]},
  {"a b": "^a", "c-d": "^c"}, ["ab", "cd", "x"])
# formats as an array or a string: for...in reads indexes.
c(any_of("0"), ["^1$"], ["1", "2"])
c(any_of("1"), "ab", ["b", "a"])
# An invalid source: a build error when fjs builds a validator, nothing otherwise.
for bad in ("(", "a**", "[", ")", "a{2,1}", "[b-a]", "\\", "(?", "(?<a", "(?<a>)(?<a>)", "(?<a>)\\k<b>",
            "(?<=a)*", "(?<a>x)\\k", "(?i:a)", "a{1}{2}", "{1}", "(?<1a>x)", "a/(", "(?:"):
    c(any_of("f"), {"f": bad}, ["x"])
c({"type": "string", "format": "f"}, {"f": "("}, ["x"])
c(any_of("g"), {"f": "(", "g": "^x$"}, ["x"])
# Sources V8 accepts without the u flag.
for ok in ("\\k<a", "a{2,1", "\\c", "[\\d-z]", "(?=a)*", "a]", "\\u{110000}", "x{99999999999}"):
    c(any_of("f"), {"f": ok}, ["x"])
# strictSchema: an unknown format is an error; a custom one is known.
c(any_of("even"), {"even": "^2$"}, ["2", "3"], strictSchema=True)
c(any_of("odd"), {"even": "^2$"}, ["2"], strictSchema=True)
# validateFormats: false drops them.
c(any_of("even"), {"even": "^2$"}, ["3"], validateFormats=False)
# An object format: from JSON its validate cannot be a RegExp or function.
c(any_of("obj"), {"obj": {"type": "number", "validate": "^2$"}}, ["x"])

print_cases("custom-formats:", raw)
