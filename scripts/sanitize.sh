#!/usr/bin/env bash
# scripts/sanitize.sh [pytest args...] -- the C core built with
# AddressSanitizer + UndefinedBehaviorSanitizer (GPUARRAY_SANITIZE=1 in
# setup.py) in a private copy of the tree, then the C-heavy part of the
# host suite under it (or the tests given as arguments; `tests` for the
# whole suite).  Any ASan/UBSan report fails the run.
#
#   scripts/sanitize.sh                      # CI's subset, a few minutes
#   scripts/sanitize.sh tests                # the whole host suite (long)
#   SANITIZE_KEEP=/tmp/asan scripts/sanitize.sh ...   # reuse the build
#
# Python is not instrumented: libasan (and libubsan) are LD_PRELOADed so
# they come first, and leak detection is off (the interpreter's own
# allocations at exit would be reported; our leaks are tested by counts).
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)
work=${SANITIZE_KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/gpuarray-asan-XXXXXX")}
mkdir -p "$work"
cleanup() { [ -n "${SANITIZE_KEEP:-}" ] || rm -rf "$work"; }
trap cleanup EXIT

# the tracked and new files, not this tree's build outputs (a kept tree
# loses its old sources first: files moved since must not linger)
rm -rf "$work"/csrc "$work"/gpuarray "$work"/tests "$work"/scripts
git ls-files -co --exclude-standard -z | \
    tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$work"
cd "$work"
rm -f "$work"/sanitizer.*  # a kept tree's old reports
GPUARRAY_SANITIZE=1 python3 setup.py -q build_ext --inplace -j "${JOBS:-2}" \
    > build.log 2>&1 || { tail -40 build.log; exit 1; }

asan=$(${CC:-gcc} -print-file-name=libasan.so)
ubsan=$(${CC:-gcc} -print-file-name=libubsan.so)
export LD_PRELOAD="$asan:$ubsan"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1:\
detect_stack_use_after_return=0:allocator_may_return_null=1:\
handle_segv=1:log_path=$work/sanitizer"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$work/sanitizer"
export GPUARRAY_CACHE_DIR="$work/cache"
export PYTHONPATH="$work${PYTHONPATH:+:$PYTHONPATH}"

# CI's subset (a few minutes): the C-heavy files -- JIT and disk cache,
# raw kernels and their checks, indexing, DLPack/CAI import (fuzz
# regressions), the pool.  SANITIZE_SUBSET=long adds the rest of the
# indexing, interop and creation files.
subset=(tests/engine/test_jit_cache.py tests/engine/test_cache_security.py
        tests/kernels/test_raw_kernel_checks.py tests/kernels/test_raw_kernels.py
        tests/core/test_robust_errors.py tests/interop/test_fuzz_regressions.py
        tests/indexing/test_indexing_advanced.py tests/cuda/test_pool.py)
if [ "${SANITIZE_SUBSET:-}" = long ]; then
    subset+=(tests/indexing/test_views_indexing.py tests/interop/test_interop.py
             tests/interop/test_interop_parity.py
             tests/creation/test_transfer_creation.py)
fi
if [ $# -eq 0 ]; then
    set -- "${subset[@]}"
fi
existing=()
for t in "$@"; do
    case "$t" in -*) existing+=("$t");; *) [ -e "$t" ] && existing+=("$t");; esac
done
# the sanitized build, not an installed (editable) gpuarray
python3 -c "import sys, gpuarray as g; sys.exit(0 if g.__file__.startswith(
    '$work/') else 'sanitize.sh: gpuarray imports from ' + g.__file__)"
status=0
python3 -m pytest -q -x -p no:cacheprovider "${existing[@]}" || status=$?
# reports, not ASan's notes (its warning about the host fibers'
# swapcontext is one)
reports=$(grep -l "ERROR: \|runtime error:" "$work"/sanitizer.* 2>/dev/null \
          || true)
if [ -n "$reports" ]; then
    echo "sanitizer reports:" >&2
    cat $reports >&2
    status=1
fi
exit $status
