"""The rest of NumPy's top-level names that make sense beside gpuarray
arrays: type objects and constants (NumPy's own, so isinstance and
issubdtype checks written for NumPy keep working; gpuarray arrays of the
types it has no kernels for -- strings, objects, long double -- cannot be
made), and small functions over shapes and dtypes."""
import warnings as _warnings

import numpy as _np

from .. import _core
from .._engine.arrays import ones
from .._engine.datetime_ufuncs import isnat  # noqa: F401  (datetimes)
from ..indexing.advanced import nonzero
from ..manipulation.shapes import vstack

__all__ = [
    "True_", "False_", "ScalarType", "typecodes", "sctypeDict",
    "little_endian", "exceptions", "dtypes", "long", "ulong", "object_",
    "str_", "bytes_", "void", "character", "flexible", "clongdouble",
    "longdouble", "datetime64", "timedelta64", "isnat", "einsum_path",
    "row_stack", "mask_indices", "geterrcall", "seterrcall", "getbufsize",
    "setbufsize",
]

True_ = _np.True_
False_ = _np.False_
ScalarType = _np.ScalarType
typecodes = _np.typecodes
sctypeDict = _np.sctypeDict
little_endian = _np.little_endian
exceptions = _np.exceptions
dtypes = _np.dtypes
long = _np.long
ulong = _np.ulong
object_ = _np.object_
str_ = _np.str_
bytes_ = _np.bytes_
void = _np.void
character = _np.character
flexible = _np.flexible
clongdouble = _np.clongdouble
longdouble = _np.longdouble
datetime64 = _np.datetime64
timedelta64 = _np.timedelta64
# NumPy's floating-point error state is the one gpuarray's host-side
# checks use (gpuarray.errstate is numpy.errstate)
geterrcall = _np.geterrcall
seterrcall = _np.seterrcall
getbufsize = _np.getbufsize
setbufsize = _np.setbufsize


def einsum_path(subscripts, *operands, optimize="greedy", einsum_call=False):
    """NumPy's contraction order for operands of these shapes (it looks
    at shapes only: zero-stride stand-ins, no data moved)."""
    # only our arrays get stand-ins: in the interleaved form
    # (einsum_path(a, [0, 1], b, [1, 2])) the lists are subscripts and
    # the first operand comes as `subscripts`
    def stand_in(o):
        if not isinstance(o, _core.ndarray):
            return o
        return _np.broadcast_to(_np.zeros((), o.dtype), o.shape)
    return _np.einsum_path(stand_in(subscripts),
                           *[stand_in(o) for o in operands],
                           optimize=optimize, einsum_call=einsum_call)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """Deprecated alias of vstack, warning as NumPy's does."""
    _warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` "
                   "directly.", DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def mask_indices(n, mask_func, k=0):
    """Indices where mask_func(ones((n, n)), k) is non-zero (mask_func is
    called on a gpuarray array, e.g. gpuarray.triu)."""
    return nonzero(mask_func(ones((n, n), int), k) != 0)

