"""Head-to-head sweep of the full reduction against CuPy: x.sum() of 1e9
float64, gpuarray and CuPy called alternately on the same memory, for
each variant of the knobs red_ldg (Note [Streaming loads] in
csrc/jit/reduce_codegen.c) and red_row_blocks_per_sm."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import alternate, bench, load_peers, sync  # noqa: E402


def main(rounds=30):
    peers = load_peers()
    gp, cp = peers["gpuarray"], peers.get("cupy")
    x = gp.asarray(np.random.default_rng(0).random(10 ** 8))
    x = gp.concatenate([x] * 10)
    cx = cp.from_dlpack(x) if cp else None
    ref = float(cx.sum()) if cp else None
    print("%-24s %9s %9s %8s %s" % ("variant", "gp ms", "cupy ms", "ratio",
                                    "gp faster"))
    for ldg in (0, 1, 2):
        for bps in (4, 8, 16):
            gp._core._tune("red_ldg", ldg)
            gp._core._tune("red_row_blocks_per_sm", bps)
            got = float(x.sum())
            assert ref is None or abs(got - ref) <= 1e-9 * abs(ref)
            if cp:
                mg, mc, wins = alternate(x.sum, sync(gp), cx.sum, sync(cp),
                                         rounds)
            else:
                mg, mc, wins = bench(x.sum, sync(gp)), float("nan"), 0
            mg, mc = mg * 1e3, mc * 1e3
            print("%-24s %9.3f %9.3f %8.3f %d/%d" % (
                "red_ldg=%d,b/SM=%d" % (ldg, bps), mg, mc, mg / mc, wins,
                rounds))


if __name__ == "__main__":
    main()
