"""histogram's automatic bin estimators (bins='auto', 'fd', 'doane',
'scott', 'stone', 'rice', 'sturges', 'sqrt') on the device (issue 22).

Each estimator is NumPy's formula (numpy/lib/_histograms_impl.py's
_hist_bin_*) written with 0-d device arrays in NumPy's order and types
(a Python number stays weak, a NumPy scalar strong, as NEP 50 has it), so
a float32 input's width is a float32 as in NumPy.  The number of bins,
ceil(span / width), is computed on the device too; the one host step is
its final copy -- deliberate: the bin count is the output's shape, so it
must be a Python int.  One sync per estimate (the count, and stone's
"suboptimal" flag, in one 2-element copy); data-dependent branches
(sigma > 0, ptp == 0, auto's min/max) are device `where`s.

'auto' picks among three widths of possibly different dtypes (fd's is
the input's float type, sqrt's and sturges' float64); NumPy divides the
span by the winner in the winner's dtype, so each candidate's count is
computed in its own dtype and the count is selected, not the width.

'stone' scores every candidate number of bins k = 1..max(100, sqrt(n))
at once: one sort of x, one searchsorted per side of all candidates'
edges (the edges are NumPy's linspaces, built on the host from host
scalars: no device data), the squared bin counts summed per candidate
exactly in int64 (a cumulative sum read at the candidates' boundaries),
and an argmin (NumPy's min() keeps the first minimum, as argmin does).
NumPy's p.dot(p) rounds each (count / n)**2; here the sum of squares is
exact and divided by n**2 once, which can only matter for a tie within
an ulp.
"""
import numpy as _np

from .._engine.arrays import asarray as _asarray
from .._engine import ufuncs as _uf
from ..indexing.advanced import take
from ..manipulation.shapes import concatenate
from ..math.cumulative import cumsum
from ..math.extrema import amax, amin, argmin
from ..sorting.search_unique import searchsorted
from ..sorting.sort import sort
from .moments import mean, std
from .order import percentile

_F64 = _np.dtype(_np.float64)


def _ptp(x):
    """max - min as NumPy's _ptp: unsigned for signed integers, so an
    int16 range does not overflow (modular, hence exact)."""
    hi, lo = amax(x), amin(x)
    if x.dtype.kind == "i":
        u = _np.dtype("u%d" % x.dtype.itemsize)
        return hi.astype(u) - lo.astype(u)
    return hi - lo


def _bw_sqrt(x, n, ptp):
    return ptp.astype(_F64) / float(_np.sqrt(n))       # / np.float64


def _bw_sturges(x, n, ptp):
    return ptp.astype(_F64) / float(_np.log2(n) + 1.0)  # / np.float64


def _bw_rice(x, n, ptp):
    return ptp / (2.0 * n ** (1.0 / 3))                 # / a Python float


def _bw_scott(x, n, ptp):
    return (24.0 * _np.pi ** 0.5 / n) ** (1.0 / 3.0) * std(x)


def _bw_doane(x, n, ptp):
    if n <= 2:
        return None
    sg1 = float(_np.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3))))
    sigma = std(x)
    t = (x - mean(x)) / sigma
    g1 = mean(t * t * t)
    # np.log2 of a Python number is an np.float64: the sum is float64
    den = float(1.0 + _np.log2(n)) + _uf.log2(
        1.0 + _uf.absolute(g1).astype(_F64) / sg1)
    return _uf.where(sigma > 0.0, ptp.astype(_F64) / den, 0.0)


def _bw_fd(x, n, ptp):
    q = percentile(x, [75, 25])
    return 2.0 * (q[0] - q[1]) * n ** (-1.0 / 3.0)


_WIDTHS = {"sqrt": _bw_sqrt, "sturges": _bw_sturges, "rice": _bw_rice,
           "scott": _bw_scott, "doane": _bw_doane, "fd": _bw_fd}


def _count(span, width, int_data):
    """NumPy's bin count for one width, as a float64 0-d array:
    1 for a zero width, ceil(span / width) in the width's dtype (a width
    below 1 counts as 1 for integer data)."""
    if width is None:
        return None
    c = _uf.ceil(span / (width + (width == 0))).astype(_F64)
    if int_data:
        c = _uf.where(width < 1, _uf.ceil(span.astype(_F64)), c)
    return _uf.where(width == 0, 1.0, c)


def _auto(x, n, ptp, span, int_data):
    """min(max(fd, sqrt / 2), sturges) by Python's min/max rules (the
    first argument wins a tie), the count of the winner."""
    fd, sq, st = (_bw_fd(x, n, ptp), _bw_sqrt(x, n, ptp) / 2,
                  _bw_sturges(x, n, ptp))
    use_sq = sq > fd
    m = _uf.where(use_sq, sq, fd.astype(_F64))
    c = _uf.where(use_sq, _count(span, sq, int_data),
                  _count(span, fd, int_data))
    return _uf.where(st < m, _count(span, st, int_data), c)


def _uniform_edges(adt, lo, hi, k):
    """NumPy's k + 1 uniform edges on the host, in NumPy's edge type."""
    bt = _np.result_type(lo, hi, _np.zeros(0, adt))
    if bt.kind in "biu":
        bt = _np.result_type(bt, float)
    return _np.linspace(lo, hi, k + 1, endpoint=True, dtype=bt)


def _stone(x, n, ptp, span, int_data, lo, hi):
    """(count, flag): NumPy's cross-validation minimum over 1..top bins
    and whether it is top (NumPy then warns)."""
    if n <= 1:
        return None, None
    top = max(100, int(_np.sqrt(n)))
    ks = _np.arange(1, top + 1)
    edges = _np.concatenate([_uniform_edges(x.dtype, lo, hi, k)
                             for k in ks])
    starts = _np.concatenate([[0], _np.cumsum(ks + 1)[:-1]])  # k's 1st edge
    last = _np.zeros(edges.size, bool)
    last[starts + ks] = True
    xs, e = sort(x), _asarray(edges)
    # bin i of k: e[i] <= x < e[i+1], the last bin also x == e[k]
    pos = _uf.where(_asarray(last), searchsorted(xs, e, side="right"),
                    searchsorted(xs, e))
    d = pos[1:] - pos[:-1]                   # zero across candidates
    sq = _uf.where(_asarray(~last[:-1]), d * d, 0)
    cz = concatenate([_asarray(_np.zeros(1, _np.int64)), cumsum(sq)])
    s = take(cz, _asarray(starts + ks), mode="clip") - \
        take(cz, _asarray(starts), mode="clip")
    kdt = ptp.dtype if ptp.dtype.kind == "f" else _F64
    hh = ptp.astype(kdt) / _asarray(ks.astype(kdt))    # ptp_x / nbins
    j = (2.0 - (n + 1) * (s.astype(_F64) / float(n * n))) / hh
    best = argmin(j)
    # hh[best] without a sync (a 0-d device index would be read back):
    # the one selected value plus zeros, exact
    pick = _uf.where(_asarray(ks - 1) == best, hh, 0).sum()
    width = _uf.where(ptp == 0, 0, pick)
    flag = _uf.logical_and(best == top - 1, ptp != 0)
    return _count(span, width, int_data), flag


def estimate(x, name, lo, hi, span):
    """The number of bins of estimator `name` for the data x (in range,
    non-empty, flat) over the outer edges lo, hi (host scalars, span their
    NumPy difference): (count, warn) from one 2-element copy."""
    n = x.size
    int_data = x.dtype.kind in "iu"
    ptp = _ptp(x)
    span = _asarray(_np.asarray(span))      # strong, as NumPy's scalar
    flag = None
    if name == "auto":
        count = _auto(x, n, ptp, span, int_data)
    elif name == "stone":
        count, flag = _stone(x, n, ptp, span, int_data, lo, hi)
    else:
        count = _count(span, _WIDTHS[name](x, n, ptp), int_data)
    if count is None:          # NumPy's width 0 (too few values)
        return 1, False
    if flag is None:
        return int(count.get()), False
    # the one sync: count and stone's flag together (deliberate: the
    # count is the output's shape)
    both = concatenate([count.reshape(1), flag.astype(_F64).reshape(1)])
    c, f = both.get()
    return int(c), bool(f)
