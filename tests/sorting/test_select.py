"""partition / argpartition by radix select, and median / quantile /
percentile on it (Note [Radix select] in gpuarray/sorting/sort.py),
against NumPy.  `select` forces the select path on short rows too."""

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.sorting import sort as _sort


@pytest.fixture(params=["select", "default"])
def mode(request, monkeypatch):
    if request.param == "select":
        monkeypatch.setattr(_sort, "_SELECT_MIN", 1)
    return request.param


DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32,
          np.uint32, np.int64, np.uint64, np.float16, np.float32, np.float64]


def _data(dt, shape, rng, kind="random"):
    n = int(np.prod(shape))
    if kind == "equal":
        a = np.full(n, 3)
    elif kind == "ties":
        a = rng.integers(0, 4, n)
    else:
        a = rng.standard_normal(n) * 1000
    if np.dtype(dt).kind == "f":
        a = a.astype(dt)
        if kind == "random" and n > 8:
            a[::7] = np.nan
            a[1::11] = np.inf
            a[2::13] = -np.inf
            a[3::5] = -0.0
            a[4::9] = 0.0
    elif dt is np.bool_:
        a = a > 0
    else:
        a = a.astype(np.int64).astype(dt)
    return a.reshape(shape)


def _check_partition(a, kth, axis, p, idx=None):
    """NumPy's contract: p[k] is np.sort(a)[k], everything before is <=,
    everything after >= (NaN last), p is a permutation of each line."""
    s = np.sort(a, axis=axis)
    pm = np.moveaxis(p, axis, -1)
    sm = np.moveaxis(s, axis, -1)
    n = pm.shape[-1]
    if idx is not None:
        np.testing.assert_array_equal(
            np.take_along_axis(a, idx, axis), p)
    np.testing.assert_array_equal(np.sort(pm, axis=-1), sm)
    for k in np.atleast_1d(kth):
        k = int(k) % n
        np.testing.assert_array_equal(pm[..., k], sm[..., k])
        kv = pm[..., k:k + 1]
        if a.dtype.kind == "f":
            # nan sorts last: a nan kth value has only nans after it
            lo_ok = (pm[..., :k] <= kv) | np.isnan(kv)
            hi_ok = (pm[..., k + 1:] >= kv) | np.isnan(pm[..., k + 1:])
            assert not np.isnan(pm[..., :k][~np.isnan(kv[..., 0])]).any()
        else:
            lo_ok = pm[..., :k] <= kv
            hi_ok = pm[..., k + 1:] >= kv
        assert lo_ok.all() and hi_ok.all()


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("kind", ["random", "ties", "equal"])
def test_partition_dtypes(dt, kind, mode):
    rng = np.random.default_rng(1)
    a = _data(dt, (3, 301), rng, kind)
    d = gp.asarray(a)
    for k in (0, 1, 150, 299, 300, -1, -301):
        p = gp.partition(d, k).get()
        assert p.dtype == a.dtype
        _check_partition(a, k, -1, p)
        i = gp.argpartition(d, k).get()
        assert i.dtype == np.intp
        _check_partition(a, k, -1, np.take_along_axis(a, i, -1), i)


@pytest.mark.parametrize("n", [1, 2, 3, 255, 256, 257, 3839, 3840, 3841,
                               4095, 4096, 4097, 16383, 16384, 16385,
                               65535, 65536, 65537, 200003])
def test_partition_lengths(n):
    rng = np.random.default_rng(n)
    for dt in (np.float32, np.int64):
        a = _data(dt, (n,), rng)
        d = gp.asarray(a)
        for k in sorted({0, n // 3, n - 1}):
            p = gp.partition(d, k).get()
            _check_partition(a, k, 0, p)
            i = gp.argpartition(d, k).get()
            _check_partition(a, k, 0, a[i], i)
        # the kth values alone (one row: candidates copied out)
        for q in (0.0, 0.37, 1.0):
            _eq(gp.quantile(d, q, method="lower").get(),
                np.quantile(a, q, method="lower"))


@pytest.mark.parametrize("axis", [0, 1, 2, -1, None])
def test_partition_axes(axis, mode):
    rng = np.random.default_rng(2)
    a = _data(np.float64, (5, 6, 7), rng)
    d = gp.asarray(a)
    n = a.size if axis is None else a.shape[axis]
    ref = a.reshape(-1) if axis is None else a
    ax = 0 if axis is None else axis
    for k in (0, n // 2, -1):
        p = gp.partition(d, k, axis=axis).get()
        assert p.shape == np.partition(a, k, axis=axis).shape
        _check_partition(ref, k, ax, p)
        i = gp.argpartition(d, k, axis=axis).get()
        _check_partition(ref, k, ax, np.take_along_axis(ref, i, ax), i)


def test_partition_noncontiguous(mode):
    rng = np.random.default_rng(3)
    a = _data(np.float32, (40, 30), rng)
    d = gp.asarray(a)[::2, ::-1]
    ref = a[::2, ::-1]
    _check_partition(ref, 7, 0, gp.partition(d, 7, axis=0).get())
    _check_partition(ref, 4, 1, gp.partition(d, 4).get())


def test_partition_several_kth(mode):
    rng = np.random.default_rng(4)
    a = _data(np.int32, (2, 5000), rng)
    d = gp.asarray(a)
    kth = [3, 2500, -1]
    _check_partition(a, kth, -1, gp.partition(d, kth).get())
    i = gp.argpartition(d, kth).get()
    _check_partition(a, kth, -1, np.take_along_axis(a, i, -1), i)


def test_partition_errors(mode):
    a = np.arange(10.0)
    d = gp.asarray(a)
    for bad in (10, -11, [1, 10]):
        with pytest.raises(ValueError) as e:
            np.partition(a, bad)
        with pytest.raises(ValueError, match="out of bounds") as g:
            gp.partition(d, bad)
        assert str(g.value) == str(e.value)
        with pytest.raises(ValueError):
            gp.argpartition(d, bad)
    with pytest.raises(TypeError):
        gp.partition(d, 1.5)
    with pytest.raises(ValueError):
        gp.partition(d, True)
    with pytest.raises(ValueError):
        gp.partition(d, 1, kind="quick")
    with pytest.raises(np.exceptions.AxisError):
        gp.partition(d, 1, axis=1)


def test_top_k_through_argpartition(mode):
    # CuPy users' top-k: the k largest by argpartition of -a (or at -k)
    rng = np.random.default_rng(5)
    a = rng.standard_normal((4, 10000)).astype(np.float32)
    d = gp.asarray(a)
    k = 10
    i = gp.argpartition(d, -k, axis=1)[:, -k:].get()
    top = np.sort(np.take_along_axis(a, i, 1), axis=1)
    np.testing.assert_array_equal(top, np.sort(a, axis=1)[:, -k:])


def test_raw_select_errors():
    d = gp.asarray(np.arange(10.0))
    out = gp.empty((1,), np.float64)
    with pytest.raises(ValueError):
        gp._core._radix_select(d, 1, 10, None, None, out)
    with pytest.raises(ValueError):
        gp._core._radix_select(d, 1, 0, None, None, None)
    with pytest.raises(ValueError):
        gp._core._radix_select(d, 3, 0, None, None, out)
    with pytest.raises(ValueError):
        gp._core._radix_select(d, 1, 0, gp.empty((9,), np.float64), None,
                               None)


METHODS = ["linear", "lower", "higher", "nearest", "midpoint",
           "inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull",
           "median_unbiased", "normal_unbiased"]


def _eq(x, y):
    y = np.asarray(y)
    assert x.dtype == y.dtype, (x.dtype, y.dtype)
    np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("dt", [np.int16, np.uint32, np.int64, np.float16,
                                np.float32, np.float64, np.bool_])
@pytest.mark.parametrize("n", [4096, 4097, 20001])
def test_median_long_rows(dt, n):
    rng = np.random.default_rng(n)
    a = _data(dt, (3, n), rng, "ties" if dt is np.bool_ else "random")
    if a.dtype.kind == "f":
        a[0] = np.where(np.isnan(a[0]), 1, a[0])    # one row without nan
    d = gp.asarray(a)
    _eq(gp.median(d, axis=1).get(), np.median(a, axis=1))
    _eq(gp.median(d[0]).get(), np.median(a[0]))
    _eq(gp.median(d, axis=1, keepdims=True).get(),
        np.median(a, axis=1, keepdims=True))


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dt", [np.int32, np.float32, np.float64])
def test_quantile_methods_long_rows(method, dt):
    rng = np.random.default_rng(7)
    a = (rng.standard_normal((2, 9001)) * 100).astype(dt)
    a[1, 5] = np.nan if a.dtype.kind == "f" else a[1, 5]
    d = gp.asarray(a)
    for q in (0.0, 0.25, 0.5, 0.999, 1.0, np.float32(0.3)):
        _eq(gp.quantile(d, q, axis=1, method=method).get(),
            np.quantile(a, q, axis=1, method=method))
    _eq(gp.percentile(d[0], 37.5, method=method).get(),
        np.percentile(a[0], 37.5, method=method))
    # more than two order statistics: the sort path, same answers
    _eq(gp.quantile(d, [0.1, 0.5, 0.9], axis=1, method=method).get(),
        np.quantile(a, [0.1, 0.5, 0.9], axis=1, method=method))


def test_quantile_out_and_axis0():
    rng = np.random.default_rng(8)
    a = rng.standard_normal((6000, 3))
    d = gp.asarray(a)
    out = gp.empty((3,), np.float64)
    r = gp.percentile(d, 90, axis=0, out=out)
    assert r is out
    _eq(out.get(), np.percentile(a, 90, axis=0))


@pytest.mark.parametrize("fn,scale", [("quantile", 1), ("percentile", 100),
                                      ("nanquantile", 1),
                                      ("nanpercentile", 100)])
def test_quantile_q_of_up_to_two_dims(fn, scale):
    # NumPy refuses q of more than 2 dimensions (ValueError), 2-d q works
    a = np.random.default_rng(3).standard_normal((4, 3, 2))
    q = np.array([[0.1, 0.5, 0.9], [0.2, 0.3, 1.0]]) * scale
    d = gp.asarray(a)
    for axis in (None, -1):
        _eq(getattr(gp, fn)(d, gp.asarray(q), axis=axis).get(),
            getattr(np, fn)(a, q, axis=axis))
        for qq in (q[None], gp.asarray(q[None])):
            with pytest.raises(ValueError, match="scalar or 1d"):
                getattr(np, fn)(a, q[None], axis=axis)
            with pytest.raises(ValueError, match="scalar or 1d"):
                getattr(gp, fn)(d, qq, axis=axis)
