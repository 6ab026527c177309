"""The reduction front end every reduction uses (docs/design/reductions.md;
moved from _reductions.py, issue 14): argument checks (axes, dtype, out,
keepdims, where, initial) and `_reduce`, which hands an op to the C core.

Every reduction describes its op as the engine's four expressions
(identity, map, combine, finish: Note [Reduction spec] in
csrc/jit/reduce.h) over an accumulator type (the op table is
reduction_ops.py), and hands it with the array, the axes and the output
to ``_core._reduce``.  Result dtypes come from NumPy itself (a call on a
one-element probe, cached), so they follow the NumPy installed.  Full
reductions return 0-d arrays, as CuPy does.  The public reductions live
in their chapters: math/sums.py, math/extrema.py, logic/truth.py,
statistics/moments.py.
"""

import functools as _ft
import operator as _op
import warnings as _warnings

import numpy as _np

from .._core import ndarray
from .reduction_ops import _acc_of, _op_sum
from .. import _core
from . import datetimes as _dt
from .ufuncs import check_out, where as _where


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


def timedelta_dtype_arg(dtype):
    """dtype= of a timedelta64 sum or mean: NumPy's add loop for
    timedeltas is picked whatever general type dtype= names (the result
    keeps the input's unit), and a dtype with details (a time unit, a
    size) is its TypeError."""
    if dtype is None:
        return None
    dt = _np.dtype(dtype)
    if (dt.kind in "mM" and _np.datetime_data(dt)[0] != "generic") or \
            dt.kind in "USV":
        raise TypeError("The `dtype` and `signature` arguments to ufuncs "
                        "only select the general DType and not details "
                        "such as the byte order or time unit. You can "
                        "avoid this error by using the scalar types "
                        "`np.float64` or the dtype string notation.")
    return None


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
    check_out(out)
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
    # NumPy reads keepdims as an integer (its TypeError for a str or a
    # NumPy bool, which has no __index__)
    if _op.index(keepdims):
        return tuple(1 if i in axes else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axes)


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
    if a.dtype.kind == "V":     # structured/void data: NumPy's error
        _void_reduce_error(a.dtype, name)
    res, user = _out_array(out, shape, out_dtype)
    _core._reduce(a, axes, res, op, _np.dtype(in_loop), _np.dtype(out_dtype),
                  float(p0), float(p1))
    return res


def _void_reduce_error(dt, name):
    """Raises what NumPy raises for the reduction `name` (a ufunc's name,
    else a TypeError naming the dtype) of structured or void data."""
    uf = getattr(_np, name, None)
    if isinstance(uf, _np.ufunc):
        uf.reduce(_np.zeros(1, dt))
    raise TypeError("%s: no kernel for dtype %r (structured and void data "
                    "can be copied, indexed and compared for equality only)"
                    % (name, dt))


# mutate: skip const,drop-kwarg: a cache's size changes no result
@_ft.lru_cache(maxsize=512)
def _np_reduce_dtype(ufunc_name, dt, dtype):
    uf = getattr(_np, ufunc_name)
    # mutate: skip const: a dtype probe; reduce's dtype ignores its length
    probe = _np.zeros(1, dt)
    with _warnings.catch_warnings():
        # the engine warns of a complex -> real cast on every call; the
        # probe's warning would come once per cached dtype pair
        _warnings.simplefilter("ignore", _np.exceptions.ComplexWarning)
        return uf.reduce(probe, dtype=dtype).dtype


def _masked(a, where, fill):
    """a with `fill` where `where` is False (NumPy's where= of reductions)."""
    if where is True or where is None:
        return a
    where = _asarray(where)
    if where.dtype != _np.bool_:    # NumPy casts where= safely to bool
        raise TypeError("Cannot cast array data from %r to dtype('bool') "
                        "according to the rule 'safe'" % where.dtype)
    return _where(where, a, _np.asarray(fill, a.dtype)[()])


def _nan_replaced(a, fill):
    """a with its nans replaced by fill (NumPy's _replace_nan)."""
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


# mutate: skip const,drop-kwarg: a cache's size changes no result
@_ft.lru_cache(maxsize=256)
def _sum_plan(a_dtype, prod):
    """Result dtype and engine op of a plain sum/prod of a_dtype."""
    dt = _np_reduce_dtype("multiply" if prod else "add", a_dtype, None)
    acc = _np.dtype(_np.int32) if dt.kind == "b" else _acc_of(dt)
    return dt, _op_sum(acc, nan=False, prod=prod)


def _sum_like(a, axis, dtype, out, keepdims, initial, where, prod=False,
              nan=False):
    if type(a) is not ndarray and hasattr(a, "_gpa_fuse_reduce") and \
            not nan:  # a gpuarray.fuse tracer (Note [Fusion stages])
        return a._gpa_fuse_reduce("prod" if prod else "sum", axis, dtype,
                                  keepdims)
    if type(a) is ndarray and a.dtype.kind in "mM":
        return _timedelta_sum(a, axis, dtype, out, keepdims, initial, where,
                              prod)
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
        # mutate: skip const=1: any nonzero fill is True once cast to bool
        a, nan = _nan_replaced(a, 1 if prod else 0), False
    a = _masked(a, where, 1 if prod else 0)
    acc = _acc_of(dt)
    if dt.kind == "b":
        acc = _np.dtype(_np.int32)
    op = _op_sum(acc, nan=nan, prod=prod)
    in_loop = dt if not nan else a.dtype
    if nan:
        _core._warn_cast_drops_imaginary(a.dtype, dt)
    if nan and dt != a.dtype:
        in_loop = a.dtype
    res = _reduce(a, axis, out, keepdims, op, in_loop, dt)
    return _initial_apply(res, initial, _ufunc("multiply" if prod else "add"))


def _timedelta_sum(a, axis, dtype, out, keepdims, initial, where, prod):
    """sum of timedelta64 (NumPy's add.reduce: NaT propagates; nansum is
    sum, NumPy's NaN rules don't touch NaT): the int64 sum of the values
    and a NaT count, one select.  datetime64 sums and every product are
    NumPy's UFuncTypeError."""
    if prod or a.dtype.kind == "M":
        (_np.multiply if prod else _np.add).reduce(_np.zeros(1, a.dtype))
    timedelta_dtype_arg(dtype)
    s = _sum_like(_dt.int64_view(a), axis, None, None, keepdims, None, where)
    n = _sum_like(_dt.isnat_mask(a), axis, _np.int64, None, keepdims, None,
                  where)
    init = 0 if initial is None or initial is _np._NoValue else \
        _dt.scalar_key(initial, a.dtype, False)
    res = _core.empty(s.shape, _np.int64)
    _core._elementwise("out0 = (in1 > 0 || in2 == %s) ? %s : in0 + in2;"
                       % (_dt._C_NAT, _dt._C_NAT), (s, n, init), (res,),
                       (_np.int64,) * 4)
    res = res.view(a.dtype)
    if out is None:
        return res
    out[...] = res
    return out


def _ufunc(name):
    return _core.ufuncs[name]

