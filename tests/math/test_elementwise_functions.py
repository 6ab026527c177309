"""The elementwise functions that are not ufuncs in NumPy: where, clip,
around, real, imag, angle, nan_to_num, isclose, and astype (a cast
kernel) -- each against NumPy."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same_outcome, outcome


def G(a):
    return gp.asarray(a)


def test_where():
    rng = np.random.default_rng(0)
    c = rng.random((4, 5)) > 0.5
    x = rng.random((4, 5))
    y = np.arange(5, dtype=np.int32)
    got = gp.where(G(c), G(x), G(y))
    want = np.where(c, x, y)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.get(), want)
    got = gp.where(G(c), 1.5, G(y))
    np.testing.assert_array_equal(got.get(), np.where(c, 1.5, y))
    with pytest.raises(ValueError):
        gp.where(G(c), G(x))


@pytest.mark.parametrize("dt", [np.int16, np.float32, np.float64])
def test_clip(dt):
    a = (np.arange(-10, 10) * 1.5).astype(dt)
    for lo, hi in [(-3, 4), (None, 2), (-1, None)]:
        want = np.clip(a, lo, hi)
        got = gp.clip(G(a), lo, hi)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.get(), want)
    np.testing.assert_array_equal(G(a).clip(-1, 1).get(), a.clip(-1, 1))
    f = np.array([np.nan, 1.0, 5.0])
    np.testing.assert_array_equal(gp.clip(G(f), 0, 2).get(), np.clip(f, 0, 2))


@pytest.mark.parametrize("args,kw", [
    ((3,), {}), ((3,), {"max": 4}), ((None,), {"min": 1}),
    ((), {"min": 1}), ((), {"max": 2}), ((), {}), ((None, None), {}),
    ((1, 3), {"min": 1}), ((1, 3), {"max": None}), ((None, 3), {})])
def test_clip_bounds_both_or_neither(args, kw):
    # a_min and a_max come together (TypeError), min=/max= replace both
    a = np.arange(6)
    assert_same_outcome(outcome(gp.clip, G(a), *args, **kw),
                        outcome(np.clip, a, *args, **kw))


@pytest.mark.parametrize("decimals", [0, 1, 2, -1])
def test_around(decimals):
    a = np.array([0.5, 1.5, 2.5, -0.5, 1.2345, -7.891, 123.456, 1e300])
    got = gp.around(G(a), decimals)
    np.testing.assert_array_equal(got.get(), np.around(a, decimals))
    i = np.array([15, 25, -35, 44], np.int64)
    np.testing.assert_array_equal(gp.round(G(i), decimals).get(),
                                  np.round(i, decimals))


@pytest.mark.parametrize("dt", [np.complex64, np.complex128, np.float32])
def test_real_imag_angle(dt):
    a = (np.arange(6) - 2.5 + 1j * np.arange(6)[::-1]).astype(dt) \
        if np.dtype(dt).kind == "c" else np.arange(6, dtype=dt) - 2.5
    for fn in (np.real, np.imag):
        got = getattr(gp, fn.__name__)(G(a))
        want = fn(a)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.get(), want)
    np.testing.assert_array_equal(G(a).real.get(), a.real)
    np.testing.assert_array_equal(G(a).imag.get(), a.imag)
    got, want = gp.angle(G(a)), np.angle(a)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(got.get(), want, rtol=1e-6)
    np.testing.assert_allclose(gp.angle(G(a), deg=True).get(),
                               np.angle(a, deg=True), rtol=1e-6)


def test_real_is_a_view():
    a = np.array([1 + 2j, 3 + 4j])
    g = G(a)
    r = g.real
    r += 10
    np.testing.assert_array_equal(g.get(), a + 10)



@pytest.mark.parametrize("shape", [(0,), (0, 3), (2, 0, 4)])
@pytest.mark.parametrize("dt", ["c8", "c16"])
@pytest.mark.parametrize("part", ["real", "imag"])
def test_part_of_empty_complex_is_a_view(shape, dt, part):
    # as NumPy: a view of the array (its base, its writeability), empty
    # or not
    for writeable in (True, False):
        a = np.zeros(shape, dt)
        a.flags.writeable = writeable
        g = G(np.zeros(shape, dt))
        g.flags.writeable = writeable
        want, got = getattr(a, part), getattr(g, part)
        assert (got.base is g) == (want.base is a)
        assert got.flags.writeable == want.flags.writeable
        assert (got.dtype, got.shape) == (want.dtype, want.shape)

@pytest.mark.parametrize("dt", [np.float32, np.float64, np.complex128])
def test_nan_to_num(dt):
    a = np.array([np.nan, np.inf, -np.inf, 1.0, -2.0]).astype(dt)
    if np.dtype(dt).kind == "c":
        with np.errstate(invalid="ignore"):
            a = a + 1j * np.array([np.inf, np.nan, 0, -np.inf, 2])
    for kw in [{}, dict(nan=-1.0, posinf=9.0, neginf=-9.0)]:
        got = gp.nan_to_num(G(a), **kw)
        want = np.nan_to_num(a, **kw)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.get(), want)


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.complex128])
def test_nan_to_num_fill_values(dt):
    """The fill values as NumPy's copyto takes them: cast to the real
    type under the same_kind rule (text, None, objects, complex are
    TypeError; Python numbers weak scalars), arrays elementwise."""
    a = np.array([np.nan, np.inf, -np.inf, 1.0]).astype(dt)
    for v in ("bogus", "1.5", None, object(), 1 + 2j, np.complex64(1),
              2 ** 70, True, np.float32(2.0), np.array(5.0),
              np.array([1.0, 2.0, 3.0, 4.0]), [1.0, 2.0]):
        for key in ("nan", "posinf", "neginf"):
            kw = {key: v}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = outcome(np.nan_to_num, a, **kw)
                got = outcome(gp.nan_to_num, G(a), **{
                    key: G(v) if isinstance(v, np.ndarray) else v})
            assert_same_outcome(got, want)


def test_isclose():
    a = np.array([1.0, 1.0 + 1e-9, np.nan, np.inf, -np.inf, 0.0, 1e-10])
    b = np.array([1.0, 1.0, np.nan, np.inf, np.inf, 1e-9, 0.0])
    for kw in [{}, dict(equal_nan=True), dict(rtol=0, atol=1e-9)]:
        np.testing.assert_array_equal(gp.isclose(G(a), G(b), **kw).get(),
                                      np.isclose(a, b, **kw))


@pytest.mark.parametrize("src", [np.float64, np.int32, np.bool_,
                                 np.complex64, np.float16])
@pytest.mark.parametrize("dst", [np.float32, np.int8, np.uint16, np.bool_,
                                 np.complex128, np.float16])
def test_astype_matches_numpy(src, dst):
    rng = np.random.default_rng(1)
    a = (rng.standard_normal(37) * 50).astype(src)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        want = a.astype(dst)
        got = G(a).astype(dst)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.get(), want)
        # strided source: cast on load in the strided kernel
        np.testing.assert_array_equal(G(a)[::-3].astype(dst).get(),
                                      a[::-3].astype(dst))


def test_astype_casting_argument():
    g = G(np.arange(3.0))
    with pytest.raises(TypeError):
        g.astype(np.int32, casting="safe")
    assert g.astype(np.float64, copy=False) is g
    assert g.astype(np.float64) is not g
