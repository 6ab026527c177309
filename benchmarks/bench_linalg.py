"""Matrix products and solvers: gpuarray beside NumPy (and CuPy / PyTorch
where they import and see a GPU), issue 15.

    python benchmarks/bench_linalg.py            # host workloads
    python benchmarks/bench_linalg.py --gpu      # plus 8192^2 / 4096 sizes
    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_linalg.py --clock cpu \
        --only matmul                            # a shared machine

Every workload runs in one process, gpuarray and each peer called in turn
round after round (_timing.alternate), on the same input values; prints
median times and the ratio gpuarray / peer (< 1: gpuarray faster).
Targets on the host: matmul, batched matmul, solve, cholesky within 1.2x
of NumPy; svd, eigh within 1.5x.  On the H200: matmul 8192^2 f32 within
1.02x of CuPy, solvers 4096 within 1.1x.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _timing import alternate, fmt_time, load_peers, sync, table  # noqa: E402

import numpy as np


def spd(rng, n, dt):
    a = rng.standard_normal((n, n)).astype(dt)
    return (a @ a.T + n * np.eye(n, dtype=dt)).astype(dt)


def workloads(rng, gpu, gpu_only=False):
    """(label, op, host args, big): big ones are the GPU sizes, where the
    CPU's NumPy is not a peer worth minutes per round."""
    w = []
    if gpu_only:
        return [x + (True,) for x in _gpu_workloads(rng)]
    for dt in ("float32", "float64"):
        a = rng.standard_normal((1024, 1024)).astype(dt)
        w.append(("matmul 1024^2 " + dt, "matmul", (a, a)))
    for dt in ("float32", "float64"):
        b = rng.standard_normal((64, 128, 128)).astype(dt)
        w.append(("matmul batched 64x128x128 " + dt[:1] + dt[-2:], "matmul",
                  (b, b)))
    # per-call overhead: small products, one and a stack
    for shape, dt in (((2, 2), "float64"), ((16, 16), "float32"),
                      ((1000, 2, 2), "float64"), ((100, 16, 16), "float32")):
        b = rng.standard_normal(shape).astype(dt)
        w.append(("matmul %s %s" % ("x".join(map(str, shape)),
                                    dt[:1] + dt[-2:]), "matmul", (b, b)))
    a = rng.standard_normal((512, 512))
    w.append(("solve 512 f64", "solve", (a, rng.standard_normal((512, 1)))))
    w.append(("cholesky 512 f64", "cholesky", (spd(rng, 512, "float64"),)))
    w.append(("svd 256 f64", "svd", (rng.standard_normal((256, 256)),)))
    w.append(("eigh 256 f64", "eigh", (spd(rng, 256, "float64"),)))
    w = [x + (False,) for x in w]
    if gpu:
        w += [x + (True,) for x in _gpu_workloads(rng)]
    return w


def _gpu_workloads(rng):
    w = []
    for dt in ("float32", "float64"):
        a = rng.standard_normal((8192, 8192)).astype(dt)
        w.append(("matmul 8192^2 " + dt, "matmul", (a, a)))
    a = rng.standard_normal((4096, 4096))
    w.append(("solve 4096 f64", "solve",
              (a, rng.standard_normal((4096, 1)))))
    w.append(("cholesky 4096 f64", "cholesky",
              (spd(rng, 4096, "float64"),)))
    w.append(("svd 4096 f64", "svd", (a,)))
    w.append(("eigh 4096 f64", "eigh", (spd(rng, 4096, "float64"),)))
    b = rng.standard_normal((256, 512, 512)).astype("float32")
    w.append(("matmul batched 256x512x512 f32", "matmul", (b, b)))
    return w


def call(lib, op, args):
    name = getattr(lib, "__name__", "")
    if op == "matmul":
        return lambda: lib.matmul(*args)
    if name == "torch":
        f = {"solve": lib.linalg.solve, "cholesky": lib.linalg.cholesky,
             "svd": lib.linalg.svd, "eigh": lib.linalg.eigh}[op]
    else:
        f = getattr(lib.linalg, op)
    return lambda: f(*args)


def to_lib_all(lib, xs):
    """to_lib of each argument, ONE conversion per distinct host array:
    matmul(b, b) hands every library the same array twice (NumPy reads
    one stack from cache where two copies would each be read: ~15% on
    64x128x128)."""
    done = {}
    for x in xs:
        if id(x) not in done:
            done[id(x)] = to_lib(lib, x)
    return [done[id(x)] for x in xs]


def to_lib(lib, x):
    name = getattr(lib, "__name__", "")
    if name == "numpy":
        return x
    if name == "torch":
        return lib.asarray(x, device="cuda")
    return lib.asarray(x)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--gpu", action="store_true", help="add the GPU sizes")
    p.add_argument("--gpu-only", action="store_true",
                   help="only the GPU sizes (no NumPy peer)")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="cpu: CPU seconds of the process (time.process_time)"
                   "; fair on a shared machine with OPENBLAS_NUM_THREADS=1")
    p.add_argument("--only", default="",
                   help="run the workloads whose label contains this")
    args = p.parse_args()
    peers = load_peers()
    gp = peers.pop("gpuarray")
    rng = np.random.default_rng(0)
    others = {"numpy": np}
    others.update(peers)
    rows = []
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for label, op, host_args, big in workloads(rng, args.gpu, args.gpu_only):
        if args.only not in label:
            continue
        g_args = to_lib_all(gp, host_args)
        g_fn, g_sync = call(gp, op, g_args), sync(gp)
        for pname, lib in others.items():
            if big and pname == "numpy":
                continue
            p_args = to_lib_all(lib, host_args)
            tg, tp, wins = alternate(g_fn, g_sync, call(lib, op, p_args),
                                     sync(lib), rounds=args.rounds,
                                     warmup=2, clock=clock)
            rows.append([label, pname, fmt_time(tg), fmt_time(tp),
                         "%.2fx" % (tg / tp), "%d/%d" % (wins, args.rounds)])
    table("gpuarray (device %s) vs peers: median of %d alternating rounds"
          " (%s clock)" % (gp._core._get_device()[0], args.rounds,
                           args.clock),
          rows, ["workload", "peer", "gpuarray", "peer time",
                 "ratio", "gpuarray faster"])


if __name__ == "__main__":
    main()
