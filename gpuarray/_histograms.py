"""Counting into bins: bincount, histogram, histogram_bin_edges, digitize.

Built on the sort (gpuarray/_sorting.py), with no atomics: the values are
sorted once, and each bin's count is the distance between the insertion
points of its two edges (searchsorted); weighted sums are differences of
a prefix sum of the weights in sorted order.  So results are
deterministic; the weighted sums round differently from NumPy's
sequential adds (a difference of two prefix sums), within a few ulps of
the total.
"""
import numpy as _np

from ._core import ndarray
from ._creation import asarray as _asarray

__all__ = ["bincount", "histogram", "histogram_bin_edges", "digitize"]

_INT64 = _np.dtype(_np.int64)


def _host_scalar(x):
    return x.get().item() if isinstance(x, ndarray) else x


def bincount(x, weights=None, minlength=0):
    """Counts (or weight sums) of each non-negative integer in x."""
    from ._sorting import sort, argsort, searchsorted
    from ._creation import arange
    from ._scans import cumsum
    from ._manipulation import concatenate
    from ._reductions import amax, amin
    x = _asarray(x)
    if x.ndim != 1:
        raise ValueError("object too deep for desired array"
                         if x.ndim > 1 else "object of too small depth for "
                         "desired array")
    if x.dtype.kind not in "iub":
        raise TypeError("Cannot cast array data from %r to dtype('int64') "
                        "according to the rule 'safe'" % x.dtype)
    minlength = int(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    if x.size and int(_host_scalar(amin(x))) < 0:
        raise ValueError("'list' argument must have no negative elements")
    nb = max(int(_host_scalar(amax(x))) + 1 if x.size else 0, minlength)
    xi = x.astype(_INT64)
    edges = arange(nb + 1, dtype=_INT64)
    if weights is None:
        pos = searchsorted(sort(xi), edges)
        return pos[1:] - pos[:-1]
    w = _asarray(weights)
    if w.shape != x.shape:
        raise ValueError("The weights and list don't have the same length.")
    perm = argsort(xi)
    pos = searchsorted(xi[perm], edges)
    ws = w[perm].astype(_np.float64)
    cw = concatenate([_asarray(_np.zeros(1)), cumsum(ws)])
    return cw[pos[1:]] - cw[pos[:-1]]


def _edges(a, bins, range):
    """The bin edges NumPy would use, as a float array (gpuarray)."""
    from ._reductions import amax, amin
    if isinstance(bins, str):
        raise NotImplementedError("gpuarray histogram: bin estimators "
                                  "(bins=%r) are not supported yet" % bins)
    if _np.ndim(bins) == 0:
        n = int(bins)
        if n < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if range is not None:
            lo, hi = (float(v) for v in range)
            if lo > hi:
                raise ValueError("max must be larger than min in range "
                                 "parameter.")
            if not (_np.isfinite(lo) and _np.isfinite(hi)):
                raise ValueError("supplied range of [%s, %s] is not finite"
                                 % (lo, hi))
        elif a.size:
            # NumPy scalars of a's type: linspace then computes in that
            # type, as NumPy's histogram does
            lo, hi = amin(a).get()[()], amax(a).get()[()]
            if not (_np.isfinite(lo) and _np.isfinite(hi)):
                raise ValueError("autodetected range of [%s, %s] is not "
                                 "finite" % (lo, hi))
        else:
            lo, hi = 0.0, 1.0
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        dt = _np.result_type(a.dtype, _np.float64) if a.dtype.kind in "biu" \
            else _np.result_type(a.dtype, _np.float16)
        # NumPy builds the edges in the input's float type (float64 for
        # integer input)
        return _asarray(_np.linspace(lo, hi, n + 1, dtype=dt)), True
    e = _asarray(bins)
    eh = e.get() if isinstance(e, ndarray) else _np.asarray(e)
    if eh.ndim != 1:
        raise ValueError("`bins` must be 1d, when an array")
    if (_np.diff(eh) < 0).any():
        raise ValueError("`bins` must increase monotonically, when an array")
    return e, False


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    a = _asarray(a)
    return _edges(a.reshape(-1), bins, range)[0]


def histogram(a, bins=10, range=None, density=None, weights=None):
    """(counts or weight sums, bin edges) with NumPy's bin rule: bin i
    holds edges[i] <= x < edges[i+1], the last bin also its right edge."""
    from ._sorting import searchsorted
    from ._ufuncs import logical_and, where
    from ._indexing import flatnonzero
    a = _asarray(a).reshape(-1)
    edges, _ = _edges(a, bins, range)
    nb = edges.shape[0] - 1
    if weights is not None:
        w = _asarray(weights).reshape(-1)
        if w.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
    lo, hi = edges[0], edges[-1]
    inside = logical_and(a >= lo, a <= hi)
    idx = searchsorted(edges, a, side="right") - 1
    idx = where(idx >= nb, nb - 1, idx)   # x == last edge: the last bin
    keep = flatnonzero(inside)
    idx = idx[keep]
    if weights is None:
        hist = bincount(idx, minlength=nb)
    else:
        wk = w[keep]
        # NumPy gives the weights' dtype
        hist = bincount(idx, weights=wk, minlength=nb).astype(wk.dtype)
    if density:
        widths = (edges[1:] - edges[:-1]).astype(_np.float64)
        total = hist.sum()
        hist = hist / widths / total
    return hist, edges


def digitize(x, bins, right=False):
    """Indices of the bins each x falls in (NumPy's digitize)."""
    from ._sorting import searchsorted
    x = _asarray(x)
    b = _asarray(bins)
    if b.ndim != 1:
        raise ValueError("object too deep for desired array")
    d = _np.diff(b.get())
    side = "left" if right else "right"
    if (d >= 0).all():
        return searchsorted(b, x, side=side)
    if (d <= 0).all():   # decreasing: search the reversed bins
        return b.shape[0] - searchsorted(b[::-1], x, side=side)
    raise ValueError("bins must be monotonically increasing or decreasing")
