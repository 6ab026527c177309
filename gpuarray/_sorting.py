"""Sorting and searching: sort, argsort (and the ndarray methods),
lexsort, searchsorted, unique, partition/argpartition, sort_complex,
median, quantile/percentile and their nan forms.

Note [Bitonic sort]: every sort here is one stable sort of (value, index)
pairs along the last axis of a C-contiguous copy, each row padded to a
power of two N.  A bitonic network of log2(N) * (log2(N) + 1) / 2 passes
runs one elementwise launch per pass, a thread per compare-exchange pair:
pair g of row r holds positions i and i + j of that row (j the pass's
distance) and orders them ascending or descending by bit k of i.  Pairs
compare with `gpa_sort_lt` (NumPy's sort order: nan last; NumPy's
complex order), ties by original index, so the network is stable and its
result does not depend on timing; padding slots carry indices >= n and
sort after everything.  The kernel reaches both arrays through zero-stride
output views (their data pointers, p4 and p5) and skips the regular
stores.  Network sorts do O(n log^2 n) work: a radix sort is the way to
CuPy's speed on large arrays (future work, measured in benchmarks/ once
written).
"""
import numpy as _np

from . import _core
from ._core import ndarray
from ._creation import asarray as _asarray

__all__ = ["sort", "argsort", "lexsort", "searchsorted", "unique",
           "partition", "argpartition", "sort_complex", "median",
           "nanmedian", "quantile", "percentile", "nanquantile",
           "nanpercentile"]

_INT64 = _np.dtype(_np.int64)

_PAIR_BODY = """
const long long half = in1, j = in2, k = in3, n = in0;
const long long row = gpa_i / half, q = gpa_i % half;
const long long i = 2 * j * (q / j) + q % j, l = i + j;
const long long base = row * 2 * half;
out0_t *K = p4 + base;
long long *I = p5 + base;
const out0_t a = K[i], b = K[l];
const long long ia = I[i], ib = I[l];
const bool up = (i & k) == 0;
if (up ? gpa_pair_lt(b, ib, a, ia, n) : gpa_pair_lt(a, ia, b, ib, n)) {
  K[i] = b; K[l] = a; I[i] = ib; I[l] = ia;
}
gpa_skip = true;
"""

_PAIR_PRE = """
/* Note [Bitonic sort]: (x, ix) before (y, iy)?  Indices >= n are
 * padding and sort last; values in NumPy's sort order; ties by index. */
template <class T>
GPA_DEVICE bool gpa_pair_lt(T x, long long ix, T y, long long iy,
                            long long n)
{
  const bool px = ix >= n, py = iy >= n;
  if (px != py) return py;
  if (px) return ix < iy;
  if (gpa_sort_lt(x, y)) return true;
  if (gpa_sort_lt(y, x)) return false;
  return ix < iy;
}
"""


def _axis(axis, ndim):
    from ._reductions import _axes
    return _axes(axis, ndim)[0]


def _sort_rows(keys, want):
    """Stable sort of each row of the C-contiguous 2-D array `keys`:
    (sorted keys, permutation) as asked by want ("keys", "index" or
    "both")."""
    rows, n = keys.shape
    N = 1
    while N < n:
        N *= 2
    from ._creation import arange
    K = _core.empty((rows, N), keys.dtype)
    K[:, :n] = keys
    if N > n:
        K[:, n:] = 0
    I = _core.empty((rows, N), _INT64)
    I[...] = arange(N, dtype=_INT64)
    half = N // 2
    if rows and half:
        m = rows * half
        kb = _core._as_strided(K, (m,), (0,), 0, True)
        ib = _core._as_strided(I, (m,), (0,), 0, True)
        types = (_INT64, _INT64, _INT64, _INT64, K.dtype, _INT64)
        k = 2
        while k <= N:
            j = k // 2
            while j >= 1:
                _core._elementwise(_PAIR_BODY, (n, half, j, k), (kb, ib),
                                   types, _PAIR_PRE)
                j //= 2
            k *= 2
    if want == "keys":
        return K[:, :n], None
    if want == "index":
        return None, I[:, :n]
    return K[:, :n], I[:, :n]


def _along_last(a, axis):
    """(2-D C-contiguous rows of a along axis, the moved shape)."""
    from ._manipulation import moveaxis
    from ._creation import ascontiguousarray
    m = moveaxis(a, axis, -1)
    shape = m.shape
    return ascontiguousarray(m).reshape(-1, shape[-1] if shape else 1), shape


def _from_last(r, shape, axis):
    from ._manipulation import moveaxis
    from ._creation import ascontiguousarray
    return ascontiguousarray(moveaxis(r.reshape(shape), -1, axis))


def _check_kind(kind, stable, order):
    if order is not None:
        raise ValueError("Cannot specify order when the array has no "
                         "fields.")
    if kind not in (None, "quicksort", "mergesort", "heapsort", "stable"):
        raise ValueError("sort kind must be one of 'quick', 'heap', or "
                         "'stable' (got %r)" % (kind,))
    if stable is not None and kind is not None:
        raise ValueError("`kind` and `stable` parameters can't be provided "
                         "at the same time. Use only one of them.")


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    """A sorted copy (always stable; nan last, as NumPy)."""
    _check_kind(kind, stable, order)
    a = _asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim == 0:
        raise _np.exceptions.AxisError(
            "axis %s is out of bounds for array of dimension 0" % axis)
    ax = _axis(axis, a.ndim)
    if a.size == 0:
        return a.copy()
    rows, shape = _along_last(a, ax)
    k, _ = _sort_rows(rows, "keys")
    return _from_last(k, shape, ax)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """Indices that sort a along axis (int64; stable: equal values keep
    their order, which is also a valid answer for NumPy's default)."""
    _check_kind(kind, stable, order)
    a = _asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim == 0:  # NumPy sorts a 0-d array as one element
        a = a.reshape(1)
    ax = _axis(axis, a.ndim)
    if a.size == 0:
        return _core.empty(a.shape, _INT64)
    rows, shape = _along_last(a, ax)
    _, idx = _sort_rows(rows, "index")
    return _from_last(idx, shape, ax)


def _m_sort(self, axis=-1, kind=None, order=None, *, stable=None):
    self[...] = sort(self, axis, kind, order, stable=stable)


def _m_argsort(self, axis=-1, kind=None, order=None, *, stable=None):
    return argsort(self, axis, kind, order, stable=stable)


# ndarray.sort / .argsort forward here (gpuarray/__init__.py, Note [Lazy
# namespace] in _lazy.py)


def sort_complex(a):
    a = _asarray(a)
    r = sort(a)
    if a.dtype.kind == "c":
        return r
    # NumPy: small integers to complex64, everything else to complex128
    return r.astype(_np.complex64 if a.dtype.char in "bhBH"
                    else _np.complex128)


def lexsort(keys, axis=-1):
    """Indices sorting by the last key, then the one before, ... (stable
    sorts from the first key to the last)."""
    if isinstance(keys, ndarray):
        keys = [keys[i] for i in range(keys.shape[0])] if keys.ndim > 1 \
            else [keys]
    keys = [_asarray(k) for k in keys]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = keys[0].shape
    if any(k.shape != shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        raise _np.exceptions.AxisError("axis -1 is out of bounds for array "
                                       "of dimension 0")
    ax = _axis(axis, len(shape))
    from ._indexing import take_along_axis
    perm = None
    for k in keys:
        kk = k if perm is None else take_along_axis(k, perm, ax)
        step = argsort(kk, axis=ax)
        perm = step if perm is None else take_along_axis(perm, step, ax)
    return perm


_SEARCH_BODY = """
const long long n = in2;
const out0_t v = in0;
long long lo = 0, hi = n;
while (lo < hi) {
  const long long mid = lo + (hi - lo) / 2;
  const bool go_right = in3 ? !gpa_sort_lt(v, p1[mid])
                            : gpa_sort_lt(p1[mid], v);
  if (go_right) lo = mid + 1; else hi = mid;
}
out0 = lo;
"""


def searchsorted(a, v, side="left", sorter=None):
    """Insertion points of v in the sorted 1-D a (a binary search per
    element of v, in NumPy's sort order)."""
    a = _asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    if side not in ("left", "right"):
        raise ValueError("side must be 'left' or 'right' (got %r)" % (side,))
    if sorter is not None:
        a = a[_asarray(sorter)]
    scalar = not isinstance(v, (ndarray, _np.ndarray, list, tuple))
    vv = _asarray(v)
    ct = _np.result_type(a.dtype, vv.dtype)
    a = a.astype(ct, copy=False)
    from ._creation import ascontiguousarray
    a = ascontiguousarray(a)
    out = _core.empty(vv.shape, _INT64)
    if out.size:
        n = a.shape[0]
        base = _core._as_strided(a, vv.shape, (0,) * vv.ndim, 0, False) \
            if n else _zeros(vv.shape, ct)
        _core._elementwise(_SEARCH_BODY.replace("out0_t v", "in0_t v"),
                           (vv, base, n, side == "right"), (out,),
                           (ct, ct, _INT64, _np.bool_, _INT64))
    return out[()] if scalar else out


def _zeros(shape, dt):
    from ._creation import zeros
    return zeros(shape, dt)


def unique(ar, return_index=False, return_inverse=False,
           return_counts=False, axis=None, *, equal_nan=True):
    """Sorted unique elements of the flattened array (NumPy's optional
    outputs: first indices, inverse, counts)."""
    ar = _asarray(ar)
    if axis is not None:
        raise NotImplementedError("gpuarray.unique: axis= is not supported "
                                  "yet (flattened input only)")
    flat = ar.reshape(-1)
    n = flat.size
    from ._manipulation import concatenate
    from ._indexing import flatnonzero
    from ._scans import cumsum
    if n == 0:
        s, perm = flat, _core.empty((0,), _INT64)
    else:
        s, perm = _sort_rows(flat.reshape(1, n), "both")
        s, perm = s.reshape(-1), perm.reshape(-1)
    if n:
        new = s[1:] != s[:-1]
        if equal_nan and s.dtype.kind in "fc":
            from ._ufuncs import isnan, logical_and
            new = new & ~logical_and(isnan(s[1:]), isnan(s[:-1]))
        flags = concatenate([_core.full((1,), True, _np.bool_), new])
    else:
        flags = _core.empty((0,), _np.bool_)
    first = flatnonzero(flags)
    res = [s[first]]
    if return_index:
        res.append(perm[first])
    if return_inverse:
        inv = _core.empty((n,), _INT64)
        if n:
            inv[perm] = cumsum(flags, dtype=_INT64) - 1
        res.append(inv.reshape(_inverse_shape(ar.shape)))
    if return_counts:
        ends = concatenate([first[1:], _core.full((1,), n, _INT64)]) \
            if n else first
        res.append(ends - first)
    return res[0] if len(res) == 1 else tuple(res)


def _inverse_shape(shape):
    """NumPy's shape for unique's inverse with axis=None (the input's
    shape in NumPy >= 2.0.1 except some releases: ask the installed one)."""
    probe = _np.unique(_np.zeros((2, 1)), return_inverse=True)[1]
    return shape if probe.ndim == 2 else (-1,)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A valid partition: the fully sorted array (every element before
    kth is <= it and every one after >= it)."""
    a = _asarray(a)
    _check_kth(a, kth, axis)
    return sort(a, axis=axis, order=order)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    a = _asarray(a)
    _check_kth(a, kth, axis)
    return argsort(a, axis=axis, order=order)


def _check_kth(a, kth, axis):
    n = a.size if axis is None else a.shape[_axis(axis, a.ndim)]
    for k in _np.atleast_1d(_np.asarray(kth)):
        if not -n <= int(k) < n:
            raise ValueError("kth(=%d) out of bounds (%d)" % (int(k), n))


# ---------------------------------------------------- order statistics

_METHODS = ("linear", "lower", "higher", "nearest", "midpoint",
            "inverted_cdf", "averaged_inverted_cdf", "closest_observation",
            "interpolated_inverted_cdf", "hazen", "weibull",
            "median_unbiased", "normal_unbiased")


def _quantile(a, q, axis, out, keepdims, method, nan_skip, scale):
    from ._ufuncs import isnan, where
    from ._reductions import sum as _sum
    from ._indexing import take_along_axis
    a = _asarray(a)
    if method not in _METHODS[:5]:
        if method in _METHODS:
            raise NotImplementedError("gpuarray quantile: method=%r is not "
                                      "supported yet" % method)
        raise ValueError("'%s' is not a valid method. Use one of: %s"
                         % (method, _METHODS))
    qh = _np.asarray(q.get() if isinstance(q, ndarray) else q,
                     dtype=_np.float64) / scale
    if _np.any((qh < 0) | (qh > 1)) or _np.any(_np.isnan(qh)):
        raise ValueError("Percentiles must be in the range [0, 100]"
                         if scale == 100 else
                         "Quantiles must be in the range [0, 1]")
    work = a if a.dtype.kind in "fc" else a.astype(_np.float64)
    if axis is None:
        src, ax = work.reshape(-1), 0
        kshape = (1,) * a.ndim
    else:
        axes = (axis,) if _np.ndim(axis) == 0 else tuple(axis)
        from ._reductions import _axes
        axes = _axes(axes, a.ndim)
        keep = [d for d in range(a.ndim) if d not in axes]
        from ._manipulation import moveaxis
        src = moveaxis(work, list(axes), list(range(a.ndim - len(axes),
                                                    a.ndim)))
        src = src.reshape(tuple(a.shape[d] for d in keep) + (-1,))
        ax = src.ndim - 1
        kshape = tuple(1 if d in axes else a.shape[d]
                       for d in range(a.ndim))
    n = src.shape[ax]
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    s = sort(src, axis=ax)
    if nan_skip:
        cnt = _sum(~isnan(s), axis=ax, keepdims=True).astype(_np.float64)
    else:
        cnt = None
    results = []
    for qq in qh.reshape(-1):
        if cnt is None:
            pos = qq * (n - 1)
            lo = int(_np.floor(pos))
            hi = min(int(_np.ceil(pos)), n - 1)
            frac = pos - lo
            lo_v = _take(s, lo, ax)
            hi_v = _take(s, hi, ax)
            r = _combine(lo_v, hi_v, frac, method, pos)
            nanrow = isnan(_take(s, n - 1, ax))  # nan sorts last
            r = where(nanrow, _take(s, n - 1, ax), r)
        else:
            last = cnt - 1
            pos = where(last < 0, 0.0, last * qq)
            from ._ufuncs import ceil, floor, minimum, maximum
            lo_i = maximum(floor(pos), 0).astype(_INT64)
            hi_i = minimum(ceil(pos).astype(_INT64),
                           maximum(last, 0).astype(_INT64))
            lo_v = take_along_axis(s, lo_i, ax).squeeze(ax)
            hi_v = take_along_axis(s, hi_i, ax).squeeze(ax)
            frac = (pos - lo_i.astype(_np.float64)).squeeze(ax)
            r = _combine(lo_v, hi_v, frac, method, pos.squeeze(ax))
            r = where((cnt == 0).squeeze(ax), _np.nan, r)
        if keepdims:
            r = r.reshape(kshape)
        results.append(r)
    from ._manipulation import stack
    res = results[0].reshape(()) if qh.ndim == 0 and results[0].ndim == 0 \
        else (results[0] if qh.ndim == 0 else
              stack(results).reshape(qh.shape + results[0].shape))
    rt = _np.result_type(a.dtype, _np.float64) if a.dtype.kind in "biu" \
        else a.dtype
    if method in ("lower", "higher", "nearest") and a.dtype.kind in "biu":
        rt = a.dtype
    res = res.astype(rt, copy=False)
    if out is not None:
        out[...] = res
        return out
    return res


def _take(s, i, ax):
    return s[(slice(None),) * ax + (i,)]


def _combine(lo_v, hi_v, frac, method, pos):
    from ._ufuncs import where
    if method == "lower":
        return lo_v
    if method == "higher":
        return hi_v
    if method == "midpoint":
        return lo_v + (hi_v - lo_v) * 0.5
    if method == "nearest":
        # NumPy rounds half to even on the position
        if isinstance(pos, (float, _np.floating)):
            return hi_v if _np.around(pos) > _np.floor(pos) else lo_v
        from ._ufuncs import around, floor
        return where(around(pos) > floor(pos), hi_v, lo_v)
    # linear: NumPy's lerp, exact at both ends
    d = hi_v - lo_v
    return where(frac >= 0.5, hi_v - d * (1 - frac), lo_v + d * frac)


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method="linear", keepdims=False, *, weights=None):
    if weights is not None:
        raise NotImplementedError("gpuarray quantile: weights= is not "
                                  "supported yet")
    return _quantile(a, q, axis, out, keepdims, method, False, 1)


def percentile(a, q, axis=None, out=None, overwrite_input=False,
               method="linear", keepdims=False, *, weights=None):
    if weights is not None:
        raise NotImplementedError("gpuarray percentile: weights= is not "
                                  "supported yet")
    return _quantile(a, q, axis, out, keepdims, method, False, 100)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False,
                method="linear", keepdims=False, *, weights=None):
    return _quantile(a, q, axis, out, keepdims, method, True, 1)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
                  method="linear", keepdims=False, *, weights=None):
    return _quantile(a, q, axis, out, keepdims, method, True, 100)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return _quantile(a, 0.5, axis, out, keepdims, "linear", False, 1)


def nanmedian(a, axis=None, out=None, overwrite_input=False,
              keepdims=False):
    return _quantile(a, 0.5, axis, out, keepdims, "linear", True, 1)
