"""How the joins, splits, unstack and tile take their arguments, against
NumPy: concatenate wants a sequence, the stack family anything
indexable; array_split reads the axis length as a tuple index; split,
hsplit and unstack need an array where NumPy reads .shape or .ndim; tile
reads reps through repeat's conversion first."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import (assert_same_outcome, numpy_parity,
                                     outcome, raised)

SEQS = {
    "dict": lambda xp: {},
    "dict_keys_used": lambda xp: {0: xp.ones((2, 2))},
    "set": lambda xp: set(),
    "generator": lambda xp: (a for a in [xp.ones(2), xp.ones(2)]),
    "empty_list": lambda xp: [],
    "empty_tuple": lambda xp: (),
    "empty2d": lambda xp: xp.zeros((0, 4)),
    "int": lambda xp: 5,
    "0d": lambda xp: xp.asarray(1.0),
    "array": lambda xp: xp.ones((2, 3)),
    "list": lambda xp: [xp.ones(2), xp.zeros(2)],
}


@numpy_parity()
@pytest.mark.parametrize("arrays", sorted(SEQS))
@pytest.mark.parametrize("name", ["concatenate", "concat", "stack", "hstack",
                                  "vstack", "dstack", "column_stack"])
def test_join_arguments(xp, arrays, name):
    return getattr(xp, name)(SEQS[arrays](xp))


@numpy_parity()
@pytest.mark.parametrize("axis", [0, 1, -1, -2, 2, -3, 2 ** 70, 1.5, "0",
                                  np.int64(1), True])
@pytest.mark.parametrize("name", ["split", "array_split"])
def test_split_axis_is_a_tuple_index(xp, axis, name):
    return getattr(xp, name)(xp.arange(12.0).reshape(3, 4), 1, axis=axis)


ARYS = {
    "pybool": lambda xp: True,
    "pyfloat": lambda xp: 1.5,
    "list": lambda xp: [1, 2, 3, 4],
    "list2d": lambda xp: [[1, 2], [3, 4]],
    "0d": lambda xp: xp.asarray(2.0),
    "npscalar": lambda xp: np.float64(0.25),
}


def _same_or_refused(fn):
    """NumPy's outcome, where NumPy's error is an AttributeError of its
    own code reading .shape or .ndim of a list: gpuarray refuses the
    argument with a TypeError instead (as the exception sweep allows)."""
    want, got = outcome(fn, np), outcome(fn, gp)
    if isinstance(raised(want), AttributeError):
        assert isinstance(raised(got), TypeError), got
        return
    assert_same_outcome(got, want)


@pytest.mark.parametrize("ary", sorted(ARYS))
@pytest.mark.parametrize("sections", [2, [1]])
@pytest.mark.parametrize("name", ["split", "array_split", "hsplit",
                                  "vsplit"])
def test_split_input(ary, sections, name):
    _same_or_refused(lambda xp: getattr(xp, name)(ARYS[ary](xp), sections))


@pytest.mark.parametrize("x", ["list", "0d", "npscalar"])
def test_unstack_needs_an_array(x):
    _same_or_refused(lambda xp: xp.unstack(ARYS[x](xp)))


@numpy_parity()
@pytest.mark.parametrize("reps", ["a", "2", 2 ** 70, (2 ** 70, 1), 1.5, 1.0,
                                  (1.0, 1), 2.0, -3, [1, 2], True,
                                  np.uint8(2), None, [], [1, "a"], 2,
                                  (2, 3, 1)], ids=repr)
@pytest.mark.parametrize("shape", [(3, 4), (0, 2), ()])
def test_tile_reps(xp, reps, shape):
    return xp.tile(xp.ones(shape), reps)


@numpy_parity()
def test_tile_of_a_list_with_float_reps(xp):
    # NumPy's shortcut for reps of ones copies an array only; a list
    # goes on to the reshape, whose TypeError the float is
    return xp.tile([1.0, 2.0], 1.0)
