"""One cumsum of 1e8 float32 for a profiler (ncu -k scan_tile): warm-up
launches first, then the measured one; knobs as k=v arguments
(gpuarray._core._tune), e.g. `python3 profile_scan.py scan_vec=0`."""
import sys

import numpy as np

import gpuarray as gp

for kv in sys.argv[1:]:
    k, v = kv.split("=")
    gp._core._tune(k, int(v))
a = gp.asarray(np.random.default_rng(0).random(10 ** 8, dtype=np.float32))
for _ in range(3):
    gp.cumsum(a)
gp.cuda.Device().synchronize()
