"""Joining arrays beyond concatenate/stack: block, unstack and the Array
API's concat.
"""

import builtins as _b

import numpy as _np

from . import shapes as _mn, shapes as _manipulation_shapes
from .._engine.arrays import asarray


__all__ = ["block", "concat", "unstack"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index
_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def _block_shape(arrays, index):
    """(list depth, largest leaf ndim) of a block nest; NumPy's errors."""
    if type(arrays) is tuple:
        raise TypeError("%s is a tuple. Only lists can be used to arrange "
                        "blocks, and np.block does not allow implicit "
                        "conversion from tuple to ndarray." % index)
    if type(arrays) is list:
        if not arrays:
            raise ValueError("List at %s cannot be empty" % index)
        found = [_block_shape(a, "%s[%d]" % (index, i))
                 for i, a in enumerate(arrays)]
        depths = {d for d, _ in found}
        if len(depths) > 1:
            raise ValueError("List depths are mismatched (%s)" % index)
        return found[0][0] + 1, _b.max(nd for _, nd in found)
    return 0, asarray(arrays).ndim


def _block_build(arrays, level, depth, ndim):
    if type(arrays) is list:
        parts = [_block_build(a, level + 1, depth, ndim) for a in arrays]
        # the outermost list joins along axis -depth, the innermost along -1
        return _manipulation_shapes.concatenate(parts, axis=-(depth - level))
    a = asarray(arrays)
    return a.reshape((1,) * (ndim - a.ndim) + a.shape)


def block(arrays):
    """Assemble an array from nested lists of blocks."""
    depth, leaf_ndim = _block_shape(arrays, "arrays")
    ndim = _b.max(depth, leaf_ndim)
    res = _block_build(arrays, 0, depth, ndim)
    # a bare array comes back as a copy, as NumPy's does
    return res.copy() if depth == 0 else res


# The Array API name; NumPy 2 binds it to the very same function.
concat = _mn.concatenate


def unstack(x, /, *, axis=0):
    """The views x[..., i, ...] along `axis`, as a tuple."""
    if not hasattr(x, "ndim"):  # an Array API function: NumPy reads x.ndim
        raise TypeError("unstack: x must be an array, not %s"
                        % type(x).__name__)
    x = asarray(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    moved = _mn.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))

