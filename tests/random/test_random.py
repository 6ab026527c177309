"""gpuarray.random: shapes and dtypes as NumPy's, reproducibility per
seed, distinct numbers from call to call, distribution moments and
ranges (bounds at several standard errors, so a wrong distribution fails
and a right one passes every time: the seeds are fixed), and NumPy's
exceptions for bad arguments."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_check, nvrtc_or_skip, outcome, raised
from gpuarray.testing.parity import public_exception


def same_error(got, want):
    """outcome() records: True when NumPy raised, and then gpuarray raised
    the same type with the same message; False when neither raised."""
    if raised(want) is None:
        assert raised(got) is None, raised(got)
        return False
    assert type(raised(got)) is type(raised(want)), (raised(got),
                                                     raised(want))
    assert str(raised(got)) == str(raised(want))
    return True


N = 200_000


def moments_ok(x, mean, var, k=6.0):
    """Sample mean and variance within k standard errors (normal approx.;
    the variance's error uses the fourth moment bound 3 var^2)."""
    n = x.size
    assert abs(x.mean() - mean) < k * np.sqrt(var / n), (x.mean(), mean)
    assert abs(x.var() - var) < k * np.sqrt(3 * var * var / n), (x.var(), var)


def test_shapes_and_dtypes_match_numpy():
    g, r = gp.random.default_rng(0), np.random.default_rng(0)
    for size in [None, 5, (2, 3), (0, 4)]:
        for name, args in [("random", ()), ("standard_normal", ()),
                           ("standard_exponential", ()),
                           ("integers", (0, 10)), ("uniform", (1, 2)),
                           ("normal", (0, 2)), ("exponential", (3,))]:
            got = getattr(g, name)(*args, size=size)
            want = np.asarray(getattr(r, name)(*args, size=size))
            assert isinstance(got, gp.ndarray)
            assert got.shape == want.shape and got.dtype == want.dtype, name
    for dt in (np.float32, np.float64):
        assert g.random(3, dtype=dt).dtype == dt
        assert g.standard_normal(3, dtype=dt).dtype == dt
    for dt in (np.int8, np.uint16, np.int32, np.uint64, np.bool_):
        assert g.integers(0, 2, 4, dtype=dt).dtype == dt
    assert gp.random.rand(2, 3).shape == (2, 3)
    assert gp.random.randn().shape == ()
    assert (gp.random.randint(5, size=4).dtype ==
            np.random.randint(5, size=4).dtype)


def test_reproducible_and_advancing():
    a = gp.random.default_rng(42).random(1000).get()
    b = gp.random.default_rng(42).random(1000).get()
    c = gp.random.default_rng(43).random(1000).get()
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    g = gp.random.default_rng(42)
    first, second = g.random(500).get(), g.random(500).get()
    np.testing.assert_array_equal(np.concatenate([first, second]), a)
    gp.random.seed(7)
    x = gp.random.rand(10).get()
    gp.random.seed(7)
    np.testing.assert_array_equal(gp.random.rand(10).get(), x)
    assert len(np.unique(a)) == a.size


@pytest.mark.parametrize("dt", [np.float64, np.float32])
def test_uniform_normal_exponential_moments(dt):
    g = gp.random.default_rng(1)
    u = g.random(N, dtype=dt).get().astype(np.float64)
    assert u.min() >= 0 and u.max() < 1
    moments_ok(u, 0.5, 1 / 12)
    hist = np.histogram(u, bins=10, range=(0, 1))[0]
    assert (abs(hist - N / 10) < 6 * np.sqrt(N / 10)).all(), hist
    z = g.standard_normal(N, dtype=dt).get().astype(np.float64)
    moments_ok(z, 0.0, 1.0)
    assert abs((np.abs(z) < 1).mean() - 0.6826894921) < 0.01
    e = g.standard_exponential(N, dtype=dt).get().astype(np.float64)
    assert e.min() >= 0
    moments_ok(e, 1.0, 1.0)


def test_affine_forms_and_broadcasting():
    g = gp.random.default_rng(2)
    moments_ok(g.uniform(-2, 4, N).get(), 1.0, 36 / 12)
    moments_ok(g.normal(3, 2, N).get(), 3.0, 4.0)
    moments_ok(g.exponential(0.5, N).get(), 0.5, 0.25)
    lo = gp.asarray(np.array([0.0, 10.0, 100.0]))
    u = g.uniform(lo, lo + 1, size=(N // 10, 3)).get()
    for j, base in enumerate([0, 10, 100]):
        assert (u[:, j] >= base).all() and (u[:, j] < base + 1).all()
    n = g.normal(gp.asarray(np.array([-5.0, 5.0])), 1.0).get()
    assert n.shape == (2,) and n[0] < 0 < n[1]


@pytest.mark.parametrize("lo,hi,dt", [(0, 10, np.int64), (-3, 4, np.int8),
                                      (0, 2, np.bool_), (250, 256, np.uint8),
                                      (-2**40, 2**40, np.int64)])
def test_integers_range_and_uniformity(lo, hi, dt):
    g = gp.random.default_rng(3)
    x = g.integers(lo, hi, N, dtype=dt).get().astype(np.int64)
    assert x.min() >= lo and x.max() < hi
    if hi - lo <= 16:
        counts = np.bincount(x - lo, minlength=hi - lo)
        expect = N / (hi - lo)
        assert (abs(counts - expect) < 6 * np.sqrt(expect)).all(), counts
    else:
        moments_ok(x.astype(np.float64), (lo + hi - 1) / 2,
                   ((hi - lo) ** 2 - 1) / 12)
    y = g.integers(lo, hi - 1, N, dtype=dt, endpoint=True).get()
    assert y.max() == hi - 1 or hi - lo > 16


def test_choice_permutation_shuffle():
    g = gp.random.default_rng(4)
    s = g.choice(50, 20, replace=False).get()
    assert len(np.unique(s)) == 20 and s.min() >= 0 and s.max() < 50
    pop = gp.asarray(np.arange(10) * 3)
    c = g.choice(pop, (N // 10,)).get()
    assert set(np.unique(c)) <= set(range(0, 30, 3))
    p = np.array([0.5, 0.0, 0.25, 0.25])
    w = g.choice(4, N, p=p).get()
    freq = np.bincount(w, minlength=4) / N
    assert freq[1] == 0
    assert (abs(freq - p) < 6 * np.sqrt(p * (1 - p) / N) + 1e-12).all()
    perm = g.permutation(100).get()
    np.testing.assert_array_equal(np.sort(perm), np.arange(100))
    assert not np.array_equal(perm, np.arange(100))
    m = np.arange(20).reshape(10, 2)
    a = gp.asarray(m)
    g.shuffle(a)
    h = a.get()
    np.testing.assert_array_equal(h[np.argsort(h[:, 0])], m)
    assert not np.array_equal(h, m)
    q = g.permuted(gp.asarray(m), axis=1).get()
    np.testing.assert_array_equal(np.sort(q, axis=1), m)


def test_legacy_module_functions():
    gp.random.seed(11)
    x = gp.random.random_sample((N,)).get()
    moments_ok(x, 0.5, 1 / 12)
    r = gp.random.randint(3, 9, size=N).get()
    assert r.min() == 3 and r.max() == 8
    ri = gp.random.random_integers(5, size=N).get()
    assert ri.min() == 1 and ri.max() == 5
    assert gp.random.get_random_state() is gp.random.get_random_state()
    assert gp.random.uniform(size=3).shape == (3,)


def test_bad_arguments_raise_numpys_exceptions():
    g, r = gp.random.default_rng(0), np.random.default_rng(0)
    cases = [
        (lambda m: m.integers(5, 5), ValueError),
        (lambda m: m.random(-1), ValueError),
        (lambda m: m.normal(0, -1.0), ValueError),
        (lambda m: m.random(3, dtype=np.int32), TypeError),
        (lambda m: m.choice(5, 6, replace=False), ValueError),
        (lambda m: m.choice(3, 2, p=[0.5, 0.6, -0.1]), ValueError),
        (lambda m: m.choice(3, 2, p=[0.5, 0.5]), ValueError),
        (lambda m: m.integers(0, 300, dtype=np.int8), ValueError),
    ]
    for fn, exc in cases:
        with pytest.raises(exc):
            fn(r)
        with pytest.raises(exc):
            fn(g)
    with pytest.raises(ValueError):
        gp.random.default_rng(-1)


def test_random_kernels_compile_with_nvrtc():
    from gpuarray.random import _philox
    nvrtc_or_skip()
    src = [_philox.PRELUDE]
    bodies = [(_philox.UNIFORM64, "d"), (_philox.UNIFORM32, "f"),
              (_philox.NORMAL64, "d"), (_philox.NORMAL32, "f"),
              (_philox.EXPONENTIAL64, "d"), (_philox.EXPONENTIAL32, "f")]
    for i, (body, ch) in enumerate(bodies):
        src.append(gp._core._ew_source(body, ["q", "q", "q", ch],
                                       ["q", "q", "q", ch], 3, 0, 1, False,
                                       "rng_%d" % i))
    for i, ch in enumerate("?bBhiqQ"):
        src.append(gp._core._ew_source(_philox.INTEGERS,
                                       ["q", "q", "q", "q", "q", ch],
                                       ["q", "q", "q", "q", "q", ch], 5, 0, 1,
                                       False, "ints_%d" % i))
    assert len(nvrtc_check("\n".join(src), 90)) > 1000


# --- regressions: NumPy-parity fixes ---------------------------------------

@pytest.mark.parametrize("low, high, dtype, endpoint", [
    (np.array([0, 1, -5]), np.array([[3], [20]]), np.int64, False),
    (np.array([0, 250]), 255, np.uint8, True),
    (-128, np.array([127, -127]), np.int8, True),
    (0, np.array([1, 2]), np.bool_, False),
    (np.zeros(2, np.int64), np.array([2**64 - 1, 5], np.uint64), np.uint64,
     True)])
def test_integers_array_bounds_broadcast(low, high, dtype, endpoint):
    want = np.random.default_rng(0).integers(low, high, dtype=dtype,
                                             endpoint=endpoint)
    glow = gp.asarray(low) if np.ndim(low) else low
    r = gp.random.default_rng(0).integers(
        glow, high, size=(20000,) + want.shape, dtype=dtype,
        endpoint=endpoint).get()
    assert r.dtype == want.dtype
    lo = np.broadcast_to(np.asarray(low).astype(object), r.shape)
    hi = np.broadcast_to(np.asarray(high).astype(object), r.shape)
    obj = r.astype(object)
    assert ((obj >= lo) & (obj < hi + (1 if endpoint else 0))).all()
    flat = r.reshape(20000, -1)
    # every bound reached (small spans) or the span well covered
    assert (flat.min(0) == np.asarray(lo[0]).reshape(-1)).all() or \
        dtype == np.uint64
    one = gp.random.default_rng(0).integers(glow, high, dtype=dtype,
                                            endpoint=endpoint)
    assert one.shape == want.shape


def test_integers_bound_errors():
    g, n = gp.random.default_rng(0), np.random.default_rng(0)
    for args, kw in [((0, 5), {"dtype": np.bool_}),
                     ((np.array([0, 5]), np.array([5, 5])), {}),
                     ((np.array([-1, 0]), 5), {"dtype": np.uint8}),
                     ((0, np.array([5, 300])), {"dtype": np.uint8})]:
        with pytest.raises(ValueError):
            n.integers(*args, **kw)
        with pytest.raises(ValueError):
            g.integers(*args, **kw)


@pytest.mark.parametrize("low, high", [(2.0, 1.0), (0.0, np.inf),
                                       (np.nan, 1.0),
                                       (np.array([0.0, 1.0]),
                                        np.array([2.0, 0.5]))])
def test_uniform_range_checks(low, high):
    for make in (np.random.default_rng, np.random.RandomState):
        name = make.__name__
        try:
            make(0).uniform(low, high)
            exc = None
        except (ValueError, OverflowError) as e:
            exc = type(e)
        gmake = getattr(gp.random, name)
        if exc is None:
            gmake(0).uniform(low, high)
        else:
            with pytest.raises(exc):
                gmake(0).uniform(low, high)


def test_choice_zero_d_population_and_empty_sample():
    g = gp.random.default_rng(0)
    assert g.choice(0, 0).shape == (0,)
    assert g.choice(np.array(5), 3).shape == (3,)
    assert g.choice(gp.asarray(5), 3).get().max() < 5
    with pytest.raises(ValueError):
        np.random.default_rng(0).choice(5.0)
    with pytest.raises(ValueError):
        g.choice(5.0)


def test_legacy_negative_binomial_p_zero_and_tomaxint():
    # legacy RandomState accepts p = 0 (NumPy gives meaningless values)
    np.random.RandomState(0).negative_binomial(10, 0.0, 3)
    assert gp.random.RandomState(0).negative_binomial(10, 0.0, 3).shape == \
        (3,)
    r = gp.random.RandomState(0).tomaxint(5)
    want = np.random.RandomState(0).tomaxint(5)
    assert r.dtype == want.dtype and r.shape == want.shape
    assert (r.get() >= 0).all()


@pytest.mark.parametrize("method, args", [
    ("normal", (np.array([0.0, 10.0]), 1.0)),
    ("normal", (0.0, np.array([1.0, 2.0]))),
    ("uniform", (np.array([0.0, 1.0]), 2.0)),
    ("uniform", ([0.0, 1.0], [2.0, 3.0])),
    ("exponential", (np.array([1.0, 2.0]),))])
def test_array_like_parameters(method, args):
    # NumPy arrays and lists as parameters, as numpy.random takes them
    want = getattr(np.random.default_rng(0), method)(*args)
    got = getattr(gp.random.default_rng(0), method)(*args)
    assert got.shape == want.shape and got.dtype == want.dtype


# --- device-array bounds (issue 22): validated on the device (one
# reduction, one sync), never copied to the host; the suite runs with
# strict __array__, so a host conversion would raise here.

DEVICE_INT_BOUNDS = [
    (np.array([0, 1, -5]), np.array([[3], [20]]), np.int64, False),
    (np.array([0, 250]), 255, np.uint8, True),
    (-128, np.array([127, -127]), np.int8, True),
    (0, np.array([1, 2]), np.bool_, False),
    (np.zeros(2, np.int64), np.array([2**64 - 1, 5], np.uint64), np.uint64,
     True),
    (np.array([-2**63, 0]), np.array([2**63 - 1, 1]), np.int64, True),
    (np.array([-3, 7]), np.array([2**63, 9], np.uint64), np.int64, False),
    (np.array([5, 0], np.uint16), np.array([6, 65535], np.uint16),
     np.uint16, True),
]


@pytest.mark.parametrize("low, high, dtype, endpoint", DEVICE_INT_BOUNDS)
@pytest.mark.parametrize("on_device", ["low", "high", "both"])
def test_integers_device_bounds_match_host_bounds(low, high, dtype,
                                                  endpoint, on_device):
    """The same stream as with host bounds (the same span arithmetic),
    bit for bit, and NumPy's shape and dtype."""
    def dev(v, which):
        return gp.asarray(v) if np.ndim(v) and on_device in (which, "both") \
            else v
    want = np.random.default_rng(0).integers(low, high, dtype=dtype,
                                             endpoint=endpoint)
    host = gp.random.default_rng(7).integers(low, high, size=(50,) +
                                             want.shape, dtype=dtype,
                                             endpoint=endpoint)
    got = gp.random.default_rng(7).integers(dev(low, "low"),
                                            dev(high, "high"),
                                            size=(50,) + want.shape,
                                            dtype=dtype, endpoint=endpoint)
    assert got.dtype == want.dtype == host.dtype
    np.testing.assert_array_equal(got.get(), host.get())


@pytest.mark.parametrize("low, high, kw", [
    (np.array([0, 5]), np.array([5, 5]), {}),
    (np.array([0, 6]), np.array([5, 5]), {"endpoint": True}),
    (np.array([-1, 0]), 5, {"dtype": np.uint8}),
    (0, np.array([5, 300]), {"dtype": np.uint8}),
    (0, np.array([5, 256]), {"dtype": np.uint8}),
    (0, np.array([5, 255]), {"dtype": np.uint8, "endpoint": True}),
    (np.array([3, 2**62]), np.array([4, 2**63 + 5], np.uint64),
     {"endpoint": True}),
    (np.array([10]), np.array([2**64 - 1], np.uint64),
     {"dtype": np.int64}),
    (np.array([2**63 - 1]), np.array([5], np.uint64), {}),
    (np.array([0, 1]), np.array([1, 1]), {"dtype": np.bool_}),
])
def test_integers_device_bound_errors(low, high, kw):
    """NumPy's exception type (and message) for device bounds."""
    n = np.random.default_rng(0)
    g = gp.random.default_rng(0)
    want = outcome(n.integers, low, high, **kw)
    got = outcome(g.integers, gp.asarray(low) if np.ndim(low) else low,
                  gp.asarray(high), **kw)
    if not same_error(got, want):
        assert got.dtype == want.dtype and got.shape == want.shape


@pytest.mark.parametrize("high", ["bogus", "7", b"9", ["3", "4", "5"],
                                  np.array([3, 4, 5], object)])
def test_integers_host_text_bound_with_device_low(high):
    """A host str/bytes/object bound beside a device one is cast to int64
    as NumPy casts it ('7' is 7, 'bogus' NumPy's ValueError)."""
    low = np.zeros(3)
    want = outcome(np.random.default_rng(0).integers, low, high)
    got = outcome(gp.random.default_rng(0).integers, gp.asarray(low), high)
    if same_error(got, want):
        return
    assert got.dtype == want.dtype and got.shape == want.shape
    hi = np.broadcast_to(np.asarray(high).astype(np.int64), (3,))
    assert ((got.get() >= 0) & (got.get() < hi)).all()


@pytest.mark.parametrize("low, high", [
    (np.array([0.0, 1.0]), np.array([2.0, 0.5])),
    (np.array([0.0, 1.0]), np.array([2.0, np.inf])),
    (np.array([np.nan, 1.0]), np.array([2.0, 3.0])),
    (np.array(2.0), np.array(1.0)), (np.array(0.0), np.array(np.inf)),
    (np.array([-1e308]), np.array([1e308])),
    (np.array([0.0, 1.0], np.float32), np.array([2.0, 3.0], np.float32))])
@pytest.mark.parametrize("legacy", [False, True])
@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
def test_uniform_device_bounds_checked_on_the_device(low, high, legacy):
    make = np.random.RandomState if legacy else np.random.default_rng
    gmake = gp.random.RandomState if legacy else gp.random.default_rng
    want = outcome(make(0).uniform, low, high)
    got = outcome(gmake(0).uniform, gp.asarray(low), gp.asarray(high))
    if same_error(got, want):
        return
    # (NumPy returns a Python float for 0-d bounds, gpuarray a 0-d array)
    assert got.shape == np.shape(want)
    assert got.dtype == np.asarray(want).dtype
    h = got.get()
    if not legacy:
        assert ((h >= np.minimum(low, high)) & (h <= np.maximum(low, high))
                ).all()


@pytest.mark.parametrize("method", ["normal", "exponential"])
@pytest.mark.parametrize("scale", [np.array([1.0, -0.5]), np.array(-2.0),
                                   np.array([0.0, np.nan, 3.0])])
def test_scale_checked_on_the_device(method, scale):
    args = (0.0, scale) if method == "normal" else (scale,)
    gargs = (0.0, gp.asarray(scale)) if method == "normal" else \
        (gp.asarray(scale),)
    want = outcome(getattr(np.random.default_rng(0), method), *args)
    got = outcome(getattr(gp.random.default_rng(0), method), *gargs)
    if same_error(got, want):
        return
    assert got.shape == np.shape(want)
    assert got.dtype == np.asarray(want).dtype


@pytest.mark.parametrize("call", [
    lambda g, lo, hi: g.integers(lo, hi),
    lambda g, lo, hi: g.integers(lo, hi, endpoint=True, dtype=np.int16),
    lambda g, lo, hi: g.uniform(lo.astype(np.float64), hi),
    lambda g, lo, hi: g.normal(lo, hi.astype(np.float32)),
    lambda g, lo, hi: g.exponential(hi)])
def test_device_bounds_cost_one_sync(call):
    """One device-to-host copy (a sync on a GPU) validates the bounds."""
    lo = gp.asarray(np.array([0, 5, -3]))
    hi = gp.asarray(np.array([10, 50, 7]))
    call(gp.random.default_rng(1), lo, hi)     # compiled first
    n0 = gp._core._d2h_count()
    call(gp.random.default_rng(1), lo, hi)
    assert gp._core._d2h_count() - n0 == 1


# NumPy's argument checks of the Generator methods, both ways: each case
# is called with NumPy's Generator and arrays and with gpuarray's; both
# raise the same public exception type, or both return (then the shape
# and dtype agree).  The checks are general ones (_common.real for every
# real parameter, _common.check_out for out=, _common._shape for size).
_X34 = np.zeros((3, 4))
GENERATOR_ARGUMENT_CASES = {
    # real parameters: None and text are no real numbers, unsafe casts
    "gamma_none": lambda r, xp: r.gamma(None),
    "chisquare_none": lambda r, xp: r.chisquare(None),
    "poisson_none": lambda r, xp: r.poisson(None),
    "triangular_mode_none": lambda r, xp: r.triangular(0, None, 1),
    "normal_scale_text": lambda r, xp: r.normal(0, "bogus"),
    "normal_loc_none": lambda r, xp: r.normal(None),
    "uniform_number_text": lambda r, xp: r.uniform(0, "1.5"),
    "exponential_list_none": lambda r, xp: r.exponential([1.0, None]),
    "gamma_list_text": lambda r, xp: r.gamma([1.0, "2"]),
    "gamma_object_array": lambda r, xp: r.gamma(
        np.array([None, 1.0], dtype=object)),
    "gamma_complex_array": lambda r, xp: r.gamma(xp.asarray([1 + 1j])),
    "normal_complex_array": lambda r, xp: r.normal(xp.asarray([1 + 1j])),
    "gamma_dict": lambda r, xp: r.gamma({}),
    "gamma_0d_int": lambda r, xp: r.gamma(xp.asarray(2)),
    # out=
    "random_out_list": lambda r, xp: r.random(out=[0.0]),
    "random_out_npscalar": lambda r, xp: r.random(out=np.float64(0)),
    "random_out_int8": lambda r, xp: r.random(out=xp.zeros(3, np.int8)),
    "random_out_0d_int": lambda r, xp: r.random(
        out=xp.zeros((), np.int64)),
    "random_out_f32_default": lambda r, xp: r.random(
        out=xp.zeros(3, np.float32)),
    "random_out_f32": lambda r, xp: r.random(
        dtype=np.float32, out=xp.zeros(3, np.float32)),
    "random_out_size_mismatch": lambda r, xp: r.random(
        5, out=xp.zeros(4)),
    "random_out_size": lambda r, xp: r.random((3, 4), out=xp.zeros((3, 4))),
    "random_out_fortran": lambda r, xp: r.random(out=xp.asarray(_X34).T),
    "random_out_strided": lambda r, xp: r.random(
        out=xp.asarray(_X34)[:, ::2]),
    "normal_out_shape": lambda r, xp: r.standard_normal(
        out=xp.zeros((2, 5))),
    "exponential_out_int8": lambda r, xp: r.standard_exponential(
        out=xp.zeros(3, np.int8)),
    "gamma_out_list": lambda r, xp: r.standard_gamma(1.0, out=[0.0]),
    "gamma_out_fortran": lambda r, xp: r.standard_gamma(
        1.0, out=xp.asarray(_X34).T),
    "gamma_out_broadcast": lambda r, xp: r.standard_gamma(
        xp.ones(3), out=xp.zeros((4, 3))),
    "gamma_out_mismatch": lambda r, xp: r.standard_gamma(
        xp.ones(3), out=xp.zeros(12)),
    # size=
    "size_bool": lambda r, xp: r.standard_cauchy(size=True),
    "size_npbool": lambda r, xp: r.random(np.True_),
    "size_bool_in_tuple": lambda r, xp: r.random((True, 2)),
    "size_float": lambda r, xp: r.random(2.0),
    "size_0d_array": lambda r, xp: r.random(np.array(2)),
    "choice_size_text": lambda r, xp: r.choice(5, size="a"),
    # choice p=, dirichlet alpha: NumPy takes their len()
    "choice_p_float": lambda r, xp: r.choice(5, p=0.5),
    "choice_p_int": lambda r, xp: r.choice(5, p=-3),
    "choice_p_0d": lambda r, xp: r.choice(5, p=xp.asarray(0.5)),
    "choice_p_2d": lambda r, xp: r.choice(5, p=xp.ones((5, 1)) / 5),
    "choice_p_short": lambda r, xp: r.choice(5, p=[0.5, 0.5]),
    "dirichlet_int": lambda r, xp: r.dirichlet(3),
    "dirichlet_none": lambda r, xp: r.dirichlet(None),
    "dirichlet_0d": lambda r, xp: r.dirichlet(xp.asarray(3.0)),
    "dirichlet_bool": lambda r, xp: r.dirichlet(True),
    # one axis for permutation / permuted; permuted's out=
    "permutation_axis_tuple": lambda r, xp: r.permutation(
        xp.arange(4.0), axis=(0,)),
    "permutation_axis_empty": lambda r, xp: r.permutation(
        xp.arange(4.0), axis=()),
    "permutation_axis_huge": lambda r, xp: r.permutation(
        xp.arange(4.0), axis=2 ** 70),
    "permutation_axis_big": lambda r, xp: r.permutation(
        xp.arange(4.0), axis=1),
    "permuted_axis_tuple": lambda r, xp: r.permuted(
        xp.arange(4.0), axis=(0,)),
    "permuted_axis_neg": lambda r, xp: r.permuted(
        xp.arange(6.0).reshape(2, 3), axis=-1),
    "permuted_0d": lambda r, xp: r.permuted(xp.asarray(5.0)),
    "permuted_scalar": lambda r, xp: r.permuted(np.int8(3)),
    "permuted_0d_axis": lambda r, xp: r.permuted(xp.asarray(5.0), axis=0),
    "permuted_out_int8": lambda r, xp: r.permuted(
        xp.arange(3.0), out=xp.zeros(3, np.int8)),
    "permuted_out_upcast": lambda r, xp: r.permuted(
        xp.arange(3), out=xp.zeros(3)),
    "permuted_out_list": lambda r, xp: r.permuted(
        xp.arange(3.0), out=[0.0, 0.0, 0.0]),
    "permuted_out_shape": lambda r, xp: r.permuted(
        xp.arange(3.0), out=xp.zeros(4)),
}


@pytest.mark.parametrize("case", sorted(GENERATOR_ARGUMENT_CASES))
def test_generator_argument_checks_match_numpy(case):
    fn = GENERATOR_ARGUMENT_CASES[case]
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = outcome(fn, np.random.default_rng(0), np)
        got = outcome(fn, gp.random.default_rng(0), gp)
    we, ge = raised(want), raised(got)
    if we is not None or ge is not None:
        assert we is not None and ge is not None, (got, want)
        assert isinstance(ge, public_exception(type(we))), (got, want)
        assert str(ge), got      # a message naming the problem
        return
    assert isinstance(got, gp.ndarray), type(got)
    assert got.shape == np.shape(want) and \
        got.dtype == np.asarray(want).dtype, (got.shape, got.dtype)


def test_out_is_filled_with_its_own_shape():
    """out= without size draws out.shape values (not one broadcast)."""
    g = gp.random.default_rng(5)
    for method, args in (("random", ()), ("standard_normal", ()),
                         ("standard_exponential", ()),
                         ("standard_gamma", (2.0,))):
        out = gp.zeros(50)
        r = getattr(g, method)(*args, out=out)
        assert r is out
        assert len(np.unique(out.get())) == 50, method
