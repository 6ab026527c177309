"""interp: one-dimensional piecewise linear interpolation (moved from
_misc.py, issue 14; it sorts and searches, so it sits above sorting/)."""

import builtins as _b

import numpy as _np

from .._core import ndarray

from .._engine import ufuncs as _engine_ufuncs
from ..manipulation import shapes as _manipulation_shapes
from ..sorting import (search_unique as _sorting_search_unique,
    sort as _sorting_sort)
from .._engine.arrays import asarray

__all__ = ["interp"]


def _bound(v, rdt):
    """left=/right= as a device value of the result type: a gpuarray
    array stays on the device (no NumPy conversion), anything else is
    read as NumPy reads it."""
    if isinstance(v, ndarray):
        return v.astype(rdt)
    return asarray(_np.asarray(v, rdt))


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation of (xp, fp) at x; xp increasing."""
    x, xp, fp = asarray(x), asarray(xp), asarray(fp)
    cplx = fp.dtype.kind == "c"
    rdt = _np.dtype(_np.complex128 if cplx else _np.float64)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("object too deep for desired array")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != xp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    for a in (x, xp):   # NumPy reads them as float64, casting safely
        if not _np.can_cast(a.dtype, _np.float64):
            raise TypeError("Cannot cast array data from %r to "
                            "dtype('float64') according to the rule 'safe'"
                            % a.dtype)
    x = x.astype(_np.float64)
    xp = xp.astype(_np.float64)
    fp = fp.astype(rdt)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = _b.abs(float(period))
        left = right = None
        x = _engine_ufuncs.remainder(x, period)
        xp = _engine_ufuncs.remainder(xp, period)
        order = _sorting_sort.argsort(xp)
        xp, fp = xp[order], fp[order]
        # one wrapped sample on each side closes the period
        xp = _manipulation_shapes.concatenate([xp[-1:] - period, xp, xp[0:1] + period])
        fp = _manipulation_shapes.concatenate([fp[-1:], fp, fp[0:1]])
    lval = fp[0] if left is None else _bound(left, rdt)
    rval = fp[-1] if right is None else _bound(right, rdt)
    if not cplx:
        return _interp_real(x, xp, fp, lval, rval)
    # NumPy interpolates the real and imaginary parts each on its own
    # (an infinite part does not turn the other into NaN)
    re = _interp_real(x, xp, fp.real, lval.real, rval.real)
    im = _interp_real(x, xp, fp.imag, lval.imag, rval.imag)
    y = re.astype(rdt)
    y.imag = im
    return y


def _interp_real(x, xp, fp, lval, rval):
    """interp of float64 samples, lval and rval the outside values."""
    n = xp.shape[0]
    if n == 1:
        y = _manipulation_shapes.broadcast_to(fp[0], x.shape).copy()
    else:
        j = _sorting_search_unique.searchsorted(xp, x, side="right") - 1
        j = _engine_ufuncs.clip(j, 0, n - 2)
        x0, x1 = xp[j], xp[j + 1]
        f0, f1 = fp[j], fp[j + 1]
        slope = (f1 - f0) / (x1 - x0)
        y = slope * (x - x0) + f0
        # an infinite sample makes inf - inf: measure from the right end
        # instead, and a flat step keeps its value (NumPy's answers)
        y = _engine_ufuncs.where(_engine_ufuncs.isnan(y), slope * (x - x1) + f1, y)
        y = _engine_ufuncs.where(_engine_ufuncs.isnan(y) & (f0 == f1) & ~_engine_ufuncs.isnan(x), f0, y)
        # exactly on a sample: its value (no 0 * inf from a flat step)
        y = _engine_ufuncs.where(x == x0, f0, y)
        y = _engine_ufuncs.where(x == xp[-1], fp[-1], y)
    y = _engine_ufuncs.where(x < xp[0], lval, y)
    y = _engine_ufuncs.where(x > xp[-1], rval, y)
    return y.astype(_np.float64, copy=False)
