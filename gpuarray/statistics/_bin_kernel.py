"""Counting into few bins on a GPU: per-block counters in shared memory.

Note [Privatized bin counts]: the elementwise counting of histograms.py
(one global 64-bit atomicAdd per element) serialises on the few addresses
of a histogram with ten bins: at 1e8 elements it ran 16x slower than
CuPy's.  Here each block first counts into 32-bit counters in shared
memory (the edges are copied there too, so the binary search never leaves
the SM), then adds each non-zero counter to the global 64-bit count once.
Counts stay exact and order-free (integer adds).  A block sees at most
2^31 elements (the grid grows with n), so its 32-bit counters cannot wrap.

Only on cuda: on the host device shared memory and __syncthreads make a
raw kernel's threads fibers (Note [Raw kernels on host]), and the
elementwise loop with relaxed atomics is already the fast form there.
Above MAX_BINS the counters do not fit in shared memory and the caller
keeps the global-atomic loop.
"""
import numpy as _np

from .. import _core

MAX_BINS = 2048
THREADS = 256

SOURCE = r"""
typedef %(T)s T;
typedef %(E)s E;

extern "C" __global__ void gpa_count_bins(
    const T *x, long long n, const E *edges, long long nb,
    unsigned long long *counts)
{
    extern __shared__ unsigned long long gpa_smem[];
    E *se = reinterpret_cast<E *>(gpa_smem);
    unsigned int *h = reinterpret_cast<unsigned int *>(se + nb + 1);
    for (long long i = threadIdx.x; i < nb; i += blockDim.x)
        h[i] = 0;
    for (long long i = threadIdx.x; i <= nb; i += blockDim.x)
        se[i] = %(EDGE)s;
    __syncthreads();
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
         i < n; i += (long long)gridDim.x * blockDim.x) {
        %(BIN)s
    }
    __syncthreads();
    for (long long i = threadIdx.x; i < nb; i += blockDim.x)
        if (h[i])
            atomicAdd(counts + i, (unsigned long long)h[i]);
}
"""

# NumPy's rule: edges[i] <= v < edges[i+1], the last bin also its right
# edge; outside and NaN count nowhere.
_SEARCH = """const E v = (E)x[i];
        if (v >= se[0] && v <= se[nb]) {
            long long lo = 0, hi = nb + 1;
            while (lo < hi) {
                const long long mid = lo + (hi - lo) / 2;
                if (se[mid] <= v) lo = mid + 1; else hi = mid;
            }
            atomicAdd(h + (lo - 1 < nb ? lo - 1 : nb - 1), 1u);
        }"""

# bincount: the value is the bin (non-negative, below nb: checked by the
# caller's extremes)
_DIRECT = "atomicAdd(h + (long long)x[i], 1u);"

# one compiled kernel per (device, value type, edge type or None)
_kernels = {}


def source(dt, edge_dt=None):
    """The kernel text for values of dt, searched in edges of edge_dt, or
    counted directly as bin numbers when edge_dt is None (also for the
    NVRTC test)."""
    from ..kernels.raw_args import C_TYPES   # lazy: Note [Lazy namespace]
    dt = _np.dtype(dt)
    if edge_dt is None:
        return SOURCE % {"T": C_TYPES[dt.char], "E": "long long",
                         "EDGE": "(E)i", "BIN": _DIRECT}
    e = _np.dtype(edge_dt)
    return SOURCE % {"T": C_TYPES[dt.char], "E": C_TYPES[e.char],
                     "EDGE": "edges[i]", "BIN": _SEARCH}


def usable(x, nb, edges=None):
    """Whether the shared-memory kernel runs this count: on a cuda device,
    a contiguous 1-d input of a type it knows, float32/64 edges (half
    edges keep the elementwise loop), few enough bins."""
    return (0 < nb <= MAX_BINS and _core._get_device()[0] == "cuda"
            and x.ndim == 1 and x.flags.c_contiguous
            and x.dtype.char in "?bBhHiIlLqQfd"
            and (edges is None or edges.dtype.char in "fd"))


def count(x, counts, edges=None):
    """Adds the counts of x's values per bin into counts (int64, C order):
    bins of the sorted float edges (nb + 1 of them), or, with edges None,
    x's values as bin numbers 0..nb-1."""
    nb = counts.shape[0]
    n = x.shape[0]
    dev = _core._get_device()
    key = (dev, x.dtype.char, None if edges is None else edges.dtype.char)
    k = _kernels.get(key)
    if k is None:
        # A lazy load (Note [Lazy namespace] in _engine/lazy.py), as the
        # integer products do: the kernels chapter loads on first use.
        from ..kernels.raw import RawKernel
        k = _kernels[key] = RawKernel(
            source(x.dtype, None if edges is None else edges.dtype),
            "gpa_count_bins")
    esize = 8 if edges is None else edges.itemsize
    shared = (nb + 1) * esize + nb * 4
    shared += -shared % 8
    sms = _core._device_info(dev[1])["multiprocessor_count"]
    # enough blocks to fill the GPU, and never 2^31 elements in one block
    blocks = max(min(-(-n // THREADS), 8 * sms), -(-n // (1 << 31)), 1)
    i64 = _np.int64
    k((blocks,), (THREADS,),
      (x, i64(n), counts if edges is None else edges, i64(nb), counts),
      shared_mem=shared)
