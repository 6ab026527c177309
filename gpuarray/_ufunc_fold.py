"""reduce and accumulate for ufuncs that are not reorderable (subtract,
divide, power, hypot, equal, ...).

Note [Ordered folds]: NumPy folds these strictly left to right along one
axis, ((x0 op x1) op x2) ..., so the tree reductions and scans used for
add or maximum would change the values.  Here the fold runs one
elementwise launch per step along the axis, every other axis in parallel:
NumPy's values bit for bit, at the cost of one launch per element of the
axis.  Loop dtypes and errors come from NumPy's own reduce on a tiny
stand-in of the same dtype.
"""
import operator as _op
import warnings as _warnings

import numpy as _np

from . import _core


def _check_binary(uf, method):
    if uf.nin != 2:
        raise ValueError("%s only supported for binary functions" % method)
    if uf.nout != 1:
        raise ValueError("%s only supported for functions returning a "
                         "single value" % method)


def _loop_dtype(uf, method, dtype, src_dtype):
    """The dtype NumPy's reduce/accumulate folds in (and its errors: no
    loop, a boolean subtract, ...), from two-element stand-ins."""
    np_uf = getattr(_np, uf.__name__)
    probe = _np.ones(2, src_dtype)
    with _warnings.catch_warnings(), _np.errstate(all="ignore"):
        _warnings.simplefilter("ignore")
        return _np.asarray(getattr(np_uf, method)(probe, dtype=dtype)).dtype


def _not_reorderable(uf, method):
    if method == "accumulate":
        return ValueError("accumulate does not allow multiple axes")
    return ValueError("reduction operation '%s' is not reorderable, so at "
                      "most one axis may be specified" % uf.__name__)


def _fold_axes(uf, a, axis, method):
    """The axes to fold, normalised.  NumPy reduces a ufunc with an
    identity (hypot, logaddexp) over any axes, others over one."""
    if axis is None:
        axes = tuple(range(a.ndim))
    elif isinstance(axis, (tuple, list)):
        axes = tuple(_op.index(x) for x in axis)
    else:
        axes = (_op.index(axis),)
    for x in axes:
        if not -a.ndim <= x < a.ndim:
            raise _np.exceptions.AxisError(x, a.ndim)
    axes = tuple(x % a.ndim for x in axes)
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    if len(axes) > 1 and (method == "accumulate" or uf.identity is None):
        raise _not_reorderable(uf, method)
    return axes


def _mask_like(where, shape):
    from ._manipulation import broadcast_to
    w = where if isinstance(where, _core.ndarray) else \
        _core._asarray(_np.asarray(where, dtype=bool))
    return broadcast_to(w, shape)


def _front(x, axes):
    """x with `axes` moved in front and merged into one (C order)."""
    from ._manipulation import moveaxis
    k = len(axes)
    y = moveaxis(x, axes, tuple(range(k)))
    return y.reshape((-1,) + tuple(y.shape[k:]))


def fold_reduce(uf, a, axis, dtype, out, keepdims, initial, where):
    """uf.reduce left to right (Note [Ordered folds])."""
    _check_binary(uf, "reduce")
    dt = _loop_dtype(uf, "reduce", dtype, a.dtype)
    axes = () if a.ndim == 0 else _fold_axes(uf, a, axis, "reduce")
    masked = where is not True
    if initial is None and uf.identity is not None and \
            (masked or any(a.shape[x] == 0 for x in axes)):
        initial = uf.identity   # NumPy starts from it only where needed
    if masked and initial is None:
        raise ValueError("reduction operation '%s' does not have an "
                         "identity, so to use a where mask one has to "
                         "specify 'initial'" % uf.__name__)
    kept = tuple(1 if i in axes else n for i, n in enumerate(a.shape))
    if not axes:
        acc = a.astype(dt)
    else:
        x = _front(a.astype(dt, copy=False), axes)
        mask = _front(_mask_like(where, a.shape), axes) if masked else None
        acc = _fold(uf, x, dt, initial, mask)
    acc = acc.reshape(kept if keepdims else
                      tuple(n for i, n in enumerate(a.shape)
                            if i not in axes))
    if out is not None:
        out[...] = acc
        return out
    return acc


def _fold(uf, x, dt, initial, mask):
    """acc = uf(acc, x[i]) for i along axis 0 (under mask[i])."""
    n = x.shape[0]
    if initial is None:
        if n == 0:
            raise ValueError("zero-size array to reduction operation %s "
                             "which has no identity" % uf.__name__)
        acc, start = x[0].copy(), 1
    else:
        acc, start = _core.full(x.shape[1:], initial, dt), 0
    for i in range(start, n):
        if mask is None:
            uf(acc, x[i], out=acc)
        else:
            uf(acc, x[i], out=acc, where=mask[i])
    return acc


def fold_accumulate(uf, a, axis, dtype, out):
    """uf.accumulate along one axis, left to right (Note [Ordered
    folds])."""
    from ._manipulation import moveaxis
    _check_binary(uf, "accumulate")
    dt = _loop_dtype(uf, "accumulate", dtype, a.dtype)
    axis, = _fold_axes(uf, a, 0 if axis is None else axis, "accumulate")
    x = moveaxis(a, axis, 0).astype(dt, copy=False)
    r = _core.empty(a.shape, dt) if out is None else out
    rv = moveaxis(r, axis, 0)
    if x.shape[0]:
        rv[0] = x[0]
    for i in range(1, x.shape[0]):
        uf(rv[i - 1], x[i], out=rv[i])
    return r
