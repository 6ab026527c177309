"""Variant sweep of the scan tile (the knobs behind
gpuarray._core._tune("scan_persist" / "scan_items" / "scan_min_blocks" /
"scan_pair"); Notes [Persistent scan] and [Look-back cells] in
csrc/jit/scan_codegen.c): cumsum of 1e8 float32
and float64 beside CuPy, PyTorch and a device-to-device copy of the same
bytes."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import bench, load_peers, sync  # noqa: E402

peers = load_peers()
gp = peers["gpuarray"]
n = 10 ** 8
for dt in (np.float32, np.float64):
    x = np.random.default_rng(0).random(n).astype(dt)
    a = gp.asarray(x)
    moved = 2 * a.nbytes
    t_copy = bench(lambda: a.copy(), sync(gp), repeat=10)
    print("%s: copy %.3f ms (%.0f GB/s)" % (np.dtype(dt).name, t_copy * 1e3,
                                           moved / t_copy / 1e9))
    ref = np.cumsum(x.astype(np.float64))
    # knobs of each variant; scan_persist 0 is the one-tile-per-block
    # scan_tile, otherwise the persistent scan_tile_p (Note [Persistent
    # scan]) with that many blocks per SM and odd items per thread
    if dt == np.float32:
        variants = [dict(scan_persist=0, scan_items=32)]
        variants += [dict(scan_persist=p, scan_items=si) for p, si in
                     ((4, 23), (3, 31), (2, 47), (2, 39), (1, 63), (1, 95))]
    else:
        variants = [dict(scan_persist=0, scan_items=12)]
        variants += [dict(scan_persist=p, scan_items=si) for p, si in
                     ((4, 11), (3, 15), (2, 23), (1, 47))]
    defaults = {k: gp._core._tune(k, 0) for k in
                ("scan_persist", "scan_items", "scan_min_blocks",
                 "scan_pair")}
    for k, v in defaults.items():
        gp._core._tune(k, v)
    for knobs in variants:
        for k, v in knobs.items():
            gp._core._tune(k, v)
        r = gp.cumsum(a).get()
        err = float(np.max(np.abs(r - ref) / np.maximum(ref, 1)))
        t = bench(lambda: gp.cumsum(a), sync(gp), repeat=10)
        print("  %-36s %.3f ms  %5.1f%% of copy  max relerr %.1e" % (
            " ".join("%s=%d" % kv for kv in knobs.items()), t * 1e3,
            100 * t_copy / t, err))
    for k, v in defaults.items():
        gp._core._tune(k, v)
    if "cupy" in peers:
        cp = peers["cupy"]
        c = cp.asarray(x)
        t = bench(lambda: cp.cumsum(c), sync(cp), repeat=10)
        print("  cupy               %.3f ms  %5.1f%% of copy" % (
            t * 1e3, 100 * t_copy / t))
        del c
    if "torch" in peers:
        torch = peers["torch"]
        tt = torch.from_numpy(x).cuda()
        t = bench(lambda: torch.cumsum(tt, 0), sync(torch), repeat=10)
        print("  torch              %.3f ms  %5.1f%% of copy" % (
            t * 1e3, 100 * t_copy / t))
        del tt
    del a
