"""Grid-size sweep of the contiguous elementwise kernel (the knob behind
gpuarray._core._tune("ew_blocks_per_sm", v)); compare with PyTorch."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import bench, fmt_time, load_peers, sync  # noqa: E402

peers = load_peers()
gp = peers["gpuarray"]
n = 10 ** 9
x = gp.ones(n)
print("blocks/SM   ones(1e9)   x *= 5   a*b+c f32 (1e9)")
a32 = gp.ones(n, dtype=np.float32)
b32 = gp.ones(n, dtype=np.float32)
c32 = gp.ones(n, dtype=np.float32)
for v in [4, 8, 16, 32, 64, 0]:
    gp._core._tune("ew_blocks_per_sm", v)

    def mul():
        global x
        x *= 5
    t1 = bench(lambda: gp.ones(n), sync(gp), repeat=10)
    t2 = bench(mul, sync(gp), repeat=10)
    t3 = bench(lambda: a32 * b32 + c32, sync(gp), repeat=10)
    print("%-10s %10s %10s %10s" % (v or "uncapped", fmt_time(t1),
                                    fmt_time(t2), fmt_time(t3)))
if "torch" in peers:
    torch = peers["torch"]
    y = torch.ones(n, dtype=torch.float64, device="cuda")
    a, b, c = (torch.ones(n, dtype=torch.float32, device="cuda")
               for _ in range(3))
    print("%-10s %10s %10s %10s" % (
        "torch",
        fmt_time(bench(lambda: torch.ones(n, dtype=torch.float64,
                                          device="cuda"), sync(torch),
                       repeat=10)),
        fmt_time(bench(lambda: y.mul_(5), sync(torch), repeat=10)),
        fmt_time(bench(lambda: a * b + c, sync(torch), repeat=10))))
