#!/usr/bin/env python3
"""Turns Google Benchmark JSON from sj_bench --benchmark_filter=seed/ into the seed's table.

  build/bench/sj_bench --benchmark_filter=seed/ --benchmark_repetitions=5 \
      --benchmark_format=json > seed.json
  python3 bench/seed_table.py seed.json

With repetitions, the median of each benchmark is used."""
import json
import sys


def main(path):
    runs = json.load(open(path))["benchmarks"]
    ns = {}
    for r in runs:
        if r.get("run_type") == "aggregate" and r.get("aggregate_name") != "median":
            continue
        name = r.get("run_name", r["name"])
        if not name.startswith("seed/"):
            continue
        row, variant = name[len("seed/"):].rsplit("/", 1)
        t = r["real_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[r.get("time_unit", "ns")]
        ns.setdefault(row, {})
        if r.get("run_type") == "aggregate" or variant not in ns[row]:
            ns[row][variant] = t
    print("| row | native ns | before ns | after ns | memcpy ns | after vs before | after vs native | after / memcpy |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for row, v in ns.items():
        if not all(k in v for k in ("native", "before", "after", "memcpy")):
            continue
        print(f"| {row} | {v['native']:.0f} | {v['before']:.0f} | {v['after']:.0f} | {v['memcpy']:.0f} "
              f"| {v['before'] / v['after']:.2f}x | {v['native'] / v['after']:.2f}x | {v['after'] / v['memcpy']:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/dev/stdin")
