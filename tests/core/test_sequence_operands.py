"""Operators with a list or tuple operand (Note [Sequence operands] in
csrc/ops/number.c): the sequence is converted as NumPy converts it and
the operator runs elementwise -- never the plain `False` that Python's
identity fallback would give."""
import operator

import numpy as np
import pytest

import gpuarray as gp

COMPARE = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt,
           operator.ge]
ARITH = [operator.add, operator.sub, operator.mul, operator.truediv,
         operator.floordiv, operator.pow]
OTHERS = [[0.0, 1.0, 5.0], (0, 1, 2), [True, False, True], [[0.0], [2.0]],
          [[0, 1, 2], [2, 1, 0]], [3], (2.5,)]


def same(got, want):
    assert isinstance(got, gp.ndarray), type(got)
    assert got.dtype == want.dtype and got.shape == want.shape
    if want.dtype.kind in "fc":
        # float pow is a library call: CUDA's and the C library's may
        # differ in the last bit (3 ** 1 came out 2.9999999999999996)
        np.testing.assert_allclose(gp.asnumpy(got), want, rtol=4e-16,
                                   atol=0)
    else:
        np.testing.assert_array_equal(gp.asnumpy(got), want)


def check_both_sides(op, other, dtype):
    a = np.arange(3).astype(dtype)
    g = gp.asarray(a)
    with np.errstate(all="ignore"):
        same(op(g, other), op(a, other))
        same(op(other, g), op(other, a))


@pytest.mark.parametrize("op", COMPARE + ARITH, ids=lambda o: o.__name__)
@pytest.mark.parametrize("other", OTHERS, ids=repr)
def test_sequence_operand_both_sides(op, other):
    check_both_sides(op, other, "float64")


# other dtypes: the promotion of the converted sequence (a list of ints is
# an int64 array, not a weak scalar) on a few operators only (kernel budget)
@pytest.mark.parametrize("op", [operator.eq, operator.lt, operator.add],
                         ids=lambda o: o.__name__)
@pytest.mark.parametrize("other", [[0.0, 1.0, 5.0], (0, 1, 2)], ids=repr)
@pytest.mark.parametrize("dtype", ["int64", "float32", "uint8"])
def test_sequence_operand_dtypes(op, other, dtype):
    check_both_sides(op, other, dtype)


@pytest.mark.parametrize("op", [operator.iadd, operator.imul, operator.isub])
def test_inplace_with_a_sequence(op):
    a = np.arange(6.0).reshape(2, 3)
    g = gp.asarray(a)
    r = op(g, [1.0, 2.0, 3.0])
    assert r is g
    np.testing.assert_array_equal(gp.asnumpy(g), op(a, [1.0, 2.0, 3.0]))


def test_equality_is_elementwise_not_identity():
    g = gp.arange(3.0)
    r = g == [0.0, 1.0, 2.0]
    assert r is not False and isinstance(r, gp.ndarray)
    assert bool(r.all())
    assert bool((g != [0.0, 1.0, 2.0]).any()) is False


@pytest.mark.parametrize("op", COMPARE + [operator.add],
                         ids=lambda o: o.__name__)
@pytest.mark.parametrize("bad", [[[1, 2], [3]], [1, 2], []], ids=repr)
def test_bad_sequences_raise_as_numpy(op, bad):
    a = np.arange(3.0)
    with pytest.raises(ValueError) as np_err:
        op(a, bad)
    with pytest.raises(ValueError) as gp_err:
        op(gp.asarray(a), bad)
    # ragged: NumPy's own conversion message; wrong length: broadcasting
    key = "inhomogeneous" if "inhomogeneous" in str(np_err.value) \
        else "broadcast"
    assert key in str(gp_err.value)


def test_strings_raise_typeerror():
    # Differs from NumPy: NumPy answers == with all-False and < with a
    # UFuncTypeError; gpuarray has no string dtype and raises TypeError
    # naming it for both (no silent answer).
    g = gp.arange(3.0)
    for op in (operator.eq, operator.lt):
        with pytest.raises(TypeError, match="not supported"):
            op(g, ["a", "b", "c"])
