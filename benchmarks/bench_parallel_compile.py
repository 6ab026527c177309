"""K kernels needed at once, on a cold cache: compiled one after another
(each call compiles what it meets) against one compile_many batch with
-j compiles at a time (Note [Parallel compiles], csrc/jit/compile.c).

    python benchmarks/bench_parallel_compile.py [K] [jobs ...]

Each run is a fresh interpreter with an empty kernel cache that holds only
the precompiled prelude (built once beforehand, as any cache has it after
its first compile), so the figure is the K kernel compiles.  Prints wall
seconds, the compilers' CPU seconds and the interpreter's own (import
included) per mode.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# float32 / float64 loops of ufuncs outside the shipped set
NAMES = ["arcsinh", "arccosh", "arctanh", "expm1", "log1p", "cbrt",
         "arctan", "sinh", "cosh", "arcsin", "arccos", "tan", "log2",
         "log10", "exp2", "rint", "trunc", "fabs", "deg2rad", "rad2deg"]

RUN = r"""
import json, os, resource, sys, time
import numpy as np
import gpuarray as gp
from gpuarray._engine.jit import compile_many
k, mode = int(sys.argv[1]), sys.argv[2]
loops = [(n, t) for t in ("f4", "f8") for n in %r][:k]
a = {t: gp.asarray(np.linspace(0.1, 0.9, 64).astype(t)) for t in ("f4", "f8")}
calls = [lambda n=n, t=t: getattr(gp, n)(a[t]) for n, t in loops]
c0 = gp._core._jit_stats()["compiles"]
t = time.perf_counter()
if mode == "serial":
    for c in calls:
        c()
else:
    compile_many(calls, jobs=int(mode))
wall = time.perf_counter() - t
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
me = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"wall": wall, "compiles": gp._core._jit_stats()["compiles"]
                  - c0, "child_cpu": ru.ru_utime + ru.ru_stime,
                  "self_cpu": me.ru_utime + me.ru_stime}))
""" % NAMES


def fresh_cache(pch_from):
    d = tempfile.mkdtemp(prefix="gpa-bench-par-")
    os.chmod(d, 0o700)
    if pch_from:
        host = os.path.join(d, "host")
        os.mkdir(host, 0o700)
        for name in os.listdir(os.path.join(pch_from, "host")):
            if name.startswith("pch-"):
                shutil.copytree(os.path.join(pch_from, "host", name),
                                os.path.join(host, name))
    return d


def run(k, mode, cache):
    env = dict(os.environ, GPUARRAY_CACHE_DIR=cache,
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", RUN, str(k), mode], env=env,
                         capture_output=True, check=True).stdout
    return json.loads(out.decode().splitlines()[-1])


def main():
    k = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    modes = ["serial"] + (sys.argv[2:] or [str(len(os.sched_getaffinity(0)))])
    warm = fresh_cache(None)
    run(1, "serial", warm)          # builds the precompiled prelude
    print("K = %d kernels, %d CPUs" % (k, len(os.sched_getaffinity(0))))
    for rep in range(2):
        for mode in modes:
            cache = fresh_cache(warm)
            r = run(k, mode, cache)
            shutil.rmtree(cache, ignore_errors=True)
            print("%-8s wall %6.2f s  compiler CPU %6.2f s  Python CPU "
                  "%5.2f s  compiles %d"
                  % ("serial" if mode == "serial" else "-j " + mode,
                     r["wall"], r["child_cpu"], r["self_cpu"],
                     r["compiles"]))
    shutil.rmtree(warm, ignore_errors=True)


if __name__ == "__main__":
    main()
