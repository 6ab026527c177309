"""bincount, histogram, histogram_bin_edges and digitize against NumPy
(values, dtypes, edge rules, weights, density) and NumPy's exceptions."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same
from conftest import nvrtc_check


def same(g, r, exact=True):
    """g: a gpuarray array of r's dtype and shape; values exact, or
    within 1e-12."""
    assert_same(g, np.asarray(r), rtol=1e-12, atol=1e-12, exact=exact,
                device=True)


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


@pytest.mark.parametrize("wdt", [np.int32, np.float32, np.complex64, np.bool_])
def test_bincount_empty_ignores_weights(wdt):
    # NumPy answers an empty x with intp zeros before reading the weights
    # (their dtype and length), CuPy's suite checks the dtype
    for n in (0, 2):
        x = np.zeros(0, np.int32)
        w = np.zeros(n, wdt)
        same(gp.bincount(gp.asarray(x), weights=gp.asarray(w), minlength=3),
             np.bincount(x, weights=w, minlength=3))


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


@pytest.mark.parametrize("bins", [
    [1.0, 3.0, 5.0, 8.0, np.nan], [np.nan] * 3, [np.nan, 8.0, 5.0, 1.0],
    [1.0, 3.0, 3.0, np.nan, np.nan], [3.0, 3.0, 3.0], [3.0, 3.0, 1.0, 1.0],
    [1.0, 1.0, np.nan], [], [np.nan, 1.0, 2.0], [1.0, 2.0, 1.0],
    [np.inf, 5.0, -np.inf],
], ids=repr)
@pytest.mark.parametrize("right", [False, True])
def test_digitize_monotonic_check_as_numpys(bins, right):
    # NumPy's direction comes from the first edge unlike bins[0]; NaN edges
    # compare false both ways and never break it (CuPy's suite has these)
    x = np.array([0, 1, 2.5, 3, 5, 8, 12, 13, np.nan, np.inf, -np.inf],
                 np.float32)
    b = np.array(bins, np.float32)
    try:
        want = np.digitize(x, b, right=right)
    except ValueError:
        with pytest.raises(ValueError, match="monoton"):
            gp.digitize(gp.asarray(x), gp.asarray(b), right=right)
        return
    same(gp.digitize(gp.asarray(x), gp.asarray(b), right=right), want)


# ------------------------------------------------- string bins= estimators

ESTIMATORS = ["auto", "fd", "doane", "scott", "stone", "rice", "sturges",
              "sqrt"]


def _inputs():
    rng = np.random.default_rng(4)
    out = []
    for n in (1, 2, 3, 10, 333, 2000):
        out.append(rng.standard_normal(n) * 3 + 1)
        out.append(rng.integers(-20, 20, n).astype(np.int16))
        out.append(rng.exponential(2, n).astype(np.float32))
    out.append(np.full(7, 2.5))                       # zero spread
    out.append(np.concatenate([rng.standard_normal(200),
                               rng.standard_normal(200) + 8]))
    out.append(rng.integers(0, 255, 300).astype(np.uint8))
    out.append(np.zeros(0))
    return out


def _warned(fn):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        r = fn()
    return r, [str(w.message) for w in rec]


@pytest.mark.filterwarnings("ignore:The number of bins")
@pytest.mark.parametrize("est", ESTIMATORS)
def test_bin_estimators(est):
    for x in _inputs():
        a = gp.asarray(x)
        for rng in (None, (-1, 2), (0.5, 0.5)):
            (ne, nw) = _warned(lambda: np.histogram_bin_edges(x, est,
                                                               range=rng))
            (ge, gw) = _warned(lambda: gp.histogram_bin_edges(a, est,
                                                               range=rng))
            same(ge, ne, exact=False)
            assert gw == nw                 # stone's "suboptimal" warning
        if x.size in (333, 2000):
            gh, ge = gp.histogram(a, est)
            nh, ne = np.histogram(x, est)
            same(ge, ne, exact=False)
            same(gh, nh)
            gh, _ = gp.histogram(a, est, range=(0, 3), density=True)
            nh, _ = np.histogram(x, est, range=(0, 3), density=True)
            same(gh, nh, exact=False)


def test_bin_estimator_errors():
    x = np.arange(6.0)
    a = gp.asarray(x)
    w = np.ones(6)
    for kw, exc in [({"bins": "bogus"}, ValueError),
                    ({"bins": "auto", "weights": w}, TypeError),
                    ({"bins": "stone", "weights": w}, TypeError),
                    ({"bins": "fd", "range": (3, 1)}, ValueError),
                    ({"bins": "fd", "range": (0, np.inf)}, ValueError)]:
        kg = dict(kw)
        if "weights" in kg:
            kg["weights"] = gp.asarray(kg["weights"])
        for np_fn, gp_fn in ((np.histogram, gp.histogram),
                             (np.histogram_bin_edges,
                              gp.histogram_bin_edges)):
            with pytest.raises(exc):
                np_fn(x, **kw)
            with pytest.raises(exc):
                gp_fn(a, **kg)
    y = x.copy()
    y[2] = np.nan                           # autodetected range not finite
    with pytest.raises(ValueError):
        np.histogram(y, "sturges")
    with pytest.raises(ValueError):
        gp.histogram(gp.asarray(y), "sturges")
    # with a finite range the nan is left out
    same(gp.histogram_bin_edges(gp.asarray(y), "sturges", range=(0, 5)),
         np.histogram_bin_edges(y, "sturges", range=(0, 5)), exact=False)


# The estimators run on the device (issue 22; bin_estimators.py): the
# count and stone's flag come back in one copy, NumPy's widths in NumPy's
# dtypes (float32/float16 data keep theirs), the branches as device
# wheres.  The suite's strict __array__ refuses any host conversion.
def _estimator_inputs():
    rng = np.random.default_rng(11)
    return [
        rng.standard_normal(5000).astype(np.float32) * 7,
        rng.standard_normal(700).astype(np.float16),
        rng.integers(-2**62, 2**62, 900),                   # wide int64
        rng.integers(0, 2**63, 900, dtype=np.uint64) * np.uint64(2),
        rng.integers(-100, 100, 50).astype(np.int8),
        rng.integers(0, 3, 5000).astype(np.int32),          # width < 1
        np.concatenate([np.zeros(3000), rng.standard_normal(40)]),  # iqr 0
        rng.exponential(1.0, 20000),         # stone: top = 141 > 100
        np.linspace(0.0, 1.0, 2000) ** 8,    # skewed: doane's g1
        np.array([1.0, 1.0, 2.0]), np.array([3.0]), np.array([2, 2], np.int16),
    ]


@pytest.mark.filterwarnings("ignore:The number of bins")
@pytest.mark.parametrize("est", ESTIMATORS)
def test_bin_estimators_on_the_device(est):
    for x in _estimator_inputs():
        a = gp.asarray(x)
        for rng in (None, (0, 0.5)):
            ne, nw = _warned(lambda: np.histogram_bin_edges(x, est,
                                                             range=rng))
            ge, gw = _warned(lambda: gp.histogram_bin_edges(a, est,
                                                             range=rng))
            assert ge.shape == ne.shape, (x.dtype, x.size, rng)
            same(ge, ne, exact=False)
            assert gw == nw


def test_stone_warns_when_the_bound_wins():
    rng = np.random.default_rng(2)      # 300 narrow spikes: top = 122
    x = np.concatenate([rng.normal(i, 0.001, 50) for i in range(300)])
    with pytest.warns(RuntimeWarning, match="suboptimal"):
        want = np.histogram_bin_edges(x, "stone")
    with pytest.warns(RuntimeWarning, match="suboptimal"):
        got = gp.histogram_bin_edges(gp.asarray(x), "stone")
    same(got, want, exact=False)


@pytest.mark.parametrize("bins", [np.array([0, 5, 3], np.uint8),
                                  np.array([0.0, 1.0, 1.0, 4.0]),
                                  np.array([3.0, 1.0]), np.array([2.0]),
                                  np.array([[0.0, 1.0]])], ids=repr)
def test_array_bins_checked_on_the_device(bins):
    """The monotonic check of array bins is a device comparison (no copy
    of the bins; unsigned bins don't wrap), NumPy's ValueError."""
    x = np.array([0.5, 1.0, 2.0, 3.5])
    for fn in ("histogram", "histogram_bin_edges"):
        try:
            want = getattr(np, fn)(x, bins)
        except ValueError:
            with pytest.raises(ValueError):
                getattr(gp, fn)(gp.asarray(x), gp.asarray(bins))
            continue
        got = getattr(gp, fn)(gp.asarray(x), gp.asarray(bins))
        if fn == "histogram":
            same(got[0], want[0])
            got, want = got[1], want[1]
        same(got, want)


@pytest.mark.parametrize("est", ESTIMATORS)
@pytest.mark.parametrize("dt", [np.float64, np.float32, np.int16])
def test_bin_estimators_cost_one_sync(est, dt):
    """The estimate is one device-to-host copy (the count, with stone's
    flag); the data's extremes (the outer edges, host values NumPy's
    linspace needs) another: two in all, whatever the estimator."""
    x = (np.random.default_rng(5).standard_normal(3000) * 40).astype(dt)
    a = gp.asarray(x)
    gp.histogram_bin_edges(a, est)              # compiled first
    n0 = gp._core._d2h_count()
    got = gp.histogram_bin_edges(a, est)
    assert gp._core._d2h_count() - n0 == 2
    same(got, np.histogram_bin_edges(x, est), exact=False)


@pytest.mark.parametrize("dt,edge_dt", [("float32", "float32"),
                                        ("float64", "float64"),
                                        ("int16", "float64"),
                                        ("uint64", "float64"),
                                        ("int64", None), ("bool", None),
                                        ("uint8", None)])
def test_shared_memory_count_kernel_compiles_with_nvrtc(dt, edge_dt):
    # the cuda path of histogram/bincount with few bins (Note [Privatized
    # bin counts]); the suite on a GPU compares its counts with NumPy's
    from conftest import nvrtc_or_skip
    from gpuarray.statistics import _bin_kernel
    nvrtc_or_skip()
    assert len(nvrtc_check(_bin_kernel.source(dt, edge_dt),
                                       90)) > 1000


@pytest.mark.parametrize("bins", [1, 10, 2048, 2049])
@pytest.mark.parametrize("dt", ["float32", "int32", "uint8"])
def test_histogram_counts_around_the_shared_memory_limit(bins, dt):
    # 2048 bins is the largest count kept in shared memory on cuda, 2049
    # takes the global-atomic loop; both must count as NumPy does
    rng = np.random.default_rng(7)
    x = (rng.standard_normal(50_000) * 40).astype(dt)
    x[::997] = x.max()   # values on the last edge count in the last bin
    h, e = gp.histogram(gp.asarray(x), bins=bins)
    hn, en = np.histogram(x, bins=bins)
    np.testing.assert_array_equal(h.get(), hn)
    np.testing.assert_allclose(e.get(), en)
    v = np.abs(x.astype(np.int64)) % bins
    np.testing.assert_array_equal(gp.bincount(gp.asarray(v)).get(),
                                  np.bincount(v))
