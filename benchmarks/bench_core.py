"""Issue 2 and 3 benchmarks: creation, transfers, the pool, in-place
arithmetic, per-call overhead, the a*b+c size sweep and kernel compile
times -- gpuarray beside CuPy and PyTorch in one process.

Run: python benchmarks/bench_core.py [--small] [--plot out.png]
(--small: sizes for the host device or a quick look.)
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import bench, copy_bandwidth, fmt_time, load_peers, sync, table  # noqa: E402


def creation(peers, shape):
    rows = []
    for name, lib in peers.items():
        if name == "torch":
            fn = lambda: lib.ones(shape, dtype=lib.float64, device="cuda")  # noqa: E731
        else:
            fn = lambda lib=lib: lib.ones(shape, dtype=np.float64)  # noqa: E731
        rows.append([name, fmt_time(bench(fn, sync(lib), repeat=10))])
    table("ones(%s) float64" % (shape,), rows, ["library", "time"])
    return rows


def transfers(peers, nbytes):
    n = nbytes // 8
    host = np.random.default_rng(0).random(n)
    rows = []
    for name, lib in peers.items():
        if name == "torch":
            dev = lib.from_numpy(host).cuda()
            to_host = lambda: dev.cpu().numpy()  # noqa: E731
            to_dev = lambda: lib.from_numpy(host).cuda()  # noqa: E731
        else:
            dev = lib.asarray(host)
            to_host = lambda lib=lib, dev=dev: lib.asnumpy(dev)  # noqa: E731
            to_dev = lambda lib=lib: lib.asarray(host)  # noqa: E731
        s = sync(lib)
        t_d2h = bench(to_host, s, repeat=3, warmup=1)
        t_h2d = bench(to_dev, s, repeat=3, warmup=1)
        ok = np.array_equal(lib.asnumpy(dev) if name != "torch"
                            else dev.cpu().numpy(), host)
        rows.append([name, "%.1f GB/s" % (nbytes / t_d2h / 1e9),
                     "%.1f GB/s" % (nbytes / t_h2d / 1e9), ok])
        del dev
    table("transfers of %.1f GB" % (nbytes / 1e9), rows,
          ["library", "asnumpy (D2H)", "asarray (H2D)", "equal"])
    return rows


def pool(peers):
    rows = []
    for name, lib in peers.items():
        if name == "torch":
            fn = lambda: lib.empty(10, device="cuda")  # noqa: E731
        else:
            fn = lambda lib=lib: lib.empty(10)  # noqa: E731
        rows.append([name, fmt_time(bench(fn, number=10000, repeat=5))])
    table("allocate + free a 10-element array (warm pool)", rows,
          ["library", "per call"])


def inplace(peers, n):
    rows = []
    expect = None
    for name, lib in peers.items():
        s = sync(lib)
        if name == "torch":
            x = lib.ones(n, dtype=lib.float64, device="cuda")
            mul = lambda: x.mul_(5)  # noqa: E731

            def chain():
                x.mul_(5)
                x.mul_(x)
                x.add_(x)
        else:
            x = lib.ones(n, dtype=np.float64)

            def mul(x=x):
                x *= 5

            def chain(x=x):
                x *= 5
                x *= x
                x += x
        t1 = bench(mul, s, repeat=10)
        t2 = bench(chain, s, repeat=10)
        rows.append([name, fmt_time(t1), "%.0f GB/s" % (16 * n / t1 / 1e9),
                     fmt_time(t2)])
        del x
    table("x *= 5 and x *= 5; x *= x; x += x on %g float64" % n, rows,
          ["library", "x *= 5", "bandwidth", "chain"])


def per_call(peers):
    rows = []
    nb = np.arange(10.0)
    rows.append(["numpy", fmt_time(bench(lambda: nb + nb, number=20000,
                                         repeat=5))])
    for name, lib in peers.items():
        b = (lib.arange(10, dtype=lib.float64, device="cuda")
             if name == "torch" else lib.arange(10, dtype=np.float64))
        rows.append([name, fmt_time(bench(lambda: b + b, sync(lib),
                                          number=20000, repeat=5))])
    table("per call: b + b, 10 elements", rows, ["library", "per call"])


def sweep(peers, sizes, plot=None):
    """a * b + c: speedup over NumPy per size, and where each starts
    winning."""
    rng = np.random.default_rng(1)
    results = {name: [] for name in peers}
    for n in sizes:
        ha, hb, hc = (rng.random(n, dtype=np.float32) for _ in range(3))
        reps = 20 if n <= 1e7 else 3
        t_np = bench(lambda: ha * hb + hc, repeat=reps, warmup=1)
        for name, lib in peers.items():
            if name == "torch":
                a, b, c = (lib.from_numpy(h).cuda() for h in (ha, hb, hc))
            else:
                a, b, c = (lib.asarray(h) for h in (ha, hb, hc))
            t = bench(lambda: a * b + c, sync(lib), repeat=reps)
            results[name].append(t_np / t)
            del a, b, c
    rows = []
    for i, n in enumerate(sizes):
        rows.append(["%.0e" % n] + ["%.2fx" % results[k][i] for k in peers])
    table("a * b + c (float32): speedup over NumPy", rows,
          ["size"] + list(peers))
    for name in peers:
        win = next((sizes[i] for i, s in enumerate(results[name]) if s > 1),
                   None)
        print("  %s beats NumPy from size %s" % (
            name, "%.0e" % win if win else "never (in this sweep)"))
    if plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
            fig, ax = plt.subplots(figsize=(7, 4.5))
            for name in peers:
                ax.loglog(sizes, results[name], marker="o", label=name)
            ax.axhline(1, color="gray", lw=0.8, ls="--")
            ax.set_xlabel("elements")
            ax.set_ylabel("speedup over NumPy")
            ax.set_title("a * b + c, float32")
            ax.legend()
            fig.tight_layout()
            fig.savefig(plot, dpi=120)
            print("  plot saved to", plot)
        except ImportError:
            print("  (matplotlib missing: no plot)")


COLD_CHILD = r"""
import sys, time
import numpy as np
import gpuarray as gp
x = gp.ones(1000, dtype=np.float32)
y = gp.empty_like(x)
gp.cuda.synchronize()
t = time.perf_counter()
gp._core._elementwise(sys.argv[1], (x,), (y,), (np.float32, np.float32))
gp.cuda.synchronize()
print(time.perf_counter() - t)
"""


def compile_times(peers):
    """First call of a never-seen kernel, then the first call of the same
    kernel in a new process with a warm disk cache."""
    rows = []
    body = "out0 = in0 * %.17gf + 1.0f;" % np.random.default_rng().random()
    env = dict(os.environ)
    env["GPUARRAY_CACHE_DIR"] = tempfile.mkdtemp(prefix="gpa-cold-")
    cold = float(subprocess.check_output(
        [sys.executable, "-c", COLD_CHILD, body], env=env))
    warm = float(subprocess.check_output(
        [sys.executable, "-c", COLD_CHILD, body], env=env))
    rows.append(["gpuarray", fmt_time(cold), fmt_time(warm)])
    if "cupy" in peers:
        cp = peers["cupy"]
        k = cp.ElementwiseKernel(
            "float32 x", "float32 y",
            "y = x * %.17gf + 1.0f" % np.random.default_rng().random(),
            "gpa_bench_%d" % os.getpid())
        x = cp.ones(1000, dtype=np.float32)
        cp.cuda.Device().synchronize()
        t = time.perf_counter()
        k(x)
        cp.cuda.Device().synchronize()
        rows.append(["cupy", fmt_time(time.perf_counter() - t), "-"])
    table("first call of a new elementwise kernel", rows,
          ["library", "cold (compile)", "new process, warm disk cache"])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--small", action="store_true")
    p.add_argument("--plot", default=None)
    args = p.parse_args()
    peers = load_peers()
    gp = peers["gpuarray"]
    kind = gp._core._get_device()[0]
    print("gpuarray device:", kind, "| peers:", ", ".join(peers))
    small = args.small or kind == "host"
    if not small:
        print("device-to-device copy bandwidth: %.2f TB/s"
              % (copy_bandwidth(gp) / 1e12))
    creation(peers, (100, 100, 100) if small else (1000, 1000, 1000))
    transfers(peers, (64 << 20) if small else (8 << 30))
    pool(peers)
    inplace(peers, 10 ** 6 if small else 10 ** 9)
    per_call(peers)
    # half decades, so the crossover with NumPy is located to within 3x
    sizes = [int(10 ** (k / 2)) for k in range(6, 16 if small else 19)]
    sweep(peers, sizes, args.plot)
    compile_times(peers)


if __name__ == "__main__":
    main()
