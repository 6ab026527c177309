"""Order statistics: median, quantile, percentile and their nan forms,
every NumPy method, weights -- on rows sorted by sorting/sort.py.
"""

import numpy as _np

from .._core import ndarray
from .. import _core
from .._engine.arrays import asarray as _asarray
from ..sorting.sort import _INT64, _sort_rows, _can_select, _kth_values
from .moments import mean
from .._engine import ufuncs as _ufuncs
from .._engine.arrays import ascontiguousarray
from .._engine.ufuncs import where
from ..indexing.advanced import take_along_axis
from ..logic.truth import any as _any
from ..manipulation.shapes import moveaxis, stack, concatenate
from ..math.cumulative import cumsum
from ..math.sums import sum as _sum
from .._engine.ufuncs import floor
from .._engine.ufuncs import isnan
from .._engine.ufuncs import maximum
from .._engine.ufuncs import minimum
from .._engine.reduce import _axes
from .._engine.reduce import _check_out_shape
from .._engine import datetimes as _dt
from ..manipulation.shapes import broadcast_to
from ..manipulation.shapes import transpose


__all__ = ["quantile", "percentile", "nanquantile", "nanpercentile", "median", "nanmedian"]


_METHODS = ("linear", "lower", "higher", "nearest", "midpoint",
            "inverted_cdf", "averaged_inverted_cdf", "closest_observation",
            "interpolated_inverted_cdf", "hazen", "weibull",
            "median_unbiased", "normal_unbiased")


# Methods whose virtual index is already an integer (NumPy takes, never
# interpolates: the result keeps the input's dtype)
_DISCRETE = ("inverted_cdf", "closest_observation", "lower", "higher",
             "nearest")


# Hyndman & Fan's (alpha, beta) of the continuous methods
_ALPHA_BETA = {"interpolated_inverted_cdf": (0, 1), "hazen": (0.5, 0.5),
               "weibull": (0, 0), "median_unbiased": (1 / 3.0, 1 / 3.0),
               "normal_unbiased": (3 / 8.0, 3 / 8.0)}


def _dev():
    """The functions _virtual_index needs (floor, ceil, around, where,
    maximum), on the device: gpuarray's ufuncs."""
    return _ufuncs


def _virtual_index(n, q, method, F):
    """NumPy's virtual index of quantile q among n sorted values: n an
    int (q a NumPy scalar, F numpy) or a device array of counts (F _dev()).
    The arithmetic is NumPy's, in the same order and types."""
    if method == "linear":
        return (n - 1) * q
    if method in _ALPHA_BETA:
        al, be = _ALPHA_BETA[method]
        return n * q + (al + q * (1 - al - be)) - 1
    if method == "averaged_inverted_cdf":
        return n * q - 1
    if method == "midpoint":
        return 0.5 * (F.floor((n - 1) * q) + F.ceil((n - 1) * q))
    if method == "lower":
        return F.floor((n - 1) * q).astype(_INT64)
    if method == "higher":
        return F.ceil((n - 1) * q).astype(_INT64)
    if method == "nearest":
        return F.around((n - 1) * q).astype(_INT64)
    # inverted_cdf, closest_observation: the next order statistic unless
    # the index is whole (and odd, for closest_observation); clip at 0
    v = n * q - 1 if method == "inverted_cdf" else n * q - 1 - 0.5
    prev = F.floor(v)
    g = v - prev
    stay = g == 0
    if method == "closest_observation":
        stay = stay & (prev % 2 == 1)
    return F.maximum(F.where(stay, prev, prev + 1).astype(_INT64), 0)


def _fix_gamma(g, v, method, F):
    """NumPy's interpolation weight from the raw fraction g."""
    if method == "averaged_inverted_cdf":
        return F.where(g == 0, 0.5, 1.0)
    if method == "midpoint":
        return F.where(v % 1 == 0, 0.0, 0.5)
    return g


def _takes(method, qdt):
    """Does NumPy take order statistics (no interpolation) for method and
    quantiles of dtype qdt?"""
    if method in _DISCRETE:
        return True
    v = _virtual_index(5, _np.zeros((), qdt)[()], method, _np)
    return method == "linear" and _np.asarray(v).dtype.kind in "iu"


def _result_dtype(adt, method, qdt, weak):
    """NumPy's result dtype: the input's when it takes, else the type of
    its lerp of input values by a weight of the index's type (a Python
    float for a Python scalar q); a datetime lerp keeps its dtype."""
    if _takes(method, qdt) or adt.kind in "mM":
        return adt
    if adt.kind == "b":
        raise TypeError("numpy boolean subtract, the `-` operator, is not "
                        "supported, use the bitwise_xor, the `^` operator, "
                        "or the logical_xor function instead.")
    if weak:
        return _np.result_type(adt, 0.0)
    v = _virtual_index(5, _np.zeros((), qdt)[()], method, _np)
    return _np.result_type(adt, _np.asarray(v).dtype)


def _lerp(lo, hi, t, rt):
    """NumPy's _lerp, exact at both ends: the difference in the input's
    type, the rest in rt (t a host scalar or a device array)."""
    if lo.dtype.kind in "mM":
        # Note [Datetime quantiles]: NumPy's own arithmetic on the values:
        # the difference is a timedelta, times the weight truncated (NaT
        # propagating), added to the lower (or taken from the upper) end
        d = hi - lo
        if isinstance(t, ndarray):
            return where(t >= 0.5, hi - d * (1 - t), lo + d * t)
        return hi - d * (1 - t) if t >= 0.5 else lo + d * t
    d = (hi - lo).astype(rt)
    lo, hi = lo.astype(rt), hi.astype(rt)
    if isinstance(t, ndarray):
        omt, tt = (1 - t).astype(rt), t.astype(rt)
        return where(t >= 0.5, hi - d * omt, lo + d * tt)
    if t >= 0.5:
        return hi - d * _np.asarray(1 - t).astype(rt)[()]
    return lo + d * _np.asarray(t).astype(rt)[()]


def _host_q(q, scale):
    """(q as a NumPy array of NumPy's dtype, is q a Python scalar)."""
    weak = type(q) in (int, float)
    if isinstance(q, ndarray):
        qh = q.get()
    elif isinstance(q, (list, tuple)):  # of device scalars, say: one copy
        qh = [x.get() if isinstance(x, ndarray) else x for x in q]
    else:
        qh = q
    qh = _np.true_divide(qh, 100) if scale == 100 else _np.asanyarray(qh)
    if qh.size == 0 and qh.ndim > 1:
        # NumPy checks the range of a q that is not a short vector by
        # its min() and max(): ValueError for an empty one
        raise ValueError("zero-size array to reduction operation minimum "
                         "which has no identity (q is empty)")
    if _np.any((qh < 0) | (qh > 1)) or _np.any(_np.isnan(qh)):
        raise ValueError("Percentiles must be in the range [0, 100]"
                         if scale == 100 else
                         "Quantiles must be in the range [0, 1]")
    return _np.asarray(qh), weak


def _check_weights(a, weights, axes, method):
    """NumPy's checks of quantile weights: the weights broadcast to a."""
    if method != "inverted_cdf":
        raise ValueError("Only method 'inverted_cdf' supports weights. "
                         "Got: %s." % method)
    w = _asarray(weights)
    if w.shape != a.shape:
        if axes is None:
            raise TypeError("Axis must be specified when shapes of a and "
                            "weights differ.")
        if w.shape != tuple(a.shape[d] for d in axes):
            raise ValueError("Shape of weights must be consistent with "
                             "shape of a along specified axis.")
        w = transpose(w, tuple(_np.argsort(axes))).reshape(
            tuple(s if d in axes else 1 for d, s in enumerate(a.shape)))
        w = broadcast_to(w, a.shape)
    if bool(_any(w < 0)):
        raise ValueError("Weights must be non-negative.")
    return w


def _rows(x, axes):
    """x with the reduced axes last, as C-contiguous rows (rows, n)."""
    if axes is None:
        return ascontiguousarray(x).reshape(1, -1)
    m = moveaxis(x, list(axes), list(range(x.ndim - len(axes), x.ndim)))
    n = 1
    for d in axes:
        n *= x.shape[d]
    rows = x.size // n if n else int(_np.prod(
        [x.shape[d] for d in range(x.ndim) if d not in axes]))
    return ascontiguousarray(m).reshape(rows, n)


# Note [Datetime quantiles]: datetime64/timedelta64 rows are sorted by
# their sort keys (NaT last, as NumPy; _engine/datetimes.py) and mapped
# back to values; every method then runs as for numbers, with the lerp in
# NumPy's datetime arithmetic (_lerp), NaT where NumPy's nan checks give
# nan, and the input's dtype as the result's.  A median averages (mean),
# so a datetime64 median is NumPy's UFuncTypeError, as its mean.

def _missing(dt):
    """The 'nan' of dtype dt: NaT for datetimes."""
    return _np.array("NaT", dt)[()] if dt.kind in "mM" else _np.nan


def _quantile(a, q, axis, out, keepdims, method, nan_skip, scale,
              weights=None, median=False):
    """quantile and friends: sort the reduced axes' rows once on the
    device, then one gather (and lerp) per q; the indices and weights of
    each q come from NumPy's formulas, on the host when every row has the
    same length, on the device (per row) for the nan forms."""
    a = _asarray(a)
    if median and a.dtype.kind == "M":
        # NumPy's median is a mean of datetimes: its UFuncTypeError
        _np.add(_np.zeros(1, a.dtype), _np.zeros(1, a.dtype))
    if a.dtype.kind == "c" and not median:
        raise TypeError("a must be an array of real numbers")
    if median and a.dtype == _np.bool_:
        # NumPy's median averages the middle values (a mean: float64)
        a = a.astype(_np.uint8)
    qh, weak = _host_q(q, scale)
    if method not in _METHODS:
        raise ValueError("%r is not a valid method. Use one of: %s"
                         % (method, _METHODS))
    if out is not None and not (median or nan_skip or weights is not None):
        _check_out_cast(out, a.dtype, method, qh.dtype, weak)
    if qh.ndim > 2:
        # NumPy's limit (its message says 1d, 2-d q is accepted)
        raise ValueError("q must be a scalar or 1d")
    if axis is None:
        axes = None
        kept = ()
        kshape = (1,) * a.ndim
    else:
        axes = _axes((axis,) if _np.ndim(axis) == 0 else tuple(axis),
                     a.ndim, strict=False)
        kept = tuple(a.shape[d] for d in range(a.ndim) if d not in axes)
        kshape = tuple(1 if d in axes else a.shape[d]
                       for d in range(a.ndim))
    if weights is not None:
        # the weights' axes in the order given (NumPy's normalize_axis_tuple)
        waxes = None if axis is None else tuple(
            d % a.ndim for d in ((axis,) if _np.ndim(axis) == 0 else axis))
        weights = _check_weights(a, weights, waxes, method)
    src = _rows(a, axes)
    rows, n = src.shape
    res_shape = kshape if keepdims else kept
    if n == 0:
        return _empty_quantile(a, nan_skip or median, res_shape, out)
    # no nans to skip in non-float input: the plain form is the same
    # (median takes complex input too)
    nan_skip = nan_skip and a.dtype.kind in ("fcm" if median else "fmM")
    if weights is None and not nan_skip and _can_select(src, n):
        sel = _selected(src, qh, method, weak, median)
        if sel is not None:
            per_q, rt = sel
            return _finish(per_q, rt, qh, rows, res_shape, out, nan_skip)
    if src.dtype.kind in "mM":     # Note [Datetime quantiles]
        s, perm = _sort_rows(_dt.sort_key(src), "both")
        s = _dt.from_sort_key(s, src.dtype)
    else:
        s, perm = _sort_rows(src, "keys" if weights is None else "both")
    if median:
        per_q = [_median_rows(s, nan_skip)]
        rt = per_q[0].dtype
    elif weights is not None:
        rt = a.dtype
        per_q = _weighted(s, perm, _rows(weights, axes), qh, nan_skip)
    elif nan_skip:
        per_q, rt = _nan_rows(s, qh, method, weak, a.dtype)
    else:
        rt = _result_dtype(a.dtype, method, qh.dtype, weak)
        per_q = _plain_rows(s, qh, method, weak, rt)
    return _finish(per_q, rt, qh, rows, res_shape, out, nan_skip)


def _check_out_cast(out, adt, method, qdt, weak):
    """NumPy's plain forms interpolate straight into out (its lerp's
    ufunc add): the interpolated result's dtype must cast to out's
    under the 'same_kind' rule (the methods that take order statistics
    copy, any out dtype will do)."""
    if _takes(method, qdt):
        return
    rt = _result_dtype(adt, method, qdt, weak)
    odt = getattr(out, "dtype", None)
    if odt is not None and not _np.can_cast(rt, odt, "same_kind"):
        raise TypeError("Cannot cast ufunc 'add' output from %r to %r with "
                        "casting rule 'same_kind' (quantile's out=)"
                        % (rt, odt))


def _finish(per_q, rt, qh, rows, res_shape, out, nan_skip):
    """The (rows,) results per q stacked into NumPy's shape (and out)."""
    res = stack([r.astype(rt, copy=False) for r in per_q]) \
        if per_q else _core.empty((0, rows), rt)
    res = res.reshape(qh.shape + res_shape)
    if out is not None:
        if not nan_skip:    # NumPy's nan forms broadcast into out
            _check_out_shape(out, res.shape)
        out[...] = res
        return out
    return res


def _empty_quantile(a, nan_result, res_shape, out):
    """Nothing to take from: quantile raises NumPy's IndexError; median
    and the nan forms give NumPy's nanmean of the empty slice (nan, with
    its warning)."""
    if not nan_result:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    if a.dtype.kind == "M":     # NumPy's nanmean of datetimes: its error
        _np.add(_np.zeros(1, a.dtype), _np.zeros(1, a.dtype))
    # nanmean's dtype: the input's for floats and datetimes, float64
    # otherwise
    rt = a.dtype if a.dtype.kind in "fcmM" else _np.dtype(_np.float64)
    import warnings
    warnings.warn("Mean of empty slice.", RuntimeWarning, stacklevel=4)
    # NumPy returns nanmean of the empty slice here: q adds no axes
    res = _core.full(tuple(res_shape), _missing(rt), rt)
    if out is not None:
        out[...] = res
        return out
    return res


def _nan_last(s, r, rt, last=None):
    """NumPy's answer for rows holding a nan (sorted last): that nan
    (last: the rows' last sorted values, when s is not the sorted rows)."""
    if s.dtype.kind not in "fcmM":
        return r
    last = s[:, -1] if last is None else last
    return where(isnan(last), last.astype(rt), r)


def _selected(src, qh, method, weak, median):
    """Note [Radix select] for the plain forms: the one or two order
    statistics each row needs, by radix select instead of a sort; None
    when more are needed (then one sort is cheaper)."""
    n = src.shape[1]
    if median:
        need = {(n - 1) // 2, n // 2}
    else:
        take = _takes(method, qh.dtype)
        need = set()
        for qq in qh.reshape(-1):
            v = _virtual_index(n, qq, method, _np)
            if take:
                need.add(int(v))
            elif v >= n - 1:
                need.add(n - 1)
            elif v < 0:
                need.add(0)
            else:
                need.update((int(_np.floor(v)), int(_np.floor(v)) + 1))
    if len(need) > 2:
        return None
    idx = sorted(need)
    vals = {i: _kth_values(src, i) for i in idx}
    # a row holding a nan answers nan (NumPy's sorted last value)
    last = None
    if src.dtype.kind == "f":
        last = where(_any(isnan(src), axis=1), _np.nan, 0).astype(src.dtype)
    if median:
        r = mean(stack([vals[i] for i in idx], axis=1), axis=1)
        return [_nan_last(src, r, r.dtype, last)], r.dtype
    rt = _result_dtype(src.dtype, method, qh.dtype, weak)
    return _plain_rows(src, qh, method, weak, rt, vals.__getitem__,
                       last), rt


def _median_rows(s, nan_skip):
    """NumPy's median of each sorted row: the mean of the middle value or
    two (not a lerp, so an inf stays an inf and a pair is averaged as
    mean does), a row holding a nan gives that nan.  The nan form takes
    the middle of each row's non-nan values (nan sorts last); an all-nan
    row gives nan."""
    n = s.shape[1]
    if not nan_skip:
        r = mean(s[:, (n - 1) // 2:n // 2 + 1], axis=1)
        return _nan_last(s, r, r.dtype)
    cnt = _sum(~isnan(s), axis=1)
    c = cnt.reshape(-1, 1)
    half = maximum(c - 1, 0) // 2
    lo = take_along_axis(s, half, 1)
    hi = take_along_axis(s, minimum(half + 1 - c % 2, n - 1), 1)
    pair = concatenate([lo, hi], axis=1)
    # an odd count takes its middle value as is (a mean of it twice
    # could overflow)
    r = where(cnt % 2 == 1, lo.reshape(-1), mean(pair, axis=1))
    return where(cnt == 0, _missing(r.dtype), r).astype(r.dtype)


def _plain_rows(s, qh, method, weak, rt, col=None, last=None):
    """One (rows,) result per q when every row has n values: the index
    and the weight are host scalars.  col(i): the rows' rank-i values
    (default: s is sorted, its column i); last: their last sorted
    values (default s[:, -1])."""
    n = s.shape[1]
    if col is None:
        def col(i):
            return s[:, i]
    take = _takes(method, qh.dtype)
    out = []
    for qq in qh.reshape(-1):
        v = _virtual_index(n, qq, method, _np)
        if take:
            r = col(int(v))
        else:
            # NumPy's _get_indexes: clamp to the ends
            if v >= n - 1:
                lo = hi = n - 1
                prev = -1        # NumPy's weight is taken from index -1
            elif v < 0:
                lo = hi = prev = 0
            else:
                prev = lo = int(_np.floor(v))
                hi = lo + 1
            g = _np.asarray(_fix_gamma(v - prev, v, method, _np),
                            dtype=_np.asarray(v).dtype)[()]
            r = _lerp(col(lo), col(hi), float(g) if weak else g, rt)
        out.append(_nan_last(s, r, rt, last))
    return out


def _nan_rows(s, qh, method, weak, adt):
    """The nan forms: row r has its cnt[r] non-nan values first (nan
    sorts last), so the indices and weights are per row, on the device.
    All-nan rows give nan."""
    cnt = _sum(~isnan(s), axis=1)
    rt = _result_dtype(adt, method, qh.dtype, weak)
    if s.shape[0] and int(cnt[0]) == 0:
        # NumPy (apply_along_axis) builds the result in the dtype of the
        # first row's answer: an all-nan row's is the input's
        rt = adt
    ndt = qh.dtype if qh.dtype.kind == "f" else _INT64
    nn = cnt.astype(ndt)
    last = maximum(cnt - 1, 0)
    take = _takes(method, qh.dtype)

    def gather(i):
        i = minimum(maximum(i, 0), last).reshape(-1, 1)
        return take_along_axis(s, i, 1).reshape(-1)
    out = []
    for qq in qh.reshape(-1):
        v = _virtual_index(nn, qq, method, _dev())
        if take:
            r = gather(v.astype(_INT64)).astype(rt)
        else:
            above = v >= nn - 1
            below = v < 0
            pf = floor(v)
            prev = where(above, -1, where(below, 0, pf))
            g = _fix_gamma(v - prev, v, method, _dev()).astype(v.dtype)
            lo = where(above, last, where(below, 0, pf.astype(_INT64)))
            hi = where(above | below, lo, lo + 1)
            r = _lerp(gather(lo), gather(hi), g, rt)
        out.append(where(cnt == 0, _missing(rt), r).astype(rt))
    return out, rt


def _weighted(s, perm, w, qh, nan_skip):
    """NumPy's weighted inverted_cdf: the first sorted value whose
    normalised cumulative weight reaches q (leading zero weights never
    chosen), one count per row instead of a searchsorted."""
    rows, n = s.shape
    ws = take_along_axis(w, perm, 1)
    if nan_skip:
        valid = ~isnan(s)
        cnt = _sum(valid, axis=1)
        ws = where(valid, ws, 0)       # NumPy drops the nans' weights
    cdf = cumsum(ws, axis=1, dtype=_np.float64)
    cdf = cdf / cdf[:, n - 1:]
    bad = isnan(cdf[:, -1])
    if nan_skip:
        bad = bad & (cnt > 0)          # all-nan rows just give nan
    if bool(_any(bad)):
        raise ValueError("Weights included NaN, inf or were all zero.")
    if qh.dtype.kind == "f":
        cdf = cdf.astype(qh.dtype)
    top = maximum(cnt - 1, 0).reshape(-1, 1) if nan_skip else n - 1
    out = []
    for qq in qh.reshape(-1):
        i = _sum((cdf < qq) | (cdf == 0), axis=1, keepdims=True)
        r = take_along_axis(s, minimum(i, top), 1).reshape(-1)
        if nan_skip:
            r = where(cnt == 0, _missing(r.dtype), r)
        else:
            r = _nan_last(s, r, s.dtype)
        out.append(r)
    return out


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method="linear", keepdims=False, *, weights=None):
    return _quantile(a, q, axis, out, keepdims, method, False, 1, weights)


def percentile(a, q, axis=None, out=None, overwrite_input=False,
               method="linear", keepdims=False, *, weights=None):
    return _quantile(a, q, axis, out, keepdims, method, False, 100,
                     weights)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False,
                method="linear", keepdims=False, *, weights=None):
    return _quantile(a, q, axis, out, keepdims, method, True, 1, weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
                  method="linear", keepdims=False, *, weights=None):
    return _quantile(a, q, axis, out, keepdims, method, True, 100, weights)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return _quantile(a, 0.5, axis, out, keepdims, "linear", False, 1,
                     median=True)


def nanmedian(a, axis=None, out=None, overwrite_input=False,
              keepdims=False):
    return _quantile(a, 0.5, axis, out, keepdims, "linear", True, 1,
                     median=True)

