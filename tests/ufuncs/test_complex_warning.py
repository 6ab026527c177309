"""NumPy's ComplexWarning when a ufunc, a reduction or a scan casts
complex values to a real type (out=, dtype=, signature=): warned or not,
as NumPy, on every call (not once per cached dtype pair)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp

CW = np.exceptions.ComplexWarning
DTYPES = ["f8", "f4", "i4", "?", "c8"]


def warns_complex(fn, xp):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        fn(xp)
    return any(issubclass(w.category, CW) for w in seen)


def agree(fn):
    for _ in range(2):  # the second call warns too
        assert warns_complex(fn, gp) == warns_complex(fn, np)


def z(xp):
    return xp.asarray(np.array([1 + 2j, 3 - 1j]))


@pytest.mark.parametrize("dt", DTYPES)
def test_ufunc_out_and_dtype(dt):
    agree(lambda xp: xp.add(z(xp), z(xp), out=xp.zeros(2, dt),
                            casting="unsafe"))
    agree(lambda xp: xp.multiply(z(xp), 2.0, out=xp.zeros(2, dt),
                                 casting="unsafe"))
    if dt != "?":   # (bool negative is NumPy's TypeError)
        agree(lambda xp: xp.negative(z(xp), dtype=dt, casting="unsafe"))


@pytest.mark.parametrize("dt", DTYPES)
def test_ufunc_reduce_and_accumulate(dt):
    agree(lambda xp: xp.add.reduce(z(xp), dtype=dt))
    agree(lambda xp: xp.add.accumulate(z(xp), dtype=dt))
    agree(lambda xp: xp.multiply.reduce(z(xp), out=xp.zeros((), dt)))


def test_real_input_no_warning():
    agree(lambda xp: xp.add(xp.arange(2.0), 1.0, out=xp.zeros(2, "i4"),
                            casting="unsafe"))
    agree(lambda xp: xp.add.reduce(xp.arange(3.0), dtype="i4"))


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind"])
def test_refused_cast_is_the_error_not_the_warning(casting):
    # NumPy refuses the output cast before any value is cast: its error,
    # even with warnings as errors
    from gpuarray.testing.parity import assert_same_outcome, outcome
    with warnings.catch_warnings():
        warnings.simplefilter("error", CW)
        got = outcome(gp.add, z(gp), z(gp), out=gp.zeros(2, "f2"),
                      casting=casting)
        want = outcome(np.add, z(np), z(np), out=np.zeros(2, "f2"),
                       casting=casting)
    assert_same_outcome(got, want)
