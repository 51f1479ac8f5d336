#!/usr/bin/env bash
# Machine code is never slower than the interpreter (issue 41, item 4): every sj_bench case
# that has both rows (<case>/schemajit: machine code, tier-up off; <case>/interp: the
# interpreter, "jit": false), run ROUNDS times, minima compared (on this noisy VM minima of
# repeated runs are what holds). Prints each case's ratio and exits 1 where machine code is
# slower than the interpreter by more than SLACK (default 0.10: cases bound by a runtime kernel
# both tiers call, long strings and number arrays, measure 1.00x give or take this VM's noise).
#   bash bench/tiers_compare.sh [BUILD_DIR] [ROUNDS] [SLACK]     (defaults: build 3 0.10)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build} rounds=${2:-3} slack=${3:-0.10}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq 1 "$rounds"); do
  "$build/bench/sj_bench" --benchmark_filter='^(documents|fjs|seed|patterns)/.*/(schemajit|interp)$' \
    --benchmark_min_time=0.2 --benchmark_format=json > "$out/$r.json" 2>/dev/null
done
python3 - "$slack" "$out"/*.json <<'PY'
import json, sys
slack, files = float(sys.argv[1]), sys.argv[2:]
best = {}
for f in files:
    for b in json.load(open(f))["benchmarks"]:
        t = b["real_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
        best[b["name"]] = min(best.get(b["name"], t), t)
slower = 0
cases = sorted(n[: -len("/schemajit")] for n in best if n.endswith("/schemajit") and n[: -len("/schemajit")] + "/interp" in best)
for c in cases:
    code, interp = best[c + "/schemajit"], best[c + "/interp"]
    mark = "  SLOWER" if interp / code < 1 - slack else ""
    slower += bool(mark)
    print(f"{c:56} {code:12.0f} ns machine code {interp:12.0f} ns interpreter {interp / code:6.2f}x{mark}")
if slower:
    sys.exit(f"machine code is slower than the interpreter on {slower} of {len(cases)} cases")
print(f"machine code no slower than the interpreter on any of {len(cases)} cases")
PY
