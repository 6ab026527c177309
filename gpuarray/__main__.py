"""python -m gpuarray: the main job.  Prints the device, then times the
workloads that motivate the project against NumPy -- create an array of
ones, multiply it in place, the chain x *= 5; x *= x; x += x, sum, and a
round trip to NumPy -- checks every result equals NumPy's, and prints the
speedups.  1e9 elements on a GPU, 1e7 on the host device (--size N to
choose)."""
import argparse
import sys
import time

import numpy as np

import gpuarray as gp


def timed(fn, sync, repeat=3):
    """Best of `repeat` synchronized runs, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        sync()
        t = time.perf_counter()
        result = fn()
        sync()
        best = min(best, time.perf_counter() - t)
    return best, result


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m gpuarray")
    p.add_argument("--size", type=float, default=None)
    args = p.parse_args(argv)
    kind, ordinal = gp._core._get_device()
    if kind == "cuda":
        dev = gp.cuda.Device(ordinal)
        print("gpuarray on CUDA device %d: %s (compute capability %s)"
              % (ordinal, dev.name, dev.compute_capability))
    else:
        print("gpuarray on the host device (no usable GPU): kernels are "
              "compiled by the system C++ compiler")
    n = int(args.size or (1e9 if kind == "cuda" else 1e7))
    print("workload size: %d float64 elements (%.1f GB)\n" % (n, n * 8 / 1e9))
    sync = gp.cuda.synchronize

    state = {}

    def np_ones():
        state["x"] = np.ones(n)
        return state["x"]

    def gp_ones():
        state["g"] = gp.ones(n)
        return state["g"]

    def np_mul():
        state["x"] *= 5

    def gp_mul():
        state["g"] *= 5

    def np_chain():
        x = state["x"]
        x *= 5
        x *= x
        x += x

    def gp_chain():
        g = state["g"]
        g *= 5
        g *= g
        g += g

    steps = [
        ("ones(n)", np_ones, gp_ones, 3),
        ("x *= 5", np_mul, gp_mul, 3),
        ("x *= 5; x *= x; x += x", np_chain, gp_chain, 2),
        ("x.sum()", lambda: state["x"].sum(), lambda: state["g"].sum(), 3),
        ("round trip to NumPy", lambda: np.array(state["x"]),
         lambda: gp.asnumpy(gp.asarray(state["x"])), 1),
    ]
    # Compile every kernel first (on a small array), so that the timings
    # below measure running them: the disk cache makes later runs start warm.
    w = gp.ones(1000)
    w *= 5
    w *= w
    w += w
    w.sum()
    gp.asnumpy(gp.asarray(np.ones(1000)))
    sync()

    rows, all_ok = [], True
    for name, np_fn, gp_fn, repeat in steps:
        # Each side runs its step the same number of times, so the
        # in-place steps leave both arrays with the same values.
        t_np, r_np = timed(np_fn, lambda: None, repeat)
        t_gp, r_gp = timed(gp_fn, sync, repeat)
        a = state["x"] if r_np is None else r_np
        b = state["g"] if r_gp is None else r_gp
        b = gp.asnumpy(b) if isinstance(b, gp.ndarray) else b
        ok = bool(np.array_equal(np.asarray(a), np.asarray(b))
                  if np.ndim(a) else np.isclose(a, b, rtol=1e-12))
        all_ok &= ok
        rows.append((name, t_np, t_gp, ok))

    print("%-26s %12s %12s %9s  %s" % ("step", "NumPy", "gpuarray",
                                       "speedup", "equal"))
    for name, t_np, t_gp, ok in rows:
        print("%-26s %10.2fms %10.2fms %8.1fx  %s"
              % (name, t_np * 1e3, t_gp * 1e3, t_np / t_gp, ok))
    if not all_ok:
        print("\nMISMATCH: a result differs from NumPy's", file=sys.stderr)
        return 1
    print("\nall results equal NumPy's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
