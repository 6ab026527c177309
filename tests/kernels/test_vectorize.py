"""gpuarray.vectorize against numpy.vectorize (Note [vectorize]): fused
on the device where tracing follows the function, NumPy's per-element
calls on host copies otherwise -- the same values and dtypes either way."""
import math

import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same


def poly(x, y):
    return x * x - 3 * y + 0.5


def branchy(x):
    return x if x > 2 else -x


def two_outputs(x):
    return x + 1, x * 2


@pytest.mark.parametrize("func,args", [
    (poly, (np.arange(6.0), np.arange(6.0)[::-1])),
    (poly, (np.arange(6, dtype=np.int32), 2)),
    (lambda x: x > 1, (np.arange(4),)),
    (lambda x: np.sin(x) + np.cos(x), (np.linspace(0, 3, 7),)),
    (branchy, (np.arange(6),)),                    # Python control flow
    (math.sqrt, (np.arange(5.0),)),               # a math.* function
    (lambda x, y: x + y, (np.arange(3), [[10], [20]])),   # broadcasting
])
def test_matches_numpy(func, args):
    want = np.vectorize(func)(*args)
    got = gp.vectorize(func)(*[gp.asarray(a) if isinstance(a, np.ndarray)
                               else a for a in args])
    if want.dtype.kind == "f":
        # the device's sin/cos may differ from NumPy's by an ulp
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(got.get(), want, rtol=4e-15, atol=0)
    else:
        same(got, want)


def test_device_path_runs_one_kernel_without_host_calls():
    calls = []

    def f(x):
        calls.append(1)
        return x * 2 + 1
    v = gp.vectorize(f)
    same(v(gp.arange(1000)), np.arange(1000) * 2 + 1)
    same(v(gp.arange(10)), np.arange(10) * 2 + 1)
    assert len(calls) == 2      # traced twice (dtypes, values), not per item


def test_otypes_excluded_signature_and_tuples():
    x = np.arange(5.0)
    same(gp.vectorize(poly, otypes=[np.float32])(gp.asarray(x), 1.0),
         np.vectorize(poly, otypes=[np.float32])(x, 1.0))
    same(gp.vectorize(poly, otypes="i")(gp.asarray(x), 1.0),
         np.vectorize(poly, otypes="i")(x, 1.0))
    got = gp.vectorize(two_outputs)(gp.asarray(x))
    want = np.vectorize(two_outputs)(x)
    assert isinstance(got, tuple) and len(got) == 2
    for g, w in zip(got, want):
        same(g, w)

    def scaled(x, scale):
        return x * scale[0]
    same(gp.vectorize(scaled, excluded={1})(gp.asarray(x), [3.0]),
         np.vectorize(scaled, excluded={1})(x, [3.0]))
    same(gp.vectorize(lambda r: r.sum(), signature="(n)->()")(
        gp.asarray(np.ones((3, 4)))),
        np.vectorize(lambda r: r.sum(), signature="(n)->()")(np.ones((3, 4))))


def test_size_zero_needs_otypes_as_numpy():
    with pytest.raises(ValueError):
        np.vectorize(poly)(np.zeros(0), 1.0)
    with pytest.raises(ValueError):
        gp.vectorize(poly)(gp.zeros(0), 1.0)
    same(gp.vectorize(poly, otypes=[np.float64])(gp.zeros(0), 1.0),
         np.vectorize(poly, otypes=[np.float64])(np.zeros(0), 1.0))


def test_as_decorator():
    @gp.vectorize(otypes=[np.float64])
    def f(x):
        return x / 2
    same(f(gp.arange(4)), np.arange(4) / 2)
