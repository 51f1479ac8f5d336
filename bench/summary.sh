#!/usr/bin/env bash
# The README's performance table in one command: sj_bench's documents, seed and fjs rows
# (schemajit, RapidJSON's Writer, yyjson) and the same
# cases through fast-json-stringify 7.3.6 on Node, merged by bench/compare_table.py; then text
# to text (serialize_json, yyjson read + write, RapidJSON Parse + Writer, fjs of JSON.parse).
#   bash bench/summary.sh [BUILD_DIR] [FILTER]     (defaults: build, the README's rows)
# fast-json-stringify is installed with npm into BUILD_DIR/node the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
filter=${2:-'^(documents/[a-z_]+|seed/(string.1000.( 40-char| 120-char)?|string.100. escapes|object with tags.10.|1000 x object with tags.10.|number.1000.|integer.1000.)|fjs/(user_profile|order|paginated_products)_response)/(native|schemajit|after|yyjson|text_schemajit|text_yyjson|text_rapidjson)$'}
[[ -d $build/node/node_modules/fast-json-stringify ]] ||
  npm install --prefix "$build/node" --no-save --silent fast-json-stringify@7.3.6 >/dev/null
"$build/bench/sj_seed_rows" > "$build/seed-rows.jsonl"
"$build/bench/sj_bench" --benchmark_filter="$filter" --benchmark_repetitions=5 --benchmark_min_time=0.2 \
  --benchmark_report_aggregates_only=true --benchmark_format=json > "$build/summary-cpp.json" 2>/dev/null
node bench/node_bench.js --lib "$build/node" --cases "$build/seed-rows.jsonl" > "$build/summary-node.jsonl"
python3 bench/compare_table.py "$build/summary-cpp.json" "$build/summary-node.jsonl"
