"""ufunc.reduce for every ufunc (the C hook "ufunc.reduce", registered in
_ndarray.py): the built-in reductions where one exists, else the fold
of ufuncs/fold.py.
"""

import numpy as _np

from .._engine.reduce import (_asarray,
    _initial_apply,
    _masked,
    _np_reduce_dtype,
    _reduce,
    _sum_like,
    _ufunc_axis)
from .._engine.reduction_ops import _scan_op
from ..logic.truth import _logical
from ..math.extrema import _extremum


_REDUCIBLE = {
    "add": lambda a, axis, dtype, out, keepdims, initial, where:
        _sum_like(a, axis, dtype, out, keepdims, initial, where),
    "multiply": lambda a, axis, dtype, out, keepdims, initial, where:
        _sum_like(a, axis, dtype, out, keepdims, initial, where, prod=True),
}


def _ufunc_reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False,
                  initial=None, where=True):
    name = uf.__name__
    a = _asarray(array)
    axis = _ufunc_axis(a, axis)
    if isinstance(out, tuple):
        out = out[0]
    if name in _REDUCIBLE:
        return _REDUCIBLE[name](a, axis, dtype, out, keepdims, initial,
                                where)
    if name in ("maximum", "minimum", "fmax", "fmin"):
        if dtype is not None:
            a = a.astype(dtype)
        return _extremum(a, axis, out, keepdims, initial, where,
                         "max" in name, name.startswith("f"))
    if name in ("logical_and", "logical_or", "logical_xor"):
        kind = {"logical_and": "all", "logical_or": "any",
                "logical_xor": "xor"}[name]
        if dtype is not None:
            # NumPy's TypeError for a dtype with no loop (bool only)
            _np_reduce_dtype(name, a.dtype, _np.dtype(dtype))
        res = _logical(a, axis, out, keepdims, where, kind)
        return _initial_apply(res, initial, uf)
    if name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
        dt = _np_reduce_dtype(name, a.dtype,
                              None if dtype is None else _np.dtype(dtype))
        op = _scan_op(name, dt, False)
        # all bits set (-1 would not fit an unsigned input) or none
        zero = _np.zeros((), a.dtype)
        ident = _np.invert(zero) if name == "bitwise_and" else zero
        a = _masked(a, where, ident)
        res = _reduce(a, axis, out, keepdims, op, dt, dt)
        return _initial_apply(res, initial, uf)
    if uf.nin == 2 and uf.nout == 1:
        from .fold import fold_reduce
        return fold_reduce(uf, a, axis, dtype, out, keepdims, initial,
                           where)
    raise ValueError("reduce only supported for binary functions" if
                     uf.nin != 2 else "reduce only supported for functions "
                     "returning a single value")



