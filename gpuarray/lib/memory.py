"""Memory overlap: shares_memory (exact, up to a work limit) and
may_share_memory (byte extents).
"""

import builtins as _b

import numpy as _np

from .._core import ndarray
from .._engine.operands import byte_extent as _byte_extent


__all__ = ["may_share_memory", "shares_memory"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def may_share_memory(a, b, /, max_work=None):
    """True when the address ranges of a and b overlap (a bounds test:
    may say True for interleaved arrays that share no element)."""
    if not isinstance(a, ndarray) and not isinstance(b, ndarray):
        return _np.may_share_memory(a, b, max_work)
    if not (isinstance(a, ndarray) and isinstance(b, ndarray)):
        return False  # host memory and device memory never overlap
    ea, eb = _byte_extent(a), _byte_extent(b)
    return ea is not None and eb is not None and ea[0] < eb[1] and \
        eb[0] < ea[1]


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
    address range, from the shape and strides only) unless max_work=0,
    which is the bounds test of may_share_memory."""
    if not isinstance(a, ndarray) and not isinstance(b, ndarray):
        return _np.shares_memory(a, b, max_work)
    if not may_share_memory(a, b):
        return False
    if max_work == 0:
        return True
    if a.size + b.size > _EXACT_LIMIT:
        raise _np.exceptions.TooHardError("Exceeded max_work")
    sa = _np.sort(_element_addresses(a))
    sb = _element_addresses(b)
    # for each element of b, the element of a starting last before b's
    # end; with one item size that one reaches furthest right
    j = _np.searchsorted(sa, sb + b.itemsize, side="left") - 1
    ok = j >= 0
    return _b.bool(_np.any(sa[j[ok]] + a.itemsize > sb[ok]))

