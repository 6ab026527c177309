"""Counting into bins: bincount, histogram, histogram_bin_edges, digitize.

Built on the sort (gpuarray/_sorting.py), with no atomics: the values are
sorted once, and each bin's count is the distance between the insertion
points of its two edges (searchsorted); weighted sums are differences of
a prefix sum of the weights in sorted order.  So results are
deterministic; the weighted sums round differently from NumPy's
sequential adds (a difference of two prefix sums), within a few ulps of
the total.
"""
import operator as _operator

import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray as _asarray
from . import bin_estimators as _bin_estimators
from . import _bin_kernel
from .._engine.arrays import arange, ascontiguousarray, zeros
from .._engine.ufuncs import logical_and
from ..indexing.advanced import flatnonzero
from ..manipulation.shapes import concatenate
from ..math.cumulative import cumsum
from ..math.extrema import amax, amin, argmax
from ..sorting.search_unique import searchsorted
from ..sorting.sort import argsort
from .._engine.ufuncs import where
from .._engine.operands import _imag
from .._engine.operands import _real

__all__ = ["bincount", "histogram", "histogram_bin_edges", "digitize"]

_INT64 = _np.dtype(_np.int64)


_COUNT_BODY = """
#if GPA_CUDA
atomicAdd(reinterpret_cast<unsigned long long *>(p1) + in0, 1ull);
#else
__atomic_fetch_add(p1 + in0, 1LL, __ATOMIC_RELAXED);
#endif
gpa_skip = true;
"""


def bincount(x, weights=None, minlength=0):
    """Counts (or weight sums) of each non-negative integer in x."""
    x = _bincount_input(x)
    if x.ndim != 1:
        raise ValueError("object too deep for desired array"
                         if x.ndim > 1 else "object of too small depth for "
                         "desired array")
    if x.dtype.kind not in "iub":
        raise TypeError("Cannot cast array data from %r to dtype('int64') "
                        "according to the rule 'safe'" % x.dtype)
    minlength = _minlength(minlength)
    if x.size == 0:
        # NumPy's early answer: intp zeros, weights not even looked at
        return zeros((minlength,), _INT64)
    # NumPy counts in intp: a uint64 value past int64 wraps negative
    xi = x.astype(_INT64)
    top = 0
    if x.size:
        # one sync, deliberate: the largest value sets the output's length
        # and a negative one is NumPy's ValueError
        lo, hi = (int(v) for v in concatenate(
            [amin(xi).reshape(1), amax(xi).reshape(1)]).get())
        if lo < 0:
            raise ValueError("'list' argument must have no negative "
                             "elements")
        top = hi + 1
    nb = max(top, minlength)
    edges = arange(nb + 1, dtype=_INT64)
    if weights is None:
        # integer counts by atomic increments: exact whatever the order
        counts = zeros((nb,), _INT64)
        if x.size and _bin_kernel.usable(x, nb):
            _bin_kernel.count(x, counts)   # few bins: Note [Privatized bin counts]
        elif x.size:
            _core._elementwise(
                _COUNT_BODY, (x,),
                (_core._as_strided(counts, x.shape, (0,), 0, True),),
                (_INT64, _INT64))
        return counts
    w = _asarray(weights)
    if w.shape != x.shape:
        raise ValueError("The weights and list don't have the same length.")
    if not _np.can_cast(w.dtype, _np.float64):
        raise TypeError("Cannot cast array data from %r to dtype('float64') "
                        "according to the rule 'safe'" % w.dtype)
    perm = argsort(xi)
    pos = searchsorted(xi[perm], edges)
    ws = w[perm].astype(_np.float64)
    cw = concatenate([_asarray(_np.zeros(1)), cumsum(ws)])
    return cw[pos[1:]] - cw[pos[:-1]]


def _minlength(m):
    """minlength as NumPy takes it: an integer by operator.index (a str
    or a float is TypeError, a bool too), within a C long
    (OverflowError), not negative (ValueError)."""
    if m is None:
        raise TypeError("use 0 instead of None for minlength")
    if isinstance(m, (bool, _np.bool_)):
        raise TypeError("an integer is required (minlength=%r)" % (m,))
    m = _operator.index(m)
    if not -2 ** 63 <= m < 2 ** 63:
        raise OverflowError("Python int too large to convert to C long "
                            "(minlength)")
    if m < 0:
        raise ValueError("'minlength' must not be negative")
    return m


def _bincount_input(x):
    """x as a gpuarray array; a list as NumPy reads it for bincount: empty
    means no integers, floats are truncated with NumPy's warning."""
    if isinstance(x, ndarray):
        return x
    if not isinstance(x, _np.ndarray):
        x = _np.asarray(x)
        if x.size == 0:
            x = x.astype(_np.intp)
        elif x.dtype.kind == "f":
            import warnings
            warnings.warn("Non-integer input passed to bincount. In a future "
                          "version of NumPy, this will be an error. "
                          "(Deprecated NumPy 2.1)", DeprecationWarning,
                          stacklevel=3)
            x = x.astype(_np.intp)
    return _asarray(x)


def _unsigned_subtract(a, b):
    """NumPy's a - b (a >= b) of host scalars, unsigned for signed ints so
    that the range of an int16 histogram does not overflow."""
    dt = _np.result_type(a, b)
    if dt.kind != "i":
        return _np.subtract(a, b, dtype=dt)
    udt = _np.dtype("u%d" % dt.itemsize)
    return _np.subtract(_np.asarray(a, dtype=dt), _np.asarray(b, dtype=dt),
                        casting="unsafe", dtype=udt)


_ESTIMATORS = ("stone", "auto", "doane", "fd", "rice", "scott", "sqrt",
               "sturges")


def _estimate(a, name, range, weights):
    """(NumPy's number of bins for the estimator `name`, the outer edges
    it used).  bin_estimators.py computes it on the device; one sync."""
    if name not in _ESTIMATORS:
        raise ValueError("%r is not a valid estimator for `bins`" % name)
    if weights is not None:
        raise TypeError("Automated estimation of the number of bins is "
                        "not supported for weighted data")
    lo, hi = _outer_edges(a, range)
    if range is not None:
        # as NumPy scalars: a Python int out of a's range compares fine.
        # The selection has a data-dependent size: a sync, deliberate.
        lo_s, hi_s = _np.asarray(lo)[()], _np.asarray(hi)[()]
        a = a[flatnonzero(logical_and(a >= lo_s, a <= hi_s))]
    if a.size == 0:
        return 1, (lo, hi)
    n, warn = _bin_estimators.estimate(a, name, lo, hi,
                                       _unsigned_subtract(hi, lo))
    if warn:
        import warnings
        warnings.warn("The number of bins estimated may be suboptimal.",
                      RuntimeWarning, stacklevel=4)
    return n, (lo, hi)


def _outer_edges(a, range, as_float=False):
    """(lo, hi) of NumPy's histograms: `range` checked, or a's extremes as
    NumPy scalars of a's type (linspace then computes in that type, as in
    NumPy), (0, 1) for no data; widened by 0.5 when equal."""
    if range is not None:
        lo, hi = (float(v) for v in range) if as_float else range
        if lo > hi:
            raise ValueError("max must be larger than min in range "
                             "parameter.")
        if not (_np.isfinite(lo) and _np.isfinite(hi)):
            raise ValueError("supplied range of [%s, %s] is not finite"
                             % (lo, hi))
    elif a.size == 0:
        lo, hi = (0.0, 1.0) if as_float else (0, 1)
    else:
        # one sync for both (their values are edges and a Python check)
        lo, hi = concatenate([amin(a).reshape(1), amax(a).reshape(1)]).get()
        if not (_np.isfinite(lo) and _np.isfinite(hi)):
            raise ValueError("autodetected range of [%s, %s] is not "
                             "finite" % (lo, hi))
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    return lo, hi


def _edges(a, bins, range, weights=None):
    """The bin edges NumPy would use, as a float array (gpuarray)."""
    known = None
    if isinstance(bins, str):
        # the estimators pick a number of uniform bins over the same
        # outer edges as an integer `bins` (the data's extremes are not
        # fetched twice)
        bins, known = _estimate(a, bins, range, weights)
        if range is not None or a.size == 0:
            known = None
    if _np.ndim(bins) == 0:
        try:
            n = _operator.index(bins)
        except TypeError:
            raise TypeError("`bins` must be an integer, a string, or an "
                            "array") from None
        if n < 1:
            raise ValueError("`bins` must be positive, when an integer")
        lo, hi = known if known is not None else \
            _outer_edges(a, range, as_float=True)
        dt = _np.result_type(a.dtype, _np.float64) if a.dtype.kind in "biu" \
            else _np.result_type(a.dtype, _np.float16)
        # NumPy builds the edges in the input's float type (float64 for
        # integer input)
        e = _np.linspace(lo, hi, n + 1, dtype=dt)
        if _np.any(e[:-1] >= e[1:]):
            raise ValueError("Too many bins for data range. Cannot create "
                             "%d finite-sized bins." % n)
        return _asarray(e), True
    e = _asarray(bins)
    if e.ndim != 1:
        raise ValueError("`bins` must be 1d, when an array")
    # on the device, a direct comparison (unsigned bins don't wrap as a
    # diff would); one sync, deliberate: NumPy's ValueError at the call
    if e.shape[0] > 1 and bool((e[:-1] > e[1:]).any()):
        raise ValueError("`bins` must increase monotonically, when an array")
    return e, False


def _ravel_and_check_weights(a, weights):
    """a and weights flattened, as NumPy's histograms take them: bool data
    counts as uint8 (with NumPy's warning)."""
    a = _asarray(a)
    if a.dtype == _np.bool_:
        import warnings
        warnings.warn("Converting input from bool to <class 'numpy.uint8'> "
                      "for compatibility.", RuntimeWarning, stacklevel=3)
        a = a.astype(_np.uint8)
    w = None
    if weights is not None:
        w = _asarray(weights)
        if w.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
        w = w.reshape(-1)
    return a.reshape(-1), w


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    a, weights = _ravel_and_check_weights(a, weights)
    return _edges(a, bins, range, weights)[0]


def _weighted_counts(idx, w, nb):
    """Weight sums per bin in the weights' dtype; a complex weight's parts
    are summed separately, as in NumPy (bincount takes real weights)."""
    if w.dtype.kind == "c":
        re = bincount(idx, weights=_real(w), minlength=nb)
        im = bincount(idx, weights=_imag(w), minlength=nb)
        return (re + 1j * im).astype(w.dtype)
    return bincount(idx, weights=w, minlength=nb).astype(w.dtype)


# Note [Counting into bins]: one kernel per histogram: a binary search of
# the edges (NumPy's rule: edges[i] <= x < edges[i+1], the last bin also
# its right edge; outside and NaN count nowhere) and an atomic integer
# increment of the bin, exact in any order.
_BIN_BODY = """
const in0_t x = in0;
const long long nb = in2;
if (x >= p1[0] && x <= p1[nb]) {
  long long lo = 0, hi = nb + 1;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (p1[mid] <= x) lo = mid + 1; else hi = mid;
  }
  const long long b = lo - 1 < nb ? lo - 1 : nb - 1;
#if GPA_CUDA
  atomicAdd(reinterpret_cast<unsigned long long *>(p3) + b, 1ull);
#else
  __atomic_fetch_add(p3 + b, 1LL, __ATOMIC_RELAXED);
#endif
}
gpa_skip = true;
"""


def _count_in_bins(a, edges, nb):
    """Counts of a's elements in the bins of the sorted edges."""
    ct = _np.result_type(a.dtype, edges.dtype)
    if ct.kind != "f":
        ct = _np.dtype(_np.float64)
    e = ascontiguousarray(edges.astype(ct))
    counts = zeros((nb,), _INT64)
    if a.size and _bin_kernel.usable(a, nb, e):
        _bin_kernel.count(a, counts, e)   # Note [Privatized bin counts]
    elif a.size and nb:
        z = (0,) * a.ndim
        _core._elementwise(
            _BIN_BODY,
            (a, _core._as_strided(e, a.shape, z, 0, False), nb),
            (_core._as_strided(counts, a.shape, z, 0, True),),
            (ct, ct, _INT64, _INT64))
    return counts


def histogram(a, bins=10, range=None, density=None, weights=None):
    """(counts or weight sums, bin edges) with NumPy's bin rule: bin i
    holds edges[i] <= x < edges[i+1], the last bin also its right edge."""
    a, w = _ravel_and_check_weights(a, weights)
    edges, _ = _edges(a, bins, range, w)
    nb = edges.shape[0] - 1
    if weights is None and a.dtype.kind in "biuf" and \
            edges.dtype.kind in "iuf":
        hist = _count_in_bins(a, edges, nb)
        if density:
            widths = (edges[1:] - edges[:-1]).astype(_np.float64)
            hist = hist / widths / hist.sum()
        return hist, edges
    lo, hi = edges[0], edges[-1]
    inside = logical_and(a >= lo, a <= hi)
    idx = searchsorted(edges, a, side="right") - 1
    idx = where(idx >= nb, nb - 1, idx)   # x == last edge: the last bin
    keep = flatnonzero(inside)
    idx = idx[keep]
    if weights is None:
        hist = bincount(idx, minlength=nb)
    else:
        hist = _weighted_counts(idx, w[keep], nb)   # NumPy: weights' dtype
    if density:
        widths = (edges[1:] - edges[:-1]).astype(_np.float64)
        total = hist.sum()
        hist = hist / widths / total
    return hist, edges


def digitize(x, bins, right=False):
    """Indices of the bins each x falls in (NumPy's digitize)."""
    x = _asarray(x)
    b = _asarray(bins)
    if x.dtype.kind == "c":
        raise TypeError("x may not be complex")
    if b.ndim != 1:
        raise ValueError("object too deep for desired array")
    if not _np.can_cast(b.dtype, _np.float64):   # NumPy's monotonic check
        raise TypeError("Cannot cast array data from %r to dtype('float64') "
                        "according to the rule 'safe'" % b.dtype)
    side = "left" if right else "right"
    if _increasing_bins(b):
        return searchsorted(b, x, side=side)
    # decreasing: search the reversed bins
    return b.shape[0] - searchsorted(b[::-1], x, side=side)


def _increasing_bins(b):
    """NumPy's monotonic check of digitize's bins: the direction is set by
    the first edge that differs from b[0] (none: increasing), and then no
    neighbours may step the other way.  So NaN edges, which compare false
    every way, never break it (np.digitize takes [1, 3, nan]).  On the
    device, one sync for the four answers; a direct comparison, so
    unsigned bins don't wrap."""
    if b.shape[0] == 0:
        return True
    lo, hi = b[:-1], b[1:]
    differs = b != b[0]
    varied, up, falls, rises = concatenate([
        differs.any().reshape(1), (b[0] < b[argmax(differs)]).reshape(1),
        (lo > hi).any().reshape(1), (lo < hi).any().reshape(1)]).get()
    increasing = up or not varied
    if falls if increasing else rises:
        raise ValueError("bins must be monotonically increasing or "
                         "decreasing")
    return bool(increasing)
