"""Dask with gpuarray chunks beside Dask with NumPy (and CuPy) chunks.

The workloads of bench_core.py on a chunked array much larger than one
chunk: ones, x *= 5, the chain (x *= 5; x *= x; x += x), sum, mean/std,
and a blocked matmul.  Every Dask array is reduced to a small result, so
chunks stream through the workers; results must agree across backends
(and with the closed forms where there are some).

  python benchmarks/bench_dask.py                    # threaded scheduler
  python benchmarks/bench_dask.py --distributed      # LocalCluster, 2 workers

--distributed sizes the data at --factor (4) times one worker's memory
limit (--worker-limit, 256 MiB): the workers must stream (or spill) it.
The peak resident memory of each worker is reported beside the limit.
Absolute times are only meaningful on a GPU (benchmarks/NOTES.md).
"""
import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import dask  # noqa: E402
import dask.array as da  # noqa: E402

import gpuarray as gp  # noqa: E402
import gpuarray.dask  # noqa: E402,F401


def backends():
    names = ["numpy", "gpuarray"]
    try:
        import cupy
        cupy.cuda.runtime.getDeviceCount()
        names.append("cupy")
    except Exception:
        pass
    return names


def to_host(v):
    if isinstance(v, gp.ndarray):
        return gp.asnumpy(v)
    if type(v).__module__.startswith("cupy"):
        return v.get()
    return np.asarray(v)


def workloads(n, chunk, mat, mat_chunk):
    """name -> (builder of the Dask graph, closed-form answer or None)."""
    def ones():
        return da.ones(n, chunks=chunk).sum()

    def mul():
        x = da.ones(n, chunks=chunk)
        x *= 5
        return x.sum()

    def chain():
        x = da.ones(n, chunks=chunk)
        x *= 5
        x *= x
        x += x
        return x.sum()

    def data():
        return (da.arange(n, chunks=chunk) % 1000) / 7.0

    def sum_():
        return data().sum()

    def mean_std():
        x = data()
        return da.stack([x.mean(), x.std()])

    def matmul():
        a = (da.arange(mat * mat, chunks=mat * mat_chunk) % 17).reshape(
            mat, mat).rechunk(mat_chunk) / 3.0
        return (a @ a.T).sum(axis=0)

    m = np.arange(1000) / 7.0
    full, rest = divmod(n, 1000)
    s = full * m.sum() + m[:rest].sum()
    return {
        "ones": (ones, float(n)),
        "x *= 5": (mul, 5.0 * n),
        "chain": (chain, 50.0 * n),
        "sum": (sum_, s),
        "mean/std": (mean_std, None),
        "matmul %d (blocks %d)" % (mat, mat_chunk): (matmul, None),
    }


def run(args, compute):
    n = args.elements
    rows, results = [], {}
    small = workloads(4 * args.chunk, args.chunk, args.mat, args.mat_chunk)
    for name, (build, closed) in workloads(n, args.chunk, args.mat,
                                           args.mat_chunk).items():
        row = [name]
        for backend in backends():
            with dask.config.set({"array.backend": backend}):
                compute(small[name][0]())          # warm up (kernels)
                graph = build()
            t0 = time.perf_counter()
            value = to_host(compute(graph))
            row.append(time.perf_counter() - t0)
            results[name, backend] = value
            ref = results[name, "numpy"]
            assert np.allclose(value, ref, rtol=1e-9), (name, backend)
            if closed is not None:
                assert np.allclose(value, closed, rtol=1e-9), (name, backend)
        rows.append(row)
    names = backends()
    print("%-26s" % "workload" + "".join("%14s" % ("dask+" + b)
                                         for b in names)
          + "   gpuarray/numpy")
    for row in rows:
        print("%-26s" % row[0] + "".join("%12.3f s" % t for t in row[1:])
              + "   %8.2fx" % (row[2] / row[1]))
    print("all results equal Dask+NumPy's (rtol 1e-9) and the closed forms")


def parse_bytes(text):
    from dask.utils import parse_bytes as pb
    return pb(text)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--distributed", action="store_true")
    p.add_argument("--worker-limit", default="512MiB",
                   help="a worker process idles at ~200 MiB (Python, NumPy, "
                   "Dask, gpuarray): keep the limit well above that")
    p.add_argument("--factor", type=float, default=4.0)
    p.add_argument("--elements", type=int, default=None)
    p.add_argument("--chunk", type=int, default=None,
                   help="elements per chunk (default: 1/16 of the limit)")
    p.add_argument("--mat", type=int, default=None,
                   help="matmul size (default 8192 on a GPU, 256 on host)")
    p.add_argument("--mat-chunk", type=int, default=None)
    args = p.parse_args()
    on_gpu = gp.cuda.is_available()
    if args.mat is None:
        args.mat = 8192 if on_gpu else 256
    if args.mat_chunk is None:
        args.mat_chunk = args.mat // 4
    limit = parse_bytes(args.worker_limit)
    if args.chunk is None:
        args.chunk = limit // 16 // 8
    if args.elements is None:
        args.elements = int(args.factor * limit) // 8
    print("gpuarray device: %s; %d float64 = %.2f GiB in chunks of %.0f MiB"
          % (gp.ones(1).device, args.elements, args.elements * 8 / 2**30,
             args.chunk * 8 / 2**20))
    if not args.distributed:
        with dask.config.set(scheduler="threads"):
            run(args, lambda g: g.compute())
        return
    from distributed import Client, LocalCluster
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.environ["PYTHONPATH"] = root + os.pathsep + os.environ.get(
        "PYTHONPATH", "")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      memory_limit=args.worker_limit,
                      dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client:
        print("LocalCluster: 2 workers, memory limit %s each; data = %.1fx "
              "one worker's limit" % (args.worker_limit,
                                      args.elements * 8 / limit))
        run(args, lambda g: client.compute(g).result())

        def peak():
            import resource
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

        for addr, rss in sorted(client.run(peak).items()):
            print("worker %s: peak RSS %.0f MiB (limit %.0f MiB)"
                  % (addr, rss / 2**20, limit / 2**20))


if __name__ == "__main__":
    main()
