"""`ufunc.reduceat(array, indices, axis=0, dtype=None, out=None)`: NumPy's
reductions over slices along one axis.

Note [reduceat]: slice i is array[indices[i]:indices[i+1]] along `axis`,
the single element array[indices[i]] where indices[i] >= indices[i+1], and
array[indices[-1]:] for the last index; result i is the ufunc's reduction
of slice i.  Indices that step evenly to the end of the axis
(arange(s, n, k), the common case) make one reduction of a reshaped view;
any other indices make one reduction per slice, joined along the axis.
The result dtype is NumPy's own for the same call, its layout C order
(NumPy's for a C-ordered input; for others NumPy's iterator picks one).
"""
import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray, ascontiguousarray, empty
from ..manipulation.shapes import _normalize_axis, moveaxis, concatenate


def _ufunc_reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("reduceat only supported for binary functions")
    a = asarray(array)
    if a.ndim == 0:
        raise TypeError("cannot reduceat on a scalar")
    ax = _normalize_axis(axis, a.ndim)
    idx = indices.get() if isinstance(indices, ndarray) else \
        _np.asarray(indices)
    if idx.ndim != 1:
        raise ValueError("reduceat: indices must be one-dimensional, got "
                         "shape %s" % (idx.shape,))
    idx = idx.astype(_np.intp)
    n = a.shape[ax]
    bad = idx[(idx < 0) | (idx >= n)]
    if bad.size:
        raise IndexError("index %d out-of-bounds in %s.reduceat [0, %d)"
                         % (bad[0], uf.__name__, n))
    # NumPy's result dtype for this ufunc, input dtype and dtype=
    dt = getattr(_np, uf.__name__).reduceat(
        _np.zeros(1, a.dtype), [0],
        dtype=None if dtype is None else _np.dtype(dtype)).dtype
    v = moveaxis(a, ax, 0)
    if idx.size == 0:
        res = empty((0,) + v.shape[1:], dt)
    else:
        res = _slices_reduced(uf, v, idx, n, dtype)
        if res.dtype != dt:
            res = res.astype(dt)
    res = moveaxis(res, 0, ax)
    if out is None:
        # a fresh array as NumPy's (C order for a C-ordered input), not
        # the moved-axis view of the stacked reductions
        return ascontiguousarray(res)
    if isinstance(out, tuple):
        out = out[0]
    if not isinstance(out, ndarray) or out.shape != res.shape:
        raise ValueError("reduceat: out must be a gpuarray array of shape %s"
                         % (res.shape,))
    out[...] = res
    return out


def _slices_reduced(uf, v, idx, n, dtype):
    """The reductions of Note [reduceat] along axis 0 of v, stacked."""
    step = int(idx[1] - idx[0]) if idx.size > 1 else n - int(idx[0])
    even = step > 0 and int(idx[-1]) + step == n and \
        bool(_np.all(_np.diff(idx) == step))
    if even:
        seg = v[int(idx[0]):].reshape((idx.size, step) + v.shape[1:])
        return uf.reduce(seg, axis=1, dtype=dtype)
    parts = []
    for i, s in enumerate(idx.tolist()):
        e = int(idx[i + 1]) if i + 1 < idx.size else n
        parts.append(uf.reduce(v[s:e if e > s else s + 1], axis=0,
                               dtype=dtype, keepdims=True))
    return concatenate(parts, axis=0)
