"""NumPy functions composed from operations gpuarray already has.

This file's one job: NumPy's index helpers (indices, ix_, unravel_index,
tril_indices, ...), in-place editing (fill_diagonal, put, place,
putmask), array editing (delete, insert, pad, resize, trim_zeros),
small numerics (sinc, fix, gradient, trapezoid, polyval, convolve, cov,
corrcoef, isin) and products (dot, matmul, inner, vdot, outer,
tensordot, kron, cross), written as ufuncs, reductions, views, copies and
advanced indexing.  Nothing here has kernel text of its own; only shapes,
index metadata and the odd bounds check are computed on the host.

Products (dot, matmul, ...) live in _products.py.
"""
import builtins as _b
import math as _math
import operator as _op
import warnings as _warnings

import numpy as _np

from . import _indexing as _ix
from . import _manipulation as _mn
from . import _reductions as _rd
from . import _ufuncs as _uf
from ._core import ndarray
from ._creation import arange, asarray, empty, full, zeros
from ._products import _TEMP_ELEMENTS, _accumulator, dot

__all__ = [
    "indices", "ix_", "unravel_index", "ravel_multi_index", "diag_indices",
    "diag_indices_from", "tril_indices", "triu_indices", "tril_indices_from",
    "triu_indices_from", "fill_diagonal", "delete", "insert", "trim_zeros",
    "sinc", "fix", "iscomplexobj", "isrealobj", "iscomplex", "isreal",
    "real_if_close", "resize", "ediff1d", "gradient", "trapezoid", "select",
    "choose", "put", "place", "putmask", "polyval", "pad", "isin", "cov",
    "corrcoef", "convolve",
]

_INTP = _np.dtype(_np.intp)
_normalize_axis = _np.lib.array_utils.normalize_axis_index
_normalize_axes = _np.lib.array_utils.normalize_axis_tuple



# ------------------------------------------------------------- helpers

def _host(x):
    """x as a NumPy array (index metadata lives on the host)."""
    return x.get() if isinstance(x, ndarray) else _np.asarray(x)


def _along(ndim, axis, key):
    """An index tuple applying `key` on `axis` only."""
    return (slice(None),) * axis + (key,) + (slice(None),) * (ndim - axis - 1)


def _on_axis(v, ndim, axis):
    """1-D v shaped to broadcast along `axis` of an ndim array."""
    shape = [1] * ndim
    shape[axis] = v.shape[0]
    return v.reshape(tuple(shape))


def _minmax(a):
    """(min, max) of a non-empty integer array, in one transfer."""
    lo_hi = _mn.stack([_rd.amin(a), _rd.amax(a)]).get()
    return int(lo_hi[0]), int(lo_hi[1])


def _int_array(x, safe, message):
    """x as an int64 device array; TypeError(message) unless its dtype is
    integer or bool (and, if `safe`, safely castable to intp)."""
    dt = x.dtype if isinstance(x, ndarray) else _np.asarray(x).dtype
    ok = dt.kind in "biu" and (not safe or _np.can_cast(dt, _INTP, "safe"))
    if not ok:
        raise TypeError(message % {"dtype": dt})
    return asarray(x).astype(_np.int64, copy=False)


def _dtype_of(x):
    """What NumPy's promotion sees: Python scalars stay weak."""
    if isinstance(x, (bool, int, float, complex)):
        return x
    return x.dtype if isinstance(x, ndarray) else _np.asarray(x).dtype


def _as_dtype(x, dt):
    """x on the device with dtype dt (Python scalars cast as NumPy's
    unsafe assignment does, e.g. 300 -> 44 for uint8)."""
    if isinstance(x, ndarray):
        return x.astype(dt, copy=False)
    return asarray(_np.asarray(x).astype(dt))


def _cycled(values, n):
    """n values taken cyclically from the flattened `values`."""
    flat = values.reshape(-1)
    if flat.size == n:
        return flat
    return _ix.take(flat, arange(n, dtype=_np.int64) % flat.size)


def _scatter_flat(a, positions, values):
    """a.flat[positions] = values for any layout of a (positions are
    C-order element numbers, already within range)."""
    if a.ndim == 0:
        a = a.reshape(1)   # no axes to unravel onto; a view of the element
    a[_ix._unravel(positions, a.shape)] = values


def _fill_values(v, dtype, safe=False):
    """v to be written into an array of dtype, converted as NumPy does:
    a scalar or list straight into dtype (300 into int8 raises
    OverflowError), an array by a cast that must be
    'safe' where NumPy's function asks for it (place, putmask)."""
    if isinstance(v, (ndarray, _np.ndarray)):
        vdt = v.dtype
        if safe and not _np.can_cast(vdt, dtype, "safe"):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule 'safe'" % (vdt, _np.dtype(dtype)))
        return asarray(v)
    return asarray(_np.asarray(v, dtype=dtype))


def _imag(a):
    """The imaginary part (works around _ufuncs.imag's view of 0-d
    complex arrays)."""
    return _uf.imag(a.reshape(1)).reshape(()) if a.ndim == 0 else \
        _uf.imag(a)


def _real(a):
    return _uf.real(a.reshape(1)).reshape(()) if a.ndim == 0 else \
        _uf.real(a)


def _need_gp(a, what):
    if not isinstance(a, ndarray):
        raise TypeError("%s: argument 1 must be a gpuarray.ndarray (it is "
                        "written in place), not %s" % (what, type(a)))


# ------------------------------------------------------- index helpers

def indices(dimensions, dtype=int, sparse=False):
    """Index grids: arange along each axis, broadcast (or not, sparse)."""
    dims = tuple(dimensions)
    if _b.any(_op.index(d) < 0 for d in dims):
        raise ValueError("negative dimensions are not allowed")
    nd = len(dims)
    grids = []
    for axis, n in enumerate(dims):
        shape = (1,) * axis + (n,) + (1,) * (nd - axis - 1)
        grids.append(arange(n, dtype=dtype).reshape(shape))
    if sparse:
        return tuple(grids)
    if not grids:
        return empty((0,), _np.dtype(dtype))
    return _mn.stack([_mn.broadcast_to(g, dims) for g in grids])


def ix_(*args):
    """Open mesh: the k-th 1-D index is shaped to vary along axis k."""
    out = []
    for k, arg in enumerate(args):
        a = asarray(arg)
        if a.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if a.size == 0 and not isinstance(arg, (ndarray, _np.ndarray)):
            a = a.astype(_INTP)   # an empty list is not float64 (NumPy)
        elif a.dtype == _np.bool_:
            a = _ix.flatnonzero(a)
        after = len(args) - k - 1
        out.append(a.reshape((1,) * k + (a.size,) + (1,) * after))
    return tuple(out)


def _order_check(order):
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")


def _dims_size(dims, message):
    """The number of elements of shape dims; ValueError(message) where it
    is beyond intp, as NumPy (a flat index could not hold it)."""
    if _b.any(d < 0 for d in dims):
        raise ValueError("dimensions must be non-negative")
    size = _math.prod(dims)
    if size > _np.iinfo(_np.intp).max:
        raise ValueError(message)
    return size


def unravel_index(indices, shape, order="C"):
    """Coordinate arrays (intp) of flat positions in an array of `shape`;
    scalar input gives 0-d arrays (NumPy gives scalars)."""
    dims = (_op.index(shape),) if _np.ndim(shape) == 0 else \
        tuple(_op.index(d) for d in shape)
    if isinstance(indices, (list, tuple)) and len(indices) == 0:
        raise TypeError("indices must be integral: the provided empty "
                        "sequence was inferred as float. Wrap it with "
                        "'np.array(indices, dtype=np.intp)'")
    idx = _int_array(indices, False, "only int indices permitted")
    _order_check(order)
    size = _dims_size(dims, "dimensions are too large; arrays and shapes "
                      "with a total size greater than 'intp' are not "
                      "supported.")
    if not dims and idx.ndim:
        raise ValueError("multiple indices are not supported for 0d arrays")
    if idx.size:
        lo, hi = _minmax(idx)
        bad = lo if lo < 0 else hi
        if lo < 0 or hi >= size:
            raise ValueError("index %d is out of bounds for array with "
                             "size %d" % (bad, size))
    coords = [None] * len(dims)
    rest = idx
    # The fastest-varying axis is peeled off first.
    for d in (reversed(range(len(dims))) if order == "C"
              else range(len(dims))):
        coords[d] = rest % dims[d] if dims[d] else rest
        rest = rest // dims[d] if dims[d] else rest
    return tuple(coords)


_CLIP_MODES = ("clip", "raise", "wrap")


def _clip_mode(mode):
    if mode not in _CLIP_MODES:
        raise ValueError("clipmode must be one of 'clip', 'raise', or "
                         "'wrap' (got %r)" % (mode,))
    return mode


def _wrap_or_clip(idx, n, mode):
    """idx brought into [0, n) by `mode` ('raise' checks elsewhere)."""
    if mode == "wrap":
        return idx % n
    if mode == "clip":
        return _uf.clip(idx, 0, n - 1)
    return idx


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Flat positions (intp) of coordinate arrays in an array of dims."""
    _order_check(order)
    dims = (_op.index(dims),) if _np.ndim(dims) == 0 else \
        tuple(_op.index(d) for d in dims)
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    if len(modes) != len(dims):
        raise ValueError("clipmode must have the same length as dims")
    for m in modes:
        _clip_mode(m)
    coords = [multi_index[i] for i in range(len(multi_index))]
    if len(coords) != len(dims):
        raise ValueError("parameter multi_index must be a sequence of "
                         "length %d" % len(dims))
    for c in coords:
        if isinstance(c, (list, tuple)) and len(c) == 0:
            raise TypeError("indices must be integral: the provided empty "
                            "sequence was inferred as float")
    coords = [_int_array(c, False, "only int indices permitted")
              for c in coords]
    _dims_size(dims, "invalid dims: array size defined by dims is larger "
               "than the maximum possible size.")
    shape = _np.broadcast_shapes(*[c.shape for c in coords])
    stride = 1
    flat = zeros(shape, _np.int64)
    axes = reversed(range(len(dims))) if order == "C" else range(len(dims))
    for d in axes:
        c, n = coords[d], dims[d]
        if modes[d] == "raise":
            if c.size and bool(_rd.any(_uf.logical_or(c < 0, c >= n))):
                raise ValueError("invalid entry in coordinates array")
        else:
            c = _wrap_or_clip(c, n, modes[d])
        flat = flat + c * stride
        stride *= n
    return flat


def diag_indices(n, ndim=2):
    idx = arange(n, dtype=_np.int64)
    return (idx,) * ndim


def _square_check(arr):
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")


def diag_indices_from(arr):
    arr = asarray(arr)
    _square_check(arr)
    return diag_indices(arr.shape[0], arr.ndim)


def _triangle(n, k, m, lower):
    from ._creation import tri
    mask = tri(n, m, k if lower else k - 1, dtype=bool)
    return _ix.nonzero(mask if lower else _uf.logical_not(mask))


def tril_indices(n, k=0, m=None):
    """Row and column indices of the lower triangle (C order)."""
    return _triangle(n, k, m, True)


def triu_indices(n, k=0, m=None):
    """Row and column indices of the upper triangle (C order)."""
    return _triangle(n, k, m, False)


def _matrix_of(arr):
    arr = asarray(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return arr


def tril_indices_from(arr, k=0):
    arr = _matrix_of(arr)
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    arr = _matrix_of(arr)
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def fill_diagonal(a, val, wrap=False):
    """Write val (cycled) on the main diagonal of `a`, in place."""
    _need_gp(a, "fill_diagonal")
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim == 2:
        # In C order the diagonal is every (ncols + 1)-th element; tall
        # matrices stop after the square block unless wrap.
        step = a.shape[1] + 1
        end = a.size if wrap else _b.min(a.size, a.shape[1] * a.shape[1])
    else:
        _square_check(a)
        step = _b.sum(_math.prod(a.shape[d + 1:]) for d in range(a.ndim))
        end = a.size
    positions = arange(0, end, step, dtype=_np.int64)
    values = _fill_values(val, a.dtype)
    if positions.size == 0 or values.size == 0:
        return
    _scatter_flat(a, positions, _cycled(values, positions.size))


# --------------------------------------------------- in-place editing

def put(a, ind, v, mode="raise"):
    """a.flat[ind] = v (v cycled), in place.  Duplicate indices leave
    one of their values (unspecified which; NumPy keeps the last)."""
    _need_gp(a, "put")
    _clip_mode(mode)
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
    _clip_mode(mode)
    a = asarray(a)
    if a.dtype.kind not in "biu" or not _np.can_cast(a.dtype, _INTP,
                                                     "safe"):
        raise TypeError("Cannot cast array data from %r to dtype('int64') "
                        "according to the rule 'safe'" % a.dtype)
    if isinstance(choices, ndarray):
        choices = [choices[i] for i in range(choices.shape[0])]
    choices = list(choices)
    if not choices:
        raise ValueError("0-length sequence.")
    dt = _np.result_type(*[_dtype_of(c) for c in choices])
    ops = [_as_dtype(c, dt) for c in choices]
    shape = _np.broadcast_shapes(a.shape, *[c.shape for c in ops])
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
    dt = _np.result_type(*[_dtype_of(c) for c in choicelist],
                         _dtype_of(default))
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


# ------------------------------------------------------ array editing

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
        bounds = _mn.stack([_rd.amin(nz, axis=0), _rd.amax(nz, axis=0)])
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


def _pairs(x, ndim, name):
    """x as ndim (before, after) pairs, NumPy's pad broadcasting."""
    x = _host(x)
    if x.size == 1 or (x.size == 2 and x.shape != (2, 1)):
        x = x.reshape(-1)
    try:
        return _np.broadcast_to(x, (ndim, 2))
    except ValueError:
        raise ValueError("operands could not be broadcast together with "
                         "remapped shapes [original->remapped]: %s  and "
                         "requested shape (%d,2) (%s)"
                         % (x.shape, ndim, name)) from None


_PAD_KWARGS = {"constant": {"constant_values"}, "edge": set(),
               "reflect": {"reflect_type"}, "symmetric": {"reflect_type"},
               "wrap": set(), "empty": set(), "linear_ramp": {"end_values"},
               "maximum": {"stat_length"}, "minimum": {"stat_length"},
               "mean": {"stat_length"}, "median": {"stat_length"}}
_PAD_STATS = ("maximum", "minimum", "mean", "median")


def pad(array, pad_width, mode="constant", **kwargs):
    """array padded per axis; every NumPy mode but a function: constant,
    edge, reflect, symmetric (reflect_type even and odd), wrap, empty,
    linear_ramp, maximum, minimum, mean, median."""
    a = asarray(array)
    widths = _host(pad_width)
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    # checked before broadcasting: a 0-d array has no pairs to check
    if (widths < 0).any():
        raise ValueError("index can't contain negative values")
    widths = _pairs(widths, a.ndim, "pad_width").astype(_np.int64)
    if callable(mode):
        raise NotImplementedError("gpuarray.pad: a function as mode is not "
                                  "supported (it would run per vector on "
                                  "the host)")
    if mode not in _PAD_KWARGS:
        raise ValueError("mode '%s' is not supported" % (mode,))
    unknown = set(kwargs) - _PAD_KWARGS[mode]
    if unknown:
        raise ValueError("unsupported keyword arguments for mode '%s': %s"
                         % (mode, unknown))
    if mode == "empty":
        return empty(tuple(int(s + w.sum()) for s, w in
                           zip(a.shape, widths)), a.dtype)
    if mode == "constant":
        raw = _host(kwargs.get("constant_values", 0))
        values = _pairs(raw, a.ndim, "constant_values")
        if raw.size > 2 or raw.shape == (2, 1):
            values = values.tolist()   # Python scalars, as NumPy's pairs
        return _pad_constant(a, widths, values)
    for axis, (before, after) in enumerate(widths):
        if a.shape[axis] == 0 and (before or after):
            raise ValueError("can't extend empty axis %d using modes other "
                             "than 'constant' or 'empty'" % axis)
    if mode in _PAD_STATS or mode == "linear_ramp":
        return _pad_computed(a, widths, mode, kwargs)
    odd = kwargs.get("reflect_type", "even") == "odd"
    out = a
    # Axis by axis, each seeing the earlier axes' padding (NumPy's order).
    for axis, (before, after) in enumerate(widths):
        if before or after:
            out = _pad_axis(out, axis, int(before), int(after), mode, odd)
    return out if out is not a else a.copy()


def _pad_computed(a, widths, mode, kwargs):
    """The statistic modes and linear_ramp, axis by axis as NumPy pads
    (each axis sees the padding of the axes before it)."""
    if mode == "linear_ramp":
        pairs = _pairs(kwargs.get("end_values", 0), a.ndim, "end_values")
    else:
        stat = kwargs.get("stat_length")
        pairs = [(None, None)] * a.ndim if stat is None else \
            _pairs(stat, a.ndim, "stat_length").astype(_np.int64)
        if stat is not None and (pairs < 0).any():
            raise ValueError("index can't contain negative values")
        if mode in ("maximum", "minimum") and stat is not None and \
                a.size and any(0 in pair for pair in pairs):
            # NumPy looks at every axis, padded or not
            raise ValueError("stat_length of 0 yields no value for padding")
    out = a
    for axis, ((before, after), pair) in enumerate(zip(widths, pairs)):
        if not (before or after):
            continue
        if mode == "linear_ramp":
            left, right = _linear_ramps(out, axis, int(before), int(after),
                                        pair)
        else:
            left, right = _pad_stats(out, axis, int(before), int(after),
                                     pair, mode)
        out = _mn.concatenate([left, out, right], axis=axis)
    return out if out is not a else a.copy()


def _pad_stats(x, axis, before, after, lengths, mode):
    """NumPy's _get_stats: the statistic of the first / last stat_length
    values along axis (all when None), rounded for integer arrays, spread
    over the pad widths."""
    from ._reductions import amax, amin, mean
    from ._sorting import median
    n = x.shape[axis]
    lb, la = (n if v is None or v > n else int(v) for v in lengths)
    if (lb == 0 or la == 0) and mode in ("maximum", "minimum"):
        raise ValueError("stat_length of 0 yields no value for padding")
    func = {"maximum": amax, "minimum": amin, "mean": mean,
            "median": median}[mode]
    parts = []
    for start, stop, width in ((0, lb, before), (n - la, n, after)):
        index = [slice(None)] * x.ndim
        index[axis] = slice(start, stop)
        value = func(x[tuple(index)], axis=axis, keepdims=True)
        if x.dtype.kind in "iu":
            value = _uf.around(value)
        shape = list(x.shape)
        shape[axis] = width
        parts.append(_mn.broadcast_to(value.astype(x.dtype), tuple(shape)))
    return parts


def _linear_ramps(x, axis, before, after, end_values):
    """NumPy's _get_linear_ramps: from each end value to the edge value
    (excluded), computed by numpy.linspace in x's dtype on the edge
    planes (one hyperplane each way), so the rounding is NumPy's."""
    n = x.shape[axis]
    ramps = []
    for edge_at, end, width in ((0, end_values[0], before),
                                (n - 1, end_values[1], after)):
        index = [slice(None)] * x.ndim
        index[axis] = edge_at
        edge = x[tuple(index)].get()
        ramp = _np.linspace(end, edge, width, endpoint=False, dtype=x.dtype,
                            axis=axis)
        ramps.append(asarray(ramp))
    index = [slice(None)] * x.ndim
    index[axis] = slice(None, None, -1)
    ramps[1] = ramps[1][tuple(index)]
    return ramps


def _pad_constant(a, widths, values):
    out = a
    for axis, ((before, after), (v0, v1)) in enumerate(zip(widths, values)):
        parts = []
        for width, value in ((before, v0), (after, v1)):
            shape = list(out.shape)
            shape[axis] = int(width)
            part = empty(tuple(shape), a.dtype)
            part[...] = _host_value(value, a.dtype)
            parts.append(part)
        if before or after:
            out = _mn.concatenate([parts[0], out, parts[1]], axis=axis)
    return out if out is not a else a.copy()


def _host_value(value, dtype):
    """value (a NumPy or Python scalar, as NumPy's pad pairs hold it)
    assigned into dtype by NumPy, so that out-of-range values wrap or
    raise OverflowError exactly as in numpy.pad."""
    v = _np.empty((), dtype)
    v[...] = value
    return v


def _pad_source(n, before, after, mode):
    """For each padded position along an axis of length n: the source
    index, whether it is a mirror image, and its period number."""
    pos = _np.arange(-before, n + after)
    if mode == "edge":
        return _np.clip(pos, 0, n - 1), None, None
    if mode == "wrap":
        return pos % n, None, None
    if mode == "reflect" and n == 1:
        return _np.zeros_like(pos), None, None
    # symmetric repeats every 2n (edges doubled), reflect every 2(n - 1).
    period = 2 * n if mode == "symmetric" else 2 * (n - 1)
    turn, r = _np.divmod(pos, period)
    mirrored = r >= n
    last = period - 1 if mode == "symmetric" else period
    return _np.where(mirrored, last - r, r), mirrored, turn


def _pad_axis(a, axis, before, after, mode, odd):
    n = a.shape[axis]
    src, mirrored, turn = _pad_source(n, before, after, mode)
    out = _ix.take(a, asarray(src), axis=axis)
    if not odd or mirrored is None:
        return out
    # Odd reflection is point symmetry about each edge: a mirrored value
    # is 2 * edge - value, and each period adds 2 * (last - first).
    first = a[_along(a.ndim, axis, slice(0, 1))]
    last = a[_along(a.ndim, axis, slice(n - 1, n))]
    flipped = 2 * last - out
    out = _uf.where(_on_axis(asarray(mirrored), a.ndim, axis), flipped, out)
    steps = _on_axis(_as_dtype(2 * turn, a.dtype), a.ndim, axis)
    return out + steps * (last - first)


# ------------------------------------------------ elementwise numerics

def sinc(x):
    """sin(pi x) / (pi x), 1 at x == 0."""
    x = asarray(x)
    y = x * _np.pi
    return _uf.where(x == 0, 1, _uf.sin(y) / y)


def fix(x, out=None):
    """Round towards zero (0-d arrays where NumPy gives scalars)."""
    x = asarray(x)
    return _uf.trunc(x) if out is None else _uf.trunc(x, out=out)


def iscomplexobj(x):
    dt = getattr(x, "dtype", None)
    if not isinstance(dt, _np.dtype):
        dt = _np.asarray(x).dtype
    return issubclass(dt.type, _np.complexfloating)


def isrealobj(x):
    return not iscomplexobj(x)


def iscomplex(x):
    """True where the imaginary part is non-zero."""
    a = asarray(x)
    if a.dtype.kind == "c":
        return _imag(a) != 0
    return full(a.shape, False, _np.bool_)


def isreal(x):
    """True where the imaginary part is zero."""
    return _imag(asarray(x)) == 0


def real_if_close(a, tol=100):
    """The real part when every imaginary part is below tol (in machine
    epsilons when tol > 1)."""
    a = asarray(a)
    if a.dtype.kind != "c":
        return a
    if tol > 1:
        tol = _np.finfo(a.dtype).eps * tol
    if bool(_rd.all(_uf.absolute(_imag(a)) < tol)):
        return _real(a)
    return a


# ---------------------------------------------------- differences etc.

def ediff1d(ary, to_end=None, to_begin=None):
    """Differences of the flattened array, with optional ends."""
    ary = asarray(ary).reshape(-1)
    dt = ary.dtype
    parts = [_uf.subtract(ary[1:], ary[:-1])]
    for name, extra, at_end in (("to_begin", to_begin, False),
                                ("to_end", to_end, True)):
        if extra is None:
            continue
        extra = asarray(extra)
        if not _np.can_cast(extra.dtype, dt, casting="same_kind"):
            raise TypeError("dtype of `%s` must be compatible with input "
                            "`ary` under the `same_kind` rule." % name)
        extra = extra.reshape(-1).astype(dt)
        parts = parts + [extra] if at_end else [extra] + parts
    return _mn.concatenate(parts, dtype=dt) if len(parts) > 1 else parts[0]


def _gradient_spacings(f, axes, varargs):
    """Per axis: a scalar step, or the 1-D differences of coordinates."""
    if not varargs:
        return [1.0] * len(axes)
    if len(varargs) == 1 and _np.ndim(varargs[0]) == 0:
        return list(varargs) * len(axes)
    if len(varargs) != len(axes):
        raise TypeError("invalid number of arguments")
    spacings = []
    for axis, d in zip(axes, varargs):
        if _np.ndim(d) == 0:
            spacings.append(d)
            continue
        d = asarray(d)
        if d.ndim != 1:
            raise ValueError("distances must be either scalars or 1d")
        if d.shape[0] != f.shape[axis]:
            raise ValueError("when 1d, distances must match the length of "
                             "the corresponding dimension")
        if d.dtype.kind in "iu":
            d = d.astype(_np.float64)
        steps = _rd.diff(d)
        # Evenly spaced coordinates take the scalar formulas (as NumPy).
        if steps.size and bool(_rd.all(steps == steps[0])):
            steps = steps[0]
        spacings.append(steps)
    return spacings


def gradient(f, *varargs, axis=None, edge_order=1):
    """Second-order central differences inside, one-sided differences of
    order edge_order at the ends."""
    f = asarray(f)
    axes = tuple(range(f.ndim)) if axis is None else \
        _normalize_axes(axis, f.ndim)
    spacings = _gradient_spacings(f, axes, varargs)
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    if f.dtype.kind in "iu":
        f = f.astype(_np.float64)
    grads = [_gradient_axis(f, ax, dx, edge_order)
             for ax, dx in zip(axes, spacings)]
    return grads[0] if len(grads) == 1 else tuple(grads)


def _gradient_axis(f, axis, dx, edge_order):
    n = f.shape[axis]
    if n < edge_order + 1:
        raise ValueError("Shape of array too small to calculate a numerical "
                         "gradient, at least (edge_order + 1) elements are "
                         "required.")

    def at(s):
        return f[_along(f.ndim, axis, s)]

    out = empty(f.shape, f.dtype)
    interior = _along(f.ndim, axis, slice(1, -1))
    if _np.ndim(dx) == 0:
        out[interior] = (at(slice(2, None)) - at(slice(None, -2))) / (2.0 * dx)
        h0 = hn = dx
    else:
        # Non-uniform three-point formula with h0 = x[i]-x[i-1] and
        # h1 = x[i+1]-x[i] (weights from a Taylor expansion).
        h0, h1 = dx[:-1], dx[1:]
        wl = -h1 / (h0 * (h0 + h1))
        wc = (h1 - h0) / (h0 * h1)
        wr = h0 / (h1 * (h0 + h1))
        out[interior] = (_on_axis(wl, f.ndim, axis) * at(slice(None, -2))
                         + _on_axis(wc, f.ndim, axis) * at(slice(1, -1))
                         + _on_axis(wr, f.ndim, axis) * at(slice(2, None)))
        h0, hn = dx[0], dx[-1]
    first, last = _along(f.ndim, axis, 0), _along(f.ndim, axis, -1)
    if edge_order == 1:
        out[first] = (at(1) - at(0)) / h0
        out[last] = (at(-1) - at(-2)) / hn
        return out
    # One-sided second-order formulas over the first / last three points.
    if _np.ndim(dx) == 0:
        out[first] = (-1.5 / dx) * at(0) + (2.0 / dx) * at(1) \
            + (-0.5 / dx) * at(2)
        out[last] = (0.5 / dx) * at(-3) + (-2.0 / dx) * at(-2) \
            + (1.5 / dx) * at(-1)
        return out
    h1, hm = dx[1], dx[-2]
    out[first] = (-(2.0 * h0 + h1) / (h0 * (h0 + h1))) * at(0) \
        + ((h0 + h1) / (h0 * h1)) * at(1) \
        + (-h0 / (h1 * (h0 + h1))) * at(2)
    out[last] = (hn / (hm * (hm + hn))) * at(-3) \
        + (-(hm + hn) / (hm * hn)) * at(-2) \
        + ((2.0 * hn + hm) / (hn * (hm + hn))) * at(-1)
    return out


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral of y along axis by the trapezoidal rule."""
    y = asarray(y)
    axis = _normalize_axis(axis, y.ndim)
    if x is None:
        d = dx if isinstance(dx, (bool, int, float, complex, _np.generic)) \
            else asarray(dx)
    else:
        x = asarray(x)
        d = _rd.diff(x) if x.ndim == 1 else _rd.diff(x, axis=axis)
        if x.ndim == 1:
            d = _on_axis(d, y.ndim, axis)
    hi = y[_along(y.ndim, axis, slice(1, None))]
    lo = y[_along(y.ndim, axis, slice(None, -1))]
    return _rd.sum(d * (hi + lo) / 2.0, axis=axis)


def polyval(p, x):
    """p[0] * x**(N-1) + ... + p[N-1], by Horner's scheme."""
    p = asarray(p)
    if p.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    x = asarray(x)
    y = zeros(x.shape, x.dtype)
    for i in range(p.shape[0]):
        y = y * x + p[i]
    return y


_CONVOLVE_MODES = {"valid": 0, "same": 1, "full": 2, 0: 0, 1: 1, 2: 2}


def convolve(a, v, mode="full"):
    """Discrete linear convolution: one shifted multiply-add per element
    of the shorter input."""
    a, v = asarray(a), asarray(v)
    a = a.reshape(1) if a.ndim == 0 else a
    v = v.reshape(1) if v.ndim == 0 else v
    if a.ndim > 1 or v.ndim > 1:
        raise ValueError("object too deep for desired array")
    if mode not in _CONVOLVE_MODES:
        raise ValueError("mode must be one of 'valid', 'same', or 'full' "
                         "(got %r)" % (mode,))
    if v.size > a.size:
        a, v = v, a
    if a.size == 0:
        raise ValueError("a cannot be empty")
    if v.size == 0:
        raise ValueError("v cannot be empty")
    n, m = a.size, v.size
    dt = _np.result_type(a.dtype, v.dtype)
    acc = _accumulator(dt)
    result = zeros((n + m - 1,), acc)
    for k in range(m):
        window = result[k:k + n]
        _uf.add(window, _uf.multiply(a, v[k], dtype=acc), out=window)
    kind = _CONVOLVE_MODES[mode]
    if kind == 1:
        result = result[(m - 1) // 2:(m - 1) // 2 + n]
    elif kind == 0:
        result = result[m - 1:n]
    return result.astype(dt, copy=False)


# ---------------------------------------------------- membership, stats

def isin(element, test_elements, assume_unique=False, invert=False, *,
         kind=None):
    """element == any of test_elements, by broadcast comparison over
    bounded chunks of test_elements."""
    if kind not in (None, "sort", "table"):
        raise ValueError("Invalid kind: %r. Please use None, 'sort' or "
                         "'table'." % (kind,))
    e, t = asarray(element), asarray(test_elements).reshape(-1)
    if kind == "table" and (e.dtype.kind not in "biu"
                            or t.dtype.kind not in "biu"):
        raise ValueError("The 'table' method is only supported for boolean "
                         "or integer arrays. Please select 'sort' or None "
                         "for kind.")
    flat = e.reshape(-1)
    if t.size > 16 and flat.size:
        found = _isin_sorted(flat, t)
    else:
        found = full(flat.shape, False, _np.bool_)
        step = _b.max(1, _TEMP_ELEMENTS // _b.max(1, flat.size))
        for start in range(0, t.size, step):
            hits = _rd.any(flat[:, None] == t[None, start:start + step],
                           axis=1)
            _uf.logical_or(found, hits, out=found)
    if invert:
        found = _uf.logical_not(found)
    return found.reshape(e.shape)


def _isin_sorted(flat, t):
    """flat == any of t, for many t: a radix sort of t and a binary
    search per element (NaN finds nothing, as under ==)."""
    from ._sorting import sort, searchsorted
    ct = _np.result_type(flat.dtype, t.dtype)
    st = sort(t.astype(ct, copy=False))
    pos = searchsorted(st, flat.astype(ct, copy=False))
    _uf.minimum(pos, st.size - 1, out=pos)
    return st[pos] == flat


def _rows(x, rowvar, dtype):
    """x as a 2-D (variables, observations) array of dtype."""
    x = x.astype(dtype, copy=False)
    if x.ndim < 2:
        x = x.reshape((1,) * (2 - x.ndim) + x.shape)
    return x if rowvar or x.shape[0] == 1 else x.T


def _weight(w, name, n, integral):
    w = asarray(w).astype(_np.float64)
    if integral and not bool(_rd.all(w == _uf.around(w))):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError("cannot handle multidimensional %s" % name)
    if w.shape[0] != n:
        raise RuntimeError("incompatible numbers of samples and %s" % name)
    if bool(_rd.any(w < 0)):
        raise ValueError("%s cannot be negative" % name)
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
        aweights=None, *, dtype=None):
    """Covariance matrix of the rows (variables) of m (and y)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = _np.result_type(m.dtype, _np.float64) if y is None else \
            _np.result_type(m.dtype, y.dtype, _np.float64)
    x = _rows(m, rowvar, dtype)
    if x.shape[0] == 0:
        return empty((0, 0), _np.float64)
    if y is not None:
        x = _mn.concatenate((x, _rows(y, rowvar, dtype)), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _weight(fweights, "fweights", n, True)
    if aweights is not None:
        aw = _weight(aweights, "aweights", n, False)
        w = aw if w is None else w * aw
    avg, w_sum = _rd.average(x, axis=1, weights=w, returned=True)
    w_sum = float(_np.real(w_sum[0].get()))
    if w is None:
        fact = n - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * float(_rd.sum(w * aw).get()) / w_sum
    if fact <= 0:
        _warnings.warn("Degrees of freedom <= 0 for slice",
                       RuntimeWarning, stacklevel=2)
        fact = 0.0
    # Centred in x's dtype (NumPy subtracts in place).
    x = _uf.subtract(x, avg[:, None]).astype(x.dtype, copy=False)
    x_t = x.T if w is None else (x * w).T
    c = dot(x, _uf.conjugate(x_t) if x.dtype.kind == "c" else x_t)
    with _np.errstate(divide="ignore"):
        scale = _np.true_divide(1, fact)
    # In place, so that c keeps its dtype (NumPy's `c *= scale`).
    _uf.multiply(c, scale, out=c)
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients, clipped to [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    from ._matrices import diagonal
    stddev = _uf.sqrt(_uf.real(diagonal(c).copy()))
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    # Rounding can leave |c| slightly above 1; clip the parts in place.
    parts = [_uf.real(c)] + ([_uf.imag(c)] if c.dtype.kind == "c" else [])
    for part in parts:
        _uf.clip(part, -1, 1, out=part)
    return c


# --------------------------------------------------- operators, methods

def _m_put(self, indices, values, mode="raise"):
    return put(self, indices, values, mode)


def _m_choose(self, choices, out=None, mode="raise"):
    return choose(self, choices, out, mode)


# ndarray.put / .choose forward here (gpuarray/__init__.py, Note [Lazy
# namespace] in _lazy.py)
