"""Memory overlap: shares_memory (exact, up to a work limit) and
may_share_memory (byte extents); byte_bounds, as cupy.byte_bounds
(NumPy 2 keeps it in numpy.lib.array_utils only: docs/design/compat.md).
"""

import builtins as _b

import numpy as _np

from .._core import ndarray
from .._engine.operands import byte_extent as _byte_extent
from .array_utils import byte_bounds


__all__ = ["may_share_memory", "shares_memory", "byte_bounds"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def _max_work(max_work):
    """max_work= as NumPy reads it: None, or a Python int (NumPy's
    ValueError for a float, a str or a NumPy integer; OverflowError past
    a C ssize_t; ValueError below -2, the last of its named values)."""
    if max_work is None:
        return None
    if not isinstance(max_work, int):
        raise ValueError("max_work must be an integer (got %s)"
                         % type(max_work).__name__)
    if not -2 ** 63 <= max_work < 2 ** 63:
        raise OverflowError("Python int too large to convert to C ssize_t")
    if max_work < -2:
        raise ValueError("Invalid value for max_work")
    return max_work


def _host_operand(x):
    """A non-gpuarray argument converted as NumPy converts it (its
    ValueError for a ragged list); host memory never overlaps device
    memory, so only the conversion's errors matter."""
    if not isinstance(x, ndarray):
        _np.asarray(x)


def _bounds_overlap(a, b):
    ea, eb = _byte_extent(a), _byte_extent(b)
    return ea is not None and eb is not None and ea[0] < eb[1] and \
        eb[0] < ea[1]


def may_share_memory(a, b, /, max_work=None):
    """True when the address ranges of a and b overlap (a bounds test:
    may say True for interleaved arrays that share no element); with a
    max_work other than None or 0, the exact test of shares_memory."""
    if not isinstance(a, ndarray) and not isinstance(b, ndarray):
        return _np.may_share_memory(a, b, max_work)
    max_work = _max_work(max_work)
    _host_operand(a)
    _host_operand(b)
    if not (isinstance(a, ndarray) and isinstance(b, ndarray)):
        return False  # host memory and device memory never overlap
    if not _bounds_overlap(a, b):
        return False
    return True if max_work in (None, 0) else _exact_overlap(a, b)


# Exact overlap lists every element's address; beyond this many elements
# that is too much work (NumPy's TooHardError, as for a max_work limit).
_EXACT_LIMIT = 1 << 22


def _element_addresses(a):
    addr = _np.full((1,) * a.ndim, a.data.ptr, dtype=_np.int64)
    for ax, (n, s) in enumerate(zip(a.shape, a.strides)):
        shape = [1] * a.ndim
        shape[ax] = n
        addr = addr + (_np.arange(n, dtype=_np.int64) * s).reshape(shape)
    return addr.reshape(-1)


def shares_memory(a, b, /, max_work=None):
    """Whether a and b have a byte in common: exact (every element's
    address range, from the shape and strides only); max_work=0 allows
    only the bounds test, so overlapping bounds are NumPy's
    TooHardError."""
    if not isinstance(a, ndarray) and not isinstance(b, ndarray):
        return _np.shares_memory(a, b, max_work)
    max_work = _max_work(max_work)
    _host_operand(a)
    _host_operand(b)
    if not (isinstance(a, ndarray) and isinstance(b, ndarray)):
        return False
    if not _bounds_overlap(a, b):
        return False
    if max_work == 0:
        raise _np.exceptions.TooHardError("Exceeded max_work")
    return _exact_overlap(a, b)


def _exact_overlap(a, b):
    if a.size + b.size > _EXACT_LIMIT:
        raise _np.exceptions.TooHardError("Exceeded max_work")
    sa = _np.sort(_element_addresses(a))
    sb = _element_addresses(b)
    # for each element of b, the element of a starting last before b's
    # end; with one item size that one reaches furthest right
    j = _np.searchsorted(sa, sb + b.itemsize, side="left") - 1
    ok = j >= 0
    return _b.bool(_np.any(sa[j[ok]] + a.itemsize > sb[ok]))
