#!/bin/bash
# A/B of two (or more) sj_bench binaries on this noisy VM: runs each in turn, ROUNDS times,
# and prints the minimum time per benchmark row for each binary. Neighbours on the host can
# double a run's times for minutes; minima of alternating runs were the comparison that held.
# Rows with different user counters must go in separate calls (the CSV reporter drops them).
#   bash bench/ab_compare.sh FILTER ROUNDS BINARY_A BINARY_B [...]
set -euo pipefail
filter=$1 rounds=$2
shift 2
for _ in $(seq 1 "$rounds"); do
  for bin in "$@"; do
    "$bin" --benchmark_filter="$filter" --benchmark_min_time=0.2 --benchmark_format=csv 2>/dev/null |
      awk -F, -v bin="$bin" '/^"/ { gsub(/"/, "", $1); print bin, $1, $3 }'
  done
done | awk '{ k = $1 " " $2; if (!(k in m) || $3 < m[k]) m[k] = $3 } END { for (k in m) print k, m[k] }' | sort -k2,2 -k1,1
