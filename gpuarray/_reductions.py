"""Reductions, scans and statistics (docs/design/reductions.md).

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

__all__ = [
    "sum", "prod", "product", "mean", "var", "std", "min", "max", "amin",
    "amax", "argmin", "argmax", "all", "any", "ptp", "count_nonzero",
    "average", "nansum", "nanprod", "nanmean", "nanvar", "nanstd", "nanmin",
    "nanmax", "nanargmin", "nanargmax", "cumsum", "cumprod", "cumulative_sum",
    "cumulative_prod", "nancumsum", "nancumprod", "diff", "allclose",
    "array_equal", "array_equiv",
]

_CT = {
    "?": "bool", "b": "gpa_i8", "B": "gpa_u8", "h": "gpa_i16",
    "H": "gpa_u16", "i": "gpa_i32", "I": "gpa_u32", "l": "gpa_i64",
    "q": "gpa_i64", "L": "gpa_u64", "Q": "gpa_u64", "e": "gpa_half",
    "f": "float", "d": "double", "F": "gpa_c64", "D": "gpa_c128",
}
_SIZE = {"?": 1, "b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8,
         "q": 8, "L": 8, "Q": 8, "e": 2, "f": 4, "d": 8, "F": 8, "D": 16}


def _ct(dt):
    return _CT[_np.dtype(dt).char]


def _asarray(a):
    if isinstance(a, ndarray):
        return a
    return _core._asarray(a)


def _axes(axis, nd):
    """Normalized tuple of reduced axes (NumPy's errors)."""
    norm = _np.lib.array_utils.normalize_axis_index
    if axis is None:
        return tuple(range(nd))
    if isinstance(axis, (tuple, list)):
        out = []
        for ax in axis:
            ax = norm(_op.index(ax), nd)
            if ax in out:
                raise ValueError("duplicate value in 'axis'")
            out.append(ax)
        return tuple(sorted(out))
    return (norm(_op.index(axis), nd),)


def _result_shape(shape, axes, keepdims):
    if keepdims:
        return tuple(1 if i in axes else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axes)


# ---------------------------------------------------------------------------
# Ops: (acc_t, acc_size, identity, map, combine, finish, preamble)

_ARG_PRE = r"""
template <class T> struct gpa_arg { T v; long long i; };
template <class T> GPA_DEVICE gpa_arg<T> gpa_arg_make(T v, long long i)
{ gpa_arg<T> r; r.v = v; r.i = i; return r; }
/* The winner of two (value, index) pairs: a nan wins (the first nan, as
 * NumPy), ties go to the smaller index, an index < 0 is empty. */
template <bool MAX, class T> GPA_DEVICE gpa_arg<T> gpa_arg_pick(gpa_arg<T> a, gpa_arg<T> b)
{
    if (a.i < 0) return b;
    if (b.i < 0) return a;
    bool an = gpa_isnan(a.v), bn = gpa_isnan(b.v);
    if (an || bn) {
        if (an && bn) return a.i <= b.i ? a : b;
        return an ? a : b;
    }
    bool bw = MAX ? gpa_gt(b.v, a.v) : gpa_lt(b.v, a.v);
    bool aw = MAX ? gpa_gt(a.v, b.v) : gpa_lt(a.v, b.v);
    if (bw) return b;
    if (aw) return a;
    return a.i <= b.i ? a : b;
}
"""

_WF_PRE = r"""
/* Welford/Chan: (count, mean, M2), merged pairwise (Chan et al.). */
template <class T> struct gpa_wf { double n; T mean, m2; };
template <class T> GPA_DEVICE gpa_wf<T> gpa_wf_make(double n, T mean, T m2)
{ gpa_wf<T> r; r.n = n; r.mean = mean; r.m2 = m2; return r; }
template <class T> GPA_DEVICE gpa_wf<T> gpa_wf_merge(gpa_wf<T> a, gpa_wf<T> b)
{
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    double n = a.n + b.n;
    T d = b.mean - a.mean;
    gpa_wf<T> r;
    r.n = n;
    r.mean = a.mean + d * (T)(b.n / n);
    r.m2 = a.m2 + b.m2 + d * d * (T)(a.n * b.n / n);
    return r;
}
template <class T> struct gpa_wfc { double n; T re, im, m2; };
template <class T> GPA_DEVICE gpa_wfc<T> gpa_wfc_make(double n, T re, T im)
{ gpa_wfc<T> r; r.n = n; r.re = re; r.im = im; r.m2 = T(0); return r; }
template <class T> GPA_DEVICE gpa_wfc<T> gpa_wfc_merge(gpa_wfc<T> a, gpa_wfc<T> b)
{
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    double n = a.n + b.n;
    T dr = b.re - a.re, di = b.im - a.im, f = (T)(b.n / n);
    gpa_wfc<T> r;
    r.n = n;
    r.re = a.re + dr * f;
    r.im = a.im + di * f;
    r.m2 = a.m2 + b.m2 + (dr * dr + di * di) * (T)(a.n * b.n / n);
    return r;
}
/* M2 / max(n - ddof, 0), square-rooted for std (p1 != 0). */
template <class T> GPA_DEVICE T gpa_wf_finish(double n, T m2, double ddof, double sq)
{
    double div = n - ddof;
    T v = m2 / (T)(div > 0 ? div : 0);
    return sq != 0 ? gpa_sqrt(v) : v;
}
"""


def _acc_of(dt):
    """Accumulator type for sums/products of loop dtype dt."""
    dt = _np.dtype(dt)
    if dt == _np.float16:
        return _np.dtype(_np.float32)
    if dt.kind in "biu" and dt.itemsize < 4:
        return _np.dtype(_np.int64 if dt.kind != "u" else _np.uint64)
    if dt.kind == "?" or dt == _np.bool_:
        return _np.dtype(_np.int32)
    return dt


def _wide(dt):
    """A type of 4+ bytes holding every value of dt exactly (extrema)."""
    dt = _np.dtype(dt)
    if dt == _np.float16:
        return _np.dtype(_np.float32)
    if dt.itemsize < 4:
        return _np.dtype(_np.int32)
    return dt


def _lowest(dt):
    dt = _np.dtype(dt)
    if dt.kind == "b":
        return "0"
    if dt.kind in "iu":
        v = _np.iinfo(dt).min
        return "(%s)(%dLL)" % (_ct(_wide(dt)), v) if v > -2**63 else \
            "(gpa_i64)(-9223372036854775807LL - 1)"
    return None


def _highest(dt):
    dt = _np.dtype(dt)
    if dt.kind == "b":
        return "1"
    if dt.kind in "iu":
        return "(%s)(%dULL)" % (_ct(_wide(dt)), _np.iinfo(dt).max)
    return None


def _op_sum(acc, nan=False, prod=False):
    acc_c = _ct(acc)
    one = "1" if prod else "0"
    x = "gpa_cast<acc_t>(in0)"
    m = ("gpa_isnan(in0) ? gpa_cast<acc_t>(%s) : %s" % (one, x)) if nan else x
    return (acc_c, _SIZE[acc.char], "gpa_cast<acc_t>(%s)" % one, m,
            "a * b" if prod else "a + b", "gpa_cast<out0_t>(a)", None)


def _op_bool(kind):
    comb = {"all": "a & b", "any": "a | b", "xor": "a ^ b"}[kind]
    ident = "1" if kind == "all" else "0"
    return ("gpa_i32", 4, ident, "gpa_nonzero(in0) ? 1 : 0", comb,
            "a != 0", None)


def _op_extremum(dt, fn, nan_skip):
    """max/min (fn gpa_maximum/gpa_minimum) or fmax/fmin (nan_skip)."""
    dt = _np.dtype(dt)
    acc = _wide(dt)
    ismax = "max" in fn
    if dt.kind in "biu":
        ident = _lowest(dt) if ismax else _highest(dt)
        comb = "%s(a, b)" % fn.replace("fmax", "maximum").replace(
            "fmin", "minimum")
    elif dt.kind == "f":
        ident = "gpa_cast<acc_t>(gpa_nan_d())" if nan_skip else \
            "gpa_cast<acc_t>(%sgpa_inf_d())" % ("-" if ismax else "")
        comb = "%s(a, b)" % fn
    else:  # complex
        ident = "acc_t(gpa_nan_d(), gpa_nan_d())" if nan_skip else \
            "acc_t(%sgpa_inf_d(), %sgpa_inf_d())" % (("-",) * 2 if ismax
                                                      else ("", ""))
        comb = "%s(a, b)" % fn
    return (_ct(acc), _SIZE[acc.char], ident, "gpa_cast<acc_t>(in0)", comb,
            "gpa_cast<out0_t>(a)", None)


def _op_arg(dt, ismax, nan_skip):
    vt = _ct(dt)
    acc = "gpa_arg<%s>" % vt
    size = 8 + _b.max(8, _SIZE[_np.dtype(dt).char])
    size = (size + 7) // 8 * 8
    m = "gpa_arg_make<%s>(in0, gpa_i)" % vt
    if nan_skip:
        m = "gpa_arg_make<%s>(in0, gpa_isnan(in0) ? -1LL : gpa_i)" % vt
    return (acc, size, "gpa_arg_make<%s>(gpa_cast<%s>(0), -1LL)" % (vt, vt),
            m, "gpa_arg_pick<%s>(a, b)" % ("true" if ismax else "false"),
            "gpa_cast<out0_t>(a.i)", _ARG_PRE)


def _op_var(ct, is_complex, nan_skip):
    if is_complex:
        acc = "gpa_wfc<%s>" % ct
        size = 8 + 3 * (4 if ct == "float" else 8)
        size = (size + 7) // 8 * 8
        m = "gpa_wfc_make<%s>(1.0, (%s)in0.re, (%s)in0.im)" % (ct, ct, ct)
        if nan_skip:
            m = "gpa_isnan(in0) ? gpa_wfc_make<%s>(0.0, 0, 0) : %s" % (ct, m)
        return (acc, size, "gpa_wfc_make<%s>(0.0, 0, 0)" % ct, m,
                "gpa_wfc_merge(a, b)",
                "gpa_cast<out0_t>(gpa_wf_finish(a.n, a.m2, gpa_p0, gpa_p1))",
                _WF_PRE)
    acc = "gpa_wf<%s>" % ct
    size = 8 + 2 * (4 if ct == "float" else 8)
    m = "gpa_wf_make<%s>(1.0, gpa_cast<%s>(in0), (%s)0)" % (ct, ct, ct)
    if nan_skip:
        m = "gpa_isnan(in0) ? gpa_wf_make<%s>(0.0, 0, 0) : %s" % (ct, m)
    return (acc, size, "gpa_wf_make<%s>(0.0, 0, 0)" % ct, m,
            "gpa_wf_merge(a, b)",
            "gpa_cast<out0_t>(gpa_wf_finish(a.n, a.m2, gpa_p0, gpa_p1))",
            _WF_PRE)


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


def _initial_apply(res, initial, ufunc):
    if initial is None or initial is _np._NoValue:
        return res
    ufunc(res, _np.asarray(initial).astype(res.dtype)[()], out=res)
    return res


def _sum_like(a, axis, dtype, out, keepdims, initial, where, prod=False,
              nan=False):
    a = _asarray(a)
    if nan and a.dtype.kind not in "fc":
        nan = False
    dt = _np_reduce_dtype("multiply" if prod else "add", a.dtype,
                          None if dtype is None else _np.dtype(dtype))
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
        res.fill(initial)
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
    hi = max(a, axis, None, keepdims)
    lo = min(a, axis, None, keepdims)
    return _ufunc("subtract")(hi, lo, out=out) if out is not None else hi - lo


def _arg(a, axis, out, keepdims, ismax, nan_skip):
    a = _asarray(a)
    name = "argmax" if ismax else "argmin"
    axes = _axes(axis, a.ndim)
    if axis is not None and len(axes) != 1:
        raise TypeError("'tuple' object cannot be interpreted as an integer")
    if a.size == 0 or _b.any(a.shape[ax] == 0 for ax in axes):
        raise ValueError("attempt to get %s of an empty sequence" % name)
    res = _reduce(a, axis, None, keepdims, _op_arg(a.dtype, ismax, nan_skip),
                  a.dtype, _np.int64)
    if nan_skip and a.dtype.kind in "fc" and res.size:
        if bool((res < 0).any()):
            raise ValueError("All-NaN slice encountered")
    if out is not None:
        out[...] = res
        return out
    return res


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
    a = _masked(a, where, kind == "all")
    return _reduce(a, axis, out, keepdims, _op_bool(kind), a.dtype,
                   _np.bool_)


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    return _logical(a, axis, out, keepdims, where, "all")


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    return _logical(a, axis, out, keepdims, where, "any")


def count_nonzero(a, axis=None, *, keepdims=False):
    a = _asarray(a)
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
        r = (s / n).astype(_np.float16)
        if out is not None:
            out[...] = r
            return out
        return r
    if s.dtype.kind in "biu":
        r = s / n
        if out is not None:
            out[...] = r
            return out
        return r
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
    if dtype is None and a.dtype == _np.float16:
        res = _np.dtype(_np.float16)
    return ct, real, res


def _var(a, axis, dtype, out, ddof, keepdims, where, sqrt, nan_skip):
    a = _asarray(a)
    if nan_skip and a.dtype.kind not in "fc":
        nan_skip = False
    ct, real, res_dt = _var_types(a, dtype)
    if where is not True and where is not None:
        return _var_where(a, axis, dtype, out, ddof, keepdims, where, sqrt)
    op = _op_var(_ct(real), ct.kind == "c", nan_skip)
    in_loop = ct if ct.kind == "c" or a.dtype.kind != "c" else a.dtype
    return _reduce(a, axis, out, keepdims, op, in_loop, res_dt, ddof,
                   1.0 if sqrt else 0.0)


def _var_where(a, axis, dtype, out, ddof, keepdims, where, sqrt):
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
    if sqrt:
        r = _ufunc("sqrt")(r)
    res_dt = _var_types(a, dtype)[2]
    if r.dtype != res_dt:
        r = r.astype(res_dt)
    if out is not None:
        out[...] = r
        return out
    return r


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=None, correction=None):
    """Variance in one pass (Welford/Chan merges of (n, mean, M2))."""
    if correction is not None:
        ddof = correction
    return _var(a, axis, dtype, out, ddof, keepdims, where, False, False)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=None, correction=None):
    if correction is not None:
        ddof = correction
    return _var(a, axis, dtype, out, ddof, keepdims, where, True, False)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    if correction is not None:
        ddof = correction
    return _var(a, axis, dtype, out, ddof, keepdims, where, False, True)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    if correction is not None:
        ddof = correction
    return _var(a, axis, dtype, out, ddof, keepdims, where, True, True)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *,
            where=True):
    a = _asarray(a)
    if a.dtype.kind not in "fc":
        return mean(a, axis, dtype, out, keepdims, where=where)
    s = nansum(a, axis, dtype=dtype, keepdims=keepdims, where=where)
    a2 = _masked(a, where, _np.nan)
    op = ("gpa_i64", 8, "0", "gpa_isnan(in0) ? 0LL : 1LL", "a + b",
          "gpa_cast<out0_t>(a)", None)
    n = _reduce(a2, axis, None, keepdims, op, a.dtype, _np.int64)
    r = s / n
    if r.dtype != s.dtype:
        r = r.astype(s.dtype)
    if out is not None:
        out[...] = r
        return out
    return r


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = _asarray(a)
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        scl = avg.dtype.type(a.size / _b.max(avg.size, 1))
        if returned:
            return avg, _core.full(avg.shape, scl, avg.dtype)
        return avg
    w = _asarray(weights)
    if a.dtype.kind in "biu":
        rdt = _np.result_type(a.dtype, w.dtype, "f8")
    else:
        rdt = _np.result_type(a.dtype, w.dtype)
    if a.shape != w.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and "
                            "weights differ.")
        if w.ndim != 1:
            raise TypeError("1D weights expected when shapes of a and "
                            "weights differ.")
        ax = _axes(axis, a.ndim)
        if len(ax) != 1 or w.shape[0] != a.shape[ax[0]]:
            raise ValueError("Length of weights not compatible with "
                             "specified axis.")
        shp = [1] * a.ndim
        shp[ax[0]] = w.shape[0]
        w = w.reshape(tuple(shp))
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
# Scans

def _scan(a, axis, dtype, out, ufunc_name, nan=False, name="cumsum"):
    a = _asarray(a)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    if a.ndim == 0:
        a = a.reshape(1)
    axis = _axes(axis, a.ndim)[0]
    if nan and a.dtype.kind not in "fc":
        nan = False
    dt = _np_accumulate_dtype(ufunc_name, a.dtype,
                              None if dtype is None else _np.dtype(dtype))
    op = _scan_op(ufunc_name, dt, nan)
    if out is None:
        res = _core.empty(a.shape, dt)
    else:
        if tuple(out.shape) != tuple(a.shape):
            raise ValueError("provided out is the wrong size for the "
                             "accumulation.")
        res = out
    _core._scan(a, axis, res, op, a.dtype if nan else dt, dt)
    return res


@_ft.lru_cache(maxsize=512)
def _np_accumulate_dtype(ufunc_name, dt, dtype):
    if ufunc_name in ("add", "multiply"):
        fn = _np.cumsum if ufunc_name == "add" else _np.cumprod
        return fn(_np.zeros(1, dt), dtype=dtype).dtype
    uf = getattr(_np, ufunc_name)
    return uf.accumulate(_np.zeros(1, dt), dtype=dtype).dtype


_SCAN_COMBINE = {
    "add": "a + b", "multiply": "a * b",
    "maximum": "gpa_maximum(a, b)", "minimum": "gpa_minimum(a, b)",
    "fmax": "gpa_fmax(a, b)", "fmin": "gpa_fmin(a, b)",
    "logical_and": "a & b", "logical_or": "a | b", "logical_xor": "a ^ b",
    "bitwise_and": "a & b", "bitwise_or": "a | b", "bitwise_xor": "a ^ b",
}


def _scan_op(ufunc_name, dt, nan):
    dt = _np.dtype(dt)
    if ufunc_name in ("logical_and", "logical_or", "logical_xor"):
        kind = {"logical_and": "all", "logical_or": "any",
                "logical_xor": "xor"}[ufunc_name]
        return _op_bool(kind)
    if ufunc_name in ("add", "multiply"):
        acc = _acc_of(dt)
        if dt.kind == "b":
            acc = _np.dtype(_np.int32)
        return _op_sum(acc, nan=nan, prod=ufunc_name == "multiply")
    acc = _wide(dt) if dt.kind in "biu" else _acc_of(dt)
    if ufunc_name.startswith("bitwise"):
        acc = _np.dtype(_np.int64 if dt.kind != "u" else _np.uint64) \
            if dt.itemsize < 4 else dt
        if dt.kind == "b":
            acc = _np.dtype(_np.int32)
        ident = "gpa_cast<acc_t>(-1)" if ufunc_name == "bitwise_and" else \
            "gpa_cast<acc_t>(0)"
    else:
        ident = "gpa_cast<acc_t>(0)"
    if ufunc_name in ("maximum", "minimum", "fmax", "fmin") and \
            dt.kind in "biu":
        acc = _wide(dt)
    return (_ct(acc), _SIZE[acc.char], ident, "gpa_cast<acc_t>(in0)",
            _SCAN_COMBINE[ufunc_name], "gpa_cast<out0_t>(a)", None)


def cumsum(a, axis=None, dtype=None, out=None):
    """Inclusive prefix sums (one single-pass scan launch)."""
    return _scan(a, axis, dtype, out, "add")


def cumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "multiply")


def nancumsum(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "add", nan=True)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _scan(a, axis, dtype, out, "multiply", nan=True)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None,
                   include_initial=False):
    x = _asarray(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("axis must be specified for arrays of more "
                             "than one dimension")
        axis = 0
    r = cumsum(x, axis, dtype, None if include_initial else out)
    if include_initial:
        from ._manipulation import concatenate
        ax = _axes(axis, x.ndim)[0]
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([_core.full(tuple(shp), 0, r.dtype), r], axis=ax)
        if out is not None:
            out[...] = r
            return out
    return r


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None,
                    include_initial=False):
    x = _asarray(x)
    if axis is None:
        axis = 0
    r = cumprod(x, axis, dtype, None if include_initial else out)
    if include_initial:
        from ._manipulation import concatenate
        ax = _axes(axis, x.ndim)[0]
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([_core.full(tuple(shp), 1, r.dtype), r], axis=ax)
        if out is not None:
            out[...] = r
            return out
    return r


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
        res = _logical(a, axis, out, keepdims, where, kind)
        return _initial_apply(res, initial, uf)
    if name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
        dt = _np_reduce_dtype(name, a.dtype,
                              None if dtype is None else _np.dtype(dtype))
        op = _scan_op(name, dt, False)
        ident = {"bitwise_and": -1}.get(name, 0)
        a = _masked(a, where, ident if dt.kind != "b" else bool(ident))
        res = _reduce(a, axis, out, keepdims, op, dt, dt)
        return _initial_apply(res, initial, uf)
    raise NotImplementedError(
        "gpuarray: %s.reduce is not supported (only associative ufuncs: "
        "add, multiply, maximum, minimum, fmax, fmin, logical_and/or/xor, "
        "bitwise_and/or/xor)" % name)


def _ufunc_accumulate(uf, array, axis=0, dtype=None, out=None):
    name = uf.__name__
    if name not in _SCAN_COMBINE:
        raise NotImplementedError(
            "gpuarray: %s.accumulate is not supported (only associative "
            "ufuncs)" % name)
    if isinstance(out, tuple):
        out = out[0]
    a = _asarray(array)
    if a.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    return _scan(a, axis, dtype, out, name)


_core._set_hook("ufunc.reduce", _ufunc_reduce)
_core._set_hook("ufunc.accumulate", _ufunc_accumulate)


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


def _m_var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    return var(self, axis, dtype, out, ddof, keepdims, where=where,
               correction=correction)


def _m_std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None, correction=None):
    return std(self, axis, dtype, out, ddof, keepdims, where=where,
               correction=correction)


def _m_all(self, axis=None, out=None, keepdims=False, *, where=True):
    return all(self, axis, out, keepdims, where=where)


def _m_any(self, axis=None, out=None, keepdims=False, *, where=True):
    return any(self, axis, out, keepdims, where=where)


def _m_argmax(self, axis=None, out=None, *, keepdims=False):
    return argmax(self, axis, out, keepdims=keepdims)


def _m_argmin(self, axis=None, out=None, *, keepdims=False):
    return argmin(self, axis, out, keepdims=keepdims)


def _m_cumsum(self, axis=None, dtype=None, out=None):
    return cumsum(self, axis, dtype, out)


def _m_cumprod(self, axis=None, dtype=None, out=None):
    return cumprod(self, axis, dtype, out)


for _name, _fn in {"sum": _m_sum, "prod": _m_prod, "max": _m_max,
                   "min": _m_min, "mean": _m_mean, "var": _m_var,
                   "std": _m_std, "all": _m_all, "any": _m_any,
                   "argmax": _m_argmax, "argmin": _m_argmin,
                   "cumsum": _m_cumsum, "cumprod": _m_cumprod}.items():
    setattr(ndarray, _name, _fn)
