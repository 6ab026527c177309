"""Variant sweep of the scan tile (the knobs behind
gpuarray._core._tune("scan_items" / "scan_min_blocks" / "scan_pair");
Note [Look-back cells] in csrc/jit/scan_codegen.c): cumsum of 1e8 float32
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
    # (items per thread, __launch_bounds__ min blocks, pair cells)
    if dt == np.float32:
        variants = [(si, m, 1) for si in (16, 24, 32) for m in (0, 4, 6)]
        variants += [(24, 4, 0)]
    else:
        variants = [(si, m, 1) for si in (12, 16) for m in (0, 4)]
        variants += [(12, 4, 0)]
    for si, minb, pair in variants:
        gp._core._tune("scan_items", si)
        gp._core._tune("scan_min_blocks", minb)
        gp._core._tune("scan_pair", pair)
        r = gp.cumsum(a).get()
        err = float(np.max(np.abs(r - ref) / np.maximum(ref, 1)))
        t = bench(lambda: gp.cumsum(a), sync(gp), repeat=10)
        print("  items=%d minb=%d pair=%d  %.3f ms  %5.1f%% of copy"
              "  max relerr %.1e" % (si, minb, pair, t * 1e3,
                                     100 * t_copy / t, err))
    gp._core._tune("scan_items", 0)
    gp._core._tune("scan_min_blocks", 4)
    gp._core._tune("scan_pair", 1)
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
