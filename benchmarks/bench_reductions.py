"""Reductions and scans: gpuarray beside CuPy and PyTorch (issue 4).

    python benchmarks/bench_reductions.py            # GPU sizes
    python benchmarks/bench_reductions.py --small    # host-sized smoke run

Each case is timed in one process for every library that imports,
synchronising the device, median of --repeat runs after --warmup runs.
Prints a table of milliseconds, GB/s (bytes read + written) and the
ratio to CuPy; copy% is against the fastest device-to-device copy of the
same bytes by any library in the run (printed as the "copy" row).  Targets (H200): sum(1e9 f64) <= CuPy; sum(axis=0/1)
of 32768^2 f32 >= 90% of copy bandwidth; argmax and var of 1e9 f32 <=
CuPy; cumsum of 1e8 f32 >= 70% of copy bandwidth and <= CuPy.

Then a head-to-head against CuPy for the cases where both sit near the
memory ceiling: the two libraries called alternately, round after round,
on the SAME device memory (CuPy sees gpuarray's array through DLPack), so
clock drift, placement and the order of the runs cancel out.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import alternate  # noqa: E402

import numpy as np


def libs():
    out = {}
    import gpuarray as gp
    out["gpuarray"] = (gp, gp.cuda.synchronize)
    try:
        import cupy as cp
        out["cupy"] = (cp, lambda: cp.cuda.Device().synchronize())
    except Exception:
        pass
    try:
        import torch
        if torch.cuda.is_available():
            out["torch"] = (torch, torch.cuda.synchronize)
    except Exception:
        pass
    return out


def timeit(fn, sync, warmup, repeat):
    for _ in range(warmup):
        fn()
    sync()
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        sync()
        ts.append((time.perf_counter() - t) * 1e3)
    return statistics.median(ts)


def cases(small):
    n_sum = 10**6 if small else 10**9
    side = 512 if small else 32768
    n_arg = 10**6 if small else 10**9
    n_scan = 10**6 if small else 10**8
    return [
        # name, shape, dtype, op, bytes moved (in + out)
        ("sum f64", (n_sum,), "float64", "sum", n_sum * 8),
        ("sum axis=0 f32", (side, side), "float32", "sum0", side * side * 4),
        ("sum axis=1 f32", (side, side), "float32", "sum1", side * side * 4),
        ("argmax f32", (n_arg,), "float32", "argmax", n_arg * 4),
        ("var f32", (n_arg,), "float32", "var", n_arg * 4),
        ("cumsum f32", (n_scan,), "float32", "cumsum", n_scan * 8),
    ]


def make(mod, name, shape, dtype):
    x = np.random.default_rng(0).random(int(np.prod(shape)),
                                        dtype=np.float32)
    x = x.astype(dtype).reshape(shape)
    if name == "torch":
        return mod.from_numpy(x).cuda()
    return mod.asarray(x)


def run_op(mod, name, x, op):
    if op == "sum":
        return x.sum()
    if op == "sum0":
        return x.sum(0) if name == "torch" else x.sum(axis=0)
    if op == "sum1":
        return x.sum(1) if name == "torch" else x.sum(axis=1)
    if op == "argmax":
        return x.argmax()
    if op == "var":
        return x.var()
    if op == "cumsum":
        return mod.cumsum(x, 0) if name == "torch" else mod.cumsum(x)
    raise ValueError(op)


def copy_of(mod, name, x):
    return x.clone() if name == "torch" else x.copy()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--small", action="store_true")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--repeat", type=int, default=10)
    args = p.parse_args()
    import gpuarray as gp
    small = args.small or gp._core._default_kind() == "host"
    found = libs()
    syncs = {k: s for k, (m, s) in found.items()}
    names = list(found)
    print("%-16s %-9s %10s %9s %9s %9s" % ("case", "library", "ms", "GB/s",
                                          "copy%", "vs cupy"))
    for title, shape, dtype, op, nbytes in cases(small):
        res = {}
        for name in names:
            mod = found[name][0]
            x = make(mod, name, shape, dtype)
            sync = syncs[name]
            t = timeit(lambda: run_op(mod, name, x, op), sync, args.warmup,
                       args.repeat)
            tc = timeit(lambda: copy_of(mod, name, x), sync, 1,
                        max(3, args.repeat // 2))
            copy_bw = 2 * x.nbytes / tc / 1e6 if name != "torch" else \
                2 * x.element_size() * x.nelement() / tc / 1e6
            res[name] = (t, nbytes / t / 1e6, copy_bw)
            if name == "gpuarray" and op == "argmax":
                # the pick tree over (value, index) pairs, which the
                # accumulate fold (Note [Reduction accumulate]) replaced
                from gpuarray._engine import reduction_ops as _reduction_ops
                _reduction_ops.ARG_ACCUMULATE = False
                tf = timeit(lambda: run_op(mod, name, x, op), sync,
                            args.warmup, args.repeat)
                _reduction_ops.ARG_ACCUMULATE = True
                res["gp (pick)"] = (tf, nbytes / tf / 1e6, copy_bw)
            del x
        base = res.get("cupy", (None,))[0]
        # copy%: against the fastest device-to-device copy of the same
        # bytes by any library in this run (the memory ceiling)
        ceil = max(cbw for (_, _, cbw) in res.values())
        for name, (t, bw, cbw) in res.items():
            ratio = "%.2fx" % (t / base) if base else "-"
            print("%-16s %-9s %10.3f %9.1f %8.0f%% %9s" % (
                title, name, t, bw, 100 * bw / ceil, ratio))
        print("%-16s %-9s %10s %9.1f" % (title, "copy", "", ceil))
    if "cupy" in found and not small:
        head_to_head(found, args.warmup, 4 * args.repeat)


def head_to_head(found, warmup, rounds):
    """gpuarray and CuPy alternately on one array, `rounds` times."""
    gp, gsync = found["gpuarray"]
    cp, csync = found["cupy"]
    print("\nhead-to-head, alternating on the same memory (%d rounds):"
          % rounds)
    print("%-16s %10s %10s %9s %12s" % ("case", "gp ms", "cupy ms",
                                        "gp/cupy", "gp faster"))
    for title, shape, dtype, op, _ in cases(False):
        if op == "var":
            continue  # CuPy's var is two orders of magnitude slower
        x = make(gp, "gpuarray", shape, dtype)
        cx = cp.from_dlpack(x)
        mg, mc, wins = alternate(lambda: run_op(gp, "gpuarray", x, op), gsync,
                                 lambda: run_op(cp, "cupy", cx, op), csync,
                                 rounds, warmup)
        mg, mc = mg * 1e3, mc * 1e3
        print("%-16s %10.3f %10.3f %8.3fx %7d/%d" % (title, mg, mc, mg / mc,
                                                     wins, rounds))
        del cx, x


if __name__ == "__main__":
    main()
