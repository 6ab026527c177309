"""Variant sweep of the scan tile (the knobs behind
gpuarray._core._tune("scan_items" / "scan_min_blocks" / "scan_backoff" /
"scan_pair" / "scan_vec" / "scan_tma" / "scan_skip"); Notes [Look-back
cells], [Scan tile layout] and [Bulk tile copies] in
csrc/jit/scan_codegen.c): cumsum of 1e8 float32 and float64 beside CuPy,
PyTorch and a device-to-device copy of the same bytes.

    --pick FILE   write the fastest correct float32 variant to FILE as
                  GPUARRAY_TEST_TUNE text (k=v,k=v), so the test suite can
                  run on exactly that kernel (scripts/gpu_check.sh style)
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import bench, load_peers, sync  # noqa: E402

KNOBS = ("scan_items", "scan_min_blocks", "scan_backoff", "scan_pair",
         "scan_vec", "scan_tma", "scan_skip")
VARIANTS = {
    # the first entry is the default (43 items, bulk copies); scan_skip
    # leaves stages out to place the time (wrong results, never picked):
    # 1 the look-back, 2 the thread passes
    np.float32: [dict(), dict(scan_tma=0), dict(scan_tma=0, scan_vec=0),
                 dict(scan_items=41), dict(scan_items=45),
                 dict(scan_items=31), dict(scan_items=23),
                 dict(scan_backoff=50), dict(scan_backoff=200),
                 dict(scan_backoff=0),
                 dict(scan_pair=0),
                 dict(scan_skip=1), dict(scan_skip=2), dict(scan_skip=3)],
    np.float64: [dict(), dict(scan_tma=0), dict(scan_items=19),
                 dict(scan_items=23), dict(scan_backoff=50),
                 dict(scan_skip=3)],
}


def sweep(gp, peers, n, dt, picks):
    x = np.random.default_rng(0).random(n).astype(dt)
    a = gp.asarray(x)
    moved = 2 * a.nbytes
    t_copy = bench(lambda: a.copy(), sync(gp), repeat=10)
    print("%s: copy %.3f ms (%.0f GB/s)" % (np.dtype(dt).name, t_copy * 1e3,
                                           moved / t_copy / 1e9))
    ref = np.cumsum(x.astype(np.float64))
    defaults = {k: gp._core._tune(k, 0) for k in KNOBS}
    for k, v in defaults.items():
        gp._core._tune(k, v)
    for knobs in VARIANTS[dt]:
        for k, v in knobs.items():
            gp._core._tune(k, v)
        r = gp.cumsum(a).get()
        err = float(np.max(np.abs(r - ref) / np.maximum(ref, 1)))
        t = bench(lambda: gp.cumsum(a), sync(gp), repeat=10)
        text = ",".join("%s=%d" % kv for kv in knobs.items()) or "default"
        print("  %-32s %.3f ms  %5.1f%% of copy  max relerr %.1e" % (
            text, t * 1e3, 100 * t_copy / t, err))
        if err < 1e-5 and not knobs.get("scan_skip"):
            picks.append((t, text if knobs else ""))
        for k, v in defaults.items():
            gp._core._tune(k, v)
    if "cupy" in peers:
        cp = peers["cupy"]
        c = cp.asarray(x)
        t = bench(lambda: cp.cumsum(c), sync(cp), repeat=10)
        print("  %-32s %.3f ms  %5.1f%% of copy" % ("cupy", t * 1e3,
                                                   100 * t_copy / t))
        del c
    if "torch" in peers:
        torch = peers["torch"]
        tt = torch.from_numpy(x).cuda()
        t = bench(lambda: torch.cumsum(tt, 0), sync(torch), repeat=10)
        print("  %-32s %.3f ms  %5.1f%% of copy" % ("torch", t * 1e3,
                                                   100 * t_copy / t))
        del tt


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pick", help="file for the fastest float32 variant")
    args = ap.parse_args()
    peers = load_peers()
    gp = peers["gpuarray"]
    for dt in (np.float32, np.float64):
        picks = []
        sweep(gp, peers, 10 ** 8, dt, picks)
        if dt == np.float32 and args.pick and picks:
            best = min(picks)
            print("picked %s (%.3f ms)" % (best[1] or "default",
                                           best[0] * 1e3))
            with open(args.pick, "w") as f:
                f.write(best[1])


if __name__ == "__main__":
    main()
