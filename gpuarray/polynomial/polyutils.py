"""``gpuarray.polynomial.polyutils``: numpy.polynomial.polyutils's helpers
for coefficient series (lowest power first) on device arrays.

as_series splits its argument into 1-d series of one common floating or
complex dtype (numpy.common_type); trimseq drops trailing zeros (a view,
as NumPy's slice); trimcoef drops trailing coefficients at most tol in
magnitude; getdomain, mapparms and mapdomain map between intervals.  The
host sees only the booleans and lengths that steer these (where the
trailing zeros start), never the coefficients.  gpuarray has no object
dtype, so series without a common type are NumPy's ValueError.
"""
import operator

import numpy as _np
from numpy.polynomial.polyutils import format_float

from .._core import ndarray
from .._engine import ufuncs as _uf
from .._engine.arrays import asarray
from ..indexing.index_tricks import common_type
from ..logic import truth as _logic_truth
from ..manipulation.shapes import stack
from ..math import extrema as _math_extrema

__all__ = ["as_series", "trimseq", "trimcoef", "getdomain", "mapdomain",
           "mapparms", "format_float"]

# dtype chars numpy.polynomial turns to float64 before computing
INTEGRAL_CHARS = "?bBhHiIlLqQpP"


def as_int(x, desc):
    """operator.index(x), with numpy.polynomial's TypeError naming desc."""
    try:
        return operator.index(x)
    except TypeError as e:
        raise TypeError(f"{desc} must be an integer, received {x}") from e


def as_device(a):
    """a as a device array (a gpuarray array is kept as it is)."""
    return a if isinstance(a, ndarray) else asarray(a)


def atleast_1d(a):
    """np.array(a, ndmin=1, copy=None) on the device."""
    a = as_device(a)
    return a.reshape(1) if a.ndim == 0 else a


def floating(c):
    """c with integral and bool dtypes made float64, as numpy.polynomial
    does before its arithmetic."""
    return c + 0.0 if c.dtype.char in INTEGRAL_CHARS else c


def _rows(alist):
    """The series as_series reads from alist: the rows of a 2-d array,
    the elements of a 1-d one (each a 1-element series), the items of a
    list or tuple."""
    if isinstance(alist, _np.ndarray):
        alist = asarray(alist)
    if isinstance(alist, ndarray) and alist.ndim == 1:
        return [alist[i:i + 1] for i in range(alist.shape[0])]
    if isinstance(alist, ndarray) and alist.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    return [atleast_1d(a) for a in alist]


def as_series(alist, trim=True):
    """The 1-d series in alist (a 1-d array: one series per element; a
    2-d array: one per row; a sequence: one per item), copied to their
    common type (float64, complex128 or a smaller float kind), trailing
    zeros trimmed if trim."""
    arrays = _rows(alist)
    if any(a.size == 0 for a in arrays):
        raise ValueError("Coefficient array is empty")
    if any(a.ndim != 1 for a in arrays):
        raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [trimseq(a) for a in arrays]
    try:
        dtype = common_type(*arrays)
    except Exception as e:
        raise ValueError("Coefficient arrays have no common type") from e
    return [a.astype(dtype, copy=True) for a in arrays]


def _last_nonzero(nonzero):
    """The index of the last True of a 1-d boolean device array (0 when
    there is none, where numpy's loop ends)."""
    from_end = int(_math_extrema.argmax(nonzero[::-1]))
    if not bool(nonzero[nonzero.shape[0] - 1 - from_end]):
        return 0
    return nonzero.shape[0] - 1 - from_end


def trimseq(seq):
    """seq without its trailing zeros (at least one element kept), a view
    of seq."""
    seq = as_device(seq)
    if len(seq) == 0 or bool(seq[-1] != 0):
        return seq
    return seq[:_last_nonzero(seq != 0) + 1]


def trimcoef(c, tol=0):
    """The series c without trailing coefficients of magnitude <= tol (a
    copy; [0] when nothing is left)."""
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = as_series([c])
    big = _uf.absolute(c) > tol
    if not bool(_logic_truth.any(big)):
        return c[:1] * 0
    return c[:_last_nonzero(big) + 1].copy()


def getdomain(x):
    """The smallest interval (for complex x: rectangle, by its corners)
    that holds the points x."""
    [x] = as_series([x], trim=False)
    if x.dtype.kind == "c":
        re, im = _uf.real(x), _uf.imag(x)
        lo = _math_extrema.min(re) + 1j * _math_extrema.min(im)
        hi = _math_extrema.max(re) + 1j * _math_extrema.max(im)
    else:
        lo, hi = _math_extrema.min(x), _math_extrema.max(x)
    return stack((lo, hi))


def mapparms(old, new):
    """(off, scl) of the linear map off + scl*x that takes the interval
    old onto new."""
    oldlen = old[1] - old[0]
    newlen = new[1] - new[0]
    off = (old[1] * new[0] - old[0] * new[1]) / oldlen
    scl = newlen / oldlen
    return off, scl


def mapdomain(x, old, new):
    """x mapped by the linear map that takes the interval old onto new."""
    if isinstance(x, (list, tuple, _np.ndarray)):
        # NumPy makes every non-scalar an array; a series object (a
        # Polynomial, for convert) is left to its own arithmetic here
        x = asarray(x)
    off, scl = mapparms(old, new)
    return off + scl * x
