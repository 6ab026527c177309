"""ufuncs over datetime64/timedelta64 operands (Note [Datetime ufuncs] in
csrc/ops/ufunc_exec.c: the C call routes here before its loops).

NumPy resolves the call (``ufunc.resolve_dtypes``, so mixed units promote
as ``np.result_type`` does and NumPy's own UFuncTypeError comes back for
``datetime + datetime``); the operands are cast to the loop's dtypes, and
one int64 kernel per call runs the loop's body from the table below, NaT
(INT64_MIN) handled in the body as NumPy's loops handle it: NaT in
arithmetic gives NaT (0 for ``timedelta // timedelta``, NaN for
``timedelta / timedelta``), comparisons with NaT are False except ``!=``,
``maximum``/``minimum`` propagate NaT and ``fmax``/``fmin`` skip it.
NumPy's RuntimeWarnings for divisions by zero are not raised.
"""
import numpy as np

from .. import _core
from .._core import ndarray
from . import datetimes as _dt

_N = _dt._C_NAT
_CASTING = ("no", "equiv", "safe", "same_kind", "unsafe")
_LIM = "9.2233720368547758e18"  # 2**63: doubles outside int64 give NaT


def _either_nat(op):
    return "out0 = (in0 == %s || in1 == %s) ? %s : (%s);" % (_N, _N, _N, op)


def _float_to_td(expr, td):
    """A double result stored as a timedelta: truncated, NaT when the
    timedelta is NaT or the double is NaN, infinite or out of range."""
    return ("{ double r = %s; out0 = (%s == %s || !(r > -%s && r < %s)) "
            "? %s : (long long)r; }" % (expr, td, _N, _LIM, _LIM, _N))


_FLOORDIV = "gpa_dt_floordiv(in0, in1)"
_FLOORMOD = "(in0 - gpa_dt_floordiv(in0, in1) * in1)"
_ANY_NAT = "(in0 == %s || in1 == %s)" % (_N, _N)


def _compare(op, nat_value):
    return "out0 = %s ? %s : (in0 %s in1);" % (_ANY_NAT, nat_value, op)


_BODIES = {
    ("add", "Mm->M"): _either_nat("in0 + in1"),
    ("add", "mM->M"): _either_nat("in0 + in1"),
    ("add", "mm->m"): _either_nat("in0 + in1"),
    ("subtract", "Mm->M"): _either_nat("in0 - in1"),
    ("subtract", "MM->m"): _either_nat("in0 - in1"),
    ("subtract", "mm->m"): _either_nat("in0 - in1"),
    ("multiply", "mq->m"): "out0 = in0 == %s ? %s : in0 * in1;" % (_N, _N),
    ("multiply", "qm->m"): "out0 = in1 == %s ? %s : in0 * in1;" % (_N, _N),
    ("multiply", "md->m"): _float_to_td("(double)in0 * in1", "in0"),
    ("multiply", "dm->m"): _float_to_td("in0 * (double)in1", "in1"),
    ("true_divide", "mq->m"): "out0 = (in0 == %s || in1 == 0) ? %s : "
                              "in0 / in1;" % (_N, _N),
    ("true_divide", "md->m"): _float_to_td("(double)in0 / in1", "in0"),
    ("true_divide", "mm->d"): "out0 = %s ? gpa_nan_d() : (double)in0 / "
                              "(double)in1;" % _ANY_NAT,
    ("floor_divide", "mm->q"): "out0 = (%s || in1 == 0) ? 0 : %s;"
                               % (_ANY_NAT, _FLOORDIV),
    ("remainder", "mm->m"): "out0 = (%s || in1 == 0) ? %s : %s;"
                            % (_ANY_NAT, _N, _FLOORMOD),
    ("divmod", "mm->qm"): "{ bool z = %s || in1 == 0; out0 = z ? 0 : %s; "
                          "out1 = z ? %s : %s; }"
                          % (_ANY_NAT, _FLOORDIV, _N, _FLOORMOD),
    ("negative", "m->m"): "out0 = in0 == %s ? %s : -in0;" % (_N, _N),
    ("positive", "m->m"): "out0 = in0;",
    ("absolute", "m->m"): "out0 = (in0 == %s || in0 >= 0) ? in0 : -in0;"
                          % _N,
    ("sign", "m->m"): "out0 = (in0 > 0) - (in0 < 0);",  # NaT: -1, as NumPy
    # NumPy 2.5's sign of a timedelta is a float64 (NaT: NaN)
    ("sign", "m->d"): "out0 = in0 == %s ? gpa_nan_d() : "
                      "(double)((in0 > 0) - (in0 < 0));" % _N,
    ("isnat", "M->?"): "out0 = in0 == %s;" % _N,
    ("isnat", "m->?"): "out0 = in0 == %s;" % _N,
    ("isnan", "M->?"): "out0 = in0 == %s;" % _N,
    ("isnan", "m->?"): "out0 = in0 == %s;" % _N,
    ("isfinite", "M->?"): "out0 = in0 != %s;" % _N,
    ("isfinite", "m->?"): "out0 = in0 != %s;" % _N,
    ("isinf", "M->?"): "out0 = false; (void)in0;",
    ("isinf", "m->?"): "out0 = false; (void)in0;",
}
# NumPy's floor_divide of a timedelta by a number is its true_divide
for _t in ("mq->m", "md->m"):
    _BODIES[("floor_divide", _t)] = _BODIES[("true_divide", _t)]
for _k in "Mm":
    _sig = "%s%s->%s" % (_k, _k, _k)
    _BODIES[("maximum", _sig)] = _either_nat("in0 > in1 ? in0 : in1")
    _BODIES[("minimum", _sig)] = _either_nat("in0 < in1 ? in0 : in1")
    _BODIES[("fmax", _sig)] = ("out0 = in0 == %s ? in1 : in1 == %s ? in0 : "
                               "(in0 > in1 ? in0 : in1);" % (_N, _N))
    _BODIES[("fmin", _sig)] = ("out0 = in0 == %s ? in1 : in1 == %s ? in0 : "
                               "(in0 < in1 ? in0 : in1);" % (_N, _N))
    _cmp = "%s%s->?" % (_k, _k)
    for _name, _op in (("equal", "=="), ("less", "<"), ("less_equal", "<="),
                       ("greater", ">"), ("greater_equal", ">=")):
        _BODIES[(_name, _cmp)] = _compare(_op, "false")
    _BODIES[("not_equal", _cmp)] = _compare("!=", "true")

for _t in ("mq->m", "md->m", "mm->d"):  # NumPy 2 names it divide
    _BODIES[("divide", _t)] = _BODIES[("true_divide", _t)]


def _checked(helper, nat):
    """An overflow-checked body (Note [Datetime overflow] in
    datetimes.py): out1 flags a result that overflows int64 or lands on
    NaT; nat: the NaT test of the operands."""
    return ("{ long long r = 0; bool o = false; if (%s) out0 = %s; else "
            "{ o = %s(in0, in1, &r); out0 = o ? 0 : r; } out1 = o; }"
            % (nat, _N, helper))


_IN0_NAT = "in0 == %s" % _N
_IN1_NAT = "in1 == %s" % _N
# NumPy 2.5's checked loops and their messages
_CHECKED = {
    ("add", "Mm->M"): (_checked("gpa_dt_add_ovf", _ANY_NAT),
                       "datetime64 + timedelta64 addition"),
    ("add", "mM->M"): (_checked("gpa_dt_add_ovf", _ANY_NAT),
                       "timedelta64 + datetime64 addition"),
    ("add", "mm->m"): (_checked("gpa_dt_add_ovf", _ANY_NAT),
                       "timedelta64 + timedelta64 addition"),
    ("subtract", "Mm->M"): (_checked("gpa_dt_sub_ovf", _ANY_NAT),
                            "datetime64 - timedelta64 subtraction"),
    ("subtract", "MM->m"): (_checked("gpa_dt_sub_ovf", _ANY_NAT),
                            "datetime64 - datetime64 subtraction"),
    ("subtract", "mm->m"): (_checked("gpa_dt_sub_ovf", _ANY_NAT),
                            "timedelta64 - timedelta64 subtraction"),
    ("multiply", "mq->m"): (_checked("gpa_dt_mul_ovf", _IN0_NAT),
                            "timedelta64 * int64 multiplication"),
    ("multiply", "qm->m"): (_checked("gpa_dt_mul_ovf", _IN1_NAT),
                            "int64 * timedelta64 multiplication"),
}

_KIND = {"M": "M", "m": "m", "b": "?", "f": "d", "i": "q", "u": "q"}


def _resolve_operand(x, name):
    """What ufunc.resolve_dtypes takes for x: a dtype, or the Python type
    of a weak scalar."""
    if isinstance(x, ndarray):
        return x.dtype
    if isinstance(x, bool):
        return np.dtype(bool)
    if type(x) in (int, float, complex):
        return type(x)
    if isinstance(x, np.generic):
        return x.dtype
    raise TypeError("Unsupported type %r for ufunc '%s' (gpuarray takes "
                    "gpuarray arrays and scalars; convert NumPy arrays with "
                    "gpuarray.asarray)" % (type(x), name))


def _loop_char(dt):
    dt = np.dtype(dt)
    if dt.kind not in _KIND or (dt.kind in "iuf" and dt.itemsize != 8) or \
            (dt.kind == "u"):
        return None
    return _KIND[dt.kind]


def _operand(x, dt):
    """x as the kernel reads it for loop dtype dt: an int64 view of a
    datetime array, an array of dt, or a scalar of the storage type."""
    storage = np.int64 if dt.kind in "mM" else dt
    if isinstance(x, ndarray):
        if x.dtype != dt:
            x = x.astype(dt)
        return _dt.int64_view(x) if dt.kind in "mM" else x, storage
    v = np.asarray(x).astype(dt)  # a host scalar: NumPy's conversion
    if dt.kind in "mM":
        return int(v.view(np.int64)), storage
    return v[()].item(), storage


def _select(where, new, out):
    """out[...] = where ? new : out (new already of out's dtype)."""
    if not isinstance(where, ndarray):
        where = _core.full((), bool(where), np.bool_) \
            if isinstance(where, (bool, np.bool_)) else where
    if not isinstance(where, ndarray) or where.dtype != np.bool_:
        raise TypeError("where= must be a boolean gpuarray array")
    o = _dt.int64_view(out) if out.dtype.kind in "mM" else out
    n = _dt.int64_view(new) if new.dtype.kind in "mM" else new
    _core._elementwise("out0 = in0 ? in1 : in2;", (where, n, o), (o,),
                       (np.bool_, o.dtype, o.dtype, o.dtype))


def datetime_ufunc(uf, ins, outs, where, dtype, casting, signature,
                   operator=False):
    """The C core's hook "datetime_ufunc": uf(*ins, out=outs, ...); uf is
    a gpuarray ufunc or a NumPy ufunc's name; operator: called for an
    operator (`==` with no loop is all False, as NumPy's arrays)."""
    name = uf if isinstance(uf, str) else uf.__name__
    np_uf = getattr(np, name)
    nin, nout = len(ins), len(outs)
    kw = {"casting": _CASTING[casting]}
    if signature is not None:
        kw["signature"] = signature
    elif dtype is not None:
        kw["signature"] = (None,) * nin + (dtype,) * nout
    ops = tuple(_resolve_operand(x, name) for x in ins) + \
        tuple(None if o is None else o.dtype for o in outs)
    try:
        loop = np_uf.resolve_dtypes(ops, **kw)  # NumPy's errors, as raised
    except TypeError:
        if not (operator and name in ("equal", "not_equal")):
            raise
        shape = np.broadcast_shapes(*[x.shape for x in ins
                                      if isinstance(x, ndarray)])
        return _core.full(shape, name == "not_equal", np.bool_)
    chars = [_loop_char(d) for d in loop]
    key = (name, "".join(chars[:nin]) + "->" + "".join(chars[nin:])) \
        if None not in chars else None
    body = _BODIES.get(key)
    checked = _CHECKED.get(key) if _dt.CHECK_OVERFLOW else None
    if checked is not None:
        body = checked[0]
    if body is None:
        raise TypeError("ufunc '%s' has no gpuarray loop for %s"
                        % (name, " ".join(str(d) for d in loop)))
    args, types = [], []
    for x, dt in zip(ins, loop[:nin]):
        v, t = _operand(x, dt)
        args.append(v)
        types.append(t)
    shape = np.broadcast_shapes(*[a.shape for a in args
                                  if isinstance(a, ndarray)])
    results, kernel_outs = [], []
    for dt in loop[nin:]:
        r = _core.empty(shape, dt)
        results.append(r)
        kernel_outs.append(_dt.int64_view(r) if dt.kind in "mM" else r)
        types.append(np.int64 if dt.kind in "mM" else dt)
    if checked is not None:     # Note [Datetime overflow]: one sync
        flag = _core.empty(shape, np.bool_)
        kernel_outs.append(flag)
        types.append(np.bool_)
    _core._elementwise(body, tuple(args), tuple(kernel_outs), tuple(types),
                       _dt.preamble())
    if checked is not None and flag.size and bool(flag.any()):
        raise OverflowError("Overflow in " + checked[1])
    final = []
    for r, o in zip(results, outs):
        if o is None:
            final.append(r)
            continue
        if o.shape != np.broadcast_shapes(o.shape, shape):
            raise ValueError("non-broadcastable output operand with shape "
                             "%s doesn't match the broadcast shape %s"
                             % (o.shape, np.broadcast_shapes(o.shape, shape)))
        if where is None or where is True:
            o[...] = r
        else:
            _select(where, r if r.dtype == o.dtype else r.astype(o.dtype), o)
        final.append(o)
    return final[0] if nout == 1 else tuple(final)


def isnat(x, /, out=None, *, where=True, casting="same_kind", order="K",
          dtype=None, subok=True, signature=None):
    """Which elements are NaT (Not a Time): NumPy's ufunc isnat, for
    datetime64 and timedelta64 arrays; TypeError for other dtypes, as in
    NumPy."""
    if not _is_datetime(x):
        np.isnat(np.zeros(0, x.dtype if isinstance(x, ndarray)
                          else np.asarray(x).dtype))  # NumPy's TypeError
    outs = (out,) if not isinstance(out, tuple) else out
    if len(outs) != 1:
        raise ValueError("The 'out' tuple must have exactly one entry per "
                         "ufunc output")
    return datetime_ufunc("isnat", (x,), outs,
                          None if where is True else where, dtype,
                          _CASTING.index(casting), signature)


def _is_datetime(x):
    return (isinstance(x, ndarray) and x.dtype.kind in "mM") or \
        isinstance(x, (np.datetime64, np.timedelta64))

