"""numpy.lib.stride_tricks for gpuarray arrays: views with chosen strides.

Note [Checked strides]: NumPy's as_strided trusts its caller, and a view
past the memory reads garbage there.  On a GPU such a read can fault and
leave the device unusable for the process, so here every element a view
can reach must lie inside the memory of the array it is made from (the
outermost gpuarray array it views); otherwise ValueError.
"""
import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray

__all__ = ["as_strided", "sliding_window_view"]


def _extent(ptr, shape, strides, itemsize):
    """[lo, hi) bytes an array of this layout starting at ptr reaches."""
    if any(n == 0 for n in shape):
        return ptr, ptr
    lo = ptr + sum(min(0, (n - 1) * s) for n, s in zip(shape, strides))
    hi = ptr + sum(max(0, (n - 1) * s) for n, s in zip(shape, strides))
    return lo, hi + itemsize


def _owner(x):
    while isinstance(x.base, ndarray):
        x = x.base
    return x


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """A view of x with the given shape and byte strides."""
    if not isinstance(x, ndarray):
        raise TypeError("gpuarray as_strided needs a gpuarray array, got %s"
                        % type(x).__name__)
    shape = tuple(x.shape if shape is None else
                  (int(n) for n in _np.atleast_1d(shape)))
    strides = tuple(x.strides if strides is None else
                    (int(s) for s in _np.atleast_1d(strides)))
    if len(shape) != len(strides):
        raise ValueError("mismatch in length of strides and shape")
    if any(n < 0 for n in shape):
        raise ValueError("negative dimensions are not allowed")
    own = _owner(x)
    lo, hi = _extent(x.data.ptr, shape, strides, x.itemsize)
    own_lo, own_hi = _extent(own.data.ptr, own.shape, own.strides,
                             own.itemsize)
    if lo < hi and (lo < own_lo or hi > own_hi):
        raise ValueError(
            "as_strided: a view of shape %s and strides %s reaches outside "
            "the array's memory" % (shape, strides))
    return _core._as_strided(x, shape, strides, 0,
                             bool(writeable) and x.flags.writeable)


def sliding_window_view(x, window_shape, axis=None, *, subok=False,
                        writeable=False):
    """Every window of window_shape over x (along `axis`), as a read-only
    view with the window dimensions last, as NumPy's."""
    x = asarray(x)
    window_shape = tuple(window_shape) if _np.iterable(window_shape) \
        else (window_shape,)
    window_shape = tuple(int(w) for w in window_shape)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        axis = tuple(range(x.ndim))
        if len(window_shape) != len(axis):
            raise ValueError("Since axis is `None`, must provide "
                             "window_shape for all dimensions of `x`; got "
                             "%d window_shape elements and `x.ndim` is %d."
                             % (len(window_shape), x.ndim))
    else:
        axis = _np.lib.array_utils.normalize_axis_tuple(
            axis, x.ndim, allow_duplicate=True)
        if len(window_shape) != len(axis):
            raise ValueError("Must provide matching length window_shape and "
                             "axis; got %d window_shape elements and %d "
                             "axes elements." % (len(window_shape),
                                                 len(axis)))
    out_strides = x.strides + tuple(x.strides[ax] for ax in axis)
    shape = list(x.shape)
    for ax, dim in zip(axis, window_shape):
        if shape[ax] < dim:
            raise ValueError("window shape cannot be larger than input "
                             "array shape")
        shape[ax] -= dim - 1
    return as_strided(x, tuple(shape) + window_shape, out_strides,
                      writeable=writeable)
