"""Extrema finding: max/min (amax/amin), nanmax/nanmin, ptp and the
argmax/argmin family -- reductions through _engine/reduce.py.
"""

import builtins as _b
import warnings as _warnings

import numpy as _np

from .._core import ndarray
from .._engine.reduce import (_asarray,
    _axes,
    _initial_apply,
    _initial_scalar,
    _masked,
    _out_array,
    _reduce,
    _result_shape,
    _single_axis,
    _ufunc,
    _ufunc_axis)
from .._engine.reduction_ops import _op_extremum, _op_arg
from .._engine import datetimes as _dt


__all__ = ["max", "min", "amax", "amin", "nanmax", "nanmin", "ptp", "argmax", "argmin", "nanargmax", "nanargmin"]


def _extremum(a, axis, out, keepdims, initial, where, ismax, nan_skip):
    if type(a) is not ndarray and hasattr(a, "_gpa_fuse_reduce") and \
            not nan_skip:  # a gpuarray.fuse tracer (Note [Fusion stages])
        return a._gpa_fuse_reduce("max" if ismax else "min", axis, None,
                                  keepdims)
    a = _asarray(a)
    if a.dtype.kind in "mM":
        return _dt_extremum(a, axis, out, keepdims, initial, where, ismax,
                            nan_skip)
    axis = _ufunc_axis(a, axis)
    name = "maximum" if ismax else "minimum"
    fn = ("gpa_fmax" if ismax else "gpa_fmin") if nan_skip else \
        ("gpa_maximum" if ismax else "gpa_minimum")
    if where is not True and where is not None:
        if _asarray(where).dtype != _np.bool_:
            _masked(a, where, 0)    # NumPy's TypeError for the mask first
        if initial is None:
            raise ValueError("reduction operation '%s' does not have an "
                             "identity, so to use a where mask one has to "
                             "specify 'initial'" % name)
        a = _masked(a, where, initial)
    has_init = initial is not None and initial is not _np._NoValue
    axes = _axes(axis, a.ndim)
    empty = _b.any(a.shape[ax] == 0 for ax in axes)
    if empty and has_init:
        shape = _result_shape(a.shape, axes, keepdims)
        res, _ = _out_array(out, shape, a.dtype)
        res.fill(_initial_scalar(initial, res.dtype))
        return res
    res = _reduce(a, axis, out, keepdims,
                  _op_extremum(a.dtype, fn, nan_skip), a.dtype, a.dtype,
                  name=name, has_identity=False)
    if has_init:
        _initial_apply(res, initial, _ufunc(
            ("fmax" if ismax else "fmin") if nan_skip else name))
    return res


def _dt_keys(a, ismax, nan_skip):
    """Note [Datetime extrema]: int64 keys whose extremum is NumPy's
    datetime answer, and the way back.  NaT (INT64_MIN) must win max and
    argmax (NaT propagates) and lose nanmin and nanargmin (NaT skipped):
    there the sort key (NaT largest); min, argmin, nanmax and nanargmax
    read the raw int64 values, where NaT is the smallest."""
    if ismax != nan_skip:
        return _dt.sort_key(a), lambda r: _dt.from_sort_key(r, a.dtype)
    return _dt.int64_view(a), lambda r: r.view(a.dtype)


def _dt_extremum(a, axis, out, keepdims, initial, where, ismax, nan_skip):
    keys, back = _dt_keys(a, ismax, nan_skip)
    if initial is not None and initial is not _np._NoValue:
        initial = _dt.scalar_key(initial, a.dtype, ismax != nan_skip)
    res = back(_extremum(keys, axis, None, keepdims, initial, where, ismax,
                         False))
    if out is None:
        return res
    out[...] = res
    return out


def max(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    """Largest element (NaN propagates, as in NumPy)."""
    return _extremum(a, axis, out, keepdims, initial, where, True, False)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _extremum(a, axis, out, keepdims, initial, where, False, False)


amax, amin = max, min


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    """Largest element ignoring NaN; all-NaN slices give NaN (with NumPy's
    RuntimeWarning)."""
    return _all_nan_warning(
        _extremum(a, axis, out, keepdims, initial, where, True, True))


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _all_nan_warning(
        _extremum(a, axis, out, keepdims, initial, where, False, True))


def _all_nan_warning(res):
    """NumPy's nanmax/nanmin warn when a result is NaN (an all-NaN slice):
    one small reduction and a sync, as NumPy and CuPy check the result."""
    if isinstance(res, ndarray) and res.dtype.kind in "fc" and res.size \
            and _ufunc("isnan")(res).any().get():
        _warnings.warn("All-NaN slice encountered", RuntimeWarning,
                       stacklevel=3)
    return res


def ptp(a, axis=None, out=None, keepdims=False):
    if out is None:
        return max(a, axis, None, keepdims) - min(a, axis, None, keepdims)
    # NumPy's order: the max lands in out first, so the subtraction runs
    # in out's type (a bool ptp into an int out works, f32 into f64 is
    # subtracted in float64)
    hi = max(a, axis, out, keepdims)
    return _ufunc("subtract")(hi, min(a, axis, None, keepdims), out=out)


def _arg(a, axis, out, keepdims, ismax, nan_skip):
    keepdims = bool(keepdims)   # NumPy's argmax takes any truth value
    a = _asarray(a)
    name = "argmax" if ismax else "argmin"
    if nan_skip and a.dtype.kind in "fc" and isinstance(axis, tuple) and \
            a.size:
        # NumPy's nanarg* check the axes first (its all-nan test), but
        # only for a non-empty array
        _axes(axis, a.ndim)
    _single_axis(axis)
    axis = _ufunc_axis(a, axis)
    # (not `axis == ()`: a NumPy integer compares to () as an array)
    if isinstance(axis, tuple) and not axis:
        axis = None
    axes = _axes(axis, a.ndim)
    # only an empty reduced axis has no answer: (0, 4) along axis 1 is an
    # empty result, as in NumPy
    if _b.any(a.shape[ax] == 0 for ax in axes):
        raise ValueError("attempt to get %s of an empty sequence" % name)
    if a.dtype.kind in "mM":  # Note [Datetime extrema]
        # NumPy's nanarg* skip only NaN, so they are arg* here
        keys, _ = _dt_keys(a, ismax, False)
        return _arg(keys, axis, out, keepdims, ismax, False)
    res = _reduce(a, axis, None, keepdims, _op_arg(a.dtype, ismax, nan_skip),
                  a.dtype, _np.int64)
    if nan_skip and a.dtype.kind in "fc" and res.size:
        if bool((res < 0).any()):
            raise ValueError("All-NaN slice encountered")
    if out is not None:
        _arg_out(out, res, name)
        out[...] = res
        return out
    return res


def _arg_out(out, res, name):
    """NumPy's checks of argmin/argmax's out=: its shape exactly, and a
    type that casts safely to int64 (NumPy's own direction)."""
    if not isinstance(out, ndarray):
        raise TypeError("out must be a gpuarray.ndarray")
    if tuple(out.shape) != tuple(res.shape):
        raise ValueError("output array does not match result of np.%s."
                         % name)
    if not _np.can_cast(out.dtype, res.dtype, "safe"):
        raise TypeError("Cannot cast array data from %r to %r according "
                        "to the rule 'safe'" % (out.dtype, res.dtype))


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the first largest element (the first NaN if any)."""
    return _arg(a, axis, out, keepdims, True, False)


def argmin(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, False, False)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, True, True)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, False, True)

