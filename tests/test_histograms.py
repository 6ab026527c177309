"""bincount, histogram, histogram_bin_edges and digitize against NumPy
(values, dtypes, edge rules, weights, density) and NumPy's exceptions."""
import numpy as np
import pytest

import gpuarray as gp


def same(g, r, exact=True):
    assert isinstance(g, gp.ndarray), type(g)
    r = np.asarray(r)
    assert g.shape == r.shape, (g.shape, r.shape)
    assert g.dtype == r.dtype, (g.dtype, r.dtype)
    if exact:
        np.testing.assert_array_equal(g.get(), r)
    else:
        np.testing.assert_allclose(g.get(), r, rtol=1e-12, atol=1e-12)


def test_bincount():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 9, 300)
    w = rng.standard_normal(300)
    a = gp.asarray(x)
    same(gp.bincount(a), np.bincount(x))
    same(gp.bincount(a, minlength=15), np.bincount(x, minlength=15))
    same(gp.bincount(a, weights=gp.asarray(w)), np.bincount(x, weights=w),
         exact=False)
    same(gp.bincount(gp.asarray(np.zeros(0, np.int64))),
         np.bincount(np.zeros(0, np.int64)))
    same(gp.bincount(gp.asarray(x.astype(np.uint8))),
         np.bincount(x.astype(np.uint8)))
    for bad, exc in [(np.array([1, -1]), ValueError),
                     (np.array([1.0, 2.0]), TypeError),
                     (np.zeros((2, 2), np.int64), ValueError)]:
        with pytest.raises(exc):
            np.bincount(bad)
        with pytest.raises(exc):
            gp.bincount(gp.asarray(bad))
    with pytest.raises(ValueError):
        gp.bincount(a, minlength=-1)


@pytest.mark.parametrize("dt", [np.float64, np.float32, np.int32])
def test_histogram(dt):
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(1000) * 10).astype(dt)
    x[:3] = [x.min(), x.max(), 0]            # values on the outer edges
    a = gp.asarray(x)
    for kw in [{}, {"bins": 7}, {"bins": 5, "range": (-5, 5)},
               {"bins": [-30, -1, 0, 2.5, 40]}, {"bins": 4, "density": True}]:
        gh, ge = gp.histogram(a, **kw)
        nh, ne = np.histogram(x, **kw)
        same(ge, ne, exact=False)
        same(gh, nh, exact=not kw.get("density"))
    w = rng.random(1000)
    gh, _ = gp.histogram(a, bins=6, weights=gp.asarray(w))
    nh, _ = np.histogram(x, bins=6, weights=w)
    same(gh, nh, exact=False)
    same(gp.histogram_bin_edges(a, bins=3), np.histogram_bin_edges(x, 3),
         exact=False)
    one = np.full(5, 2.0, dt)                # min == max: +-0.5
    gh, ge = gp.histogram(gp.asarray(one), bins=3)
    nh, ne = np.histogram(one, bins=3)
    same(gh, nh)
    same(ge, ne, exact=False)


def test_histogram_errors():
    a = np.arange(5.0)
    g = gp.asarray(a)
    for kw in [{"bins": 0}, {"bins": [3, 1, 2]}, {"range": (3, 1)},
               {"range": (0, np.inf)}]:
        with pytest.raises(ValueError):
            np.histogram(a, **kw)
        with pytest.raises(ValueError):
            gp.histogram(g, **kw)


@pytest.mark.parametrize("right", [False, True])
def test_digitize(right):
    x = np.array([-1.0, 0.0, 0.5, 1.0, 2.5, 3.0, 7.0])
    for bins in ([0.0, 1.0, 2.5, 4.0], [4.0, 2.5, 1.0, 0.0]):
        same(gp.digitize(gp.asarray(x), gp.asarray(np.array(bins)),
                         right=right),
             np.digitize(x, bins, right=right).astype(np.int64))
    with pytest.raises(ValueError):
        gp.digitize(gp.asarray(x), gp.asarray(np.array([0.0, 2.0, 1.0])))
    with pytest.raises(ValueError):
        np.digitize(x, [0.0, 2.0, 1.0])
