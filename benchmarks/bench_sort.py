"""Sorting beside CuPy and PyTorch: sort / argsort of float32 vectors and
rows, and advanced indexing (gather with an index array, boolean mask).
Same process, synchronised, median of repeats (benchmarks/_timing.py).

    python benchmarks/bench_sort.py            # GPU sizes
    python benchmarks/bench_sort.py --small    # host-sized smoke run
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import bench, fmt_time, load_peers, sync, table  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--small", action="store_true")
    args = p.parse_args()
    peers = load_peers()
    gp = peers["gpuarray"]
    small = args.small or gp._core._default_kind() == "host"
    sizes = [10 ** 4, 10 ** 5] if small else [10 ** 5, 10 ** 6, 10 ** 7]
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        x = rng.random(n, dtype=np.float32)
        idx = rng.integers(0, n, n)
        for name, lib in peers.items():
            if name == "torch":
                a = lib.from_numpy(x).cuda()
                i = lib.from_numpy(idx).cuda()
                cases = [("sort", lambda: lib.sort(a)),
                         ("argsort", lambda: lib.argsort(a)),
                         ("a[idx]", lambda: a[i]),
                         ("a[a > 0.5]", lambda: a[a > 0.5])]
            else:
                a = lib.asarray(x)
                i = lib.asarray(idx)
                cases = [("sort", lambda: lib.sort(a)),
                         ("argsort", lambda: lib.argsort(a)),
                         ("a[idx]", lambda: a[i]),
                         ("a[a > 0.5]", lambda: a[a > 0.5])]
            for case, fn in cases:
                t = bench(fn, sync(lib), repeat=5 if small else 10)
                rows.append([case, "%.0e" % n, name, fmt_time(t)])
    table("sorting and advanced indexing (float32)", rows,
          ["case", "n", "library", "time"])


if __name__ == "__main__":
    main()
