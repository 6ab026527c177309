"""Averages and variances: mean, var, std, their nan forms, nanmean and
average (reductions through _engine/reduce.py).
"""

import builtins as _b

import numpy as _np

from .._core import ndarray
from .. import _core
from .._engine.reduce import (_asarray,
    _axes,
    _check_out_shape,
    _dtype_arg,
    _into_out,
    _masked,
    _reduce,
    _result_shape,
    _ufunc,
    _ufunc_axis)
from ..math import sums as _sums
from .._engine.reduction_ops import _ct, _op_var
from ..logic.truth import _count
from ..math.sums import nansum
from .._engine.reduce import timedelta_dtype_arg as _timedelta_dtype_arg
from ..manipulation.shapes import broadcast_to
from .._engine.ufuncs import where as _where


__all__ = ["mean", "var", "std", "nanvar", "nanstd", "nanmean", "average"]


def _divide_inplace(res, n):
    _ufunc("divide")(res, n, out=res)
    return res


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean: a sum in NumPy's accumulator type, divided."""
    a = _asarray(a)
    dtype = _timedelta_dtype_arg(dtype) if a.dtype.kind == "m" else \
        _dtype_arg(dtype)
    f16 = False
    if dtype is None:
        if a.dtype.kind in "biu":
            dtype = _np.float64
        elif a.dtype == _np.float16:
            dtype, f16 = _np.float32, True
    s = _sums.sum(a, axis, dtype=dtype, out=None if f16 else out,
            keepdims=keepdims, where=where)
    n = _count(a, axis, keepdims, where)
    if f16:
        # float16 only when no out= is given: an out= takes the float32
        # quotient directly (NumPy)
        r = s / n
        return _into_out(out, r) if out is not None else \
            r.astype(_np.float16)
    if s.dtype.kind in "biu":
        # an integer dtype= keeps its type: NumPy divides into the sum
        # with an unsafe cast (truncating)
        r = (s / n).astype(s.dtype)
        return _into_out(out, r)
    return _divide_inplace(s, n)


def _var_types(a, dtype):
    if dtype is not None:
        ct = _np.dtype(dtype)
    elif a.dtype.kind in "biu":
        ct = _np.dtype(_np.float64)
    elif a.dtype == _np.float16:
        ct = _np.dtype(_np.float32)
    else:
        ct = a.dtype
    real = {"F": _np.float32, "D": _np.float64}.get(ct.char, ct)
    real = _np.dtype(real)
    res = real
    if dtype is not None and ct.kind == "c":
        res = ct    # NumPy's final sum runs in the complex dtype given
    if dtype is None and a.dtype == _np.float16:
        res = _np.dtype(_np.float16)
    return ct, real, res


def _var(a, axis, dtype, out, ddof, keepdims, where, sqrt, nan_skip,
         m=None):
    a = _asarray(a)
    dtype = _dtype_arg(dtype)
    if m is not None:
        # NumPy 2's mean=: the deviations are taken from the mean given
        # (keepdims-shaped, broadcast against a), in the two-pass form
        m = _asarray(m)
    if nan_skip and a.dtype.kind not in "fc":
        nan_skip = False
    if nan_skip:
        # NumPy's nanvar reduces with np.sum: the ufunc axis rules
        axis = _ufunc_axis(a, axis)
        _inexact_out(out)
    if out is not None:     # NumPy checks the shape before the type
        _check_out_shape(out, _result_shape(
            a.shape, _axes(_ufunc_axis(a, axis), a.ndim), keepdims))
    if sqrt and out is not None:
        _sqrt_out(a, dtype, out)
    if dtype is not None and _np.dtype(dtype).kind in "biu":
        if nan_skip:
            raise TypeError("If a is inexact, then dtype must be inexact")
        return _var_in_dtype(a, axis, _np.dtype(dtype), out, ddof, keepdims,
                             where, sqrt, m)
    ct, real, res_dt = _var_types(a, dtype)
    if a.dtype.kind == "c" and ct.kind == "f" and where is True:
        # NumPy's two passes: a real mean (the imaginary parts dropped),
        # then |x - mean|^2 -- var(re) + mean(im^2), not the one-pass form
        where = _np.True_
    if m is not None and where is True:
        where = _np.True_
    if nan_skip and isinstance(ddof, ndarray) and where is True:
        where = _np.True_       # an array ddof: the two-pass form
    if where is not True and where is not None:
        if nan_skip:
            # the nans leave the mask: nanvar counts only the rest
            where = _asarray(where)
            if where.dtype != _np.bool_:    # NumPy casts where= safely
                raise TypeError("Cannot cast array data from %r to "
                                "dtype('bool') according to the rule "
                                "'safe'" % where.dtype)
            where = _ufunc("logical_and")(
                broadcast_to(where, a.shape),
                _ufunc("logical_not")(_ufunc("isnan")(a)))
        return _var_where(a, axis, dtype, out, ddof, keepdims, where, sqrt,
                          nan_skip, m)
    # float16 moments accumulate in float32, as sums do (the Welford
    # state has no half-precision form)
    acc = _np.dtype(_np.float32) if real == _np.float16 else real
    op = _op_var(_ct(acc), ct.kind == "c", nan_skip)
    in_loop = ct if ct.kind == "c" or a.dtype.kind != "c" else a.dtype
    return _reduce(a, axis, out, keepdims, op, in_loop, res_dt, ddof,
                   1.0 if sqrt else 0.0)


def _var_in_dtype(a, axis, dt, out, ddof, keepdims, where, sqrt, m=None):
    """var/std with an integer or bool dtype=, NumPy's two passes in that
    type: the mean truncated into dt, the deviations squared, their sum in
    dt divided (truncating).  std's square root cannot be cast back into
    an integer array (NumPy's error); a 0-d result is truncated."""
    if m is None:
        m = mean(a, axis, dtype=dt, keepdims=True, where=where)
    x = a - m
    if x.dtype.kind == "c":     # |x|^2, as NumPy's x * conj(x)
        x = _ufunc("multiply")(x, _ufunc("conjugate")(x)).real
    else:
        x = x * x
    s = _sums.sum(x, axis, dtype=dt, keepdims=keepdims, where=where)
    n = _count(a, axis, keepdims, where)
    d = _ufunc("maximum")(n - ddof, 0) if isinstance(n, ndarray) else \
        _b.max(n - ddof, 0)
    r = (s / d).astype(dt)
    if sqrt:
        if r.ndim or out is not None:
            raise TypeError("Cannot cast ufunc 'sqrt' output from dtype"
                            "('%s') to dtype('%s') with casting rule "
                            "'same_kind'" % (_ufunc("sqrt")(r).dtype, dt))
        r = _ufunc("sqrt")(r).astype(dt)
    return _into_out(out, r)


def _var_where(a, axis, dtype, out, ddof, keepdims, where, sqrt,
               nan_skip=False, m=None):
    if m is None:
        m = mean(a, axis, dtype=dtype, keepdims=True, where=where)
    x = a - m
    if x.dtype.kind == "c":
        x = _ufunc("multiply")(x, _ufunc("conjugate")(x)).real
    else:
        x = x * x
    s = _sums.sum(x, axis, keepdims=keepdims, where=where)
    n = _count(a, axis, keepdims, where)
    r = s / _ufunc("maximum")(n - ddof, 0) \
        if isinstance(n, ndarray) or isinstance(ddof, ndarray) else \
        s / _b.max(n - ddof, 0)
    if nan_skip:
        # nanvar: nan, not inf, where no degrees of freedom are left
        r = _where(n - ddof <= 0, _np.nan, r).astype(r.dtype)
    if sqrt:
        r = _ufunc("sqrt")(r)
    res_dt = _var_types(a, dtype)[2]
    if r.dtype != res_dt:
        r = r.astype(res_dt)
    return _into_out(out, r)


def _ddof(ddof, correction, arrays=False):
    """NumPy's ddof/correction pair: correction is the Array API's name.
    arrays: the nan forms, where NumPy broadcasts an array ddof against
    the counts (one ddof per result element)."""
    if correction is None:
        return _ddof_value(ddof, arrays)
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided "
                         "simultaneously.")
    return _ddof_value(correction, arrays)


def _ddof_value(v, arrays=False):
    """ddof as NumPy's arithmetic meets it (n - ddof): a str is its
    TypeError, an int past a C long its OverflowError, an array its
    ValueError (the truth value of the comparison with 0) -- in the nan
    forms (arrays) a device array that broadcasts against the counts."""
    if isinstance(v, (str, bytes)):
        raise TypeError("ufunc 'subtract' did not contain a loop with "
                        "signature matching types for ddof %r" % (v,))
    if isinstance(v, int) and not -2 ** 63 <= v < 2 ** 63:
        raise OverflowError("Python int too large to convert to C long")
    if _np.ndim(v) > 0 and arrays:
        return _asarray(v)
    if _np.ndim(v) > 0 and _np.size(v) != 1:
        raise ValueError("The truth value of an array with more than one "
                         "element is ambiguous. Use a.any() or a.all()")
    return v


def _inexact_out(out):
    if out is not None and out.dtype.kind not in "fc":
        raise TypeError("If a is inexact, then out must be inexact")


def _sqrt_out(a, dtype, out):
    """std's square root runs into out (NumPy's same_kind rule)."""
    res_dt = _var_types(a, None if dtype is not None and
                        _np.dtype(dtype).kind in "biu" else dtype)[2]
    if not _np.can_cast(res_dt, out.dtype, "same_kind"):
        raise TypeError("Cannot cast ufunc 'sqrt' output from %r to %r "
                        "with casting rule 'same_kind'"
                        % (res_dt, out.dtype))


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=None, correction=None):
    """Variance in one pass (Welford/Chan merges of (n, mean, M2))."""
    ddof = _ddof(ddof, correction)
    return _var(a, axis, dtype, out, ddof, keepdims, where, False, False,
                mean)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=None, correction=None):
    ddof = _ddof(ddof, correction)
    return _var(a, axis, dtype, out, ddof, keepdims, where, True, False,
                mean)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    ddof = _ddof(ddof, correction, arrays=True)
    return _var(a, axis, dtype, out, ddof, keepdims, where, False, True,
                mean)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    ddof = _ddof(ddof, correction, arrays=True)
    return _var(a, axis, dtype, out, ddof, keepdims, where, True, True,
                mean)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *,
            where=True):
    a = _asarray(a)
    if a.dtype.kind not in "fc":
        return mean(a, axis, dtype, out, keepdims, where=where)
    dtype = _dtype_arg(dtype)
    if dtype is not None and _np.dtype(dtype).kind not in "fc":
        raise TypeError("If a is inexact, then dtype must be inexact")
    _inexact_out(out)
    axis = _ufunc_axis(a, axis)
    s = nansum(a, axis, dtype=dtype, keepdims=keepdims, where=where)
    a2 = _masked(a, where, _np.nan)
    op = ("gpa_i64", 8, "0", "gpa_isnan(in0) ? 0LL : 1LL", "a + b",
          "gpa_cast<out0_t>(a)", None)
    n = _reduce(a2, axis, None, keepdims, op, a.dtype, _np.int64)
    r = s / n
    if r.dtype != s.dtype:
        r = r.astype(s.dtype)
    return _into_out(out, r)


def _weights_along(a, w, axis):
    """weights given for the reduced axes only (NumPy 2: any number of
    them, w's dimensions in the order axis names them), reshaped to
    broadcast against a."""
    if axis is None:
        raise TypeError("Axis must be specified when shapes of a and "
                        "weights differ.")
    axes = _np.lib.array_utils.normalize_axis_tuple(
        axis if isinstance(axis, tuple) else (axis,), a.ndim)
    if tuple(w.shape) != tuple(a.shape[ax] for ax in axes):
        raise ValueError("Shape of weights must be consistent with shape "
                         "of a along specified axis.")
    w = w.transpose(tuple(int(i) for i in _np.argsort(axes)))
    return w.reshape(tuple(s if i in axes else 1
                           for i, s in enumerate(a.shape)))


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = _asarray(a)
    if isinstance(axis, list):
        axis = tuple(axis)      # NumPy's average takes any sequence
    if axis is not None:        # ints by operator.index (True is 1)
        axis = tuple(_np.lib.array_utils.normalize_axis_tuple(axis, a.ndim))
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        # NumPy's division: an empty result raises ZeroDivisionError
        scl = avg.dtype.type(a.size / avg.size)
        if returned:
            return avg, _core.full(avg.shape, scl, avg.dtype)
        return avg
    w = _asarray(weights)
    if a.dtype.kind in "biu":
        rdt = _np.result_type(a.dtype, w.dtype, "f8")
    else:
        rdt = _np.result_type(a.dtype, w.dtype)
    if a.shape != w.shape:
        w = _weights_along(a, w, axis)
    wb = broadcast_to(w, a.shape)
    scl = _sums.sum(wb, axis, dtype=rdt, keepdims=keepdims)
    if bool((scl == 0).any()):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    prodw = _ufunc("multiply")(a, wb, dtype=rdt)
    avg = _sums.sum(prodw, axis, keepdims=keepdims) / scl
    if returned:
        if scl.shape != avg.shape:
            scl = broadcast_to(scl, avg.shape).copy()
        return avg, scl
    return avg

