"""Integer and bool matrix products: the one product kernel of our own
(no BLAS has them; cuBLAS's int8 GEMM accumulates in int32, not NumPy's
wrap-around in the result type).

Note [Integer GEMM]: one kernel text for every integer type, run by
RawKernel on both backends (a lazy load of the kernels chapter) (NVRTC on cuda, the C++ compiler on host).
Each thread owns a TILE x TILE block of C and keeps it in registers while
it walks k (register tiling: every loaded element of A and B is used TILE
times), so memory is O(inputs + output), never O(m n k).  No shared memory
and no __syncthreads: on host a block's threads run one after another
(Note [Raw kernels on host]), and a barrier would turn them into fibers.
Arithmetic is in unsigned 64 bits and truncated to the result type at the
end: products and sums modulo 2^64 reduce to the same value modulo 2^w
as NumPy's loop, which wraps in the result type at every step (and signed
overflow, undefined in C++, never happens).  Any strides (negative, zero
for broadcast) are taken as they are: no operand is copied except a batch
that does not walk with one stride.
"""
import math as _math

import numpy as _np

from .._core import _get_device
from .._engine.arrays import ascontiguousarray, empty, zeros
from ..manipulation import shapes as _mn
from ._gemm import _batch_stride

TILE = 4
THREADS = 128

SOURCE = r"""
typedef %(T)s T;
typedef unsigned long long U;

extern "C" __global__ void gpa_int_matmul(
    const T *a, const T *b, T *c, long long batch, long long m, long long n,
    long long k, long long sab, long long sam, long long sak, long long sbb,
    long long sbk, long long sbn)
{
    const long long tm = (m + %(TILE)d - 1) / %(TILE)d;
    const long long tn = (n + %(TILE)d - 1) / %(TILE)d;
    const long long tiles = batch * tm * tn;
    for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
         t < tiles; t += (long long)gridDim.x * blockDim.x) {
        const long long bi = t / (tm * tn), r = t %% (tm * tn);
        const long long i0 = (r / tn) * %(TILE)d, j0 = (r %% tn) * %(TILE)d;
        const T *ab = a + bi * sab + i0 * sam;
        const T *bb = b + bi * sbb + j0 * sbn;
        const int mi = (int)(m - i0 < %(TILE)d ? m - i0 : %(TILE)d);
        const int nj = (int)(n - j0 < %(TILE)d ? n - j0 : %(TILE)d);
        U acc[%(TILE)d][%(TILE)d];
        for (int x = 0; x < %(TILE)d; x++)
            for (int y = 0; y < %(TILE)d; y++)
                acc[x][y] = 0;
        for (long long p = 0; p < k; p++) {
            U av[%(TILE)d], bv[%(TILE)d];
            for (int x = 0; x < %(TILE)d; x++) {
                av[x] = x < mi ? (U)(long long)ab[x * sam + p * sak] : 0;
                bv[x] = x < nj ? (U)(long long)bb[p * sbk + x * sbn] : 0;
            }
            for (int x = 0; x < %(TILE)d; x++)
                for (int y = 0; y < %(TILE)d; y++)
                    acc[x][y] += av[x] * bv[y];
        }
        T *cb = c + (bi * m + i0) * n + j0;
        for (int x = 0; x < mi; x++)
            for (int y = 0; y < nj; y++)
                cb[x * n + y] = %(STORE)s;
    }
}
"""

# One compiled kernel per (device, dtype): at most 11 x devices entries.
_kernels = {}


def source(dt):
    """The kernel text for integer/bool dtype dt (also for the NVRTC test)."""
    from ..kernels.raw_args import C_TYPES   # lazy: Note [Lazy namespace]
    dt = _np.dtype(dt)
    store = "(T)(acc[x][y] != 0)" if dt == _np.bool_ else "(T)acc[x][y]"
    return SOURCE % {"T": C_TYPES[dt.char], "TILE": TILE, "STORE": store}


def _kernel(dt, device_key):
    key = (device_key, dt.char)
    k = _kernels.get(key)
    if k is None:
        # A lazy load (Note [Lazy namespace] in _engine/lazy.py): the
        # kernels chapter stays unloaded until an integer product needs it.
        from ..kernels.raw import RawKernel
        k = _kernels[key] = RawKernel(source(dt), "gpa_int_matmul")
    return k


def _strides(x, batch_ndim):
    """(batch stride or None, row stride, column stride) in elements."""
    es = x.itemsize
    if any(s % es for s in x.strides):
        return None, 0, 0
    el = [s // es for s in x.strides]
    return _batch_stride(x.shape[:batch_ndim], el[:batch_ndim]), el[-2], el[-1]


def matmul(a, b, dt):
    """a (..., M, K) @ b (..., K, N) in integer/bool dtype dt, batch axes
    broadcast; a new C-contiguous (batch..., M, N) array."""
    dt = _np.dtype(dt)
    batch = _np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    m, k = a.shape[-2:]
    n = b.shape[-1]
    shape = batch + (m, n)
    if k == 0 or 0 in shape:
        return zeros(shape, dt)
    a = _mn.broadcast_to(a.astype(dt, copy=False), batch + (m, k))
    b = _mn.broadcast_to(b.astype(dt, copy=False), batch + (k, n))
    ops = []
    for x in (a, b):
        sb, s0, s1 = _strides(x, len(batch))
        if sb is None:
            x = ascontiguousarray(x)
            sb, s0, s1 = _strides(x, len(batch))
        ops.append((x, sb, s0, s1))
    (av, sab, sam, sak), (bv, sbb, sbk, sbn) = ops
    out = empty(shape, dt)
    nb = _math.prod(batch)
    tiles = nb * -(-m // TILE) * -(-n // TILE)
    blocks = max(1, min(-(-tiles // THREADS), 1 << 16))
    i64 = _np.int64
    _kernel(dt, _get_device())(
        (blocks,), (THREADS,),
        (av, bv, out, i64(nb), i64(m), i64(n), i64(k), i64(sab), i64(sam),
         i64(sak), i64(sbb), i64(sbk), i64(sbn)))
    return out

