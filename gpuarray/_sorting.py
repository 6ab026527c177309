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
import operator as _op

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
    return _axes(axis, ndim, strict=False)[0]


# dtypes the radix sort engine takes (Note [Sort keys] in
# csrc/jit/sort_codegen.c)
_RADIX_CHARS = frozenset("?bBhHiIlLqQefd")


def _sort_rows(keys, want):
    """Stable sort of each row of the C-contiguous 2-D array `keys`:
    (sorted keys, permutation) as asked by want ("keys", "index" or
    "both").  The radix sort engine (one C call) for real dtypes, a
    chain of its stable sorts for complex; the bitonic network for the
    rest."""
    rows, n = keys.shape
    if keys.dtype.char in _RADIX_CHARS:
        K = _core.empty((rows, n), keys.dtype) if want != "index" else None
        I = _core.empty((rows, n), _INT64) if want != "keys" else None
        if rows and n:
            _core._radix_sort(keys, rows, K, I)
        return K, I
    if keys.dtype.kind == "c" and rows and n:
        return _sort_complex_rows(keys, want)
    return _bitonic_rows(keys, want)


def _sort_complex_rows(keys, want):
    """NumPy's complex order [R + Rj, R + nanj, nan + Rj, nan + nanj] as
    three stable radix sorts, least significant first: by the imaginary
    part, by the real part, by the NaN class."""
    from ._indexing import take_along_axis
    from ._creation import ascontiguousarray
    from ._ufuncs import isnan
    re = ascontiguousarray(keys.real)
    im = ascontiguousarray(keys.imag)
    cls = (isnan(re).astype(_np.uint8) * 2 + isnan(im)).astype(_np.uint8)
    _, perm = _sort_rows(im, "index")
    for part in (re, cls):
        part = ascontiguousarray(take_along_axis(part, perm, 1))
        _, step = _sort_rows(part, "index")
        perm = take_along_axis(perm, step, 1)
    K = take_along_axis(keys, perm, 1) if want != "index" else None
    return K, (perm if want != "keys" else None)


def _bitonic_rows(keys, want):
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
    # the method sorts in place, so it takes one axis (not None), as NumPy
    axis = _op.index(axis)
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
        # NumPy iterates an array of keys along its first axis, so a 1-D
        # array is that many 0-d keys
        keys = [keys[i] for i in range(keys.shape[0])] if keys.ndim \
            else [keys]
    keys = [_asarray(k) for k in keys]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = keys[0].shape
    if any(k.shape != shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        # NumPy sorts 0-d keys as one element (axis 0 or -1 only)
        if _op.index(axis) not in (0, -1):
            raise _np.exceptions.AxisError(
                "axis %d is out of bounds for array of dimension 0" % axis)
        return _core.full((), 0, _np.intp)
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
    if not isinstance(side, str):
        raise TypeError("search side must be str, not %s"
                        % type(side).__name__)
    if side not in ("left", "right"):
        raise ValueError("search side must be 'left' or 'right' (got %r)"
                         % (side,))
    if sorter is not None:
        a = a[_checked_sorter(sorter, a.size)]
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


def _checked_sorter(sorter, n):
    """sorter as an index array, with NumPy's errors for a bad one."""
    sorter = _asarray(sorter)
    if sorter.dtype.kind not in "iu":
        raise TypeError("sorter must only contain integers")
    if sorter.ndim != 1 or sorter.size != n:
        raise ValueError("sorter.size must equal a.size")
    if n and (int(sorter.min()) < 0 or int(sorter.max()) >= n):
        raise ValueError("Sorter index out of range.")
    return sorter


def _zeros(shape, dt):
    from ._creation import zeros
    return zeros(shape, dt)


def unique(ar, return_index=False, return_inverse=False,
           return_counts=False, axis=None, *, equal_nan=True, sorted=True):
    """Sorted unique elements of the flattened array (NumPy's optional
    outputs: first indices, inverse, counts).  sorted=False allows any
    order (NumPy 2.3), so the sorted result serves it too."""
    ar = _asarray(ar)
    if axis is not None:
        if ar.ndim != 1:
            return _unique_axis(ar, axis, return_index, return_inverse,
                                return_counts)
        _axis(axis, 1)          # NumPy checks it, then works flat
    flat = ar.reshape(-1)
    n = flat.size
    from ._manipulation import concatenate
    from ._indexing import flatnonzero
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
    values = s[first]
    if (equal_nan and s.dtype.kind == "c" and n and not
            (return_index or return_inverse or return_counts)):
        values = _first_complex_nan(values, s, perm)
    return _unique_result(values, perm, flags, first, n,
                          _inverse_shape(ar.shape), return_index,
                          return_inverse, return_counts)


def _first_complex_nan(values, s, perm):
    """NumPy's plain unique (a hash table) keeps the complex NaN met first
    in the input; the sort put the NaNs last in NumPy's NaN order."""
    from ._indexing import flatnonzero
    from ._ufuncs import isnan
    nans = flatnonzero(isnan(s))
    if nans.size:
        j = nans[perm[nans].argmin()]
        values[-1] = s[j]
    return values


def _unique_result(values, perm, flags, first, n, inverse_shape,
                   return_index, return_inverse, return_counts):
    """unique's result: the values, then the optional index, inverse and
    counts, from the sort permutation perm of n items, the flags of the
    items that start a new value and their positions `first`."""
    from ._manipulation import concatenate
    from ._scans import cumsum
    res = [values]
    if return_index:
        res.append(perm[first])
    if return_inverse:
        inv = _core.empty((n,), _INT64)
        if n:
            inv[perm] = cumsum(flags, dtype=_INT64) - 1
        res.append(inv.reshape(inverse_shape))
    if return_counts:
        ends = concatenate([first[1:], _core.full((1,), n, _INT64)]) \
            if n else first
        res.append(ends - first)
    return res[0] if len(res) == 1 else tuple(res)


def _unique_axis(ar, axis, return_index, return_inverse, return_counts):
    """Unique subarrays along axis.  NumPy views each subarray as one
    structured value and sorts those: field by field, each in its dtype's
    sort order (nan last), i.e. lexicographically; equal means every field
    ==, so subarrays holding a nan never merge (equal_nan plays no part)
    and -0.0 merges with 0.0.  Here: a stable lexsort of the rows over
    their columns, then neighbours compared."""
    from ._manipulation import moveaxis, concatenate
    from ._creation import ascontiguousarray, arange
    from ._indexing import flatnonzero
    from ._reductions import any as _any
    if ar.ndim == 0:
        raise _np.exceptions.AxisError(axis, 0)
    ax = _axis(axis, ar.ndim)
    m = moveaxis(ar, ax, 0)
    shape = m.shape
    n = shape[0]
    rows = ascontiguousarray(m).reshape(n, int(_np.prod(shape[1:])))
    k = rows.shape[1]
    if n == 0:
        perm = _core.empty((0,), _INT64)
        flags = _core.empty((0,), _np.bool_)
    elif k == 0:             # empty subarrays: all equal
        perm = arange(n, dtype=_INT64)
        flags = concatenate([_core.full((1,), True, _np.bool_),
                             _core.full((n - 1,), False, _np.bool_)])
    else:
        # lexsort's last key is the primary one: column 0 last
        perm = lexsort([rows[:, j] for j in range(k - 1, -1, -1)])
        srt = rows[perm]
        # != is true for nan, as NumPy's structured ==
        new = _any(srt[1:] != srt[:-1], axis=1)
        flags = concatenate([_core.full((1,), True, _np.bool_), new])
    first = flatnonzero(flags)
    uniq = ascontiguousarray(rows[perm[first]]) if n else rows
    values = moveaxis(uniq.reshape((first.shape[0],) + shape[1:]), 0, ax)
    return _unique_result(values, perm, flags, first, n,
                          _inverse_shape_axis(ar.ndim, ax, n), return_index,
                          return_inverse, return_counts)


def _inverse_shape_axis(ndim, ax, n):
    """NumPy's shape for unique's inverse along an axis: 1-D, or n along
    ax and 1 elsewhere in some 2.0 releases (ask the installed one)."""
    probe = _np.unique(_np.zeros((2, 1)), axis=0, return_inverse=True)[1]
    if probe.ndim == 1:
        return (n,)
    return tuple(n if d == ax else 1 for d in range(ndim))


def _inverse_shape(shape):
    """NumPy's shape for unique's inverse with axis=None (the input's
    shape in NumPy >= 2.0.1 except some releases: ask the installed one)."""
    probe = _np.unique(_np.zeros((2, 1)), return_inverse=True)[1]
    return shape if probe.ndim == 2 else (-1,)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A valid partition: the fully sorted array (every element before
    kth is <= it and every one after >= it)."""
    a = _asarray(a)
    _check_kth(a, kth, axis, kind)
    return sort(a, axis=axis, order=order)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    a = _asarray(a)
    if a.ndim == 0:  # NumPy partitions a 0-d array as one element
        a = a.reshape(1)
    _check_kth(a, kth, axis, kind)
    return argsort(a, axis=axis, order=order)


def _check_kth(a, kth, axis, kind):
    """NumPy's errors for kind and kth (integers, at most 1-d, in range)."""
    if kind != "introselect":
        raise ValueError("select kind must be 'introselect' (got %r)"
                         % (kind,))
    n = a.size if axis is None else a.shape[_axis(axis, a.ndim)]
    kth = _np.asarray(kth.get() if isinstance(kth, ndarray) else kth)
    if kth.dtype == _np.bool_:
        raise ValueError("Booleans unacceptable as partition index")
    if kth.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    if kth.ndim > 1:
        raise ValueError("object too deep for desired array")
    # NumPy checks the range only when there is something to partition
    for k in kth.reshape(-1) if a.size else ():
        if not -n <= int(k) < n:
            raise ValueError("kth(=%d) out of bounds (%d)" % (int(k), n))


# ---------------------------------------------------- order statistics

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
    from . import _ufuncs
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
    float for a Python scalar q)."""
    if _takes(method, qdt):
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
    from ._ufuncs import where
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
    qh = q.get() if isinstance(q, ndarray) else q
    qh = _np.true_divide(qh, 100) if scale == 100 else _np.asanyarray(qh)
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
        from ._manipulation import transpose, broadcast_to
        w = transpose(w, tuple(_np.argsort(axes))).reshape(
            tuple(s if d in axes else 1 for d, s in enumerate(a.shape)))
        w = broadcast_to(w, a.shape)
    from ._reductions import any as _any
    if bool(_any(w < 0)):
        raise ValueError("Weights must be non-negative.")
    return w


def _rows(x, axes):
    """x with the reduced axes last, as C-contiguous rows (rows, n)."""
    from ._manipulation import moveaxis
    from ._creation import ascontiguousarray
    if axes is None:
        return ascontiguousarray(x).reshape(1, -1)
    m = moveaxis(x, list(axes), list(range(x.ndim - len(axes), x.ndim)))
    n = 1
    for d in axes:
        n *= x.shape[d]
    rows = x.size // n if n else int(_np.prod(
        [x.shape[d] for d in range(x.ndim) if d not in axes]))
    return ascontiguousarray(m).reshape(rows, n)


def _quantile(a, q, axis, out, keepdims, method, nan_skip, scale,
              weights=None, median=False):
    """quantile and friends: sort the reduced axes' rows once on the
    device, then one gather (and lerp) per q; the indices and weights of
    each q come from NumPy's formulas, on the host when every row has the
    same length, on the device (per row) for the nan forms."""
    a = _asarray(a)
    if a.dtype.kind == "c" and not median:
        raise TypeError("a must be an array of real numbers")
    if median and a.dtype == _np.bool_:
        # NumPy's median averages the middle values (a mean: float64)
        a = a.astype(_np.uint8)
    qh, weak = _host_q(q, scale)
    if method not in _METHODS:
        raise ValueError("%r is not a valid method. Use one of: %s"
                         % (method, _METHODS))
    if axis is None:
        axes = None
        kept = ()
        kshape = (1,) * a.ndim
    else:
        from ._reductions import _axes
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
    nan_skip = nan_skip and a.dtype.kind in ("fc" if median else "f")
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
    from ._manipulation import stack
    res = stack([r.astype(rt, copy=False) for r in per_q]) \
        if per_q else _core.empty((0, rows), rt)
    res = res.reshape(qh.shape + res_shape)
    if out is not None:
        if not nan_skip:    # NumPy's nan forms broadcast into out
            from ._reductions import _check_out_shape
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
    # nanmean's dtype: the input's for floats, float64 otherwise
    rt = a.dtype if a.dtype.kind in "fc" else _np.dtype(_np.float64)
    import warnings
    warnings.warn("Mean of empty slice.", RuntimeWarning, stacklevel=4)
    # NumPy returns nanmean of the empty slice here: q adds no axes
    res = _core.full(tuple(res_shape), _np.nan, rt)
    if out is not None:
        out[...] = res
        return out
    return res


def _nan_last(s, r, rt):
    """NumPy's answer for rows holding a nan (sorted last): that nan."""
    if s.dtype.kind not in "fc":
        return r
    from ._ufuncs import isnan, where
    last = s[:, -1]
    return where(isnan(last), last.astype(rt), r)


def _median_rows(s, nan_skip):
    """NumPy's median of each sorted row: the mean of the middle value or
    two (not a lerp, so an inf stays an inf and a pair is averaged as
    mean does), a row holding a nan gives that nan.  The nan form takes
    the middle of each row's non-nan values (nan sorts last); an all-nan
    row gives nan."""
    from ._reductions import mean, sum as _sum
    n = s.shape[1]
    if not nan_skip:
        r = mean(s[:, (n - 1) // 2:n // 2 + 1], axis=1)
        return _nan_last(s, r, r.dtype)
    from ._ufuncs import isnan, where, maximum, minimum
    from ._indexing import take_along_axis
    from ._manipulation import concatenate
    cnt = _sum(~isnan(s), axis=1)
    c = cnt.reshape(-1, 1)
    half = maximum(c - 1, 0) // 2
    lo = take_along_axis(s, half, 1)
    hi = take_along_axis(s, minimum(half + 1 - c % 2, n - 1), 1)
    pair = concatenate([lo, hi], axis=1)
    # an odd count takes its middle value as is (a mean of it twice
    # could overflow)
    r = where(cnt % 2 == 1, lo.reshape(-1), mean(pair, axis=1))
    return where(cnt == 0, _np.nan, r).astype(r.dtype)


def _plain_rows(s, qh, method, weak, rt):
    """One (rows,) result per q when every row has n values: the index
    and the weight are host scalars."""
    n = s.shape[1]
    take = _takes(method, qh.dtype)
    out = []
    for qq in qh.reshape(-1):
        v = _virtual_index(n, qq, method, _np)
        if take:
            r = s[:, int(v)]
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
            r = _lerp(s[:, lo], s[:, hi], float(g) if weak else g, rt)
        out.append(_nan_last(s, r, rt))
    return out


def _nan_rows(s, qh, method, weak, adt):
    """The nan forms: row r has its cnt[r] non-nan values first (nan
    sorts last), so the indices and weights are per row, on the device.
    All-nan rows give nan."""
    from ._ufuncs import isnan, where, minimum, maximum, floor
    from ._reductions import sum as _sum
    from ._indexing import take_along_axis
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
        out.append(where(cnt == 0, _np.nan, r).astype(rt))
    return out, rt


def _weighted(s, perm, w, qh, nan_skip):
    """NumPy's weighted inverted_cdf: the first sorted value whose
    normalised cumulative weight reaches q (leading zero weights never
    chosen), one count per row instead of a searchsorted."""
    from ._ufuncs import isnan, where, minimum, maximum
    from ._reductions import sum as _sum, any as _any
    from ._indexing import take_along_axis
    from ._scans import cumsum
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
            r = where(cnt == 0, _np.nan, r)
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
