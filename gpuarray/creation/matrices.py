"""Matrix-shaped helpers: diagonal, diag, trace, tril, triu, meshgrid --
views (diagonal), one where() kernel (tril/triu) or copies, as NumPy."""
import operator as _op

import numpy as _np

from .. import _core
from .._engine.arrays import asarray, tri
from ..manipulation.shapes import _normalize_axis, broadcast_to
from .._engine.ufuncs import where
from ..math.sums import sum as _sum

__all__ = ["diagonal", "diag", "trace", "tril", "triu", "meshgrid"]


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal as a read-only view (NumPy's rule), on the last axis."""
    a = asarray(a)
    offset = _op.index(offset)
    if not -2 ** 63 <= offset < 2 ** 63:    # NumPy reads it as a C long
        raise OverflowError("Python int too large to convert to C long")
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1 = _normalize_axis(axis1, a.ndim)
    a2 = _normalize_axis(axis2, a.ndim)
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    offset = _op.index(offset)
    n1, n2 = a.shape[a1], a.shape[a2]
    s1, s2 = a.strides[a1], a.strides[a2]
    if offset >= 0:
        n = max(0, min(n1, n2 - offset))
        start = offset * s2 if n else 0
    else:
        n = max(0, min(n1 + offset, n2))
        start = -offset * s1 if n else 0
    rest = [d for d in range(a.ndim) if d not in (a1, a2)]
    shape = tuple(a.shape[d] for d in rest) + (n,)
    strides = tuple(a.strides[d] for d in rest) + (s1 + s2,)
    return _core._as_strided(a, shape, strides, start, False)


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 2:
        return diagonal(v, k)       # NumPy's read-only view, not a copy
    if v.ndim != 1:
        raise ValueError("Input must be 1- or 2-d.")
    n = v.shape[0] + abs(k)
    out = _core.full((n, n), 0, v.dtype)
    d = _core._as_strided(out, (v.shape[0],), (out.strides[0]
                                               + out.strides[1],),
                          (k * out.strides[1] if k >= 0
                           else -k * out.strides[0]), True)
    d[...] = v
    return out


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return _sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype,
                out=out)


def _tri_mask(m, k, lower):
    m = asarray(m)
    if m.ndim == 0:
        raise TypeError("tril/triu: the input must be at least 1-d")
    # NumPy's mask is (M, N) from the last two axes (a 1-d input is one
    # row, broadcast to N rows)
    rows = m.shape[-2] if m.ndim >= 2 else m.shape[-1]
    mask = tri(rows, m.shape[-1], k if lower else k - 1, dtype=bool)
    zero = _np.zeros((), m.dtype)[()]
    return where(mask, m, zero) if lower else where(mask, zero, m)


def tril(m, k=0):
    """Lower triangle (elements above the k-th diagonal zeroed)."""
    return _tri_mask(m, k, True)


def triu(m, k=0):
    """Upper triangle (elements below the k-th diagonal zeroed)."""
    return _tri_mask(m, k, False)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    xs = [asarray(x).ravel() for x in xi]
    nd = len(xs)
    out = []
    for i, x in enumerate(xs):
        shape = [1] * nd
        shape[i] = x.shape[0]
        out.append(x.reshape(shape))
    if indexing == "xy" and nd > 1:
        for i in range(nd):
            s = list(out[i].shape)
            s[0], s[1] = s[1], s[0]
            out[i] = out[i].reshape(s)
    if not sparse:
        full = _np.broadcast_shapes(*[o.shape for o in out])
        out = [broadcast_to(o, full) for o in out]
    if copy:
        out = [o.copy() for o in out]
    return tuple(out)  # as NumPy 2
