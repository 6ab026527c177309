"""roll of a 0-d array and rot90's k, read as the installed NumPy reads
them (NumPy 2.5 takes k through operator.index, warning and calling int()
for anything else; 2.4 computes k % 4 as given)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same_outcome, outcome

X = np.arange(12.0).reshape(3, 4)


def _same(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same_outcome(outcome(fn, gp), outcome(fn, np))


@pytest.mark.parametrize("k", [1, -3, 6, np.int8(3), True, 1.5, 2.0, "a",
                               None, [1]], ids=repr)
def test_rot90_k(k):
    _same(lambda xp: xp.rot90(xp.asarray(X), k=k))


def test_rot90_k_deprecation_follows_numpy():
    with warnings.catch_warnings(record=True) as nw:
        warnings.simplefilter("always")
        np.rot90(X, k=1.0)
    with warnings.catch_warnings(record=True) as gw:
        warnings.simplefilter("always")
        gp.rot90(gp.asarray(X), k=1.0)
    assert [w.category for w in gw] == [w.category for w in nw]


def test_rot90_k_of_no_number_is_named():
    with pytest.raises((TypeError, ValueError), match="k|invalid literal"):
        gp.rot90(gp.asarray(X), k="a")


@pytest.mark.parametrize("shift,axis", [(1, ()), ([], ()), (1, 0),
                                        (1, None), ((1, 2), (0, 0))],
                         ids=repr)
def test_roll_of_a_0d_array(shift, axis):
    # only axis=None rolls a 0-d array in NumPy: axis=() leaves its roll
    # nothing to copy along (ValueError), an axis is out of bounds
    _same(lambda xp: xp.roll(xp.asarray(np.array(5.0)), shift, axis=axis))
