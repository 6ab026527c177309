"""Reductions and statistics (docs/design/reductions.md); the scans are in
_scans.py and the op descriptions in _reduction_ops.py.

Every function here describes its op as the engine's four expressions
(identity, map, combine, finish: Note [Reduction spec] in
csrc/jit/reduce.h) over an accumulator type, and hands it with the
array, the axes and the output to ``_core._reduce`` / ``_core._scan``.
Result dtypes come from NumPy itself (a call on a one-element probe,
cached), so they follow the NumPy installed.  Full reductions return 0-d
arrays, as CuPy does.
"""
import builtins as _b
import functools as _ft
import operator as _op

import numpy as _np

from . import _core
from ._core import ndarray

from ._reduction_ops import (_ct, _acc_of, _op_sum, _op_bool, _op_extremum,
                             _op_arg, _op_var, _scan_op)

__all__ = [
    "sum", "prod", "product", "mean", "var", "std", "min", "max", "amin",
    "amax", "argmin", "argmax", "all", "any", "ptp", "count_nonzero",
    "average", "nansum", "nanprod", "nanmean", "nanvar", "nanstd", "nanmin",
    "nanmax", "nanargmin", "nanargmax", "diff", "allclose", "array_equal",
    "array_equiv",
]


def _asarray(a):
    if isinstance(a, ndarray):
        return a
    return _core._asarray(a)


def _axis_int(ax, strict=True):
    """An axis as an int; to NumPy's ufunc reductions and scans a bool is
    not one (their TypeError), to median/average it is."""
    if strict and isinstance(ax, (bool, _np.bool_)):
        raise TypeError("an integer is required for the axis")
    return _op.index(ax)


def _dtype_arg(dtype):
    """dtype= of a numeric reduction: None or a numeric dtype (bool, int,
    float, complex); an unknown name or a string, object, datetime or
    void type is NumPy's TypeError."""
    if dtype is None:
        return None
    dt = _np.dtype(dtype)
    if dt.kind not in "biufc":
        raise TypeError("gpuarray reductions take a numeric dtype, not %r"
                        % dt)
    return dt


def _axes(axis, nd, strict=True):
    """Normalized tuple of reduced axes (NumPy's errors)."""
    norm = _np.lib.array_utils.normalize_axis_index
    if axis is None:
        return tuple(range(nd))
    if isinstance(axis, tuple):
        out = []
        for ax in axis:
            ax = norm(_axis_int(ax, strict), nd)
            if ax in out:
                raise ValueError("duplicate value in 'axis'")
            out.append(ax)
        return tuple(sorted(out))
    return (norm(_axis_int(axis, strict), nd),)


def _ufunc_axis(a, axis):
    """axis as NumPy's ufunc-based reductions read it: on a 0-d array an
    int axis 0 or -1 names no axis (a legacy NumPy rule; mean, var and
    median still raise AxisError)."""
    if a.ndim == 0 and not isinstance(axis, (tuple, list)) and \
            axis is not None and _axis_int(axis) in (0, -1):
        return ()
    return axis


def _single_axis(axis):
    """NumPy's error for a tuple given to a one-axis function."""
    if isinstance(axis, (tuple, list)):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(axis).__name__)


def _check_out_shape(out, shape):
    """out= of a reduction built by several launches: NumPy's shape
    check (out[...] = r would broadcast instead)."""
    if out is not None and tuple(out.shape) != tuple(shape):
        raise ValueError("output parameter for reduction operation has "
                         "the wrong shape: %s, expected %s"
                         % (tuple(out.shape), tuple(shape)))


def _into_out(out, r):
    """r written into out= (shape checked first: no broadcasting)."""
    if out is None:
        return r
    if not isinstance(out, ndarray):
        raise TypeError("out must be a gpuarray.ndarray")
    _check_out_shape(out, r.shape)
    out[...] = r
    return out


def _result_shape(shape, axes, keepdims):
    if keepdims:
        return tuple(1 if i in axes else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axes)


# ---------------------------------------------------------------------------
# The engine calls

def _out_array(out, shape, dtype):
    if out is None:
        return _core.empty(shape, dtype), None
    if not isinstance(out, ndarray):
        raise TypeError("out must be a gpuarray.ndarray")
    if tuple(out.shape) != tuple(shape):
        raise ValueError("output parameter for reduction operation %s has "
                         "the wrong shape" % "")
    if not out.flags.writeable:     # the kernel writes it directly
        raise ValueError("output array is read-only")
    return out, out


def _reduce(a, axis, out, keepdims, op, in_loop, out_dtype, p0=0.0, p1=0.0,
            name="reduction", has_identity=True):
    nd = a.ndim
    axes = _axes(axis, nd)
    shape = _result_shape(a.shape, axes, keepdims)
    if not has_identity:
        for ax in axes:
            if a.shape[ax] == 0:
                raise ValueError("zero-size array to reduction operation %s "
                                 "which has no identity" % name)
    res, user = _out_array(out, shape, out_dtype)
    _core._reduce(a, axes, res, op, _np.dtype(in_loop), _np.dtype(out_dtype),
                  float(p0), float(p1))
    return res


@_ft.lru_cache(maxsize=512)
def _np_reduce_dtype(ufunc_name, dt, dtype):
    uf = getattr(_np, ufunc_name)
    probe = _np.zeros(1, dt)
    return uf.reduce(probe, dtype=dtype).dtype


def _masked(a, where, fill):
    """a with `fill` where `where` is False (NumPy's where= of reductions)."""
    if where is True or where is None:
        return a
    from ._ufuncs import where as _where
    return _where(_asarray(where), a, _np.asarray(fill, a.dtype)[()])


def _nan_replaced(a, fill):
    """a with its nans replaced by fill (NumPy's _replace_nan)."""
    from ._ufuncs import where as _where
    return _where(_ufunc("isnan")(a), _np.asarray(fill, a.dtype)[()], a)


def _initial_scalar(initial, dt):
    """initial in the result type, converted as NumPy does: a Python int
    out of range raises OverflowError, a nan into an integer ValueError,
    a complex into a real type TypeError (not a silent astype)."""
    return _np.array(initial, dtype=dt)[()]


def _initial_apply(res, initial, ufunc):
    if initial is None or initial is _np._NoValue:
        return res
    ufunc(res, _initial_scalar(initial, res.dtype), out=res)
    return res


def _out_loop_dtype(a_dtype, dtype, out):
    """The loop type of an add/multiply reduction or scan: with no dtype=
    NumPy runs it in out's type when the input casts to it safely
    (np.sum(f32, out=f64) sums in float64, not float32 then cast)."""
    if dtype is None and isinstance(out, ndarray) and \
            _np.can_cast(a_dtype, out.dtype, "safe"):
        return out.dtype
    return dtype


@_ft.lru_cache(maxsize=256)
def _sum_plan(a_dtype, prod):
    """Result dtype and engine op of a plain sum/prod of a_dtype."""
    dt = _np_reduce_dtype("multiply" if prod else "add", a_dtype, None)
    acc = _np.dtype(_np.int32) if dt.kind == "b" else _acc_of(dt)
    return dt, _op_sum(acc, nan=False, prod=prod)


def _sum_like(a, axis, dtype, out, keepdims, initial, where, prod=False,
              nan=False):
    if axis is None and type(a) is ndarray and dtype is None and \
            out is None and initial is None and where is True and \
            not keepdims and not (nan and a.dtype.kind in "fc"):
        # the plain whole-array sum (x.sum()): a cached plan, one call
        # into the engine -- its per-call cost shows next to CuPy's
        dt, op = _sum_plan(a.dtype, prod)
        res = _core.empty((), dt)
        _core._reduce(a, tuple(range(a.ndim)), res, op, dt, dt, 0.0, 0.0)
        return res
    a = _asarray(a)
    dtype = _dtype_arg(dtype)
    axis = _ufunc_axis(a, axis)
    dtype = _out_loop_dtype(a.dtype, dtype, out)
    if nan and a.dtype.kind not in "fc":
        nan = False
    dt = _np_reduce_dtype("multiply" if prod else "add", a.dtype,
                          None if dtype is None else _np.dtype(dtype))
    if nan and dt.kind == "b":
        # the engine's float -> int32 accumulator cast would truncate
        # 0.5 to 0; NumPy replaces the nans, then casts to bool (!= 0)
        a, nan = _nan_replaced(a, 1 if prod else 0), False
    a = _masked(a, where, 1 if prod else 0)
    acc = _acc_of(dt)
    if dt.kind == "b":
        acc = _np.dtype(_np.int32)
    op = _op_sum(acc, nan=nan, prod=prod)
    in_loop = dt if not nan else a.dtype
    if nan and dt != a.dtype:
        in_loop = a.dtype
    res = _reduce(a, axis, out, keepdims, op, in_loop, dt)
    return _initial_apply(res, initial, _ufunc("multiply" if prod else "add"))


def _ufunc(name):
    return _core.ufuncs[name]


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
        where=True):
    """Sum of elements over the given axes (tree summation: bit-identical
    across runs, accuracy at least that of NumPy's pairwise sum)."""
    return _sum_like(a, axis, dtype, out, keepdims, initial, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
         where=True):
    return _sum_like(a, axis, dtype, out, keepdims, initial, where,
                     prod=True)


product = prod


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
           where=True):
    return _sum_like(a, axis, dtype, out, keepdims, initial, where,
                     nan=True)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
            where=True):
    return _sum_like(a, axis, dtype, out, keepdims, initial, where,
                     prod=True, nan=True)


def _extremum(a, axis, out, keepdims, initial, where, ismax, nan_skip):
    a = _asarray(a)
    axis = _ufunc_axis(a, axis)
    name = "maximum" if ismax else "minimum"
    fn = ("gpa_fmax" if ismax else "gpa_fmin") if nan_skip else \
        ("gpa_maximum" if ismax else "gpa_minimum")
    if where is not True and where is not None:
        if initial is None:
            raise ValueError("reduction operation '%s' does not have an "
                             "identity, so to use a where mask one has to "
                             "specify 'initial'" % name)
        a = _masked(a, where, initial)
    has_init = initial is not None and initial is not _np._NoValue
    axes = _axes(axis, a.ndim)
    empty = _b.any(a.shape[ax] == 0 for ax in axes)
    if empty and has_init:
        shape = _result_shape(a.shape, axes, keepdims)
        res, _ = _out_array(out, shape, a.dtype)
        res.fill(_initial_scalar(initial, res.dtype))
        return res
    res = _reduce(a, axis, out, keepdims,
                  _op_extremum(a.dtype, fn, nan_skip), a.dtype, a.dtype,
                  name=name, has_identity=False)
    if has_init:
        _initial_apply(res, initial, _ufunc(
            ("fmax" if ismax else "fmin") if nan_skip else name))
    return res


def max(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    """Largest element (NaN propagates, as in NumPy)."""
    return _extremum(a, axis, out, keepdims, initial, where, True, False)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _extremum(a, axis, out, keepdims, initial, where, False, False)


amax, amin = max, min


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    """Largest element ignoring NaN; all-NaN slices give NaN."""
    return _extremum(a, axis, out, keepdims, initial, where, True, True)


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _extremum(a, axis, out, keepdims, initial, where, False, True)


def ptp(a, axis=None, out=None, keepdims=False):
    if out is None:
        return max(a, axis, None, keepdims) - min(a, axis, None, keepdims)
    # NumPy's order: the max lands in out first, so the subtraction runs
    # in out's type (a bool ptp into an int out works, f32 into f64 is
    # subtracted in float64)
    hi = max(a, axis, out, keepdims)
    return _ufunc("subtract")(hi, min(a, axis, None, keepdims), out=out)


def _arg(a, axis, out, keepdims, ismax, nan_skip):
    a = _asarray(a)
    name = "argmax" if ismax else "argmin"
    if nan_skip and a.dtype.kind in "fc" and isinstance(axis, tuple) and \
            a.size:
        # NumPy's nanarg* check the axes first (its all-nan test), but
        # only for a non-empty array
        _axes(axis, a.ndim)
    _single_axis(axis)
    axis = _ufunc_axis(a, axis)
    # (not `axis == ()`: a NumPy integer compares to () as an array)
    if isinstance(axis, tuple) and not axis:
        axis = None
    axes = _axes(axis, a.ndim)
    # only an empty reduced axis has no answer: (0, 4) along axis 1 is an
    # empty result, as in NumPy
    if _b.any(a.shape[ax] == 0 for ax in axes):
        raise ValueError("attempt to get %s of an empty sequence" % name)
    res = _reduce(a, axis, None, keepdims, _op_arg(a.dtype, ismax, nan_skip),
                  a.dtype, _np.int64)
    if nan_skip and a.dtype.kind in "fc" and res.size:
        if bool((res < 0).any()):
            raise ValueError("All-NaN slice encountered")
    if out is not None:
        _arg_out(out, res, name)
        out[...] = res
        return out
    return res


def _arg_out(out, res, name):
    """NumPy's checks of argmin/argmax's out=: its shape exactly, and a
    type that casts safely to int64 (NumPy's own direction)."""
    if not isinstance(out, ndarray):
        raise TypeError("out must be a gpuarray.ndarray")
    if tuple(out.shape) != tuple(res.shape):
        raise ValueError("output array does not match result of np.%s."
                         % name)
    if not _np.can_cast(out.dtype, res.dtype, "safe"):
        raise TypeError("Cannot cast array data from %r to %r according "
                        "to the rule 'safe'" % (out.dtype, res.dtype))


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the first largest element (the first NaN if any)."""
    return _arg(a, axis, out, keepdims, True, False)


def argmin(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, False, False)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, True, True)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, False, True)


def _logical(a, axis, out, keepdims, where, kind):
    a = _asarray(a)
    axis = _ufunc_axis(a, axis)
    a = _masked(a, where, kind == "all")
    return _reduce(a, axis, out, keepdims, _op_bool(kind), a.dtype,
                   _np.bool_)


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    return _logical(a, axis, out, keepdims, where, "all")


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    return _logical(a, axis, out, keepdims, where, "any")


def count_nonzero(a, axis=None, *, keepdims=False):
    a = _asarray(a)
    axis = _ufunc_axis(a, axis)
    op = ("gpa_i64", 8, "0", "gpa_nonzero(in0) ? 1LL : 0LL", "a + b",
          "gpa_cast<out0_t>(a)", None)
    return _reduce(a, axis, None, keepdims, op, a.dtype, _np.int64)


def _count(a, axis, keepdims, where):
    axes = _axes(axis, a.ndim)
    if where is True or where is None:
        n = 1
        for ax in axes:
            n *= a.shape[ax]
        return n
    from ._manipulation import broadcast_to
    w = broadcast_to(_asarray(where), a.shape)
    return sum(w, axis, dtype=_np.int64, keepdims=keepdims)


def _divide_inplace(res, n):
    _ufunc("divide")(res, n, out=res)
    return res


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean: a sum in NumPy's accumulator type, divided."""
    a = _asarray(a)
    dtype = _dtype_arg(dtype)
    f16 = False
    if dtype is None:
        if a.dtype.kind in "biu":
            dtype = _np.float64
        elif a.dtype == _np.float16:
            dtype, f16 = _np.float32, True
    s = sum(a, axis, dtype=dtype, out=None if f16 else out,
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


def _var(a, axis, dtype, out, ddof, keepdims, where, sqrt, nan_skip):
    a = _asarray(a)
    dtype = _dtype_arg(dtype)
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
                             where, sqrt)
    ct, real, res_dt = _var_types(a, dtype)
    if a.dtype.kind == "c" and ct.kind == "f" and where is True:
        # NumPy's two passes: a real mean (the imaginary parts dropped),
        # then |x - mean|^2 -- var(re) + mean(im^2), not the one-pass form
        where = _np.True_
    if where is not True and where is not None:
        if nan_skip:
            # the nans leave the mask: nanvar counts only the rest
            from ._manipulation import broadcast_to
            where = _ufunc("logical_and")(
                broadcast_to(_asarray(where), a.shape),
                _ufunc("logical_not")(_ufunc("isnan")(a)))
        return _var_where(a, axis, dtype, out, ddof, keepdims, where, sqrt,
                          nan_skip)
    # float16 moments accumulate in float32, as sums do (the Welford
    # state has no half-precision form)
    acc = _np.dtype(_np.float32) if real == _np.float16 else real
    op = _op_var(_ct(acc), ct.kind == "c", nan_skip)
    in_loop = ct if ct.kind == "c" or a.dtype.kind != "c" else a.dtype
    return _reduce(a, axis, out, keepdims, op, in_loop, res_dt, ddof,
                   1.0 if sqrt else 0.0)


def _var_in_dtype(a, axis, dt, out, ddof, keepdims, where, sqrt):
    """var/std with an integer or bool dtype=, NumPy's two passes in that
    type: the mean truncated into dt, the deviations squared, their sum in
    dt divided (truncating).  std's square root cannot be cast back into
    an integer array (NumPy's error); a 0-d result is truncated."""
    m = mean(a, axis, dtype=dt, keepdims=True, where=where)
    x = a - m
    if x.dtype.kind == "c":     # |x|^2, as NumPy's x * conj(x)
        x = _ufunc("multiply")(x, _ufunc("conjugate")(x)).real
    else:
        x = x * x
    s = sum(x, axis, dtype=dt, keepdims=keepdims, where=where)
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
               nan_skip=False):
    m = mean(a, axis, dtype=dtype, keepdims=True, where=where)
    x = a - m
    if x.dtype.kind == "c":
        x = _ufunc("multiply")(x, _ufunc("conjugate")(x)).real
    else:
        x = x * x
    s = sum(x, axis, keepdims=keepdims, where=where)
    n = _count(a, axis, keepdims, where)
    r = s / _ufunc("maximum")(n - ddof, 0) if isinstance(n, ndarray) else \
        s / _b.max(n - ddof, 0)
    if nan_skip:
        # nanvar: nan, not inf, where no degrees of freedom are left
        from ._ufuncs import where as _where
        r = _where(n - ddof <= 0, _np.nan, r).astype(r.dtype)
    if sqrt:
        r = _ufunc("sqrt")(r)
    res_dt = _var_types(a, dtype)[2]
    if r.dtype != res_dt:
        r = r.astype(res_dt)
    return _into_out(out, r)


def _ddof(ddof, correction):
    """NumPy's ddof/correction pair: correction is the Array API's name."""
    if correction is None:
        return ddof
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided "
                         "simultaneously.")
    return correction


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
    return _var(a, axis, dtype, out, ddof, keepdims, where, False, False)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=None, correction=None):
    ddof = _ddof(ddof, correction)
    return _var(a, axis, dtype, out, ddof, keepdims, where, True, False)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    ddof = _ddof(ddof, correction)
    return _var(a, axis, dtype, out, ddof, keepdims, where, False, True)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    ddof = _ddof(ddof, correction)
    return _var(a, axis, dtype, out, ddof, keepdims, where, True, True)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *,
            where=True):
    a = _asarray(a)
    dtype = _dtype_arg(dtype)
    if a.dtype.kind not in "fc":
        return mean(a, axis, dtype, out, keepdims, where=where)
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
    from ._manipulation import broadcast_to
    wb = broadcast_to(w, a.shape)
    scl = sum(wb, axis, dtype=rdt, keepdims=keepdims)
    if bool((scl == 0).any()):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    prodw = _ufunc("multiply")(a, wb, dtype=rdt)
    avg = sum(prodw, axis, keepdims=keepdims) / scl
    if returned:
        if scl.shape != avg.shape:
            scl = broadcast_to(scl, avg.shape).copy()
        return avg, scl
    return avg


# ---------------------------------------------------------------------------
# Differences and comparisons

def diff(a, n=1, axis=-1, prepend=_np._NoValue, append=_np._NoValue):
    a = _asarray(a)
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got %s" % repr(n))
    nd = a.ndim
    if nd == 0:
        raise ValueError("diff requires input that is at least one "
                         "dimensional")
    _single_axis(axis)
    axis = _axes(axis, nd)[0]
    from ._manipulation import concatenate, broadcast_to
    parts = []
    for v, at_end in ((prepend, False), (append, True)):
        if v is _np._NoValue:
            continue
        v = _asarray(v)
        if v.ndim == 0:
            shp = list(a.shape)
            shp[axis] = 1
            v = broadcast_to(v, tuple(shp))
        parts.append((v, at_end))
    if parts:
        seq = [p for p, e in parts if not e] + [a] + \
            [p for p, e in parts if e]
        a = concatenate(seq, axis=axis)
    sub = _ufunc("not_equal") if a.dtype == _np.bool_ else \
        _ufunc("subtract")
    for _ in range(n):
        lo = [slice(None)] * nd
        hi = [slice(None)] * nd
        lo[axis] = slice(None, -1)
        hi[axis] = slice(1, None)
        a = sub(a[tuple(hi)], a[tuple(lo)])
    return a


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    from ._ufuncs import isclose
    return all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def array_equal(a1, a2, equal_nan=False):
    a1, a2 = _asarray(a1), _asarray(a2)
    if a1.shape != a2.shape:
        return _core._asarray(_np.bool_(False))
    eq = a1 == a2
    if equal_nan and a1.dtype.kind in "fc" and a2.dtype.kind in "fc":
        both = _ufunc("logical_and")(_ufunc("isnan")(a1),
                                     _ufunc("isnan")(a2))
        eq = _ufunc("logical_or")(eq, both)
    return all(eq)


def array_equiv(a1, a2):
    a1, a2 = _asarray(a1), _asarray(a2)
    try:
        _np.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return _core._asarray(_np.bool_(False))
    return all(a1 == a2)


# ---------------------------------------------------------------------------
# ufunc.reduce / ufunc.accumulate (hooks the C ufunc type calls)

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
        from ._ufunc_fold import fold_reduce
        return fold_reduce(uf, a, axis, dtype, out, keepdims, initial,
                           where)
    raise ValueError("reduce only supported for binary functions" if
                     uf.nin != 2 else "reduce only supported for functions "
                     "returning a single value")


_core._set_hook("ufunc.reduce", _ufunc_reduce)

# ---------------------------------------------------------------------------
# ndarray methods (NumPy 2's set: no ptp)

def _m_sum(self, axis=None, dtype=None, out=None, keepdims=False,
           initial=None, where=True):
    return sum(self, axis, dtype, out, keepdims, initial, where)


def _m_prod(self, axis=None, dtype=None, out=None, keepdims=False,
            initial=None, where=True):
    return prod(self, axis, dtype, out, keepdims, initial, where)


def _m_max(self, axis=None, out=None, keepdims=False, initial=None,
           where=True):
    return max(self, axis, out, keepdims, initial, where)


def _m_min(self, axis=None, out=None, keepdims=False, initial=None,
           where=True):
    return min(self, axis, out, keepdims, initial, where)


def _m_mean(self, axis=None, dtype=None, out=None, keepdims=False, *,
            where=True):
    return mean(self, axis, dtype, out, keepdims, where=where)


# NumPy's methods take no correction= (the functions do)
def _m_var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None):
    return var(self, axis, dtype, out, ddof, keepdims, where=where)


def _m_std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None):
    return std(self, axis, dtype, out, ddof, keepdims, where=where)


def _m_all(self, axis=None, out=None, keepdims=False, *, where=True):
    return all(self, axis, out, keepdims, where=where)


def _m_any(self, axis=None, out=None, keepdims=False, *, where=True):
    return any(self, axis, out, keepdims, where=where)


def _m_argmax(self, axis=None, out=None, *, keepdims=False):
    return argmax(self, axis, out, keepdims=keepdims)


def _m_argmin(self, axis=None, out=None, *, keepdims=False):
    return argmin(self, axis, out, keepdims=keepdims)


for _name, _fn in {"sum": _m_sum, "prod": _m_prod, "max": _m_max,
                   "min": _m_min, "mean": _m_mean, "var": _m_var,
                   "std": _m_std, "all": _m_all, "any": _m_any,
                   "argmax": _m_argmax, "argmin": _m_argmin}.items():
    setattr(ndarray, _name, _fn)
