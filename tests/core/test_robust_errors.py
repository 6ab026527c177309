"""The small NumPy-behaviour items of issue 12: integer division by zero
reports as NumPy does under np.errstate, and integer indices that do not
fit a Py_ssize_t raise NumPy's exception types."""
import warnings

import numpy as np
import pytest

import gpuarray as gp

A = np.array([7, -8, 9, 0, 5], dtype=np.int64)
Z = np.array([0, 3, 0, 2, 1], dtype=np.int64)
NONZERO = np.array([1, 3, 2, 2, 1], dtype=np.int64)


def reports(fn, mod, *args):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = fn(mod, *args)
    msgs = [(m.category, str(m.message)) for m in w
            if issubclass(m.category, RuntimeWarning)]
    return r, msgs


OPS = {
    "floordiv": lambda m, a, b: a // b,
    "mod": lambda m, a, b: a % b,
    "floor_divide": lambda m, a, b: m.floor_divide(a, b),
    "remainder": lambda m, a, b: m.remainder(a, b),
    "fmod": lambda m, a, b: m.fmod(a, b),
    "divmod": lambda m, a, b: divmod(a, b),
    "scalar": lambda m, a, b: a // 0,
    "scalar_mod": lambda m, a, b: a % 0,
}


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("dtype", [np.int32, np.uint8, np.int64])
def test_integer_division_by_zero_warns_like_numpy(op, dtype):
    a, z = A.astype(dtype), Z.astype(dtype)
    want, want_msgs = reports(OPS[op], np, a, z)
    got, got_msgs = reports(OPS[op], gp, gp.asarray(a), gp.asarray(z))
    assert got_msgs == want_msgs and want_msgs
    if isinstance(want, tuple):
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g.get(), w)
    else:
        np.testing.assert_array_equal(got.get(), want)


@pytest.mark.parametrize("op", ["floordiv", "mod", "fmod"])
def test_no_warning_without_a_zero_divisor(op):
    _, msgs = reports(OPS[op], gp, gp.asarray(A), gp.asarray(NONZERO))
    assert msgs == []
    _, msgs = reports(lambda m, a, b: a // 3, gp, gp.asarray(A), None)
    assert msgs == []


def test_errstate_controls_the_report():
    a, z = gp.asarray(A), gp.asarray(Z)
    with np.errstate(divide="raise"):
        with pytest.raises(FloatingPointError,
                           match="divide by zero encountered in "
                                 "floor_divide"):
            a // z
        with pytest.raises(FloatingPointError):
            np.asarray(A) // Z
    with np.errstate(divide="ignore"):
        _, msgs = reports(OPS["floordiv"], gp, a, z)
        assert msgs == []
    calls = []
    with np.errstate(divide="call", call=lambda *e: calls.append(e[0])):
        a % z
    assert calls == ["divide by zero"]


def test_where_mask_hides_zero_divisors():
    a, z = gp.asarray(A), gp.asarray(Z)
    mask = gp.asarray(Z != 0)
    out = gp.zeros(5, np.int64)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        gp.floor_divide(a, z, out=out, where=mask)
        np.floor_divide(A, Z, out=np.zeros(5, np.int64), where=Z != 0)


EMPTY_OR_MASKED = {
    # nothing is divided: an empty result (a zero scalar or zero array
    # divisor), or a where= mask that is False where the divisor is 0
    "empty_scalar": lambda m: m.asarray(np.zeros(0, np.int64)) // 0,
    "empty_mod": lambda m: m.asarray(np.zeros((0, 3), np.int64)) % 0,
    "empty_array": lambda m: m.floor_divide(
        m.asarray(np.zeros((0, 3), np.int64)), m.asarray(np.zeros(3, np.int64))),
    "empty_out": lambda m: m.floor_divide(
        m.asarray(np.ones(3, np.int64)), m.asarray(np.zeros(3, np.int64)),
        out=m.zeros((0, 3), np.int64)),
    "scalar_masked": lambda m: m.floor_divide(
        m.asarray(A), 0, where=m.asarray(np.zeros(5, bool)),
        out=m.zeros(5, np.int64)),
    # and the contrast: a mask that lets one element through reports
    "scalar_one_through": lambda m: m.remainder(
        m.asarray(A), 0, where=m.asarray(Z == 3), out=m.zeros(5, np.int64)),
}


@pytest.mark.parametrize("case", sorted(EMPTY_OR_MASKED))
def test_report_only_when_something_is_divided_by_zero(case):
    want, want_msgs = reports(lambda m: EMPTY_OR_MASKED[case](m), np)
    got, got_msgs = reports(lambda m: EMPTY_OR_MASKED[case](m), gp)
    assert got_msgs == want_msgs
    np.testing.assert_array_equal(got.get(), want)


@pytest.mark.parametrize("key", [2 ** 63, 2 ** 64 - 1, 2 ** 64, -2 ** 63 - 1,
                                 -2 ** 80, 2 ** 100, np.uint64(2 ** 63),
                                 (0, 2 ** 63), (2 ** 64, 0)])
def test_huge_integer_index_raises_numpy_type(key):
    x = np.arange(6).reshape(2, 3) if isinstance(key, tuple) else np.arange(5)
    g = gp.asarray(x)
    for what in ("get", "set", "item"):
        with pytest.raises(Exception) as want:
            if what == "get":
                x[key]
            elif what == "set":
                x[key] = 1
            else:
                x.item(key)
        with pytest.raises(want.type):
            if what == "get":
                g[key]
            elif what == "set":
                g[key] = 1
            else:
                g.item(key)
