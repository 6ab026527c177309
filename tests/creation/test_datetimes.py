"""datetime64 / timedelta64 arrays against NumPy (issue 19 group 1):
creation, astype between units and to/from numbers, arithmetic with
mixed units and NaT, comparisons, extrema, sorting and searching,
reductions of timedeltas, isnat, printing, transfers and the calendar
functions.  Every body runs with xp=numpy and xp=gpuarray
(gpuarray.testing.parity); values include NaT and dates before 1970.
"""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray._engine.reduction_ops import _op_extremum
from gpuarray.testing.parity import assert_same, numpy_parity
from conftest import nvrtc_check

UNITS = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns"]
FINE = ["D", "h", "m", "s", "ms", "us", "ns"]
NAT = np.iinfo(np.int64).min

_rng = np.random.default_rng(19)
# days within +-50000 of 1970 (so every unit down to ns holds them), with
# leap days, month and year ends, and a fraction of a day in finer units
_DAYS = np.concatenate([
    _rng.integers(-50000, 50000, 40),
    np.array(["2000-02-29", "1900-03-01", "1969-12-31", "1970-01-01",
              "2024-12-31", "1904-02-29", "1700-03-01"],
             "M8[D]").view(np.int64)])
_FRAC = _rng.integers(0, 86400 * 10**9, _DAYS.size)
_TD = _rng.integers(-10**6, 10**6, 30)
_TD[5] = 0


def host_dates(unit, nat=True):
    """Datetimes in `unit` (NumPy array), NaT at two places."""
    ns = _DAYS.astype("M8[D]").astype("M8[ns]") + _FRAC.astype("m8[ns]")
    a = ns.astype("M8[%s]" % unit)
    if nat:
        a[3] = np.datetime64("NaT")
        a[-2] = np.datetime64("NaT")
    return a


def host_deltas(unit, nat=True):
    a = _TD.astype("m8[%s]" % unit)
    if nat:
        a[2] = np.timedelta64("NaT")
        a[-1] = np.timedelta64("NaT")
    return a


def dates(xp, unit, nat=True):
    return xp.asarray(host_dates(unit, nat))


def deltas(xp, unit, nat=True):
    return xp.asarray(host_deltas(unit, nat))


# ---- creation -----------------------------------------------------------

@pytest.mark.parametrize("unit", UNITS + ["as", "10s", "2M"])
@numpy_parity()
def test_asarray_keeps_unit(xp, unit):
    h = host_dates(unit[-1] if unit[0].isdigit() else unit) \
        .astype("M8[%s]" % unit)
    a = xp.asarray(h)
    return a, xp.asarray(host_deltas("s").astype("m8[%s]" % unit))


@numpy_parity()
def test_array_of_datetime64_scalars_promotes_units(xp):
    vals = [np.datetime64("2020-01-01"), np.datetime64("2021-03-04T05:06"),
            np.datetime64("NaT")]
    tds = [np.timedelta64(1, "D"), np.timedelta64(-3, "h"),
           np.timedelta64("NaT")]
    return xp.array(vals), xp.asarray(tds), xp.array([vals, vals])


@pytest.mark.parametrize("dtype", ["M8[s]", "M8[D]", "M8[Y]", "m8[ms]",
                                   "m8[W]", "m8[M]"])
@numpy_parity()
def test_zeros_ones_full_like(xp, dtype):
    z = xp.zeros((2, 3), dtype)
    o = xp.ones(4, dtype)
    f = xp.full(3, np.datetime64("NaT") if dtype[0] == "M"
                else np.timedelta64("NaT"), dtype)
    e = xp.empty((2, 2), dtype)
    return z, o, f, e.dtype, e.shape, xp.zeros_like(z), xp.ones_like(o), \
        xp.full_like(z, 7), xp.empty_like(z).dtype


@numpy_parity()
def test_full_converts_its_value_into_the_unit(xp):
    return (xp.full(3, np.datetime64("2020-01-01T12"), "M8[D]"),
            xp.full(2, "2021-06-15", "M8[s]"),
            xp.full(2, np.timedelta64(90, "m"), "m8[h]"),
            xp.full_like(xp.zeros(2, "M8[h]"), "2001-01-01T05"))


@pytest.mark.parametrize("args", [
    (np.datetime64("2020-01-01"), np.datetime64("2020-02-01")),
    (np.datetime64("1990-01-01"), np.datetime64("2050-01-01")),  # > 4096
    (np.datetime64("2020-01-01"), np.datetime64("2020-03-01"),
     np.timedelta64(1, "h")),
    (np.datetime64("2020-01"), np.datetime64("2920-05"), 2),
    (np.datetime64("2040-01-05"), np.datetime64("2020-01-01"), -1),
    (np.datetime64("2020-01-01", "ns"),
     np.datetime64("2020-01-01T00:00:01", "ns"), 1000),
    (np.timedelta64(5000, "D"),),
    (np.timedelta64(1, "D"), np.timedelta64(3, "D"),
     np.timedelta64(12, "h")),
    (np.datetime64("2020-01-01"),),          # NumPy's ValueError
    (np.datetime64("2020-01-01"), np.datetime64("2020-01-09"), 1.5),
])
@numpy_parity()
def test_arange(xp, args):
    return xp.arange(*args)


@numpy_parity()
def test_arange_with_dtype(xp):
    return (xp.arange(0, 6000, 3, dtype="m8[s]"),
            xp.arange("2020-01-01", "2020-03-01", dtype="M8[h]"),
            xp.arange(10, dtype="M8[D]"))


# ---- astype -------------------------------------------------------------

@pytest.mark.parametrize("src", UNITS)
@numpy_parity()
def test_astype_datetime_units(xp, src):
    a = dates(xp, src)
    return tuple(a.astype("M8[%s]" % u) for u in UNITS)


@pytest.mark.parametrize("src", UNITS)
@numpy_parity()
def test_astype_timedelta_units(xp, src):
    a = deltas(xp, src)
    if src in "YM":  # NumPy: calendar timedeltas to fine units overflow
        return tuple(a.astype("m8[%s]" % u) for u in UNITS[:6])
    return tuple(a.astype("m8[%s]" % u) for u in UNITS[2:])


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8, np.float64,
                                   np.float32, np.bool_])
@numpy_parity()
def test_astype_to_numbers_moves_the_raw_value(xp, dtype):
    return dates(xp, "s").astype(dtype), deltas(xp, "h").astype(dtype)


@numpy_parity()
def test_astype_from_numbers(xp):
    i = xp.asarray(np.array([-5, 0, 7, 10**9]))
    f = xp.asarray(np.array([1.5, -1.5, np.nan, 3.0]))
    b = xp.asarray(np.array([True, False, True, True]))
    return (i.astype("M8[D]"), i.astype("m8[s]"), f.astype("m8[s]"),
            b.astype("m8[h]"), i.astype(np.int32).astype("M8[h]"))


@numpy_parity()
def test_astype_between_datetime_and_timedelta_keeps_the_number(xp):
    return (dates(xp, "s").astype("m8[ms]"), deltas(xp, "D").astype("M8[s]"))


@pytest.mark.parametrize("target,casting", [
    ("M8[Y]", "safe"), ("M8[ns]", "safe"), ("m8[s]", "same_kind"),
    ("int64", "same_kind"), ("M8[s]", "no"), ("M8[ms]", "equiv")])
@numpy_parity()
def test_astype_casting_rules(xp, target, casting):
    return dates(xp, "s").astype(target, casting=casting)


@numpy_parity()
def test_view_as_int64_and_back(xp):
    a = dates(xp, "us")
    return a.view(np.int64), a.view(np.int64).view("M8[us]"), \
        xp.asarray(np.arange(3)).view("m8[D]")


@numpy_parity()
def test_setitem_converts_units(xp):
    a = dates(xp, "D")
    a[0] = np.datetime64("2000-01-01T23")
    a[1] = "1999-12-31"
    a[2:5] = dates(xp, "s")[2:5]
    a[6:9] = xp.asarray(np.array([1, 2, 3]))
    t = deltas(xp, "m")
    t[...] = deltas(xp, "h")
    return a, t


# ---- arithmetic ---------------------------------------------------------

_ARITH = [
    ("M-M", lambda x, y, t, s: x - y),
    ("M+m", lambda x, y, t, s: x + t),
    ("m+M", lambda x, y, t, s: t + x),
    ("M-m", lambda x, y, t, s: x - t),
    ("m+m", lambda x, y, t, s: t + s),
    ("m-m", lambda x, y, t, s: t - s),
    ("m*int", lambda x, y, t, s: t * 3),
    ("int*m", lambda x, y, t, s: -2 * t),
    ("m*float", lambda x, y, t, s: t * 1.75),
    ("m*array", lambda x, y, t, s: t * (t.view(np.int64) % 7)),
    ("m/int", lambda x, y, t, s: t / 4),
    ("m/float", lambda x, y, t, s: t / -2.5),
    ("m/m", lambda x, y, t, s: t / s),
    ("m//m", lambda x, y, t, s: t // s),
    ("m//int", lambda x, y, t, s: t // 3),
    ("m//float", lambda x, y, t, s: t // 2.5),
    ("m%m", lambda x, y, t, s: t % s),
    ("divmod", lambda x, y, t, s: divmod(t, s)),
    ("neg", lambda x, y, t, s: -t),
    ("pos", lambda x, y, t, s: +t),
    ("abs", lambda x, y, t, s: abs(t)),
]


@pytest.mark.parametrize("name,op", _ARITH, ids=[n for n, _ in _ARITH])
@pytest.mark.parametrize("units", [("s", "s", "s", "s"),
                                   ("D", "h", "m", "us"),
                                   ("M", "Y", "D", "W"),
                                   ("ns", "ms", "h", "s")])
@numpy_parity()
def test_arithmetic(xp, name, op, units):
    ux, uy, ut, us = units
    x, y = dates(xp, ux), dates(xp, uy)[::-1]
    t, s = deltas(xp, ut), deltas(xp, us)[::-1]
    with np.errstate(all="ignore"):
        return op(x, y, t, s)


@numpy_parity()
def test_division_by_zero_and_nan_scalars(xp):
    t = deltas(xp, "s")
    z = xp.zeros(t.shape, "m8[s]")
    with np.errstate(all="ignore"):
        return (t / 0, t / 0.0, t * np.nan, t * np.inf, t // z, t % z,
                t / z, divmod(t, z), t / xp.zeros(t.shape, np.int64))


@numpy_parity()
def test_arithmetic_with_numpy_scalars(xp):
    x = dates(xp, "D")
    return (x - np.datetime64("2000-01-01"), x + np.timedelta64(5, "h"),
            np.timedelta64(3, "D") + x, x - np.datetime64("NaT"),
            xp.asarray(np.arange(5)) + np.datetime64("2020-01-01"),
            deltas(xp, "m") * np.int64(3), deltas(xp, "m") / np.float32(2))


@pytest.mark.parametrize("name,op", [
    ("M+M", lambda x, t: x + x), ("M*2", lambda x, t: x * 2),
    ("m*m", lambda x, t: t * t), ("m**2", lambda x, t: t ** 2),
    ("sqrt", lambda x, t: np.sqrt(t)), ("-M", lambda x, t: -x),
    ("m-M", lambda x, t: t[:5] - x[:5]), ("M/m", lambda x, t: x / t),
    ("m+float", lambda x, t: t + 1.5), ("M&M", lambda x, t: x & x),
    ("m*complex", lambda x, t: t * 1j)])
@numpy_parity()
def test_arithmetic_errors_are_numpys(xp, name, op):
    x, t = dates(xp, "D"), deltas(xp, "D")
    if name == "sqrt":
        return xp.sqrt(t)
    return op(x, t)


@numpy_parity()
def test_ufunc_keywords(xp):
    t, s = deltas(xp, "h"), deltas(xp, "m")
    out = xp.zeros(t.shape, "m8[s]")
    r1 = xp.add(t, s, out=out)
    o2 = xp.full(t.shape, 7, "m8[h]")
    xp.negative(t, out=o2, where=t.view(np.int64) > 0)
    r3 = xp.add(t, t, dtype="m8[s]")
    r4 = xp.subtract(dates(xp, "D"), dates(xp, "s"), dtype="m8[ms]")
    return r1, out, o2, r3, r4


@numpy_parity()
def test_ufunc_out_casting_error(xp):
    t = deltas(xp, "s")
    xp.add(t, t, out=xp.zeros(t.shape, np.float64))


@pytest.mark.parametrize("name", ["maximum", "minimum", "fmax", "fmin"])
@numpy_parity()
def test_maximum_minimum_nat(xp, name):
    f = getattr(xp, name)
    return f(dates(xp, "D"), dates(xp, "h")[::-1]), \
        f(deltas(xp, "s"), deltas(xp, "s")[::-1])


@numpy_parity()
def test_sign_and_classification(xp):
    t, x = deltas(xp, "s"), dates(xp, "D")
    return (xp.sign(t), xp.isnat(t), xp.isnat(x), xp.isnan(t), xp.isnan(x),
            xp.isfinite(x), xp.isinf(t))


@numpy_parity()
def test_isnat_refuses_numbers(xp):
    xp.isnat(xp.asarray(np.arange(3.0)))


# ---- comparisons --------------------------------------------------------

@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
@numpy_parity()
def test_comparisons_nat_false_except_ne(xp, op):
    x, y = dates(xp, "D"), dates(xp, "s")[::-1]
    t, s = deltas(xp, "h"), deltas(xp, "m")[::-1]
    f = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b,
         "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
         ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}[op]
    return (f(x, y), f(x, x), f(t, s), f(x, np.datetime64("1990-05-05")),
            f(t, np.timedelta64("NaT")), f(t, 0))


@numpy_parity()
def test_operator_eq_without_a_loop_is_all_false(xp):
    x = dates(xp, "D")
    return x == 5, x != 5, deltas(xp, "s") == 1.5


@numpy_parity()
def test_ufunc_equal_without_a_loop_raises(xp):
    return xp.equal(dates(xp, "D"), 5)


def test_numpy_array_operand_is_refused():
    # no implicit transfer (CuPy's rule), as for every other dtype
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        dates(gp, "D") + host_deltas("D")
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        gp.subtract(dates(gp, "D"), host_dates("D"))


# ---- extrema, sorting, searching ---------------------------------------

@pytest.mark.parametrize("func", ["min", "max", "argmin", "argmax", "nanmin",
                                "nanmax", "nanargmin", "nanargmax", "ptp"])
@pytest.mark.parametrize("nat", [True, False])
@numpy_parity()
def test_extrema(xp, func, nat):
    x = dates(xp, "h", nat).reshape(-1)[:45].reshape(5, 9)
    t = deltas(xp, "s", nat)[:30].reshape(5, 6)
    f = getattr(xp, func)
    if func in ("min", "max", "nanmin", "nanmax", "ptp"):
        return f(x), f(x, axis=0), f(x, axis=1, keepdims=True), f(t, axis=1)
    return f(x), f(x, axis=0), f(x, axis=1), f(t, axis=1)


@pytest.mark.filterwarnings("ignore:All-NaN slice")
@numpy_parity()
def test_extrema_all_nat_and_initial(xp):
    n = xp.full((2, 3), np.datetime64("NaT"), "M8[s]")
    x = dates(xp, "D")
    return (n.max(), n.min(), xp.nanmin(n), xp.nanmax(n, axis=1),
            x.max(initial=np.datetime64("2200-01-01")),
            deltas(xp, "s", False).min(initial=np.timedelta64(-10**7, "s")))


@numpy_parity()
def test_extrema_out(xp):
    x = dates(xp, "m").reshape(1, -1)
    out = xp.zeros(1, "M8[m]")
    idx = xp.zeros(1, np.int64)
    return x.max(axis=1, out=out), out, x.argmin(axis=1, out=idx), idx


@pytest.mark.parametrize("unit", ["D", "s", "ns", "M"])
@numpy_parity()
def test_sort_argsort_nat_last(xp, unit):
    x = dates(xp, unit)
    x2 = x[:44].reshape(4, 11)
    t = deltas(xp, unit)
    return (xp.sort(x), xp.argsort(x), xp.sort(x2, axis=0),
            xp.argsort(x2, axis=1), xp.sort(t), xp.argsort(t, kind="stable"),
            xp.sort(x, axis=None), xp.lexsort([t, t.view(np.int64) % 3]))


@numpy_parity()
def test_sort_method_in_place(xp):
    x = dates(xp, "s")
    x.sort()
    return x


@numpy_parity()
def test_partition(xp):
    x = dates(xp, "D")
    p = xp.partition(x, 10)
    ap = xp.argpartition(x, 10)
    return p[10], xp.sort(p[:10]), xp.sort(p[11:]), x[ap[10]]


@numpy_parity()
def test_unique(xp):
    x = xp.concatenate([dates(xp, "D"), dates(xp, "D")[:10]])
    t = deltas(xp, "m")
    return (xp.unique(x), xp.unique(x, return_index=True, return_counts=True),
            xp.unique(t, return_inverse=True), xp.unique(x, equal_nan=False))


@pytest.mark.parametrize("side", ["left", "right"])
@numpy_parity()
def test_searchsorted(xp, side):
    a = xp.sort(dates(xp, "D"))
    v = dates(xp, "h")
    return (xp.searchsorted(a, v, side=side),
            xp.searchsorted(a, np.datetime64("1980-01-01"), side=side),
            xp.searchsorted(a, np.datetime64("NaT"), side=side),
            a.searchsorted(a, side=side))


@numpy_parity()
def test_diff(xp):
    x = dates(xp, "D")
    x2 = dates(xp, "s")[:40].reshape(4, 10)
    return xp.diff(x), xp.diff(x2, axis=0), xp.diff(deltas(xp, "h"), n=2)


@numpy_parity()
def test_timedelta_sums(xp):
    t = deltas(xp, "s")[:30].reshape(5, 6)
    f = deltas(xp, "s", False)
    return (t.sum(), t.sum(axis=0), t.sum(axis=1, keepdims=True), f.sum(),
            xp.nansum(t), xp.mean(f), xp.mean(t, axis=1), xp.cumsum(t),
            xp.cumsum(t, axis=1), xp.add.reduce(t, axis=0), xp.median(f))


@pytest.mark.parametrize("name", ["add", "subtract", "maximum", "minimum",
                                  "fmax", "fmin", "multiply"])
@pytest.mark.parametrize("axis", [0, 1])
@numpy_parity()
def test_accumulate_and_reduce(xp, name, axis):
    uf = getattr(xp, name)
    t = deltas(xp, "s")[:30].reshape(5, 6)
    x = dates(xp, "h")[:30].reshape(5, 6)
    return (uf.accumulate(t, axis=axis), uf.reduce(t, axis=axis),
            outcome_or_none(lambda: uf.accumulate(x, axis=axis)),
            xp.nancumsum(t, axis=axis))


def outcome_or_none(fn):
    """fn(), or None where it raises the TypeError NumPy raises too (the
    comparison of that case is test_arithmetic_errors_are_numpys')."""
    try:
        return fn()
    except TypeError:
        return None


@pytest.mark.parametrize("dtype", ["f8", "i4", "?", "m8", "M8", "m8[ms]",
                                   "M8[s]", "U3"])
@numpy_parity()
def test_timedelta_sums_dtype_argument(xp, dtype):
    # NumPy keeps the timedelta loop whatever general type dtype= names;
    # a unit (or another detail) is its TypeError; accumulate ignores it
    t = deltas(xp, "s")
    f = deltas(xp, "s", False)
    return (xp.cumsum(t, dtype=dtype), outcome_or_none(
        lambda: (xp.sum(t, dtype=dtype), xp.mean(f, dtype=dtype),
                 xp.nanmean(f, dtype=dtype))))


@pytest.mark.parametrize("dtype", ["m8[ms]", "U3"])
@numpy_parity()
def test_timedelta_sum_dtype_details_raise(xp, dtype):
    return xp.sum(deltas(xp, "s"), dtype=dtype)


@numpy_parity()
def test_timedelta_std_var_are_numpys_errors(xp):
    return xp.std(deltas(xp, "s", False))


# ---- order statistics (Note [Datetime quantiles]) ----------------------

QMETHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
            "interpolated_inverted_cdf", "hazen", "weibull", "linear",
            "median_unbiased", "normal_unbiased", "lower", "higher",
            "midpoint", "nearest"]


def quantile_rows(xp, kind):
    """Rows with NaT (one), all NaT (row 2) and none (rows 0, 3)."""
    h = host_deltas("s", False)[:28].reshape(4, 7) if kind == "m" else \
        host_dates("D", False)[:28].reshape(4, 7)
    h = h.copy()
    h[1, 3] = "NaT"
    if kind == "m":
        h[2] = "NaT"
    return xp.asarray(h)


@pytest.mark.filterwarnings("ignore:All-NaN slice")
@pytest.mark.parametrize("kind", ["m", "M"])
@pytest.mark.parametrize("method", QMETHODS)
@numpy_parity()
def test_quantiles_of_datetimes(xp, kind, method):
    x = quantile_rows(xp, kind)
    q = [0.0, 0.3, 0.5, 0.99, 1.0]
    return (xp.quantile(x, q, method=method),
            xp.quantile(x, 0.3, axis=1, method=method),
            xp.percentile(x, 70, axis=0, method=method, keepdims=True),
            xp.quantile(x, np.float32(0.7), axis=1, method=method),
            xp.nanquantile(x, q, axis=1, method=method),
            xp.nanpercentile(x, 35, method=method))


@pytest.mark.filterwarnings("ignore:All-NaN slice", "ignore:Mean of empty",
                            "ignore:divide by zero")
@numpy_parity()
def test_median_of_timedeltas(xp):
    x = quantile_rows(xp, "m")
    odd = xp.asarray(host_deltas("ms")[:25])
    neg = xp.asarray(np.array([-1, -2, 5, -8], "m8[s]"))
    return (xp.median(x), xp.median(x, axis=0), xp.median(x, axis=1),
            xp.nanmedian(x, axis=1), xp.nanmedian(x, axis=0, keepdims=True),
            xp.median(x[[0, 3]], axis=1), xp.median(odd), xp.nanmedian(odd),
            xp.median(neg), xp.median(x[:, :0], axis=1),
            xp.nanpercentile(x[:0], 50),
            xp.quantile(x[0], 0.4, method="inverted_cdf",
                        weights=xp.arange(1.0, 8.0)))


@numpy_parity()
def test_long_rows_take_the_sort_path(xp):
    h = np.random.default_rng(2).integers(-10**9, 10**9, 5000)
    x = xp.asarray(h.astype("m8[ms]"))
    x[7] = np.timedelta64("NaT")
    return (xp.median(x), xp.nanmedian(x), xp.percentile(x[8:], [1, 33.3]))


@pytest.mark.parametrize("func", [
    lambda xp, x: xp.median(x), lambda xp, x: xp.nanmedian(x),
    lambda xp, x: xp.percentile(x[:0], 50),
    lambda xp, x: xp.nanpercentile(x[:0], 50)])
@numpy_parity()
def test_datetime_medians_are_numpys_errors(xp, func):
    return func(xp, quantile_rows(xp, "M"))


# ---- products (Note [Timedelta products]) -------------------------------

PRODUCT_OTHERS = ["i8", "i1", "u4", "bool", "m8[ms]", "m8[s]", "M8[s]",
                  "nat"]


def product_operand(xp, name, shape):
    n = int(np.prod(shape))
    h = np.arange(1, n + 1) * 3 - 7
    if name == "bool":
        h = h > 0
    elif name == "nat":
        h = h.astype("m8[s]")
        h[1] = np.timedelta64("NaT")
    else:
        h = h.astype(name)
    return xp.asarray(h.reshape(shape))


# NumPy 2.5.2's own np.inner(timedelta64 array, datetime64 array) and
# np.vdot(timedelta64 array, datetime64 array) corrupt the heap: they raise
# TypeError, and a later allocation crashes the interpreter (a segfault
# under glibc's malloc check, reproduced with NumPy alone on the H200
# machine).  NumPy 2.4 and the other order are clean.  Those pairs are
# checked against the other order's exception instead of being called.
_NUMPY_MM_PRODUCT_CORRUPTS = np.lib.NumpyVersion(np.__version__) >= "2.5.0"
PRODUCT_CASES = [
    (f, o) for f in ["dot", "inner", "vdot", "matmul", "vecdot", "tensordot"]
    for o in PRODUCT_OTHERS
    if not (_NUMPY_MM_PRODUCT_CORRUPTS and f in ("inner", "vdot")
            and o == "M8[s]")]


@pytest.mark.parametrize("func, other", PRODUCT_CASES)
@numpy_parity()
def test_timedelta_products(xp, func, other):
    f = getattr(xp, func)
    t = deltas(xp, "s", False)[:4]
    o = product_operand(xp, other, (4,))
    if func == "tensordot":
        t2, o2 = t.reshape(2, 2), product_operand(xp, other, (2, 2))
        return f(t2, o2), f(o2, t2, 1)
    return f(t, o), f(o, t)


@pytest.mark.parametrize("func", ["inner", "vdot"])
def test_timedelta_times_datetime_is_numpys_error(func):
    t, o = deltas(np, "s", False)[:4], product_operand(np, "M8[s]", (4,))
    try:
        getattr(np, func)(o, t)  # the order that leaves NumPy 2.5.2 intact
    except Exception as e:  # noqa: BLE001 - its type is what is compared
        want = type(e)
    else:
        pytest.fail("NumPy's %s(datetime64, timedelta64) returned" % func)
    assert issubclass(want, TypeError)
    for a, b in ((t, o), (o, t)):
        with pytest.raises(want, match="datetime64|timedelta64|M8|m8"):
            getattr(gp, func)(gp.asarray(a), gp.asarray(b))


@pytest.mark.parametrize("other", ["i8", "m8[s]", "M8[s]"])
@numpy_parity()
def test_timedelta_products_2d_and_out(xp, other):
    t = deltas(xp, "s", False)[:6].reshape(2, 3)
    o = product_operand(xp, other, (3, 2))
    out = xp.zeros((2, 2), "m8[ms]")
    return (xp.dot(t, o), xp.dot(t, o[:, 0]), xp.inner(t, o.T),
            xp.dot(t, o, out=out), out, t.dot(o))


@pytest.mark.parametrize("case", ["0d", "out", "wraps", "empty", "matvec"])
@numpy_parity()
def test_timedelta_product_edges(xp, case):
    t = deltas(xp, "s", False)[:4]
    i = xp.asarray(np.arange(4))
    if case == "0d":
        return xp.dot(t[0], i)
    if case == "out":
        return xp.dot(t.reshape(2, 2), i.reshape(2, 2),
                      out=xp.zeros((2, 2), np.int64))
    if case == "wraps":
        big = xp.asarray(np.array([2**62, 2**62], "m8[s]"))
        return xp.dot(big, xp.asarray(np.array([2, 2])))
    if case == "empty":
        return xp.dot(t[:0], i[:0]), xp.vdot(t[:0], i[:0])
    return xp.matvec(t.reshape(2, 2), i[:2])


# ---- overflow (Note [Datetime overflow]) --------------------------------

_OVERFLOWS = [
    ("W->ns", lambda xp: xp.asarray(np.array([10**6, -1, 0], "m8[W]"))
     .astype("m8[ns]")),
    ("Y->ns", lambda xp: xp.asarray(np.array([400, 3], "m8[Y]"))
     .astype("m8[ns]")),
    ("D->ns", lambda xp: xp.asarray(np.array([-200000, 5], "M8[D]"))
     .astype("M8[ns]")),
    ("m+m", lambda xp: xp.asarray(np.array([2**63 - 1, 5], "m8[s]"))
     + xp.asarray(np.array([1, 1], "m8[s]"))),
    ("M-M", lambda xp: xp.asarray(np.array([2**62 + 2**61], "M8[ns]"))
     - xp.asarray(np.array([-2**62 - 2**61], "M8[ns]"))),
    ("M+m", lambda xp: xp.asarray(np.array([2**63 - 2], "M8[s]"))
     + xp.asarray(np.array([1], "m8[s]"))),
    ("m-m to NaT", lambda xp: xp.asarray(np.array([-2**63 + 2], "m8[s]"))
     - xp.asarray(np.array([2], "m8[s]"))),
    ("m*int", lambda xp: xp.asarray(np.array([2**62, 3], "m8[s]")) * 2),
    ("int*m", lambda xp: 3 * xp.asarray(np.array([2**62], "m8[s]"))),
    ("no overflow", lambda xp: (xp.asarray(np.array([2**62], "m8[s]")) * -1,
                                xp.asarray(np.array([1, -1], "m8[W]"))
                                .astype("m8[ns]"))),
]


@pytest.mark.parametrize("name,op", _OVERFLOWS, ids=[n for n, _ in _OVERFLOWS])
@numpy_parity()
def test_overflow_follows_the_installed_numpy(xp, name, op):
    # NumPy 2.4 wraps these, NumPy 2.5 raises OverflowError: either way
    # gpuarray does what the installed NumPy does
    return op(xp)


def _np25_raises(name):
    """NumPy 2.5's verdict (its _datetime_scale_with_overflow_check and
    safe_add/safe_sub/safe_mul loops, results on NaT included), from the
    exact integers of each case."""
    lo, hi = -2**63, 2**63 - 1
    exact = {"W->ns": [10**6 * 604800 * 10**9], "Y->ns": [400 * 31556952 *
                                                         10**9],
             "D->ns": [-200000 * 86400 * 10**9],
             "m+m": [2**63], "M-M": [2**63 + 2**62],
             "M+m": [2**63 - 1], "m-m to NaT": [-2**63], "m*int": [2**63],
             "int*m": [3 * 2**62], "no overflow": [-2**62, 604800 * 10**9]}
    return any(v <= lo or v > hi for v in exact[name])


@pytest.mark.parametrize("name,fn", _OVERFLOWS, ids=[n for n, _ in _OVERFLOWS])
def test_numpy25_overflow_checks(monkeypatch, name, fn):
    # the 2.5 checks themselves, run here whatever NumPy is installed
    from gpuarray._engine import datetimes as engine
    monkeypatch.setattr(engine, "CHECK_OVERFLOW", True)
    if _np25_raises(name):
        with pytest.raises(OverflowError, match="Overflow"):
            fn(gp)
    else:
        fn(gp)


@numpy_parity()
def test_sign_of_timedelta_follows_numpy(xp):
    # NumPy 2.4: a timedelta (NaT gives -1); 2.5: float64 (NaT gives nan)
    return xp.sign(xp.asarray(np.array([3, -2, 0, "NaT"], "m8[s]")))


@pytest.mark.parametrize("func", ["sum", "prod", "cumprod", "mean"])
@numpy_parity()
def test_datetime_sums_are_numpys_errors(xp, func):
    return getattr(xp, func)(dates(xp, "D"))


@numpy_parity()
def test_truth_reductions(xp):
    x, t = dates(xp, "s"), deltas(xp, "s")
    return (xp.count_nonzero(t), xp.any(t), xp.all(t), xp.all(x),
            xp.count_nonzero(x, axis=0))


# ---- data movement ------------------------------------------------------

@numpy_parity()
def test_copies_views_and_gathers(xp):
    x = dates(xp, "ms")
    x2 = x[:44].reshape(4, 11)
    return (x.copy(), x[::-3], x2.T.copy(), x2[:, [3, 1]], x[x > x[0]],
            xp.take(x, [5, 0, 5]), x2.ravel(order="F"), xp.flip(x),
            xp.roll(x, 3), xp.tile(x[:3], 2), xp.repeat(x[:3], 2),
            xp.stack([x, x]), xp.concatenate([x, dates(xp, "D")]),
            xp.where(x > x[0], x, dates(xp, "D")),
            xp.where(x > x[0], x, np.datetime64("2000-01-01")),
            xp.clip(deltas(xp, "s"), np.timedelta64(-100, "s"),
                    np.timedelta64(100, "s")))


@numpy_parity()
def test_array_equal_and_isin(xp):
    x = dates(xp, "D")
    return (xp.array_equal(x, x), xp.array_equal(x, x, equal_nan=True),
            xp.array_equal(x[:3], x[:3]))


# ---- printing and transfers --------------------------------------------

@pytest.mark.parametrize("unit", UNITS)
def test_repr_and_str_are_numpys(unit):
    for h in (host_dates(unit)[:8], host_deltas(unit)[:8],
              host_dates(unit)[:6].reshape(2, 3), host_dates(unit)[:0]):
        a = gp.asarray(h)
        assert repr(a) == repr(h)
        assert str(a) == str(h)


def test_transfers_both_ways():
    h = host_dates("us")
    a = gp.asarray(h)
    assert a.dtype == h.dtype
    assert_same(a, h)
    for back in (a.get(), gp.asnumpy(a)):
        assert back.dtype == h.dtype
        np.testing.assert_array_equal(back.view(np.int64), h.view(np.int64))
    a2 = gp.empty(h.shape, h.dtype)
    a2.set(h)
    np.testing.assert_array_equal(a2.get(), h)
    assert a[0].item() == h[0].item()
    assert a.tolist() == h.tolist()


def test_dlpack_and_buffer_refuse_as_numpy_does():
    h = host_dates("s")
    a = gp.asarray(h)
    for obj in (h, a):
        with pytest.raises(BufferError):
            obj.__dlpack__()
    with pytest.raises(ValueError):
        memoryview(h)
    # host memory: NumPy's ValueError; device memory refuses any buffer
    with pytest.raises((ValueError, BufferError, TypeError)):
        memoryview(a)


def test_non_native_byte_order_is_refused_or_converted():
    h = np.array([1, 2, 3], ">M8[s]")
    try:
        a = gp.asarray(h)
    except TypeError:
        return
    np.testing.assert_array_equal(a.get(), h)


def test_engine_refuses_what_it_cannot_interpret():
    a = gp.asarray(host_dates("s"))
    with pytest.raises(TypeError):
        gp._core._elementwise("out0 = in0;", (a,),
                              (gp.empty(a.shape, "M8[ms]"),),
                              ("M8[ms]", "M8[ms]"))
    with pytest.raises(TypeError):  # a datetime read as a float
        gp._core._elementwise("out0 = in0;", (a,),
                              (gp.empty(a.shape, np.float64),),
                              (np.float64, np.float64))
    op = _op_extremum(np.dtype(np.int64), "gpa_maximum", False)
    with pytest.raises(TypeError):  # no reduction kernel reads datetimes
        gp._core._reduce(a, (0,), gp.empty((), a.dtype), op, np.int64,
                         np.int64, 0.0, 0.0)
    with pytest.raises(TypeError):
        gp._core._radix_sort(a.reshape(1, -1), 1,
                             gp.empty((1, a.size), a.dtype), None)


# ---- calendar functions -------------------------------------------------

@numpy_parity()
def test_calendar_functions(xp):
    d = xp.asarray(np.arange("2023-12-20", "2024-01-20", dtype="M8[D]"))
    e = d + np.timedelta64(10, "D")
    hol = ["2023-12-25", "2024-01-01"]
    return (xp.is_busday(d), xp.is_busday(d, holidays=hol),
            xp.busday_count(d, e), xp.busday_count(d, e, weekmask="1111110"),
            xp.busday_offset(d, 3, roll="forward"),
            xp.busday_offset(d, -2, roll="backward", holidays=hol))


def test_datetime_as_string_and_data():
    h = host_dates("s")
    a = gp.asarray(h)
    np.testing.assert_array_equal(gp.datetime_as_string(a),
                                  np.datetime_as_string(h))
    np.testing.assert_array_equal(gp.datetime_as_string(a, unit="D"),
                                  np.datetime_as_string(h, unit="D"))
    for dt in ("M8[10s]", "m8[D]", a.dtype):
        assert gp.datetime_data(dt) == np.datetime_data(dt)


# ---- the datetime kernels compile with NVRTC ----------------------------

def test_datetime_kernels_compile_with_nvrtc():
    # every loop body (the NumPy 2.5 checked ones included) and the cast
    # bodies, with the datetime preamble, as the CUDA text of the engine
    from conftest import nvrtc_or_skip
    from gpuarray._engine import datetime_ufuncs as du, datetimes as dte
    nvrtc_or_skip()
    store = {"M": "q", "m": "q", "q": "q", "d": "d", "?": "?"}
    parts = [dte.preamble()]
    bodies = [(k, b, 0) for k, b in du._BODIES.items()] + \
        [(k, b, 1) for k, (b, _) in du._CHECKED.items()]
    for i, ((name, sig), body, flag) in enumerate(bodies):
        ins, outs = sig.split("->")
        chars = [store[c] for c in ins + outs] + ["?"] * flag
        parts.append(gp._core._ew_source(body, chars, chars, len(ins), 0, 1,
                                         False, "dt%d" % i))
    # the unit casts' one kernel (Note [One unit-cast kernel]); its
    # factor and bound arguments are scalars at run time
    parts[0] = dte.preamble_with_cast()
    parts.append(gp._core._ew_source(dte.CHECKED_CAST_BODY, "q" * 9 + "?",
                                     "q" * 9 + "?", 8, 0, 1, False,
                                     "cast_checked"))
    parts.append(gp._core._ew_source(dte.CAST_BODY, "q" * 7, "q" * 7, 6,
                                     1, 1, True, "cast"))
    assert len(nvrtc_check("\n".join(parts), 90)) > 1000
