# What the case-writing scripts of this folder share: printing their hand-written cases as
# JSON Lines, and turning gen.js cases into cases under Ajv options (README.md here).
import json
import random
import sys


def print_cases(prefix, cases):
    """Each (schema, options, input as JSON text) as a case with the id <prefix><n>."""
    for n, (schema, options, text) in enumerate(cases):
        print(json.dumps({"id": f"{prefix}{n}", "schema": schema, "options": options, "input": text}))


def print_gen_cases(prefix, seed, modes, lines=sys.stdin):
    """gen.js cases (JSON Lines) with an anyOf/oneOf/if, each given, for every (name, values) of
    `modes`, ajv option `name` drawn from `values` with SEED (None: left out); ids <prefix><id>."""
    random.seed(seed)
    for line in lines:
        c = json.loads(line)
        if not any(k in json.dumps(c["schema"]) for k in ('"anyOf"', '"oneOf"', '"if"')):
            continue
        options = dict(c.get("options") or {})
        ajv = dict(options.get("ajv") or {})
        for name, values in modes:
            value = random.choice(values)
            if value is not None:
                ajv[name] = value
        options["ajv"] = ajv or {"useDefaults": True}  # a case under no option at all would test nothing new
        print(json.dumps({"id": prefix + c["id"], "schema": c["schema"], "options": options, "input": c["input"]}))


def main(prefix, cases, gen_prefix=None, modes=()):
    """The script's hand-written cases, or with --from-gen SEED the gen.js cases on stdin."""
    if len(sys.argv) == 3 and sys.argv[1] == "--from-gen":
        print_gen_cases(gen_prefix, int(sys.argv[2]), modes)
    else:
        print_cases(prefix, cases)
