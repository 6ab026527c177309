"""searchsorted (a binary search kernel per element) and unique, with its
return_index/inverse/counts and axis= forms; sorts with sorting/sort.py.
"""

import numpy as _np

from .._core import ndarray
from .sort import _INT64, _axis, _sort_rows, _void_argsort, lexsort
from .sort import _leaf_keys
from .. import _core
from .._engine.arrays import asarray as _asarray
from .._engine.arrays import ascontiguousarray, zeros
from .._engine.ufuncs import isnan
from ..indexing.advanced import flatnonzero
from ..logic.truth import any as _any
from ..manipulation.shapes import concatenate
from ..math.cumulative import cumsum
from .._engine.arrays import arange
from .._engine import datetimes as _dt
from ..manipulation.shapes import moveaxis
from .._engine.ufuncs import logical_and


__all__ = ["searchsorted", "unique"]


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
    if a.dtype.kind == "V" or vv.dtype.kind == "V":
        out = _void_searchsorted(a, vv, side == "right")
        return out[()] if scalar else out
    ct = _np.result_type(a.dtype, vv.dtype)
    a = a.astype(ct, copy=False)
    if ct.kind in "mM":  # NaT last, as sort puts it: compare sort keys
        a, vv = _dt.sort_key(a), _dt.sort_key(vv.astype(ct, copy=False))
        ct = _np.dtype(_np.int64)
    a = ascontiguousarray(a)
    if not _core._byte_unit(a)[1]:  # the search reads it through a pointer
        a = a.copy()
    out = _core.empty(vv.shape, _INT64)
    if out.size:
        n = a.shape[0]
        base = _core._as_strided(a, vv.shape, (0,) * vv.ndim, 0, False) \
            if n else _zeros(vv.shape, ct)
        _core._elementwise(_SEARCH_BODY.replace("out0_t v", "in0_t v"),
                           (vv, base, n, side == "right"), (out,),
                           (ct, ct, _INT64, _np.bool_, _INT64))
    return out[()] if scalar else out


# Note [Structured search]: NumPy's binary search compares records field
# by field (Note [Structured order] in sort.py).  Here a and v are ranked
# together instead: one stable lexicographic sort of a + v, a new rank
# wherever a leaf field differs from the previous record (NaN equal to
# NaN, -0.0 to 0.0, as NumPy's compare), and the int64 search of v's
# ranks among a's, which keep a's order.

def _void_searchsorted(a, vv, right):
    if a.dtype.kind != "V" or vv.dtype.kind != "V":
        # NumPy falls back to comparing Python objects, and fails
        raise TypeError("'<' not supported between structured or void "
                        "values (%s) and %s values"
                        % (a.dtype if a.dtype.kind == "V" else vv.dtype,
                           vv.dtype if a.dtype.kind == "V" else a.dtype))
    try:
        ct = _np.result_type(a.dtype, vv.dtype)
    except TypeError:
        ct = a.dtype        # NumPy converts v to a's dtype (by position)
    a = a if a.dtype == ct else a.astype(ct)
    flat = vv.reshape(-1)
    flat = flat if flat.dtype == ct else flat.astype(ct)
    na = a.shape[0]
    both = concatenate([a, flat])
    n = both.shape[0]
    if n == 0:
        return _core.empty(vv.shape, _INT64)
    perm = _void_argsort(both, 0, None)
    new = _core.full((n - 1,), False, _np.bool_)
    for k in _leaf_keys(both[perm], 1):
        new = new | _differs(k[1:], k[:-1])
    flags = concatenate([_core.full((1,), True, _np.bool_), new])
    dense = cumsum(flags.astype(_INT64)) - 1
    rank = _core.empty((n,), _INT64)
    rank[perm] = dense
    return searchsorted(rank[:na], rank[na:].reshape(vv.shape),
                        "right" if right else "left")


def _differs(x, y):
    """x and y differ in NumPy's sort order (NaN equals NaN, NaT NaT)."""
    if x.dtype.kind in "mM":
        return x.view(_np.int64) != y.view(_np.int64)
    d = x != y
    if x.dtype.kind in "fc":
        d = d & ~logical_and(isnan(x), isnan(y))
    return d


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
    return zeros(shape, dt)


def unique(ar, return_index=False, return_inverse=False,
           return_counts=False, axis=None, *, equal_nan=True, sorted=True):
    """Sorted unique elements of the flattened array (NumPy's optional
    outputs: first indices, inverse, counts).  sorted=False allows any
    order (NumPy 2.3), so the sorted result serves it too."""
    ar = _asarray(ar)
    if ar.dtype.kind in "mM":
        # every NaT is one value (NumPy 2, whatever equal_nan): sort keys
        r = unique(_dt.sort_key(ar), return_index, return_inverse,
                   return_counts, axis, equal_nan=equal_nan, sorted=sorted)
        if isinstance(r, tuple):
            return (_dt.from_sort_key(r[0], ar.dtype),) + tuple(r[1:])
        return _dt.from_sort_key(r, ar.dtype)
    if axis is not None:
        if ar.ndim != 1:
            return _unique_axis(ar, axis, return_index, return_inverse,
                                return_counts)
        _axis(axis, 1)          # NumPy checks it, then works flat
    flat = ar.reshape(-1)
    n = flat.size
    if n == 0:
        s, perm = flat, _core.empty((0,), _INT64)
    elif flat.dtype.kind == "V":    # Note [Structured order] (sort.py)
        perm = _void_argsort(flat, 0, None)
        s = flat[perm]
    else:
        s, perm = _sort_rows(flat.reshape(1, n), "both")
        s, perm = s.reshape(-1), perm.reshape(-1)
    if n:
        new = s[1:] != s[:-1]
        if equal_nan and s.dtype.kind in "fc":
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
    # NumPy moves axis to the front with moveaxis first: its errors (a
    # repeated axis, a count other than one: ValueError; a float: its
    # TypeError); one axis in a sequence then fails as a shape index
    m = moveaxis(ar, axis, 0)
    if isinstance(axis, (tuple, list)):
        raise TypeError("tuple indices must be integers or slices, not %s"
                        % type(axis).__name__)
    ax = _axis(axis, ar.ndim)
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

