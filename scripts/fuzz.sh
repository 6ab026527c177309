#!/usr/bin/env bash
# scripts/fuzz.sh [seconds per target] -- runs each atheris fuzz target of
# scripts/fuzz_targets.py (DLPack import, __cuda_array_interface__ import,
# indexing keys, kernel signatures) for a bounded time on the host device.
# Fails when a target finds an input that crashes or misbehaves; libFuzzer
# saves it as $FUZZ_ARTIFACTS/crash-* (keep it in
# tests/test_fuzz_regressions.py once fixed).  Needs `pip install atheris`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${FUZZ_SECONDS:-60}}
targets=${FUZZ_TARGETS:-"dlpack cai index signature"}
artifacts=${FUZZ_ARTIFACTS:-$(pwd)/fuzz-artifacts}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuarray-fuzz-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"
python3 -c "import atheris" 2>/dev/null || {
    echo "fuzz.sh: atheris is not installed (pip install atheris)" >&2; exit 2; }
export GPUARRAY_DEVICE=${GPUARRAY_DEVICE:-host}
export GPUARRAY_CACHE_DIR=${GPUARRAY_CACHE_DIR:-$work/cache}
export PYTHONPATH="$(pwd)${PYTHONPATH:+:$PYTHONPATH}"
status=0
for t in $targets; do
    mkdir -p "$work/corpus-$t"
    echo "== fuzz $t for ${seconds}s"
    if ! python3 scripts/fuzz_targets.py "$t" "$work/corpus-$t" \
            -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=60 \
            -artifact_prefix="$artifacts/$t-" -print_final_stats=1 \
            > "$work/$t.log" 2>&1; then
        status=1
        grep -v "INFO: Instrumenting" "$work/$t.log" | tail -40
        echo "fuzz $t: FAILED (input saved under $artifacts)" >&2
    else
        grep -E "^Done|stat::number_of_executed_units" "$work/$t.log" || true
    fi
done
exit $status
