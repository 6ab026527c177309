"""`ufunc.at(a, indices, b)`: NumPy's unbuffered in-place operation, where
an index that repeats applies the ufunc once per occurrence.

Note [ufunc.at]: the element offsets of a[indices] (advanced indexing's
plan, gpuarray/_indexing.py) are sorted stably with their values, so the
occurrences of one element are adjacent and in NumPy's order.  For the
ufuncs whose repeated application folds into one (a + b1 + b2 = a + (b1
+ b2); subtract folds with add, divide with multiply, the extrema and
bitwise/logical ops with themselves), when the loop computes in a's own
dtype (no cast into a between occurrences to skip), a segmented scan -- log2(n) passes
of "combine with the element d back if it targets the same element" --
leaves each target's folded value at the end of its run, and one gather,
ufunc and scatter apply it.  Any other ufunc (power, unary ones, ...) is
applied in rounds, round r taking the r-th occurrence of every target, so
each round writes distinct elements: NumPy's exact sequence.  No atomics:
the result does not depend on timing.  Casting is NumPy's for `at`:
unsafe into a.

The fold is exact for the extrema, bitwise/logical ops and integer
arithmetic (wrapping is associative), not for floating arithmetic:
(a + 3) + 3 and a + 6 can round apart.  So float/complex add, subtract,
multiply and divide take the rounds too (NumPy's bits), unless a target
repeats more than _MAX_ROUNDS times: then the fold, as a GPU's atomics
would, so a histogram-like call stays a few passes (its sums can then
differ from NumPy's in the last bits, as CuPy's do).
"""
import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray, arange
from .._engine.ufuncs import where
from ..indexing.advanced import (_plan,
    _gather,
    _scatter,
    _split_key,
    flatnonzero)
from ..manipulation.shapes import broadcast_to, concatenate
from ..sorting.sort import argsort

# ufunc -> the ufunc that folds its repeated right operands
_FOLD = {
    "add": "add", "subtract": "add", "multiply": "multiply",
    "divide": "multiply", "maximum": "maximum", "minimum": "minimum",
    "fmax": "fmax", "fmin": "fmin", "logical_and": "logical_and",
    "logical_or": "logical_or", "bitwise_and": "bitwise_and",
    "bitwise_or": "bitwise_or", "bitwise_xor": "bitwise_xor",
}

# folds that give the sequential result bit for bit in any dtype
_EXACT_FOLD = {"maximum", "minimum", "fmax", "fmin", "logical_and",
               "logical_or", "bitwise_and", "bitwise_or", "bitwise_xor"}

# the most repeats of one target that floating arithmetic takes in rounds
_MAX_ROUNDS = 64

_INT64 = _np.dtype(_np.int64)


def _ufunc_at(uf, a, indices, b=None):
    if not isinstance(a, ndarray):
        raise TypeError("gpuarray %s.at needs a gpuarray array as the first "
                        "argument" % uf.__name__)
    if not a.flags.writeable:
        raise ValueError("assignment destination is read-only")
    if uf.nout != 1 or uf.nin not in (1, 2):
        raise ValueError("%s.at only supports ufuncs with 1 or 2 inputs and "
                         "1 output" % uf.__name__)
    if uf.nin == 2 and b is None:
        raise ValueError("second operand needed for ufunc")
    if uf.nin == 1 and b is not None:
        raise ValueError("second operand provided when ufunc is unary")
    key = indices if isinstance(indices, tuple) else (indices,)
    if _basic_only(a, key):
        # slices and integers only: no element repeats, one in-place call
        _apply_view(uf, a[key], b)
        return
    if a.dtype.kind != "V" and not _core._byte_unit(a)[1]:
        # a misaligned view (a packed structure's field): the kernels'
        # pointer gathers need aligned memory (docs/design/structured.md)
        tmp = a.copy()
        _ufunc_at(uf, tmp, indices, b)
        a[...] = tmp
        return
    v, shape, off = _plan(a, key)
    n = int(_np.prod(shape, dtype=_np.int64))
    if n == 0:
        return
    off = broadcast_to(off, shape).reshape(-1)
    if uf.nin == 2:
        bb = asarray(b)
        loop = getattr(_np, uf.__name__).resolve_dtypes(
            (v.dtype, bb.dtype, None))
        vals = broadcast_to(bb, shape).reshape(-1).astype(loop[1])
        # folding skips the casts into a between occurrences: only when
        # the loop computes in a's own type
        foldable = loop[0] == v.dtype and loop[2] == v.dtype
    else:
        vals, foldable = None, False
    perm = argsort(off)
    so = off[perm]
    sv = vals[perm] if vals is not None else None
    if foldable and uf.__name__ in _FOLD and (
            uf.__name__ in _EXACT_FOLD or v.dtype.kind in "biu"):
        _fold(uf, v, so, sv, n, _gather, _scatter)
        return
    rank, top = _ranks(so, n)
    if foldable and uf.__name__ in _FOLD and top >= _MAX_ROUNDS:
        _fold(uf, v, so, sv, n, _gather, _scatter)
    else:
        _rounds(uf, v, so, sv, rank, top, _gather, _scatter)


def _basic_only(a, key):
    return not _split_key(a, key)[1]


def _apply_view(uf, view, b):
    """uf on a basic-index view of a, written back with NumPy's unsafe
    cast for `at`."""
    res = uf(view) if b is None else uf(view, b)
    view[...] = res.astype(view.dtype)


def _apply(uf, v, offs, vals, _gather, _scatter):
    """v[offs] = uf(v[offs], vals) for distinct offsets, cast unsafely."""
    cur = _gather(v, offs.shape, offs)
    res = uf(cur, vals) if vals is not None else uf(cur)
    _scatter(v, offs.shape, offs, res.astype(v.dtype))


def _fold(uf, v, so, sv, n, _gather, _scatter):
    fold = _core.ufuncs[_FOLD[uf.__name__]]
    d = 1
    while d < n:
        same = so[d:] == so[:-d]
        sv[d:] = where(same, fold(sv[:-d], sv[d:]), sv[d:])
        d *= 2
    last = concatenate([so[1:] != so[:-1], _core.full((1,), True,
                                                      _np.bool_)])
    ends = flatnonzero(last)
    _apply(uf, v, so[ends], sv[ends], _gather, _scatter)


def _ranks(so, n):
    """Each occurrence's rank (its distance from the start of its run
    of equal sorted offsets) and the highest rank."""
    first = concatenate([_core.full((1,), True, _np.bool_),
                         so[1:] != so[:-1]])
    pos = arange(n, dtype=_INT64)
    start = _core.ufuncs["maximum"].accumulate(where(first, pos, 0))
    rank = pos - start
    return rank, int(rank.max().get())


def _rounds(uf, v, so, sv, rank, top, _gather, _scatter):
    for r in range(top + 1):
        pick = flatnonzero(rank == r)
        _apply(uf, v, so[pick], sv[pick] if sv is not None else None,
               _gather, _scatter)


# the "ufunc.at" hook forwards here (gpuarray/__init__.py, Note [Lazy
# namespace] in _engine/lazy.py)
