"""Array creation (NumPy/CuPy names).  Fills run on the device: the C core
does empty/full and the index-driven kernels of arange, linspace, eye and
tri; this module adds the argument handling NumPy defines."""
import functools
import math
import operator

import numpy as np

from .. import _core
from .._core import full, ndarray
from .._core import empty  # noqa: F401  (creation re-exports it)
from .ufuncs import power
from . import spaces as _spaces


def _np_ndim(v):
    return v.ndim if isinstance(v, ndarray) else np.ndim(v)


# ---- device= (issue 22): validated, and honoured by making the device
# current for the call.  Accepted: None, a gpuarray.cuda.Device or the
# host device object (what ndarray.device returns), 'host'/'cpu',
# 'cuda[:N]'/'gpu[:N]', or an int N (CUDA device N).  A device that is not
# there -- or of the other kind than the current one, since the host and
# CUDA devices are not mixed in one process -- raises ValueError, as the
# Array API asks of an unsupported device.

def _device_key(device):
    key = getattr(device, "_gpa_key", None)
    if key is not None:
        return key()
    if isinstance(device, str):
        name, _, num = device.partition(":")
        if name in ("cpu", "host") and num in ("", "0"):
            return ("host", 0)
        if name in ("cuda", "gpu") and (num == "" or num.isdigit()):
            return ("cuda", int(num or 0))
    elif isinstance(device, int) and not isinstance(device, bool):
        if device >= 0:
            return ("cuda", device)
    raise ValueError("unsupported device %r (use None, a gpuarray device "
                     "object, 'host'/'cpu' or 'cuda[:N]')" % (device,))


def _on_device(fn):
    """fn with NumPy's/the Array API's device= keyword honoured."""
    @functools.wraps(fn)
    def wrapper(*args, device=None, **kwargs):
        if device is None:
            return fn(*args, **kwargs)
        kind, n = _device_key(device)
        cur = _core._get_device()
        if (kind, n) == tuple(cur):
            return fn(*args, **kwargs)
        if kind != cur[0] or n >= _core._device_count():
            raise ValueError("device %r is not available (arrays are on %s "
                             "%d)" % (device, cur[0], cur[1]))
        prev = _core._set_device(n)
        try:
            return fn(*args, **kwargs)
        finally:
            _core._set_device(prev)
    return wrapper


def _canon_dtype(dtype, default=np.float64):
    return np.dtype(default if dtype is None else dtype)


def _foreign(like):
    """NEP 35: a like= that is neither None nor ours gets NumPy's function,
    which hands the call to its __array_function__."""
    return like is not None and not isinstance(like, ndarray)


@_on_device
def zeros(shape, dtype=float, order="C", *, device=None, like=None):
    """Array of zeros (one memset on the device)."""
    if _foreign(like):
        return np.zeros(shape, dtype, order, like=like)
    return full(shape, 0, _canon_dtype(dtype), order)


@_on_device
def ones(shape, dtype=float, order="C", *, device=None, like=None):
    """Array of ones (one fill kernel on the device)."""
    if _foreign(like):
        return np.ones(shape, dtype, order, like=like)
    return full(shape, 1, _canon_dtype(dtype), order)


@_on_device
def empty_like(prototype, dtype=None, order="K", subok=None, shape=None,
               *, device=None):
    """New uninitialised array like `prototype`: its shape and dtype unless
    given, laid out as NumPy lays out empty_like."""
    if subok is not None:   # no subclasses to keep; NumPy's check
        operator.index(subok)
    a = asarray(prototype)
    return _core._empty_like(a, dtype, order, shape)


@_on_device
def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None,
              *, device=None):
    """NumPy's full_like: the value goes in by copyto(casting='unsafe'), so
    nan into an integer array is INT_MIN there, not setitem's error."""
    out = empty_like(a, dtype, order, subok, shape)
    if isinstance(fill_value, ndarray):
        out[...] = fill_value               # cast unsafely on the device
    elif np.ndim(fill_value) == 0:
        host = np.empty((), out.dtype)
        np.copyto(host, fill_value, casting="unsafe")
        out.fill(host[()])
    else:
        out[...] = np.asarray(fill_value)   # a NumPy array: unsafe cast
    return out


@_on_device
def zeros_like(a, dtype=None, order="K", subok=None, shape=None, *,
               device=None):
    out = empty_like(a, dtype, order, subok, shape)
    out.fill(0)
    return out


@_on_device
def ones_like(a, dtype=None, order="K", subok=None, shape=None, *,
              device=None):
    out = empty_like(a, dtype, order, subok, shape)
    out.fill(1)
    return out


def _holds_device(seq):
    for v in seq:
        if isinstance(v, ndarray) or \
                (isinstance(v, (list, tuple)) and _holds_device(v)):
            return True
    return False


def _nested_on_device(obj, copy):
    """(obj, copy) for asarray/array: a list/tuple holding gpuarray arrays
    (Dask's percentile merge makes these) is built on the device, already
    a new array (copy=False: NumPy's ValueError); anything else as is."""
    if not (isinstance(obj, (list, tuple)) and _holds_device(obj)):
        return obj, copy
    if copy is False:
        raise ValueError("Unable to avoid copy while creating an array "
                         "as requested.")
    return _from_nested(obj), None


def _from_nested(seq):
    """A list/tuple holding gpuarray arrays, built on the device: each
    entry copied into its place, device to device, never through NumPy
    (whose __array__ device memory refuses).  The dtype promotes as
    np.array's does for arrays and (strongly typed) scalars."""
    items = [_from_nested(v) if isinstance(v, (list, tuple)) and
             _holds_device(v) else v for v in seq]
    shapes = {tuple(v.shape) if isinstance(v, ndarray) else np.shape(v)
              for v in items}
    if len(shapes) != 1:
        raise ValueError("setting an array element with a sequence. The "
                         "requested array has an inhomogeneous shape after "
                         "1 dimensions.")
    dt = np.result_type(*[v.dtype if isinstance(v, ndarray)
                          else np.asarray(v).dtype for v in items])
    out = _core.empty((len(items),) + shapes.pop(), dt)
    for i, v in enumerate(items):
        out[i] = v
    return out


def _check_copy(copy):
    """NumPy 2's copy=: True, False or None; a str is its ValueError
    (bool("never") would read as True)."""
    if isinstance(copy, str):
        raise ValueError("strings are not allowed for 'copy' keyword. Use "
                         "True/False/None instead.")


def _ndmin_arg(ndmin):
    """ndmin as NumPy reads it: an int (TypeError for a float, a C long's
    OverflowError past it)."""
    if isinstance(ndmin, float):
        raise TypeError("integer argument expected, got float")
    n = operator.index(ndmin)
    if not -2 ** 63 <= n < 2 ** 63:
        raise OverflowError("Python int too large to convert to C long")
    return n


@_on_device
def asarray(a, dtype=None, order=None, *, copy=None, device=None,
            like=None, blocking=False):
    """Array on the current device; no copy when `a` already is one.

    blocking: CuPy's keyword.  True also waits for the current device's
    queued work to finish before returning (a host -> device copy itself
    is always complete on return: gpuarray stages host memory through its
    own buffers and waits for them, so the source may be changed at once).

    device: validated and honoured (_on_device).
    """
    _check_blocking(blocking)
    if _foreign(like):
        return np.asarray(a, dtype, order, copy=copy, like=like)
    _check_copy(copy)
    a, copy = _nested_on_device(a, copy)
    out = _core._asarray(a, dtype, copy, order)
    if blocking:
        _core._synchronize()
    return out


def _check_blocking(blocking):
    if not isinstance(blocking, (bool, np.bool_)):
        raise TypeError("blocking must be True or False, not %r"
                        % (blocking,))


def array(object, dtype=None, copy=True, order="K", subok=False, ndmin=0,
          ndmax=None, *, blocking=False):
    """A new array (copy=True), or `object` itself when it needs no change
    (copy=None); copy=False raises ValueError when a copy is needed (NumPy
    2's rule; host data always needs one).  ndmax (NumPy 2.4) caps how
    deep a nested sequence is read (NumPy's default, shown as 0, means no
    cap, while an explicit 0 caps at 0-d).  blocking: CuPy's keyword, as
    asarray's."""
    obj = object
    _check_blocking(blocking)
    _check_copy(copy)
    ndmin = _ndmin_arg(ndmin)
    cap = 64 if ndmax is None else ndmax
    if ndmax is not None and not 0 <= ndmax <= 64:
        raise ValueError("ndmax must be in the range [0, NPY_MAXDIMS (64)] ")
    if ndmin > cap:
        raise ValueError("ndmin must be <= ndmax (%d)" % cap)
    if ndmax is not None:
        obj = _nested_upto(obj, dtype, ndmax)
    obj, copy = _nested_on_device(obj, copy)
    a = _core._asarray(obj, dtype, copy, order)
    if ndmin > a.ndim:
        a = _prepend_ones(a, ndmin - a.ndim, order)
    if blocking:
        _core._synchronize()
    return a


def _nested_upto(obj, dtype, ndmax):
    """array(ndmax=): NumPy reads at most ndmax levels of a nested list
    (deeper levels would be objects, which gpuarray does not hold)."""
    if not 0 <= ndmax <= 64:
        raise ValueError("ndmax must be in the range [0, NPY_MAXDIMS (64)] ")
    if not isinstance(obj, (list, tuple)):
        return obj
    host = np.array(obj, dtype=dtype)
    if host.ndim > ndmax:
        raise ValueError("setting an array element with a sequence. The "
                         "requested array would exceed the maximum number "
                         "of dimension of %d." % ndmax)
    return host


def _prepend_ones(a, n, order):
    """array(..., ndmin=): n leading length-1 axes, with the strides NumPy
    gives them (the itemsize for F layouts and 0-d, else the extent of the
    first axis)."""
    f = a.flags
    if order == "F" or (f.f_contiguous and not f.c_contiguous) or a.ndim == 0:
        step = a.itemsize
    else:
        step = a.strides[0] * a.shape[0]
    return _core._as_strided(a, (1,) * n + a.shape, (step,) * n + a.strides,
                             0, f.writeable)


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


def _arange_dtype(start, stop, step):
    """numpy.arange's dtype for these arguments: each one's type promoted
    with intp (PyArray_ArangeObj)."""
    return np.result_type(*[np.asarray(v).dtype for v in (start, stop, step)],
                          np.intp)


def _datetime_range(start, stop, step, dtype):
    if dtype is not None and np.dtype(dtype).kind in "mM":
        return True
    return any(isinstance(v, (np.datetime64, np.timedelta64)) or
               (isinstance(v, (np.ndarray, ndarray)) and v.dtype.kind in "mM")
               for v in (start, stop, step))


def _datetime_arange(start, stop, step, dtype):
    """arange over datetime64/timedelta64: NumPy's dtype (the finest unit
    of the datetime arguments), the int64 range of their values in that
    unit on the device, viewed as the dtype.  Arguments NumPy would
    convert otherwise (strings, fractional steps) or refuse, and short
    ranges, are NumPy's own arange."""
    host = lambda: _core._asarray(np.arange(start, stop, step, dtype=dtype))
    vals = [v.get() if isinstance(v, ndarray) else v
            for v in (start, stop, step)]
    if any(not isinstance(v, (int, np.integer, np.datetime64, np.timedelta64,
                              np.ndarray)) or isinstance(v, bool)
           or np.ndim(v) != 0 for v in vals):
        return host()
    kinds = [np.asarray(v).dtype for v in vals
             if np.asarray(v).dtype.kind in "mM"]
    dt = np.dtype(dtype) if dtype is not None else np.result_type(*kinds)
    if dt.kind == "M" and not all(np.asarray(v).dtype.kind == "M"
                                  for v in vals[:2]):
        return host()  # NumPy's error: a datetime range needs both ends
    unit, count = np.datetime_data(dt)
    td = np.dtype("m8[%d%s]" % (count, unit)) if unit != "generic" \
        else np.dtype("m8")
    try:
        lo, hi = (int(np.asarray(v).astype(dt).view(np.int64))
                  for v in vals[:2])
        st = int(np.asarray(vals[2]).astype(td).view(np.int64))
    except (TypeError, ValueError):
        return host()
    nat = np.iinfo(np.int64).min
    if st == 0 or nat in (lo, hi, st):
        return host()
    n = len(range(lo, hi, st))
    if n <= _SMALL:
        return host()
    return _core._arange(n, lo, st, np.int64).view(dt)


@_on_device
def arange(start=None, stop=None, step=None, dtype=None, *, device=None,
           like=None):
    """Evenly spaced values in [start, stop), as numpy.arange computes
    them: element 0 is start, element 1 is start + step, and element i is
    a[0] + i * (a[1] - a[0]) computed in the result dtype (in float32 for
    float16), exactly as NumPy's fill."""
    if _foreign(like):
        args = [v for v in (start, stop, step) if v is not None]
        return np.arange(*args, dtype=dtype, like=like)
    if stop is None:
        if start is None:
            raise TypeError("arange() requires stop to be specified.")
        if _datetime_range(start, None, step, dtype):
            # NumPy's own: a datetime range needs both ends, and a
            # timedelta stop alone counts from 0 in its unit
            return _core._asarray(np.arange(start, step=step, dtype=dtype))
        start, stop = 0, start
    elif start is None:  # arange(stop=n)
        start = 0
    if step is None:
        step = 1
    # device 0-d bounds decide the length: read on the host (one sync),
    # as the NumPy scalars NumPy's arange would see
    start, stop, step = (v.get()[()] if isinstance(v, ndarray) and
                         v.ndim == 0 else v for v in (start, stop, step))
    try:
        if any(np.iscomplexobj(v) for v in (start, stop, step)):
            raise TypeError  # NumPy's own path (float() would warn)
        dt = _arange_dtype(start, stop, step) if dtype is None \
            else np.dtype(dtype)
        n = float((stop - start) / step)
    except Exception:  # NumPy raises its own error below
        dt, n = None, math.nan
    if _datetime_range(start, stop, step, dtype):
        return _datetime_arange(start, stop, step, dtype)
    # lengths past a C ssize_t are NumPy's own arange's to refuse (its
    # ValueError; exactly 2**63 wraps to an empty array there)
    if not (dt is not None and math.isfinite(n) and dt.kind in "iuf"
            and _SMALL < math.ceil(n) < 2 ** 63):
        return _core._asarray(np.arange(start, stop, step, dtype=dtype))
    length = math.ceil(n)
    head = np.empty(2, dt)
    head[0] = start
    head[1] = start + step
    with np.errstate(all="ignore"):
        if dt == np.float16:
            first = np.float32(head[0])
            delta = np.float32(head[1]) - first
            out = _core._arange(length, first, delta, dt)
        else:
            out = _core._arange(length, head[0], head[1] - head[0], dt)
    out[:2].set(head)
    return out


def _sample_count(num):
    """num= of linspace, logspace and geomspace, read as NumPy's linspace
    reads it: an integer (operator.index: TypeError for a float or a
    str), not negative (ValueError), a length (ValueError past a C
    ssize_t)."""
    num = operator.index(num)
    if num < 0:
        raise ValueError("Number of samples, %d, must be non-negative." % num)
    if num >= 2 ** 63:
        # NumPy's arange(0, num) refuses a length from 2**64 - 1 on with
        # this ValueError (from 2**63 - 1 it wraps to an empty array); no
        # length past a C ssize_t is possible, so it is refused here
        raise ValueError("Maximum allowed size exceeded")
    return num


@_on_device
def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None,
             axis=0, *, device=None):
    """num values from start to stop, computed with NumPy's formula."""
    num = _sample_count(num)
    if isinstance(start, ndarray) or isinstance(stop, ndarray):
        # device endpoints stay on the device (no host round trip)
        return _spaces.linspace_device(start, stop, num, endpoint, retstep,
                                       dtype, axis)
    div = (num - 1) if endpoint else num
    start, stop = (np.asarray(v) if np.ndim(v) else v for v in (start, stop))
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


def _with_ndmin(v, nd):
    """v with leading length-1 axes up to nd (np.array(v, ndmin=nd));
    a device array stays on the device."""
    if isinstance(v, ndarray):
        return v.reshape((1,) * (nd - v.ndim) + v.shape)
    return np.array(v, ndmin=nd)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    if _np_ndim(base):
        # an array base broadcasts with start and stop and, like them,
        # gains the new axis (NumPy's rule: it may decide what axis means);
        # device arrays are reshaped on the device
        nd = max(_np_ndim(v) for v in (start, stop, base))
        start, stop, base = (_with_ndmin(v, nd) for v in (start, stop, base))
        base = _core._asarray(base) if not isinstance(base, ndarray) \
            else base
        ax = np.lib.array_utils.normalize_axis_index(axis, base.ndim + 1)
        base = base.reshape(base.shape[:ax] + (1,) + base.shape[ax:])
    y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    r = power(base, y)
    return r if dtype is None else r.astype(dtype, copy=False)


@_on_device
def eye(N, M=None, k=0, dtype=float, order="C", *, device=None):
    """2-D array with ones on the k-th diagonal."""
    N = _eye_dim(N)
    M = N if M is None else _eye_dim(M)
    k = operator.index(k)
    k = max(-N - 1, min(k, M + 1))  # past the corners: no diagonal at all
    order = _c_or_f(order)
    out = _core._eye(N, M, k, np.dtype(dtype))
    return asfortranarray(out) if order == "F" else out


def _c_or_f(order):
    """An order of a new array that must be C or F (eye's), read as NumPy
    reads it: None is 'C', one letter of either case, str or bytes."""
    if order is None:
        return "C"
    if isinstance(order, bytes):
        order = order.decode("latin-1")
    if not isinstance(order, str):
        raise TypeError("order must be str, not %s" % type(order).__name__)
    upper = order.upper()
    if upper in ("C", "F"):
        return upper
    if upper in ("A", "K"):
        raise ValueError("only 'C' or 'F' order is permitted")
    raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)"
                     % (order,))


def _eye_dim(n):
    """eye's N and M as NumPy reads them: an integer, not a bool (its
    TypeError), within a C ssize_t (its ValueError past it)."""
    if isinstance(n, (bool, np.bool_)):
        raise TypeError("an integer is required")
    n = operator.index(n)
    if not -2 ** 63 <= n < 2 ** 63:
        raise ValueError("Maximum allowed dimension exceeded")
    return n


def identity(n, dtype=None):
    return eye(n, dtype=float if dtype is None else dtype)


def _tri_len(n):
    """tri's N/M as NumPy's arange(N) reads them: a float counts up to
    its ceiling, a length past a C ssize_t is its ValueError."""
    if isinstance(n, float) and math.isfinite(n):
        n = math.ceil(n)
    n = operator.index(n)
    if n >= 2 ** 63:
        raise ValueError("Maximum allowed size exceeded")
    return n


def _min_int(low, high):
    """The smallest signed type NumPy's tri gives an arange from low to
    high (numpy/lib/_twodim_base_impl.py)."""
    for t in (np.int8, np.int16, np.int32):
        info = np.iinfo(t)
        if high <= info.max and low >= info.min:
            return np.dtype(t)
    return np.dtype(np.int64)


def _numpy_number(v):
    return isinstance(v, (np.generic, np.ndarray))


def tri(N, M=None, k=0, dtype=float):
    """Ones at and below the k-th diagonal."""
    M = N if M is None else M
    if isinstance(k, str):      # NumPy negates k: its TypeError
        raise TypeError("bad operand type for unary -: 'str'")
    if any(_numpy_number(v) for v in (N, M, k)):
        return _tri_numpy_numbers(N, M, k, np.dtype(dtype))
    N, M = _tri_len(N), _tri_len(M)
    # NumPy builds tri from aranges: a negative length gives no rows/columns
    return _core._tri(max(N, 0), max(M, 0), k, np.dtype(dtype))


# Note [Small masks of NumPy numbers]: with NumPy numbers for n/m/k,
# tri and the triangle indices are NumPy's own answer computed on the host
# while the mask is small (NumPy's scalar arithmetic on them changed
# between 2.4 and 2.5); past that, NumPy 2.4's arithmetic below.
_SMALL_MASK = 1 << 20


def _small_numpy_mask(N, M):
    """Whether an N x M mask of NumPy-number sizes is small enough to be
    made by NumPy on the host (Note [Small masks of NumPy numbers])."""
    try:
        n, m = int(N), int(M)
    except (TypeError, ValueError, OverflowError):
        return False
    return n * m <= _SMALL_MASK


def _tri_numpy_numbers(N, M, k, dtype):
    """tri where N, M or k is a NumPy number.  NumPy's tri is
    greater_equal.outer(arange(N), arange(-k, M - k)), its aranges of
    the smallest int type holding their bounds (_min_int), and -k and
    M - k are NumPy scalar arithmetic: -uint8(1) wraps to 255, so that
    arange's start overflows int8 (NumPy's OverflowError), uint8(1) - -1
    is NumPy's error, a NumPy bool has no negative (TypeError).  So the
    bounds and the aranges are NumPy's own, on the host (lengths N and
    M, far below the N x M mask, made on the device)."""
    small = _small_numpy_mask(N, M)
    if small:
        # NumPy's own arithmetic on its numbers, whichever NumPy runs
        # (2.5 reads them differently from 2.4): its mask, moved over
        return asarray(np.tri(N, M, k, dtype=bool)).astype(dtype)
    lo, hi = -k, M - k
    rows = np.arange(N, dtype=_min_int(0, N))
    cols = np.arange(lo, hi, dtype=_min_int(lo, hi))
    if cols.size == 0 or int(cols[-1]) - int(cols[0]) == cols.size - 1:
        # consecutive columns lo, lo + 1, ...: the k = -lo diagonal
        k = -int(cols[0]) if cols.size else 0
        return _core._tri(rows.size, cols.size, k, dtype)
    # wrapped columns (NumPy's arithmetic in a small type): as NumPy
    mask = asarray(rows).reshape(-1, 1) >= asarray(cols).reshape(1, -1)
    return mask.astype(dtype)
