"""Split sweep of the reduction engine (the knobs behind
gpuarray._core._tune("red_row_blocks_per_sm" / "red_col_blocks_per_sm")):
how many blocks per SM the split passes aim for, on the issue-4 cases,
beside the device-to-device copy of the same bytes."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import bench, load_peers, sync  # noqa: E402

gp = load_peers()["gpuarray"]
s = sync(gp)
rng = np.random.default_rng(0)
side, n = 32768, 10 ** 9
m = gp.asarray(rng.random((side, side), dtype=np.float32))
v64 = gp.asarray(rng.random(n // 4)).astype(np.float64)
v64 = gp.concatenate([v64] * 4)
v32 = gp.asarray(rng.random(n // 4, dtype=np.float32))
v32 = gp.concatenate([v32] * 4)


def gbs(nbytes, t):
    return "%7.0f" % (nbytes / t / 1e9)


copy_m = 2 * m.nbytes / bench(lambda: m.copy(), s, repeat=5)
copy_v = 2 * v64.nbytes / bench(lambda: v64.copy(), s, repeat=5)
print("copy GB/s (read+write): 32768^2 f32 %.0f, 1e9 f64 %.0f"
      % (copy_m / 1e9, copy_v / 1e9))
print("%-6s %-14s %-14s %-14s" % ("b/SM", "sum(0) GB/s", "sum f64 GB/s",
                                   "argmax GB/s"))
for b in [4, 8, 16, 32, 64]:
    gp._core._tune("red_col_blocks_per_sm", b)
    gp._core._tune("red_row_blocks_per_sm", b)
    t0 = bench(lambda: m.sum(axis=0), s, repeat=10)
    t1 = bench(lambda: v64.sum(), s, repeat=10)
    t2 = bench(lambda: v32.argmax(), s, repeat=10)
    print("%-6d %-14s %-14s %-14s" % (b, gbs(m.nbytes, t0),
                                      gbs(v64.nbytes, t1),
                                      gbs(v32.nbytes, t2)))
gp._core._tune("red_col_blocks_per_sm", 8)
gp._core._tune("red_row_blocks_per_sm", 8)
