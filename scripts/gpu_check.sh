#!/usr/bin/env bash
# The GPU check: on a machine with an NVIDIA GPU and numpy, pytest, cupy,
# torch already installed (no network needed), build in place, run the
# whole test suite on the cuda device, run the demo and the benchmarks, and
# print a summary.  Logs go to $OUT (default ./gpu_check_out).
#   usage: scripts/gpu_check.sh [tests] [demo] [bench] [sanitize]
#          (default: tests demo bench; sanitize runs a representative part
#          of the suite under compute-sanitizer: memcheck, then racecheck on
#          the reductions and scans)
# Kernel cache across fresh machines: parts .gpucache/kc.* (carried in)
# seed the cache, and the cache goes back out as $OUT/kc.* (15 MB parts,
# under the device tool's per-file limit); copy them to .gpucache/ for the
# next call.  A warm cache saves ~100 s of NVRTC compiles.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu_check_out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 GPUARRAY_DEVICE=cuda
export GPUARRAY_CACHE_DIR=${GPUARRAY_CACHE_DIR:-/tmp/gpuarray-gpu-check-cache}
mkdir -p -m 700 "$GPUARRAY_CACHE_DIR"
if compgen -G ".gpucache/kc.*" >/dev/null; then
    cat .gpucache/kc.* | tar xzf - -C "$GPUARRAY_CACHE_DIR" || true
fi
parts=${*:-tests demo bench}

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader \
    | tee "$OUT/gpu.txt"
# pyproject.toml's SPDX license string needs setuptools >= 77; a GPU
# machine with an older one (and no network to upgrade) builds with the
# license in the old table form, pyproject.toml restored right after.
old_setuptools=0
python3 -c "import setuptools, sys; sys.exit(int(setuptools.__version__.split('.')[0]) >= 77)" \
    && old_setuptools=1
if [[ $old_setuptools == 1 ]]; then
    cp pyproject.toml "$OUT/pyproject.toml.orig"
    sed -i -e 's/^license = "BSD-3-Clause"$/license = {text = "BSD-3-Clause"}/' \
        -e '/^license-files = /d' pyproject.toml
fi
# the shipped host kernel set is the host device's; a GPU check skips it
# (GPUARRAY_NO_PRECOMPILE= , empty, builds it anyway)
GPUARRAY_NO_PRECOMPILE=${GPUARRAY_NO_PRECOMPILE-1} \
    python3 setup.py -q build_ext --inplace -j "$(nproc)" >"$OUT/build.log" 2>&1
build_rc=$?
[[ $old_setuptools == 1 ]] && cp "$OUT/pyproject.toml.orig" pyproject.toml
if [[ $build_rc != 0 ]]; then
    tail -40 "$OUT/build.log"; echo "BUILD FAILED"; exit 1
fi

tests_rc=- demo_rc=- bench_rc=-
if [[ " $parts " == *" tests "* ]]; then
    xdist=()
    python3 -c "import xdist" 2>/dev/null && xdist=(-n "${GPU_CHECK_WORKERS:-8}")
    # a hung test (one did hang on the H200) must not eat the whole call
    python3 -c "import pytest_timeout" 2>/dev/null \
        && xdist+=(--timeout "${GPU_CHECK_TEST_TIMEOUT:-300}")
    python3 -m pytest -q -p no:cacheprovider "${xdist[@]}" tests \
        >"$OUT/tests.log" 2>&1
    tests_rc=$?
    grep -E "^(FAILED|ERROR)" "$OUT/tests.log" | head -40
    tail -3 "$OUT/tests.log"
fi
if [[ " $parts " == *" demo "* ]]; then
    timeout "${GPU_CHECK_DEMO_TIMEOUT:-600}" python3 -m gpuarray \
        --plot "$OUT/gpuarray_speedup.png" >"$OUT/demo.log" 2>&1
    demo_rc=$?
    cat "$OUT/demo.log"
fi
if [[ " $parts " == *" bench "* ]]; then
    bench_rc=0
    : >"$OUT/bench.log"
    # GPU_CHECK_BENCHES: the benchmark files to run (default: all)
    for b in ${GPU_CHECK_BENCHES:-benchmarks/bench_*.py}; do
        echo "== $b" >>"$OUT/bench.log"
        extra=()
        [ "$b" = benchmarks/bench_core.py ] && extra=(--plot "$OUT/abc_sweep.png")
        # the H200 sizes of issue 15 (no CPU NumPy peer at those sizes)
        [ "$b" = benchmarks/bench_linalg.py ] && extra=(--gpu --rounds 5)
        timeout "${GPU_CHECK_BENCH_TIMEOUT:-300}" python3 "$b" "${extra[@]}" \
            >>"$OUT/bench.log" 2>&1 || bench_rc=1
    done
    cat "$OUT/bench.log"
fi

sanitize_rc=-
if [[ " $parts " == *" sanitize "* ]]; then
    sanitize_rc=0
    : >"$OUT/sanitize.log"
    cs=(compute-sanitizer --print-limit 20 --error-exitcode 99)
    run_cs() {  # tool, pytest args...
        local tool=$1; shift
        echo "== $tool: $*" >>"$OUT/sanitize.log"
        timeout "${GPU_CHECK_SANITIZE_TIMEOUT:-240}" "${cs[@]}" --tool "$tool" \
            python3 -m pytest -q -x -p no:cacheprovider "$@" \
            >>"$OUT/sanitize.log" 2>&1 || sanitize_rc=1
        tail -3 "$OUT/sanitize.log"
    }
    run_cs memcheck tests/ufuncs/test_ufuncs.py tests/math/test_reductions.py \
        tests/sorting/test_sorting_radix.py tests/linalg/test_linalg_library.py \
        tests/fft/test_fft_library.py -k "not random and not subprocess"
    run_cs racecheck tests/math/test_reductions.py -k "sum or cumsum or argmax"
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Invalid|Race" "$OUT/sanitize.log" | head -20
fi

tar czf - -C "$GPUARRAY_CACHE_DIR" . | split -b 15M - "$OUT/kc."

echo
echo "SUMMARY: tests rc=$tests_rc, demo rc=$demo_rc, benchmarks rc=$bench_rc, sanitize rc=$sanitize_rc"
for rc in $tests_rc $demo_rc $bench_rc $sanitize_rc; do
    [ "$rc" = - ] || [ "$rc" = 0 ] || exit 1
done
