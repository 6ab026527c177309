"""The vector products of the gufunc family: vecdot, matvec, vecmat, with
NumPy's axes=/axis=/out= rules.
"""

import functools as _ft

import numpy as _np

from .._core import ndarray
from .._engine import ufuncs as _uf
from ..manipulation import shapes as _mn
from .._engine.arrays import asarray
from .dot_matmul import _contract, _direct, _matmul2d
from ._order import ordered as _ordered_result
from ..ufuncs import gufunc_axes as _gufunc_axes


__all__ = ["vecdot", "matvec", "vecmat"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


@_ft.lru_cache(maxsize=256)
def _gufunc_dtype(name, d1, d2, dtype, casting, out_dtype, signature=None):
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
    if signature is not None:
        kwargs["signature"] = signature
    loop = _np.dtype(uf(x1, x2, **kwargs).dtype)
    if out_dtype is not None:
        # An out= array does not change the loop, only where it lands.
        uf(x1, x2, out=_np.zeros(shapes[2], out_dtype), **kwargs)
    return loop


def _signature_key(signature):
    """signature= in a hashable form NumPy accepts: a string, or a tuple
    of dtypes (None where free)."""
    if signature is None or isinstance(signature, str):
        return signature
    if isinstance(signature, (tuple, list)):
        return tuple(None if s is None else _np.dtype(s) for s in signature)
    return _np.dtype(signature)


def _loop_dtype(name, a, b, dtype, casting, out, signature=None):
    """NumPy's loop for these operands, dtype=, casting=, signature=."""
    if isinstance(out, tuple) and len(out) == 1:
        out = out[0]
    out_dtype = out.dtype if isinstance(out, ndarray) else None
    return _gufunc_dtype(name, a.dtype, b.dtype,
                         None if dtype is None else _np.dtype(dtype),
                         casting, out_dtype, _signature_key(signature))


def _ordered(result, order, out):
    return _ordered_result(result, order, out)


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


def _vecdot_axes(a, b, axis, axes, keepdims, out):
    """(core axis of x1, of x2, output axis for keepdims), from axes= or
    axis= as NumPy's gufunc parser reads them."""
    if axes is not _np._NoValue:
        s1, s2, d = _gufunc_axes.parse_axes(
            "vecdot", axes, (a.ndim, b.ndim), (1, 1), int(keepdims),
            _gufunc_axes.ndim_of_out(out), may_omit_out=True)
        return s1[0], s2[0], d[0] if d else -1
    if axis is _np._NoValue:
        return -1, -1, -1
    axis = _gufunc_axes.axis_int(axis)
    return _normalize_axis(axis, a.ndim), _normalize_axis(axis, b.ndim), axis


def vecdot(x1, x2, /, out=None, *, axis=_np._NoValue, axes=_np._NoValue,
           keepdims=False, dtype=None, casting="same_kind", order="K",
           subok=True, signature=None):
    """sum(conj(x1) * x2) over the vector axis (NumPy 2's gufunc
    (n),(n)->(): other axes broadcast; dtype from NumPy's loops)."""
    sig = "(n),(n)->()"
    _gufunc_axes.check_keywords("vecdot", sig, axes, axis, keepdims,
                                shared_core=True)
    _uf.check_subok(subok)
    a, b = asarray(x1), asarray(x2)
    for i, x in enumerate((a, b)):
        if x.ndim < 1:
            _core_error("vecdot", sig, i, x.ndim, 1)
    ax1, ax2, out_ax = _vecdot_axes(a, b, axis, axes, keepdims, out)
    a = _mn.moveaxis(a, ax1, -1)
    b = _mn.moveaxis(b, ax2, -1)
    if b.shape[-1] != a.shape[-1]:
        _mismatch_error("vecdot", sig, b.shape[-1], a.shape[-1])
    _np.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    dt = _loop_dtype("vecdot", a, b, dtype, casting, out, signature)
    a, b = a.astype(dt, copy=False), b.astype(dt, copy=False)
    if dt.kind == "c":
        a = _uf.conjugate(a)
    result = _contract(a, b, dt)
    if keepdims:
        result = _mn.expand_dims(result,
                                 _normalize_axis(out_ax, result.ndim + 1))
    return _store(out, _ordered(result, order, out))


def matvec(x1, x2, /, out=None, *, dtype=None, casting="same_kind",
           order="K", subok=True, signature=None, axes=_np._NoValue,
           axis=_np._NoValue, keepdims=_np._NoValue):
    """Matrix-vector product over stacks, NumPy 2.2's gufunc
    (m,n),(n)->(m): sum over n of x1[..., m, n] * x2[..., n]."""
    sig = "(m,n),(n)->(m)"
    _gufunc_axes.check_keywords("matvec", sig, axes, axis, keepdims)
    if axes is _np._NoValue:   # (the axes= path has never read subok)
        _uf.check_subok(subok)
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 2:
        _core_error("matvec", sig, 0, a.ndim, 2)
    if b.ndim < 1:
        _core_error("matvec", sig, 1, b.ndim, 1)
    if axes is not _np._NoValue:
        return _store(out, _gufunc_axes.apply(
            "matvec", lambda p, q: matvec(p, q, dtype=dtype, casting=casting,
                                          signature=signature, order=order),
            a, b, (2, 1), lambda ops: 1, axes, out))
    if b.shape[-1] != a.shape[-1]:
        _mismatch_error("matvec", sig, b.shape[-1], a.shape[-1])
    _np.broadcast_shapes(a.shape[:-2], b.shape[:-1])
    dt = _loop_dtype("matvec", a, b, dtype, casting, out, signature)
    a, b = a.astype(dt, copy=False), b.astype(dt, copy=False)
    if _direct(dt):   # a GEMM of (..., m, n) by (..., n, 1)
        return _store(out, _ordered(_matmul2d(a, b[..., :, None], dt)[..., 0],
                                    order, out))
    return _store(out, _ordered(_contract(a, b[..., None, :], dt), order,
                                out))


def vecmat(x1, x2, /, out=None, *, dtype=None, casting="same_kind",
           order="K", subok=True, signature=None, axes=_np._NoValue,
           axis=_np._NoValue, keepdims=_np._NoValue):
    """Vector-matrix product over stacks, NumPy 2.2's gufunc
    (n),(n,m)->(m): sum over n of conj(x1[..., n]) * x2[..., n, m]."""
    sig = "(n),(n,m)->(m)"
    _gufunc_axes.check_keywords("vecmat", sig, axes, axis, keepdims)
    if axes is _np._NoValue:   # (the axes= path has never read subok)
        _uf.check_subok(subok)
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 1:
        _core_error("vecmat", sig, 0, a.ndim, 1)
    if b.ndim < 2:
        _core_error("vecmat", sig, 1, b.ndim, 2)
    if axes is not _np._NoValue:
        return _store(out, _gufunc_axes.apply(
            "vecmat", lambda p, q: vecmat(p, q, dtype=dtype, casting=casting,
                                          signature=signature, order=order),
            a, b, (1, 2), lambda ops: 1, axes, out))
    if b.shape[-2] != a.shape[-1]:
        _mismatch_error("vecmat", sig, b.shape[-2], a.shape[-1])
    _np.broadcast_shapes(a.shape[:-1], b.shape[:-2])
    dt = _loop_dtype("vecmat", a, b, dtype, casting, out, signature)
    a, b = a.astype(dt, copy=False), b.astype(dt, copy=False)
    if dt.kind == "c":
        a = _uf.conjugate(a)
    if _direct(dt):   # a GEMM of (..., 1, n) by (..., n, m)
        return _store(out, _ordered(
            _matmul2d(a[..., None, :], b, dt)[..., 0, :], order, out))
    return _store(out, _ordered(
        _contract(a[..., None, :], _mn.swapaxes(b, -1, -2), dt), order, out))

