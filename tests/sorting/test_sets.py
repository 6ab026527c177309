"""Set routines against NumPy: intersect1d (with return_indices),
union1d, setdiff1d and setxor1d over dtypes, repeated values, nan,
empty and multi-dimensional inputs, assume_unique, mixed dtypes and
list/scalar/NumPy inputs (gpuarray/sorting/sets.py)."""
import inspect

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import SAMPLE_DTYPES
from conftest import assert_array_equal_gp as same

DTYPES = SAMPLE_DTYPES
NAMES = ["intersect1d", "union1d", "setdiff1d", "setxor1d"]


def data(n, dt, seed=0, nans=True):
    """n values of dt with many repeats (and nan, -0.0, inf for floats)."""
    rng = np.random.default_rng(seed)
    kind = np.dtype(dt).kind
    if kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if kind in "iu":
        return rng.integers(0, 12, n).astype(dt)
    if kind == "f":
        x = np.round(rng.standard_normal(n) * 3).astype(dt)
        if nans and n > 4:
            x[[0, n // 2]] = np.nan
            x[1] = -np.inf
            x[2] = -0.0
        return x
    x = (np.round(rng.standard_normal(n) * 2) +
         1j * np.round(rng.standard_normal(n))).astype(dt)
    if nans and n > 4:
        x[0] = complex(np.nan, np.nan)
        x[n // 2] = complex(np.nan, np.nan)
    return x


def check_all(x, y):
    """Every routine (and each assume_unique/return_indices form that
    applies) on gpuarray copies of x and y against NumPy on x and y."""
    gx, gy = gp.asarray(x), gp.asarray(y)
    same(gp.union1d(gx, gy), np.union1d(x, y))
    same(gp.intersect1d(gx, gy), np.intersect1d(x, y))
    same(gp.setdiff1d(gx, gy), np.setdiff1d(x, y))
    same(gp.setdiff1d(gy, gx), np.setdiff1d(y, x))
    same(gp.setxor1d(gx, gy), np.setxor1d(x, y))
    got = gp.intersect1d(gx, gy, return_indices=True)
    want = np.intersect1d(x, y, return_indices=True)
    assert isinstance(got, tuple) and len(got) == 3
    for g, w in zip(got, want):
        same(g, w)


def test_all_matches_lazy_table_and_signatures():
    from gpuarray._engine import lazy as _lazy
    from gpuarray.sorting import sets as _sets
    assert _sets.__all__ == NAMES
    assert tuple(_sets.__all__) == _lazy.LAZY_NAMES["sorting.sets"]
    for name in NAMES:
        assert getattr(gp, name) is getattr(_sets, name)
        assert (str(inspect.signature(getattr(gp, name))) ==
                str(inspect.signature(getattr(np, name)))), name


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: np.dtype(d).name)
def test_every_dtype_with_repeats(dt):
    check_all(data(23, dt, seed=1), data(17, dt, seed=2))


@pytest.mark.parametrize("n1,n2", [(1, 1), (2, 3), (5, 40), (64, 33),
                                   (100, 7)])
def test_lengths(n1, n2):
    rng = np.random.default_rng(n1 * 100 + n2)
    check_all(rng.integers(-20, 20, n1), rng.integers(-20, 20, n2))


@pytest.mark.parametrize("dt", [np.int32, np.float64, np.complex64,
                                np.bool_], ids=lambda d: np.dtype(d).name)
def test_empty_inputs(dt):
    e = np.empty(0, dt)
    x = data(9, dt, seed=3)
    check_all(e, e)
    check_all(e, x)
    check_all(x, e)
    # empty in more than one dimension still flattens to (0,)
    check_all(np.empty((0, 3), dt), x.reshape(3, 3))


def test_empty_results_keep_the_promoted_dtype():
    a = gp.asarray(np.array([], np.int8))
    b = gp.asarray(np.array([], np.uint8))
    same(gp.setxor1d(a, b), np.setxor1d(np.array([], np.int8),
                                        np.array([], np.uint8)))
    same(gp.union1d(a, b), np.array([], np.int16))
    same(gp.intersect1d([1, 2], [3, 4]), np.array([], np.int64))
    same(gp.setdiff1d([1, 2], [2, 1, 1]), np.array([], np.int64))


def test_multidimensional_inputs_are_flattened():
    x = data(24, np.int32, seed=4).reshape(2, 3, 4)
    y = data(12, np.int32, seed=5).reshape(4, 3)
    check_all(x, y)
    # non-contiguous views
    check_all(x[:, ::-1, 1::2], y.T)
    gx = gp.asarray(x)[:, ::-1, 1::2]
    same(gp.setdiff1d(gx, y.T[1], assume_unique=True),
         np.setdiff1d(x[:, ::-1, 1::2], y.T[1], assume_unique=True))


@pytest.mark.parametrize("dt1,dt2", [
    (np.int8, np.uint8), (np.int32, np.float32), (np.bool_, np.int16),
    (np.float16, np.int64), (np.float32, np.complex64),
    (np.uint16, np.float64), (np.int64, np.complex128)])
def test_mixed_dtypes_promote_as_numpy(dt1, dt2):
    x = data(15, dt1, seed=6, nans=False)
    y = data(11, dt2, seed=7, nans=False)
    check_all(x, y)
    # values that exist in one dtype only
    same(gp.setdiff1d(np.array([1.5, 2.0, 3.0], np.float32), [2, 4]),
         np.setdiff1d(np.array([1.5, 2.0, 3.0], np.float32), [2, 4]))


def test_list_scalar_and_numpy_inputs():
    a, b = [1, 3, 4, 3, 7], [3, 1, 2, 1]
    for f in NAMES:
        same(getattr(gp, f)(a, b), getattr(np, f)(a, b))
        same(getattr(gp, f)(np.array(a), b), getattr(np, f)(np.array(a), b))
        same(getattr(gp, f)(3, b), getattr(np, f)(3, b))
        same(getattr(gp, f)(a, 2.5), getattr(np, f)(a, 2.5))
        same(getattr(gp, f)([True, False], [1.5]),
             getattr(np, f)([True, False], [1.5]))
    got = gp.intersect1d(3, b, return_indices=True)
    for g, w in zip(got, np.intersect1d(3, b, return_indices=True)):
        same(g, w)


def test_nan_handling():
    nan = np.nan
    x = np.array([nan, 1.0, nan, 2.0, -0.0])
    y = np.array([2.0, nan, 0.0, nan, 5.0])
    check_all(x, y)
    # nan is never common; one nan from each side survives setxor1d
    same(gp.intersect1d([nan], [nan]), np.array([], np.float64))
    same(gp.setxor1d([nan, nan], [nan]), np.array([nan, nan]))
    same(gp.union1d([nan, nan], [nan]), np.array([nan]))
    same(gp.setdiff1d([nan, 1.0], [nan]), np.array([1.0, nan]))
    c = np.array([complex(nan, 1), 1 + 1j, complex(1, nan), 1 + 1j])
    check_all(c, np.array([1 + 1j, complex(nan, nan), 2j]))
    assert gp.union1d(c, c).shape == (2,)


@pytest.mark.parametrize("dt", [np.int16, np.float32, np.complex128],
                         ids=lambda d: np.dtype(d).name)
def test_assume_unique(dt):
    rng = np.random.default_rng(8)
    pool = rng.permutation(40).astype(dt)
    x, y = pool[:25], pool[15:]  # unique, unsorted, ten values shared
    gx, gy = gp.asarray(x), gp.asarray(y)
    same(gp.intersect1d(gx, gy, assume_unique=True),
         np.intersect1d(x, y, assume_unique=True))
    same(gp.setxor1d(gx, gy, assume_unique=True),
         np.setxor1d(x, y, assume_unique=True))
    # setdiff1d keeps ar1's order when told the inputs are unique
    r = gp.setdiff1d(gx, gy, assume_unique=True)
    same(r, np.setdiff1d(x, y, assume_unique=True))
    same(r, x[~np.isin(x, y)])
    got = gp.intersect1d(gx, gy, assume_unique=True, return_indices=True)
    want = np.intersect1d(x, y, assume_unique=True, return_indices=True)
    for g, w in zip(got, want):
        same(g, w)


def test_setdiff1d_assume_unique_with_repeated_ar2():
    x = np.array([5, 1, 9, 3])
    y = np.array([9, 9, 2, 5, 5, 5, 7, 0, 0, 4, 4, 8, 8, 6, 6])
    same(gp.setdiff1d(x, y, assume_unique=True),
         np.setdiff1d(x, y, assume_unique=True))
    same(gp.setdiff1d(x, [], assume_unique=True), x)


def test_intersect1d_indices_are_first_occurrences():
    x = np.array([[4, 1, 1, 2], [3, 4, 2, 1]])
    y = np.array([2, 1, 4, 6, 1, 2, 4])
    common, i1, i2 = gp.intersect1d(x, y, return_indices=True)
    want = np.intersect1d(x, y, return_indices=True)
    for g, w in zip((common, i1, i2), want):
        same(g, w)
    assert i1.dtype == np.intp and i2.dtype == np.intp
    same(gp.asarray(x).reshape(-1)[i1], want[0])
    same(gp.asarray(y)[i2], want[0])
    # first occurrence of each, by a direct search
    same(i1, np.array([np.argmax(x.ravel() == v) for v in want[0]]))
    same(i2, np.array([np.argmax(y == v) for v in want[0]]))


def test_intersect1d_indices_with_nan_and_signed_zero():
    x = np.array([np.nan, 0.0, 3.0, -0.0, np.nan, 3.0])
    y = np.array([-0.0, np.nan, 3.0, 0.0])
    got = gp.intersect1d(x, y, return_indices=True)
    want = np.intersect1d(x, y, return_indices=True)
    for g, w in zip(got, want):
        same(g, w)


def test_results_are_new_device_arrays():
    x = gp.asarray(np.array([3, 1, 2]))
    for f in NAMES:
        r = getattr(gp, f)(x, x[:1])
        assert isinstance(r, gp.ndarray)
        assert r.ndim == 1
    # the input is left as it was
    same(x, np.array([3, 1, 2]))
