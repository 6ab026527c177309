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


def _bytes_truth(a, offset, size):
    """Whether any of the `size` bytes at `offset` of each element of a is
    nonzero (a's shape)."""
    b = _core._as_strided(a, a.shape + (size,), a.strides + (1,), offset,
                          False, _np.dtype(_np.uint8))
    return any(b != 0, axis=-1)


def void_truth(a):
    """The truth of each element of a structured or void array, as
    NumPy's VOID_nonzero: a structured element is true when any field is
    (each field by its own type: NaN true, -0.0 false; nested fields
    recursively; a sub-array field, like an unstructured void, when any
    of its bytes is nonzero), padding and the bytes of fields left out of
    a multi-field view never count.  On the device: one comparison per
    leaf field, combined with `|`."""
    dt = a.dtype
    if dt.names is None:
        return _bytes_truth(a, 0, dt.itemsize)
    res = None
    for name in dt.names:
        fdt, off = dt.fields[name][:2]
        if fdt.names is not None:
            t = void_truth(_core._as_strided(a, a.shape, a.strides, off,
                                             False, fdt))
        elif fdt.kind == "V" or fdt.shape:
            t = _bytes_truth(a, off, fdt.itemsize)
        else:
            f = a[name]
            if fdt.kind in "mM":
                f = f.view(_np.int64)
            elif fdt.kind == "b":
                f = f.view(_np.uint8)
            t = f != 0
        res = t if res is None else res | t
    if res is None:         # no fields: every element is false
        res = _core.full(a.shape, False, _np.bool_)
    return res


def count_nonzero(a, axis=None, *, keepdims=False):
    a = _asarray(a)
    if a.dtype.kind == "V":
        if axis is not None or keepdims:    # NumPy casts to bool then
            raise TypeError("Cannot cast array data from %r to "
                            "dtype('bool') according to the rule 'unsafe'"
                            % (a.dtype,))
        a = void_truth(a)
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

