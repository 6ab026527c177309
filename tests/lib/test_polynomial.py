"""gpuarray/lib/polynomial.py against NumPy: poly, polyadd, polysub, polymul,
polydiv, polyder and polyint for coefficient arrays of every length kind
(empty, 1, 2, odd, even, large) and dtype kind (bool, int, float,
complex), given as lists, NumPy arrays or gpuarray arrays, and NumPy's
exceptions for bad input."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import SAMPLE_DTYPES
from conftest import both_raise
from gpuarray.lib import polynomial as _polynomial
from conftest import assert_array_equal_gp as same

RNG = np.random.default_rng(11)
LENGTHS = [0, 1, 2, 5, 8, 300]
DTYPES = [d.type for d in SAMPLE_DTYPES]


def coeffs(n, dtype, seed=0, nonzero_lead=False):
    """n small coefficients of dtype (small so sums and products stay
    exact in integers and well conditioned in floats)."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        v = rng.integers(0, 2, n).astype(bool)
    elif dtype.kind in "iu":
        v = rng.integers(0, 5, n).astype(dtype)
    elif dtype.kind == "f":
        v = rng.uniform(-3, 3, n).astype(dtype)
    else:
        v = (rng.uniform(-3, 3, n) + 1j * rng.uniform(-3, 3, n)) \
            .astype(dtype)
    if nonzero_lead and n:
        v[0] = 1
    return v


def close(g, expected, rtol=1e-12, atol=0.0):
    """dtype and shape exactly NumPy's, values to rtol (nan where NumPy
    has nan)."""
    assert isinstance(g, gp.ndarray), type(g)
    expected = np.asarray(expected)
    assert g.dtype == expected.dtype, (g.dtype, expected.dtype)
    assert g.shape == expected.shape, (g.shape, expected.shape)
    np.testing.assert_allclose(g.get(), expected, rtol=rtol, atol=atol,
                               equal_nan=True)


def rtol_of(dtype):
    return {"e": 2e-2, "f": 1e-5, "F": 1e-5}.get(np.dtype(dtype).char,
                                                  1e-12)


def as_kind(a, kind):
    """a given as a list, a NumPy array or a gpuarray array."""
    if kind == "list":
        return a.tolist()
    return gp.asarray(a) if kind == "gp" else a


def test_all_is_in_registry_order():
    from gpuarray._engine import lazy as _lazy
    assert tuple(_polynomial.__all__) == _lazy.LAZY_NAMES["lib.polynomial"]
    assert {"roots", "polyfit", "poly"} <= set(_polynomial.__all__)
    for name in _polynomial.__all__:
        assert getattr(gp, name) is getattr(_polynomial, name)


# ------------------------------------------------------- polyadd/polysub

@pytest.mark.parametrize("n1", LENGTHS)
@pytest.mark.parametrize("n2", [0, 1, 3, 8])
@pytest.mark.parametrize("name", ["polyadd", "polysub"])
def test_add_sub_lengths(name, n1, n2):
    a1 = coeffs(n1, np.float64, 1)
    a2 = coeffs(n2, np.int64, 2)
    expected = getattr(np, name)(a1, a2)
    close(getattr(gp, name)(gp.asarray(a1), gp.asarray(a2)), expected)


@pytest.mark.parametrize("dt1", DTYPES)
@pytest.mark.parametrize("dt2", [np.bool_, np.int16, np.uint64,
                                 np.float32, np.complex64])
def test_add_dtypes(dt1, dt2):
    a1, a2 = coeffs(4, dt1, 3), coeffs(6, dt2, 4)
    close(gp.polyadd(gp.asarray(a1), a2), np.polyadd(a1, a2),
          rtol=rtol_of(np.result_type(dt1, dt2)))
    close(gp.polyadd(a2, gp.asarray(a1)), np.polyadd(a2, a1),
          rtol=rtol_of(np.result_type(dt1, dt2)))


@pytest.mark.parametrize("dt", [d for d in DTYPES if d is not np.bool_])
def test_sub_dtypes(dt):
    a1, a2 = coeffs(3, dt, 5), coeffs(7, dt, 6)
    close(gp.polysub(gp.asarray(a1), gp.asarray(a2)), np.polysub(a1, a2),
          rtol=rtol_of(dt))
    close(gp.polysub(a2, gp.asarray(a1)), np.polysub(a2, a1),
          rtol=rtol_of(dt))


@pytest.mark.parametrize("kind", ["list", "np", "gp"])
def test_add_sub_input_kinds_and_scalars(kind):
    a1, a2 = coeffs(5, np.int64, 7), coeffs(2, np.int64, 8)
    same(gp.polyadd(as_kind(a1, kind), as_kind(a2, kind)),
         np.polyadd(a1, a2))
    same(gp.polysub(as_kind(a1, kind), as_kind(a2, kind)),
         np.polysub(a1, a2))
    same(gp.polyadd(3, 2.5), np.polyadd(3, 2.5))
    same(gp.polysub(as_kind(a1, kind), 4), np.polysub(a1, 4))


def test_add_sub_integer_wraparound():
    a1 = np.array([127, -128, 5], np.int8)
    a2 = np.array([1, -1], np.int8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        same(gp.polyadd(gp.asarray(a1), gp.asarray(a1)), np.polyadd(a1, a1))
        same(gp.polysub(gp.asarray(a2), gp.asarray(a1)), np.polysub(a2, a1))


def test_add_sub_errors():
    both_raise(TypeError, "polysub", np.array([True]), np.array([False]))
    both_raise(ValueError, "polyadd", np.ones((1, 2)), np.ones(3))
    both_raise(ValueError, "polysub", np.ones(3), np.ones((2, 2)))


# --------------------------------------------------------------- polymul

@pytest.mark.parametrize("n1", [1, 2, 5, 8, 300])
@pytest.mark.parametrize("n2", [1, 2, 7, 40])
def test_mul_lengths(n1, n2):
    a1, a2 = coeffs(n1, np.float64, 9), coeffs(n2, np.float64, 10)
    close(gp.polymul(gp.asarray(a1), gp.asarray(a2)), np.polymul(a1, a2),
          rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("dt", DTYPES)
def test_mul_dtypes(dt):
    a1, a2 = coeffs(6, dt, 12), coeffs(3, dt, 13)
    expected = np.polymul(a1, a2)
    got = gp.polymul(gp.asarray(a1), gp.asarray(a2))
    if np.dtype(dt).kind in "biu":
        same(got, expected)
    else:
        close(got, expected, rtol=rtol_of(dt), atol=rtol_of(dt))


def test_mul_trims_leading_zeros_like_poly1d():
    for a1, a2 in [([0, 0, 1, 2], [0, 3]), ([0, 0], [1, 2]),
                   ([], [1, 2]), ([0.0], [0.0, 0.0]), ([0, 0, 5], [0, 0]),
                   ([False, True, True], [True]), (3, 4), ([2], 0)]:
        same(gp.polymul(a1, a2), np.polymul(a1, a2))
        same(gp.polymul(gp.asarray(np.asarray(a1)), a2),
             np.polymul(a1, a2))


def test_mul_mixed_dtypes_and_kinds():
    a1 = np.array([1, 2, 3], np.int16)
    a2 = np.array([0.5, -1], np.float32)
    close(gp.polymul(gp.asarray(a1), a2.tolist()),
          np.polymul(a1, a2.tolist()))
    close(gp.polymul(a1, gp.asarray(a2)), np.polymul(a1, a2))
    c = np.array([1 + 1j, 2], np.complex64)
    close(gp.polymul(gp.asarray(c), gp.asarray(a1)), np.polymul(c, a1),
          rtol=1e-6)


def test_mul_errors():
    both_raise(ValueError, "polymul", np.ones((1, 2)), np.ones(2))
    both_raise(ValueError, "polymul", np.ones(2), np.ones((2, 2)))


# --------------------------------------------------------------- polydiv

def check_div(u, v, rtol=1e-10, atol=1e-10):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        eq, er = np.polydiv(u, v)
    gu = gp.asarray(u) if isinstance(u, np.ndarray) else u
    gv = gp.asarray(v) if isinstance(v, np.ndarray) else v
    q, r = gp.polydiv(gu, gv)
    close(q, eq, rtol, atol)
    close(r, er, rtol, atol)


@pytest.mark.parametrize("m", [1, 2, 5, 8, 60])
@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_div_lengths(m, n):
    # u shorter than v included: the quotient is [0.] and r is u
    u = coeffs(m, np.float64, 14)
    v = coeffs(n, np.float64, 15, nonzero_lead=True)
    check_div(u, v, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("dt_u", DTYPES)
@pytest.mark.parametrize("dt_v", [np.int32, np.float32, np.float64,
                                  np.complex128])
def test_div_dtypes(dt_u, dt_v):
    u = coeffs(7, dt_u, 16, nonzero_lead=True)
    v = coeffs(3, dt_v, 17, nonzero_lead=True)
    tol = max(rtol_of(dt_u), rtol_of(dt_v))
    check_div(u, v, rtol=tol * 100, atol=tol * 100)


def test_div_exact_strips_remainder():
    q = np.array([1.0, -2.0, 0.5, 3.0])
    v = np.array([2.0, 1.0, -1.0])
    u = np.polymul(q, v)
    check_div(u, v)
    check_div(np.polyadd(u, [1e-9, 0.0]), v)      # tiny: dropped
    check_div(np.polyadd(u, [7.0, 0.0]), v)       # kept
    check_div(np.array([1.0, 2.0, 1.0]), np.array([1.0, 1.0]))
    check_div(np.array([1 + 1j, 2, 1 - 1j]), np.array([1.0, 1j]))


def test_div_inputs_and_special_divisors():
    check_div([1, 2, 3], [2])
    check_div(3, 2)
    check_div([1, 2, 3, 4], [0, 1])                # scale = inf -> nan
    check_div(np.array([1.0, np.nan, 2.0]), np.array([1.0, 1.0]))
    check_div(np.array([True, False, True]), np.array([True, True]))
    check_div(np.float16([1, 2, 3]), np.float16([1, 1]), rtol=1e-2)
    check_div(coeffs(5, np.int64, 18).tolist(), [1, 1e-9])


def test_div_does_not_modify_inputs():
    u, v = gp.asarray([1.0, 3.0, 2.0, 5.0]), gp.asarray([1.0, 1.0])
    gp.polydiv(u, v)
    same(u, np.array([1.0, 3.0, 2.0, 5.0]))
    same(v, np.array([1.0, 1.0]))


def test_div_errors():
    both_raise(IndexError, "polydiv", np.array([]), np.array([1.0]))
    both_raise(IndexError, "polydiv", np.array([1.0, 2.0]), np.array([]))
    both_raise(ValueError, "polydiv", np.ones((1, 2)), np.ones(1))


# --------------------------------------------------------------- polyder

@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("m", [0, 1, 2, 5])
def test_der_lengths_and_orders(n, m):
    p = coeffs(n, np.float64, 19)
    close(gp.polyder(gp.asarray(p), m), np.polyder(p, m), rtol=1e-12)


@pytest.mark.parametrize("dt", DTYPES + [np.uint64, np.int16])
def test_der_dtypes(dt):
    p = coeffs(6, dt, 20)
    for m in (1, 3):
        expected = np.polyder(p, m)
        got = gp.polyder(gp.asarray(p), m)
        if expected.dtype.kind in "biu":
            same(got, expected)
        else:
            close(got, expected, rtol=rtol_of(expected.dtype))


def test_der_order_zero_and_odd_orders():
    p = np.array([3, 1, 4, 1, 5], np.int32)
    same(gp.polyder(gp.asarray(p), 0), np.polyder(p, 0))
    same(gp.polyder(p.tolist(), 1.7), np.polyder(p.tolist(), 1.7))
    same(gp.polyder(p, "2"), np.polyder(p, "2"))
    same(gp.polyder(p, np.int64(3)), np.polyder(p, np.int64(3)))
    same(gp.polyder(p, 9), np.polyder(p, 9))


def test_der_errors():
    both_raise(ValueError, "polyder", [1, 2, 3], -1)
    both_raise(ValueError, "polyder", [1, 2, 3], "x")
    both_raise(TypeError, "polyder", 3)
    both_raise(TypeError, "polyder", 3, 0)


# --------------------------------------------------------------- polyint

@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("m", [0, 1, 2, 4])
def test_int_lengths_and_orders(n, m):
    p = coeffs(n, np.float64, 21)
    close(gp.polyint(gp.asarray(p), m), np.polyint(p, m))


@pytest.mark.parametrize("dt", DTYPES)
def test_int_dtypes(dt):
    p = coeffs(5, dt, 22)
    for m in (0, 1, 3):
        close(gp.polyint(gp.asarray(p), m), np.polyint(p, m),
              rtol=rtol_of(np.polyint(p, m).dtype))


@pytest.mark.parametrize("k", [None, 5, 2.5, [1, 2], [1, 2, 3, 4],
                               [1j, 2], np.float32(3), np.array([7]),
                               np.array([1.0, -1.0, 2.0], np.float32)],
                         ids=repr)
@pytest.mark.parametrize("m", [1, 2])
def test_int_constants(k, m):
    p = np.array([1.0, 2.0, -3.0])
    close(gp.polyint(gp.asarray(p), m, k), np.polyint(p, m, k))
    if k is not None and not np.isscalar(k):
        gk = gp.asarray(np.asarray(k))
        close(gp.polyint(p.tolist(), m, gk), np.polyint(p.tolist(), m, k))


def test_int_then_der_round_trips():
    p = coeffs(9, np.float64, 23)
    g = gp.polyder(gp.polyint(gp.asarray(p), 3, [1.0, 2.0, 3.0]), 3)
    close(g, p, rtol=1e-12)


def test_int_errors():
    both_raise(ValueError, "polyint", [1, 2], -1)
    both_raise(ValueError, "polyint", [1, 2], 3, [1, 2])
    both_raise(ValueError, "polyint", [1, 2], 2, [])
    both_raise(TypeError, "polyint", 3)


# ------------------------------------------------------------------ poly

@pytest.mark.parametrize("n", [1, 2, 5, 8, 40])
@pytest.mark.parametrize("kind", ["list", "np", "gp"])
def test_poly_lengths(n, kind):
    roots = RNG.uniform(-1.5, 1.5, n)
    close(gp.poly(as_kind(roots, kind)), np.poly(roots), rtol=1e-10,
          atol=1e-12)


@pytest.mark.parametrize("dt", DTYPES + [np.uint16])
def test_poly_dtypes(dt):
    roots = coeffs(5, dt, 24)
    expected = np.poly(roots)
    close(gp.poly(gp.asarray(roots)), expected, rtol=rtol_of(expected.dtype),
          atol=rtol_of(expected.dtype))


def test_poly_conjugate_roots_give_real_coefficients():
    for roots in [[1j, -1j], [1 + 2j, 3, 1 - 2j], [2 - 1j, 2 + 1j, 0j],
                  np.array([1 + 1j, 1 - 1j], np.complex64)]:
        expected = np.poly(roots)
        assert expected.dtype.kind == "f"
        close(gp.poly(gp.asarray(np.asarray(roots))), expected, rtol=1e-6)
    # not closed under conjugation: stays complex
    for roots in [[1j, 1j], [1 + 2j, 1 - 1j], [1j, np.nan]]:
        expected = np.poly(roots)
        assert expected.dtype.kind == "c"
        close(gp.poly(roots), expected)


def test_poly_empty_and_repeated_roots():
    assert gp.poly([]) == np.poly([]) == 1.0
    assert type(gp.poly([])) is float
    assert gp.poly(gp.zeros(0)) == 1.0
    same(gp.poly([2.0, 2.0, 2.0]), np.poly([2.0, 2.0, 2.0]))
    same(gp.poly([0, 0]), np.poly([0, 0]))


def test_poly_of_a_square_matrix_is_its_characteristic_polynomial():
    for m in [np.eye(3), np.array([[1.0, 2.0], [3.0, 4.0]]),
              np.array([[0.0, -1.0], [1.0, 0.0]])]:   # complex eigenvalues
        want = np.poly(m)
        got = gp.poly(gp.asarray(m))
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(got.get(), want, atol=1e-12)


@pytest.mark.parametrize("p", [
    [1, -3, 2], [0, 0, 1, -6, 11, -6, 0, 0], [1, 0, 1], [2], [0, 0], [5, 0],
    [1.5, 2.5 + 1j, 3], np.array([3, 2, 1], np.int32),
    np.array([1, 2, 3], np.float32)], ids=str)
def test_roots_match_numpy(p):
    want = np.roots(p)
    got = gp.roots(gp.asarray(np.asarray(p)))
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(np.sort_complex(got.get()),
                               np.sort_complex(want), rtol=1e-5, atol=1e-6)


def test_roots_errors():
    both_raise(ValueError, "roots", np.ones((2, 2)))
    # NumPy's dispatcher: a scalar p (0-d arrays too) is no iterable
    for p in (np.array(0.5), 2 ** 63, np.int8(3), np.float64(0.25), True):
        both_raise(TypeError, "roots", p)


def _fit_args(kw):
    return {k: gp.asarray(v) if isinstance(v, np.ndarray) else v
            for k, v in kw.items()}


@pytest.mark.parametrize("kw", [{}, dict(full=True),
                                dict(w=np.linspace(1, 2, 50)),
                                dict(cov=True), dict(cov="unscaled"),
                                dict(rcond=1e-3)], ids=str)
@pytest.mark.parametrize("ycols", [0, 2])
def test_polyfit_matches_numpy(kw, ycols):
    x = np.linspace(0, 1, 50)
    y = 3 * x ** 2 - x + 0.5 + 0.01 * np.sin(40 * x)
    if ycols:
        y = np.stack([y * (k + 1) for k in range(ycols)], 1)
    want = np.polyfit(x, y, 2, **kw)
    got = gp.polyfit(gp.asarray(x), gp.asarray(y), 2, **_fit_args(kw))
    if not isinstance(want, tuple):
        want, got = (want,), (got,)
    assert len(got) == len(want)
    for g, n in zip(got, want):
        if isinstance(n, np.ndarray):
            assert isinstance(g, gp.ndarray) and g.shape == n.shape
            np.testing.assert_allclose(g.get(), n, rtol=1e-8, atol=1e-12)
        else:
            assert g == n


def test_polyfit_errors_and_rank_warning():
    x, y = np.linspace(0, 1, 5), np.ones(5)
    both_raise(ValueError, "polyfit", x, y, -1)
    both_raise(TypeError, "polyfit", np.ones((2, 2)), np.ones(2), 1)
    both_raise(TypeError, "polyfit", x, np.ones(4), 1)
    both_raise(TypeError, "polyfit", x, np.ones((5, 2, 2)), 1)
    with pytest.warns(np.exceptions.RankWarning):
        gp.polyfit(gp.ones(3), gp.ones(3), 2)


def test_poly_errors():
    both_raise(ValueError, "poly", np.zeros((2, 3)))
    both_raise(ValueError, "poly", np.zeros((0, 0)))
    both_raise(ValueError, "poly", np.zeros((1, 2, 2)))
    both_raise(TypeError, "poly", np.array(3.0))


def test_poly_does_not_modify_input():
    r = gp.asarray([1.0, -2.0, 3.0])
    gp.poly(r)
    same(r, np.array([1.0, -2.0, 3.0]))
