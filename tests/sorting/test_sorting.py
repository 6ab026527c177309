"""Sorting and searching against NumPy: sort/argsort (every dtype, axes,
nan and complex order, stability), the ndarray methods, lexsort,
searchsorted, unique, partition, median/quantile/percentile and their nan
forms, with NumPy's exception types for bad input (Note [Bitonic sort] in
gpuarray/sorting/)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import SAMPLE_DTYPES
from conftest import nvrtc_check, nvrtc_or_skip, assert_array_equal_gp as same

DTYPES = SAMPLE_DTYPES


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
    from gpuarray.sorting import search_unique, sort as _sorting
    nvrtc_or_skip()
    src = [_sorting._PAIR_PRE]
    for i, ch in enumerate("?bHefdFD"):
        src.append(gp._core._ew_source(_sorting._PAIR_BODY,
                                       ["q", "q", "q", "q", ch, "q"],
                                       ["q", "q", "q", "q", ch, "q"], 4, 1, 1,
                                       True, "pairs_%d" % i))
        src.append(gp._core._ew_source(
            search_unique._SEARCH_BODY.replace("out0_t v", "in0_t v"),
            [ch, ch, "q", "?", "q"], [ch, ch, "q", "?", "q"], 4, 2, 1, False,
            "search_%d" % i))
    assert len(nvrtc_check("\n".join(src), 90)) > 1000


# ------------------------------------------- every quantile method, weights

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear",
           "median_unbiased", "normal_unbiased", "lower", "higher",
           "midpoint", "nearest"]


def close(g, w):
    """Same shape, dtype and values (float64 to ~1e-12), nan where NumPy
    has nan."""
    w = np.asarray(w)
    assert isinstance(g, gp.ndarray), type(g)
    assert g.shape == w.shape, (g.shape, w.shape)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    tol = 1e-12 if w.dtype == np.float64 else 1e-6
    np.testing.assert_allclose(g.get(), w, rtol=tol, atol=tol,
                               equal_nan=True)


@pytest.mark.parametrize("method", METHODS)
def test_quantile_every_method(method):
    rng = np.random.default_rng(7)
    for n in (1, 2, 7, 8):                    # sizes incl. 1, even, odd
        x = rng.standard_normal(n) * 5
        for q in (0.0, 0.37, 0.5, 1.0, [0.1, 0.25, 0.9]):
            close(gp.quantile(gp.asarray(x), q, method=method),
                  np.quantile(x, q, method=method))
    x = np.round(rng.standard_normal((3, 4, 5)) * 3)     # ties
    a = gp.asarray(x)
    for axis in (None, 0, -1, (0, 2)):
        for kd in (False, True):
            q = [0.2, 0.5, 0.75]
            close(gp.quantile(a, q, axis=axis, method=method, keepdims=kd),
                  np.quantile(x, q, axis=axis, method=method, keepdims=kd))
            close(gp.percentile(a, 30, axis=axis, method=method,
                                keepdims=kd),
                  np.percentile(x, 30, axis=axis, method=method,
                                keepdims=kd))
    # dtypes: ints keep theirs only when NumPy takes; a Python float q
    # keeps float32, a float64 array q promotes
    xi = rng.integers(-50, 50, (4, 7)).astype(np.int32)
    for q in (0.3, 1, [0, 1], np.array([0.4, 0.9])):
        close(gp.quantile(gp.asarray(xi), q, axis=1, method=method),
              np.quantile(xi, q, axis=1, method=method))
    xf = (rng.standard_normal(9) * 4).astype(np.float32)
    for q in (0.3, np.array([0.3, 0.6]), np.array([0.3], np.float32)):
        close(gp.quantile(gp.asarray(xf), q, method=method),
              np.quantile(xf, q, method=method))
    xn = x.copy()
    xn[1, 2, 3] = np.nan                      # a nan row gives nan
    close(gp.quantile(gp.asarray(xn), 0.4, axis=2, method=method),
          np.quantile(xn, 0.4, axis=2, method=method))


@pytest.mark.parametrize("method", METHODS)
def test_nanquantile_every_method(method):
    x = data((5, 9), np.float64)              # nans and -inf
    x[3, :] = np.nan                          # an all-nan row
    x[0, :8] = np.nan                         # one value left
    a = gp.asarray(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for axis in (None, 1, 0):
            for q in (0.0, 0.5, 1.0, [0.15, 0.6]):
                close(gp.nanquantile(a, q, axis=axis, method=method),
                      np.nanquantile(x, q, axis=axis, method=method))
            close(gp.nanpercentile(a, [10, 95], axis=axis, method=method,
                                   keepdims=True),
                  np.nanpercentile(x, [10, 95], axis=axis, method=method,
                                   keepdims=True))
        xf = x[1:3].astype(np.float32)        # float32 q keeps float32
        q = np.array([0.2, 0.7], np.float32)
        close(gp.nanquantile(gp.asarray(xf), q, axis=1, method=method),
              np.nanquantile(xf, q, axis=1, method=method))
    xi = data((4, 6), np.int16)               # no nans: as quantile
    close(gp.nanquantile(gp.asarray(xi), 0.45, axis=0, method=method),
          np.nanquantile(xi, 0.45, axis=0, method=method))


def test_quantile_out_and_bool():
    x = data((4, 6), np.float64, nans=False)
    out = gp.empty((2, 4))
    r = gp.quantile(gp.asarray(x), [0.3, 0.8], axis=1, out=out,
                    method="hazen")
    assert r is out
    np.testing.assert_allclose(out.get(), np.quantile(
        x, [0.3, 0.8], axis=1, method="hazen"), rtol=1e-12)
    b = data((9,), np.bool_)
    for m in ("lower", "inverted_cdf", "nearest"):
        close(gp.quantile(gp.asarray(b), 0.5, method=m),
              np.quantile(b, 0.5, method=m))
    for m in ("linear", "hazen"):
        with pytest.raises(TypeError):
            np.quantile(b, 0.5, method=m)
        with pytest.raises(TypeError):
            gp.quantile(gp.asarray(b), 0.5, method=m)


@pytest.mark.parametrize("fn", ["quantile", "nanquantile", "percentile",
                                "nanpercentile"])
def test_quantile_weights(fn):
    rng = np.random.default_rng(11)
    scale = 100 if "per" in fn else 1
    x = np.round(rng.standard_normal((3, 7)) * 3)
    if fn.startswith("nan"):
        x[0, [1, 4]] = np.nan
        x[2, :] = np.nan                      # all-nan row: nan
    for wts in (rng.integers(1, 4, x.shape).astype(float),   # ties
                rng.random(x.shape)):
        wts[:, -1] = 1.0
        wts[1, 0] = 0.0                       # a leading zero weight
        for q in (0.0, 0.5, 1.0, [0.1, 0.3, 0.5, 0.75]):
            qs = np.multiply(q, scale)
            for axis in (None, 1, 0):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", RuntimeWarning)
                    w = getattr(np, fn)(x, qs, axis=axis, weights=wts,
                                        method="inverted_cdf")
                g = getattr(gp, fn)(gp.asarray(x), qs, axis=axis,
                                    weights=gp.asarray(wts),
                                    method="inverted_cdf")
                close(g, w)
    # weights of the reduced axis only, axes given out of order (NumPy's
    # nan forms fail on these with an IndexError in apply_along_axis)
    if fn.startswith("nan"):
        return
    y = rng.standard_normal((3, 4, 5))
    w1 = rng.random(4)
    close(getattr(gp, fn)(gp.asarray(y), 0.4 * scale, axis=1,
                          weights=gp.asarray(w1), method="inverted_cdf"),
          getattr(np, fn)(y, 0.4 * scale, axis=1, weights=w1,
                          method="inverted_cdf"))
    w2 = rng.random((5, 3))
    close(getattr(gp, fn)(gp.asarray(y), [0.2 * scale, 0.6 * scale],
                          axis=(2, 0), weights=gp.asarray(w2),
                          method="inverted_cdf", keepdims=True),
          getattr(np, fn)(y, [0.2 * scale, 0.6 * scale], axis=(2, 0),
                          weights=w2, method="inverted_cdf", keepdims=True))
    yi = rng.integers(0, 9, 10).astype(np.int32)
    wi = rng.random(10)
    close(getattr(gp, fn)(gp.asarray(yi), 0.5 * scale,
                          weights=gp.asarray(wi), method="inverted_cdf"),
          getattr(np, fn)(yi, 0.5 * scale, weights=wi,
                          method="inverted_cdf"))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")   # all-zero weights
def test_quantile_weights_and_method_errors():
    x = np.arange(12.0).reshape(3, 4)
    a = gp.asarray(x)
    w = np.ones((3, 4))
    cases = [
        ({"weights": w}, ValueError),                       # linear
        ({"weights": w, "method": "hazen"}, ValueError),
        ({"weights": -w, "method": "inverted_cdf"}, ValueError),
        ({"weights": np.ones(4), "method": "inverted_cdf"}, TypeError),
        ({"weights": np.ones(3), "axis": 1, "method": "inverted_cdf"},
         ValueError),
        ({"weights": 0 * w, "method": "inverted_cdf"}, ValueError),
        ({"method": "bogus"}, ValueError),
    ]
    for fn in ("quantile", "nanquantile"):
        for kw, exc in cases:
            kg = dict(kw)
            if "weights" in kg:
                kg["weights"] = gp.asarray(kg["weights"])
            with pytest.raises(exc):
                getattr(np, fn)(x, 0.5, **kw)
            with pytest.raises(exc):
                getattr(gp, fn)(a, 0.5, **kg)
        c = x.astype(np.complex128)
        with pytest.raises(TypeError):
            getattr(np, fn)(c, 0.5)
        with pytest.raises(TypeError):
            getattr(gp, fn)(gp.asarray(c), 0.5)
    with pytest.raises(np.exceptions.AxisError):
        gp.quantile(a, 0.5, axis=2)


# --------------------------------------------------------- unique(axis=)

@pytest.mark.parametrize("dt", [np.int8, np.uint16, np.int64, np.bool_,
                                np.float32, np.float64, np.complex64],
                         ids=lambda d: np.dtype(d).name)
def test_unique_axis(dt):
    rng = np.random.default_rng(5)
    for shape in [(1, 3), (6, 2), (5, 4, 3), (7, 1), (4,), (0, 3), (3, 0)]:
        x = rng.integers(-2, 3, shape)        # few values: repeated rows
        x = (np.abs(x) if np.dtype(dt).kind == "u" else x).astype(dt)
        a = gp.asarray(x)
        for axis in range(-1, len(shape)):
            same(gp.unique(a, axis=axis), np.unique(x, axis=axis))
            got = gp.unique(a, return_index=True, return_inverse=True,
                            return_counts=True, axis=axis)
            want = np.unique(x, return_index=True, return_inverse=True,
                             return_counts=True, axis=axis)
            assert len(got) == 4
            same(got[0], want[0])
            for g, w in zip(got[1:], want[1:]):
                same(g, w.astype(np.int64))


def test_unique_axis_nan_and_signed_zero():
    # NumPy compares subarrays as structured values: field by field, nan
    # last; a subarray holding a nan never equals another (equal_nan
    # plays no part); -0.0 == 0.0, the first in sorted order kept
    x = np.array([[1.0, np.nan], [0.0, 2.0], [-0.0, 1.0], [np.nan, 0.0],
                  [1.0, np.nan], [0.0, -1.0], [-np.inf, 3.0],
                  [np.nan, np.nan], [-0.0, 2.0]])
    for eq in (True, False):
        got = gp.unique(gp.asarray(x), axis=0, return_index=True,
                        return_inverse=True, return_counts=True,
                        equal_nan=eq)
        want = np.unique(x, axis=0, return_index=True, return_inverse=True,
                         return_counts=True, equal_nan=eq)
        same(got[0], want[0])
        np.testing.assert_array_equal(np.signbit(got[0].get()),
                                      np.signbit(want[0]))
        for g, w in zip(got[1:], want[1:]):
            same(g, w.astype(np.int64))
    y = np.array([[0.0, 2.0], [-0.0, 2.0]])
    for z in (y, y[::-1]):
        r = gp.unique(gp.asarray(z), axis=0).get()
        np.testing.assert_array_equal(np.signbit(r),
                                      np.signbit(np.unique(z, axis=0)))


def test_unique_axis_errors():
    a = gp.asarray(np.zeros((2, 3)))
    for ax in (2, -3):
        with pytest.raises(np.exceptions.AxisError):
            np.unique(np.zeros((2, 3)), axis=ax)
        with pytest.raises(np.exceptions.AxisError):
            gp.unique(a, axis=ax)
    with pytest.raises(np.exceptions.AxisError):
        gp.unique(gp.asarray(np.zeros(4)), axis=1)
    with pytest.raises(np.exceptions.AxisError):
        gp.unique(gp.asarray(np.float64(1)), axis=0)


@pytest.mark.parametrize("name,args", [
    ("nanquantile", (0.5,)), ("nanquantile", ([0.1, 0.9],)),
    ("nanpercentile", ([10, 50],)), ("nanmedian", ()), ("median", ())])
@pytest.mark.parametrize("shape,dtype,axis", [
    ((0,), np.float64, None), ((0, 3), np.float64, 0),
    ((0, 3), np.float32, 0), ((0, 2), np.int64, 0), ((2, 0), np.float64, 1)])
def test_empty_slices_give_numpys_nan(name, args, shape, dtype, axis):
    x = np.zeros(shape, dtype)
    with pytest.warns(RuntimeWarning):
        want = getattr(np, name)(x, *args, axis=axis)
    with pytest.warns(RuntimeWarning):
        got = getattr(gp, name)(gp.asarray(x), *args, axis=axis)
    want = np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.array_equal(got.get(), want, equal_nan=True)


def test_quantile_of_an_empty_slice_raises_numpys_index_error():
    x = np.zeros((0, 3))
    with pytest.raises(IndexError):
        np.quantile(x, 0.5, axis=0)
    with pytest.raises(IndexError):
        gp.quantile(gp.asarray(x), 0.5, axis=0)


@pytest.mark.parametrize("values", [
    [np.nan + 1j, complex(1, np.nan), 2, complex(np.nan, 0)],
    [complex(1, np.nan), complex(np.nan, 1), 2],
    [complex(np.nan, 0)], [1 + 1j, 2]])
def test_unique_keeps_numpys_complex_nan(values):
    """Plain unique keeps the NaN met first in the input (NumPy's hash
    path); with return_index the first in sorted order (its sort path)."""
    x = np.array(values, np.complex128)
    got = gp.unique(gp.asarray(x)).get()
    want = np.unique(x)
    assert np.array_equal(got.view(np.float64), want.view(np.float64),
                          equal_nan=True)
    g2, w2 = gp.unique(gp.asarray(x), return_index=True), \
        np.unique(x, return_index=True)
    assert np.array_equal(g2[0].get().view(np.float64),
                          w2[0].view(np.float64), equal_nan=True)
    assert np.array_equal(g2[1].get(), w2[1])
