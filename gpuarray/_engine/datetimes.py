"""datetime64 and timedelta64 arrays: unit conversions, casts, sort keys.

Note [Datetime storage] (csrc/array/array.h): a datetime array keeps
NumPy's descriptor, unit and all, and stores int64; NaT is INT64_MIN.
The C engines move those bytes but never interpret them, so everything
that reads a value runs here, as int64 kernels over ``view(int64)``
with NaT handled in the kernel body (docs/design/datetimes.md):

- unit changes (``astype``, mixed-unit operands) are one kernel whose body
  scales by an exact rational factor, floor-rounded as NumPy rounds; the
  calendar units of datetimes (years, months) go through days with the
  civil-calendar formulas of the preamble below;
- casts to and from numbers move the raw int64 value, as NumPy does;
- sorting sorts the key ``value - 1`` (wrapping), which keeps the order of
  every value and makes NaT the largest, so it sorts to the end as in
  NumPy.

The ufunc front end (NumPy's type resolution, the per-ufunc bodies) is
datetime_ufuncs.py.
"""
import math

import numpy as np

from .. import _core

NAT = np.iinfo(np.int64).min
_C_NAT = "(-9223372036854775807LL - 1)"
_MAX = 2**63 - 1

# Note [Datetime overflow]: NumPy 2.5 raises OverflowError where a unit
# cast (astype, mixed-unit operands) or datetime arithmetic (+, -,
# integer *) overflows int64 or lands on NaT; NumPy 2.4 wraps silently.
# gpuarray follows the installed NumPy: under 2.5 the kernel that
# converts (or computes) also writes a per-element overflow flag, and one
# `any` of the flags is read back (the one sync of the operation) before
# the result is stored anywhere.
CHECK_OVERFLOW = np.lib.NumpyVersion(np.__version__) >= "2.5.0"

# one unit in attoseconds (linear units); datetimes' Y and M are calendar
# units, timedeltas' are the average Gregorian year and month (NumPy's)
_AS = {"W": 7 * 86400 * 10**18, "D": 86400 * 10**18, "h": 3600 * 10**18,
       "m": 60 * 10**18, "s": 10**18, "ms": 10**15, "us": 10**12,
       "ns": 10**9, "ps": 10**6, "fs": 10**3, "as": 1}
_TD_CAL = {"Y": 31556952 * 10**18, "M": 2629746 * 10**18}

# Days from the civil date of `months` since 1970-01 (its first day), and
# back: the proleptic Gregorian era arithmetic (400-year eras of 146097
# days), all integer and exact for every int64 day count we meet.
_PREAMBLE = r"""
GPA_DEVICE long long gpa_dt_floordiv(long long a, long long b)
{
    long long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
GPA_DEVICE bool gpa_dt_add_ovf(long long a, long long b, long long *r)
{
    *r = (long long)((unsigned long long)a + (unsigned long long)b);
    return ((a ^ *r) & (b ^ *r)) < 0 || *r == (-9223372036854775807LL - 1);
}
GPA_DEVICE bool gpa_dt_sub_ovf(long long a, long long b, long long *r)
{
    *r = (long long)((unsigned long long)a - (unsigned long long)b);
    return ((a ^ b) & (a ^ *r)) < 0 || *r == (-9223372036854775807LL - 1);
}
GPA_DEVICE bool gpa_dt_mul_ovf(long long a, long long b, long long *r)
{
    const long long lo = (-9223372036854775807LL - 1);
    *r = (long long)((unsigned long long)a * (unsigned long long)b);
    return (a == -1 && b == lo) || (b == -1 && a == lo) ||
           (a != 0 && *r / a != b) || *r == lo;
}
GPA_DEVICE long long gpa_dt_months_to_days(long long months)
{
    long long y = 1970 + gpa_dt_floordiv(months, 12);
    long long m = months - gpa_dt_floordiv(months, 12) * 12 + 1;
    y -= m <= 2;
    long long era = gpa_dt_floordiv(y, 400);
    long long yoe = y - era * 400;
    long long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}
GPA_DEVICE long long gpa_dt_days_to_months(long long z)
{
    z += 719468;
    long long era = gpa_dt_floordiv(z, 146097);
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long y = yoe + era * 400;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    long long m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    return (y - 1970) * 12 + m - 1;
}
"""


def int64_view(a):
    """The int64 storage of a datetime array (same memory)."""
    return a.view(np.int64)


def preamble():
    return _PREAMBLE


def _unit(dt):
    unit, count = np.datetime_data(dt)
    return unit, count


def _ratio(num, den):
    g = math.gcd(num, den)
    return num // g, den // g


def cast_limits(src, dst):
    """NumPy 2.5's overflow bounds of a unit cast (Note [Datetime
    overflow]): (lo, hi) such that a value v (not NaT) overflows when
    v < lo or v > hi, from the reduced factor num/den as NumPy's
    _datetime_scale_with_overflow_check computes them; None when the
    cast has no check (generic units, equal units, and the calendar casts
    of datetimes, which check only a unit count above one)."""
    (su, sc), (du, dc) = _unit(src), _unit(dst)
    if su == "generic" or du == "generic" or (su, sc) == (du, dc):
        return None
    cal = ("Y", "M")
    if np.dtype(src).kind == "m":
        table = {**_AS, **_TD_CAL}
        num, den = _ratio(sc * table[su], dc * table[du])
    elif su not in cal and du not in cal:
        num, den = _ratio(sc * _AS[su], dc * _AS[du])
    elif su in cal and sc > 1:      # the count scaling of a calendar unit
        num, den = sc, 1
    else:
        return None
    if num > _MAX or den > _MAX:
        return None                 # _factors raises for these
    return -((_MAX - den + 1) // num), _MAX // num


def _nat_guard(expr, v="in0"):
    return "out0 = %s == %s ? %s : (%s);" % (v, _C_NAT, _C_NAT, expr)


# Note [One unit-cast kernel]: every unit change is the same three steps,
# scale (v * n1 / d1, floored), an optional calendar step (months -> days
# or days -> months), scale again (n2 / d2).  The cast kernel takes the
# factors, the step and the overflow bounds as scalar arguments, so every
# unit pair shares one kernel text (the NumPy 2.5 check its own one):
# with the factors as literals each pair was its own kernel, ~110 host
# compiles in tests/creation/test_datetimes.py alone and one compile per
# unit pair a user meets.  The multiply wraps (unsigned) as NumPy
# 2.4 does; 2.5's check rejects those values before they are used.
_SCALE_FN = r"""
GPA_DEVICE long long gpa_dt_scale(long long v, long long n, long long d)
{
    v = (long long)((unsigned long long)v * (unsigned long long)n);
    return d == 1 ? v : gpa_dt_floordiv(v, d);
}
GPA_DEVICE long long gpa_dt_unit_cast(long long v, long long n1,
                                      long long d1, long long step,
                                      long long n2, long long d2)
{
    v = gpa_dt_scale(v, n1, d1);
    if (step == 1)
        v = gpa_dt_months_to_days(v);
    else if (step == 2)
        v = gpa_dt_days_to_months(v);
    return gpa_dt_scale(v, n2, d2);
}
"""
_CAST_CALL = "gpa_dt_unit_cast(in0, in1, in2, in3, in4, in5)"
CAST_BODY = _nat_guard(_CAST_CALL)
CHECKED_CAST_BODY = (
    "out1 = in0 != %s && (in0 < in6 || in0 > in7); "
    "if (out1) out0 = 0; else { %s }" % (_C_NAT, CAST_BODY))


def _factors(num, den):
    if num > _MAX or den > _MAX:
        raise OverflowError("datetime unit conversion factor %d/%d does not "
                            "fit in int64" % (num, den))
    return num, den


def cast_steps(src, dst):
    """(n1, d1, step, n2, d2) of the unit cast src -> dst (same kind, not
    generic, units differ), the arguments of gpa_dt_unit_cast; calendar
    units of datetimes go through days, floor-rounded as NumPy rounds."""
    (su, sc), (du, dc) = _unit(src), _unit(dst)
    cal = ("Y", "M")
    if np.dtype(src).kind == "m":
        table = {**_AS, **_TD_CAL}
        return _factors(*_ratio(sc * table[su], dc * table[du])) + (0, 1, 1)
    if su not in cal and du not in cal:
        return _factors(*_ratio(sc * _AS[su], dc * _AS[du])) + (0, 1, 1)
    if su in cal and du in cal:
        sm, dm = sc * (12 if su == "Y" else 1), dc * (12 if du == "Y" else 1)
        return _factors(*_ratio(sm, dm)) + (0, 1, 1)
    if su in cal:  # calendar -> days -> linear unit
        return (_factors(sc * (12 if su == "Y" else 1), 1) + (1,) +
                _factors(*_ratio(_AS["D"], dc * _AS[du])))
    return (_factors(*_ratio(sc * _AS[su], _AS["D"])) + (2,) +
            _factors(*_ratio(1, dc * (12 if du == "Y" else 1))))


def preamble_with_cast():
    return _PREAMBLE + _SCALE_FN


def _unsafe_castable(src, dst):
    return np.can_cast(np.dtype(src), np.dtype(dst), "unsafe")


def _same_unit(sd, dd):
    (su, sc), (du, dc) = _unit(sd), _unit(dd)
    return su == "generic" or du == "generic" or (su, sc) == (du, dc)


def datetime_assign(dst, src):
    """dst[...] = src where the dtypes differ and one is a datetime: the
    C core's hook for every cast (astype, setitem, copyto) it can't do
    (Note [Datetime storage]).  NumPy's unsafe-cast rules decide what is
    allowed; its values: units rescaled, numbers as raw int64."""
    sd, dd = src.dtype, dst.dtype
    if not _unsafe_castable(sd, dd):
        raise TypeError("Cannot cast array data from %r to %r" % (sd, dd))
    if sd.kind in "mM" and dd.kind in "mM" and sd.kind == dd.kind:
        if _same_unit(sd, dd):      # generic or equal units: the number
            dst[...] = int64_view(src).view(dd)
            return
        tmp = _core.empty(src.shape, dd)
        steps = cast_steps(sd, dd)  # Note [One unit-cast kernel]
        lim = cast_limits(sd, dd) if CHECK_OVERFLOW else None
        if lim is None:
            _core._elementwise(CAST_BODY, (int64_view(src),) + steps,
                               (int64_view(tmp),), ("q",) * 7,
                               preamble_with_cast())
        else:   # Note [Datetime overflow]: one flag per element, one sync
            flag = _core.empty(src.shape, np.bool_)
            _core._elementwise(CHECKED_CAST_BODY,
                               (int64_view(src),) + steps + lim,
                               (int64_view(tmp), flag),
                               ("q",) * 9 + ("?",), preamble_with_cast())
            if flag.size and bool(flag.any()):
                raise OverflowError("Overflow when converting between "
                                    "datetime64 units")
    elif sd.kind in "mM" and dd.kind in "mM":
        tmp = int64_view(src).view(dd)  # datetime <-> timedelta: NumPy
        # keeps the number, whatever the units
    elif sd.kind in "mM":
        tmp = int64_view(src)  # to a number: the raw value
    else:
        vals = src if src.dtype == np.int64 else src.astype(np.int64)
        tmp = vals.view(dd)
    dst[...] = tmp


# ---- sort keys (NaT last) ----------------------------------------------

def sort_key(a):
    """int64 keys ordered as NumPy orders datetimes: value - 1 wraps NaT
    (INT64_MIN) to INT64_MAX, every other value keeps its order."""
    k = _core.empty(a.shape, np.int64)
    _core._elementwise("out0 = (in0_t)((unsigned long long)in0 - 1ULL);",
                       (int64_view(a),), (k,), ("q", "q"))
    return k


def from_sort_key(k, dtype):
    """Inverse of sort_key: keys back to values of dtype."""
    out = _core.empty(k.shape, np.int64)
    _core._elementwise("out0 = (in0_t)((unsigned long long)in0 + 1ULL);",
                       (k,), (out,), ("q", "q"))
    return out.view(np.dtype(dtype))


def scalar_key(v, dtype, key):
    """A scalar as the int64 a kernel compares: its value in dtype's unit,
    as a sort key when key is set."""
    i = int(np.asarray(v).astype(dtype).view(np.int64))
    return ((i - 1 + 2**63) % 2**64) - 2**63 if key else i


def isnat_mask(a):
    m = _core.empty(a.shape, np.bool_)
    _core._elementwise("out0 = in0 == %s;" % _C_NAT, (int64_view(a),),
                       (m,), ("q", "?"))
    return m
