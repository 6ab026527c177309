#!/usr/bin/env bash
# Run CuPy's own test suite against gpuarray on this machine (host device
# without a GPU), through the harness shim in scripts/cupy_shim/.
#
#   scripts/run_cupy_tests.sh CUPY_CHECKOUT [DIR ...] [-- PYTEST_ARGS ...]
#
# CUPY_CHECKOUT is a CuPy source tree (needs tests/, cupy/testing/ and
# pyproject.toml; e.g. `git archive HEAD tests cupy/testing pyproject.toml`
# of github.com/cupy/cupy).  Nothing is fetched.  DIRs are under
# tests/cupy_tests (default: the NumPy-parity directories listed below);
# each runs as its own pytest call, with a per-directory time limit
# (CUPY_TESTS_TIMEOUT seconds, default 1500).  The shim is assembled in
# $CUPY_SHIM_DIR (default /tmp/cupyshim): our shim modules plus CuPy's
# cupy/testing copied from the checkout (the decorators such as
# numpy_cupy_allclose are CuPy's, unchanged).  Per-directory logs and a
# summary land in $CUPY_TESTS_LOG (default /tmp/cupy-tests-logs).
# GPUARRAY_REPO tests another gpuarray checkout (a built one) than this.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=${GPUARRAY_REPO:-$(dirname "$here")}   # the gpuarray tree tested
cupy_src=${1:?usage: run_cupy_tests.sh CUPY_CHECKOUT [DIR ...] [-- PYTEST_ARGS]}
shift
cupy_src=$(cd "$cupy_src" && pwd)
dirs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do dirs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
if [ ${#dirs[@]} -eq 0 ]; then
    dirs=(core_tests math_tests manipulation_tests creation_tests
          logic_tests sorting_tests statistics_tests indexing_tests
          binary_tests padding_tests linalg_tests fft_tests)
fi
shim=${CUPY_SHIM_DIR:-/tmp/cupyshim}
logs=${CUPY_TESTS_LOG:-/tmp/cupy-tests-logs}
limit=${CUPY_TESTS_TIMEOUT:-1500}
for need in tests/cupy_tests cupy/testing pyproject.toml; do
    [ -e "$cupy_src/$need" ] || { echo "missing $cupy_src/$need" >&2; exit 2; }
done
rm -rf "$shim" && mkdir -p "$shim" "$logs"
cp -r "$here/cupy_shim/cupy" "$here/cupy_shim/cupyx" "$shim/"
cp -r "$cupy_src/cupy/testing" "$shim/cupy/testing"
export PYTHONPATH="$shim:$repo${PYTHONPATH:+:$PYTHONPATH}"
export GPUARRAY_CACHE_DIR=${GPUARRAY_CACHE_DIR:-/tmp/gpa-cache-cupytests}
summary="$logs/summary.txt"
: > "$summary"
per_test=()
python3 -c "import pytest_timeout" 2>/dev/null && per_test=(--timeout=120)
export COLUMNS=${COLUMNS:-200}
cd "$cupy_src"
for d in "${dirs[@]}"; do
    log="$logs/${d//\//_}.log"
    timeout "$limit" python3 -m pytest -q -p no:cacheprovider -rfE \
        --continue-on-collection-errors \
        "${per_test[@]}" "tests/cupy_tests/$d" "$@" > "$log" 2>&1
    rc=$?
    echo "$d rc=$rc: $(tail -n 1 "$log")" | tee -a "$summary"
done
