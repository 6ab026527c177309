"""ufunc.reduceat against NumPy (Note [reduceat] in gpuarray/_reduceat.py):
values and dtypes for even steps (one reduction of a reshaped view) and
arbitrary indices (repeated, decreasing: single elements), any axis,
dtype= and out=, and NumPy's exception types for bad arguments."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same

INDICES = [
    [0, 4, 1, 5],        # a decrease: single elements
    [0, 2, 4, 6],        # even steps to the end: the reshaped path
    [1, 3, 5, 7],        # even steps, not from 0
    [0, 2, 4],           # even steps that stop short of the end
    [3],
    [7, 0, 0, 7],
    [2, 2, 2],           # repeats: single elements
    [],
]


def host(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    return rng.integers(-9, 10, shape).astype(dtype)


@pytest.mark.parametrize("name,dtype", [
    ("add", np.int8), ("add", np.float32), ("add", np.bool_),
    ("multiply", np.int16), ("maximum", np.float64), ("minimum", np.uint8),
    ("logical_or", np.bool_), ("bitwise_xor", np.int32),
])
@pytest.mark.parametrize("indices", INDICES, ids=str)
def test_reduceat_1d_matches_numpy(name, dtype, indices):
    x = host((8,), dtype)
    want = getattr(np, name).reduceat(x, indices)
    got = getattr(gp, name).reduceat(gp.asarray(x), indices)
    same(got, want)


@pytest.mark.parametrize("axis", [0, 1, -1, 2])
def test_reduceat_axes_dtype_and_out(axis):
    x = host((6, 8, 4), np.float32)
    idx = np.array([0, 2, 1, 3])
    want = np.add.reduceat(x, idx, axis=axis, dtype=np.float64)
    got = gp.add.reduceat(gp.asarray(x), gp.asarray(idx), axis=axis,
                          dtype=np.float64)
    same(got, want)
    out = gp.empty(want.shape, np.float64)
    assert gp.add.reduceat(gp.asarray(x), idx, axis=axis, dtype=np.float64,
                           out=out) is out
    same(out, want)
    # even steps along the axis: one reduction of a reshaped view
    n = x.shape[axis]
    even = np.arange(0, n, 2)
    same(gp.maximum.reduceat(gp.asarray(x), even, axis=axis),
         np.maximum.reduceat(x, even, axis=axis))


@pytest.mark.parametrize("call,exc", [
    (lambda m, x: m.add.reduceat(x, [8]), IndexError),
    (lambda m, x: m.add.reduceat(x, [-1]), IndexError),
    (lambda m, x: m.add.reduceat(x, [0], axis=1), np.exceptions.AxisError),
    (lambda m, x: m.add.reduceat(x[0], [0]), TypeError),
    (lambda m, x: m.negative.reduceat(x, [0]), ValueError),
    (lambda m, x: m.add.reduceat(x, [[0, 1]]), ValueError),
])
def test_reduceat_bad_arguments_raise_numpys_exception(call, exc):
    x = host((8,), np.float64)
    with pytest.raises(exc):
        call(np, x)
    with pytest.raises(exc):
        call(gp, gp.asarray(x))


@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("indices", [[0, 2, 1, 3], [0, 2]], ids=str)
def test_reduceat_of_c_array_is_c_contiguous(axis, indices):
    # a fresh array in NumPy's layout, not a moved-axis view
    x = host((4, 5, 6), np.float64)
    want = np.add.reduceat(x, indices, axis=axis)
    got = gp.add.reduceat(gp.asarray(x), indices, axis=axis)
    same(got, want, strides=True)
    assert got.flags.c_contiguous == want.flags.c_contiguous
