"""Matrix products through the backend's BLAS (cuBLAS on cuda, OpenBLAS on
host): the one place where a row-major, strided, broadcast stack of
products becomes a column-major strided-batched GEMM call.

Note [GEMM marshalling]: the library is column-major.  A row-major matrix
X (R x C, element strides sr, sc) is, read column-major, either
  - X^T with leading dimension sr, when sc == 1 (C-ordered rows): op 'N'
    hands the library X^T;
  - X with leading dimension sc, when sr == 1 (a transposed / F view):
    op 'T' hands it X^T.
So C = A @ B is computed as C^T = B^T A^T into a C-contiguous C (read
column-major: C^T, ld = N): gemm(m=N, n=M, k=K, B, A) with each operand's
op from the list above, and no copy for C, F, transposed, sliced
(positive unit-stride) or offset views.  Batch axes (broadcast first)
become one batch stride when they chain (stride[i] = stride[i+1] *
shape[i+1] over the axes longer than 1), or 0 for an operand broadcast
along the whole batch; only operands that fit none of this (negative or
non-unit inner strides, a broadcast mixed with real batch axes) are
copied, once, C-contiguous.  float16 runs as float16 storage with float32
compute on cuda (cublasGemmEx) and in float32 then rounded on host.
"""
import math as _math

import numpy as _np

from .. import _core
from .._engine.arrays import ascontiguousarray, empty, zeros
from ..manipulation import shapes as _mn

# dtypes the libraries take; others (ints, bools) use the caller's path.
BLAS_TYPES = frozenset(_np.dtype(c) for c in "efdFD")


def set_tf32(enabled):
    """Allow (True) or forbid (False, the default) TF32 tensor cores for
    float32 matrix products on cuda, as CuPy's CUPY_TF32; returns the old
    setting.  GPUARRAY_TF32=1 in the environment sets it at import."""
    return _core._ml_tf32(bool(enabled))


def tf32_enabled():
    return _core._ml_tf32(None)


def _is_host(x):
    return type(x.device).__name__ == "HostDevice"


def _batch_stride(shape, strides):
    """One element stride that walks the batch axes in C order, or None.
    (Axes of length 1 do not count; all-broadcast gives 0.)"""
    live = [(n, s) for n, s in zip(shape, strides) if n > 1]
    if not live:
        return 0
    if all(s == 0 for _, s in live):
        return 0
    for (n0, s0), (n1, s1) in zip(live, live[1:]):
        if s0 != s1 * n1:
            return None
    return live[-1][1] if live[-1][1] > 0 else None


def _describe(x):
    """(array, op, ld, batch stride) for the (batch..., R, C) view x read
    as column-major X^T (Note [GEMM marshalling]); copies x when it has no
    such description."""
    es = x.itemsize
    r, c = x.shape[-2:]
    for _ in range(2):
        st = x.strides
        if all(s % es == 0 for s in st):
            el = [s // es for s in st]
            sr, sc = el[-2], el[-1]
            bs = _batch_stride(x.shape[:-2], el[:-2])
            if bs is not None:
                if (sc == 1 or c == 1) and (sr >= max(1, c) or r == 1):
                    return x, "N", max(sr if r > 1 else c, 1), bs
                if (sr == 1 or r == 1) and (sc >= max(1, r) or c == 1):
                    return x, "T", max(sc if c > 1 else r, 1), bs
        x = ascontiguousarray(x)
    raise AssertionError("unreachable: a C-contiguous array is describable")


def matmul(a, b, dt):
    """a (..., M, K) @ b (..., K, N) in dtype dt (one of BLAS_TYPES),
    batch axes broadcast; a new C-contiguous (batch..., M, N) array."""
    batch = _np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    m, k = a.shape[-2:]
    n = b.shape[-1]
    out_dt = _np.dtype(dt)
    work = out_dt
    if out_dt == _np.float16 and _is_host(a):
        work = _np.dtype(_np.float32)
    a = a.astype(work, copy=False)
    b = b.astype(work, copy=False)
    shape = batch + (m, n)
    if k == 0 or 0 in shape:
        return zeros(shape, out_dt)
    nb = _math.prod(batch)
    av, ta, lda, sa = _describe(_mn.broadcast_to(a, batch + (m, k)))
    bv, tb, ldb, sb = _describe(_mn.broadcast_to(b, batch + (k, n)))
    out = empty(shape, work)
    # C^T (N x M, ld N) = op(B) op(A): B is the library's first operand.
    _core._ml_gemm(tb, ta, n, m, k, 1.0, bv, ldb, sb, av, lda, sa, 0.0,
                   out, n, m * n, nb)
    return out.astype(out_dt, copy=False)
