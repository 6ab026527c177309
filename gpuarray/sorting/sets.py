"""Set routines on flattened arrays: intersect1d, union1d, setdiff1d,
setxor1d.

Each follows NumPy's own algorithm (numpy/lib/_arraysetops_impl.py)
written with gpuarray operations -- unique, concatenate, stable argsort,
searchsorted, boolean indexing -- so the data stays on the device and the
results are NumPy's: dtype (NumPy's promotion, by concatenate), order,
which indices count as "first", and nan never equal to nan (a nan is
never common to two inputs, and one from each input survives setxor1d).
"""
import numpy as _np

from .._engine.arrays import asarray as _asarray
from .search_unique import unique, searchsorted
from .sort import argsort, sort
from .._engine.arrays import zeros, full
from .._engine.ufuncs import minimum
from ..manipulation.shapes import concatenate

__all__ = ["intersect1d", "union1d", "setdiff1d", "setxor1d"]


def _unique(ar, return_index=False):
    return unique(ar, return_index=return_index)


def _flat(ar):
    return _asarray(ar).reshape(-1)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted unique values found in both ar1 and ar2; with
    return_indices also the indices of their first occurrences in the
    flattened ar1 and ar2."""
    if assume_unique:
        ar1, ar2 = _flat(ar1), _flat(ar2)
    elif return_indices:
        ar1, ind1 = _unique(ar1, return_index=True)
        ar2, ind2 = _unique(ar2, return_index=True)
    else:
        ar1, ar2 = _unique(ar1), _unique(ar2)
    aux = concatenate((ar1, ar2))
    if return_indices:
        # stable, so of two equal values ar1's comes first
        order = argsort(aux, kind="stable")
        aux = aux[order]
    else:
        aux = sort(aux)
    # each input holds a value at most once, so a value that equals its
    # successor is in both
    mask = aux[1:] == aux[:-1]
    common = aux[:-1][mask]
    if not return_indices:
        return common
    i1 = order[:-1][mask]
    i2 = order[1:][mask] - ar1.size
    if not assume_unique:
        i1, i2 = ind1[i1], ind2[i2]
    return common, i1, i2


def union1d(ar1, ar2):
    """Sorted unique values found in either ar1 or ar2."""
    return _unique(concatenate((ar1, ar2), axis=None))


def setdiff1d(ar1, ar2, assume_unique=False):
    """Unique values of ar1 not in ar2: sorted, or with assume_unique in
    ar1's (flattened) order."""
    if assume_unique:
        # searchsorted needs ar2 sorted; NumPy also sorts it (with ar1)
        ar1, ar2 = _flat(ar1), sort(_flat(ar2))
    else:
        ar1, ar2 = _unique(ar1), _unique(ar2)
    return ar1[~_in_sorted(ar1, ar2)]


def _in_sorted(a, s):
    """Which elements of the 1-D a equal an element of the sorted 1-D s
    (compared in their common dtype, as NumPy's isin does)."""
    if s.size == 0:
        return zeros(a.shape, _np.bool_)
    # a value's left insertion point holds it if s has it at all; past
    # the end, the last element is as good a candidate as any
    i = minimum(searchsorted(s, a), s.size - 1)
    return s[i] == a


def setxor1d(ar1, ar2, assume_unique=False):
    """Sorted unique values found in exactly one of ar1 and ar2."""
    if not assume_unique:
        ar1, ar2 = _unique(ar1), _unique(ar2)
    aux = concatenate((ar1, ar2), axis=None)
    if aux.size == 0:
        return aux
    aux = sort(aux)
    # a value is in one input only if it differs from both neighbours
    edge = full((1,), True, _np.bool_)
    flag = concatenate((edge, aux[1:] != aux[:-1], edge))
    return aux[flag[1:] & flag[:-1]]
