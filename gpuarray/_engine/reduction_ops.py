"""The reduction and scan ops gpuarray's functions hand to the engine:
each an accumulator type and the four C++ expressions of Note [Reduction
spec] (csrc/jit/reduce.h) -- identity, map, combine, finish -- plus any
device code they need (preambles), and the type tables they are built
from."""
import builtins as _b

import numpy as _np

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
/* M2 / max(n - ddof, 0), square-rooted for std (p1 != 0).  A mean that
 * is not finite (an inf or nan among the values) gives nan, as NumPy's
 * x - mean does; the one-pass M2 alone would say 0 for a single inf. */
template <class T> GPA_DEVICE T gpa_wf_finish(double n, bool finite, T m2, double ddof, double sq)
{
    double div = n - ddof;
    T v = m2 / (T)(div > 0 ? div : 0);
    if (!finite && n > 0) v = gpa_nan<T>();
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


# Whether argmin/argmax fold raw inputs with `accumulate` (Note [Reduction
# accumulate] in csrc/jit/reduce_codegen.c) instead of building (value,
# index) pairs for a pick tree.  The results are the same;
# benchmarks/bench_reductions.py times both ("gp (pick)" is the tree).
ARG_ACCUMULATE = True


def _op_arg(dt, ismax, nan_skip):
    vt = _ct(dt)
    acc = "gpa_arg<%s>" % vt
    size = 8 + _b.max(8, _SIZE[_np.dtype(dt).char])
    size = (size + 7) // 8 * 8
    m = "gpa_arg_make<%s>(in0, gpa_i)" % vt
    if nan_skip:
        m = "gpa_arg_make<%s>(in0, gpa_isnan(in0) ? -1LL : gpa_i)" % vt
    op = (acc, size, "gpa_arg_make<%s>(gpa_cast<%s>(0), -1LL)" % (vt, vt),
          m, "gpa_arg_pick<%s>(a, b)" % ("true" if ismax else "false"),
          "gpa_cast<out0_t>(a.i)", _ARG_PRE)
    if not ARG_ACCUMULATE:
        return op
    # Inputs come in index order, so a later element replaces the best only
    # when strictly better: the first occurrence wins, as gpa_arg_pick.
    better = "gpa_gt(x, a.v)" if ismax else "gpa_lt(x, a.v)"
    if nan_skip:
        fold = ("if (!gpa_isnan(x) && (a.i < 0 || %s)) "
                "{ a.v = x; a.i = gpa_i; }" % better)
    elif _np.dtype(dt).kind == "c":
        fold = ("if (a.i < 0 || (gpa_isnan(x) ? !gpa_isnan(a.v) : "
                "(!gpa_isnan(a.v) && %s))) { a.v = x; a.i = gpa_i; }" % better)
    else:
        # Real values: once the best is nan nothing replaces it; otherwise
        # x wins when not <= (max) / >= (min) the best, i.e. when it is
        # strictly better or nan -- one unordered compare, no isnan(x).
        notworse = "gpa_le(x, a.v)" if ismax else "gpa_ge(x, a.v)"
        fold = ("if (a.i < 0 || (!gpa_isnan(a.v) && !%s)) "
                "{ a.v = x; a.i = gpa_i; }" % notworse)
    return op + (fold,)


def _var_finish(ct, n, finite, nan_skip):
    """The finish expression; nanvar's slices with no degrees of freedom
    left (count - ddof <= 0) give nan, where var divides by 0."""
    f = "gpa_wf_finish(%s, %s, a.m2, gpa_p0, gpa_p1)" % (n, finite)
    if nan_skip:
        f = "(%s - gpa_p0 > 0 ? %s : gpa_nan<%s>())" % (n, f, ct)
    return "gpa_cast<out0_t>(%s)" % f


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
                _var_finish(ct, "a.n", "gpa_isfinite(a.re) && "
                            "gpa_isfinite(a.im)", nan_skip),
                _WF_PRE)
    acc = "gpa_wf<%s>" % ct
    size = 8 + 2 * (4 if ct == "float" else 8)
    m = "gpa_wf_make<%s>(1.0, gpa_cast<%s>(in0), (%s)0)" % (ct, ct, ct)
    if nan_skip:
        m = "gpa_isnan(in0) ? gpa_wf_make<%s>(0.0, 0, 0) : %s" % (ct, m)
    return (acc, size, "gpa_wf_make<%s>(0.0, 0, 0)" % ct, m,
            "gpa_wf_merge(a, b)",
            _var_finish(ct, "a.n", "gpa_isfinite(a.mean)", nan_skip),
            _WF_PRE)


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
