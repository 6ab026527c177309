"""What a first run costs: kernel compiles on a cold cache, loads from a
warm one, the cache's size per kernel, and the per-call cost of a small
operation (docs/performance.md quotes these).

    python benchmarks/bench_first_compile.py

Each phase runs in a fresh interpreter with its own cache directory (the
first cold, the second warm from the first), so the numbers are what a new
user and a returning user see.
"""
import json
import os
import subprocess
import sys
import tempfile

PHASE = r"""
import json, time
t0 = time.perf_counter()
import numpy as np
import gpuarray as gp
t_import = time.perf_counter() - t0
out = {"import_s": t_import}
x = gp.arange(1000.0)
steps = [
    ("first kernel (x + 1)", lambda: x + 1),
    ("a second (sin)", lambda: gp.sin(x)),
    ("a third (x * x)", lambda: x * x),
    ("a reduction (x.sum())", lambda: x.sum()),
    ("cumsum", lambda: gp.cumsum(x)),
    ("sort", lambda: gp.sort(x)),
    ("linalg.solve 8x8", lambda: gp.linalg.solve(gp.eye(8) * 2, gp.ones(8))),
    ("fft.fft 64", lambda: gp.fft.fft(gp.ones(64))),
]
for name, fn in steps:
    c0 = gp._core._jit_stats()["compiles"]
    t = time.perf_counter()
    fn()
    gp.cuda.synchronize()
    out[name] = (time.perf_counter() - t, gp._core._jit_stats()["compiles"] - c0)
b = gp.ones(10)
for _ in range(1000):
    b + b
t = time.perf_counter()
for _ in range(20000):
    b + b
gp.cuda.synchronize()
out["b + b (10 elements) us"] = (time.perf_counter() - t) / 20000 * 1e6
nb = np.ones(10)
t = time.perf_counter()
for _ in range(20000):
    nb + nb
out["NumPy b + b (10 elements) us"] = (time.perf_counter() - t) / 20000 * 1e6
out["stats"] = gp._core._jit_stats()
print(json.dumps(out))
"""


def phase(cache):
    env = dict(os.environ, GPUARRAY_CACHE_DIR=cache)
    p = subprocess.run([sys.executable, "-c", PHASE], env=env,
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def du(path):
    total = n = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            total += os.path.getsize(os.path.join(dirpath, f))
            n += 1
    return total, n


def main():
    with tempfile.TemporaryDirectory() as cache:
        cold = phase(cache)
        size, files = du(cache)
        warm = phase(cache)
    print("%-34s %12s %12s" % ("step", "cold cache", "warm cache"))
    for key in cold:
        if key == "stats":
            continue
        c, w = cold[key], warm[key]
        if isinstance(c, list):
            print("%-34s %9.3f s %9.3f s   (%d compiles)"
                  % (key, c[0], w[0], c[1]))
        else:
            print("%-34s %12.3f %12.3f" % (key, c, w))
    print("cache after the cold run: %.1f MB in %d files (%.0f KB each)"
          % (size / 1e6, files, size / 1e3 / max(files, 1)))
    print("cold:", cold["stats"], "\nwarm:", warm["stats"])


if __name__ == "__main__":
    main()
