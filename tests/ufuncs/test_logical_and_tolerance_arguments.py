"""Arguments NumPy reads in its own way, against NumPy: logical_and/or/
xor read a Python int operand as a C long (OverflowError outside int64),
isclose/allclose check atol and rtol with isfinite first, where takes
its three arguments positionally only, real/imag of a Python number are
Python's own."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import numpy_parity

INTS = [2 ** 63, -2 ** 63 - 1, 2 ** 70, 2 ** 63 - 1, -2 ** 63, 1, True]


@numpy_parity()
@pytest.mark.parametrize("value", INTS, ids=repr)
@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.uint64, bool,
                                   np.uint8])
@pytest.mark.parametrize("name", ["logical_and", "logical_or",
                                  "logical_xor"])
@pytest.mark.parametrize("first", [True, False])
def test_logical_ufuncs_read_python_ints_as_long(xp, value, dtype, name,
                                                 first):
    a = xp.ones(3, dtype)
    f = getattr(xp, name)
    return f(value, a) if first else f(a, value)


@numpy_parity()
@pytest.mark.parametrize("value", [2 ** 63, 2 ** 70], ids=repr)
def test_other_ufuncs_take_huge_python_ints(xp, value):
    return xp.equal(xp.ones(3), value), xp.add(xp.ones(3), value)


TOLS = ["bogus", None, np.nan, np.inf, [1e-8, np.nan], 1e-8, 0, [0.1, 0.2]]


@pytest.mark.parametrize("tol", TOLS, ids=repr)
@pytest.mark.parametrize("which", ["atol", "rtol"])
@pytest.mark.parametrize("name", ["isclose", "allclose"])
@pytest.mark.parametrize("mode", ["ignore", "warn", "raise"])
def test_tolerances_checked_as_numpy(tol, which, name, mode):
    def run(xp):
        x = xp.asarray([1.0, 2.0])
        with warnings.catch_warnings(record=True) as w, \
                np.errstate(invalid=mode):
            warnings.simplefilter("always")
            try:
                r = getattr(xp, name)(x, x + 1e-9, **{which: tol})
                r = bool(r) if name == "allclose" else \
                    np.asarray(gp.asnumpy(r) if xp is gp else r).tolist()
            except Exception as e:      # the type is what must agree
                r = type(e).__name__
        return r, [type(x.message).__name__ for x in w
                   if issubclass(x.category, RuntimeWarning)]
    assert run(gp) == run(np)


@pytest.mark.parametrize("kw", [{"x": 1, "y": 2}, {"y": 2}, {"x": 1},
                                {"condition": [True]}])
def test_where_is_positional_only(kw):
    for xp in (np, gp):
        with pytest.raises(TypeError):
            xp.where([True, False], **kw) if "condition" not in kw else \
                xp.where(**kw)


@numpy_parity()
def test_where_positional(xp):
    return xp.where(xp.asarray([True, False]), 1.0, 2.0)


@numpy_parity()
@pytest.mark.parametrize("value", [True, False, 3, 1.5, -0.0, 1 + 2j,
                                   2 ** 63], ids=repr)
@pytest.mark.parametrize("name", ["real", "imag"])
def test_real_imag_of_python_numbers(xp, value, name):
    return getattr(xp, name)(value)
