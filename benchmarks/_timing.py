"""Shared timing helpers: the same method for every library in one process
(synchronise the device, warm up, median of repeats)."""
import os
import statistics
import sys
import time

import numpy as np

# Benchmarks run from a source checkout built in place.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_peers():
    """gpuarray plus whichever of CuPy and PyTorch import and see a GPU."""
    import gpuarray as gp
    # the kernel variant the test suite ran on (tests/conftest.py)
    for kv in filter(None, os.environ.get("GPUARRAY_TEST_TUNE", "").split(",")):
        k, v = kv.split("=")
        gp._core._tune(k.strip(), int(v))
    peers = {"gpuarray": gp}
    try:
        import cupy as cp
        cp.cuda.runtime.getDeviceCount()
        peers["cupy"] = cp
    except Exception:
        pass
    try:
        import torch
        if torch.cuda.is_available():
            peers["torch"] = torch
    except Exception:
        pass
    return peers


def sync(lib):
    """A function that waits for all queued work of `lib`."""
    name = getattr(lib, "__name__", "")
    if name == "gpuarray":
        return lib.cuda.synchronize
    if name == "cupy":
        return lambda: lib.cuda.Device().synchronize()
    if name == "torch":
        return lib.cuda.synchronize
    return lambda: None


def bench(fn, sync_fn=lambda: None, repeat=20, warmup=3, number=1):
    """Median seconds per call of fn (number calls per timed sample)."""
    for _ in range(warmup):
        fn()
    sync_fn()
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        sync_fn()
        samples.append((time.perf_counter() - t) / number)
    return statistics.median(samples)


def alternate(fn_a, sync_a, fn_b, sync_b, rounds=30, warmup=3,
              clock=time.perf_counter):
    """fn_a and fn_b called in turn, `rounds` times (a head-to-head: clock
    drift falls on both alike; which one goes first swaps every round, so
    run order does too).  clock: time.perf_counter (wall) or, on a shared
    machine with single-threaded libraries, time.process_time (CPU
    seconds of this process: other processes' load stays out).  Returns
    (median seconds of a, of b, rounds in which a was faster)."""
    for _ in range(warmup):
        fn_a()
        fn_b()
    sync_a()
    sync_b()
    ta, tb = [], []
    pair = ((fn_a, sync_a, ta), (fn_b, sync_b, tb))
    for r in range(rounds):
        for fn, sync_fn, ts in (pair if r % 2 == 0 else pair[::-1]):
            t = clock()
            fn()
            sync_fn()
            ts.append(clock() - t)
    wins = sum(a < b for a, b in zip(ta, tb))
    return statistics.median(ta), statistics.median(tb), wins


def fmt_time(s):
    if s < 1e-3:
        return "%.2f us" % (s * 1e6)
    if s < 1:
        return "%.3f ms" % (s * 1e3)
    return "%.3f s" % s


def table(title, rows, header):
    """Prints rows (lists of strings) under a header, aligned."""
    widths = [max(len(str(r[i])) for r in rows + [header])
              for i in range(len(header))]
    print("\n" + title)
    print("  ".join(str(h).ljust(w) for h, w in zip(header, widths)))
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))


def copy_bandwidth(gp, nbytes=2 << 30):
    """Measured device-to-device copy bandwidth (bytes read + written / s),
    the ceiling of memory-bound kernels."""
    a = gp.empty(nbytes // 4, dtype=np.float32)
    b = gp.empty_like(a)
    t = bench(lambda: b.__setitem__(Ellipsis, a), sync(gp), repeat=10)
    return 2 * nbytes / t
