#!/usr/bin/env python3
"""Merges sj_bench's Google Benchmark JSON with node_bench.js's JSON Lines (optional) into one
Markdown table: per case, the time per call of RapidJSON's Writer, schemajit, yyjson and the
other C++ peers that ran, fast-json-stringify and JSON.stringify, and schemajit's speed-up over
RapidJSON, yyjson and fast-json-stringify (their time / schemajit's: above 1 is faster).
Then, for the cases with text rows, text to text: serialize_json against yyjson's read + write,
RapidJSON's Parse + Writer and fast-json-stringify of JSON.parse.

  build/bench/sj_bench --benchmark_filter='^(fjs|documents|seed)/' --benchmark_format=json > cpp.json
  node bench/node_bench.js --lib /path/with/node_modules > node.jsonl
  python3 bench/compare_table.py cpp.json [node.jsonl]

With repetitions, the median of each benchmark is used. seed/ rows call schemajit "after"
(the calibrated cutoffs); that is the column they fill."""
import json
import sys

UNIT = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
CPP = ["native", "schemajit", "interp", "yyjson", "simdjson", "boost_json", "nlohmann"]
ALIAS = {"after": "schemajit"}
TITLE = {"native": "RapidJSON", "schemajit": "schemajit", "interp": "interpreted", "yyjson": "yyjson", "simdjson": "simdjson",
         "boost_json": "Boost.JSON", "nlohmann": "nlohmann", "fjs": "fjs (Node)", "json_stringify": "JSON.stringify"}
VERSUS = [("native", "RapidJSON"), ("yyjson", "yyjson"), ("fjs", "fjs")]
# Text to text: sj_bench's text_* rows and node_bench.js's text_fjs_ns.
TEXT = ["text_schemajit", "text_yyjson", "text_rapidjson", "text_fjs"]
TEXT_TITLE = {"text_schemajit": "schemajit serialize_json", "text_yyjson": "yyjson read + write",
              "text_rapidjson": "RapidJSON Parse + Writer", "text_fjs": "fjs(JSON.parse) (Node)"}


def cpp_rows(path):
    rows = {}
    for r in json.load(open(path))["benchmarks"]:
        if r.get("run_type") == "aggregate" and r.get("aggregate_name") != "median":
            continue
        case, who = r.get("run_name", r["name"]).rsplit("/", 1)
        who = ALIAS.get(who, who)
        if (who in CPP or who in TEXT) and (r.get("run_type") == "aggregate" or who not in rows.get(case, {})):
            rows.setdefault(case, {})[who] = r["real_time"] * UNIT[r.get("time_unit", "ns")]
    return rows


def fmt(ns):
    return f"{ns / 1e3:,.1f} µs" if ns >= 1e4 else f"{ns:,.0f} ns"


def main(cpp_path, node_path=None):
    rows = cpp_rows(cpp_path)
    if node_path:
        for line in open(node_path):
            if line.strip():
                n = json.loads(line)
                rows.setdefault(n["name"], {}).update(fjs=n["fjs_ns"], json_stringify=n["json_stringify_ns"])
                if "text_fjs_ns" in n:
                    rows[n["name"]]["text_fjs"] = n["text_fjs_ns"]
    cols = [c for c in CPP + ["fjs", "json_stringify"] if any(c in r for r in rows.values())]
    versus = [(c, t) for c, t in VERSUS if any(c in r for r in rows.values())]
    print("| case | " + " | ".join(TITLE[c] for c in cols) + " | " + " | ".join(f"vs {t}" for _, t in versus) + " |")
    print("|---|" + "---:|" * (len(cols) + len(versus)))
    for case, r in rows.items():
        if "schemajit" not in r:
            continue
        cells = [fmt(r[c]) if c in r else "" for c in cols]
        vs = [f"{r[o] / r['schemajit']:.2f}×" if o in r else "" for o, _ in versus]
        print(f"| {case} | " + " | ".join(cells + vs) + " |")
    text_table(rows)


def text_table(rows):
    text_rows = {case: r for case, r in rows.items() if "text_schemajit" in r}
    if not text_rows:
        return
    cols = [c for c in TEXT if any(c in r for r in text_rows.values())]
    print("\n| text to text | " + " | ".join(TEXT_TITLE[c] for c in cols) + " | " +
          " | ".join(f"vs {TEXT_TITLE[c]}" for c in cols[1:]) + " |")
    print("|---|" + "---:|" * (2 * len(cols) - 1))
    for case, r in text_rows.items():
        cells = [fmt(r[c]) if c in r else "" for c in cols]
        vs = [f"{r[c] / r['text_schemajit']:.2f}×" if c in r else "" for c in cols[1:]]
        print(f"| {case} | " + " | ".join(cells + vs) + " |")


if __name__ == "__main__":
    main(*sys.argv[1:3])
