"""gpuarray.random's distributions against NumPy's: shapes, dtypes and
size/broadcast rules, NumPy's ValueError messages, reproducibility per
seed, and statistical correctness -- exact means and variances within a
few standard errors, a two-sample Kolmogorov-Smirnov test against
NumPy's sampler (continuous) and a two-sample chi-square test on the
histogram (discrete).  The seeds are fixed, so every run draws the same
numbers: a wrong distribution fails, a right one passes every time."""
import math
import re

import numpy as np
import pytest

import gpuarray as gp

N = 200_000
EULER = 0.5772156649015329


def host(x):
    return x.get() if hasattr(x, "get") else np.asarray(x)


def moments_ok(x, mean, var, k=5.0):
    """Sample mean and variance within k standard errors (the variance's
    from the sample's fourth central moment)."""
    x = np.asarray(x, np.float64)
    n = x.size
    m, v = x.mean(), x.var()
    m4 = ((x - m) ** 4).mean()
    assert abs(m - mean) < k * math.sqrt(var / n), (m, mean)
    if var is not None:
        assert abs(v - var) < k * math.sqrt(max(m4 - v * v, 1e-300) / n) \
            + 1e-12, (v, var)


def ks_ok(x, y, c=1.63):
    """Two-sample KS statistic below c * sqrt((n + m) / (n m)) (c = 1.63:
    the 1% critical value)."""
    x, y = np.sort(np.ravel(x)), np.sort(np.ravel(y))
    grid = np.concatenate([x, y])
    d = np.abs(np.searchsorted(x, grid, "right") / x.size -
               np.searchsorted(y, grid, "right") / y.size).max()
    bound = c * math.sqrt((x.size + y.size) / (x.size * y.size))
    assert d < bound, (d, bound)


def chi2_ok(x, y, min_count=20):
    """Two-sample chi-square homogeneity on the value counts (rare values
    pooled into one bin), below df + 5 sqrt(2 df): about p = 1e-4."""
    x, y = np.ravel(x).astype(np.int64), np.ravel(y).astype(np.int64)
    vals = np.union1d(x, y)
    cx = np.array([np.count_nonzero(x == v) for v in vals]) \
        if vals.size < 50 else None
    if cx is None:
        lo = min(x.min(), y.min())
        cx = np.bincount(x - lo)
        cy = np.bincount(y - lo, minlength=cx.size)
        cx = np.pad(cx, (0, cy.size - cx.size))
    else:
        cy = np.array([np.count_nonzero(y == v) for v in vals])
    big = (cx + cy) >= min_count
    cx = np.append(cx[big], cx[~big].sum())
    cy = np.append(cy[big], cy[~big].sum())
    keep = (cx + cy) > 0
    cx, cy = cx[keep].astype(float), cy[keep].astype(float)
    nx, ny = cx.sum(), cy.sum()
    stat = (((cx * math.sqrt(ny / nx) - cy * math.sqrt(nx / ny)) ** 2) /
            (cx + cy)).sum()
    df = cx.size - 1
    assert df >= 1
    assert stat < df + 5 * math.sqrt(2 * df), (stat, df)


def _zeta(s, terms=200000):
    k = np.arange(1, terms, dtype=np.float64)
    return (k ** -s).sum() + terms ** (1 - s) / (s - 1)


def _wg(a, k):
    return math.gamma(1 + k / a)


# name, args, exact mean, exact variance (None: not checked)
CONTINUOUS = [
    ("beta", (2.0, 3.0), 0.4, 0.04),
    ("beta", (0.5, 0.5), 0.5, 0.125),
    ("beta", (1e-3, 1e-3), 0.5, 1e-6 / (4e-6 * 1.002)),
    ("chisquare", (3.0,), 3.0, 6.0),
    ("f", (3.0, 10.0), 1.25, 2200 / 1152),
    ("gamma", (2.5, 2.0), 5.0, 10.0),
    ("gamma", (0.3,), 0.3, 0.3),
    ("standard_gamma", (7.0,), 7.0, 7.0),
    ("gumbel", (1.0, 2.0), 1 + 2 * EULER, math.pi ** 2 / 6 * 4),
    ("laplace", (0.0, 2.0), 0.0, 8.0),
    ("logistic", (1.0, 2.0), 1.0, 4 * math.pi ** 2 / 3),
    ("lognormal", (0.0, 0.5), math.exp(0.125),
     (math.exp(0.25) - 1) * math.exp(0.25)),
    ("noncentral_chisquare", (3.0, 2.0), 5.0, 14.0),
    ("noncentral_chisquare", (0.5, 2.0), 2.5, 9.0),
    ("noncentral_f", (3.0, 10.0, 2.0), 50 / 24,
     2 * (100 / 9) * (25 + 7 * 8) / (64 * 6)),
    ("pareto", (5.0,), 0.25, 5 / 48),
    ("power", (2.0,), 2 / 3, 2 / 36),
    ("rayleigh", (2.0,), 2 * math.sqrt(math.pi / 2), (4 - math.pi) / 2 * 4),
    ("standard_cauchy", (), None, None),
    ("standard_t", (10.0,), 0.0, 1.25),
    ("triangular", (0.0, 1.0, 3.0), 4 / 3, 7 / 18),
    ("vonmises", (0.5, 2.0), None, None),
    ("vonmises", (0.0, 1e-9), 0.0, math.pi ** 2 / 3),
    ("vonmises", (0.0, 1e7), 0.0, 1e-7),
    ("wald", (1.0, 2.0), 1.0, 0.5),
    ("weibull", (1.5,), _wg(1.5, 1), _wg(1.5, 2) - _wg(1.5, 1) ** 2),
]

_lp = 0.7
_lq = math.log(1 - _lp)
DISCRETE = [
    ("binomial", (10, 0.3), 3.0, 2.1),
    ("binomial", (1000, 0.4), 400.0, 240.0),
    ("binomial", (100, 0.95), 95.0, 4.75),
    ("binomial", (5, 0.97), 4.85, 5 * 0.97 * 0.03),
    ("poisson", (3.0,), 3.0, 3.0),
    ("poisson", (50.0,), 50.0, 50.0),
    ("poisson", (12.5,), 12.5, 12.5),
    ("geometric", (0.2,), 5.0, 20.0),
    ("geometric", (0.9,), 1 / 0.9, 0.1 / 0.81),
    ("negative_binomial", (3, 0.4), 4.5, 11.25),
    ("negative_binomial", (0.5, 0.7), 0.5 * 0.3 / 0.7, 0.5 * 0.3 / 0.49),
    ("hypergeometric", (10, 20, 5), 5 / 3, 5 * (1 / 3) * (2 / 3) * 25 / 29),
    ("hypergeometric", (100, 200, 50), 50 / 3,
     50 * (1 / 3) * (2 / 3) * 250 / 299),
    ("hypergeometric", (200, 100, 280), 280 * 2 / 3,
     280 * (2 / 3) * (1 / 3) * 20 / 299),
    ("hypergeometric", (5, 1000, 998), 998 * 5 / 1005,
     998 * (5 / 1005) * (1000 / 1005) * 7 / 1004),
    ("hypergeometric", (15, 4, 12), 12 * 15 / 19,
     12 * (15 / 19) * (4 / 19) * 7 / 18),
    ("zipf", (2.5,), _zeta(1.5) / _zeta(2.5), None),
    ("zipf", (4.5,), _zeta(3.5) / _zeta(4.5),
     _zeta(2.5) / _zeta(4.5) - (_zeta(3.5) / _zeta(4.5)) ** 2),
    ("logseries", (_lp,), -_lp / ((1 - _lp) * _lq),
     -_lp * (_lp + _lq) / ((1 - _lp) ** 2 * _lq ** 2)),
]


def _ids(cases):
    return ["%s%s" % (c[0], c[1]) for c in cases]


@pytest.mark.parametrize("name,args,mean,var", CONTINUOUS,
                         ids=_ids(CONTINUOUS))
def test_continuous_statistics(name, args, mean, var):
    x = host(getattr(gp.random.default_rng(12345), name)(*args, size=N))
    # a 4x larger reference sample: its own noise barely counts
    y = getattr(np.random.default_rng(2718), name)(*args, size=4 * N)
    assert x.dtype == np.float64 and x.shape == (N,)
    assert np.isfinite(x).all()
    if mean is not None:
        moments_ok(x, mean, var)
    ks_ok(x, y)


@pytest.mark.parametrize("name,args,mean,var", DISCRETE, ids=_ids(DISCRETE))
def test_discrete_statistics(name, args, mean, var):
    x = host(getattr(gp.random.default_rng(2024), name)(*args, size=N))
    y = getattr(np.random.default_rng(4202), name)(*args, size=4 * N)
    assert x.dtype == np.int64 and x.shape == (N,)
    if var is None:
        assert abs(np.median(x) - np.median(y)) <= 1
    else:
        moments_ok(x, mean, var)
    chi2_ok(x, y)


def test_support_bounds():
    g = gp.random.default_rng(3)
    b = host(g.binomial(7, 0.6, N))
    assert b.min() >= 0 and b.max() <= 7
    h = host(g.hypergeometric(15, 4, 12, N))
    assert h.min() >= 8 and h.max() <= 12      # 12 - 4 .. min(15, 12)
    t = host(g.triangular(-1, 0, 2, N))
    assert t.min() >= -1 and t.max() <= 2
    v = host(g.vonmises(3.0, 0.5, N))
    assert v.min() >= -math.pi and v.max() <= math.pi
    assert (host(g.beta(0.2, 0.3, N)) <= 1).all()
    assert host(g.geometric(1.0, 100)).tolist() == [1] * 100
    assert (host(g.zipf(2000.0, 100)) == 1).all()
    assert (host(g.logseries(0.0, 100)) == 1).all()
    assert (host(g.poisson(0.0, 100)) == 0).all()
    assert (host(g.binomial(9, 1.0, 100)) == 9).all()
    assert (host(g.standard_gamma(0.0, 10)) == 0).all()
    assert (host(g.weibull(0.0, 10)) == 0).all()


def test_large_parameters():
    g = gp.random.default_rng(8)
    n = 2 ** 40
    b = host(g.binomial(n, 0.25, 20000)).astype(np.float64)
    moments_ok(b, n * 0.25, n * 0.25 * 0.75)
    p = host(g.poisson(1e7, 20000)).astype(np.float64)
    moments_ok(p, 1e7, 1e7)
    s = host(g.standard_gamma(1e5, 20000))
    moments_ok(s, 1e5, 1e5)


def test_array_parameters_are_per_element():
    g = gp.random.default_rng(9)
    lam = np.array([0.5, 4.0, 30.0, 2000.0])
    x = host(g.poisson(lam, size=(N // 4, 4))).astype(np.float64)
    for j, l in enumerate(lam):
        moments_ok(x[:, j], l, l)
    n = np.array([3, 20, 500, 1000])
    p = np.array([0.9, 0.5, 0.01, 0.7])
    b = host(g.binomial(gp.asarray(n), gp.asarray(p), size=(N // 4, 4)))
    for j in range(4):
        moments_ok(b[:, j].astype(np.float64), n[j] * p[j],
                   n[j] * p[j] * (1 - p[j]))
    a = np.array([0.1, 1.0, 3.0])
    s = host(g.gamma(a, 2.0, size=(N // 3, 3)))
    for j in range(3):
        moments_ok(s[:, j], 2 * a[j], 4 * a[j])
    good, bad, ns = np.array([10, 100]), np.array([20, 200]), np.array([5, 50])
    h = host(g.hypergeometric(good, bad, ns, size=(N // 2, 2)))
    for j in range(2):
        tot = good[j] + bad[j]
        moments_ok(h[:, j].astype(np.float64), ns[j] * good[j] / tot,
                   ns[j] * good[j] / tot * bad[j] / tot *
                   (tot - ns[j]) / (tot - 1))
    k = np.array([1e-9, 0.5, 50.0, 1e7])
    v = host(g.vonmises(0.0, k, size=(N // 4, 4)))
    r = np.random.default_rng(1).vonmises(0.0, k, size=(N // 4, 4))
    for j in range(4):
        ks_ok(v[:, j], r[:, j])


SHAPE_CASES = [
    ("beta", (2.0, 3.0)), ("binomial", (10, 0.3)), ("chisquare", (2.0,)),
    ("f", (2.0, 3.0)), ("gamma", (2.0, 1.0)), ("geometric", (0.3,)),
    ("gumbel", (0.0, 1.0)), ("hypergeometric", (5, 6, 3)),
    ("laplace", (0.0, 1.0)), ("logistic", (0.0, 1.0)),
    ("lognormal", (0.0, 1.0)), ("logseries", (0.5,)),
    ("negative_binomial", (2, 0.5)), ("noncentral_chisquare", (2.0, 1.0)),
    ("noncentral_f", (2.0, 3.0, 1.0)), ("pareto", (2.0,)),
    ("poisson", (2.0,)), ("power", (2.0,)), ("rayleigh", (1.0,)),
    ("standard_cauchy", ()), ("standard_gamma", (2.0,)),
    ("standard_t", (3.0,)), ("triangular", (0.0, 1.0, 2.0)),
    ("vonmises", (0.0, 1.0)), ("wald", (1.0, 1.0)), ("weibull", (2.0,)),
    ("zipf", (2.0,)),
]


@pytest.mark.parametrize("name,args", SHAPE_CASES,
                         ids=[c[0] for c in SHAPE_CASES])
def test_shapes_dtypes_and_broadcasting(name, args):
    g, r = gp.random.default_rng(0), np.random.default_rng(0)
    for size in [None, 1, 5, (2, 3), (0, 3)]:
        got = getattr(g, name)(*args, size=size)
        want = np.asarray(getattr(r, name)(*args, size=size))
        assert isinstance(got, gp.ndarray)
        assert got.shape == want.shape and got.dtype == want.dtype, size
    if not args:
        return
    # the first parameter as a column, the last as a row: they broadcast
    col = np.full((2, 1), args[0])
    row = np.full((3,), args[-1]) if len(args) > 1 else None
    pa = [col] + list(args[1:-1]) + ([row] if row is not None else [])
    want = np.asarray(getattr(r, name)(*pa))
    for conv in (np.asarray, gp.asarray):
        got = getattr(g, name)(*[conv(p) if isinstance(p, np.ndarray) else p
                                 for p in pa])
        assert got.shape == want.shape and got.dtype == want.dtype
        got = getattr(g, name)(*[conv(p) if isinstance(p, np.ndarray) else p
                                 for p in pa], size=(4,) + want.shape)
        assert got.shape == (4,) + want.shape
    for bad_size in [(5,), (3, 2), (2, 1)]:
        if len(args) == 1 and bad_size == (2, 1):
            continue
        with pytest.raises(ValueError):
            getattr(r, name)(*pa, size=bad_size)
        with pytest.raises(ValueError):
            getattr(g, name)(*pa, size=bad_size)


def test_scalar_and_dtype_details():
    g = gp.random.default_rng(1)
    x = g.gamma(2.0)
    assert isinstance(x, gp.ndarray) and x.shape == () and x.dtype == np.float64
    k = g.poisson(3.0)
    assert k.shape == () and k.dtype == np.int64
    assert g.standard_gamma(2.0, 4, dtype=np.float32).dtype == np.float32
    out = gp.empty((3,), np.float64)
    assert g.standard_gamma(2.0, 3, out=out) is out
    assert (host(out) > 0).all()
    with pytest.raises(TypeError):
        g.standard_gamma(2.0, 3, dtype=np.int32)
    b = g.bytes(10)
    assert isinstance(b, bytes) and len(b) == 10
    assert len(set(g.bytes(4000))) > 200
    assert gp.random.bytes(3).__class__ is bytes


BAD = [
    ("beta", (0, 1)), ("beta", (1, -1)), ("binomial", (-1, 0.5)),
    ("binomial", (5, 1.1)), ("binomial", (5, np.nan)), ("chisquare", (0,)),
    ("f", (0, 1)), ("f", (1, 0)), ("gamma", (-1, 1)), ("gamma", (1, -1)),
    ("standard_gamma", (-1,)), ("geometric", (0,)), ("geometric", (1.1,)),
    ("geometric", (np.nan,)), ("gumbel", (0, -1)), ("laplace", (0, -1)),
    ("logistic", (0, -1)), ("lognormal", (0, -1)), ("logseries", (1,)),
    ("logseries", (-0.1,)), ("logseries", (np.nan,)),
    ("negative_binomial", (0, 0.5)), ("negative_binomial", (1, 1.5)),
    ("noncentral_chisquare", (0, 1)), ("noncentral_chisquare", (1, -1)),
    ("noncentral_f", (0, 1, 1)), ("noncentral_f", (1, 0, 1)),
    ("noncentral_f", (1, 1, -1)), ("pareto", (0,)), ("poisson", (-1,)),
    ("poisson", (np.nan,)), ("poisson", (1e20,)), ("power", (0,)),
    ("rayleigh", (-1,)), ("standard_t", (0,)), ("triangular", (1, 0, 2)),
    ("triangular", (0, 3, 2)), ("triangular", (1, 1, 1)),
    ("vonmises", (0, -1)), ("wald", (0, 1)), ("wald", (1, 0)),
    ("weibull", (-1,)), ("zipf", (1,)), ("zipf", (np.nan,)),
    ("hypergeometric", (-1, 5, 1)), ("hypergeometric", (5, -1, 1)),
    ("hypergeometric", (5, 5, -1)), ("hypergeometric", (1, 1, 3)),
    ("hypergeometric", (10 ** 9, 1, 1)), ("dirichlet", ([1, -1],)),
    ("multinomial", (-1, [0.5, 0.5])), ("multinomial", (5, [-0.1, 1.1])),
    ("multinomial", (5, [0.7, 0.6, 0.1])), ("multinomial", (5, 0.5)),
]


@pytest.mark.parametrize("name,args", BAD, ids=_ids(BAD))
def test_bad_parameters_raise_numpys_errors(name, args):
    for ours, theirs in [(gp.random.default_rng(0),
                          np.random.default_rng(0)),
                         (gp.random.RandomState(0),
                          np.random.RandomState(0))]:
        try:
            getattr(theirs, name)(*args)
        except (ValueError, TypeError) as e:
            want = e
        else:       # legacy RandomState accepts a few Generator rejects
            assert isinstance(theirs, np.random.RandomState)
            getattr(ours, name)(*args)
            continue
        with pytest.raises(type(want), match=re.escape(str(want))):
            getattr(ours, name)(*args)
        # array parameters are checked as well
        arr = [np.array([a, a]) if np.ndim(a) == 0 and i == 0 else a
               for i, a in enumerate(args)]
        if name not in ("dirichlet", "multinomial"):
            with pytest.raises(ValueError):
                getattr(ours, name)(*[gp.asarray(a) if isinstance(
                    a, np.ndarray) else a for a in arr])


def test_legacy_specific_checks():
    rs = gp.random.RandomState(0)
    with pytest.raises(ValueError, match="nsample < 1"):
        rs.hypergeometric(5, 5, 0)
    with pytest.raises(ValueError, match="alpha <= 0"):
        rs.dirichlet([0, 1])
    assert host(gp.random.default_rng(0).hypergeometric(5, 5, 0)) == 0
    d = host(gp.random.default_rng(0).dirichlet([0.0, 1.0], 3))
    np.testing.assert_array_equal(d, [[0, 1]] * 3)


ALL = [c[:2] for c in SHAPE_CASES] + [
    ("dirichlet", ([1.0, 2.0],)), ("multinomial", (5, [0.3, 0.7])),
    ("multivariate_normal", ([0.0, 1.0], [[1.0, 0.2], [0.2, 1.0]]))]


@pytest.mark.parametrize("name,args", ALL, ids=[c[0] for c in ALL])
def test_reproducible_per_seed(name, args):
    a = host(getattr(gp.random.default_rng(77), name)(*args, size=500))
    b = host(getattr(gp.random.default_rng(77), name)(*args, size=500))
    np.testing.assert_array_equal(a, b)
    g = gp.random.default_rng(77)
    getattr(g, name)(*args, size=500)
    c = host(getattr(g, name)(*args, size=500))
    d = host(getattr(gp.random.default_rng(78), name)(*args, size=500))
    assert not np.array_equal(a, c) and not np.array_equal(a, d)
    # legacy API and module functions: same seed, same numbers
    x = host(getattr(gp.random.RandomState(5), name)(*args, size=50))
    gp.random.seed(5)
    y = host(getattr(gp.random, name)(*args, size=50))
    np.testing.assert_array_equal(x, y)
    assert x.shape == np.shape(getattr(np.random, name)(*args, size=50))


def test_dirichlet():
    g = gp.random.default_rng(21)
    alpha = np.array([1.0, 2.0, 3.0])
    x = host(g.dirichlet(alpha, size=N))
    assert x.shape == (N, 3)
    np.testing.assert_allclose(x.sum(axis=1), 1.0, rtol=1e-12)
    a0 = alpha.sum()
    for j in range(3):
        moments_ok(x[:, j], alpha[j] / a0,
                   alpha[j] * (a0 - alpha[j]) / (a0 * a0 * (a0 + 1)))
    ks_ok(x[:, 0], np.random.default_rng(1).dirichlet(alpha, N)[:, 0])
    small = np.array([0.05, 0.02, 0.03])          # stick-breaking path
    s = host(g.dirichlet(small, size=N))
    np.testing.assert_allclose(s.sum(axis=1), 1.0, rtol=1e-12)
    assert np.isfinite(s).all()
    for j in range(3):
        moments_ok(s[:, j], small[j] / 0.1,
                   small[j] * (0.1 - small[j]) / (0.01 * 1.1))
    assert g.dirichlet(alpha, size=(2, 4)).shape == (2, 4, 3)
    assert g.dirichlet(alpha).shape == (3,)


def test_multinomial():
    g = gp.random.default_rng(22)
    p = np.array([0.2, 0.3, 0.5])
    x = host(g.multinomial(10, p, size=N))
    assert x.shape == (N, 3) and x.dtype == np.int64
    assert (x.sum(axis=1) == 10).all()
    for j in range(3):
        moments_ok(x[:, j].astype(float), 10 * p[j], 10 * p[j] * (1 - p[j]))
    chi2_ok(x[:, 1], np.random.default_rng(2).multinomial(10, p, N)[:, 1])
    big = host(g.multinomial(10 ** 6, p, size=1000))
    assert (big.sum(axis=1) == 10 ** 6).all()
    moments_ok(big[:, 0].astype(float), 2e5, 1e6 * 0.2 * 0.8)
    # NumPy's Generator broadcasting: n against pvals' leading dims
    r = np.random.default_rng(0)
    n = np.array([5, 50])
    pv = np.array([[0.5, 0.5], [0.1, 0.9]])
    for size in [None, (3, 2)]:
        got = g.multinomial(n, pv, size=size)
        assert got.shape == r.multinomial(n, pv, size=size).shape
        assert (host(got).sum(axis=-1) == n).all()
    assert g.multinomial(4, [0.5, 0.5]).shape == (2,)
    last = host(g.multinomial(8, [0.5, 0.5, 0.0], size=100))
    assert (last[:, 2] == 0).all()


def test_multivariate_normal():
    g = gp.random.default_rng(23)
    mean = np.array([1.0, -2.0, 0.5])
    cov = np.array([[2.0, 0.6, 0.2], [0.6, 1.0, -0.3], [0.2, -0.3, 0.5]])
    for method in ("svd", "cholesky", "eigh"):
        x = host(g.multivariate_normal(mean, cov, size=N, method=method))
        assert x.shape == (N, 3)
        np.testing.assert_allclose(x.mean(axis=0), mean,
                                   atol=5 * math.sqrt(2.0 / N))
        np.testing.assert_allclose(np.cov(x.T), cov, atol=0.02)
    y = np.random.default_rng(3).multivariate_normal(mean, cov, N)
    ks_ok(x[:, 1] - x[:, 2], y[:, 1] - y[:, 2])
    assert g.multivariate_normal(mean, cov).shape == (3,)
    assert g.multivariate_normal(mean, cov, size=(2, 4)).shape == (2, 4, 3)
    assert gp.random.RandomState(1).multivariate_normal(
        mean, cov, 5).shape == (5, 3)
    # a singular PSD cov: svd and eigh sample x0 == x1, as NumPy's
    singular = [[1.0, 1.0], [1.0, 1.0]]
    for method in ("svd", "eigh"):
        s = host(g.multivariate_normal([0, 0], singular, size=1000,
                                       method=method))
        np.testing.assert_allclose(s[:, 0], s[:, 1], atol=1e-6)
        assert 0.8 < s[:, 0].var() < 1.2
    with pytest.raises(np.linalg.LinAlgError):
        g.multivariate_normal([0, 0], singular, method="cholesky")
    for args, kw in [(([[0, 0]], cov), {}), (([0, 0], [1, 0]), {}),
                     (([0, 0, 0, 0], cov), {}),
                     (([0, 0, 0], cov), {"check_valid": "x"}),
                     (([0, 0, 0], cov), {"method": "qr"}),
                     (([0, 0], [[1, 2], [0, 1]]), {"check_valid": "raise"})]:
        with pytest.raises(ValueError):
            np.random.default_rng(0).multivariate_normal(*args, **kw)
        with pytest.raises(ValueError):
            g.multivariate_normal(*args, **kw)


def test_module_functions_exist_and_match_numpy_names():
    for name in ["beta", "binomial", "chisquare", "dirichlet", "f", "gamma",
                 "geometric", "gumbel", "hypergeometric", "laplace",
                 "logistic", "lognormal", "logseries", "multinomial",
                 "multivariate_normal", "negative_binomial",
                 "noncentral_chisquare", "noncentral_f", "pareto", "poisson",
                 "power", "rayleigh", "standard_cauchy", "standard_gamma",
                 "standard_t", "triangular", "vonmises", "wald", "weibull",
                 "zipf", "bytes"]:
        assert hasattr(np.random, name)
        assert callable(getattr(gp.random, name)), name
        assert name in gp.random.__all__
        assert callable(getattr(gp.random.Generator, name))
        assert callable(getattr(gp.random.RandomState, name))
    gp.random.seed(3)
    x = host(gp.random.poisson(4.0, N)).astype(float)
    moments_ok(x, 4.0, 4.0)


@pytest.mark.parametrize("method", ["marginals", "count"])
def test_multivariate_hypergeometric(method):
    colors, k = np.array([30, 50, 0, 20]), 40
    g = gp.random.default_rng(8)
    for size in [None, 3, (2, 2)]:
        want = np.random.default_rng(8).multivariate_hypergeometric(
            colors, k, size=size, method=method)
        got = g.multivariate_hypergeometric(colors, k, size=size,
                                            method=method)
        assert got.shape == want.shape and got.dtype == want.dtype
        x = host(got)
        assert (x.sum(-1) == k).all() and (x >= 0).all()
        assert (x <= colors).all()
    x = host(g.multivariate_hypergeometric(colors, k, size=N)).astype(float)
    total = colors.sum()
    for i, ci in enumerate(colors):   # hypergeometric marginals
        if ci == 0:
            assert (x[:, i] == 0).all()
            continue
        p = ci / total
        moments_ok(x[:, i], k * p, k * p * (1 - p) * (total - k) / (total - 1))
    for args in [([3, -1], 2), ([3, 5], 9), ([3, 5], -1), ([[3, 5]], 2)]:
        with pytest.raises(ValueError):
            np.random.default_rng(0).multivariate_hypergeometric(*args)
        with pytest.raises(ValueError):
            g.multivariate_hypergeometric(*args)
    with pytest.raises(ValueError, match="method"):
        g.multivariate_hypergeometric(colors, 2, method="other")


def test_choice_with_p_without_replacement():
    g = gp.random.default_rng(31)
    p = np.array([0.5, 0.3, 0.15, 0.05, 0.0])
    for _ in range(20):
        s = host(g.choice(5, 2, replace=False, p=p))
        assert len(set(s.tolist())) == 2 and 4 not in s
    # the first pick follows p; the pair (0, 1) in order has probability
    # 0.5 * 0.3 / 0.5 = 0.3 (successive sampling)
    for i in range(200):
        s = host(g.choice(5, 4, replace=False, p=p))
        assert sorted(s.tolist()) == [0, 1, 2, 3]
    rows = np.stack([host(g.choice(5, 2, replace=False, p=p))
                     for _ in range(400)])
    freq0 = (rows[:, 0] == 0).mean()
    assert abs(freq0 - 0.5) < 5 * math.sqrt(0.25 / 400)
    pair = ((rows[:, 0] == 0) & (rows[:, 1] == 1)).mean()
    assert abs(pair - 0.3) < 5 * math.sqrt(0.21 / 400)
    for m in (g, np.random.default_rng(0)):
        with pytest.raises(ValueError, match="Fewer non-zero entries"):
            m.choice(5, 5, replace=False, p=p)
