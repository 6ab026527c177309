"""gpuarray.poly1d and the legacy functions given poly1d objects, against
NumPy: device coefficients, NumPy's result types (poly1d in, poly1d out
for polyadd & co; arrays for ufuncs of a poly1d and for an array on the
left of an operator), dtypes, roots of constants, and CuPy's get/set."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same, numpy_parity


def same(got, want, **kw):
    """got is gpuarray's counterpart of want: a poly1d of the same
    variable and coefficients, or what assert_same accepts."""
    __tracebackhide__ = True  # noqa: F841
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w, **kw)
        return
    if isinstance(want, np.poly1d):
        assert isinstance(got, gp.poly1d), type(got)
        assert got.variable == want.variable
        assert isinstance(got.coeffs, gp.ndarray)
        assert_same(got.coeffs, want.coeffs, **kw)
        return
    assert not isinstance(got, gp.poly1d), type(got)
    assert_same(got, want, **kw)


def both(xp_fn, **kw):
    """xp_fn(np) and xp_fn(gp) agree (same())."""
    same(xp_fn(gp), xp_fn(np), **kw)


def operand(xp, kind, dtype=np.float64):
    a = xp.asarray(np.arange(1, 6, dtype=dtype))
    return {"poly1d": lambda: xp.poly1d(a), "ndarray": lambda: a,
            "int": lambda: 3, "float": lambda: 2.5,
            "npscalar": lambda: np.dtype(dtype).type(3)}[kind]()


# ---- construction and attributes --------------------------------------

@pytest.mark.parametrize("c", [[0, 0, 1, 2, 3], [0, 0], [], 7,
                               np.array(2.5, np.float32),
                               np.array([0j, 1 + 2j])])
def test_construction_trims_like_numpy(c):
    both(lambda xp: xp.poly1d(xp.asarray(np.asarray(c))))


def test_construction_from_poly1d_keeps_variable_and_coefficients():
    n = np.poly1d([1, 2, 3], variable="z")
    same(gp.poly1d(n), np.poly1d(n))
    same(gp.poly1d(n, variable="y"), np.poly1d(n, variable="y"))
    g = gp.poly1d([1, 2, 3], variable="z")
    assert gp.poly1d(g).coeffs is g.coeffs
    same(gp.poly1d(g, variable="w"), np.poly1d(n, variable="w"))
    both(lambda xp: xp.poly1d(xp.asarray([1.0, 2.0]), True, variable="s"))


def test_coeffs_are_the_objects_own_device_array():
    p = gp.poly1d(gp.asarray([1.0, 2.0, 3.0]))
    assert p.coeffs is p.coeffs is p.c is p.coef
    p.coeffs *= 2  # NumPy's poly1d allows this in-place change
    assert_same(p.coeffs, np.array([2.0, 4.0, 6.0]))
    with pytest.raises(AttributeError):
        p.coeffs = gp.zeros(3)
    with pytest.raises(AttributeError):
        np.poly1d([1]).coeffs = np.zeros(3)


@numpy_parity()
def test_order_len_getitem(xp):
    p = xp.poly1d(xp.asarray(np.array([0, 0, 4, 5, 6], np.int16)))
    return p.order, len(p), p[0], p[2], p[3], p[-1], p.o


@pytest.mark.parametrize("key", [1, 5])
def test_setitem(key):
    def f(xp):
        p = xp.poly1d(xp.asarray(np.array([0, 2, 3, 0], np.int32)))
        p[key] = 20
        return p
    both(f)


def test_setitem_negative_power_is_valueerror():
    for xp in (np, gp):
        with pytest.raises(ValueError):
            xp.poly1d([1, 2])[-1] = 3


@pytest.mark.parametrize("c", [[1, 2, 3], [1.5, 0, -2], [1j, 2], [0]])
def test_repr_str_and_get(c):
    g, n = gp.poly1d(c, variable="t"), np.poly1d(c, variable="t")
    assert repr(g) == repr(n) and str(g) == str(n)
    h = g.get()
    assert type(h) is np.poly1d and h == n and h.variable == "t"


def test_set_takes_a_numpy_poly1d():
    p = gp.poly1d(gp.arange(1.0, 6.0))
    coeffs = p.coeffs
    p.set(np.poly1d(np.ones(5), variable="z"))
    assert p.coeffs is coeffs and p.variable == "z"  # written in place
    assert_same(p.coeffs, np.ones(5))
    p.set(np.poly1d([1, 2]))
    assert_same(p.coeffs, np.array([1, 2])) and p.variable == "x"
    with pytest.raises(TypeError):
        p.set([1, 2])


def test_array_protocol_copies():
    p = gp.poly1d([1.0, 2.0])
    np.testing.assert_array_equal(np.asarray(p), [1.0, 2.0])
    assert np.asarray(p, dtype=np.float32).dtype == np.float32
    with pytest.raises(ValueError):
        np.array(p, copy=False)


@numpy_parity()
def test_equality(xp):
    a = xp.poly1d(xp.asarray([1, 2, 3]))
    return (bool(a == xp.poly1d(xp.asarray([1.0, 2.0, 3.0]))),
            a == xp.poly1d(xp.asarray([1, 2])), bool(a != a),
            a.__eq__(xp.asarray([1, 2, 3])) is NotImplemented)


# ---- the algebra ---------------------------------------------------------

@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv"])
@pytest.mark.parametrize("left", ["poly1d", "ndarray", "int", "float"])
@pytest.mark.parametrize("right", ["poly1d", "ndarray", "int"])
def test_operators_give_numpys_types(op, left, right):
    if "poly1d" not in (left, right):
        return
    f = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b,
         "mul": lambda a, b: a * b, "truediv": lambda a, b: a / b}[op]
    both(lambda xp: f(operand(xp, left), operand(xp, right)))


@pytest.mark.parametrize("ufunc", ["add", "subtract", "multiply", "divide",
                                   "power"])
@pytest.mark.parametrize("other", ["poly1d", "ndarray", "float",
                                   "npscalar"])
def test_ufuncs_read_a_poly1d_as_its_coefficients(ufunc, other):
    both(lambda xp: getattr(xp, ufunc)(operand(xp, "poly1d"),
                                       operand(xp, other)))
    both(lambda xp: getattr(xp, ufunc)(operand(xp, other),
                                       operand(xp, "poly1d")))


def test_ufunc_keywords_reach_the_poly1d_call():
    def f(xp):
        p = xp.poly1d(xp.asarray([1.0, 2.0, 3.0]))
        out = xp.zeros(3)
        r = xp.add(p, p, out=out)
        return (r is out, out, xp.multiply(p, 2, dtype=np.float32),
                xp.negative(p, where=xp.asarray([True, False, True]),
                            out=xp.ones(3)))
    got, want = f(gp), f(np)
    assert got[0] is True and want[0] is True
    assert_same(got[1:], want[1:])


def test_numpy_ufunc_of_a_gpuarray_poly1d_runs_ours():
    r = np.negative(gp.poly1d([1.0, -2.0]))
    assert_same(r, np.array([-1.0, 2.0]))


@pytest.mark.parametrize("exp", [0, 3, np.int32(2)])
@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.complex64])
def test_pow(exp, dtype):
    both(lambda xp: xp.poly1d(xp.asarray(np.arange(1, 4, dtype=dtype)))
         ** exp)


@pytest.mark.parametrize("exp,exc", [(-1, ValueError), (1.5, ValueError),
                                     ([1], ValueError), (2.0, TypeError),
                                     (np.float64(2), TypeError)])
def test_pow_errors(exp, exc):
    for xp in (np, gp):
        with pytest.raises(exc):
            xp.poly1d([1, 2]) ** exp


def test_division_neg_call_deriv_integ():
    def f(xp):
        p = xp.poly1d(xp.asarray([1.0, 4.0, 10.0, 12.0, 9.0]))
        q = xp.poly1d(xp.asarray([1.0, 2.0]))
        return (p / q, p / 2, 2 / q, [1.0, 3.0] / q, -p, +p, p.deriv(2),
                p.integ(2, k=[1, 2]), p(q), p(xp.asarray([0.5, 2.0])))
    got, want = f(gp), f(np)
    for g, w in zip(got, want):
        same(g, w)


# ---- the legacy functions with poly1d arguments ------------------------

@pytest.mark.parametrize("fname", ["polyadd", "polysub", "polymul",
                                   "polydiv"])
@pytest.mark.parametrize("kinds", [("poly1d", "poly1d"),
                                   ("poly1d", "ndarray"),
                                   ("ndarray", "poly1d"), ("int", "poly1d"),
                                   ("ndarray", "ndarray")])
def test_binary_routines_return_poly1d_for_poly1d(fname, kinds):
    both(lambda xp: getattr(xp, fname)(operand(xp, kinds[0]),
                                       operand(xp, kinds[1], np.int16)))


def test_routine_results_have_variable_x():
    def f(xp):
        a = xp.poly1d(xp.asarray([1, 2, 3]), variable="z")
        b = xp.poly1d(xp.asarray([1.0, 2.0]), variable="y")
        return (xp.polyadd(a, b), xp.polymul(a, b), xp.polyder(a),
                xp.polyint(b, 2), xp.polyder(a, 0), xp.polyint(a, 0))
    got, want = f(gp), f(np)
    for g, w in zip(got, want):
        same(g, w)


@pytest.mark.parametrize("kinds", [("poly1d", "poly1d"),
                                   ("ndarray", "poly1d"),
                                   ("poly1d", "ndarray"), ("poly1d", "int"),
                                   ("ndarray", "float")])
def test_polyval_of_poly1d(kinds):
    both(lambda xp: xp.polyval(operand(xp, kinds[0]),
                               operand(xp, kinds[1])))


@pytest.mark.parametrize("c", [[5, 10], [5, 0], [0, 5], [5], [0, 0],
                               [3j, 0], [2, -1, -2]])
@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.complex64])
def test_roots_dtypes(c, dtype):
    if dtype is not np.complex64 and np.iscomplexobj(c):
        return
    a = np.array(c, dtype)
    for arg, host in ((gp.asarray(a), a),
                      (gp.poly1d(gp.asarray(a)), np.poly1d(a))):
        r = gp.roots(arg)
        assert isinstance(r, gp.ndarray)
        assert_same(np.sort(r.get()), np.sort(np.roots(host)), rtol=1e-5,
                    device=False)
    assert_same(gp.poly(gp.poly1d(gp.asarray(a))) if len(c) else 0,
                np.poly(np.poly1d(a)) if len(c) else 0, rtol=1e-5)


def test_polyfit_complex_weights_with_real_data_is_a_casting_error():
    for xp in (np, gp):
        x = xp.asarray(np.arange(1.0, 6.0))
        w = xp.asarray(np.arange(1, 6).astype(np.complex64))
        with pytest.raises(TypeError):
            xp.polyfit(x, x, 2, w=w)
    x = np.arange(1.0, 6.0)
    w = np.arange(1, 6).astype(np.complex64)
    assert_same(gp.polyfit(gp.asarray(x + 0j), gp.asarray(x + 1j), 2,
                           w=gp.asarray(w)),
                np.polyfit(x + 0j, x + 1j, 2, w=w), rtol=1e-10, atol=1e-10)
