"""datetime64 / timedelta64 workloads beside NumPy (and CuPy where it sees
a GPU), in one process (issue 19 group 1; docs/design/datetimes.md).

Each workload is one int64 kernel on gpuarray (NaT handled in the body),
so its time should be that of an int64 elementwise op of the same size:
the int64 reference rows show it.  gpuarray and NumPy run alternately,
call for call (_timing.alternate); the ratio gpuarray / NumPy is printed.

    python benchmarks/bench_datetimes.py            # 1e6 on host, 1e8 on GPU
    python benchmarks/bench_datetimes.py --n 100000
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import alternate, bench, fmt_time, load_peers, sync, table  # noqa: E402


def workloads(xp, n):
    rng = np.random.default_rng(0)
    days = rng.integers(-50000, 50000, n)
    d = days.astype("M8[D]").astype("M8[s]")
    d[::97] = np.datetime64("NaT")
    t = rng.integers(-10**6, 10**6, n).astype("m8[s]")
    i = rng.integers(-10**6, 10**6, n)
    D, T, I = xp.asarray(d), xp.asarray(t), xp.asarray(i)
    return [
        ("int64 a - b (reference)", lambda: I - I),
        ("M8[s] - M8[s]", lambda: D - D),
        ("M8[s] + m8[s]", lambda: D + T),
        ("m8 * 1.5", lambda: T * 1.5),
        ("m8 / m8 -> f8", lambda: T / T),
        ("M8 < M8", lambda: D < D),
        ("astype M8[ms]", lambda: D.astype("M8[ms]")),
        ("astype M8[M] (calendar)", lambda: D.astype("M8[M]")),
        ("isnat", lambda: xp.isnat(D)),
        ("max (NaT propagates)", lambda: D.max()),
        ("int64 sort (reference)", lambda: xp.sort(I)),
        ("sort M8 (NaT last)", lambda: xp.sort(D)),
    ]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=0)
    p.add_argument("--rounds", type=int, default=9)
    args = p.parse_args()
    peers = load_peers()
    gp = peers["gpuarray"]
    host = gp._core._default_kind() == "host"
    n = args.n or (10 ** 6 if host else 10 ** 8)
    gpw = workloads(gp, n)
    npw = dict(workloads(np, n))
    rows = []
    for name, fn in gpw:
        tg, tn, _ = alternate(fn, sync(gp), npw[name], lambda: None,
                              rounds=args.rounds, warmup=2)
        row = [name, fmt_time(tg), fmt_time(tn), "%.2f" % (tg / tn)]
        for pname, lib in peers.items():
            if pname in ("gpuarray", "torch"):
                continue
            try:
                row.append(fmt_time(bench(dict(workloads(lib, n))[name],
                                          sync(lib), repeat=10)))
            except Exception as e:  # a peer without the routine
                row.append("- (%s)" % type(e).__name__)
        rows.append(row)
    header = ["workload", "gpuarray", "numpy", "gp/np"] + \
        [p for p in peers if p not in ("gpuarray", "torch")]
    table("datetime64 / timedelta64: n = %.0e (%s)"
          % (n, "host" if host else "GPU"), rows, header)


if __name__ == "__main__":
    main()
