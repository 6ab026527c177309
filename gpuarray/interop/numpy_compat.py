"""Names kept for NumPy compatibility: bool, get_array_module, astype and
NumPy's floating-point error state (errstate, seterr, geterr).

errstate/seterr/geterr are NumPy's own objects: they govern NumPy's
floating-point warnings only.  gpuarray's kernels never raise
floating-point warnings, so they have no effect on gpuarray arithmetic.
"""

import builtins as _b

import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray


__all__ = ["errstate", "seterr", "geterr", "bool", "get_array_module", "astype"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


# NumPy's own: they only steer NumPy's floating-point warnings (gpuarray
# arithmetic never warns).
errstate, seterr, geterr = _np.errstate, _np.seterr, _np.geterr


bool = _np.bool  # noqa: A001  (NumPy 2's name for bool_)


def get_array_module(*args):
    """gpuarray if any argument is a gpuarray array, else numpy (CuPy's
    rule)."""
    if _b.any(isinstance(a, ndarray) for a in args):
        return _gp()
    return _np


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API astype: x cast to dtype (x itself when copy=False and no
    cast is needed).  Like NumPy, x must be an array (or NumPy scalar)."""
    if not isinstance(x, (ndarray, _np.ndarray, _np.generic)):
        raise TypeError("Input should be a NumPy array or scalar. It is a "
                        "%s instead." % type(x))
    x = asarray(x)
    return x.astype(dtype, copy=copy)


def _gp():
    # get_array_module returns the package itself: the one place outside
    # dispatch that needs it (tests/project/test_layering.py's allow-list).
    import gpuarray
    return gpuarray
