"""isin: membership tested blockwise against the sorted test values.
"""

import builtins as _b

import numpy as _np

from .._engine import ufuncs as _uf
from ..logic import truth as _logic_truth
from .._engine.arrays import asarray, full
from .sort import sort
from .search_unique import searchsorted


# Elements of one chunk's temporary (as linalg.dot_matmul's contraction).
_TEMP_ELEMENTS = 1 << 22

__all__ = ["isin"]


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
            hits = _logic_truth.any(flat[:, None] == t[None, start:start + step], axis=1)
            _uf.logical_or(found, hits, out=found)
    if invert:
        found = _uf.logical_not(found)
    return found.reshape(e.shape)


def _isin_sorted(flat, t):
    """flat == any of t, for many t: a radix sort of t and a binary
    search per element (NaN finds nothing, as under ==)."""
    ct = _np.result_type(flat.dtype, t.dtype)
    st = sort(t.astype(ct, copy=False))
    pos = searchsorted(st, flat.astype(ct, copy=False))
    _uf.minimum(pos, st.size - 1, out=pos)
    return st[pos] == flat
