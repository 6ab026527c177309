"""Sorting, searching, selection, sets and compaction beside NumPy (and
CuPy / PyTorch where they see a GPU), in one process.

gpuarray and NumPy run alternately, call for call (_timing.alternate), and
the ratio gpuarray / NumPy is printed per workload; the GPU peers are timed
after (synchronised medians).  The host targets of issue 16 are marked:
sort 1e6 float32 <= 2x NumPy, argsort <= 1.5x, unique 1e6 int64 <= 2x,
a[mask] and take of 1e6 <= 1.5x.

    python benchmarks/bench_sort.py              # 1e6 on host, 1e8 on GPU
    python benchmarks/bench_sort.py --n 100000   # any size
    python benchmarks/bench_sort.py -k sort      # workloads whose name has "sort"
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import alternate, bench, fmt_time, load_peers, sync, table  # noqa: E402

TARGETS = {"sort f32": 2.0, "argsort f32": 1.5, "unique i64": 2.0,
           "a[mask] 50%": 1.5, "take": 1.5}


def workloads(xp, n, rng_state):
    """(name, zero-argument callable) for library xp; inputs made with the
    same seed for every library."""
    rng = np.random.default_rng(rng_state)
    f32 = rng.random(n, dtype=np.float32)
    i64 = rng.integers(0, n, n)
    mask = rng.random(n) < 0.5
    idx = rng.integers(0, n, n)
    sorted_f = np.sort(f32)
    probes = rng.random(n // 10, dtype=np.float32)
    small = rng.integers(0, 1000, n)
    rows = rng.random((max(n // 1000, 1), 1000), dtype=np.float32)
    a, ai, m, ix = xp.asarray(f32), xp.asarray(i64), xp.asarray(mask), \
        xp.asarray(idx)
    sf, pr, sm, rw = xp.asarray(sorted_f), xp.asarray(probes), \
        xp.asarray(small), xp.asarray(rows)
    k = n // 2
    return [
        ("sort f32", lambda: xp.sort(a)),
        ("argsort f32", lambda: xp.argsort(a)),
        ("sort i64", lambda: xp.sort(ai)),
        ("argsort i64", lambda: xp.argsort(ai)),
        ("sort rows 1000", lambda: xp.sort(rw, axis=-1)),
        ("argsort axis 0", lambda: xp.argsort(rw, axis=0)),
        ("lexsort 2 keys", lambda: xp.lexsort([a, sm])),
        ("unique i64", lambda: xp.unique(ai)),
        ("unique counts", lambda: xp.unique(sm, return_counts=True)),
        ("a[mask] 50%", lambda: a[m]),
        ("nonzero", lambda: xp.nonzero(m)),
        ("take", lambda: a.take(ix)),
        ("a[idx]", lambda: a[ix]),
        ("searchsorted", lambda: xp.searchsorted(sf, pr)),
        ("isin", lambda: xp.isin(sm, sm[:100])),
        ("partition", lambda: xp.partition(a, k)),
        ("top-10 argpartition", lambda: xp.argpartition(a, -10)[-10:]),
        ("median", lambda: xp.median(a)),
        ("percentile", lambda: xp.percentile(a, [5, 50, 95])),
        ("bincount", lambda: xp.bincount(sm)),
        ("histogram", lambda: xp.histogram(a, bins=64)),
    ]


class _TorchNS:
    """torch with NumPy's asarray (to the GPU), for workloads()."""
    def __init__(self, torch):
        self._t = torch

    def __getattr__(self, name):
        return getattr(self._t, name)

    def asarray(self, x):
        return self._t.as_tensor(x, device="cuda")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=0)
    p.add_argument("-k", default="")
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--numpy", action="store_true",
                   help="on a GPU too, alternate with NumPy (slow at 1e8)")
    args = p.parse_args()
    peers = load_peers()
    gp = peers["gpuarray"]
    host = gp._core._default_kind() == "host"
    n = args.n or (10 ** 6 if host else 10 ** 8)
    gpw = workloads(gp, n, 0)
    gsync = sync(gp)
    # On a GPU the peers are CuPy and PyTorch; NumPy at 1e8 would take
    # minutes per round, so it is alternated with gpuarray only on the host
    # (or with --numpy).  Each peer's inputs are made once, not per row.
    with_numpy = host or args.numpy
    npw = dict(workloads(np, n, 0)) if with_numpy else {}
    peer_w = {}
    for pname, lib in peers.items():
        if pname == "gpuarray":
            continue
        try:
            ns = _TorchNS(lib) if pname == "torch" else lib
            peer_w[pname] = dict(workloads(ns, n, 0))
        except Exception as e:  # a peer that can't hold the inputs
            peer_w[pname] = e
    rows = []
    for name, fn in gpw:
        if args.k not in name:
            continue
        if with_numpy:
            tg, tn, wins = alternate(fn, gsync, npw[name], lambda: None,
                                     rounds=args.rounds, warmup=2)
        else:
            tg, tn = bench(fn, gsync, repeat=args.rounds, warmup=2), None
        target = TARGETS.get(name) if host else None
        mark = "" if target is None else (
            "ok (<= %.1fx)" % target if tg / tn <= target
            else "MISSED (> %.1fx)" % target)
        row = [name, fmt_time(tg), fmt_time(tn) if tn else "-",
               "%.2f" % (tg / tn) if tn else "-", mark]
        for pname, lib in peers.items():
            if pname == "gpuarray":
                continue
            w = peer_w[pname]
            try:
                if isinstance(w, Exception):
                    raise w
                tp = bench(w[name], sync(lib), repeat=args.rounds, warmup=2)
                row.append("%s (%.2fx)" % (fmt_time(tp), tg / tp))
            except Exception as e:  # a peer without the routine
                row.append("- (%s)" % type(e).__name__)
        rows.append(row)
        print("  ".join(row), flush=True)   # progress, in case of a timeout
    header = ["workload", "gpuarray", "numpy", "gp/np", "host target"] + \
        ["%s (gp/peer)" % p for p in peers if p != "gpuarray"]
    table("sorting, selection, sets, compaction: n = %.0e (%s)"
          % (n, "host" if host else "GPU"), rows, header)


if __name__ == "__main__":
    main()
