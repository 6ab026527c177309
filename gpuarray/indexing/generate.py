"""Generating index arrays: indices, ix_, unravel_index, ravel_multi_index,
diag_indices(_from), tril/triu_indices(_from), fill_diagonal.  Written
with views, copies and advanced indexing; only index metadata is worked
out on the host.
"""

import builtins as _b
import math as _math
import operator as _op

import numpy as _np

from . import advanced as _ix
from .take_arguments import _clip_mode
from .._core import ndarray
from .._engine.operands import _INTP, _fill_values, _int_array, _need_gp
from .flat import _cycled, _minmax, _scatter_flat
from .._engine import ufuncs as _uf
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _mn
from .._engine.arrays import arange, asarray, empty, zeros
from .._engine.arrays import tri, _c_or_f, _small_numpy_mask


__all__ = ["indices", "ix_", "unravel_index", "ravel_multi_index", "diag_indices", "diag_indices_from", "tril_indices", "triu_indices", "tril_indices_from", "triu_indices_from", "fill_diagonal"]


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
    """order= of unravel_index and ravel_multi_index: 'C' or 'F', read
    as NumPy's PyArray_OrderConverter reads it (the rule eye's order
    follows too)."""
    return _c_or_f(order)


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
    order = _order_check(order)
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


def _wrap_or_clip(idx, n, mode):
    """idx brought into [0, n) by `mode` ('raise' checks elsewhere)."""
    if mode == "wrap":
        return idx % n
    if mode == "clip":
        return _uf.clip(idx, 0, n - 1)
    return idx


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Flat positions (intp) of coordinate arrays in an array of dims."""
    order = _order_check(order)
    dims = (_op.index(dims),) if _np.ndim(dims) == 0 else \
        tuple(_op.index(d) for d in dims)
    if isinstance(mode, (list, tuple)):     # one mode per dimension
        if len(mode) != len(dims):
            raise ValueError("list of clipmodes has wrong length (%d "
                             "instead of %d)" % (len(mode), len(dims)))
        modes = tuple(_clip_mode(m) for m in mode)
    else:
        modes = (_clip_mode(mode),) * len(dims)
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
            if c.size and bool(_logic_truth.any(_uf.logical_or(c < 0, c >= n))):
                raise ValueError("invalid entry in coordinates array")
        else:
            c = _wrap_or_clip(c, n, modes[d])
        flat = flat + c * stride
        stride *= n
    return flat


def diag_indices(n, ndim=2):
    # NumPy's arange(n): its dtype (float for a float n) and its errors
    idx = arange(n)
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
    if any(isinstance(v, (_np.generic, _np.ndarray)) for v in (n, k, m)) \
            and _small_numpy_mask(n, n if m is None else m):
        # Note [Small masks of NumPy numbers] in _engine/arrays.py
        f = _np.tril_indices if lower else _np.triu_indices
        return tuple(asarray(i) for i in f(n, k, m))
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
    # NumPy reads a.ndim first: a NumPy scalar or a 0-d/1-d array of any
    # kind is its ValueError; then only a gpuarray array can be written
    if getattr(a, "ndim", 2) < 2:
        raise ValueError("array must be at least 2-d")
    _need_gp(a, "fill_diagonal")
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

