"""Every ufunc x every loop NumPy defines for our dtypes, against NumPy:
result dtype, shape and values (tolerances below, per dtype and function),
including special values (nan, +-inf, -0.0, integer extremes, division by
zero).  Then the call machinery: broadcasting, out=, where=, dtype=,
casting errors, weak scalars, operators and overlap."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_check, nvrtc_or_skip

SUPPORTED = set("?bBhHiIlLefdFD")

# Relative tolerance per loop output type.  float16 loops compute in
# float32 and round (NumPy does the same), so they match to the last bit
# but one; CUDA's float32/float64 libm functions are within 2 ulp of
# correctly rounded (CUDA programming guide, appendix on math functions).
RTOL = {"e": 2e-3, "f": 4e-6, "d": 1e-13, "F": 4e-6, "D": 1e-13}
# Functions whose results near their zeros are compared absolutely.
TRANSCENDENTAL_ATOL = {"e": 2e-3, "f": 2e-6, "d": 1e-14, "F": 2e-6,
                       "D": 1e-14}
# Loops whose inputs need a restricted domain to stay comparable.
SMALL_INTS = {"power", "left_shift", "right_shift", "ldexp", "lcm"}


def loops(name):
    uf = getattr(np, name)
    for t in uf.types:
        ins, outs = t.split("->")
        if set(ins + outs) <= SUPPORTED:
            yield ins, outs


ALL = sorted(gp._core.ufuncs)
CASES = [(name, ins, outs) for name in ALL for ins, outs in loops(name)]


def values(char, name, rng, n=64):
    """Test inputs for one operand: random values plus special values."""
    dt = np.dtype(char)
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(dt)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        if name in SMALL_INTS:
            lo = 0 if dt.kind == "u" or name in ("power", "lcm") else -3
            hi = min(info.max, dt.itemsize * 8 + 3 if "shift" in name else 9)
            return rng.integers(lo, hi + 1, n).astype(dt)
        v = rng.integers(max(info.min, -1000), min(info.max, 1000), n)
        v = v.astype(dt)
        v[:4] = [info.min, info.max, 0, 1 if dt.kind == "u" else -1]
        return v
    real = rng.standard_normal(n) * 3
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5]
    real[: len(special)] = special
    if dt.kind == "c":
        imag = rng.standard_normal(n)
        imag[len(special): 2 * len(special)] = special
        return (real + 1j * imag).astype(dt)
    return real.astype(dt)


def assert_matches(name, got, want):
    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
    assert got.shape == want.shape
    if want.dtype.kind in "biu?":
        np.testing.assert_array_equal(got, want, err_msg=name)
        return
    c = want.dtype.char
    rtol = RTOL[c]
    atol = TRANSCENDENTAL_ATOL[c]
    if want.dtype.kind == "c":
        if name in ("power", "float_power"):
            # z**w = exp(w log z): the error grows with |w log z| (the
            # part that cancels can lose a few more digits than libm's)
            rtol *= 10
        for part in (np.real, np.imag):
            np.testing.assert_allclose(part(got), part(want), rtol=rtol,
                                       atol=atol, equal_nan=True,
                                       err_msg=name)
    else:
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol,
                                   equal_nan=True, err_msg=name)
        # signed zeros and infinities must match exactly
        exact = np.isinf(want) | (want == 0)
        np.testing.assert_array_equal(np.signbit(got[exact]),
                                      np.signbit(want[exact]), err_msg=name)


@pytest.mark.parametrize("name,ins,outs", CASES,
                         ids=["%s-%s" % (n, i) for n, i, _ in CASES])
def test_loop_matches_numpy(name, ins, outs, rng):
    # rng: the conftest fixture, seeded from the test id (reproducible)
    args = [values(c, name, rng) for c in ins]
    if name == "power" and ins[0] in "bhilq":
        args[1] = np.abs(args[1])  # negative integer powers raise
    np_uf, gp_uf = getattr(np, name), getattr(gp, name)
    with np.errstate(all="ignore"):
        want = np_uf(*args)
    got = gp_uf(*[gp.asarray(a) for a in args])
    if not isinstance(want, tuple):
        want, got = (want,), (got,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(name, gp.asnumpy(g), w)


def test_every_numpy_ufunc_is_there():
    numeric = {getattr(np, n).__name__ for n in dir(np)
               if isinstance(getattr(np, n), np.ufunc)
               and any(True for _ in loops(getattr(np, n).__name__))
               and getattr(np, n).signature is None}
    missing = numeric - set(gp._core.ufuncs)
    assert not missing


@pytest.mark.parametrize("name", ["add", "sin", "divmod", "maximum"])
def test_ufunc_attributes(name):
    ours, theirs = getattr(gp, name), getattr(np, name)
    assert ours.nin == theirs.nin and ours.nout == theirs.nout
    assert ours.nargs == theirs.nargs
    assert ours.__name__ == theirs.__name__
    assert set(ours.types) <= set(theirs.types) and ours.types
    assert isinstance(ours, gp.ufunc)


# ---- special cases NumPy defines --------------------------------------

@pytest.mark.parametrize("dt", [np.int8, np.uint8, np.int32, np.int64,
                                np.uint64])
def test_integer_division_by_zero(dt):
    a = np.array([7, 0, 1, np.iinfo(dt).max], dtype=dt)
    b = np.zeros(4, dtype=dt)
    with np.errstate(all="ignore"):
        for name in ["floor_divide", "remainder", "fmod"]:
            want = getattr(np, name)(a, b)
            got = getattr(gp, name)(gp.asarray(a), gp.asarray(b))
            np.testing.assert_array_equal(got.get(), want, err_msg=name)


def test_integer_overflow_wraps():
    a = np.array([127, -128, 100], dtype=np.int8)
    g = gp.asarray(a)
    np.testing.assert_array_equal((g + g).get(), a + a)
    np.testing.assert_array_equal((g * g).get(), a * a)
    np.testing.assert_array_equal((-g).get(), -a)


def test_min_int_floor_divide_minus_one():
    a = np.array([np.iinfo(np.int32).min], np.int32)
    b = np.array([-1], np.int32)
    with np.errstate(all="ignore"):
        want = a // b
    np.testing.assert_array_equal((gp.asarray(a) // gp.asarray(b)).get(),
                                  want)


@pytest.mark.parametrize("dt", [np.int8, np.uint16, np.int64])
def test_shifts_by_bit_width_or_more(dt):
    bits = np.dtype(dt).itemsize * 8
    a = np.array([1, 5, -3 if np.dtype(dt).kind == "i" else 3, 0] * 3,
                 dtype=dt)
    s = np.array([0, 1, bits - 1, bits, bits + 1, 2 * bits] * 2, dtype=dt)
    for name in ["left_shift", "right_shift"]:
        want = getattr(np, name)(a, s)
        got = getattr(gp, name)(gp.asarray(a), gp.asarray(s))
        np.testing.assert_array_equal(got.get(), want, err_msg=name)


def test_power_negative_integer_exponent_raises():
    a = gp.asarray(np.array([2, 3], np.int64))
    with pytest.raises(ValueError):
        np.power(np.array([2, 3]), -1)
    with pytest.raises(ValueError):
        gp.power(a, -1)


def test_float_special_values():
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-310, -2.5],
                 np.float64)
    g = gp.asarray(x)
    with np.errstate(all="ignore"):
        for name in ["sqrt", "log", "exp", "sign", "floor", "ceil", "rint",
                     "trunc", "reciprocal", "negative", "absolute",
                     "isnan", "isinf", "isfinite", "signbit", "spacing"]:
            assert_matches(name, getattr(gp, name)(g).get(),
                           getattr(np, name)(x))
        for name in ["maximum", "minimum", "fmax", "fmin", "divide",
                     "floor_divide", "remainder", "arctan2", "copysign",
                     "nextafter", "hypot", "logaddexp", "heaviside"]:
            y = x[::-1].copy()
            assert_matches(name, getattr(gp, name)(g, gp.asarray(y)).get(),
                           getattr(np, name)(x, y))


# ---- the call machinery -------------------------------------------------

def test_broadcasting_and_shapes():
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(3.0)
    c = np.arange(2.0).reshape(2, 1)
    got = gp.add(gp.asarray(a), gp.asarray(b))
    np.testing.assert_array_equal(got.get(), a + b)
    got = gp.asarray(c) * gp.asarray(b)
    np.testing.assert_array_equal(got.get(), c * b)
    with pytest.raises(ValueError, match="could not be broadcast"):
        gp.asarray(np.ones(2)) + gp.asarray(np.ones(3))


def test_non_contiguous_negative_stride_and_empty():
    a = np.arange(60.0).reshape(6, 10)
    g = gp.asarray(a)
    np.testing.assert_allclose(gp.sin(g[::-2, 1::3]).get(),
                               np.sin(a[::-2, 1::3]), rtol=1e-13)
    np.testing.assert_array_equal((g.T * 2).get(), a.T * 2)
    assert (g.T * 2).flags.f_contiguous == (a.T * 2).flags.f_contiguous
    e = gp.empty((0, 3))
    assert (e + 1).shape == (0, 3)
    z = gp.asarray(np.float32(2.5))
    r = z * z
    assert r.shape == () and r.dtype == np.float32
    assert float(r) == 6.25


def test_out_argument():
    a = np.arange(5.0)
    g = gp.asarray(a)
    out = gp.empty(5)
    r = gp.multiply(g, 2, out=out)
    assert r is out
    np.testing.assert_array_equal(out.get(), a * 2)
    r = gp.add(g, 1, out=(out,))
    np.testing.assert_array_equal(out.get(), a + 1)
    q, m = gp.empty(5), gp.empty(5)
    gp.divmod(g, 2, q, m)
    np.testing.assert_array_equal(q.get(), a // 2)
    np.testing.assert_array_equal(m.get(), a % 2)
    with pytest.raises(ValueError):
        gp.add(g, 1, out=gp.empty(4))
    with pytest.raises(TypeError):
        gp.add(g, 1, out=np.empty(5))


def test_out_casting_rules():
    g = gp.asarray(np.arange(5.0))
    iout = gp.empty(5, dtype=np.int64)
    with pytest.raises(TypeError) as ours:
        gp.add(g, 1, out=iout)
    with pytest.raises(TypeError) as theirs:
        np.add(np.arange(5.0), 1, out=np.empty(5, np.int64))
    assert type(ours.value) is type(theirs.value)
    gp.add(g, 1, out=iout, casting="unsafe")
    np.testing.assert_array_equal(iout.get(), np.arange(5) + 1)
    fout = gp.empty(5, dtype=np.float32)
    gp.add(g, 1, out=fout)  # same_kind allows float64 -> float32
    np.testing.assert_array_equal(fout.get(), np.arange(5, dtype=np.float32)
                                  + 1)


def test_inplace_casting_error_like_numpy():
    g = gp.asarray(np.arange(5))
    with pytest.raises(TypeError):
        g += 1.5
    a = np.arange(5)
    with pytest.raises(TypeError):
        a += 1.5


def test_where_argument():
    a = np.arange(6.0)
    m = a > 2
    out = gp.asarray(np.full(6, -1.0))
    gp.multiply(gp.asarray(a), 10, out=out, where=gp.asarray(m))
    want = np.full(6, -1.0)
    np.multiply(a, 10, out=want, where=m)
    np.testing.assert_array_equal(out.get(), want)


def test_dtype_argument():
    a = np.arange(5, dtype=np.int32)
    got = gp.add(gp.asarray(a), 1, dtype=np.float32)
    want = np.add(a, 1, dtype=np.float32)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.get(), want)


@pytest.mark.parametrize("dt,scalar", [
    (np.int8, 3), (np.int8, 1.5), (np.float32, 2.5), (np.float16, 3),
    (np.uint8, True), (np.float32, 1j), (np.int64, np.float32(2)),
    (np.float32, np.float64(2)), (np.complex64, 2.0),
])
def test_scalar_promotion_is_numpy2(dt, scalar):
    a = np.arange(1, 5).astype(dt)
    g = gp.asarray(a)
    for op in (lambda x, s: x + s, lambda x, s: s * x, lambda x, s: x / s):
        want = op(a, scalar)
        got = op(g, scalar)
        assert got.dtype == want.dtype
        assert_matches("scalar", got.get(), want)


def test_python_int_out_of_range_raises_overflow():
    g = gp.asarray(np.arange(3, dtype=np.int8))
    with pytest.raises(OverflowError):
        np.arange(3, dtype=np.int8) + 300
    with pytest.raises(OverflowError):
        g + 300


def test_no_loop_raises_numpy_error():
    g = gp.asarray(np.arange(3.0))
    with pytest.raises(TypeError) as ours:
        gp.bitwise_and(g, g)
    with pytest.raises(TypeError) as theirs:
        np.bitwise_and(np.arange(3.0), np.arange(3.0))
    assert type(ours.value) is type(theirs.value)


def test_numpy_array_operand_is_rejected():
    g = gp.asarray(np.arange(3.0))
    with pytest.raises(TypeError):
        g + np.arange(3.0)
    with pytest.raises(TypeError):
        gp.add(g, np.arange(3.0))


def test_operators():
    a = np.arange(1, 7, dtype=np.int32).reshape(2, 3)
    b = np.array([2, 3, 4], dtype=np.int32)
    ga, gb = gp.asarray(a), gp.asarray(b)
    for op in ["__add__", "__sub__", "__mul__", "__truediv__",
               "__floordiv__", "__mod__", "__pow__", "__lshift__",
               "__rshift__", "__and__", "__or__", "__xor__", "__lt__",
               "__le__", "__eq__", "__ne__", "__gt__", "__ge__", "__radd__",
               "__rsub__", "__rmul__", "__rtruediv__"]:
        want = getattr(a, op)(b)
        got = getattr(ga, op)(gb)
        assert got.dtype == want.dtype, op
        np.testing.assert_array_equal(got.get(), want, err_msg=op)
    for op in [lambda x: -x, lambda x: +x, abs, lambda x: ~x]:
        np.testing.assert_array_equal(op(ga).get(), op(a))
    q, r = divmod(ga, gb)
    np.testing.assert_array_equal(q.get(), a // b)
    np.testing.assert_array_equal(r.get(), a % b)
    assert (5 - ga).dtype == (5 - a).dtype


def test_inplace_operators_keep_identity_and_dtype():
    a = np.arange(6.0)
    g = gp.asarray(a)
    ident = id(g)
    for op in ["__iadd__", "__isub__", "__imul__", "__itruediv__",
               "__ipow__", "__ifloordiv__", "__imod__"]:
        a = getattr(a, op)(2.0)
        g = getattr(g, op)(2.0)
        assert id(g) == ident
        np.testing.assert_allclose(g.get(), a, rtol=1e-15)


def test_inplace_with_overlap():
    a = np.arange(10.0)
    g = gp.asarray(a)
    a[1:] += a[:-1]
    g[1:] += g[:-1]
    np.testing.assert_array_equal(g.get(), a)
    a = np.arange(10.0)
    g = gp.asarray(a)
    a[:-1] += a[1:]
    g[:-1] += g[1:]
    np.testing.assert_array_equal(g.get(), a)
    a = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(a)
    np.add(a, a.T[:3, :3].sum() * 0 + a[::-1], out=a)
    gp.add(g, g[::-1], out=g)
    np.testing.assert_array_equal(g.get(), a)


def test_array_ufunc_dispatch():
    a = np.linspace(0, 1, 7)
    g = gp.asarray(a)
    r = np.sin(g)
    assert isinstance(r, gp.ndarray)
    np.testing.assert_allclose(r.get(), np.sin(a), rtol=1e-13)
    r = np.add(g, g)
    assert isinstance(r, gp.ndarray)
    out = gp.empty(7)
    np.multiply(g, 2, out=out)
    np.testing.assert_array_equal(out.get(), a * 2)


def test_large_array_uses_64bit_index():
    # more elements than 2**31 would be too slow on the host device; use a
    # strided view whose byte extent needs 64-bit offsets instead.
    n = (1 << 30) // 4 + 5
    try:
        g = gp.zeros(n, dtype=np.float32)
    except MemoryError:
        pytest.skip("not enough memory for a 1 GiB array")
    v = g[::(n - 1)]
    v += 1
    assert float(g[0]) == 1.0 and float(g[n - 1]) == 1.0
    assert float(g[1]) == 0.0


def test_elementwise_nvrtc_codegen_compiles():
    """Where libnvrtc exists (with or without a GPU), the CUDA text of a
    sample of generated kernels compiles for sm_90."""
    nvrtc_or_skip()
    src = ('extern "C" __global__ void k(const gpa_c64 *a, gpa_half *b, '
           'int n) { int i = threadIdx.x; if (i < n) b[i] = '
           'gpa_cast<gpa_half>(gpa_sqrt(a[i])); }')
    assert len(nvrtc_check(src, 90)) > 0


def test_outer():
    a, b = np.arange(3.0), np.arange(4.0).reshape(2, 2)
    got = gp.multiply.outer(gp.asarray(a), gp.asarray(b))
    want = np.multiply.outer(a, b)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got.get(), want)
    with pytest.raises(ValueError):
        gp.sin.outer(gp.asarray(a), gp.asarray(a))


@pytest.mark.parametrize("case", [
    "t3", "t3b", "slice", "revT", "mixed", "bcast_lower", "bcast_col",
    "conflict", "two_out", "order_A", "order_C", "order_F"])
def test_new_outputs_take_numpys_layout(case):
    # Note [Output order]: a new output is laid out as NumPy's iterator
    # lays it out, so strides and contiguity match NumPy's result
    base = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    m = np.arange(12, dtype=np.float64).reshape(3, 4)
    kw = {}
    if case == "t3":
        ins = (base.transpose(2, 0, 1), 2.0)
    elif case == "t3b":
        ins = (base.transpose(1, 0, 2), base.transpose(1, 0, 2))
    elif case == "slice":
        ins = (np.ones((4, 6))[:, ::2], 1.0)
    elif case == "revT":
        ins = (m[::-1].T, 1.0)
    elif case == "mixed":
        ins = (m.T, np.ones((4, 3)))
    elif case == "bcast_lower":
        ins = (m.T, np.ones(3))
    elif case == "bcast_col":
        ins = (base.transpose(2, 0, 1), np.ones((2, 3)))
    elif case == "conflict":
        ins = (base.transpose(2, 0, 1),
               np.asfortranarray(base.transpose(2, 0, 1)))
    elif case == "two_out":
        ins = (base.transpose(2, 1, 0),)
    else:
        ins = (base.transpose(2, 0, 1), 1.0)
        kw = {"order": case[-1]}
    fname = "modf" if case == "two_out" else "add"
    if fname == "add" and len(ins) == 1:
        ins = ins + (1.0,)
    r = getattr(np, fname)(*ins, **kw)
    g = getattr(gp, fname)(*[gp.asarray(x) if isinstance(x, np.ndarray)
                             else x for x in ins], **kw)
    rs = r if isinstance(r, tuple) else (r,)
    gs = g if isinstance(g, tuple) else (g,)
    for gi, ri in zip(gs, rs):
        assert gi.strides == ri.strides, (gi.strides, ri.strides)
        assert gi.flags.c_contiguous == ri.flags.c_contiguous
        assert gi.flags.f_contiguous == ri.flags.f_contiguous
        np.testing.assert_array_equal(gi.get(), ri)
