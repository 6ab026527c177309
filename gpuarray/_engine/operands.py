"""Operand helpers every chapter shares (moved from _functions.py and
_misc.py, issue 14): host copies of index metadata, index tuples along an
axis, integer/dtype checks and conversions as NumPy does them, the real
and imaginary parts, the accumulator dtype of products."""

import numpy as _np

from . import ufuncs as _uf
from .arrays import asarray
from .._core import ndarray


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


def _int_array(x, safe, message):
    """x as an int64 device array; TypeError(message) unless its dtype is
    integer or bool (and, if `safe`, safely castable to intp)."""
    dt = x.dtype if isinstance(x, ndarray) else _np.asarray(x).dtype
    ok = dt.kind in "biu" and (not safe or _np.can_cast(dt, _INTP, "safe"))
    if not ok:
        raise TypeError(message % {"dtype": dt})
    # mutate: skip const: every caller only reads the result (a copy more)
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


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _accumulator(dt):
    """The dtype products and sums accumulate in (float16 in float32)."""
    return _np.dtype(_np.float32) if dt == _np.float16 else _np.dtype(dt)


def byte_extent(a):
    """[lo, hi) device addresses spanned by a's elements (None if empty):
    the bounds test of may_share_memory and of the FFT's out= checks."""
    if a.size == 0:
        return None
    lo = hi = a.data.ptr
    for n, s in zip(a.shape, a.strides):
        if s < 0:
            lo += s * (n - 1)
        else:
            hi += s * (n - 1)
    return lo, hi + a.itemsize
