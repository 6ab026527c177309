"""Writing by index and choosing: put, place, putmask, put_along_axis,
choose, select (and the ndarray put/choose methods).
"""

import numpy as _np

from . import advanced as _ix
from .._core import ndarray
from .advanced import _along_axis_key
from .take_arguments import _check_out, _clip_mode
from .generate import _wrap_or_clip
from .._engine.operands import (_INTP, _as_dtype, _dtype_of, _fill_values, _int_array, _need_gp)
from .flat import _cycled, _minmax, _scatter_flat
from .._engine import ufuncs as _uf
from .._engine.arrays import asarray, full


__all__ = ["put", "place", "putmask", "choose", "select", "put_along_axis"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def put(a, ind, v, mode="raise"):
    """a.flat[ind] = v (v cycled), in place.  Duplicate indices leave
    one of their values (unspecified which; NumPy keeps the last)."""
    _need_gp(a, "put")
    mode = _clip_mode(mode)
    if isinstance(ind, ndarray) or isinstance(ind, _np.ndarray):
        idx = _int_array(ind, True, "Cannot cast array data from "
                         "%(dtype)r to dtype('int64') according to the "
                         "rule 'safe'")
    else:
        idx = asarray(_np.array(ind, dtype=_INTP))
    values = _fill_values(v, a.dtype)
    if idx.size == 0 or values.size == 0:
        return
    n = a.size
    if n == 0:
        raise IndexError("cannot replace elements of an empty array")
    idx = idx.reshape(-1)
    if mode == "raise":
        lo, hi = _minmax(idx)
        if lo < -n or hi >= n:
            raise IndexError("index %d is out of bounds for axis 0 with "
                             "size %d" % (hi if hi >= n else lo, n))
        idx = idx % n  # negative indices count from the end
    else:
        idx = _wrap_or_clip(idx, n, mode)
    _scatter_flat(a, idx, _cycled(values, idx.size))


def place(arr, mask, vals):
    """arr.flat[mask] = vals, vals cycled over the True positions."""
    _need_gp(arr, "place")
    mask = asarray(mask)
    if mask.size != arr.size:
        raise ValueError("place: mask and data must be the same size")
    positions = _ix.flatnonzero(mask)
    if positions.size == 0:
        return
    values = _fill_values(vals, arr.dtype, safe=True)
    if values.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    _scatter_flat(arr, positions, _cycled(values, positions.size))


def putmask(a, mask, values):
    """a.flat[i] = values.flat[i % len] wherever mask.flat[i]."""
    if not isinstance(a, ndarray):
        raise TypeError("putmask: first argument must be an array")
    mask = asarray(mask)
    if mask.size != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    values = _fill_values(values, a.dtype, safe=True)
    if values.size == 0 or a.size == 0:
        return
    fill = _cycled(values, a.size).reshape(a.shape).astype(a.dtype)
    a[...] = _uf.where(mask.reshape(a.shape), fill, a)


def choose(a, choices, out=None, mode="raise"):
    """choices[a[i]][i] for every i (all broadcast together)."""
    mode = _clip_mode(mode)
    a = asarray(a)
    if a.dtype.kind not in "biu" or not _np.can_cast(a.dtype, _INTP,
                                                     "safe"):
        raise TypeError("Cannot cast array data from %r to dtype('int64') "
                        "according to the rule 'safe'" % a.dtype)
    choices = _choice_list(choices)
    dt = _np.result_type(*[_dtype_of(c) for c in choices])
    ops = [_as_dtype(c, dt) for c in choices]
    shape = _np.broadcast_shapes(a.shape, *[c.shape for c in ops])
    # NumPy checks out= before any entry of a: of exactly the broadcast
    # shape (its TypeError), any dtype (the result is cast into it)
    _check_out(out, "choose")
    if out is not None and tuple(out.shape) != shape:
        raise TypeError("choose: invalid shape for output array: %s, "
                        "expected %s" % (tuple(out.shape), shape))
    n = len(ops)
    idx = a.astype(_np.int64, copy=False)
    if mode == "raise":
        if idx.size:
            lo, hi = _minmax(idx)
            if lo < 0 or hi >= n:
                raise ValueError("invalid entry in choice array")
    else:
        idx = _wrap_or_clip(idx, n, mode)
    res = full(shape, 0, dt)
    res[...] = ops[-1]
    for i in range(n - 1):
        res = _uf.where(idx == i, ops[i], res)
    if out is not None:
        out[...] = res
        return out
    return res


def _choice_list(choices):
    """choose's choices as a list, split as NumPy splits them: an array
    along its first axis (a 0-d one is NumPy's TypeError), any other
    sequence by its items (a dict or an object without len() is a
    TypeError, as in NumPy; none at all its ValueError)."""
    if isinstance(choices, (ndarray, _np.ndarray)):
        if choices.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        return [choices[i] for i in range(choices.shape[0])]
    if isinstance(choices, dict):
        raise TypeError("dict is not a sequence")
    if not hasattr(choices, "__len__"):
        raise TypeError("choices must be a sequence (got %s)"
                        % type(choices).__name__)
    choices = list(choices)
    if not choices:
        raise ValueError("0-length sequence.")
    return choices


def select(condlist, choicelist, default=0):
    """The first choice whose condition holds, else default."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of "
                         "conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not "
                         "possible")
    conds = [asarray(c) for c in condlist]
    for i, c in enumerate(conds):
        if c.dtype != _np.bool_:
            raise TypeError("invalid entry %d in condlist: should be "
                            "boolean ndarray" % i)
    try:    # one promotion, Python scalars weak, NumPy's TypeError
        dt = _np.result_type(*[_dtype_of(c) for c in choicelist],
                             _dtype_of(default))
    except TypeError as e:
        raise TypeError("Choicelist and default value do not have a common "
                        "dtype: %s" % e) from None
    choices = [_as_dtype(c, dt) for c in choicelist]
    fallback = _as_dtype(default, dt)
    shape = _np.broadcast_shapes(*[x.shape for x in
                                   conds + choices + [fallback]])
    res = full(shape, 0, dt)
    res[...] = fallback
    # Last condition first, so that earlier conditions win.
    for cond, choice in zip(reversed(conds), reversed(choices)):
        res = _uf.where(cond, choice, res)
    return res


def _m_put(self, indices, values, mode="raise"):
    return put(self, indices, values, mode)


def _m_choose(self, choices, out=None, mode="raise"):
    return choose(self, choices, out, mode)


def put_along_axis(arr, indices, values, axis):
    """arr[i..., indices[i..., j, k...], k...] = values, in place.  Where
    a target repeats, the last value stays (as in NumPy)."""
    if not isinstance(arr, ndarray):
        raise TypeError("put_along_axis needs a gpuarray.ndarray to write "
                        "into, got %s" % type(arr).__name__)
    indices = asarray(indices)
    if axis is not None:
        axis = _normalize_axis(axis, arr.ndim)
        arr[_along_axis_key(arr, indices, axis)] = values
        return
    if indices.ndim != 1:
        raise ValueError("when axis=None, `indices` must have a single "
                         "dimension.")
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if arr.flags.c_contiguous:
        arr.reshape(-1)[(indices,)] = values
        return
    # No flat view exists: write through the C-order positions instead
    # (NumPy 2.4 raises "read-only" here, as it writes into a copy).
    if not arr.flags.writeable:
        raise ValueError("assignment destination is read-only")
    pos = _ix._checked(indices.astype(_INT64, copy=False), arr.size, 0)
    arr[_ix._unravel(pos, arr.shape)] = values

