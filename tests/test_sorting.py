"""Sorting and searching against NumPy: sort/argsort (every dtype, axes,
nan and complex order, stability), the ndarray methods, lexsort,
searchsorted, unique, partition, median/quantile/percentile and their nan
forms, with NumPy's exception types for bad input (Note [Bitonic sort] in
gpuarray/_sorting.py)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same

DTYPES = [np.bool_, np.int8, np.uint16, np.int32, np.int64, np.float16,
          np.float32, np.float64, np.complex64, np.complex128]


def data(shape, dt, seed=0, nans=True):
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    if np.dtype(dt).kind == "b":
        x = rng.integers(0, 2, n).astype(bool)
    elif np.dtype(dt).kind in "iu":
        x = rng.integers(0, 20, n).astype(dt)   # many ties
    elif np.dtype(dt).kind == "f":
        x = np.round(rng.standard_normal(n) * 4).astype(dt)  # ties, -0.0
        if nans and n > 3:
            x[[1, n // 2]] = np.nan
            x[2] = -np.inf
    else:
        x = (np.round(rng.standard_normal(n) * 2) +
             1j * np.round(rng.standard_normal(n) * 2)).astype(dt)
        if nans and n > 4:
            x[1] = complex(np.nan, 1)
            x[2] = complex(1, np.nan)
            x[3] = complex(np.nan, np.nan)
    return x.reshape(shape)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: np.dtype(d).name)
def test_sort_and_stable_argsort_every_dtype(dt):
    x = data((5, 37), dt)
    a = gp.asarray(x)
    for axis in (-1, 0, None):
        same(gp.sort(a, axis=axis), np.sort(x, axis=axis))
        same(gp.argsort(a, axis=axis),
             np.argsort(x, axis=axis, kind="stable").astype(np.int64))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 31, 32, 33, 100])
def test_sort_lengths(n):
    x = data((n,), np.float64, seed=n)
    a = gp.asarray(x)
    same(gp.sort(a), np.sort(x))
    same(gp.argsort(a, stable=True), np.argsort(x, stable=True))


def test_sort_3d_middle_axis_and_views():
    x = data((4, 6, 5), np.float32, nans=False)
    a = gp.asarray(x)
    same(gp.sort(a, axis=1), np.sort(x, axis=1))
    same(gp.sort(a[:, ::-2], axis=2), np.sort(x[:, ::-2], axis=2))
    same(gp.argsort(a.T, axis=1, kind="stable"),
         np.argsort(x.T, axis=1, kind="stable"))


def test_methods_sort_in_place_and_argsort():
    x = data((3, 9), np.int32)
    a = gp.asarray(x)
    r = a.sort(axis=0)
    assert r is None
    x.sort(axis=0)
    same(a, x)
    same(a.argsort(), np.argsort(x, kind="stable"))


def test_sort_errors():
    a = gp.asarray(np.arange(4.0))
    with pytest.raises(np.exceptions.AxisError):
        gp.sort(a, axis=1)
    with pytest.raises(np.exceptions.AxisError):
        gp.sort(gp.asarray(np.float64(1)))
    with pytest.raises(ValueError):
        gp.sort(a, kind="bogus")
    with pytest.raises(ValueError):
        gp.sort(a, order="f")
    with pytest.raises(ValueError):
        np.sort(np.arange(4.0), kind="bogus")
    same(gp.argsort(gp.asarray(np.float64(3))),
         np.argsort(np.float64(3)).astype(np.int64))


def test_lexsort_and_sort_complex():
    rng = np.random.default_rng(3)
    k1 = rng.integers(0, 3, 30)
    k2 = rng.integers(0, 4, 30)
    same(gp.lexsort([gp.asarray(k1), gp.asarray(k2)]),
         np.lexsort([k1, k2]).astype(np.int64))
    m = np.stack([k1, k2]).reshape(2, 5, 6)
    same(gp.lexsort(gp.asarray(m), axis=0), np.lexsort(m, axis=0))
    with pytest.raises(ValueError):
        gp.lexsort([gp.asarray(k1), gp.asarray(k2[:5])])
    x = data((20,), np.float32, nans=False)
    same(gp.sort_complex(gp.asarray(x)), np.sort_complex(x))


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted(side):
    a = np.sort(data((40,), np.float64))          # nan at the end
    v = data((3, 7), np.float64, seed=5)
    same(gp.searchsorted(gp.asarray(a), gp.asarray(v), side=side),
         np.searchsorted(a, v, side=side).astype(np.int64))
    r = gp.searchsorted(gp.asarray(a), 0.5, side=side)
    assert int(r) == np.searchsorted(a, 0.5, side=side)
    u = data((25,), np.int32)
    s = np.argsort(u, kind="stable")
    same(gp.searchsorted(gp.asarray(u), gp.asarray([0, 5, 19, 30]),
                         side=side, sorter=gp.asarray(s)),
         np.searchsorted(u, [0, 5, 19, 30], side=side,
                         sorter=s).astype(np.int64))
    same(gp.searchsorted(gp.asarray(np.zeros(0)), gp.asarray([1.0, 2.0])),
         np.searchsorted(np.zeros(0), [1.0, 2.0]).astype(np.int64))
    with pytest.raises(ValueError):
        gp.searchsorted(gp.asarray(np.zeros((2, 2))), 1.0)
    with pytest.raises(ValueError):
        gp.searchsorted(gp.asarray(a), 1.0, side="middle")


@pytest.mark.parametrize("dt", [np.int16, np.float32, np.complex64,
                                np.bool_], ids=lambda d: np.dtype(d).name)
def test_unique(dt):
    x = data((6, 7), dt, seed=2)
    if np.dtype(dt).kind == "f":
        x[3, 3] = np.nan                      # three nans: one unique nan
    a = gp.asarray(x)
    same(gp.unique(a), np.unique(x))
    got = gp.unique(a, return_index=True, return_inverse=True,
                    return_counts=True)
    want = np.unique(x, return_index=True, return_inverse=True,
                     return_counts=True)
    assert len(got) == 4
    for g, w in zip(got, want):
        same(g, w.astype(np.int64) if w.dtype.kind in "iu" and
             w.dtype != x.dtype else w)
    same(gp.unique(gp.asarray(np.zeros(0, dt))), np.unique(np.zeros(0, dt)))
    if np.dtype(dt).kind == "f":
        same(gp.unique(a, equal_nan=False), np.unique(x, equal_nan=False))


def test_partition_property():
    x = data((4, 30), np.float64, nans=False)
    a = gp.asarray(x)
    for kth in (0, 7, 29, -1):
        p = gp.partition(a, kth, axis=1).get()
        k = kth % 30
        np.testing.assert_array_equal(p[:, k], np.partition(x, kth)[:, k])
        assert (p[:, :k] <= p[:, k:k + 1]).all()
        assert (p[:, k + 1:] >= p[:, k:k + 1]).all()
        i = gp.argpartition(a, kth, axis=1)
        np.testing.assert_array_equal(
            np.take_along_axis(x, i.get(), 1)[:, k],
            np.partition(x, kth)[:, k])
    with pytest.raises(ValueError):
        gp.partition(a, 30, axis=1)
    with pytest.raises(ValueError):
        np.partition(x, 30, axis=1)


@pytest.mark.parametrize("method", ["linear", "lower", "higher", "nearest",
                                    "midpoint"])
def test_quantile_methods(method):
    x = data((5, 8), np.float64, nans=False)
    a = gp.asarray(x)
    for q in (0.0, 0.3, 0.5, [0.25, 1.0]):
        for axis in (None, 0, 1, (0, 1)):
            g = gp.quantile(a, q, axis=axis, method=method)
            w = np.quantile(x, q, axis=axis, method=method)
            assert g.shape == w.shape and g.dtype == w.dtype
            np.testing.assert_allclose(g.get(), w, rtol=1e-12, atol=1e-12)
    xi = data((9,), np.int32)
    g = gp.percentile(gp.asarray(xi), 40, method=method)
    w = np.percentile(xi, 40, method=method)
    assert g.dtype == w.dtype
    np.testing.assert_allclose(g.get(), w, rtol=1e-12)


def test_median_and_nan_forms():
    x = data((4, 9), np.float32)              # holds nans
    a = gp.asarray(x)
    for axis in (None, 0, 1):
        for fn in ("median", "nanmedian"):
            g = getattr(gp, fn)(a, axis=axis, keepdims=True)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                w = getattr(np, fn)(x, axis=axis, keepdims=True)
            assert g.shape == w.shape and g.dtype == w.dtype, fn
            np.testing.assert_allclose(g.get(), w, rtol=1e-6, atol=1e-6,
                                       equal_nan=True)
    y = x.copy()
    y[0, :] = np.nan                          # an all-nan row
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        w = np.nanpercentile(y, [20, 80], axis=1)
    np.testing.assert_allclose(
        gp.nanpercentile(gp.asarray(y), [20, 80], axis=1).get(), w,
        rtol=1e-6, atol=1e-6, equal_nan=True)
    same(gp.median(gp.asarray(np.arange(6))), np.median(np.arange(6)))


def test_quantile_errors():
    a = gp.asarray(np.arange(5.0))
    for bad in (1.5, -0.1, [0.2, 2.0]):
        with pytest.raises(ValueError):
            gp.quantile(a, bad)
        with pytest.raises(ValueError):
            np.quantile(np.arange(5.0), bad)
    with pytest.raises(ValueError):
        gp.percentile(a, 101)
    with pytest.raises(ValueError):
        gp.quantile(a, 0.5, method="bogus")


def test_numpy_dispatch():
    x = data((3, 8), np.float32, nans=False)
    a = gp.asarray(x)
    r = np.sort(a, axis=1)
    assert isinstance(r, gp.ndarray)
    same(r, np.sort(x, axis=1))
    m = np.median(a)
    assert isinstance(m, gp.ndarray)
    np.testing.assert_allclose(m.get(), np.median(x))


def test_sort_kernels_compile_with_nvrtc():
    from gpuarray import _sorting
    try:
        gp._core._nvrtc_compile('extern "C" __global__ void k() {}', 90)
    except RuntimeError as e:
        pytest.skip("libnvrtc is not available here: %s" % e)
    src = [_sorting._PAIR_PRE]
    for i, ch in enumerate("?bHefdFD"):
        src.append(gp._core._ew_source(_sorting._PAIR_BODY,
                                       ["q", "q", "q", "q", ch, "q"],
                                       ["q", "q", "q", "q", ch, "q"], 4, 1, 1,
                                       True, "pairs_%d" % i))
        src.append(gp._core._ew_source(
            _sorting._SEARCH_BODY.replace("out0_t v", "in0_t v"),
            [ch, ch, "q", "?", "q"], [ch, ch, "q", "?", "q"], 4, 2, 1, False,
            "search_%d" % i))
    assert len(gp._core._nvrtc_compile("\n".join(src), 90)) > 1000
