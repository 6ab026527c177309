"""ufunc.at against NumPy (Note [ufunc.at] in gpuarray/_ufunc_at.py):
repeated indices apply once per occurrence in NumPy's order, for the
folded ufuncs and the ones applied in rounds, with NumPy's casting into
a, multi-dimensional keys, unary ufuncs, and NumPy's errors."""
import numpy as np
import pytest

import gpuarray as gp


def run(name, x, key, b=None, exact=False):
    a = gp.asarray(x)
    want = x.copy()
    if b is None:
        getattr(gp, name).at(a, key, )
        getattr(np, name).at(want, key)
    else:
        gk = tuple(gp.asarray(k) if isinstance(k, np.ndarray) else k
                   for k in key) if isinstance(key, tuple) else key
        getattr(gp, name).at(a, gk, b)
        getattr(np, name).at(want, key, b)
    assert a.dtype == want.dtype
    if exact:
        np.testing.assert_array_equal(a.get(), want)
    else:
        np.testing.assert_allclose(a.get(), want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide",
                                  "maximum", "minimum", "fmax", "power",
                                  "floor_divide", "arctan2"])
def test_binary_at_with_repeats(name):
    rng = np.random.default_rng(0)
    x = rng.random(9) + 1.0
    idx = rng.integers(0, 9, 60)                # many repeats
    b = rng.random(60) + 0.5
    run(name, x, idx, b)
    run(name, x, (idx,), 1.25)                  # scalar operand


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide"])
@pytest.mark.parametrize("dt", [np.float16, np.float32, np.float64,
                                np.complex128])
def test_float_at_with_repeats_is_bit_exact(name, dt):
    # NumPy applies each occurrence in turn: (a + 3) + 3 rounds apart from
    # a + 6, so folding the operands first is not NumPy's answer
    rng = np.random.default_rng(2)
    x = (rng.random(50) * 10).astype(dt)
    idx = rng.integers(0, 50, 50)
    run(name, x, idx, dt(3) if name != "divide" else dt(1.1), exact=True)
    run(name, x, idx, (rng.random(50) + 0.5).astype(dt), exact=True)


def test_float_add_at_many_repeats_of_one_target():
    # past _MAX_ROUNDS repeats the operands fold first (a few passes, not
    # one per repeat): close to NumPy's sum, not necessarily its bits
    rng = np.random.default_rng(3)
    run("add", rng.random(4), rng.integers(0, 4, 2000), rng.random(2000))


@pytest.mark.parametrize("dt", [np.int8, np.int64, np.uint16])
def test_integer_at_exact_with_wraparound(dt):
    rng = np.random.default_rng(1)
    x = rng.integers(0, 100, 6).astype(dt)
    idx = rng.integers(0, 6, 200)
    for name in ("add", "subtract", "multiply", "bitwise_xor", "maximum"):
        run(name, x, idx, rng.integers(0, 7, 200).astype(dt), exact=True)


def test_casting_into_a_between_occurrences():
    # int a with float operands: NumPy truncates after every occurrence
    x = np.zeros((3, 4), np.int64)
    run("add", x, (slice(None), np.array([0, 0, 3])), 1.5, exact=True)
    run("multiply", np.arange(4.0, dtype=np.float32), np.array([1, 1, 1]),
        np.float64(1.1))


def test_unary_and_multidimensional_keys():
    x = np.arange(12.0).reshape(3, 4)
    run("negative", x, (np.array([1, 1, 2]),))
    run("sqrt", x, (np.array([0, 0]), np.array([3, 3])))
    run("add", x, (np.array([[0], [2]]), np.array([1, 1, 3])),
        np.ones((2, 3)))
    run("add", x, (x > 5,), 2.0)


def test_at_errors():
    a = gp.asarray(np.zeros(3))
    for args, exc in [(([5], 1.0), IndexError), (([0],), ValueError),
                      (([0], np.ones(2)), ValueError)]:
        with pytest.raises(exc):
            gp.add.at(a, *args)
        with pytest.raises(exc):
            np.add.at(np.zeros(3), *args)
    with pytest.raises(ValueError):
        gp.negative.at(a, [0], 1.0)
    with pytest.raises(ValueError):
        gp.add.at(gp.broadcast_to(a, (2, 3)), ([0], [0]), 1.0)
