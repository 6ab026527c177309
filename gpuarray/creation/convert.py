"""Conversions with checks: asanyarray, asarray_chkfinite, require.
"""

import numpy as _np

from .._engine.arrays import array, asarray
from .._engine import ufuncs as _uf
from ..logic import truth as _logic_truth


__all__ = ["asanyarray", "asarray_chkfinite", "require"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None,
               like=None, blocking=False):
    """asarray: gpuarray has no ndarray subclasses to pass through
    (blocking: CuPy's keyword, as asarray's)."""
    return asarray(a, dtype, order, copy=copy, device=device,
                   blocking=blocking)


def asarray_chkfinite(a, dtype=None, order=None):
    """asarray, raising ValueError if a floating or complex result holds
    an inf or a NaN (one reduction and a one-element read)."""
    a = asarray(a, dtype=dtype, order=order)
    if a.dtype.char in _np.typecodes["AllFloat"] and \
            not bool(_logic_truth.all(_uf.isfinite(a))):
        raise ValueError("array must not contain infs or NaNs")
    return a


_REQUIREMENTS = {
    "C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C",
    "F": "F", "F_CONTIGUOUS": "F", "FORTRAN": "F",
    "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W",
    "O": "O", "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E",
}


def require(a, dtype=None, requirements=None, *, like=None):
    """An array of `dtype` meeting the flag `requirements` (NumPy's
    letters), copied only when `a` does not."""
    if not requirements:
        return asanyarray(a, dtype=dtype)
    reqs = {_REQUIREMENTS[r.upper()] for r in requirements}
    # 'E' asks for a base-class array: every gpuarray array is one.
    reqs.discard("E")
    if reqs >= {"C", "F"}:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = "F" if "F" in reqs else "C" if "C" in reqs else "A"
    reqs -= {"C", "F"}
    arr = array(a, dtype=dtype, order=order, copy=None)
    for prop in reqs:
        if not arr.flags[prop]:
            return arr.copy(order)
    return arr

