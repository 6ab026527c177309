"""gpuarray/math/windows.py against NumPy: bartlett, blackman, hamming,
hanning and kaiser for integer, non-integer, negative and huge M, kaiser's
beta from 0 to overflow, NumPy's exceptions, and that the values come
from the device, not from NumPy."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.math import windows as _windows

SYMMETRIC = ["bartlett", "blackman", "hamming", "hanning"]

# sizes 0, 1, 2, odd, even; negative; non-integer; NumPy scalars and bool
LENGTHS = [0, 1, 2, 3, 4, 5, 6, 16, 17, 51, -1, -7, 0.5, 1.0, 2.5, 7.75,
           True, False, np.float32(6), np.int8(9), np.uint16(12),
           np.float64(3.0)]


def close(g, expected):
    """g is a gpuarray array with expected's dtype, shape and values to
    ~1e-12 (nan where NumPy has nan)."""
    assert isinstance(g, gp.ndarray), type(g)
    expected = np.asarray(expected)
    assert g.dtype == expected.dtype, (g.dtype, expected.dtype)
    assert g.shape == expected.shape, (g.shape, expected.shape)
    got = g.get()
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-14)


def test_all_is_in_registry_order():
    assert _windows.__all__ == ["bartlett", "blackman", "hamming",
                                "hanning", "kaiser"]
    for name in _windows.__all__:
        assert getattr(gp, name) is getattr(_windows, name)


@pytest.mark.parametrize("name", SYMMETRIC)
@pytest.mark.parametrize("M", LENGTHS, ids=repr)
def test_symmetric_windows_match_numpy(name, M):
    close(getattr(gp, name)(M), getattr(np, name)(M))


@pytest.mark.parametrize("name", SYMMETRIC)
@pytest.mark.parametrize("M", [np.array(0), np.array(1), np.array(6),
                               np.array(7.5), np.array(-2),
                               np.array(5, np.int8)], ids=repr)
def test_device_length(name, M):
    # a 0-d device M is read back once, explicitly (strict __array__)
    close(getattr(gp, name)(gp.asarray(M)), getattr(np, name)(M))


@pytest.mark.parametrize("M,beta", [(np.array(6), np.array(2.5)),
                                    (np.array(1), 3.0), (9, np.array(0.0))])
def test_kaiser_device_arguments(M, beta):
    gm = gp.asarray(M) if isinstance(M, np.ndarray) else M
    gb = gp.asarray(beta) if isinstance(beta, np.ndarray) else beta
    close(gp.kaiser(gm, gb), np.kaiser(M, beta))


@pytest.mark.parametrize("name", SYMMETRIC)
@pytest.mark.parametrize("M", [4097, 10000, 10001])
def test_large_windows(name, M):
    # past gpuarray.arange's small-size cut-off: the grid is made on the
    # device
    g = getattr(gp, name)(M)
    close(g, getattr(np, name)(M))
    host = g.get()
    np.testing.assert_allclose(host, host[::-1], rtol=0, atol=1e-15)


@pytest.mark.parametrize("name", SYMMETRIC)
def test_edge_values(name):
    w = getattr(gp, name)(9).get()
    assert w[4] == pytest.approx(1.0, abs=1e-15)  # peak at the centre
    assert getattr(gp, name)(1).get().tolist() == [1.0]
    assert getattr(gp, name)(0).shape == (0,)


# and without a ComplexWarning, as NumPy
@pytest.mark.filterwarnings("error::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("name", SYMMETRIC)
def test_complex_length_follows_numpy(name):
    # NumPy's float64 conversion makes M complex; the window is empty
    close(getattr(gp, name)(3 + 0j), getattr(np, name)(3 + 0j))


@pytest.mark.parametrize("name", SYMMETRIC + ["kaiser"])
@pytest.mark.parametrize("M, exc", [(np.nan, ValueError),
                                    (np.inf, ValueError),
                                    ("3", TypeError), (None, TypeError)])
def test_bad_length_raises_like_numpy(name, M, exc):
    args = (M, 2.0) if name == "kaiser" else (M,)
    if name == "kaiser" and M in ("3", None):
        exc = (TypeError, ValueError)
    with pytest.raises(exc):
        getattr(np, name)(*args)
    with pytest.raises(exc):
        getattr(gp, name)(*args)


@pytest.mark.parametrize("M", [0, 1, 2, 3, 4, 7, 8, 33, -2, 2.5, 5.5, True,
                               np.int16(10), 5000])
@pytest.mark.parametrize("beta", [0, 0.5, 3, 8.6, 14, 50, -3, True,
                                  np.float32(2.5)])
def test_kaiser_matches_numpy(M, beta):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # non-integer M
        expected = np.kaiser(M, beta)
    close(gp.kaiser(M, beta), expected)


@pytest.mark.parametrize("beta", [700.0, 709.7, 709.8, 720.0, 800.0, 1e4,
                                  np.inf, -np.inf, np.nan])
def test_kaiser_overflow_and_non_finite_beta(beta):
    # NumPy's i0 overflows past exp's range: the window is then nan
    # inside and 0 at the ends
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = np.kaiser(12, beta)
    close(gp.kaiser(12, beta), expected)


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
def test_kaiser_complex_beta_raises_like_numpy():
    with pytest.raises(TypeError):
        np.kaiser(5, 2 + 1j)
    with pytest.raises(TypeError):
        gp.kaiser(5, 2 + 1j)


def test_values_are_not_computed_by_numpy(monkeypatch):
    expected = {n: getattr(np, n)(11) for n in SYMMETRIC}
    expected["kaiser"] = np.kaiser(11, 6.0)

    def refuse(*a, **k):
        raise AssertionError("computed with NumPy")
    for name in SYMMETRIC + ["kaiser", "cos", "i0", "sqrt", "where"]:
        monkeypatch.setattr(np, name, refuse)
    for name in SYMMETRIC:
        close(getattr(gp, name)(11), expected[name])
    close(gp.kaiser(11, 6.0), expected["kaiser"])
