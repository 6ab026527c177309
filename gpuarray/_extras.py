"""NumPy 2.x functions that complete the namespace: put_along_axis,
geomspace, unstack, concat, the vector products of the gufunc family
(vecdot, matvec, vecmat), unwrap, the conversion helpers
(asarray_chkfinite, asanyarray, require) and apply_over_axes.

Each one is composed from operations gpuarray already has (views,
ufuncs, reductions, scans, advanced indexing); only dtypes, shapes and
the odd one-element check are worked out on the host.
"""
import functools as _ft
import math as _math
import operator as _op

import numpy as _np

from . import _manipulation as _mn
from . import _reductions as _rd
from . import _ufuncs as _uf
from ._core import ndarray
from ._creation import arange, array, asarray

__all__ = ["put_along_axis", "geomspace", "unstack", "concat", "vecdot",
           "matvec", "vecmat", "unwrap", "asarray_chkfinite", "asanyarray",
           "require", "apply_over_axes"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index

# The Array API name; NumPy 2 binds it to the very same function.
concat = _mn.concatenate


# ------------------------------------------------------ put_along_axis

def _along_axis_key(arr, indices, axis):
    """NumPy's fancy index for *_along_axis: `indices` on `axis`,
    broadcasting aranges on every other axis."""
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of "
                         "dimensions")
    key = []
    for d, n in enumerate(arr.shape):
        if d == axis:
            key.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = n
            key.append(arange(n, dtype=_INT64).reshape(shape))
    return tuple(key)


def put_along_axis(arr, indices, values, axis):
    """arr[i..., indices[i..., j, k...], k...] = values, in place.  Where
    a target repeats, the last value stays (as in NumPy)."""
    if not isinstance(arr, ndarray):
        raise TypeError("put_along_axis needs a gpuarray.ndarray to write "
                        "into, got %s" % type(arr).__name__)
    indices = asarray(indices)
    if axis is not None:
        axis = _normalize_axis(axis, arr.ndim)
        arr[_along_axis_key(arr, indices, axis)] = values
        return
    if indices.ndim != 1:
        raise ValueError("when axis=None, `indices` must have a single "
                         "dimension.")
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if arr.flags.c_contiguous:
        arr.reshape(-1)[(indices,)] = values
        return
    # No flat view exists: write through the C-order positions instead
    # (NumPy 2.4 raises "read-only" here, as it writes into a copy).
    from . import _indexing as _ix
    if not arr.flags.writeable:
        raise ValueError("assignment destination is read-only")
    pos = _ix._checked(indices.astype(_INT64, copy=False), arr.size, 0)
    arr[_ix._unravel(pos, arr.shape)] = values


# ----------------------------------------------------------- geomspace

def _linspace_on_device(start, stop, num, endpoint):
    """numpy.linspace(start, stop, num, endpoint) for device arrays start
    and stop of one inexact dtype, with NumPy's operations in NumPy's
    order (so the values match it bit for bit)."""
    if num < 0:
        raise ValueError("Number of samples, %d, must be non-negative." % num)
    dt = start.dtype
    div = (num - 1) if endpoint else num
    delta = _uf.subtract(stop, start)
    y = arange(0, num, dtype=dt).reshape((-1,) + (1,) * delta.ndim)
    if div > 0:
        step = delta / div
        # NumPy's guard against a step that underflows to zero (gh-5437)
        if bool(_rd.any(step == 0)):
            y = (y / div) * delta
        else:
            y = y * step
    else:
        y = y * delta
    y = y + start
    if endpoint and num > 1:
        y[-1, ...] = stop
    return y


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """num samples from start to stop spaced evenly on a log scale, as
    numpy.geomspace computes them: negative and complex starts are
    rotated onto the positive real axis and back, and the endpoints are
    set to start and stop."""
    num = _op.index(num)
    start, stop = asarray(start), asarray(stop)
    if bool(_rd.any(start == 0)) or bool(_rd.any(stop == 0)):
        raise ValueError("Geometric sequence cannot include zero")
    # NumPy promotes with a 0-d array of `dtype` (float64 when None), so
    # the working dtype is never narrower than the requested one.
    dt = _np.result_type(start.dtype, stop.dtype, float(num),
                         _np.zeros((), dtype))
    out_dt = dt if dtype is None else _np.dtype(dtype)
    start, stop = start.astype(dt), stop.astype(dt)
    sign = _uf.sign(start)
    start = start / sign
    stop = stop / sign
    y = _linspace_on_device(_uf.log10(start), _uf.log10(stop), num,
                            endpoint)
    result = _uf.power(dt.type(10.0), y).astype(dt, copy=False)
    # exp(log(x)) need not be x: NumPy puts the endpoints back exactly.
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = result * sign
    if axis != 0:
        result = _mn.moveaxis(result, 0, axis)
    return result.astype(out_dt, copy=False)


# ------------------------------------------------------------- unstack

def unstack(x, /, *, axis=0):
    """The views x[..., i, ...] along `axis`, as a tuple."""
    x = asarray(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    moved = _mn.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))


# ----------------------------------------------------- vector products

@_ft.lru_cache(maxsize=256)
def _gufunc_dtype(name, d1, d2, dtype, casting, out_dtype):
    """The loop dtype NumPy's gufunc `name` picks, from a call on
    one-element probes; NumPy's TypeError when no loop fits or the result
    cannot be cast to an `out` of out_dtype."""
    shapes = {"vecdot": ((1,), (1,), ()), "matvec": ((1, 1), (1,), (1,)),
              "vecmat": ((1,), (1, 1), (1,))}[name]
    uf = getattr(_np, name)
    x1, x2 = _np.zeros(shapes[0], d1), _np.zeros(shapes[1], d2)
    kwargs = {"casting": casting}
    if dtype is not None:
        kwargs["dtype"] = dtype
    loop = _np.dtype(uf(x1, x2, **kwargs).dtype)
    if out_dtype is not None:
        # An out= array does not change the loop, only where it lands.
        uf(x1, x2, out=_np.zeros(shapes[2], out_dtype), **kwargs)
    return loop


def _loop_dtype(name, a, b, dtype, casting, out):
    if isinstance(out, tuple) and len(out) == 1:
        out = out[0]
    out_dtype = out.dtype if isinstance(out, ndarray) else None
    return _gufunc_dtype(name, a.dtype, b.dtype,
                         None if dtype is None else _np.dtype(dtype),
                         casting, out_dtype)


def _core_error(name, signature, i, has, needs):
    raise ValueError("%s: Input operand %d does not have enough dimensions "
                     "(has %d, gufunc core with signature %s requires %d)"
                     % (name, i, has, signature, needs))


def _mismatch_error(name, signature, size, expected):
    raise ValueError("%s: Input operand 1 has a mismatch in its core "
                     "dimension 0, with gufunc signature %s (size %d is "
                     "different from %d)" % (name, signature, size,
                                             expected))


def _store(out, result):
    """result, or written into `out` (which must have its shape)."""
    if out is None:
        return result
    if isinstance(out, tuple):
        (out,) = out
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of gpuarray.ndarray type")
    if out.shape != result.shape:
        raise ValueError("non-broadcastable output operand with shape %s "
                         "doesn't match the broadcast shape %s"
                         % (out.shape, result.shape))
    out[...] = result
    return out


def _vecdot_axes(axis, axes):
    """(core axis of x1, of x2, output axis for keepdims)."""
    if axes is None:
        return axis, axis, axis
    if axis != -1:
        raise TypeError("cannot specify both 'axis' and 'axes'")
    ins = []
    for entry in axes[:2]:
        entry = tuple(entry) if isinstance(entry, (tuple, list)) else \
            (entry,)
        if len(entry) != 1:
            raise ValueError("vecdot: axes item needs exactly one axis")
        ins.append(_op.index(entry[0]))
    out_ax = -1
    if len(axes) > 2 and axes[2] not in ((), []):
        entry = axes[2]
        out_ax = _op.index(entry[0] if isinstance(entry, (tuple, list))
                           else entry)
    return ins[0], ins[1], out_ax


def vecdot(x1, x2, /, out=None, *, axis=-1, axes=None, keepdims=False,
           dtype=None, casting="same_kind", order="K", subok=True,
           signature=None):
    """sum(conj(x1) * x2) over the vector axis (NumPy 2's gufunc
    (n),(n)->(): other axes broadcast; dtype from NumPy's loops)."""
    sig = "(n),(n)->()"
    a, b = asarray(x1), asarray(x2)
    for i, x in enumerate((a, b)):
        if x.ndim < 1:
            _core_error("vecdot", sig, i, x.ndim, 1)
    ax1, ax2, out_ax = _vecdot_axes(axis, axes)
    a = _mn.moveaxis(a, ax1, -1)
    b = _mn.moveaxis(b, ax2, -1)
    if b.shape[-1] != a.shape[-1]:
        _mismatch_error("vecdot", sig, b.shape[-1], a.shape[-1])
    _np.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    dt = _loop_dtype("vecdot", a, b, dtype, casting, out)
    a, b = a.astype(dt, copy=False), b.astype(dt, copy=False)
    if dt.kind == "c":
        a = _uf.conjugate(a)
    from ._products import _contract
    result = _contract(a, b, dt)
    if keepdims:
        result = _mn.expand_dims(result,
                                 _normalize_axis(out_ax, result.ndim + 1))
    return _store(out, result)


def matvec(x1, x2, /, out=None, *, dtype=None, casting="same_kind",
           order="K", subok=True, signature=None, axes=None,
           axis=_np._NoValue, keepdims=_np._NoValue):
    """Matrix-vector product over stacks, NumPy 2.2's gufunc
    (m,n),(n)->(m): sum over n of x1[..., m, n] * x2[..., n]."""
    if axes is not None or axis is not _np._NoValue or \
            keepdims is not _np._NoValue:
        from . import _gufunc_axes
        _gufunc_axes.check_keywords("matvec", "(m,n),(n)->(m)", axis, keepdims)
        return _store(out, _gufunc_axes.apply(
            "matvec", lambda p, q: matvec(p, q, dtype=dtype, casting=casting),
            asarray(x1), asarray(x2), (2, 1), lambda ops: 1, axes))
    sig = "(m,n),(n)->(m)"
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 2:
        _core_error("matvec", sig, 0, a.ndim, 2)
    if b.ndim < 1:
        _core_error("matvec", sig, 1, b.ndim, 1)
    if b.shape[-1] != a.shape[-1]:
        _mismatch_error("matvec", sig, b.shape[-1], a.shape[-1])
    _np.broadcast_shapes(a.shape[:-2], b.shape[:-1])
    dt = _loop_dtype("matvec", a, b, dtype, casting, out)
    a, b = a.astype(dt, copy=False), b.astype(dt, copy=False)
    from ._products import _contract, _direct, _matmul2d
    if _direct(dt):   # a GEMM of (..., m, n) by (..., n, 1)
        return _store(out, _matmul2d(a, b[..., :, None], dt)[..., 0])
    return _store(out, _contract(a, b[..., None, :], dt))


def vecmat(x1, x2, /, out=None, *, dtype=None, casting="same_kind",
           order="K", subok=True, signature=None, axes=None,
           axis=_np._NoValue, keepdims=_np._NoValue):
    """Vector-matrix product over stacks, NumPy 2.2's gufunc
    (n),(n,m)->(m): sum over n of conj(x1[..., n]) * x2[..., n, m]."""
    if axes is not None or axis is not _np._NoValue or \
            keepdims is not _np._NoValue:
        from . import _gufunc_axes
        _gufunc_axes.check_keywords("vecmat", "(n),(n,m)->(m)", axis, keepdims)
        return _store(out, _gufunc_axes.apply(
            "vecmat", lambda p, q: vecmat(p, q, dtype=dtype, casting=casting),
            asarray(x1), asarray(x2), (1, 2), lambda ops: 1, axes))
    sig = "(n),(n,m)->(m)"
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 1:
        _core_error("vecmat", sig, 0, a.ndim, 1)
    if b.ndim < 2:
        _core_error("vecmat", sig, 1, b.ndim, 2)
    if b.shape[-2] != a.shape[-1]:
        _mismatch_error("vecmat", sig, b.shape[-2], a.shape[-1])
    _np.broadcast_shapes(a.shape[:-1], b.shape[:-2])
    dt = _loop_dtype("vecmat", a, b, dtype, casting, out)
    a, b = a.astype(dt, copy=False), b.astype(dt, copy=False)
    if dt.kind == "c":
        a = _uf.conjugate(a)
    from ._products import _contract, _direct, _matmul2d
    if _direct(dt):   # a GEMM of (..., 1, n) by (..., n, m)
        return _store(out, _matmul2d(a[..., None, :], b, dt)[..., 0, :])
    return _store(out, _contract(a[..., None, :], _mn.swapaxes(b, -1, -2),
                                 dt))


# -------------------------------------------------------------- unwrap

def unwrap(p, discont=None, axis=-1, *, period=2 * _math.pi):
    """p with each jump larger than max(discont, period/2) along `axis`
    replaced by its period-complement (numpy.unwrap's steps and
    dtypes, integer periods included)."""
    from ._scans import cumsum
    p = asarray(p)
    dd = _rd.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    axis = _normalize_axis(axis, p.ndim)
    later = tuple(slice(1, None) if d == axis else slice(None)
                  for d in range(p.ndim))
    dtype = _np.result_type(dd.dtype, period)
    if _np.issubdtype(dtype, _np.integer):
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = _uf.remainder(dd - interval_low, period) + interval_low
    if boundary_ambiguous:
        # a jump of exactly +period/2 maps to -period/2 above; NumPy keeps
        # its sign.
        fix = _uf.logical_and(ddmod == interval_low, dd > 0)
        ddmod = _uf.where(fix, interval_high, ddmod).astype(ddmod.dtype,
                                                           copy=False)
    ph_correct = ddmod - dd
    small = _uf.absolute(dd) < discont
    ph_correct = _uf.where(small, 0, ph_correct).astype(ph_correct.dtype,
                                                        copy=False)
    up = array(p, copy=True, dtype=dtype)
    up[later] = p[later] + cumsum(ph_correct, axis)
    return up


# ------------------------------------------------ conversion helpers

def asanyarray(a, dtype=None, order=None, *, device=None, copy=None,
               like=None):
    """asarray: gpuarray has no ndarray subclasses to pass through."""
    return asarray(a, dtype, order, copy=copy, device=device)


def asarray_chkfinite(a, dtype=None, order=None):
    """asarray, raising ValueError if a floating or complex result holds
    an inf or a NaN (one reduction and a one-element read)."""
    a = asarray(a, dtype=dtype, order=order)
    if a.dtype.char in _np.typecodes["AllFloat"] and \
            not bool(_rd.all(_uf.isfinite(a))):
        raise ValueError("array must not contain infs or NaNs")
    return a


_REQUIREMENTS = {
    "C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C",
    "F": "F", "F_CONTIGUOUS": "F", "FORTRAN": "F",
    "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W",
    "O": "O", "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E",
}


def require(a, dtype=None, requirements=None, *, like=None):
    """An array of `dtype` meeting the flag `requirements` (NumPy's
    letters), copied only when `a` does not."""
    if not requirements:
        return asanyarray(a, dtype=dtype)
    reqs = {_REQUIREMENTS[r.upper()] for r in requirements}
    # 'E' asks for a base-class array: every gpuarray array is one.
    reqs.discard("E")
    if reqs >= {"C", "F"}:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = "F" if "F" in reqs else "C" if "C" in reqs else "A"
    reqs -= {"C", "F"}
    arr = array(a, dtype=dtype, order=order, copy=None)
    for prop in reqs:
        if not arr.flags[prop]:
            return arr.copy(order)
    return arr


# ----------------------------------------------------- apply_over_axes

def apply_over_axes(func, a, axes):
    """func(a, axis) for each axis in turn; a result that lost `axis`
    gets it back as a length-1 axis (so the rank never changes)."""
    val = asarray(a)
    n = val.ndim
    if _np.ndim(axes) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = n + axis
        res = func(val, axis)
        if res.ndim != val.ndim:
            res = _mn.expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError("function is not returning an array of "
                                 "the correct shape")
        val = res
    return val
