#!/usr/bin/env bash
# One entry point for a new user and for CI.
#   bash setup.sh run    install what is missing, build, run the main job on the embedded default
#   bash setup.sh test   install what is missing, build, run the whole test suite
#   bash setup.sh build  install what is missing, build
# Idempotent: when everything is installed and built it only runs the job.
set -euo pipefail
cd "$(dirname "$0")"

packages=(build-essential cmake ccache llvm-19-dev zlib1g-dev libzstd-dev
          rapidjson-dev libpcre2-dev libgtest-dev libgmock-dev libbenchmark-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""; [[ $(id -u) -eq 0 ]] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

build=${SCHEMAJIT_BUILD_DIR:-build}
# The same configuration as the README's plain `cmake -S . -B build` (default generator), so
# either way of building can take over the other's build directory.
if [[ ! -f $build/CMakeCache.txt ]]; then
  echo "setup: configuring and building $build (first build: a few minutes; log: $build/build.log)"
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j2 >"$build/build.log" 2>&1 || { tail -n 60 "$build/build.log"; exit 1; }

case "${1:-run}" in
  run)   "$build/tools/schemajit" demo ;;
  test)  ctest --test-dir "$build" --output-on-failure -j2 ;;
  build) ;;
  *) echo "usage: bash setup.sh [run|test|build]" >&2; exit 2 ;;
esac
