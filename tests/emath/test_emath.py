"""gpuarray.emath against numpy.emath: the same values and dtypes, complex
exactly where NumPy goes complex (real inputs out of the real domain are
converted to complex64 or complex128 by NumPy's _tocomplex rule)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
import gpuarray.emath as ge
from conftest import ALL_DTYPES, assert_array_equal_gp as same, dtype_id

UNARY = ["sqrt", "log", "log2", "log10", "arccos", "arcsin", "arctanh"]


def numpy_result(func, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return np.asarray(func(*args))


def close(g, expected):
    """g has expected's dtype and shape and its values to a few ulps (the
    device's transcendental functions need not round as NumPy's do)."""
    assert isinstance(g, gp.ndarray), type(g)
    assert g.dtype == expected.dtype, (g.dtype, expected.dtype)
    assert g.shape == expected.shape
    rtol = {2: 2e-3, 4: 2e-6, 8: 1e-13, 16: 1e-13}[
        expected.dtype.itemsize // (2 if expected.dtype.kind == "c" else 1)]
    np.testing.assert_allclose(g.get(), expected, rtol=rtol, atol=rtol,
                               equal_nan=True)


def inputs(dtype):
    """Values of dtype in the real domain, and values that leave it."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return [np.array([True, False])]
    if dtype.kind == "u":
        return [np.array([0, 1, 2, 7], dtype), np.array([0, 1], dtype)]
    if dtype.kind == "i":
        return [np.array([0, 1, 4, 9], dtype), np.array([-4, 0, 1, 3],
                                                        dtype)]
    if dtype.kind == "f":
        return [np.array([0.25, 0.5, 0.0, 1.0, np.nan], dtype),
                np.array([-2.0, 0.5, 4.0, -0.0, np.inf], dtype),
                np.array([np.nan, -np.inf], dtype)]
    return [np.array([1 + 1j, -4 + 0j, 0.5 - 2j, 2], dtype)]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("name", UNARY)
def test_unary_matches_numpy(name, dtype):
    for x in inputs(dtype):
        expected = numpy_result(getattr(np.emath, name), x)
        with np.errstate(all="ignore"):
            close(getattr(ge, name)(gp.asarray(x)), expected)
            close(getattr(ge, name)(x), expected)   # a NumPy array input


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.uint8, np.uint16,
                                   np.int32, np.int64, np.float16,
                                   np.float32, np.float64],
                         ids=dtype_id)
def test_out_of_domain_goes_complex_by_numpys_rule(dtype):
    unsigned = np.dtype(dtype).kind == "u"
    x = np.array([0 if unsigned else -2, 3], dtype)
    # |3| > 1 leaves arcsin's domain; -2 < 0 leaves sqrt's and log's
    names = ("arcsin", "arccos") if unsigned else ("sqrt", "log", "arcsin",
                                                   "arccos")
    for name in names:
        expected = numpy_result(getattr(np.emath, name), x)
        assert expected.dtype == (np.complex64 if dtype in (
            np.int8, np.int16, np.uint8, np.uint16, np.float32)
            else np.complex128)
        got = getattr(ge, name)(gp.asarray(x))
        close(got, expected)
    # in the real domain the result stays real, as the plain ufunc's
    y = np.array([0, 1], dtype)
    r = ge.sqrt(gp.asarray(y))
    assert r.dtype == np.sqrt(y).dtype and r.dtype.kind == "f"
    same(r, np.emath.sqrt(y))


def test_exact_values_and_signed_zero():
    x = np.array([4.0, -4.0, 0.0, -0.0, 9.0])
    same(ge.sqrt(gp.asarray(x)), np.emath.sqrt(x))
    x = np.array([4.0, 0.0, -0.0, 9.0])        # -0.0 < 0 is False: real
    same(ge.sqrt(gp.asarray(x)), np.emath.sqrt(x), bitwise=True)


def test_scalars_and_0d():
    for name in UNARY:
        for v in (-3, -0.5, 0.5, 2.0, 1 + 2j, np.float32(-2)):
            expected = numpy_result(getattr(np.emath, name), v)
            with np.errstate(all="ignore"):
                got = getattr(ge, name)(v)
            assert got.ndim == 0
            close(got, expected)
    close(ge.sqrt(gp.asarray(np.array(-4.0))), np.asarray(2j))
    close(ge.sqrt([-1, 4]), np.asarray(np.emath.sqrt([-1, 4])))


@pytest.mark.parametrize("x, n", [
    ([8.0, 4.0], 2), ([-8.0, 4.0], 2), ([8.0, 4.0], -2),
    ([8, 9], 3), (np.array([8, 27], np.float32), np.float32(-3)),
    ([0.5, 2.0], [2.0, -2.0]), (8, 2), (-8, 2),
    (np.array([1 + 1j, 4]), 2)])
def test_logn(x, n):
    expected = numpy_result(np.emath.logn, n, x)
    gx = gp.asarray(x) if isinstance(x, (list, np.ndarray)) else x
    gn = gp.asarray(n) if isinstance(n, list) else n
    with np.errstate(all="ignore"):
        close(ge.logn(gn, gx), expected)


@pytest.mark.parametrize("x, p", [
    (np.array([2.0, -2.0, 4.0]), 2),
    (np.array([2.0, -2.0, 4.0]), 0.5),
    (np.array([2, 3, 4]), -2),                     # int p < 0 -> float
    (np.array([2, 3, 4]), 2),
    (np.array([2, -3], np.int8), np.array([2, 3], np.int8)),
    (np.array([2, 3], np.int32), np.array([-1, 2], np.int32)),
    (np.array([2.0, 3.0], np.float32), 2),
    (np.array([-2.0, 3.0], np.float32), np.float32(0.5)),
    (np.array([4, 9], np.uint8), np.array([1, 2], np.uint16)),
    (np.array([1 + 1j, -4]), 0.5),
    (-4.0, 0.5), (4, -1)])
def test_power(x, p):
    expected = numpy_result(np.emath.power, x, p)
    gx = gp.asarray(x) if isinstance(x, np.ndarray) else x
    gpw = gp.asarray(p) if isinstance(p, np.ndarray) else p
    with np.errstate(all="ignore"):
        got = ge.power(gx, gpw)
    close(got, expected)


def test_broadcasting_and_layouts():
    x = np.linspace(-3, 3, 12).reshape(3, 4)
    g = gp.asarray(x)
    close(ge.sqrt(g.T), np.emath.sqrt(x.T))
    close(ge.arcsin(g[::-1, ::2] / 3), np.emath.arcsin(x[::-1, ::2] / 3))
    close(ge.power(g, gp.asarray(np.array([1, 2, -1, 3]))),
          np.emath.power(x, np.array([1, 2, -1, 3])))
    close(ge.logn(gp.asarray(np.array([[2.0], [-3.0]])), g[:2]),
          np.emath.logn(np.array([[2.0], [-3.0]]), x[:2]))


def test_namespace():
    assert gp.emath is ge
    assert ge.__all__ == np.emath.__all__
    for name in ge.__all__:
        assert callable(getattr(ge, name))
