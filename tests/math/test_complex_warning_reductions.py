"""NumPy's ComplexWarning from sum-like reductions and scans of complex
data into a real dtype= or out= (nan-skipping forms included)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp

CW = np.exceptions.ComplexWarning
FUNCS = ["sum", "prod", "mean", "nansum", "nanprod", "cumsum", "cumprod",
         "nancumsum", "nancumprod"]


def warns_complex(fn, xp):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        got = fn(xp)
    return any(issubclass(w.category, CW) for w in seen), got


def agree(fn):
    for _ in range(2):  # every call warns, not the first one only
        (gw, g), (nw, n) = warns_complex(fn, gp), warns_complex(fn, np)
        assert gw == nw
        np.testing.assert_allclose(np.asarray(g.get()), n)


def z(xp):
    return xp.asarray(np.array([[1 + 2j, np.nan], [3 - 1j, 0.5j]]))


@pytest.mark.parametrize("name", FUNCS)
@pytest.mark.parametrize("dt", ["f8", "f4", "i8", "c16"])
def test_dtype(name, dt):
    agree(lambda xp: getattr(xp, name)(z(xp), axis=0, dtype=dt))


@pytest.mark.parametrize("name", FUNCS)
@pytest.mark.parametrize("dt", ["f8", "c8"])
def test_out(name, dt):
    shape = (2, 2) if "cum" in name else (2,)
    agree(lambda xp: getattr(xp, name)(z(xp), axis=0,
                                       out=xp.zeros(shape, dt)))
