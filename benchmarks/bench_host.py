"""The host device beside NumPy (issue 17), in one process, each workload's
two sides called in turn (_timing.alternate), median per call and ratio
gpuarray / NumPy (below 1: gpuarray faster):

  x *= 5, x + y            1e7 float64 (memory speed)
  chain                    x *= 5; x *= x; x += x, three passes
  fused chain              gp.fuse of the chain: one pass
  b + b                    10 elements: the per-call cost of the C path
  sum float32              1e7: time and relative error against math.fsum
  first calls              a fresh process with an empty user cache:
                           a + b, np.sin, sum, cumsum, astype on every
                           dtype, compiles counted (the shipped set,
                           python -m gpuarray.precompile)

    python benchmarks/bench_host.py [--size N] [--rounds R]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

from _timing import alternate

import gpuarray as gp

FIRST_CALLS = r"""
import json, sys, time, warnings
import numpy as np
t0 = time.perf_counter()
import gpuarray as gp
imp = time.perf_counter() - t0
warnings.simplefilter("ignore")
worst = ("", 0.0)
for ch in "?bBhHiIlLefdFD":
    a = gp.asarray((np.arange(100) % 7 + 1).astype(ch))
    for name, fn in (("a + b", lambda: a + a), ("np.sin", lambda: np.sin(a)),
                     ("sum", lambda: a.sum()), ("cumsum", lambda: a.cumsum()),
                     ("astype", lambda: a.astype(np.float64))):
        t = time.perf_counter()
        fn()
        dt = time.perf_counter() - t
        if dt > worst[1]:
            worst = ("%s %s" % (name, np.dtype(ch).name), dt)
s = gp._core._jit_stats()
print(json.dumps(dict(import_s=imp, worst=worst[0], worst_s=worst[1],
                      compiles=s["compiles"],
                      shipped=s["precompiled_hits"])))
"""


def first_calls():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, GPUARRAY_CACHE_DIR=cache,
                   PYTHONPATH=root + os.pathsep + os.environ.get(
                       "PYTHONPATH", ""))
        out = subprocess.check_output([sys.executable, "-c", FIRST_CALLS],
                                      env=env, cwd=root)
    return json.loads(out.decode().splitlines()[-1])


def row(name, tg, tn, note=""):
    print("%-26s %10.3f %10.3f %7.2fx  %s" % (name, tg * 1e3, tn * 1e3,
                                               tg / tn, note))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--size", type=float, default=1e7)
    p.add_argument("--rounds", type=int, default=15)
    args = p.parse_args()
    n, r = int(args.size), args.rounds
    print("host device, %d threads; %d elements; ms per call (median of %d)"
          % (gp._core._host_threads() if hasattr(gp._core, "_host_threads")
             else os.cpu_count(), n, r))
    print("%-26s %10s %10s %8s" % ("workload", "gpuarray", "numpy", "ratio"))
    rng = np.random.default_rng(0)
    # values that stay finite through the chain (x *= 5 grows them)
    xn = rng.random(n) * 1e-3
    yn = rng.random(n)
    xg, yg = gp.asarray(xn), gp.asarray(yn)

    def g_mul():
        xg.__imul__(5)

    def n_mul():
        xn.__imul__(5)

    row("x *= 5", *alternate(g_mul, gp.cuda.synchronize, n_mul,
                             lambda: None, rounds=r)[:2])
    row("x + y", *alternate(lambda: xg + yg, gp.cuda.synchronize,
                            lambda: xn + yn, lambda: None, rounds=r)[:2])

    def g_chain():
        xg.__imul__(5)
        xg.__imul__(xg)
        xg.__iadd__(xg)

    def n_chain():
        xn.__imul__(5)
        xn.__imul__(xn)
        xn.__iadd__(xn)

    def chain(x):
        x = x * 5
        x = x * x
        return x + x

    fused = gp.fuse(chain)
    with np.errstate(all="ignore"):
        row("chain (3 in-place ops)", *alternate(
            g_chain, gp.cuda.synchronize, n_chain, lambda: None,
            rounds=r)[:2])
        xg[...] = 1e-3
        xn[...] = 1e-3
        row("fused chain", *alternate(lambda: fused(xg), gp.cuda.synchronize,
                                      n_chain, lambda: None, rounds=r)[:2],
            note="gp.fuse(chain)(x) vs NumPy's 3 in-place ops")
    bg, bn = gp.asarray(np.arange(10.0)), np.arange(10.0)

    def loop(f, k=2000):
        def run():
            for _ in range(k):
                f()
        return run

    tg, tn, _ = alternate(loop(lambda: bg + bg), gp.cuda.synchronize,
                          loop(lambda: bn + bn), lambda: None, rounds=r)
    row("b + b, 10 elements (us)", tg / 2000 * 1e3, tn / 2000 * 1e3,
        note="per call, microseconds")
    s32 = rng.random(n, dtype=np.float32)
    sg = gp.asarray(s32)
    ref = math.fsum(s32.astype(np.float64))
    eg = abs(float(sg.sum()) - ref) / ref
    en = abs(float(s32.sum()) - ref) / ref
    tg, tn, _ = alternate(lambda: sg.sum(), gp.cuda.synchronize,
                          lambda: s32.sum(), lambda: None, rounds=r)
    row("sum float32", tg, tn, note="relative error %.2g vs NumPy's %.2g"
        % (eg, en))
    f = first_calls()
    print("fresh process, empty user cache: import %.0f ms; a + b, np.sin, "
          "sum, cumsum, astype on 14 dtypes: %d compiles, %d shipped modules "
          "loaded, slowest first call %.1f ms (%s)"
          % (f["import_s"] * 1e3, f["compiles"], f["shipped"],
             f["worst_s"] * 1e3, f["worst"]))


if __name__ == "__main__":
    main()
