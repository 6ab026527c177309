"""Array creation (NumPy/CuPy names).  Fills run on the device: the C core
does empty/full and the index-driven kernels of arange, linspace, eye and
tri; this module adds the argument handling NumPy defines."""
import math
import operator

import numpy as np

from . import _core
from ._core import empty, full, ndarray


def _canon_dtype(dtype, default=np.float64):
    return np.dtype(default if dtype is None else dtype)


def zeros(shape, dtype=float, order="C"):
    """Array of zeros (one memset on the device)."""
    return full(shape, 0, dtype, order)


def ones(shape, dtype=float, order="C"):
    """Array of ones (one fill kernel on the device)."""
    return full(shape, 1, dtype, order)


def _like_order(a, order):
    if order in ("K", "A", None) and a.flags.f_contiguous and \
            not a.flags.c_contiguous:
        return "F"
    if order in ("K", "A", None):
        return "C"
    return order


def empty_like(prototype, dtype=None, order="K", subok=None, shape=None):
    a = asarray(prototype)
    return empty(a.shape if shape is None else shape,
                 a.dtype if dtype is None else dtype, _like_order(a, order))


def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None):
    a = asarray(a)
    return full(a.shape if shape is None else shape, fill_value,
                a.dtype if dtype is None else dtype, _like_order(a, order))


def zeros_like(a, dtype=None, order="K", subok=None, shape=None):
    return full_like(a, 0, dtype, order, subok, shape)


def ones_like(a, dtype=None, order="K", subok=None, shape=None):
    return full_like(a, 1, dtype, order, subok, shape)


def asarray(a, dtype=None, order=None, *, copy=None, device=None):
    """Array on the current device; no copy when `a` already is one."""
    return _core._asarray(a, dtype, copy, order)


def array(obj, dtype=None, copy=True, order="K", subok=False, ndmin=0):
    a = _core._asarray(obj, dtype, True if copy else None, order)
    if ndmin > a.ndim:
        a = a.reshape((1,) * (ndmin - a.ndim) + a.shape)
    return a


def ascontiguousarray(a, dtype=None):
    a = _core._asarray(a, dtype, None, "C")
    return a.reshape(1) if a.ndim == 0 else a


def asfortranarray(a, dtype=None):
    a = _core._asarray(a, dtype, None, "F")
    return a.reshape(1) if a.ndim == 0 else a


def asnumpy(a, stream=None, order="C", out=None):
    """NumPy array of the values of `a` (copied from the device)."""
    if isinstance(a, ndarray):
        return a.get(stream=stream, order=order, out=out)
    if out is not None:
        out[...] = a
        return out
    return np.asarray(a, order=order)


# Below this many elements, arange/linspace are computed by NumPy and
# uploaded: one small copy beats compiling a kernel.
_SMALL = 4096


def arange(start, stop=None, step=None, dtype=None):
    """Evenly spaced values in [start, stop), as numpy.arange computes
    them: element i is start + i * (a[1] - a[0]) in the result dtype."""
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    # NumPy decides dtype and length (and raises its errors) on a
    # two-element probe.
    probe = np.arange(start, start + 2 * step, step, dtype=dtype)
    dt = probe.dtype
    length = max(0, math.ceil(float((stop - start) / step)))
    if length <= _SMALL or dt.kind not in "iuf":
        return _core._asarray(np.arange(start, stop, step, dtype=dt))
    first = probe[0]
    if dt == np.float16:
        calc = np.float32
        delta = np.float32(probe[1]) - np.float32(first)
        first = np.float32(first)
    else:
        delta = probe[1] - first
    out = _core._arange(length, first, delta, dt)
    out[1] = probe[1]
    return out


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None,
             axis=0, *, device=None):
    """num values from start to stop, computed with NumPy's formula."""
    num = operator.index(num)
    if num < 0:
        raise ValueError("Number of samples, %d, must be non-negative." % num)
    div = (num - 1) if endpoint else num
    dt = np.result_type(start, stop, float(num))
    out_dt = dt if dtype is None else np.dtype(dtype)
    if (np.ndim(start) or np.ndim(stop) or dt.kind == "c"
            or num <= _SMALL or out_dt.kind not in "iuf"):
        res = np.linspace(start, stop, num, endpoint, retstep, dtype, axis)
        if retstep:
            return _core._asarray(res[0]), res[1]
        return _core._asarray(res)
    start_v, stop_v = dt.type(start), dt.type(stop)
    delta = stop_v - start_v
    if div > 0:
        step = delta / div
        if step == 0:
            out = _core._linspace(num, start_v, delta, stop_v, dt.type(div),
                                  endpoint, out_dt, dt)
        else:
            out = _core._linspace(num, start_v, step, stop_v, np.nan,
                                  endpoint, out_dt, dt)
    else:
        step = np.nan
        out = _core._linspace(num, start_v, delta, stop_v, np.nan, endpoint,
                              out_dt, dt)
    if retstep:
        return out, step
    return out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    from ._ufuncs import power
    y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    r = power(base, y)
    return r if dtype is None else r.astype(dtype, copy=False)


def eye(N, M=None, k=0, dtype=float, order="C"):
    """2-D array with ones on the k-th diagonal."""
    out = _core._eye(N, N if M is None else M, k, np.dtype(dtype))
    return asfortranarray(out) if order == "F" else out


def identity(n, dtype=None):
    return eye(n, dtype=float if dtype is None else dtype)


def tri(N, M=None, k=0, dtype=float):
    """Ones at and below the k-th diagonal."""
    return _core._tri(N, N if M is None else M, k, np.dtype(dtype))
