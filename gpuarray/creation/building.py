"""Building matrices: vander and diagflat (the others, diag, tri, tril,
triu, are creation/matrices.py).
"""

import builtins as _b
import operator as _op

import numpy as _np

from .._engine import arrays as _engine_arrays
from ..manipulation import shapes as _manipulation_shapes
from ..math import cumulative as _math_cumulative
from .._engine.arrays import asarray, zeros, arange


__all__ = ["vander", "diagflat"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def vander(x, N=None, increasing=False):
    """Columns are powers of x (decreasing unless `increasing`)."""
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = x.shape[0]
    N = n if N is None else N
    dt = _np.promote_types(x.dtype, int)
    if N < 0:
        raise ValueError("negative dimensions are not allowed")
    if N == 0:
        return zeros((n, 0), dt)
    xs = _manipulation_shapes.broadcast_to(x.astype(dt)[:, None], (n, N - 1))
    # power k is the running product of k copies of x (as NumPy's
    # accumulate, so integer wrap-around matches)
    powers = _manipulation_shapes.concatenate([_engine_arrays.ones((n, 1), dt),
                             _math_cumulative.cumprod(xs, axis=1, dtype=dt)], axis=1)
    return powers if increasing else powers[:, ::-1].copy()


def diagflat(v, k=0):
    """A 2-D array with the flattened v on diagonal k."""
    v = asarray(v).reshape(-1)
    k = _op.index(k)  # a float k is NumPy's TypeError
    n = v.shape[0]
    size = n + _b.abs(k)
    res = zeros((size, size), v.dtype)
    i = arange(n, dtype=_np.int64)
    rows, cols = (i, i + k) if k >= 0 else (i - k, i)
    if n:
        res[rows, cols] = v
    return res

