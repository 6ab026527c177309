"""The scan front end (moved from _scans.py, issue 14): argument checks
and `_scan`, which hands a scan op (reduction_ops.py's table) to
``_core._scan`` -- one single-pass launch (csrc/ops/scan.c).  Result
dtypes come from NumPy (a cached call on a one-element probe).  The
public scans are math/cumulative.py; ufunc.accumulate ufuncs/accumulate.py.
"""
import functools as _ft
import warnings as _warnings

import numpy as _np

from .. import _core
from .reduce import (_asarray, _axes, _dtype_arg, _nan_replaced,
                     _out_loop_dtype)
from .reduction_ops import _scan_op
from .ufuncs import check_out


def _scan(a, axis, dtype, out, ufunc_name, nan=False, name="cumsum"):
    a = _asarray(a)
    check_out(out)
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
    if nan:
        _core._warn_cast_drops_imaginary(a.dtype, dt)
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


# mutate: skip const,drop-kwarg: a cache's size changes no result
@_ft.lru_cache(maxsize=512)
def _np_accumulate_dtype(ufunc_name, dt, dtype):
    with _warnings.catch_warnings():
        # (the engine warns on every call, the cached probe only once)
        _warnings.simplefilter("ignore", _np.exceptions.ComplexWarning)
        return _np_accumulate_probe(ufunc_name, dt, dtype)


def _np_accumulate_probe(ufunc_name, dt, dtype):
    if ufunc_name in ("add", "multiply"):
        fn = _np.cumsum if ufunc_name == "add" else _np.cumprod
        # mutate: skip const: a dtype probe (the length sets no dtype)
        return fn(_np.zeros(1, dt), dtype=dtype).dtype
    uf = getattr(_np, ufunc_name)
    # mutate: skip const: a dtype probe (the length sets no dtype)
    return uf.accumulate(_np.zeros(1, dt), dtype=dtype).dtype
