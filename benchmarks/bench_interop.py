"""Zero-copy interop round trips (docs/interop.md).

Times, for one large array (1 GiB by default):

  gpuarray -> torch -> gpuarray   torch.from_dlpack, then gp.from_dlpack
  cupy -> torch -> cupy           the same with CuPy, for comparison
  gpuarray -> cupy -> gpuarray    through DLPack
  gpuarray -> CAI -> gpuarray     gp.asarray of an object exposing our
                                  __cuda_array_interface__
  gpuarray -> numpy -> gpuarray   host device only (np.from_dlpack)

Each is the median of --repeat runs after a warm-up, with the device
synchronised before timing.  A round trip that copied 1 GiB would take
hundreds of microseconds even at H200 bandwidth, so the gpuarray -> torch
-> gpuarray time must stay under 50 us (exit status 1 otherwise); the
script also checks that every round trip returns the same pointer.
Peers that are missing (or have no CUDA) are skipped.

    python benchmarks/bench_interop.py [--size-mb 1024] [--repeat 2000]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np

# Run from a checkout (python benchmarks/bench_interop.py) without install.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import gpuarray as gp  # noqa: E402

LIMIT_US = 50.0


def median_us(fn, repeat, warmup=50):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def load(name):
    try:
        if name == "torch":
            import torch
            return torch if torch.cuda.is_available() else None
        if name == "cupy":
            import cupy
            cupy.cuda.runtime.getDeviceCount()
            return cupy
    except Exception:  # noqa: BLE001 - missing or without CUDA
        return None
    return None


class CAI:
    """Exposes another array's __cuda_array_interface__ and nothing else."""

    def __init__(self, a):
        self.__cuda_array_interface__ = a.__cuda_array_interface__


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=2000)
    args = ap.parse_args()
    n = args.size_mb * (1 << 20) // 4
    on_cuda = isinstance(gp.cuda.get_current_device(), gp.cuda.Device)
    rows = []  # (name, microseconds)

    a = gp.empty(n, dtype=np.float32)
    print("array: %d MiB float32 on %s" % (args.size_mb, a.device))

    def check(name, fn, ptr_of, ptr):
        out = fn()
        if ptr_of(out) != ptr:
            raise SystemExit("%s copied the data (pointer changed)" % name)
        rows.append((name, median_us(fn, args.repeat)))

    if on_cuda:
        gp.cuda.synchronize()
        torch = load("torch")
        cupy = load("cupy")
        if torch is not None:
            torch.cuda.synchronize()
            check("gpuarray -> torch -> gpuarray",
                  lambda: gp.from_dlpack(torch.from_dlpack(a)),
                  lambda x: x.data.ptr, a.data.ptr)
        if cupy is not None and torch is not None:
            c = cupy.empty(n, dtype=cupy.float32)
            cupy.cuda.Device().synchronize()
            check("cupy -> torch -> cupy",
                  lambda: cupy.from_dlpack(torch.from_dlpack(c)),
                  lambda x: x.data.ptr, c.data.ptr)
        if cupy is not None:
            check("gpuarray -> cupy -> gpuarray",
                  lambda: gp.from_dlpack(cupy.from_dlpack(a)),
                  lambda x: x.data.ptr, a.data.ptr)
            c = cupy.empty(n, dtype=cupy.float32)
            check("cupy -> gpuarray -> cupy",
                  lambda: cupy.from_dlpack(gp.from_dlpack(c)),
                  lambda x: x.data.ptr, c.data.ptr)
        check("gpuarray -> CAI -> gpuarray",
              lambda: gp.asarray(CAI(a)), lambda x: x.data.ptr, a.data.ptr)
    else:
        check("gpuarray -> numpy -> gpuarray (host)",
              lambda: gp.from_dlpack(np.from_dlpack(a)),
              lambda x: x.data.ptr, a.data.ptr)

    ref = rows[0][1] if rows else 1.0
    print("%-40s %12s %8s" % ("round trip", "median us", "ratio"))
    for name, us in rows:
        print("%-40s %12.2f %8.2f" % (name, us, us / ref))
    key = [us for name, us in rows if name.startswith("gpuarray -> torch")]
    if key:
        ok = key[0] < LIMIT_US
        print("gpuarray -> torch -> gpuarray: %.2f us (limit %.0f us): %s"
              % (key[0], LIMIT_US, "PASS" if ok else "FAIL"))
        return 0 if ok else 1
    print("(PyTorch with CUDA not available: the %.0f us check needs it)"
          % LIMIT_US)
    return 0


if __name__ == "__main__":
    sys.exit(main())
