"""Flat-position helpers the index routines share: n values taken
cyclically (put, place, resize), a.flat[positions] = values for any
layout, and (min, max) of an index array in one transfer."""
import numpy as _np

from .._engine.arrays import arange
from ..manipulation import shapes as _mn
from ..math import extrema as _math_extrema
from . import advanced as _ix


def _minmax(a):
    """(min, max) of a non-empty integer array, in one transfer."""
    lo_hi = _mn.stack([_math_extrema.amin(a), _math_extrema.amax(a)]).get()
    return int(lo_hi[0]), int(lo_hi[1])


def _cycled(values, n):
    """n values taken cyclically from the flattened `values`."""
    flat = values.reshape(-1)
    if flat.size == n:
        return flat
    return _ix.take(flat, arange(n, dtype=_np.int64) % flat.size)


def _scatter_flat(a, positions, values):
    """a.flat[positions] = values for any layout of a (positions are
    C-order element numbers, already within range)."""
    if a.ndim == 0:
        a = a.reshape(1)   # no axes to unravel onto; a view of the element
    a[_ix._unravel(positions, a.shape)] = values
