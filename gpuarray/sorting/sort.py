"""Sorting: sort, argsort (and the ndarray methods), lexsort,
partition/argpartition, sort_complex.  searchsorted and unique are
search_unique.py; median and quantiles statistics/order.py.

Note [Sorting engines]: every sort here is one stable sort of each row
(the last axis of a C-contiguous copy; _sort_rows).  Real dtypes go to
the radix sort engine, one C call (_core._radix_sort: csrc/ops/sort.c,
kernels and Note [Sort keys] in csrc/jit/sort_codegen.c): short rows a
block each in one launch, long rows an onesweep LSD sort with the row as
the high digits.  Complex is three chained stable radix sorts (imaginary
part, real part, NaN class: NumPy's complex order).  Other dtypes keep
Note [Bitonic sort].

Note [Radix select]: partition/argpartition with one kth on rows of at
least _SELECT_MIN elements select instead of sorting: per 8-bit digit
of the order-preserving keys (most significant first) one histogram
launch over the row's remaining candidates and one small readback to
find the digit holding rank k, then one scatter of the below / equal /
above regions (csrc/ops/select.c, jit/select_codegen.c).  median and
the quantiles take their one or two order statistics the same way
(statistics/order.py).

Note [Bitonic sort]: rows padded to a power of two N.  A bitonic network
of log2(N) * (log2(N) + 1) / 2 passes runs one elementwise launch per
pass, a thread per compare-exchange pair: pair g of row r holds positions
i and i + j of that row (j the pass's distance) and orders them ascending
or descending by bit k of i.  Pairs compare with `gpa_sort_lt` (NumPy's
sort order), ties by original index, so the network is stable; padding
slots carry indices >= n and sort after everything.  The kernel reaches
both arrays through zero-stride output views (their data pointers, p4
and p5) and skips the regular stores.
"""

import operator as _op

import numpy as _np

from .._core import ndarray
from .. import _core
from .._engine.arrays import asarray as _asarray
from .._engine.arrays import arange, ascontiguousarray
from .._engine.reduce import _axes
from .._engine import datetimes as _dt
from .._engine.ufuncs import isnan
from ..indexing.advanced import take_along_axis
from ..manipulation.shapes import flip, moveaxis


__all__ = ["sort", "argsort", "sort_complex", "lexsort", "partition", "argpartition"]


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
    # one integer axis, as NumPy's sorts and selections take (a tuple is
    # its TypeError, not a reduction's list of axes)
    if isinstance(axis, (tuple, list)):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(axis).__name__)
    return _axes(axis, ndim, strict=False)[0]


# dtypes the radix sort engine takes (Note [Sort keys] in
# csrc/jit/sort_codegen.c)
_RADIX_CHARS = frozenset("?bBhHiIlLqQefd")


def _sort_rows(keys, want):
    """Stable sort of each row of the C-contiguous 2-D array `keys`:
    (sorted keys, permutation) as asked by want ("keys", "index" or
    "both").  The radix sort engine (one C call, csrc/ops/sort.c) for
    real dtypes, a chain of its stable sorts for complex; the bitonic
    network for the rest."""
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
    m = moveaxis(a, axis, -1)
    shape = m.shape
    return ascontiguousarray(m).reshape(-1, shape[-1] if shape else 1), shape


def _from_last(r, shape, axis):
    return ascontiguousarray(moveaxis(r.reshape(shape), -1, axis))


def _check_kind(kind, stable, order, a=None):
    if order is not None and getattr(getattr(a, "dtype", None), "names",
                                     None) is None:
        raise ValueError("Cannot specify order when the array has no "
                         "fields.")
    if kind is not None and not isinstance(kind, str):
        raise TypeError("sort kind must be str, not %s"
                        % type(kind).__name__)
    if kind not in (None, "quicksort", "mergesort", "heapsort", "stable"):
        raise ValueError("sort kind must be one of 'quick', 'heap', or "
                         "'stable' (got %r)" % (kind,))
    if stable is not None and kind is not None:
        raise ValueError("`kind` and `stable` parameters can't be provided "
                         "at the same time. Use only one of them.")


def sort(a, axis=-1, kind=None, order=None, *, stable=None,
         descending=False):
    """A sorted copy (always stable; nan last, as NumPy).

    Differs from NumPy: also takes the Array API's descending=True, the
    ascending sort reversed (nan first, as the standard's reference)."""
    _check_kind(kind, stable, order, a)
    if descending:
        a = _asarray(a)
        if axis is None:
            a, axis = a.reshape(-1), 0
        r = sort(a, axis, kind, order, stable=stable)
        return ascontiguousarray(flip(r, _axis(axis, r.ndim)))
    a = _asarray(a)
    if a.dtype.kind in "mM":  # NaT last: the sort key (datetimes.py)
        return _dt.from_sort_key(sort(_dt.sort_key(a), axis), a.dtype)
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim == 0:
        raise _np.exceptions.AxisError(
            "axis %s is out of bounds for array of dimension 0" % axis)
    ax = _axis(axis, a.ndim)
    if a.size == 0:
        return a.copy()
    if a.dtype.kind == "V":     # Note [Structured order]
        return take_along_axis(a, _void_argsort(a, ax, order), ax)
    rows, shape = _along_last(a, ax)
    k, _ = _sort_rows(rows, "keys")
    return _from_last(k, shape, ax)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None,
            descending=False):
    """Indices that sort a along axis (int64; stable: equal values keep
    their order, which is also a valid answer for NumPy's default).

    Differs from NumPy: also takes the Array API's descending=True,
    largest first with equal values still in their original order."""
    _check_kind(kind, stable, order, a)
    if descending:
        a = _asarray(a)
        if axis is None:
            a, axis = a.reshape(-1), 0
        if a.ndim == 0:
            a = a.reshape(1)
        ax = _axis(axis, a.ndim)
        r = argsort(flip(a, ax), ax, kind, order, stable=stable)
        return ascontiguousarray((a.shape[ax] - 1) - flip(r, ax))
    a = _asarray(a)
    if a.dtype.kind in "mM":
        a = _dt.sort_key(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim == 0:  # NumPy sorts a 0-d array as one element
        a = a.reshape(1)
    ax = _axis(axis, a.ndim)
    if a.size == 0:
        return _core.empty(a.shape, _INT64)
    if a.dtype.kind == "V":     # Note [Structured order]
        return _void_argsort(a, ax, order)
    rows, shape = _along_last(a, ax)
    _, idx = _sort_rows(rows, "index")
    return _from_last(idx, shape, ax)


# Note [Structured order]: NumPy orders structured elements field by
# field in the dtype's order (or `order=`'s fields first, then the rest),
# each field by its own type's order (NaN last), sub-array fields element
# by element, nested fields recursively, and unstructured void bytes as
# unsigned numbers.  That is a lexicographic order over the leaf keys,
# which lexsort's stable passes give (least significant key first).

def _leaf_keys(a, nd):
    """a's leaf fields (arrays of a's leading nd-dim shape), most
    significant first."""
    if a.dtype.names is None:
        if a.dtype.kind != "V":
            keys = [a]
        else:                       # raw bytes, first byte first
            keys = [_core._as_strided(a, a.shape + (a.itemsize,),
                                      a.strides + (1,), 0, False,
                                      _np.dtype(_np.uint8))]
        out = []
        for k in keys:
            extra = k.shape[nd:]
            for idx in _np.ndindex(*extra):
                out.append(k[(Ellipsis,) + idx] if idx else k)
        return out
    out = []
    for name in a.dtype.names:
        out.extend(_leaf_keys(a[name], nd))
    return out


def _void_argsort(a, ax, order):
    """argsort of a structured or void array along ax (stable)."""
    names = a.dtype.names
    if order is not None:
        first = [order] if isinstance(order, str) else list(order)
        for n in first:
            if n not in names:
                raise ValueError("unknown field name: %s" % (n,))
        rest = [n for n in names if n not in first]
        a = a[first + rest] if rest else a[first]
    keys = _leaf_keys(a, a.ndim)
    return lexsort(keys[::-1], axis=ax)


def _m_sort(self, axis=-1, kind=None, order=None, *, stable=None):
    # the method sorts in place, so it takes one axis (not None), as NumPy
    axis = _op.index(axis)
    self[...] = sort(self, axis, kind, order, stable=stable)


def _m_argsort(self, axis=-1, kind=None, order=None, *, stable=None):
    return argsort(self, axis, kind, order, stable=stable)


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
    if isinstance(keys, (ndarray, _np.ndarray, _np.generic)) and \
            keys.ndim == 0:
        # a 0-d array or a NumPy scalar is no sequence of keys
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if isinstance(keys, ndarray):
        # NumPy iterates an array of keys along its first axis, so a 1-D
        # array is that many 0-d keys
        keys = [keys[i] for i in range(keys.shape[0])]
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
    perm = None
    for k in keys:
        kk = k if perm is None else take_along_axis(k, perm, ax)
        step = argsort(kk, axis=ax)
        perm = step if perm is None else take_along_axis(perm, step, ax)
    return perm


# Rows at least this long partition by radix select (Note [Radix
# select]); shorter ones are sorted in one launch (sort_rows), which costs
# less than the select's four to eight small readbacks.
_SELECT_MIN = 4096


def _select_rows(rows, k, want):
    """Rows of the C-contiguous 2-D `rows` partitioned around rank k (the
    radix select, csrc/ops/select.c): (keys, indices) as want asks."""
    K = _core.empty(rows.shape, rows.dtype) if want != "index" else None
    I = _core.empty(rows.shape, _INT64) if want != "keys" else None
    _core._radix_select(rows, rows.shape[0], k, K, I, None)
    return K, I


def _kth_values(rows, k):
    """The rank-k value of every row of the C-contiguous 2-D `rows` (the
    radix select, keys only: no partitioned copy is written)."""
    T = _core.empty((rows.shape[0],), rows.dtype)
    _core._radix_select(rows, rows.shape[0], k, None, None, T)
    return T


def _can_select(a, n):
    return a.dtype.char in _RADIX_CHARS and n >= _SELECT_MIN


def _partition(a, kth, axis, kind, order, want):
    """Note [Radix select]: one kth on rows long enough: a radix select
    per row (the kth value in its sorted place, smaller values before,
    larger after, NaN last); several kth, short rows or other dtypes: the
    full (stable) sort, which satisfies every kth at once."""
    ks = _check_kth(a, kth, axis, kind)
    if order is not None:
        raise ValueError("Cannot specify order when the array has no "
                         "fields.")
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim == 0 or a.size == 0:
        return sort(a, axis) if want == "keys" else argsort(a, axis)
    ax = _axis(axis, a.ndim)
    n = a.shape[ax]
    if len(ks) != 1 or not _can_select(a, n):
        return sort(a, axis=ax) if want == "keys" else argsort(a, axis=ax)
    rows, shape = _along_last(a, ax)
    K, I = _select_rows(rows, ks[0] % n, want)
    return _from_last(K if want == "keys" else I, shape, ax)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy with the kth element(s) in their sorted places, smaller
    ones before and larger after, as numpy.partition.

    One kth on a long row is found by a radix select (a few digit-histogram
    passes, no full sort); several kth sort the row.  `kind` is accepted
    for NumPy's signature and does not change the result."""
    a = _asarray(a)
    if a.dtype.kind in "mM":
        return _dt.from_sort_key(partition(_dt.sort_key(a), kth, axis, kind,
                                           order), a.dtype)
    return _partition(a, kth, axis, kind, order, "keys")


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    a = _asarray(a)
    if a.dtype.kind in "mM":
        a = _dt.sort_key(a)
    if a.ndim == 0:  # NumPy partitions a 0-d array as one element
        a = a.reshape(1)
    return _partition(a, kth, axis, kind, order, "index")


def _check_kth(a, kth, axis, kind):
    """NumPy's errors for kind and kth (integers, at most 1-d, in range)."""
    if not isinstance(kind, str):
        raise TypeError("select kind must be str, not %s"
                        % type(kind).__name__)
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
    ks = [int(k) for k in kth.reshape(-1)]
    for k in ks if a.size else ():
        if not -n <= k < n:
            # NumPy names a negative kth after adding n
            raise ValueError("kth(=%d) out of bounds (%d)"
                             % (k + n if k < 0 else k, n))
    return ks

