"""ufunc.reduce / ufunc.accumulate for the binary ufuncs that have no
single-pass kernel (subtract, divide, power, logaddexp, hypot, gcd, ...):
the fold is built from launches of the ufunc itself.

Note [Ufunc folds]:
  - NumPy decides dtypes and errors (no loop for the dtype, several axes
    for a ufunc that is not reorderable, an empty reduction without an
    identity, where= without initial=): we ask it on a tiny stand-in of
    the same dtype and axes layout, so the messages are NumPy's own.
  - A ufunc with an identity is reorderable (NumPy's rule): its fold may
    pair elements in any order, so reduce halves the axis per launch and
    accumulate doubles its reach per launch (log2(n) launches).  subtract
    is a0 minus a sum (or cumsum) of the rest.  Others fold left to
    right, one launch per element of the axis, as NumPy's loop does.
"""
import numpy as _np

from .. import _core
from .._engine.reduce import _check_out_shape
from ..manipulation.shapes import moveaxis
from ..math.sums import sum as _sum
from .._engine.ufuncs import where as _where
from ..manipulation.shapes import broadcast_to
from ..manipulation.shapes import concatenate
from ..math.cumulative import cumsum

_asarray = _core._asarray


def _stand_in(a, axes):
    """Zeros of a's dtype, at most 2 long on each reduced axis (0 stays 0,
    which keeps NumPy's empty-reduction error) and 1 elsewhere."""
    return _np.zeros(tuple(min(a.shape[i], 2) if i in axes else
                           min(a.shape[i], 1) for i in range(a.ndim)),
                     a.dtype)


def _norm_axes(axis, nd):
    if axis is None:
        return tuple(range(nd))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    return tuple(_np.lib.array_utils.normalize_axis_index(int(x), nd)
                 for x in axes)


def _np_check_reduce(uf, a, axis, dtype, initial, where):
    """NumPy's result dtype for this reduce, raising NumPy's errors."""
    axes = _norm_axes(axis, a.ndim)
    kw = {} if initial is None else {"initial": initial}
    if where is not True:
        kw["where"] = _np.ones((), bool) if _np.ndim(where) == 0 else \
            _np.ones(_stand_in_where(where, a, axes), bool)
    with _np.errstate(all="ignore"):
        r = getattr(_np, uf.__name__).reduce(
            _stand_in(a, axes), axis=axis, dtype=dtype, **kw)
    return _np.asarray(r).dtype, axes


def _stand_in_where(where, a, axes):
    shp = _np.shape(where)
    lead = a.ndim - len(shp)
    return tuple(1 if s == 1 else (min(a.shape[lead + i], 2)
                                   if lead + i in axes else
                                   min(a.shape[lead + i], 1))
                 for i, s in enumerate(shp))


def _ufunc_dtype(dt):
    """The dtype= of the fold's ufunc calls: NumPy refuses a datetime
    dtype= with a unit, and the loop of same-dtype operands is dt anyway."""
    return None if _np.dtype(dt).kind in "mM" else dt


def _front(a, axes):
    """a with the reduced axes merged into a leading one."""
    rest = tuple(a.shape[i] for i in range(a.ndim) if i not in axes)
    m = moveaxis(a, axes, tuple(range(len(axes)))) if axes else a
    n = 1
    for i in axes:
        n *= a.shape[i]
    return m.reshape((n,) + rest), rest


def _tree(uf, x, dt):
    """Pairwise fold over axis 0 (reorderable ufuncs)."""
    while x.shape[0] > 1:
        half = x.shape[0] // 2
        head = uf(x[:half], x[half:2 * half], dtype=_ufunc_dtype(dt))
        if x.shape[0] % 2:
            head = concatenate([head, x[2 * half:]])
        x = head
    return x[0]


def _left(uf, x, dt, start):
    """Left-to-right fold over axis 0, from `start` (or x[0])."""
    r = x[0].astype(dt) if start is None else start
    for i in range(0 if start is not None else 1, x.shape[0]):
        r = uf(r, x[i], dtype=_ufunc_dtype(dt))
    return r


def fold_reduce(uf, a, axis, dtype, out, keepdims, initial, where):
    a = _asarray(a)
    dt, axes = _np_check_reduce(uf, a, axis, dtype, initial, where)
    x, rest = _front(a.astype(dt, copy=False), axes)
    start = None if initial is None else _core.full(rest, initial, dt)
    if where is not True:
        w, _ = _front(broadcast_to(_asarray(where), a.shape), axes)
        if start is None:   # NumPy required initial= (checked above)
            start = _core.full(rest, getattr(_np, uf.__name__).identity,
                               dt)
        r = start
        for i in range(x.shape[0]):
            r = _where(w[i], uf(r, x[i], dtype=_ufunc_dtype(dt)), r)
    elif x.shape[0] == 0:
        r = start if start is not None else _core.full(
            rest, getattr(_np, uf.__name__).identity, dt)
    elif uf.__name__ == "subtract":
        # a0 - a1 - ... == a0 - (a1 + ...): one sum, not n launches
        # (exact for integers; floats differ only in rounding)
        head, tail = (x[0], x[1:]) if start is None else (start, x)
        # (a timedelta sum keeps its unit; dtype= would name one)
        r = uf(head, _sum(tail, axis=0, dtype=None if dt.kind == "m" else dt),
               dtype=_ufunc_dtype(dt))
    elif getattr(_np, uf.__name__).identity is not None:
        r = _tree(uf, x, dt)
        if start is not None:
            r = uf(start, r, dtype=_ufunc_dtype(dt))
    else:
        r = _left(uf, x, dt, start)
    r = _asarray(r).astype(dt, copy=False)
    if keepdims:
        r = r.reshape(tuple(1 if i in axes else a.shape[i]
                            for i in range(a.ndim)))
    if out is None:
        return r
    _check_out_shape(out, r.shape)
    out[...] = r
    return out


def fold_accumulate(uf, a, axis, dtype, out):
    a = _asarray(a)
    if a.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    if axis is None or isinstance(axis, (tuple, list)):
        raise ValueError("accumulate does not allow multiple axes")
    ax = _np.lib.array_utils.normalize_axis_index(int(axis), a.ndim)
    with _np.errstate(all="ignore"):
        dt = getattr(_np, uf.__name__).accumulate(
            _stand_in(a, (ax,)), axis=ax, dtype=dtype).dtype
    x = moveaxis(a.astype(dt), ax, 0)    # a copy: steps write into it
    n = x.shape[0]
    if uf.__name__ == "subtract" and n > 1:
        x[1:] = uf(x[0], cumsum(x[1:], axis=0, dtype=dt),
                   dtype=_ufunc_dtype(dt))
    elif getattr(_np, uf.__name__).identity is not None:
        step = 1
        while step < n:     # Hillis-Steele: x[i] folds x[i-2*step+1..i]
            x[step:] = uf(x[:n - step], x[step:], dtype=_ufunc_dtype(dt))
            step *= 2
    else:
        for i in range(1, n):
            x[i] = uf(x[i - 1], x[i], dtype=_ufunc_dtype(dt))
    r = moveaxis(x, 0, ax)
    if out is None:
        return r
    if tuple(out.shape) != tuple(a.shape):
        raise ValueError("provided out is the wrong size for the "
                         "accumulation.")
    out[...] = r
    return out
