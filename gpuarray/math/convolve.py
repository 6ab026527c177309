"""Discrete linear convolution and correlation of 1-D arrays: convolve,
correlate (a blockwise contraction; accumulator dtypes as the products).
"""

import numpy as _np

from .._engine import ufuncs as _uf, ufuncs as _engine_ufuncs
from .._engine.arrays import asarray, zeros
from .._engine.operands import _accumulator


__all__ = ["convolve", "correlate"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


_CONVOLVE_MODES = {"valid": 0, "same": 1, "full": 2}


def _mode(mode):
    """NumPy's mode argument of convolve/correlate: one of the three
    names (another str is ValueError), or the integer 0, 1 or 2 (another
    integer ValueError); anything else (None, a bool, a float, bytes) is
    TypeError."""
    if isinstance(mode, str):
        if mode not in _CONVOLVE_MODES:
            raise ValueError("mode must be one of 'valid', 'same', or "
                             "'full' (got %r)" % (mode,))
        return _CONVOLVE_MODES[mode]
    if isinstance(mode, (int, _np.integer)) and \
            not isinstance(mode, (bool, _np.bool_)):
        if mode not in (0, 1, 2):
            raise ValueError("integer convolve/correlate mode must be 0, "
                             "1, or 2 (got %r)" % (mode,))
        return int(mode)
    raise TypeError("convolve/correlate mode not understood (got %r)"
                    % (mode,))


def convolve(a, v, mode="full"):
    """Discrete linear convolution: one shifted multiply-add per element
    of the shorter input."""
    a, v = asarray(a), asarray(v)
    a = a.reshape(1) if a.ndim == 0 else a
    v = v.reshape(1) if v.ndim == 0 else v
    if a.ndim > 1 or v.ndim > 1:
        raise ValueError("object too deep for desired array")
    kind = _mode(mode)
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
    if kind == 1:
        result = result[(m - 1) // 2:(m - 1) // 2 + n]
    elif kind == 0:
        result = result[m - 1:n]
    return result.astype(dt, copy=False)


def correlate(a, v, mode="valid"):
    """Cross-correlation sum_n a[n + k] * conj(v[n]), via convolve with v
    reversed (and conjugated)."""
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
        return _engine_ufuncs.conjugate(r) if r.dtype.kind == "c" else r.copy()
    w = v[::-1]
    if w.dtype.kind == "c":
        w = _engine_ufuncs.conjugate(w)
    return convolve(a, w, mode)
