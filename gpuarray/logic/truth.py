"""Truth value testing and array comparison: all, any, count_nonzero,
allclose, array_equal, array_equiv (reductions through _engine/reduce.py).
"""

import numpy as _np

from .. import _core
from .._engine.reduce import (_sum_like, _asarray,
    _axes,
    _masked,
    _reduce,
    _ufunc,
    _ufunc_axis)
from .._engine.reduction_ops import _op_bool
from .._engine.ufuncs import isclose
from ..manipulation.shapes import broadcast_to


__all__ = ["all", "any", "count_nonzero", "allclose", "array_equal", "array_equiv"]


def _raw(a):
    """Truth of a datetime is its int64 value's (NaT is true), as NumPy."""
    a = _asarray(a)
    return a.view(_np.int64) if a.dtype.kind in "mM" else a


def _logical(a, axis, out, keepdims, where, kind):
    a = _raw(a)
    axis = _ufunc_axis(a, axis)
    a = _masked(a, where, kind == "all")
    return _reduce(a, axis, out, keepdims, _op_bool(kind), a.dtype,
                   _np.bool_)


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    return _logical(a, axis, out, keepdims, where, "all")


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    return _logical(a, axis, out, keepdims, where, "any")


def count_nonzero(a, axis=None, *, keepdims=False):
    a = _raw(a)
    axis = _ufunc_axis(a, axis)
    op = ("gpa_i64", 8, "0", "gpa_nonzero(in0) ? 1LL : 0LL", "a + b",
          "gpa_cast<out0_t>(a)", None)
    return _reduce(a, axis, None, keepdims, op, a.dtype, _np.int64)


def _count(a, axis, keepdims, where):
    axes = _axes(axis, a.ndim)
    if where is True or where is None:
        n = 1
        for ax in axes:
            n *= a.shape[ax]
        return n
    w = broadcast_to(_asarray(where), a.shape)
    return _sum_like(w, axis, _np.int64, None, keepdims, None, True)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _both_arrays(a1, a2):
    """(a1, a2) as arrays, or None where NumPy cannot convert one (a
    ragged list): NumPy's array_equal and array_equiv answer False then.
    A value NumPy converts but gpuarray holds no data of (a str) keeps
    gpuarray's TypeError."""
    try:
        return _asarray(a1), _asarray(a2)
    except Exception:
        try:
            for x in (a1, a2):
                if not isinstance(x, _core.ndarray):
                    _np.asarray(x)
        except Exception:
            return None
        raise


def array_equal(a1, a2, equal_nan=False):
    both = _both_arrays(a1, a2)
    if both is None:
        return _core._asarray(_np.bool_(False))
    a1, a2 = both
    if a1.shape != a2.shape:
        return _core._asarray(_np.bool_(False))
    eq = a1 == a2
    # (isnan is isnat for datetimes, as in NumPy)
    if equal_nan and a1.dtype.kind in "fcmM" and a2.dtype.kind in "fcmM":
        both = _ufunc("logical_and")(_ufunc("isnan")(a1),
                                     _ufunc("isnan")(a2))
        eq = _ufunc("logical_or")(eq, both)
    return all(eq)


def array_equiv(a1, a2):
    both = _both_arrays(a1, a2)
    if both is None:
        return _core._asarray(_np.bool_(False))
    a1, a2 = both
    try:
        _np.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return _core._asarray(_np.bool_(False))
    return all(a1 == a2)

