"""Counts and diagonals read as NumPy reads them, against NumPy: tri (and
tril/triu, tril_indices/triu_indices) works out -k and M - k with the
NumPy numbers given (so -uint8(1) wraps and an arange start overflows
int8, NumPy's OverflowError); geomspace's num goes through float() and
then linspace's count check."""
import warnings

import numpy as np
import pytest

from gpuarray.testing.parity import numpy_parity

KS = [0, 1, -1, 200, True, np.uint8(0), np.uint8(1), np.uint8(200),
      np.int8(1), np.int8(-128), np.int64(1), np.array(1),
      np.array(1, np.uint8), np.uint16(3), np.True_, "a"]
NS = [3, np.uint8(1), np.uint8(3), np.int8(2)]
MS = [None, 4, np.uint8(2), np.int8(100)]


def _quiet(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)   # -uint8 wraps
        return fn()


@numpy_parity()
@pytest.mark.parametrize("k", KS, ids=repr)
@pytest.mark.parametrize("n", NS, ids=repr)
@pytest.mark.parametrize("m", MS, ids=repr)
def test_tri_with_numpy_numbers(xp, k, n, m):
    return _quiet(lambda: xp.tri(n, m, k))


@numpy_parity()
@pytest.mark.parametrize("k", KS, ids=repr)
@pytest.mark.parametrize("n", NS, ids=repr)
@pytest.mark.parametrize("name", ["tril_indices", "triu_indices"])
def test_triangle_indices_with_numpy_numbers(xp, k, n, name):
    return _quiet(lambda: getattr(xp, name)(n, k))


@numpy_parity()
@pytest.mark.parametrize("k", KS, ids=repr)
@pytest.mark.parametrize("name", ["tril", "triu", "tril_indices_from",
                                  "triu_indices_from"])
def test_triangles_of_an_array_with_numpy_numbers(xp, k, name):
    a = xp.arange(12.0).reshape(3, 4)
    return _quiet(lambda: getattr(xp, name)(a, k))


@numpy_parity()
@pytest.mark.parametrize("num", [5, 0, 1, -3, 1.5, "a", "5", [1, 2],
                                 2 ** 70, 2 ** 64, np.int64(4), True],
                         ids=repr)
@pytest.mark.parametrize("name", ["geomspace", "linspace", "logspace"])
def test_sample_count(xp, num, name):
    return getattr(xp, name)(1.0, 8.0, num)
