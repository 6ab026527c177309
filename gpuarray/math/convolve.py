"""math.convolve (moved from _functions.py, _misc.py by the chapter layout, issue 14)."""

import builtins as _b

import numpy as _np

from .._engine import ufuncs as _uf
from .._engine.arrays import asarray, zeros
from .._engine.operands import _gp
from .._engine.operands import _accumulator


__all__ = ["convolve", "correlate", "interp"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


_CONVOLVE_MODES = {"valid": 0, "same": 1, "full": 2, 0: 0, 1: 1, 2: 2}


def convolve(a, v, mode="full"):
    """Discrete linear convolution: one shifted multiply-add per element
    of the shorter input."""
    a, v = asarray(a), asarray(v)
    a = a.reshape(1) if a.ndim == 0 else a
    v = v.reshape(1) if v.ndim == 0 else v
    if a.ndim > 1 or v.ndim > 1:
        raise ValueError("object too deep for desired array")
    if mode not in _CONVOLVE_MODES:
        raise ValueError("mode must be one of 'valid', 'same', or 'full' "
                         "(got %r)" % (mode,))
    if v.size > a.size:
        a, v = v, a
    if a.size == 0:
        raise ValueError("a cannot be empty")
    if v.size == 0:
        raise ValueError("v cannot be empty")
    n, m = a.size, v.size
    dt = _np.result_type(a.dtype, v.dtype)
    acc = _accumulator(dt)
    result = zeros((n + m - 1,), acc)
    for k in range(m):
        window = result[k:k + n]
        _uf.add(window, _uf.multiply(a, v[k], dtype=acc), out=window)
    kind = _CONVOLVE_MODES[mode]
    if kind == 1:
        result = result[(m - 1) // 2:(m - 1) // 2 + n]
    elif kind == 0:
        result = result[m - 1:n]
    return result.astype(dt, copy=False)


def correlate(a, v, mode="valid"):
    """Cross-correlation sum_n a[n + k] * conj(v[n]), via convolve with v
    reversed (and conjugated)."""
    gp = _gp()
    a, v = asarray(a), asarray(v)
    if a.ndim > 1 or v.ndim > 1:
        raise ValueError("object too deep for desired array")
    if a.ndim == 0 or v.ndim == 0:  # NumPy's correlate wants 1-d (convolve not)
        raise ValueError("object of too small depth for desired array")
    if a.size == 0:
        raise ValueError("first array argument cannot be empty")
    if v.size == 0:
        raise ValueError("second argument cannot be empty")
    a = a.reshape(-1)
    v = v.reshape(-1)
    if v.size > a.size:
        # NumPy centres 'same' on the longer input: swap, then reverse
        r = correlate(v, a, mode)[::-1]
        return gp.conjugate(r) if r.dtype.kind == "c" else r.copy()
    w = v[::-1]
    if w.dtype.kind == "c":
        w = gp.conjugate(w)
    return gp.convolve(a, w, mode)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation of (xp, fp) at x; xp increasing."""
    gp = _gp()
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
        x = gp.remainder(x, period)
        xp = gp.remainder(xp, period)
        order = gp.argsort(xp)
        xp, fp = xp[order], fp[order]
        # one wrapped sample on each side closes the period
        xp = gp.concatenate([xp[-1:] - period, xp, xp[0:1] + period])
        fp = gp.concatenate([fp[-1:], fp, fp[0:1]])
    n = xp.shape[0]
    lval = fp[0] if left is None else asarray(_np.asarray(left, rdt))
    rval = fp[-1] if right is None else asarray(_np.asarray(right, rdt))
    if n == 1:
        y = gp.broadcast_to(fp[0], x.shape).copy()
    else:
        j = gp.searchsorted(xp, x, side="right") - 1
        j = gp.clip(j, 0, n - 2)
        x0, x1 = xp[j], xp[j + 1]
        f0, f1 = fp[j], fp[j + 1]
        slope = (f1 - f0) / (x1 - x0)
        y = slope * (x - x0) + f0
        # an infinite sample makes inf - inf: measure from the right end
        # instead, and a flat step keeps its value (NumPy's answers)
        y = gp.where(gp.isnan(y), slope * (x - x1) + f1, y)
        y = gp.where(gp.isnan(y) & (f0 == f1) & ~gp.isnan(x), f0, y)
        # exactly on a sample: its value (no 0 * inf from a flat step)
        y = gp.where(x == x0, f0, y)
        y = gp.where(x == xp[-1], fp[-1], y)
    y = gp.where(x < xp[0], lval, y)
    y = gp.where(x > xp[-1], rval, y)
    return y.astype(rdt, copy=False)

