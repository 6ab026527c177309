"""Scans: cumsum, cumprod, their nan variants and the Array API's
cumulative_sum/prod -- one single-pass launch each (csrc/ops/scan.c; the
deterministic look-back in csrc/jit/scan_codegen.c).  Result dtypes come
from NumPy (a cached call on a one-element probe).  ufunc.accumulate is
ufuncs/accumulate.py.
"""
import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine import datetimes as _dt
from .._engine.reduce import _asarray, _axes
from .._engine.scan import _scan
from ..manipulation.shapes import concatenate


__all__ = ["cumsum", "cumprod", "nancumsum", "nancumprod", "cumulative_sum", "cumulative_prod"]


def cumsum(a, axis=None, dtype=None, out=None):
    """Inclusive prefix sums (one single-pass scan launch)."""
    if isinstance(a, ndarray) and a.dtype.kind == "m":
        return _timedelta_cumsum(a, axis, dtype, out)
    return _scan(a, axis, dtype, out, "add")


def _timedelta_cumsum(a, axis, dtype, out):
    """cumsum of timedelta64: int64 prefix sums, NaT from the first NaT on
    (NumPy's add loop propagates it).  NumPy's accumulate keeps the
    timedelta loop whatever dtype= says, so dtype is not used."""
    s = _scan(_dt.int64_view(a), axis, None, None, "add")
    n = _scan(_dt.isnat_mask(a), axis, _np.int64, None, "add")
    res = _core.empty(s.shape, _np.int64)
    _core._elementwise("out0 = in1 > 0 ? %s : in0;" % _dt._C_NAT, (s, n),
                       (res,), (_np.int64,) * 3)
    res = res.view(a.dtype)
    if out is None:
        return res
    out[...] = res
    return out


def cumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "multiply")


def nancumsum(a, axis=None, dtype=None, out=None):
    if isinstance(a, ndarray) and a.dtype.kind == "m":  # NaT is no NaN
        return _timedelta_cumsum(a, axis, dtype, out)
    return _scan(a, axis, dtype, out, "add", nan=True)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "multiply", nan=True)


def _cumulative(scan, identity, x, axis, dtype, out, include_initial):
    """The Array API's cumulative_sum/prod: a scan, with the identity in
    front when include_initial (the axis is then one longer)."""
    x = _asarray(x)
    if isinstance(axis, (tuple, list)):     # NumPy's error here
        raise ValueError("accumulate does not allow multiple axes")
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

