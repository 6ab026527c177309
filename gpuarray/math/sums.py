"""Sums, products, differences: sum, prod (product), nansum, nanprod,
diff -- reductions through _engine/reduce.py's front end.
"""

import numpy as _np

from .._engine.reduce import _asarray, _axes, _single_axis, _sum_like, _ufunc
from ..manipulation.shapes import concatenate, broadcast_to


__all__ = ["sum", "prod", "product", "nansum", "nanprod", "diff"]


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
        where=True):
    """Sum of elements over the given axes (tree summation: bit-identical
    across runs, accuracy at least that of NumPy's pairwise sum)."""
    return _sum_like(a, axis, dtype, out, keepdims, initial, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
         where=True):
    return _sum_like(a, axis, dtype, out, keepdims, initial, where,
                     prod=True)


product = prod


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
           where=True):
    return _sum_like(a, axis, dtype, out, keepdims, initial, where,
                     nan=True)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
            where=True):
    return _sum_like(a, axis, dtype, out, keepdims, initial, where,
                     prod=True, nan=True)


def diff(a, n=1, axis=-1, prepend=_np._NoValue, append=_np._NoValue):
    a = _asarray(a)
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got %s" % repr(n))
    nd = a.ndim
    if nd == 0:
        raise ValueError("diff requires input that is at least one "
                         "dimensional")
    _single_axis(axis)
    axis = _axes(axis, nd)[0]
    parts = []
    for v, at_end in ((prepend, False), (append, True)):
        if v is _np._NoValue:
            continue
        v = _asarray(v)
        if v.ndim == 0:
            shp = list(a.shape)
            shp[axis] = 1
            v = broadcast_to(v, tuple(shp))
        parts.append((v, at_end))
    if parts:
        seq = [p for p, e in parts if not e] + [a] + \
            [p for p, e in parts if e]
        a = concatenate(seq, axis=axis)
    sub = _ufunc("not_equal") if a.dtype == _np.bool_ else \
        _ufunc("subtract")
    for _ in range(n):
        lo = [slice(None)] * nd
        hi = [slice(None)] * nd
        lo[axis] = slice(None, -1)
        hi[axis] = slice(1, None)
        a = sub(a[tuple(hi)], a[tuple(lo)])
    return a

