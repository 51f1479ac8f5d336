#!/usr/bin/env bash
# One entry point for a new user and for CI.
#   bash setup.sh run    install what is missing, build, run the main job on the embedded default
#   bash setup.sh test   install what is missing, build, run the whole test suite
#   bash setup.sh build  install what is missing, build
#   bash setup.sh sanitize  the whole suite under ASan + UBSan (clang 14, build-asan/), with a
#                           short run of each libFuzzer target (tests/fuzz)
#   bash setup.sh tsan      the concurrency tests (threads, tier-up) under ThreadSanitizer
#                           (build-tsan/)
#   bash setup.sh shared    shared libraries (BUILD_SHARED_LIBS, build-shared/): the corpus, the
#                           API, AOT and the installed package's tests
#   bash setup.sh nojit     the build without the JIT, as where CMake finds no LLVM
#                           (build-nojit/): the interpreter's tests, the corpus, the runtime package
#   bash setup.sh bench     also install the peers (simdjson, Boost.JSON, nlohmann), build, and
#                           run the benchmarks ("$@" after `bench` goes to sj_bench)
# Idempotent: when everything is installed and built it only runs the job.
set -euo pipefail
cd "$(dirname "$0")"

packages=(build-essential cmake ccache pkg-config llvm-19-dev zlib1g-dev libzstd-dev
          rapidjson-dev libgtest-dev libgmock-dev libbenchmark-dev
          locales)  # locales: the locale test makes de_DE with localedef
# libFuzzer and clang's sanitizer runtimes. clang 14, not 19: Debian's RapidJSON 1.1 does not
# compile with clang 19 (an assignment to a const member that newer clang rejects eagerly).
[[ ${1:-run} == sanitize ]] && packages+=(clang-14 libclang-rt-14-dev)
# The benchmark's optional peers: RapidJSON alone is the baseline without them.
[[ ${1:-run} == bench ]] && packages+=(libsimdjson-dev nlohmann-json3-dev libboost-json1.81-dev)
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

# Configures (once) and builds directory $1 with the CMake arguments that follow; quiet, the
# log in $1/build.log. `target` (a global) limits the build to one target when set.
build_dir() {
  local dir=$1
  shift
  if [[ ! -f $dir/CMakeCache.txt ]]; then
    echo "setup: configuring and building $dir (first build: a few minutes; log: $dir/build.log)"
    cmake -S . -B "$dir" "$@" >/dev/null
  fi
  cmake --build "$dir" -j2 ${target:+--target "$target"} >"$dir/build.log" 2>&1 || { tail -n 60 "$dir/build.log"; exit 1; }
}

case "${1:-run}" in
  run|test|build)
    build=${SCHEMAJIT_BUILD_DIR:-build}
    # The same configuration as the README's plain `cmake -S . -B build` (default generator),
    # so either way of building can take over the other's build directory.
    build_dir "$build" -DCMAKE_BUILD_TYPE=Release
    case "${1:-run}" in
      run)  "$build/tools/schemajit" demo ;;
      test) ctest --test-dir "$build" --output-on-failure -j2 ;;
    esac ;;
  sanitize)
    build_dir build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
      -DSCHEMAJIT_SANITIZE=ON -DSCHEMAJIT_FUZZ=ON -DSCHEMAJIT_BUILD_BENCH=OFF
    ctest --test-dir build-asan --output-on-failure -j2 ;;
  bench)
    shift
    # Configure again so that peers installed after the first configure are found.
    [[ -f build/CMakeCache.txt ]] && cmake -S . -B build >/dev/null
    build_dir build -DCMAKE_BUILD_TYPE=Release
    build/bench/sj_bench "$@" ;;
  shared)
    build_dir build-shared -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DSCHEMAJIT_BUILD_BENCH=OFF
    ctest --test-dir build-shared --output-on-failure -j2 \
      -R 'Conformance\.(Interpreter|SerializeJson)|AheadOfTime|PublicApi|LogHook|ApiEdges|TierUp|Threads\.|example|downstream_installed|downstream_aot|soname' ;;
  nojit)
    build_dir build-nojit -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=TRUE -DSCHEMAJIT_BUILD_BENCH=OFF
    ctest --test-dir build-nojit --output-on-failure -j2 ;;
  tsan)
    target=sj_tests build_dir build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCHEMAJIT_TSAN=ON -DSCHEMAJIT_BUILD_BENCH=OFF
    TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp ${TSAN_OPTIONS:-}" build-tsan/tests/sj_tests --gtest_filter='Threads.*:TierUp*' ;;
  *) echo "usage: bash setup.sh [run|test|build|sanitize|tsan|nojit|shared|bench]" >&2; exit 2 ;;
esac
