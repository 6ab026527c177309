"""Array type testing and infinities: iscomplexobj, isrealobj, iscomplex,
isreal, real_if_close, isscalar, isneginf, isposinf.
"""

import numpy as _np

from . import truth as _logic_truth
from .._core import ndarray
from .._engine import ufuncs as _uf, ufuncs as _engine_ufuncs
from .._engine.arrays import asarray, full
from .._engine.operands import _imag, _real


__all__ = ["iscomplexobj", "isrealobj", "iscomplex", "isreal", "real_if_close", "isscalar", "isneginf", "isposinf"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def iscomplexobj(x):
    dt = getattr(x, "dtype", None)
    if not isinstance(dt, _np.dtype):
        dt = _np.asarray(x).dtype
    return issubclass(dt.type, _np.complexfloating)


def isrealobj(x):
    return not iscomplexobj(x)


def iscomplex(x):
    """True where the imaginary part is non-zero."""
    a = asarray(x)
    if a.dtype.kind == "c":
        return _imag(a) != 0
    return full(a.shape, False, _np.bool_)


def isreal(x):
    """True where the imaginary part is zero."""
    return _imag(asarray(x)) == 0


def real_if_close(a, tol=100):
    """The real part when every imaginary part is below tol (in machine
    epsilons when tol > 1)."""
    a = asarray(a)
    if a.dtype.kind != "c":
        return a
    if tol > 1:
        tol = _np.finfo(a.dtype).eps * tol
    if bool(_logic_truth.all(_uf.absolute(_imag(a)) < tol)):
        return _real(a)
    return a


def isscalar(element):
    """NumPy's isscalar; a gpuarray array (even 0-d) is not a scalar."""
    return not isinstance(element, ndarray) and _np.isscalar(element)


def _inf_sign(x, out, negative):
    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("This operation is not supported for %s values "
                        "because it would be ambiguous." % x.dtype)
    # an infinity is negative exactly when it is below zero
    side = (x < 0) if negative else (x > 0)
    return _engine_ufuncs.logical_and(_engine_ufuncs.isinf(x), side, out=out) if out is not None \
        else _engine_ufuncs.logical_and(_engine_ufuncs.isinf(x), side)


def isneginf(x, out=None):
    return _inf_sign(x, out, True)


def isposinf(x, out=None):
    return _inf_sign(x, out, False)

