"""gpuarray.emath: NumPy's numpy.emath (numpy.lib.scimath) for gpuarray
arrays: sqrt, log, log2, log10, logn, power, arccos, arcsin, arctanh that
return complex results where the real function leaves its domain.

The rules are NumPy's (numpy/lib/_scimath_impl.py): a real input with an
element out of the real domain (x < 0 for the roots and logarithms,
|x| > 1 for arccos/arcsin/arctanh) is converted to complex first --
complex64 for float32, int8, int16, uint8 and uint16, complex128 for every
other real dtype (float16 included) -- and the plain ufunc is applied.
Whether to convert is decided on the device (gp.any of a comparison); its
one-element answer is the only value brought back to the host.

Inputs go through gp.asarray, so Python scalars are 0-d arrays of NumPy's
default dtype (as numpy.asarray makes them, which is also what NumPy
does here) and the result is always a gpuarray array (0-d for scalar
inputs, where NumPy returns a NumPy scalar).
"""
import numpy as _np

from .._engine import ufuncs as _uf
from .._engine.arrays import asarray as _asarray
from ..logic import truth as _logic_truth

__all__ = ["sqrt", "log", "log2", "logn", "log10", "power", "arccos",
           "arcsin", "arctanh"]

# NumPy's _tocomplex: these go to complex64, every other dtype to complex128
_TO_CSINGLE = frozenset(_np.dtype(t) for t in (
    _np.single, _np.byte, _np.short, _np.ubyte, _np.ushort, _np.csingle))


def _tocomplex(x):
    return x.astype(_np.complex64 if x.dtype in _TO_CSINGLE
                    else _np.complex128)


def _may_be_negative(x):
    # isreal(x) & (x < 0) can only hold for signed ints and floats
    # (complex x: converting keeps its dtype, so there is nothing to do)
    return x.dtype.kind in "if" and bool(_logic_truth.any(_uf.less(x, 0)))


def _fix_real_lt_zero(x):
    x = _asarray(x)
    if _may_be_negative(x):
        x = _tocomplex(x)
    return x


def _fix_int_lt_zero(x):
    x = _asarray(x)
    if _may_be_negative(x):
        x = x * 1.0
    return x


def _fix_real_abs_gt_1(x):
    x = _asarray(x)
    # abs(x) as NumPy computes it (abs of the int minimum wraps to itself)
    if x.dtype.kind in "iuf" and bool(_logic_truth.any(_uf.greater(_uf.absolute(x),
                                                          1))):
        x = _tocomplex(x)
    return x


def sqrt(x):
    """Square root of x; complex where x < 0 (numpy.emath.sqrt)."""
    return _uf.sqrt(_fix_real_lt_zero(x))


def log(x):
    """Natural logarithm of x; complex where x < 0 (numpy.emath.log)."""
    return _uf.log(_fix_real_lt_zero(x))


def log10(x):
    """Base-10 logarithm of x; complex where x < 0 (numpy.emath.log10)."""
    return _uf.log10(_fix_real_lt_zero(x))


def log2(x):
    """Base-2 logarithm of x; complex where x < 0 (numpy.emath.log2)."""
    return _uf.log2(_fix_real_lt_zero(x))


def logn(n, x):
    """Logarithm of x to base n; complex where x < 0 or n < 0
    (numpy.emath.logn)."""
    x = _fix_real_lt_zero(x)
    n = _fix_real_lt_zero(n)
    return _uf.true_divide(_uf.log(x), _uf.log(n))


def power(x, p):
    """x ** p; complex where x < 0, and float where an integer p < 0
    (numpy.emath.power)."""
    x = _fix_real_lt_zero(x)
    p = _fix_int_lt_zero(p)
    return _uf.power(x, p)


def arccos(x):
    """Inverse cosine of x; complex where ``|x| > 1`` (numpy.emath.arccos)."""
    return _uf.arccos(_fix_real_abs_gt_1(x))


def arcsin(x):
    """Inverse sine of x; complex where ``|x| > 1`` (numpy.emath.arcsin)."""
    return _uf.arcsin(_fix_real_abs_gt_1(x))


def arctanh(x):
    """Inverse hyperbolic tangent of x; complex where ``|x| > 1``
    (numpy.emath.arctanh)."""
    return _uf.arctanh(_fix_real_abs_gt_1(x))
