"""Matrix products through the backend's BLAS (cuBLAS on cuda, OpenBLAS on
host).  A row-major, strided, broadcast stack of products becomes ONE
column-major GEMM call in C (_core._ml_matmul, csrc/python/matmul_py.c:
Note [GEMM marshalling] there); this module casts the operands to the
library's dtype and handles the empty products.

float16 runs as float16 storage with float32 compute on cuda
(cublasGemmEx) and in float32 then rounded on host.
"""
import numpy as _np

from .. import _core
from .._engine.arrays import zeros

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


def matmul(a, b, dt):
    """a (..., M, K) @ b (..., K, N) in dtype dt (one of BLAS_TYPES),
    batch axes broadcast; a new C-contiguous (batch..., M, N) array."""
    out_dt = _np.dtype(dt)
    work = out_dt
    if out_dt == _np.float16 and _is_host(a):
        work = _np.dtype(_np.float32)
    a = a.astype(work, copy=False)
    b = b.astype(work, copy=False)
    r = _core._ml_matmul(a, b, None)
    if r is NotImplemented:     # an empty product (k or a result axis 0)
        batch = _np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        return zeros(batch + (a.shape[-2], b.shape[-1]), out_dt)
    return r.astype(out_dt, copy=False)
