"""Rearranging elements: split, roll, repeat, tile, append, rot90.  Each is
views plus the copy kernels (no kernels of its own), as NumPy defines
them."""
import operator as _op
import warnings as _warnings

import numpy as _np

from .. import _core
from .._engine.arrays import asarray
from .shapes import broadcast_to, concatenate, flip, _normalize_axis

__all__ = ["split", "array_split", "hsplit", "vsplit", "dsplit", "roll",
           "repeat", "tile", "append", "rot90"]


def _split_length(ary, axis):
    """(ary as an array, its length along axis, axis normalised), found
    as NumPy's array_split finds them: ary.shape[axis] is a tuple index
    (IndexError past the end or for an axis past a C ssize_t, TypeError
    for a float), and an object without a shape must have a len()
    (NumPy's TypeError for a Python scalar)."""
    if not hasattr(ary, "shape"):
        len(ary)
    a = asarray(ary)
    n = a.shape[axis]
    return a, n, _normalize_axis(axis, a.ndim)


def _need_shape(ary, name, attribute):
    """NumPy's split, hsplit, vsplit and dsplit read ary.shape or ary.ndim
    of the object given (a list is NumPy's AttributeError): refused here
    with a TypeError that names the argument."""
    if not hasattr(ary, attribute):
        raise TypeError("%s: ary must be an array (NumPy reads its .%s), "
                        "not %s" % (name, attribute, type(ary).__name__))


def array_split(ary, indices_or_sections, axis=0):
    """Sub-arrays (views) of ary along axis; sections may be unequal."""
    a, n, axis = _split_length(ary, axis)
    if isinstance(indices_or_sections, str):
        # NumPy takes a str for a sequence of split points (it has a len)
        raise TypeError("slice indices must be integers or None or have "
                        "an __index__ method")
    if _np.ndim(indices_or_sections) == 0:
        # NumPy's int(): a float section count is truncated, a str is its
        # ValueError
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extra = divmod(n, sections)
        sizes = [each + 1] * extra + [each] * (sections - extra)
        bounds = _np.concatenate([[0], _np.cumsum(sizes)])
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    out = []
    index = [slice(None)] * a.ndim
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        index[axis] = slice(int(lo), int(hi))
        out.append(a[tuple(index)])
    return out


def split(ary, indices_or_sections, axis=0):
    if _np.ndim(indices_or_sections) == 0:
        _need_shape(ary, "split", "shape")
        n = asarray(ary).shape[axis]
        if n % indices_or_sections:     # NumPy's test, as written
            raise ValueError("array split does not result in an equal "
                             "division")
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    if _np.ndim(ary) == 0:
        raise ValueError("hsplit only works on arrays of 1 or more "
                         "dimensions")
    _need_shape(ary, "hsplit", "ndim")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    if _np.ndim(ary) < 2:
        raise ValueError("vsplit only works on arrays of 2 or more "
                         "dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    if _np.ndim(ary) < 3:
        raise ValueError("dsplit only works on arrays of 3 or more "
                         "dimensions")
    return split(ary, indices_or_sections, 2)


def roll(a, shift, axis=None):
    """Elements shifted along axes, wrapping around (two copies per axis)."""
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    # shift and axis broadcast against each other, as in NumPy; they
    # decide the copies made, so device values come to the host here
    # (one explicit .get() each; implicit conversion is refused)
    if isinstance(shift, _core.ndarray):
        shift = shift.get()
    if isinstance(axis, _core.ndarray):
        axis = axis.get()
    pairs = _np.broadcast(shift, axis)
    if pairs.ndim > 1:
        raise ValueError("'shift' and 'axis' should be scalars or 1D "
                         "sequences")
    total = {}
    for s, ax in pairs:
        ax = _normalize_axis(ax, a.ndim)
        total[ax] = total.get(ax, 0) + int(s)  # NumPy truncates 2.7 -> 2
    if a.ndim == 0:
        # only axis=() is in bounds here; NumPy's roll then has no axis to
        # copy along and fails unpacking its (empty) copy plan, so
        # fftshift/ifftshift of a scalar raise this ValueError too
        raise ValueError("not enough values to unpack (expected 2, got 0): "
                         "a 0-d array has no axis to roll along")
    out = a
    for ax, s in total.items():
        n = a.shape[ax]
        if n == 0 or s % n == 0:
            continue
        s %= n
        lo = [slice(None)] * a.ndim
        hi = [slice(None)] * a.ndim
        lo[ax] = slice(n - s, None)
        hi[ax] = slice(None, n - s)
        out = concatenate([out[tuple(lo)], out[tuple(hi)]], axis=ax)
    return out.copy() if out is a else out


def repeat(a, repeats, axis=None):
    """Each element repeated (a scalar count: a broadcast view copied once;
    per-element counts: one slice copy per element)."""
    a = asarray(a)
    if axis is None or a.ndim == 0:  # NumPy takes a 0-d array as 1-d
        a = a.ravel()
        axis = 0 if axis is None else axis
    axis = _normalize_axis(axis, a.ndim)
    if isinstance(repeats, _core.ndarray):
        repeats = repeats.get()  # counts decide the shape: needed here
    if isinstance(repeats, _np.ndarray) and \
            not _np.can_cast(repeats.dtype, _np.intp, "safe"):
        # an array of counts is cast 'safe' (floats, uint64 refused);
        # scalars and lists are not (NumPy's conversion)
        raise TypeError("Cannot cast array data from %r to %r according "
                        "to the rule 'safe'"
                        % (repeats.dtype, _np.dtype(_np.intp)))
    if _np.ndim(repeats) > 1:
        raise ValueError("repeats must be a scalar or a 1-d sequence")
    # counts are cast to intp unchecked (2.5 repeats twice), as in NumPy
    repeats = _np.asarray(repeats).astype(_np.intp)
    if _np.ndim(repeats) == 0:
        r = _op.index(repeats)
        if r < 0:
            raise ValueError("negative dimensions are not allowed")
        x = a.reshape(a.shape[:axis + 1] + (1,) + a.shape[axis + 1:])
        shape = a.shape[:axis + 1] + (r,) + a.shape[axis + 1:]
        out_shape = (a.shape[:axis] + (a.shape[axis] * r,)
                     + a.shape[axis + 1:])
        return broadcast_to(x, shape).copy().reshape(out_shape)
    reps = repeats.tolist()
    if len(reps) == 1:
        return repeat(a, reps[0], axis)
    if len(reps) != a.shape[axis]:
        raise ValueError("operands could not be broadcast together with "
                         "shape (%d,) (%d,)" % (a.shape[axis], len(reps)))
    if any(r < 0 for r in reps):
        raise ValueError("repeats may not contain negative values.")
    shape = list(a.shape)
    shape[axis] = sum(reps)
    out = _core.empty(tuple(shape), a.dtype)
    src = [slice(None)] * a.ndim
    dst = [slice(None)] * a.ndim
    pos = 0
    for i, r in enumerate(reps):
        if r == 0:
            continue
        src[axis] = slice(i, i + 1)
        dst[axis] = slice(pos, pos + r)
        out[tuple(dst)] = a[tuple(src)]
        pos += r
    return out


def _tile_reps(reps, nonempty, is_array):
    """tile's reps as NumPy's tile reads them: a sequence or one count.
    Counts that all equal 1 (1.0 too) give an array a copy; else on a
    non-empty array each count other than 1 is first a count of repeat
    (converted to intp: ValueError for a str that is no number,
    OverflowError past int64), then a dimension (TypeError for a float
    or a str)."""
    try:
        reps = tuple(reps)
    except TypeError:
        reps = (reps,)
    if is_array and all(_is_one(r) for r in reps):
        return (1,) * len(reps)
    for r in reps:
        if nonempty and not _is_one(r):
            _np.asarray(r).astype(_np.intp)     # repeat's conversion
    return tuple(_op.index(r) for r in reps)


def _is_one(r):
    return isinstance(r, (int, float, _np.number, _np.bool_)) and r == 1


def tile(A, reps):
    """A repeated reps times along each axis (one broadcast copy)."""
    is_array = isinstance(A, (_core.ndarray, _np.ndarray))
    a = asarray(A)
    reps = _tile_reps(reps, a.size > 0, is_array)
    nd = max(a.ndim, len(reps))
    reps = (1,) * (nd - len(reps)) + reps
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    if a.size == 0:     # nothing repeated: only the shape (as NumPy)
        return _core.empty(tuple(r * s for r, s in zip(reps, a.shape)),
                           a.dtype)
    # interleave a new axis before each: (r0, s0, r1, s1, ...)
    expanded = a.reshape(sum(((1, s) for s in a.shape), ()))
    shape = sum(((r, s) for r, s in zip(reps, a.shape)), ())
    out = broadcast_to(expanded, shape).copy()
    return out.reshape(tuple(r * s for r, s in zip(reps, a.shape)))


def append(arr, values, axis=None):
    arr = asarray(arr)
    values = asarray(values)
    if axis is None:
        return concatenate([arr.ravel(), values.ravel()])
    return concatenate([arr, values], axis=axis)


# NumPy 2.5 reads rot90's k with operator.index (a non-integer warns and
# goes through int(): 'a' is int()'s ValueError); 2.4 takes k % 4 as it
# comes (1.5 % 4 rotates as k = 3)
_ROT90_INDEX_K = _np.lib.NumpyVersion(_np.__version__) >= "2.5.0rc1"


def rot90(m, k=1, axes=(0, 1)):
    """Rotation by 90 degrees in the plane of `axes` (a view)."""
    m = asarray(m)
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    a0, a1 = (_normalize_axis(ax, m.ndim) for ax in axes)
    if a0 == a1:
        raise ValueError("Axes must be different.")
    if _ROT90_INDEX_K:
        try:
            k = _op.index(k)
        except TypeError:
            _warnings.warn(
                "Passing a value for k (%r) that is not an integer type has "
                "been deprecated in NumPy 2.5. The value will be cast to an "
                "integer.  In the future this will be an error." % (k,),
                DeprecationWarning, stacklevel=2)
            k = int(k)
    try:
        k %= 4
    except TypeError:   # NumPy 2.4's own TypeError, with a clear message
        raise TypeError("rot90: k must be a number of quarter turns, got %s"
                        % type(k).__name__) from None
    if k == 0:
        return m[...]
    if k == 2:
        return flip(flip(m, a0), a1)
    perm = list(range(m.ndim))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return flip(m, a1).transpose(perm)
    return flip(m.transpose(perm), a1)
