#!/usr/bin/env bash
# The GPU check: on a machine with an NVIDIA GPU and numpy, pytest, cupy,
# torch already installed (no network needed), build in place, run the
# whole test suite on the cuda device, run the demo and the benchmarks, and
# print a summary.  Logs go to $OUT (default ./gpu_check_out).
#   usage: scripts/gpu_check.sh [tests] [demo] [bench]   (default: all three)
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
    python3 -m pytest -q -p no:cacheprovider "${xdist[@]}" tests \
        >"$OUT/tests.log" 2>&1
    tests_rc=$?
    grep -E "^(FAILED|ERROR)" "$OUT/tests.log" | head -40
    tail -3 "$OUT/tests.log"
fi
if [[ " $parts " == *" demo "* ]]; then
    python3 -m gpuarray --plot "$OUT/gpuarray_speedup.png" >"$OUT/demo.log" 2>&1
    demo_rc=$?
    cat "$OUT/demo.log"
fi
if [[ " $parts " == *" bench "* ]]; then
    bench_rc=0
    : >"$OUT/bench.log"
    for b in benchmarks/bench_*.py; do
        echo "== $b" >>"$OUT/bench.log"
        extra=()
        [ "$b" = benchmarks/bench_core.py ] && extra=(--plot "$OUT/abc_sweep.png")
        python3 "$b" "${extra[@]}" >>"$OUT/bench.log" 2>&1 || bench_rc=1
    done
    cat "$OUT/bench.log"
fi

tar czf - -C "$GPUARRAY_CACHE_DIR" . | split -b 15M - "$OUT/kc."

echo
echo "SUMMARY: tests rc=$tests_rc, demo rc=$demo_rc, benchmarks rc=$bench_rc"
for rc in $tests_rc $demo_rc $bench_rc; do
    [ "$rc" = - ] || [ "$rc" = 0 ] || exit 1
done
