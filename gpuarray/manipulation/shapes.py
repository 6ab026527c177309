"""Shape and layout functions.  Views where NumPy gives views; joins
(concatenate, stack) are one copy kernel per input into slices of the
result."""
import math

import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray
from .._engine.ufuncs import check_out, where as _where

__all__ = ["reshape", "ravel", "transpose", "swapaxes", "squeeze",
           "expand_dims", "moveaxis", "rollaxis", "broadcast_to",
           "broadcast_arrays", "broadcast", "concatenate", "stack",
           "vstack", "hstack", "dstack", "column_stack", "atleast_1d",
           "atleast_2d", "atleast_3d", "copy", "shape", "ndim", "size",
           "copyto", "permute_dims", "matrix_transpose", "flip", "fliplr",
           "flipud"]


def _normalize_axis(axis, ndim):
    return _np.lib.array_utils.normalize_axis_index(axis, ndim)


def _flat_or_axis(a, axis):
    """(a, axis) for NumPy's `axis=None means the flattened array`
    functions: a flattened with axis 0, or a with axis normalised."""
    if axis is None:
        return a.reshape(-1), 0
    return a, _normalize_axis(axis, a.ndim)


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    if isinstance(copy, str):
        raise ValueError("strings are not allowed for 'copy' keyword. Use "
                         "True/False/None instead.")
    if shape is None:
        shape = newshape
    return asarray(a).reshape(shape, order=order, copy=copy)


def ravel(a, order="C"):
    return asarray(a).ravel(order)


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def permute_dims(a, axes=None):
    """transpose under the Array API's name (NumPy 2.4: axes optional)."""
    return asarray(a).transpose(axes)


def matrix_transpose(x):
    return asarray(x).mT


def swapaxes(a, axis1, axis2):
    return asarray(a).swapaxes(axis1, axis2)


def squeeze(a, axis=None):
    return asarray(a).squeeze(axis)


def expand_dims(a, axis):
    """A view of `a` with length-1 axes inserted at `axis` (NumPy's)."""
    a = asarray(a)
    if type(axis) not in (tuple, list):
        axis = (axis,)
    nd = a.ndim + len(axis)
    axis = _np.lib.array_utils.normalize_axis_tuple(axis, nd)
    it = iter(a.shape)
    return a.reshape([1 if ax in axis else next(it) for ax in range(nd)])


def moveaxis(a, source, destination):
    a = asarray(a)
    # NumPy's AxisError for a bad axis, ValueError for a repeated one
    norm = _np.lib.array_utils.normalize_axis_tuple
    src = norm(source, a.ndim, "source")
    dst = norm(destination, a.ndim, "destination")
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have "
                         "the same number of elements")
    order = [n for n in range(a.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return a.transpose(order)


def rollaxis(a, axis, start=0):
    a = asarray(a)
    axes = list(range(a.ndim))
    axis = _normalize_axis(axis, a.ndim)
    if start < 0:
        start += a.ndim
    if not 0 <= start <= a.ndim:
        raise _np.exceptions.AxisError(
            "'start' arg requires %d <= start < %d, but %d was passed in"
            % (-a.ndim, a.ndim + 1, start))
    axes.remove(axis)
    axes.insert(start if start <= axis else start - 1, axis)
    return a.transpose(axes)


def broadcast_to(array, shape, subok=False):
    """A read-only view with the broadcast shape (zero strides)."""
    a = asarray(array)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    _np.broadcast_shapes(a.shape, shape)  # NumPy's error if incompatible
    if len(shape) < a.ndim or _np.broadcast_shapes(a.shape, shape) != shape:
        raise ValueError("cannot broadcast a non-scalar to a scalar array"
                         if not shape else
                         "operands could not be broadcast together with "
                         "remapped shapes")
    lead = len(shape) - a.ndim
    # NumPy gives every broadcast axis and every length-1 source axis a
    # zero stride.
    strides = [0] * lead + [0 if a.shape[i] == 1 else a.strides[i]
                            for i in range(a.ndim)]
    return _core._as_strided(a, shape, strides, 0, False)


def broadcast_arrays(*args, subok=False):
    # subok: gpuarray has no ndarray subclasses, so both give ndarrays
    args = [asarray(a) for a in args]
    shape = _np.broadcast_shapes(*[a.shape for a in args])
    # a tuple, as NumPy 2 returns
    return tuple(a if a.shape == shape else broadcast_to(a, shape)
                 for a in args)


def _sequence(arrays):
    """concatenate's first argument: a sequence (NumPy's TypeError for a
    dict, a set or a generator, which PySequence_Check refuses)."""
    if isinstance(arrays, dict) or not hasattr(type(arrays), "__getitem__"):
        raise TypeError("The first input argument needs to be a sequence "
                        "(got %s)" % type(arrays).__name__)
    return arrays


def _arrays_to_stack(arrays):
    """The arrays of stack, hstack, vstack, dstack and column_stack, as
    NumPy's _arrays_for_stack_dispatcher takes them: anything indexable
    (a dict gives its keys), not a set or a generator (TypeError)."""
    if not hasattr(arrays, "__getitem__"):
        raise TypeError('arrays to stack must be passed as a "sequence" '
                        'type such as list or tuple (got %s)'
                        % type(arrays).__name__)
    return arrays


def concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    _sequence(arrays)
    # Python scalars promote weakly, as in NumPy 2 (lists do not)
    weak = [a if type(a) in (bool, int, float, complex) else None
            for a in arrays]
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        arrays = [a.ravel() for a in arrays]
        axis = 0
    nd = arrays[0].ndim
    if nd == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = _normalize_axis(axis, nd)
    for i, a in enumerate(arrays):
        if a.ndim != nd:
            raise ValueError(
                "all the input array dimensions except for the concatenation "
                "axis must match exactly, but along dimension 0, the array at "
                "index 0 has %d dimension(s) and the array at index %d has %d "
                "dimension(s)" % (nd, i, a.ndim) if False else
                "all the input arrays must have same number of dimensions, "
                "but the array at index 0 has %d dimension(s) and the array "
                "at index %d has %d dimension(s)" % (nd, i, a.ndim))
        for d in range(nd):
            if d != axis and a.shape[d] != arrays[0].shape[d]:
                raise ValueError(
                    "all the input array dimensions except for the "
                    "concatenation axis must match exactly, but along "
                    "dimension %d, the array at index 0 has size %d and the "
                    "array at index %d has size %d"
                    % (d, arrays[0].shape[d], i, a.shape[d]))
    check_out(out)
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an "
                        "argument, but both were provided.")
    if dtype is None:
        dtype = _np.result_type(*[a.dtype if w is None else w
                                  for a, w in zip(arrays, weak)])
    shape = list(arrays[0].shape)
    shape[axis] = sum(a.shape[axis] for a in arrays)
    if out is not None and out.shape != tuple(shape):
        raise ValueError("Output array is the wrong shape")
    # Python scalars are cast unchecked (weak), as NumPy does
    _check_casting([a for a, w in zip(arrays, weak) if w is None],
                   _np.dtype(dtype if out is None else out.dtype), casting)
    if out is None:
        out = _core.empty(tuple(shape), dtype)
    pos = 0
    index = [slice(None)] * nd
    for a in arrays:
        index[axis] = slice(pos, pos + a.shape[axis])
        out[tuple(index)] = a
        pos += a.shape[axis]
    return out


def _check_casting(arrays, dtype, casting):
    """NumPy's TypeError when an input cannot be cast to dtype under the
    rule `casting` (joins write every input into one result)."""
    if not isinstance(casting, str):
        raise TypeError("casting must be str, not %s"
                        % type(casting).__name__)
    if casting not in ("no", "equiv", "safe", "same_kind", "unsafe"):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', "
                         "'same_kind', 'unsafe' (got %r)" % (casting,))
    for a in arrays:
        if not _np.can_cast(a.dtype, dtype, casting):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule %r" % (a.dtype, dtype, casting))


def stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    arrays = [asarray(a) for a in _arrays_to_stack(arrays)]
    if not arrays:
        raise ValueError("need at least one array to stack")
    shapes = {a.shape for a in arrays}
    if len(shapes) != 1:
        raise ValueError("all input arrays must have the same shape")
    axis = _normalize_axis(axis, arrays[0].ndim + 1)
    return concatenate([expand_dims(a, axis) for a in arrays], axis, out,
                       dtype, casting)


def atleast_1d(*arys):
    res = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1)
           for a in arys]
    return res[0] if len(res) == 1 else tuple(res)


def atleast_2d(*arys):
    res = []
    for a in arys:
        a = asarray(a)
        res.append(a.reshape(1, 1) if a.ndim == 0 else
                   a[None, :] if a.ndim == 1 else a)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_3d(*arys):
    res = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a[None, :, None]
        elif a.ndim == 2:
            a = a[:, :, None]
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def vstack(tup, *, dtype=None, casting="same_kind"):
    arrs = atleast_2d(*_arrays_to_stack(tup))
    return concatenate(arrs if isinstance(arrs, tuple) else [arrs], 0,
                       dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrs = atleast_1d(*_arrays_to_stack(tup))
    arrs = arrs if isinstance(arrs, tuple) else [arrs]
    if not arrs:
        raise ValueError("need at least one array to concatenate")
    return concatenate(arrs, 0 if arrs[0].ndim == 1 else 1, dtype=dtype,
                       casting=casting)


def dstack(tup):
    arrs = atleast_3d(*_arrays_to_stack(tup))
    return concatenate(arrs if isinstance(arrs, tuple) else [arrs], 2)


def column_stack(tup):
    arrs = []
    for a in _arrays_to_stack(tup):
        a = asarray(a)
        arrs.append(a.reshape(-1, 1) if a.ndim < 2 else a)
    return concatenate(arrs, 1)


def copy(a, order="K", subok=False):
    return asarray(a).copy(order)


def copyto(dst, src, casting="same_kind", where=True):
    if not isinstance(dst, ndarray):    # NumPy's TypeError
        raise TypeError("copyto() argument 1 must be a gpuarray.ndarray, "
                        "not %s" % type(dst).__name__)
    if not isinstance(src, ndarray) and _np.ndim(src) == 0:
        # NumPy's own cast of a scalar into dst's dtype: Python scalars
        # are weak (300 into int8 overflows, 2.5 into int8 breaks
        # 'same_kind'), NumPy scalars strong
        probe = _np.empty((), dst.dtype)
        _np.copyto(probe, src, casting=casting)
        src = probe[()]
    else:
        if not isinstance(src, ndarray):
            src = _np.asarray(src)
        if not _np.can_cast(src.dtype, dst.dtype, casting):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule %r" % (src.dtype, dst.dtype, casting))
    if where is not True:
        mask = asarray(where)
        if isinstance(where, (ndarray, _np.ndarray)) and \
                not _np.can_cast(mask.dtype, _np.bool_, "safe"):
            raise TypeError("Cannot cast array data from %r to dtype('bool') "
                            "according to the rule 'safe'" % mask.dtype)
        if isinstance(src, _np.ndarray):
            src = asarray(src)
        src = _where(mask, src, dst)
    dst[...] = src


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    if axis is None:
        return a.size
    # NumPy 2: one axis or a tuple of them (their lengths multiplied)
    axes = _np.lib.array_utils.normalize_axis_tuple(axis, a.ndim)
    return math.prod(a.shape[ax] for ax in axes)


def flip(m, axis=None):
    m = asarray(m)
    if axis is None:
        axis = tuple(range(m.ndim))
    # NumPy's AxisError/ValueError for bad or repeated axes
    axes = _np.lib.array_utils.normalize_axis_tuple(axis, m.ndim)
    index = [slice(None)] * m.ndim
    for ax in axes:
        index[ax] = slice(None, None, -1)
    return m[tuple(index)]


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


class broadcast:
    """The broadcast of the arrays given: NumPy's shape, ndim/nd, size,
    numiter and index; iterating yields tuples of the elements that meet
    (as 0-d gpuarray arrays), one position at a time."""

    def __init__(self, *args):
        if len(args) > 64:
            raise ValueError("Need at least 0 and at most 64 array objects.")
        inner = []
        for a in args:     # a broadcast object takes part with its arrays
            inner.extend(a._values if isinstance(a, broadcast) else [a])
        self._values = broadcast_arrays(*inner) if inner else ()
        self.shape = self._values[0].shape if inner else ()
        self.index = 0

    ndim = property(lambda self: len(self.shape))
    nd = ndim
    numiter = property(lambda self: len(self._values))
    size = property(lambda self: math.prod(self.shape))
    iters = property(lambda self: tuple(v.flat for v in self._values))

    def reset(self):
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        pos = _np.unravel_index(self.index, self.shape)
        self.index += 1
        return tuple(v[pos] for v in self._values)

