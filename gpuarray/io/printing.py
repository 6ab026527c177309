"""Printing arrays: NumPy's array2string, array_repr and array_str for
gpuarray arrays, and NumPy's print options and number formatting.

A gpuarray array is copied to the host and NumPy formats it, so the
strings are NumPy's for the same values, dtype and shape; `repr` and
`str` of a gpuarray array are made the same way (the C type calls
numpy.array_repr / numpy.array_str on a host copy), so they follow the
print options set here (gp.set_printoptions is np.set_printoptions, and
one set of options serves both libraries).  Anything else is handed to
NumPy as it is.
"""
import numpy as _np

from .._core import ndarray as _ndarray

__all__ = ["array2string", "array_repr", "array_str", "set_printoptions",
           "get_printoptions", "printoptions", "format_float_positional",
           "format_float_scientific", "base_repr", "binary_repr"]

set_printoptions = _np.set_printoptions
get_printoptions = _np.get_printoptions
printoptions = _np.printoptions
format_float_positional = _np.format_float_positional
format_float_scientific = _np.format_float_scientific
base_repr = _np.base_repr
binary_repr = _np.binary_repr

def _host(a):
    return a.get() if isinstance(a, _ndarray) else a


def array2string(a, max_line_width=None, precision=None,
                 suppress_small=None, separator=" ", prefix="", *,
                 formatter=None, threshold=None, edgeitems=None, sign=None,
                 floatmode=None, suffix="", legacy=None):
    """numpy.array2string of a (a gpuarray array is copied to the host)."""
    return _np.array2string(
        _host(a), max_line_width, precision, suppress_small, separator,
        prefix, formatter=formatter, threshold=threshold,
        edgeitems=edgeitems, sign=sign, floatmode=floatmode, suffix=suffix,
        legacy=legacy)


def array_repr(arr, max_line_width=None, precision=None,
               suppress_small=None):
    """numpy.array_repr of arr: "array([...], dtype=...)", the string
    repr() of a gpuarray array gives."""
    return _np.array_repr(_host(arr), max_line_width, precision,
                          suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """numpy.array_str of a: the string str() of a gpuarray array gives."""
    return _np.array_str(_host(a), max_line_width, precision,
                         suppress_small)
