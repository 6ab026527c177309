"""The Array API's unique_values/unique_counts/unique_inverse/unique_all,
thin forms of sorting/search_unique.py's unique.
"""

import collections as _collections

import numpy as _np

from . import search_unique as _sorting_search_unique
from .._engine.arrays import asarray


__all__ = ["unique_values", "unique_counts", "unique_inverse", "unique_all"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


UniqueAllResult = _collections.namedtuple(
    "UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])


UniqueCountsResult = _collections.namedtuple(
    "UniqueCountsResult", ["values", "counts"])


UniqueInverseResult = _collections.namedtuple(
    "UniqueInverseResult", ["values", "inverse_indices"])


def _unique(x, **kw):
    x = asarray(x)
    # Array API: every NaN is its own value (equal_nan=False)
    return x, _sorting_search_unique.unique(x, equal_nan=False, **kw)


def unique_values(x):
    """Distinct values (sorted here; the Array API leaves order open)."""
    return _unique(x)[1]


def unique_counts(x):
    return UniqueCountsResult(*_unique(x, return_counts=True)[1])


def unique_inverse(x):
    x, (v, inv) = _unique(x, return_inverse=True)
    return UniqueInverseResult(v, inv.reshape(x.shape))


def unique_all(x):
    x, (v, ind, inv, cnt) = _unique(x, return_index=True,
                                    return_inverse=True, return_counts=True)
    return UniqueAllResult(v, ind, inv.reshape(x.shape), cnt)

