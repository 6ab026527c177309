"""indexing.operands (moved from _functions.py, _misc.py by the chapter layout, issue 14)."""

import numpy as _np

from . import advanced as _ix
from .._core import ndarray
from .._engine import ufuncs as _uf
from ..manipulation import shapes as _mn
from ..math import extrema as _math_extrema
from ..creation.arrays import arange, asarray


_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


_INTP = _np.dtype(_np.intp)


_normalize_axis = _np.lib.array_utils.normalize_axis_index


_normalize_axes = _np.lib.array_utils.normalize_axis_tuple


def _host(x):
    """x as a NumPy array (index metadata lives on the host)."""
    return x.get() if isinstance(x, ndarray) else _np.asarray(x)


def _along(ndim, axis, key):
    """An index tuple applying `key` on `axis` only."""
    return (slice(None),) * axis + (key,) + (slice(None),) * (ndim - axis - 1)


def _on_axis(v, ndim, axis):
    """1-D v shaped to broadcast along `axis` of an ndim array."""
    shape = [1] * ndim
    shape[axis] = v.shape[0]
    return v.reshape(tuple(shape))


def _minmax(a):
    """(min, max) of a non-empty integer array, in one transfer."""
    lo_hi = _mn.stack([_math_extrema.amin(a), _math_extrema.amax(a)]).get()
    return int(lo_hi[0]), int(lo_hi[1])


def _int_array(x, safe, message):
    """x as an int64 device array; TypeError(message) unless its dtype is
    integer or bool (and, if `safe`, safely castable to intp)."""
    dt = x.dtype if isinstance(x, ndarray) else _np.asarray(x).dtype
    ok = dt.kind in "biu" and (not safe or _np.can_cast(dt, _INTP, "safe"))
    if not ok:
        raise TypeError(message % {"dtype": dt})
    return asarray(x).astype(_np.int64, copy=False)


def _dtype_of(x):
    """What NumPy's promotion sees: Python scalars stay weak."""
    if isinstance(x, (bool, int, float, complex)):
        return x
    return x.dtype if isinstance(x, ndarray) else _np.asarray(x).dtype


def _as_dtype(x, dt):
    """x on the device with dtype dt (Python scalars cast as NumPy's
    unsafe assignment does, e.g. 300 -> 44 for uint8)."""
    if isinstance(x, ndarray):
        return x.astype(dt, copy=False)
    return asarray(_np.asarray(x).astype(dt))


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


def _fill_values(v, dtype, safe=False):
    """v to be written into an array of dtype, converted as NumPy does:
    a scalar or list straight into dtype (300 into int8 raises
    OverflowError), an array by a cast that must be
    'safe' where NumPy's function asks for it (place, putmask)."""
    if isinstance(v, (ndarray, _np.ndarray)):
        vdt = v.dtype
        if safe and not _np.can_cast(vdt, dtype, "safe"):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule 'safe'" % (vdt, _np.dtype(dtype)))
        return asarray(v)
    return asarray(_np.asarray(v, dtype=dtype))


def _imag(a):
    """The imaginary part (works around _ufuncs.imag's view of 0-d
    complex arrays)."""
    return _uf.imag(a.reshape(1)).reshape(()) if a.ndim == 0 else \
        _uf.imag(a)


def _real(a):
    return _uf.real(a.reshape(1)).reshape(()) if a.ndim == 0 else \
        _uf.real(a)


def _need_gp(a, what):
    if not isinstance(a, ndarray):
        raise TypeError("%s: argument 1 must be a gpuarray.ndarray (it is "
                        "written in place), not %s" % (what, type(a)))


def _gp():
    import gpuarray
    return gpuarray


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n

