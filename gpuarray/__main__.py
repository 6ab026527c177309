"""python -m gpuarray: where the GPU starts to win.

The story of the well-known article "CuPy makes NumPy 700x faster": make
an array of ones, multiply it by 5 in place, then the chain x *= 5;
x *= x; x += x -- plus a sum and a round trip through device memory --
timed for NumPy and gpuarray (and CuPy and PyTorch when they are installed
and a GPU is there) at sizes from 1e3 to 1e9 elements.  Small arrays are
dominated by the fixed cost of a call (a kernel launch, a Python call), so
NumPy wins; as the size grows the GPU's memory bandwidth takes over.  The
article's size table showed just that, and so does the speedup table
printed here.

Sizes are capped so that nothing is allocated past the free device and
host memory (--memory-fraction of each), every result is checked against
NumPy's, and a PNG plot of time against size is written when matplotlib
is installed.  `python -m gpuarray --help` lists the options.
"""
import argparse
import math
import os
import sys
import textwrap
import time

import numpy as np

import gpuarray as gp

LADDER = [10 ** k for k in range(3, 10)]  # 1e3 .. 1e9, as the article's table
WORKLOADS = [  # (key, label, column title of the speedup table)
    ("ones", "ones(n)", "ones"),
    ("mul", "x *= 5", "x *= 5"),
    ("chain", "x *= 5; x *= x; x += x", "chain"),
    ("sum", "x.sum()", "sum"),
    ("roundtrip", "to device and back", "round trip"),
]
# Measured with this main job on an NVIDIA H200, 1e9 float64
# (benchmarks/NOTES.md, session 5), for the host device's closing note.
H200_MS = {"ones": 1.76, "mul": 3.87, "chain": 11.50, "sum": 1.80,
           "roundtrip": 524.0}
# Bytes per element a size needs at its peak (one library at a time, see
# run_size): host for NumPy's array plus a copy, the round trip's source and
# result, and (on the host device) gpuarray's own arrays; device for the
# array and a new one made while the old is still alive.
HOST_COPIES, DEVICE_COPIES = 3, 2


def build_parser():
    p = argparse.ArgumentParser(
        prog="python -m gpuarray",
        description="Time NumPy against gpuarray (and CuPy/PyTorch when "
        "installed) on the workloads of the 'CuPy makes NumPy 700x faster' "
        "article, at sizes from 1e3 to 1e9 elements, and show where the "
        "GPU starts to win.",
        epilog="Sizes past --memory-fraction of the free device or host "
        "memory are skipped (and said so). On the host device (no GPU) "
        "this shows the CPU stand-in; the closing note gives a GPU's "
        "figures.")
    p.add_argument("--max-size", type=float, default=None, metavar="N",
                   help="largest array size, in elements (default: 1e9 on "
                   "a GPU, 1e8 on the host device)")
    p.add_argument("--min-size", type=float, default=1e3, metavar="N",
                   help="smallest array size (default: 1e3)")
    p.add_argument("--sizes", default=None, metavar="LIST",
                   help="comma-separated sizes instead of the powers of ten "
                   "between --min-size and --max-size, e.g. 1e3,3e4,1e6")
    p.add_argument("--quick", action="store_true",
                   help="a fast look: sizes 1e3 to 1e5 and 2 repeats (what "
                   "the tests run on the host)")
    p.add_argument("--repeat", type=int, default=None, metavar="R",
                   help="timed samples per measurement; the best is kept "
                   "(default: 3, or 2 with --quick)")
    p.add_argument("--dtype", default="float64",
                   choices=["float64", "float32"],
                   help="element type (default: float64, as the article)")
    p.add_argument("--plot", default="gpuarray_speedup.png", metavar="PATH",
                   help="where to write the PNG of time against size "
                   "(default: ./gpuarray_speedup.png; needs matplotlib)")
    p.add_argument("--no-plot", action="store_true",
                   help="write no plot")
    p.add_argument("--no-peers", action="store_true",
                   help="leave out CuPy and PyTorch even when installed")
    p.add_argument("--memory-fraction", type=float, default=0.7,
                   metavar="F", help="use at most this fraction of the free "
                   "device and host memory (default: 0.7)")
    return p


# ---------------------------------------------------------------- memory

def host_free_bytes():
    """Memory the OS can give without swapping (MemAvailable), or None."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return None


def pick_sizes(sizes, itemsize, host_free, device_free, fraction, on_host):
    """(sizes that fit, [(size, reason)] skipped): a size fits when its
    peak need stays within `fraction` of the free host memory and (on a
    GPU) of the free device memory.  None means unknown: no limit."""
    host_copies = HOST_COPIES + (DEVICE_COPIES if on_host else 0)
    keep, skipped = [], []
    for n in sizes:
        need_host = host_copies * n * itemsize
        need_dev = 0 if on_host else DEVICE_COPIES * n * itemsize
        if host_free is not None and need_host > fraction * host_free:
            skipped.append((n, "needs %s of host memory, %s free"
                            % (gb(need_host), gb(host_free))))
        elif device_free is not None and need_dev > fraction * device_free:
            skipped.append((n, "needs %s of device memory, %s free"
                            % (gb(need_dev), gb(device_free))))
        else:
            keep.append(n)
    return keep, skipped


def gb(nbytes):
    return "%.1f GB" % (nbytes / 1e9)


def size_label(n):
    e = int(math.floor(math.log10(n)))
    m = n / 10 ** e
    return "1e%d" % e if m == 1 else "%ge%d" % (m, e)


# ------------------------------------------------------------- libraries

class Library:
    """One array library: how to make, change, reduce and transfer."""

    def __init__(self, name, xp, sync, dtype, to_host, free_cache):
        self.name, self.xp, self.sync = name, xp, sync
        self.dtype, self.to_host, self.free_cache = dtype, to_host, free_cache

    def ones(self, n):
        return self.xp.ones(n, dtype=self.dtype)

    def roundtrip(self, host):
        return self.to_host(self.from_host(host))


def numpy_library(dtype):
    lib = Library("NumPy", np, lambda: None, dtype, lambda a: a,
                  lambda: None)
    lib.from_host = np.array  # NumPy's "round trip" is a copy
    return lib


def gpuarray_library(dtype):
    pool = gp.get_default_memory_pool()
    lib = Library("gpuarray", gp, gp.cuda.synchronize, dtype, gp.asnumpy,
                  pool.free_all_blocks)
    lib.from_host = gp.asarray
    return lib


def peer_libraries(dtype):
    """CuPy and PyTorch, each when importable and it sees a GPU."""
    peers = []
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() > 0:
            lib = Library("CuPy", cupy, cupy.cuda.Device().synchronize,
                          dtype, cupy.asnumpy,
                          cupy.get_default_memory_pool().free_all_blocks)
            lib.from_host = cupy.asarray
            peers.append(lib)
    except Exception:  # not installed, or no usable GPU for it
        pass
    try:
        import torch
        if torch.cuda.is_available():
            tdt = getattr(torch, np.dtype(dtype).name)

            class _Torch:
                @staticmethod
                def ones(n, dtype=None):
                    return torch.ones(n, dtype=tdt, device="cuda")
            lib = Library("PyTorch", _Torch, torch.cuda.synchronize, dtype,
                          lambda t: t.cpu().numpy(), torch.cuda.empty_cache)
            lib.from_host = lambda a: torch.from_numpy(a).to("cuda")
            peers.append(lib)
    except Exception:
        pass
    return peers


# ---------------------------------------------------------------- timing

def best_time(fn, sync, repeat, target_s):
    """Best per-call time over `repeat` samples; each sample runs fn
    enough times (after one warm-up call) to last about target_s."""
    fn()
    sync()
    t = time.perf_counter()
    fn()
    sync()
    once = max(time.perf_counter() - t, 1e-7)
    calls = max(1, min(10000, int(target_s / once)))
    best = once
    for _ in range(repeat):
        sync()
        t = time.perf_counter()
        for _ in range(calls):
            fn()
        sync()
        best = min(best, (time.perf_counter() - t) / calls)
    return best


def sample(lib, x, n, on_host=False):
    """About 1e5 elements of x (lib's array, or NumPy's when on_host),
    evenly spaced, as a NumPy array."""
    part = x[::max(1, n // 100000)]
    return np.array(part if on_host else lib.to_host(part))


def apply(key, x):
    if key == "mul":
        x *= 5
    elif key == "chain":
        x *= 5
        x *= x
        x += x
    return x


def run_size(lib, n, repeat, dtype, expect):
    """{workload: seconds} for one library at size n, and whether every
    result equals NumPy's (`expect`: NumPy's results on the same samples,
    filled by the NumPy library's run, which comes first)."""
    target = 0.002 if repeat <= 2 else 0.01
    times, ok = {}, True
    state = {"x": lib.ones(n)}

    def make():
        state["x"] = None  # the old array goes first: one array's memory
        state["x"] = lib.ones(n)
    times["ones"] = best_time(make, lib.sync, repeat, target)
    for key in ("mul", "chain"):
        x = lib.ones(n)
        got = sample(lib, apply(key, x), n)  # checked on a fresh array
        ok &= check(expect, key, got)
        state["x"] = x
        times[key] = best_time(lambda: apply(key, state["x"]), lib.sync,
                               repeat, target)
    state["x"] = None
    x = lib.ones(n)
    s = float(x.sum())
    ok &= check(expect, "sum", s)
    times["sum"] = best_time(lambda: x.sum(), lib.sync, repeat, target)
    ok &= check(expect, "ones", sample(lib, x, n))
    del x
    lib.free_cache()
    host = np.ones(n, dtype=dtype)
    ok &= check(expect, "roundtrip", sample(lib, lib.roundtrip(host), n,
                                            on_host=True))
    times["roundtrip"] = best_time(lambda: lib.roundtrip(host), lib.sync,
                                   repeat, target)
    del host
    lib.free_cache()
    return times, ok


def check(expect, key, got):
    if key not in expect:
        expect[key] = got  # NumPy's own result: the reference
        return True
    want = expect[key]
    if np.ndim(want):
        return bool(np.array_equal(want, got))
    return bool(np.isclose(want, got, rtol=1e-6))


class Progress:
    """One line on stderr, redrawn in place on a terminal; a line per
    size otherwise (logs stay short)."""

    def __init__(self, total):
        self.total, self.done, self.t0 = total, 0, time.perf_counter()
        self.tty = sys.stderr.isatty()

    def step(self, what):
        self.done += 1
        msg = "[%d/%d] %s (%.0f s)" % (self.done, self.total, what,
                                       time.perf_counter() - self.t0)
        if self.tty:
            sys.stderr.write("\r\x1b[K" + msg)
        else:
            sys.stderr.write(msg + "\n")
        sys.stderr.flush()

    def close(self):
        if self.tty:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


# ---------------------------------------------------------------- output

def describe_device(kind, ordinal):
    if kind == "cuda":
        dev = gp.cuda.Device(ordinal)
        return ("gpuarray %s on CUDA device %d: %s (compute capability %s)"
                % (gp_version(), ordinal, dev.name, dev.compute_capability))
    cfg = gp._core._config()
    return ("gpuarray %s on the host device: the CPU stand-in for a GPU (no "
            "usable CUDA device here). Its kernels are the same CUDA C++ "
            "source, compiled by the system C++ compiler (%s) and run on %d "
            "thread%s (GPUARRAY_HOST_THREADS changes that)."
            % (gp_version(), cfg["cxx"], cfg["host_threads"],
               "" if cfg["host_threads"] == 1 else "s"))


def gp_version():
    try:
        from importlib.metadata import version
        return version("gpuarray")
    except Exception:
        return "(not installed)"


def print_tables(sizes, results, libs, ok):
    names = [lib.name for lib in libs]
    print("\nTime per call (best of the samples), in ms:")
    head = "%-24s %6s" % ("workload", "size") + "".join(
        " %11s" % nm for nm in names) + "  equal"
    print(head)
    for key, label, _ in WORKLOADS:
        for n in sizes:
            row = "%-24s %6s" % (label, size_label(n))
            for nm in names:
                t = results[nm].get(n, {}).get(key)
                row += " %11s" % ("-" if t is None else "%.4g" % (t * 1e3))
            print(row + "  " + ("yes" if ok[n] else "NO"))
    say("\nSpeedup of gpuarray over NumPy by array size (NumPy's time / "
        "gpuarray's; above 1: gpuarray is faster; chain: x *= 5; x *= x; "
        "x += x; the NumPy side of the round trip is a copy):")
    print("%6s" % "size" + "".join(" %11s" % short
                                   for _, _, short in WORKLOADS))
    for n in sizes:
        cells = [results["NumPy"][n][k] / results["gpuarray"][n][k]
                 for k, _, _ in WORKLOADS]
        print("%6s" % size_label(n) + "".join(" %10.3gx" % c for c in cells))
    wins = []
    for key, label, _ in WORKLOADS:
        ratio = [results["NumPy"][n][key] / results["gpuarray"][n][key]
                 for n in sizes]
        start = next((i for i in range(len(sizes))
                      if all(r > 1 for r in ratio[i:])), None)
        if start is not None:
            wins.append("%s from %s" % (label, size_label(sizes[start])))
    if wins:
        say("\ngpuarray is faster than NumPy: " + "; ".join(wins) + ".")
    else:
        say("\ngpuarray is not faster than NumPy at any of these sizes on "
            "this device.")


def say(text):
    """Prints a paragraph wrapped to 79 columns (a leading blank line
    kept)."""
    lead = "\n" if text.startswith("\n") else ""
    print(lead + textwrap.fill(text.strip(), 79))


def host_note(sizes, results):
    note = ("\nThis was the host device, the CPU stand-in: it shows that the "
            "code runs and gives NumPy's answers, not how fast a GPU is. On "
            "an NVIDIA H200 this main job measured, on 1e9 float64 "
            "(benchmarks/NOTES.md): ones %.2f ms, x *= 5 %.2f ms, the chain "
            "%.2f ms, x.sum() %.2f ms, and there gpuarray beats NumPy from "
            "about 3e4 elements (a * b + c)."
            % (H200_MS["ones"], H200_MS["mul"], H200_MS["chain"],
               H200_MS["sum"]))
    n = sizes[-1]
    if n >= 1e7:  # smaller arrays sit in the CPU's caches: no estimate
        np_ms = results["NumPy"][n]["mul"] * 1e3 * (1e9 / n)
        note += (" NumPy took %.4g ms here for x *= 5 on %s elements, about "
                 "%.0f ms for 1e9: the H200 would be about %.0fx faster."
                 % (results["NumPy"][n]["mul"] * 1e3, size_label(n), np_ms,
                    np_ms / H200_MS["mul"]))
    return note


def write_plot(path, sizes, results, libs, title):
    """The PNG: time against size, log-log, one panel per workload.
    Returns a sentence saying what was written or why not."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return ("plot skipped: matplotlib is not installed "
                "(python3 -m pip install matplotlib)")
    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5))
    for ax, (key, label, _) in zip(axes.flat, WORKLOADS):
        for lib in libs:
            pts = [(n, results[lib.name][n][key] * 1e3) for n in sizes
                   if key in results[lib.name].get(n, {})]
            if pts:
                ax.loglog(*zip(*pts), marker="o", label=lib.name)
        ax.set_title(label)
        ax.set_xlabel("elements")
        ax.set_ylabel("ms per call")
        ax.grid(True, which="both", alpha=0.3)
    axes.flat[0].legend()
    ax = axes.flat[len(WORKLOADS)]
    for key, label, _ in WORKLOADS:
        ax.semilogx(sizes, [results["NumPy"][n][key]
                            / results["gpuarray"][n][key] for n in sizes],
                    marker="o", label=label)
    ax.axhline(1.0, color="gray", lw=1)
    ax.set_yscale("log")
    ax.set_title("speedup over NumPy")
    ax.set_xlabel("elements")
    ax.legend(fontsize=7)
    ax.grid(True, which="both", alpha=0.3)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return "plot written to %s" % path


# ------------------------------------------------------------------ main

def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.repeat is not None and args.repeat < 1:
        raise SystemExit("--repeat must be at least 1")
    if not 0 < args.memory_fraction <= 1:
        raise SystemExit("--memory-fraction must be in (0, 1]")
    kind, ordinal = gp._core._get_device()
    on_host = kind != "cuda"
    dtype = np.dtype(args.dtype)
    repeat = args.repeat or (2 if args.quick else 3)
    if args.sizes:
        try:
            sizes = sorted({int(float(s)) for s in args.sizes.split(",")})
        except ValueError:
            raise SystemExit("--sizes takes numbers such as 1e3,1e5")
    else:
        hi = args.max_size or (1e5 if args.quick else
                               (1e8 if on_host else 1e9))
        sizes = [n for n in LADDER if args.min_size <= n <= hi]
    if not sizes or sizes[0] < 1:
        raise SystemExit("no sizes to run: check --sizes/--min-size/"
                         "--max-size")
    say(describe_device(kind, ordinal))

    device_free = None
    if not on_host:
        device_free = gp.cuda.runtime.memGetInfo()[0]
    host_free = host_free_bytes()
    sizes, skipped = pick_sizes(sizes, dtype.itemsize, host_free,
                                device_free, args.memory_fraction, on_host)
    free = "host %s free" % (gb(host_free) if host_free else "unknown")
    if device_free is not None:
        free += ", device %s free" % gb(device_free)
    say("workloads on %s arrays of %s elements (%s)"
        % (dtype.name, ", ".join(size_label(n) for n in sizes) or "none",
           free))
    for n, why in skipped:
        print("skipped %s: %s" % (size_label(n), why))
    if not sizes:
        return 1

    libs = [numpy_library(dtype), gpuarray_library(dtype)]
    if not args.no_peers and not on_host:
        libs += peer_libraries(dtype)
    results = {lib.name: {} for lib in libs}
    ok = {}
    progress = Progress(len(sizes) * len(libs))
    for n in sizes:
        expect, ok[n] = {}, True
        for lib in libs:
            progress.step("%s elements: %s" % (size_label(n), lib.name))
            # the timed in-place loops run the values up to inf: expected
            with np.errstate(over="ignore", invalid="ignore"):
                results[lib.name][n], good = run_size(lib, n, repeat, dtype,
                                                      expect)
            ok[n] &= good
    progress.close()

    print_tables(sizes, results, libs, ok)
    if on_host:
        say(host_note(sizes, results))
    if not args.no_plot:
        title = describe_device(kind, ordinal).split(":")[0]
        print(write_plot(args.plot, sizes, results, libs,
                         "%s, %s: time per call against size"
                         % (title, dtype.name)))
    if not all(ok.values()):
        print("\nMISMATCH: a result differs from NumPy's", file=sys.stderr)
        return 1
    print("all results equal NumPy's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
