"""Every NumPy ufunc on the device (the C core's gpuarray.ufunc objects),
NumPy's aliases for them, and the elementwise functions that are not
ufuncs in NumPy (where, clip, around, real, imag, angle, nan_to_num,
isclose), each one kernel through the same engine."""
import operator as _operator
import warnings as _warnings

import numpy as _np

from .. import _core
from .._core import ndarray

globals().update(_core.ufuncs)

_ALIASES = {
    "abs": "absolute", "conj": "conjugate", "mod": "remainder",
    "bitwise_not": "invert", "bitwise_invert": "invert",
    "true_divide": "divide", "bitwise_left_shift": "left_shift",
    "bitwise_right_shift": "right_shift", "acos": "arccos",
    "asin": "arcsin", "atan": "arctan", "acosh": "arccosh",
    "asinh": "arcsinh", "atanh": "arctanh", "atan2": "arctan2",
    "pow": "power",
}
for _alias, _name in _ALIASES.items():
    if _name in _core.ufuncs:
        globals()[_alias] = _core.ufuncs[_name]

__all__ = sorted(set(_core.ufuncs) | {a for a, n in _ALIASES.items()
                                      if n in _core.ufuncs}
                 | {"where", "clip", "around", "round", "round_", "real",
                    "imag", "angle", "nan_to_num", "isclose"})


def check_out(out):
    """out= is None or a gpuarray array: NumPy's TypeError for anything
    else (a list, a NumPy scalar), before any shape is looked at."""
    if out is not None and not isinstance(out, ndarray):
        raise TypeError("'out' must be a gpuarray.ndarray (got %s)"
                        % type(out).__name__)
    return out


def check_subok(subok):
    """subok= of a ufunc-like function: nothing to keep (no subclasses),
    but a bool as NumPy requires."""
    if not isinstance(subok, bool):     # (a NumPy bool too is refused)
        raise TypeError("'subok' must be a boolean")


def _as_operand(x):
    """Arrays stay arrays; Python/NumPy scalars stay scalars (weak or
    strong as NumPy 2 treats them); anything else becomes an array."""
    if isinstance(x, ndarray) or _np.isscalar(x):
        return x
    return _core._asarray(x)


def _as_array(x):
    """x as a gpuarray array (a scalar as a 0-d one), for the functions
    below that read x.dtype and write a result of x's shape."""
    return x if isinstance(x, ndarray) else _core._asarray(x)


def _dtype_of(x):
    """The dtype NumPy's promotion sees for an operand."""
    if isinstance(x, ndarray):
        return x.dtype
    if isinstance(x, (bool, int, float, complex)):
        return x  # weak Python scalar
    return _np.asarray(x).dtype


def _result_shape(*xs):
    return _np.broadcast_shapes(*[x.shape for x in xs
                                  if isinstance(x, ndarray)])


def where(condition, x=None, y=None, /):
    """Elements of x where condition, else of y (one kernel).  All three
    are positional-only, as in NumPy (x= is its TypeError)."""
    if x is None and y is None:
        # nonzero() through the method _ndarray.py sets (it lives in the
        # indexing chapter, which _engine may not import)
        return _as_array(condition).nonzero()
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    c, x, y = _as_operand(condition), _as_operand(x), _as_operand(y)
    dt = _np.result_type(_dtype_of(x), _dtype_of(y))
    if dt.kind in "mM":  # both in the result's unit (datetime storage)
        x, y = (v.astype(dt, copy=False) if isinstance(v, ndarray) else
                _core._asarray(_np.asarray(v).astype(dt)) for v in (x, y))
    shape = _result_shape(c, x, y)
    out = _core.empty(shape, dt)
    if dt.kind == "V":
        return _where_bytes(c, x, y, out)
    _core._elementwise("out0 = in0 ? in1 : in2;", (c, x, y), (out,),
                       (_np.bool_, dt, dt, dt))
    return out


def _where_bytes(c, x, y, out):
    """where() of structured or void values: the same select on byte
    views (Note [Data-only dtypes], indexing/structured.py), the
    condition given a trailing axis to broadcast over the bytes."""
    dt = out.dtype
    ops = []
    for v in (x, y):
        if not isinstance(v, ndarray):
            host = _np.asarray(v, dtype=dt)
            v = _core.empty(host.shape, dt)
            v[...] = host
        elif v.dtype != dt:
            v = v.astype(dt)
        ops.append(v)
    w = _core._byte_unit(out, *ops)[0]
    u = _np.dtype("u%d" % w)

    def as_bytes(a):
        return _core._as_strided(a, a.shape + (dt.itemsize // w,),
                                 a.strides + (w,), 0, a.flags.writeable, u)
    if isinstance(c, ndarray):
        c = c[..., None]
    _core._elementwise("out0 = in0 ? in1 : in2;",
                       (c, as_bytes(ops[0]), as_bytes(ops[1])),
                       (as_bytes(out),), (_np.bool_, u, u, u))
    return out


def clip(a, a_min=_np._NoValue, a_max=_np._NoValue, out=None, *,
         min=_np._NoValue, max=_np._NoValue, **kwargs):
    """NumPy's clip: minimum(maximum(a, a_min), a_max), NaN propagating."""
    a_min, a_max = _clip_bounds(a_min, a_max, min, max)
    check_out(out)
    # (NumPy >= 2.1: no bounds is a copy, not an error)
    if _py_int(a) and not -2 ** 63 <= a < 2 ** 64:
        # NumPy clips it as a Python object: no gpuarray dtype holds it
        raise TypeError("clip: the Python int %d fits no gpuarray dtype "
                        "(NumPy would make an object array)" % a)
    a = _as_operand(a)
    if isinstance(a, ndarray) and a.dtype.kind in "iu":
        # NumPy 2: a Python int bound beyond the integer type's range that
        # cannot bind is dropped (the other way it raises OverflowError)
        info = _np.iinfo(a.dtype)
        if _py_int(a_min) and a_min < info.min:
            a_min = None
        if _py_int(a_max) and a_max > info.max:
            a_max = None
    if kwargs or out is not None or (a_min is None and a_max is None):
        # (no bounds: NumPy's clip is positive(a), which has no bool loop)
        dt = _clip_probe(a, a_min, a_max, out, kwargs)
        if isinstance(a, ndarray) and "dtype" in kwargs:
            a = a.astype(dt)    # the loop runs in dtype=
    r = a
    if a_min is not None:
        r = maximum(r, a_min)
    if a_max is not None:
        r = minimum(r, a_max)
    if r is a and isinstance(a, ndarray):
        r = a.copy()
    if out is not None:
        out[...] = r
        return out
    return r


def _clip_bounds(a_min, a_max, min, max):
    """NumPy's rule for the bounds: a_min and a_max both or neither
    (TypeError), min=/max= only in place of both."""
    nv = _np._NoValue
    if a_min is nv and a_max is nv:
        return (None if min is nv else min), (None if max is nv else max)
    for name, v in (("a_min", a_min), ("a_max", a_max)):
        if v is nv:
            raise TypeError("clip() missing 1 required positional "
                            "argument: '%s'" % name)
    if min is not nv or max is not nv:
        raise ValueError("Passing `min` or `max` keyword argument when "
                         "`a_min` and `a_max` are provided is forbidden.")
    return a_min, a_max


def _clip_probe(a, a_min, a_max, out, kwargs):
    """NumPy's clip on one-element stand-ins of the same dtypes, for its
    checks of dtype=, casting= and out= (its errors, its result dtype)."""
    # each stand-in keeps its array's ndim, so NumPy also refuses an out=
    # of fewer dimensions than the broadcast result
    def probe(x):
        if isinstance(x, ndarray):
            return _np.zeros((1,) * x.ndim, x.dtype)
        return x
    o = None if out is None else _np.zeros((1,) * out.ndim, out.dtype)
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore")
        return _np.clip(probe(a), probe(a_min), probe(a_max), out=o,
                        **kwargs).dtype


def _py_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def around(a, decimals=0, out=None):
    """Round half to even to `decimals` places, as numpy.around."""
    a = _as_array(a)
    decimals = _operator.index(decimals)
    check_out(out)
    if out is not None:
        _around_probe(a, decimals, out)
    if a.dtype.kind in "mM":
        _np.round(_np.zeros(1, a.dtype), decimals)  # NumPy's TypeError
    if a.dtype == _np.bool_:
        # NumPy rounds booleans through float16 (rint's loop); other
        # decimals need a multiply or divide whose result cannot be cast
        # back: NumPy's own error, from a one-element dummy
        if decimals != 0 and out is None:
            # mutate: skip const: run for its casting error, at any length
            _np.round(_np.zeros(1, _np.bool_), decimals)
        a = a.astype(_np.float16)
    # mutate: skip cmp=GtE,const=0: gpa_round leaves ints unchanged there too
    if a.dtype.kind in "iu" and decimals >= 0:
        r = a.copy()
    else:
        r = _core.empty(a.shape, a.dtype)
        _core._elementwise("out0 = gpa_round(in0, in1);", (a, decimals),
                           (r,), (a.dtype, _np.int64, a.dtype))
    if out is not None:
        out[...] = r
        return out
    return r


def _around_probe(a, decimals, out):
    """NumPy's checks of around's out=: the same size, a shape that a
    broadcasts to, and (on one-element stand-ins) a dtype the result casts
    to under same_kind -- with NumPy's errors."""
    if out.size != a.size:
        raise ValueError("invalid output shape")
    try:
        ok = _np.broadcast_shapes(a.shape, out.shape) == tuple(out.shape)
    except ValueError:
        ok = False
    if not ok:
        raise ValueError("non-broadcastable output operand with shape %s "
                         "doesn't match the broadcast shape %s"
                         % (tuple(out.shape), tuple(a.shape)))
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore")
        _np.around(_np.zeros((1,) * a.ndim, a.dtype), decimals,
                   # mutate: skip const: only the cast is probed here
                   out=_np.zeros((1,) * out.ndim, out.dtype))


round = around
round_ = around


def _complex_part(val, part):
    """A view of the real (part 0) or imaginary (1) floats of a complex
    array of any layout (0-d and strided included): the float view of its
    first element, restrided with the complex array's byte strides."""
    ft = _np.dtype(_np.float32 if val.dtype == _np.complex64
                   else _np.float64)
    if val.size == 0:
        # still a view of val, as NumPy's (base, writeability, flags)
        return _core._as_strided(val, val.shape, val.strides,
                                 part * ft.itemsize, val.flags.writeable, ft)
    first = val[(0,) * val.ndim].reshape(1).view(ft)
    return _core._as_strided(first, val.shape, val.strides,
                             part * ft.itemsize, val.flags.writeable)


def _python_part(val, attr):
    """NumPy's real/imag return val.real/val.imag where val has them: for
    a Python number that is Python's own (True.real is the int 1), kept
    here as a 0-d device array of that value."""
    return _core._asarray(getattr(val, attr))


def real(val):
    if type(val) in (bool, int, float, complex):
        return _python_part(val, "real")
    val = _as_array(val)    # (a str: the unsupported-dtype TypeError)
    if val.dtype.kind != "c":
        return val
    return _complex_part(val, 0)


def imag(val):
    if type(val) in (bool, int, float, complex):
        return _python_part(val, "imag")
    val = _as_array(val)
    if val.dtype.kind != "c":
        return _core.full(val.shape, 0, val.dtype)
    return _complex_part(val, 1)


def angle(z, deg=False):
    z = _as_array(z)
    # NumPy's arctan2(0, z): a weak 0, so int8 -> float16, int16 ->
    # float32, and bool with an int -> int64 -> float64
    dt = _np.result_type(z.dtype, _np.float16) if z.dtype.kind != "c" else \
        (_np.float32 if z.dtype == _np.complex64 else _np.float64)
    if z.dtype.kind == "b":
        dt = _np.dtype(_np.float64)
    out = _core.empty(z.shape, dt)
    _core._elementwise("out0 = gpa_cast<out0_t>(gpa_angle(in0));", (z,),
                       (out,), (z.dtype if z.dtype.kind in "fc"
                                else _np.float64, dt))
    return out * (180 / _np.pi) if deg else out


def _nan_to_num_fill(v, ft):
    """A fill value of nan_to_num as NumPy's copyto takes it: cast to
    the real float type ft under the 'same_kind' rule (a Python int,
    float or bool is a weak scalar; text, None, objects and complex
    values are TypeError); an array fills elementwise."""
    if isinstance(v, (bool, int, float)):
        return float(v)
    dev = isinstance(v, ndarray)
    a = v if dev else _np.asarray(v)
    if not _np.can_cast(a.dtype, ft, "same_kind"):
        raise TypeError("Cannot cast scalar from %r to %r according to the "
                        "rule 'same_kind' (nan_to_num's fill value)"
                        % (a.dtype, _np.dtype(ft)))
    if a.ndim == 0:
        return float(a.get() if dev else a)
    return a.astype(ft) if dev else _as_array(a.astype(ft))


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    if isinstance(copy, str):
        raise ValueError("strings are not allowed for 'copy' keyword. Use "
                         "True/False/None instead.")
    x = _as_array(x)
    if x.dtype.kind not in "fc":
        return x.copy() if copy else x
    ft = _np.float32 if x.dtype in (_np.float32, _np.complex64) else \
        (_np.float16 if x.dtype == _np.float16 else _np.float64)
    info = _np.finfo(ft)
    nan = _nan_to_num_fill(nan, ft)
    posinf = info.max if posinf is None else _nan_to_num_fill(posinf, ft)
    neginf = info.min if neginf is None else _nan_to_num_fill(neginf, ft)
    out = x.copy() if copy else x
    _core._elementwise("out0 = gpa_nan_to_num(in0, in1, in2, in3);",
                       (x, nan, posinf, neginf), (out,),
                       (x.dtype, ft, ft, ft, x.dtype))
    return out


def _check_tolerances(rtol, atol):
    """NumPy's isclose first asks whether atol and rtol are all finite:
    isfinite's TypeError for a str, None or an object; a nan or an inf
    is reported as np.errstate's 'invalid' setting says (a RuntimeWarning
    by default).  Device tolerances are checked by dtype only (no sync)."""
    def finite(t):
        if isinstance(t, ndarray):
            if t.dtype.kind not in "biufc":
                raise TypeError("ufunc 'isfinite' not supported for the "
                                "tolerance's dtype %s" % t.dtype)
            return True
        return bool(_np.all(_np.isfinite(t)))
    if finite(atol) and finite(rtol):
        return
    msg = "One of rtol or atol is not valid, atol: %s, rtol: %s" % (atol,
                                                                     rtol)
    mode = _np.geterr()["invalid"]
    if mode == "warn":
        _warnings.warn(msg, RuntimeWarning, stacklevel=3)
    elif mode == "raise":
        raise FloatingPointError(msg)
    elif mode == "print":
        print(msg)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _as_operand(a), _as_operand(b)
    _check_tolerances(rtol, atol)
    # array tolerances broadcast with a and b, as in NumPy
    rtol, atol = _as_operand(rtol), _as_operand(atol)
    dt = _np.result_type(_dtype_of(a), _dtype_of(b), 1.0)
    if isinstance(b, ndarray) and _np.result_type(b.dtype, 1.0) != dt:
        return _isclose_narrow_b(a, b, rtol, atol, equal_nan)
    out = _core.empty(_result_shape(a, b, rtol, atol), _np.bool_)
    _core._elementwise("out0 = gpa_isclose(in0, in1, in2, in3, in4);",
                       (a, b, rtol, atol, bool(equal_nan)), (out,),
                       (dt, dt, _np.float64, _np.float64, _np.bool_,
                        _np.bool_))
    return out


def _isclose_narrow_b(a, b, rtol, atol, equal_nan):
    """NumPy's isclose term by term, for b of a narrower float type than
    a: NumPy computes the tolerance atol + rtol * |b| in b's type (so
    atol=1e-8 is 0 in float16), the difference in the common one."""
    b = b.astype(_np.result_type(b.dtype, 1.0))
    tol = add(_as_operand(atol),
              multiply(_as_operand(rtol), absolute(b)))
    r = logical_or(logical_and(less_equal(absolute(subtract(a, b)), tol),
                               isfinite(b)), equal(a, b))
    if equal_nan:
        r = logical_or(r, logical_and(isnan(a), isnan(b)))
    return r


def _negative_exponent(b):
    """Any negative value in an integer exponent array (ufunc 'power'
    raises for them, as NumPy does)."""
    neg = less(b, 0)
    if hasattr(neg, "any"):
        return bool(neg.any())
    return bool(neg.get().any())




def _integer_divide_by_zero(name, b, where):
    """NumPy's divide-by-zero report for integer `name` (floor_divide,
    remainder, fmod, divmod) under np.errstate: b is the divisor array,
    or None for a zero scalar divisor; where the where= mask or None."""
    mode = _np.geterr()["divide"]
    if mode == "ignore":
        return
    if b is not None:
        zero = equal(b, 0)
        if where is not None:
            zero = logical_and(zero, where)
        if not bool(zero.any()):
            return
    elif where is not None and not bool(where.any()):
        return      # a zero scalar divisor, but no element is divided
    msg = "divide by zero encountered in " + name
    if mode == "raise":
        raise FloatingPointError(msg)
    if mode == "call":
        _np.geterrcall()("divide by zero", 1)
    elif mode == "log":
        _np.geterrcall().write("Warning: %s\n" % msg)
    else:  # warn, print
        _warnings.warn(msg, RuntimeWarning, stacklevel=2)


_core._set_hook("integer_divide_by_zero", _integer_divide_by_zero)


def _outer(uf, A, B, **kwargs):
    """ufunc.outer: uf(a[..., None, ...], b) over every pair of elements."""
    if uf.nin != 2:
        raise ValueError("outer product only supported for binary functions")
    A, B = _as_operand(A), _as_operand(B)
    a_shape = A.shape if isinstance(A, ndarray) else ()
    b_nd = B.ndim if isinstance(B, ndarray) else 0
    if isinstance(A, ndarray):
        A = A.reshape(a_shape + (1,) * b_nd)
    return uf(A, B, **kwargs)


