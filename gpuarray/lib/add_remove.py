"""Adding and removing elements: delete, insert, trim_zeros, resize (moved
from _functions.py, issue 14; NumPy keeps these in numpy.lib too)."""

import builtins as _b
import math as _math
import operator as _op

import numpy as _np

from ..manipulation import shapes as _mn
from .._core import ndarray
from .._engine import ufuncs as _uf
from ..indexing import advanced as _ix
from ..math import extrema as _math_extrema
from .._engine.arrays import asarray, empty, full, zeros
from .._engine.operands import _INTP, _along, _host, _normalize_axes
from ..indexing.flat import _cycled


__all__ = ["delete", "insert", "trim_zeros", "resize"]


def delete(arr, obj, axis=None):
    """A copy of arr without the entries obj along axis."""
    arr, axis = _mn._flat_or_axis(asarray(arr), axis)
    n = arr.shape[axis]
    keep = full((n,), True, _np.bool_)
    if isinstance(obj, slice):
        keep[obj] = False
    else:
        given_array = isinstance(obj, (ndarray, _np.ndarray))
        o = obj if isinstance(obj, ndarray) else _np.asarray(obj)
        if o.dtype == _np.bool_:
            if o.shape != (n,):
                raise ValueError("boolean array argument obj to delete "
                                 "must be one dimensional and match the "
                                 "axis length of %d" % n)
            keep = _uf.logical_not(asarray(o))
        elif o.size == 0 and not given_array:
            pass  # [] deletes nothing
        elif o.dtype.kind not in "iu":
            raise IndexError("arrays used as indices must be of integer "
                             "(or boolean) type")
        else:
            keep[o] = False  # IndexError for out-of-range, as NumPy
    return _ix.take(arr, _ix.flatnonzero(keep), axis=axis)


def insert(arr, obj, values, axis=None):
    """A copy of arr with values inserted before the indices obj."""
    arr, axis = _mn._flat_or_axis(asarray(arr), axis)
    n = arr.shape[axis]
    if isinstance(obj, slice):
        where = _np.arange(*obj.indices(n))
    else:
        where = _host(obj)
        if where.dtype == _np.bool_:
            raise IndexError("boolean obj is not supported by insert; "
                             "use integer indices")
    if where.ndim > 1:
        raise ValueError("index array argument obj to insert must be one "
                         "dimensional or scalar")
    if where.size == 1:
        return _insert_block(arr, int(_op.index(where.reshape(-1)[0])),
                             where.ndim == 0, values, axis)
    if where.size == 0 and not isinstance(obj, (ndarray, _np.ndarray)):
        where = where.astype(_INTP)
    return _insert_many(arr, where, values, axis)


def _insert_block(arr, index, scalar_obj, values, axis):
    """One insertion point: values (at least arr.ndim dims, its first axis
    turned to `axis` when obj was a scalar) go in as a block."""
    n = arr.shape[axis]
    if index < -n or index > n:
        raise IndexError("index %d is out of bounds for axis %d with size "
                         "%d" % (index, axis, n))
    if index < 0:
        index += n
    if isinstance(values, ndarray):
        vals = values.astype(arr.dtype, copy=False)
    else:
        vals = asarray(_np.array(values, dtype=arr.dtype))
    if vals.ndim < arr.ndim:
        vals = vals.reshape((1,) * (arr.ndim - vals.ndim) + vals.shape)
    if scalar_obj:
        vals = _mn.moveaxis(vals, 0, axis)
    shape = list(arr.shape)
    shape[axis] = vals.shape[axis]
    block = _mn.broadcast_to(vals, tuple(shape))
    head = arr[_along(arr.ndim, axis, slice(None, index))]
    tail = arr[_along(arr.ndim, axis, slice(index, None))]
    return _mn.concatenate([head, block, tail], axis=axis)


def _insert_many(arr, where, values, axis):
    """Several insertion points: the new entries land at where + (their
    rank among the insertions), the old ones fill the rest."""
    n = arr.shape[axis]
    if where.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or "
                         "boolean) type")
    where = where.astype(_np.int64)
    bad = (where < -n) | (where > n)
    if bad.any():
        raise IndexError("index %s is out of bounds for axis %d with size "
                         "%d" % (where[bad][:1], axis, n))
    where = _np.where(where < 0, where + n, where)
    order = _np.argsort(where, kind="stable")
    where[order] += _np.arange(where.size)
    shape = list(arr.shape)
    shape[axis] += where.size
    new = empty(tuple(shape), arr.dtype)
    new[_along(arr.ndim, axis, where)] = values
    old = _np.ones(shape[axis], bool)
    old[where] = False
    new[_along(arr.ndim, axis, old)] = arr
    return new


def trim_zeros(filt, trim="fb", axis=None):
    """filt without its leading ('f') and/or trailing ('b') all-zero
    slices along the given axes (a view, as NumPy)."""
    chars = set(trim.lower())
    if chars - {"f", "b"}:
        raise ValueError("unexpected character(s) in `trim`: %r" % trim)
    a = asarray(filt)
    if a.ndim == 0:
        return a
    axes = tuple(range(a.ndim)) if axis is None else \
        _normalize_axes(axis, a.ndim, argname="axis")
    nz = _ix.argwhere(a)
    if nz.shape[0]:
        bounds = _mn.stack([_math_extrema.amin(nz, axis=0), _math_extrema.amax(nz, axis=0)])
        first, last = bounds.get()
    key = [slice(None)] * a.ndim
    for ax in axes:
        if nz.shape[0] == 0:
            key[ax] = slice(0, 0)
            continue
        start = int(first[ax]) if "f" in chars else 0
        stop = int(last[ax]) + 1 if "b" in chars else a.shape[ax]
        key[ax] = slice(start, stop)
    return a[tuple(key)]


def resize(a, new_shape):
    """a's elements repeated cyclically (C order) into new_shape."""
    a = asarray(a)
    if isinstance(new_shape, (int, _np.integer)):
        new_shape = (new_shape,)
    shape = tuple(_op.index(d) for d in new_shape)
    if _b.any(d < 0 for d in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    size = _math.prod(shape)
    if a.size == 0 or size == 0:
        return zeros(shape, a.dtype)
    return _cycled(a, size).reshape(shape)

