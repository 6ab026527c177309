"""Scans: cumsum, cumprod, their nan variants and the Array API's
cumulative_sum/prod -- one single-pass launch each (csrc/ops/scan.c; the
deterministic look-back in csrc/jit/scan_codegen.c).  Result dtypes come
from NumPy (a cached call on a one-element probe).  ufunc.accumulate is
ufuncs/accumulate.py.
"""

import functools as _ft

import numpy as _np

from .. import _core
from .._engine.reduce import (_asarray,
    _axes,
    _nan_replaced,
    _out_loop_dtype,
    _dtype_arg)
from .._engine.reduction_ops import _scan_op
from ..manipulation.shapes import concatenate


__all__ = ["cumsum", "cumprod", "nancumsum", "nancumprod", "cumulative_sum", "cumulative_prod"]


def _scan(a, axis, dtype, out, ufunc_name, nan=False, name="cumsum"):
    a = _asarray(a)
    dtype = _dtype_arg(dtype)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    if a.ndim == 0:
        a = a.reshape(1)
    if isinstance(axis, (tuple, list)):   # one axis only, as NumPy
        raise TypeError("'tuple' object cannot be interpreted as an integer")
    axis = _axes(axis, a.ndim)[0]
    if nan and a.dtype.kind not in "fc":
        nan = False
    dtype = _out_loop_dtype(a.dtype, dtype, out)
    dt = _np_accumulate_dtype(ufunc_name, a.dtype,
                              None if dtype is None else _np.dtype(dtype))
    if nan and dt.kind == "b":
        # NumPy replaces the nans, then casts to bool (!= 0); the engine
        # would truncate floats into its int32 accumulator
        a, nan = _nan_replaced(a, int(ufunc_name == "multiply")), False
    op = _scan_op(ufunc_name, dt, nan)
    if out is None:
        res = _core.empty(a.shape, dt)
    else:
        if tuple(out.shape) != tuple(a.shape):
            raise ValueError("provided out is the wrong size for the "
                             "accumulation.")
        if not out.flags.writeable:     # the kernel writes it directly
            raise ValueError("output array is read-only")
        res = out
    _core._scan(a, axis, res, op, a.dtype if nan else dt, dt)
    return res


@_ft.lru_cache(maxsize=512)
def _np_accumulate_dtype(ufunc_name, dt, dtype):
    if ufunc_name in ("add", "multiply"):
        fn = _np.cumsum if ufunc_name == "add" else _np.cumprod
        return fn(_np.zeros(1, dt), dtype=dtype).dtype
    uf = getattr(_np, ufunc_name)
    return uf.accumulate(_np.zeros(1, dt), dtype=dtype).dtype


def cumsum(a, axis=None, dtype=None, out=None):
    """Inclusive prefix sums (one single-pass scan launch)."""
    return _scan(a, axis, dtype, out, "add")


def cumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "multiply")


def nancumsum(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "add", nan=True)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "multiply", nan=True)


def _cumulative(scan, identity, x, axis, dtype, out, include_initial):
    """The Array API's cumulative_sum/prod: a scan, with the identity in
    front when include_initial (the axis is then one longer)."""
    x = _asarray(x)
    if x.ndim == 0:
        x = x.reshape(1)    # NumPy scans a 0-d array as 1-d
    if axis is None:
        if x.ndim > 1:
            raise ValueError("axis must be specified for arrays of more "
                             "than one dimension")
        axis = 0
    r = scan(x, axis, dtype, None if include_initial else out)
    if include_initial:
        ax = _axes(axis, x.ndim)[0]
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([_core.full(tuple(shp), identity, r.dtype), r],
                        axis=ax)
        if out is not None:
            out[...] = r
            return out
    return r


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None,
                   include_initial=False):
    return _cumulative(cumsum, 0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None,
                    include_initial=False):
    return _cumulative(cumprod, 1, x, axis, dtype, out, include_initial)

