"""Functional programming: fromfunction, apply_along_axis, apply_over_axes,
piecewise (vectorize is kernels/vectorize.py).
"""

import builtins as _b

import numpy as _np

from .._core import ndarray
from .._engine import arrays as _engine_arrays
from ..indexing import generate as _indexing_generate
from ..manipulation import shapes as _mn, shapes as _manipulation_shapes
from .._engine.arrays import asarray
from .._engine.operands import _prod


__all__ = ["fromfunction", "apply_along_axis", "piecewise", "apply_over_axes"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index
_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """``function(*grids)``: calls function with the index grids of
    `shape` (in `dtype`), as numpy.fromfunction."""
    return function(*_indexing_generate.indices(shape, dtype=dtype), **kwargs)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d on every 1-D slice along axis (a Python loop over the other
    indices); its result's axes replace `axis`."""
    arr = asarray(arr)
    axis = _normalize_axis(axis, arr.ndim)
    moved = _manipulation_shapes.moveaxis(arr, axis, -1)
    outer = moved.shape[:-1]
    if _prod(outer) == 0:
        raise ValueError("Cannot apply_along_axis when any iteration "
                         "dimensions are 0")
    results = [asarray(func1d(moved[idx], *args, **kwargs))
               for idx in _np.ndindex(*outer)]
    first = results[0]
    stacked = _manipulation_shapes.stack([r.astype(first.dtype, copy=False) for r in results])
    stacked = stacked.reshape(outer + first.shape)
    # the result's axes go where `axis` was
    nres = first.ndim
    order = list(range(axis)) + \
        list(range(len(outer), len(outer) + nres)) + \
        list(range(axis, len(outer)))
    return stacked.transpose(order).copy()


def piecewise(x, condlist, funclist, *args, **kw):
    """funclist[i] (a function of x[cond] or a constant) where condlist[i]
    holds; an extra function covers where none holds; elsewhere 0."""
    x = asarray(x)
    n2 = len(funclist)
    if isinstance(condlist, ndarray):
        conds = [condlist[i] for i in range(condlist.shape[0])] \
            if condlist.ndim >= 2 or x.ndim == 0 else [condlist]
    elif _np.isscalar(condlist) or (
            not isinstance(condlist[0], (list, ndarray, _np.ndarray))
            and x.ndim != 0):
        conds = [condlist]
    else:
        conds = list(condlist)
    conds = [_manipulation_shapes.broadcast_to(asarray(c).astype(_np.bool_), x.shape)
             for c in conds]
    n = len(conds)
    if n == n2 - 1:
        none = _engine_arrays.ones(x.shape, _np.bool_)
        for c in conds:
            none = none & ~c
        conds.append(none)
    elif n != n2:
        raise ValueError("with {} condition(s), either {} or {} functions "
                         "are expected".format(n, n, n + 1))
    y = _engine_arrays.zeros_like(x)
    for cond, func in zip(conds, funclist):
        if x.ndim == 0:
            # 0-d: boolean indexing needs an axis
            if _b.bool(cond.get()):
                y[...] = func(x, *args, **kw) if callable(func) else func
            continue
        if not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


def apply_over_axes(func, a, axes):
    """func(a, axis) for each axis in turn; a result that lost `axis`
    gets it back as a length-1 axis (so the rank never changes)."""
    val = asarray(a)
    n = val.ndim
    if _np.ndim(axes) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = n + axis
        res = func(val, axis)
        if res.ndim != val.ndim:
            res = _mn.expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError("function is not returning an array of "
                                 "the correct shape")
        val = res
    return val

