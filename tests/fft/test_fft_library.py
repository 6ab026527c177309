"""gpuarray.fft over the library layer (csrc/mathlib/fft_*.c): parity with
numpy.fft for every function x dtype x memory layout (under the host's
rules and, with _driver.CUDA_RULES, under cuFFT's), out= and its errors.
The layout, plan cache and cuFFT symbols: test_fft_plans.py."""
import warnings

import numpy as np
import pytest

import gpuarray as gp

RNG = np.random.default_rng(77)

DTYPES = [np.bool_, np.int8, np.int64, np.uint16, np.float16, np.float32,
          np.float64, np.complex64, np.complex128]
NORMS = [None, "backward", "ortho", "forward"]
REAL_ONLY = {"rfft", "ihfft", "rfft2", "rfftn"}


def rand(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        x = RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    elif dtype.kind == "b":
        x = RNG.integers(0, 2, shape)
    elif dtype.kind in "iu":
        x = RNG.integers(0, 20, shape)
    else:
        x = RNG.standard_normal(shape)
    return np.asarray(x).astype(dtype)


def close(got, want, dtype_in=None):
    """Same dtype, shape and values (relative to the largest magnitude)."""
    assert isinstance(got, gp.ndarray)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.size == 0:
        return
    single = want.dtype in (np.complex64, np.float32, np.float16)
    tol = 2e-3 if want.dtype == np.float16 else 1e-4 if single else 1e-11
    g = got.get().astype(np.complex128)
    w = want.astype(np.complex128)
    scale = max(float(np.max(np.abs(w))), 1e-30)
    assert float(np.max(np.abs(g - w))) <= tol * scale


def layouts(shape, dtype):
    """(name, NumPy array, gpuarray array with the same values) in
    several memory layouts."""
    base = rand(shape, dtype)
    yield "C", base, gp.asarray(base)
    if len(shape) >= 2:
        f = gp.asarray(np.ascontiguousarray(base.T)).T
        yield "F", np.asfortranarray(base), f
        t = rand(shape[::-1], dtype)
        yield "transposed", t.T, gp.asarray(t).T
        sw = rand(shape, dtype)
        yield "swapped", sw.swapaxes(0, -1), gp.asarray(sw).swapaxes(0, -1)
    yield "negative", base[..., ::-1], gp.asarray(base)[..., ::-1]
    big = rand(tuple(shape[:-1]) + (2 * shape[-1] + 1,), dtype)
    yield "offset", big[..., 1::2], gp.asarray(big)[..., 1::2]


def both(name, x_np, x_gp, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return getattr(gp.fft, name)(x_gp, **kw), \
            getattr(np.fft, name)(x_np, **kw)


def input_dtype_ok(name, dtype):
    return not (name in REAL_ONLY and np.dtype(dtype).kind == "c")


def refuses_complex(name, dtype):
    """rfft-like functions refuse complex input with NumPy's TypeError."""
    x = rand((3, 10), dtype)
    with pytest.raises(TypeError) as ne:
        getattr(np.fft, name)(x)
    with pytest.raises(TypeError) as ge:
        getattr(gp.fft, name)(gp.asarray(x))
    assert str(ge.value) == str(ne.value)


# ------------------------------------------------------------- 1-D parity
ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("dtype", DTYPES)
def test_1d_every_dtype_and_layout(name, dtype):
    if not input_dtype_ok(name, dtype):
        return refuses_complex(name, dtype)
    for lname, xn, xg in layouts((3, 10), dtype):
        for axis in (-1, 0):
            g, w = both(name, xn, xg, axis=axis)
            close(g, w)


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "fft2",
                                  "rfftn"])
def test_result_laid_out_like_numpy(name):
    """NumPy allocates results with empty_like(a, shape=...): the input's
    axis order; so do we (and then in/out strides nest alike)."""
    dtype = np.float64 if name in REAL_ONLY else np.complex128
    for lname, xn, xg in layouts((3, 4, 10), dtype):
        for kw in ({}, {"axes": (0, 1)} if name[-1] in "2n" else
                   {"axis": 0}):
            g, w = both(name, xn, xg, **kw)
            close(g, w)
            assert g.strides == w.strides, (lname, kw)


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("n", [1, 2, 7, 13, 16, 17, 31, 64, 97, 128, 210])
def test_1d_sizes_and_n(name, n):
    dtype = np.float64 if name in REAL_ONLY else np.complex128
    x = rand((2, 16), dtype)
    g, w = both(name, x, gp.asarray(x), n=n)
    close(g, w)
    x = rand((n,), dtype)
    if name in ("irfft", "hfft") and n == 1:   # default n is 0
        with pytest.raises(ValueError, match=r"Invalid number.*\(0\)"):
            getattr(np.fft, name)(x)
        with pytest.raises(ValueError, match=r"Invalid number.*\(0\)"):
            getattr(gp.fft, name)(gp.asarray(x))
        return
    g, w = both(name, x, gp.asarray(x))
    close(g, w)


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("norm", NORMS)
def test_1d_norms_single_and_double(name, norm):
    for dtype in ((np.float32, np.float64) if name in REAL_ONLY
                  else (np.complex64, np.complex128)):
        x = rand((4, 15), dtype)
        g, w = both(name, x, gp.asarray(x), norm=norm, axis=0)
        close(g, w)


def test_1d_zero_size_batches_and_padding_of_empty_axes():
    x = np.zeros((0, 8), np.complex128)
    for name in ("fft", "ifft", "irfft", "hfft"):
        g, w = both(name, x, gp.asarray(x))
        close(g, w)
    x = np.zeros((4, 0), np.complex128)
    g, w = both("fft", x, gp.asarray(x), n=5)
    close(g, w)
    for name in ("fft", "rfft"):
        with pytest.raises(ValueError, match="Invalid number of FFT"):
            getattr(gp.fft, name)(gp.asarray(x.real))


def test_large_prime_and_power_of_two_lengths():
    for n in (2 ** 15, 65537, 3 * 5 * 7 * 11 * 13):
        x = rand((n,), np.complex128)
        g, w = both("fft", x, gp.asarray(x))
        close(g, w)
        g, w = both("rfft", x.real.copy(), gp.asarray(x.real.copy()))
        close(g, w)


# ------------------------------------------------------------- n-D parity
ND = ["fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn",
      "irfftn"]


@pytest.mark.parametrize("name", ND)
@pytest.mark.parametrize("dtype", [np.int8, np.float16, np.float32,
                                   np.float64, np.complex64, np.complex128])
def test_nd_every_dtype_and_layout(name, dtype):
    if not input_dtype_ok(name, dtype):
        return refuses_complex(name, dtype)
    for lname, xn, xg in layouts((4, 5, 6), dtype):
        g, w = both(name, xn, xg)
        close(g, w)
        g, w = both(name, xn, xg, axes=(0, 2))
        close(g, w)


@pytest.mark.parametrize("name", ND)
@pytest.mark.parametrize("norm", NORMS)
def test_nd_s_axes_norm(name, norm):
    dtype = np.float64 if name in REAL_ONLY else np.complex128
    x = rand((6, 5, 7), dtype)
    cases = [dict(), dict(axes=(1, 0)), dict(s=(8, 3), axes=(2, 0)),
             dict(s=(4, 9), axes=(-1, -2)), dict(axes=(-1,))]
    if not name.endswith("2"):
        cases += [dict(axes=(0, 1, 2)), dict(s=(3, 8, 5), axes=(2, 0, 1))]
    for kw in cases:
        g, w = both(name, x, gp.asarray(x), norm=norm, **kw)
        close(g, w)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_nd_more_axes_than_one_library_call(name):
    """Five axes: cuFFT plans have rank <= 3, so the driver makes two
    calls (rank 3 and rank 2)."""
    dtype = np.float64 if name in REAL_ONLY else np.complex128
    x = rand((3, 4, 2, 5, 6), dtype)
    g, w = both(name, x, gp.asarray(x))
    close(g, w)
    g, w = both(name, x, gp.asarray(x), axes=(4, 0, 2, 1), norm="ortho")
    close(g, w)


def test_nd_zero_size_batches_and_errors():
    x = np.zeros((0, 4, 6), np.complex128)
    for name in ("fftn", "ifftn", "irfftn", "fft2", "ifft2", "irfft2"):
        g, w = both(name, x, gp.asarray(x), axes=(1, 2))
        close(g, w)
    xr = np.zeros((3, 0, 6))
    g, w = both("rfftn", xr, gp.asarray(xr), axes=(0, 2))
    close(g, w)
    g, w = both("rfftn", xr, gp.asarray(xr), s=(3, 4, 6), axes=(0, 1, 2))
    close(g, w)
    for name in ("fftn", "rfftn"):
        with pytest.raises(ValueError) as ne:
            getattr(np.fft, name)(xr)
        with pytest.raises(ValueError) as ge:
            getattr(gp.fft, name)(gp.asarray(xr))
        assert str(ge.value) == str(ne.value)


def test_nd_out_of_lower_precision():
    x = rand((6, 10), np.float64)
    out = gp.empty((6, 10), np.complex64)
    assert gp.fft.fft2(gp.asarray(x), out=out) is out
    close(out, np.fft.fft2(x, out=np.empty((6, 10), np.complex64)))
    out = gp.empty((6, 6), np.complex64)
    assert gp.fft.rfft2(gp.asarray(x), out=out) is out
    close(out, np.fft.rfft2(x, out=np.empty((6, 6), np.complex64)))


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_nd_planning_off_runs_one_axis_per_call(name, monkeypatch):
    monkeypatch.setattr(gp.fft.config, "enable_nd_planning", False)
    cache = gp.fft.config.get_plan_cache()
    cache.clear()
    dtype = np.float64 if name in REAL_ONLY else np.complex128
    x = rand((4, 5, 6), dtype)
    g, w = both(name, x, gp.asarray(x), s=(3, 6, 8), axes=(2, 0, 1))
    close(g, w)
    assert all(len(p["n"]) == 1 for p in cache.plans())
    assert cache.get_curr_size() == 3
    cache.clear()


def test_nd_repeated_axes_transform_twice_like_numpy():
    x = rand((4, 6), np.complex128)
    for name, axes in [("fftn", (0, 0)), ("fftn", (1, 0, 1)),
                       ("ifftn", (-1, 1)), ("fft2", (0, 0))]:
        g, w = both(name, x, gp.asarray(x), axes=axes)
        close(g, w)
    xr = x.real.copy()
    g, w = both("rfftn", xr, gp.asarray(xr), axes=(1, 1))
    close(g, w)


def test_nd_axis_errors_like_numpy():
    x = rand((4, 6), np.complex128)
    for kw in (dict(axes=(3,)), dict(axes=(0, -3)), dict(s=(2, 3, 4),
                                                         axes=(0, 1))):
        with pytest.raises(Exception) as ne:
            np.fft.fftn(x, **kw)
        with pytest.raises(type(ne.value)):
            gp.fft.fftn(gp.asarray(x), **kw)
    with pytest.raises(TypeError):
        gp.fft.rfftn(gp.asarray(x))
    with pytest.raises(TypeError):
        np.fft.rfftn(x)


@pytest.mark.parametrize("name", ONE_D + ND)
def test_cuda_rules_on_host(name, monkeypatch):
    """The driver's cuda branches (unscaled library results scaled by
    NumPy's factors afterwards, C2R inputs copied before the library may
    overwrite them) run on host with _driver.CUDA_RULES."""
    from gpuarray.fft import _driver
    monkeypatch.setattr(_driver, "CUDA_RULES", True)
    for dtype in ((np.float16, np.float32, np.float64) if name in REAL_ONLY
                  else (np.complex64, np.complex128)):
        x = rand((4, 6, 10), dtype)
        xg = gp.asarray(x)
        for norm in NORMS:
            g, w = both(name, x, xg, norm=norm)
            close(g, w)
        np.testing.assert_array_equal(xg.get(), x)   # input untouched
    if name not in REAL_ONLY:
        x = rand((4, 6, 10), np.float16)
        g, w = both(name, x, gp.asarray(x), norm="forward")
        close(g, w)


# ------------------------------------------------------------------- out=
@pytest.mark.parametrize("name", ONE_D + ND)
def test_out_in_several_layouts(name):
    dtype = np.float64 if name in REAL_ONLY else np.complex128
    x = rand((6, 8), dtype)
    want = getattr(np.fft, name)(x)
    outs = [gp.empty(want.shape, want.dtype),
            gp.asarray(np.zeros(want.shape[::-1], want.dtype)).T,
            gp.empty((want.shape[0], 2 * want.shape[1]),
                     want.dtype)[:, ::-2]]
    # NumPy 2.4 drops out= in hfft, ifft2 and irfft2 (2.5 writes it): so
    # do we, following the installed NumPy
    nout = np.zeros(want.shape, want.dtype)
    writes = getattr(np.fft, name)(x, out=nout) is nout
    for out in outs:
        r = getattr(gp.fft, name)(gp.asarray(x), out=out)
        assert (r is out) == writes
        close(r, want)


def test_out_of_another_dtype_casts_same_kind():
    x = rand((5, 12), np.float64)
    out = gp.empty((5, 7), np.complex64)
    r = gp.fft.rfft(gp.asarray(x), out=out)
    assert r is out
    close(out, np.fft.rfft(x, out=np.empty((5, 7), np.complex64)))
    out = gp.empty((5, 12), np.float32)
    z = np.fft.rfft(x)
    gp.fft.irfft(gp.asarray(z), n=12, out=out)
    close(out, np.fft.irfft(z, n=12, out=np.empty((5, 12), np.float32)))


def test_out_aliasing_the_input():
    x = rand((4, 16), np.complex128)
    xg = gp.asarray(x)
    r = gp.fft.fft(xg, out=xg)
    assert r is xg
    close(xg, np.fft.fft(x))
    xg = gp.asarray(x)
    gp.fft.fftn(xg, out=xg)
    close(xg, np.fft.fftn(x))


def test_out_errors_like_numpy():
    x = rand((4, 8), np.float64)
    xg = gp.asarray(x)
    cases = [("fft", gp.empty((4, 7), np.complex128)),
             ("fft", gp.empty((8,), np.complex128)),
             ("fft", gp.empty((5, 8), np.complex128)),
             ("fft", gp.empty((4, 8), np.float64)),
             ("rfft", gp.empty((4, 8), np.complex128)),
             ("irfft", gp.empty((4, 14), np.int64)),
             ("fftn", gp.empty((4, 9), np.complex128))]
    for name, out in cases:
        arg = x if name != "irfft" else x + 0j
        with pytest.raises(Exception) as ne:
            getattr(np.fft, name)(arg, out=np.empty(out.shape, out.dtype))
        with pytest.raises(type(ne.value)):
            getattr(gp.fft, name)(gp.asarray(arg), out=out)
    ro = gp.empty((4, 8), np.complex128)
    gp._core._set_writeable(ro, False)
    with pytest.raises(ValueError, match="read-only"):
        gp.fft.fft(xg, out=ro)
    with pytest.raises(TypeError):
        gp.fft.fft(xg, out=np.empty((4, 8), np.complex128))


def test_result_dtypes_follow_numpy():
    for dt in DTYPES:
        x = np.ones(8, dt)
        for name in ONE_D:
            if not input_dtype_ok(name, dt):
                continue
            assert getattr(gp.fft, name)(gp.asarray(x)).dtype == \
                getattr(np.fft, name)(x).dtype, (name, dt)


# -------------------------------------------------------- frequencies
def test_fftfreq_array_api_dtype_and_device():
    for f in ("fftfreq", "rfftfreq"):
        for n, d in ((8, 1.0), (9, 0.25)):
            want = getattr(np.fft, f)(n, d)
            got = getattr(gp.fft, f)(n, d)
            assert got.dtype == np.float64
            np.testing.assert_array_equal(got.get(), want)
            g32 = getattr(gp.fft, f)(n, d=d, dtype=np.float32)
            assert g32.dtype == np.float32
            np.testing.assert_array_equal(g32.get(), want.astype(np.float32))
            dev = gp.cuda.get_current_device()
            assert getattr(gp.fft, f)(n, device=dev).device == dev
        with pytest.raises(ValueError):
            getattr(gp.fft, f)(4, dtype=np.int32)
        with pytest.raises(ValueError):
            getattr(gp.fft, f)(4, dtype=np.complex64)


def test_shifts_match_numpy():
    x = rand((5, 6), np.float64)
    for f in ("fftshift", "ifftshift"):
        for axes in (None, 0, (1,), (0, 1), -1):
            np.testing.assert_array_equal(
                getattr(gp.fft, f)(gp.asarray(x), axes=axes).get(),
                getattr(np.fft, f)(x, axes=axes))


# ------------------------------------------------- randomised layouts
def _random_view(rng, ndim, dtype):
    """A random strided view (permuted, sliced with steps, maybe
    reversed) and the same values as a NumPy array."""
    shape = tuple(int(rng.integers(1, 6)) for _ in range(ndim))
    perm = rng.permutation(ndim)
    steps = [int(rng.choice([1, 1, 2, -1])) for _ in range(ndim)]
    big = tuple(shape[p] * abs(steps[p]) + 1 for p in perm)
    base = rand(big, dtype)
    idx = []
    for k, p in enumerate(perm):
        st = steps[p]
        idx.append(slice(1, 1 + shape[p] * st, st) if st > 0
                   else slice(shape[p] - 1, None, -1))
    view_np = base[tuple(idx)].transpose(np.argsort(perm))
    view_gp = gp.asarray(base)[tuple(idx)].transpose(np.argsort(perm))
    return view_np, view_gp


@pytest.mark.parametrize("cuda_rules", [False, True])
def test_random_layouts_match_numpy(cuda_rules, monkeypatch):
    from gpuarray.fft import _driver
    monkeypatch.setattr(_driver, "CUDA_RULES", cuda_rules)
    rng = np.random.default_rng(2024)
    names = ["fft", "ifft", "rfft", "irfft", "fftn", "ifftn", "rfftn",
             "irfftn"]
    for case in range(120):
        name = names[case % len(names)]
        ndim = int(rng.integers(1, 5))
        dtype = np.float64 if name in REAL_ONLY else np.complex128
        xn, xg = _random_view(rng, ndim, dtype)
        kw = {}
        if name in ("fft", "ifft", "rfft", "irfft"):
            kw["axis"] = int(rng.integers(-ndim, ndim))
            if rng.random() < 0.3:
                kw["n"] = int(rng.integers(2, 9))
        else:
            k = int(rng.integers(1, ndim + 1))
            kw["axes"] = tuple(int(a) for a in rng.permutation(ndim)[:k])
            if rng.random() < 0.3:
                kw["s"] = tuple(int(rng.integers(2, 7)) for _ in range(k))
        if name in ("irfft", "irfftn") and "n" not in kw and "s" not in kw:
            ax = kw.get("axis", kw.get("axes", (-1,))[-1] if "axes" in kw
                        else -1)
            if xn.shape[ax] < 2:
                continue
        g, w = both(name, xn, xg, **kw)
        close(g, w)
        if w.size and rng.random() < 0.5:   # out= as a reversed view
            out = gp.empty(w.shape, w.dtype)[..., ::-1]
            try:
                want = getattr(np.fft, name)(xn, out=np.empty(w.shape,
                                                              w.dtype), **kw)
            except ValueError:   # NumPy's out= of n-D with s (step shapes)
                with pytest.raises(ValueError):
                    getattr(gp.fft, name)(xg, out=out, **kw)
                continue
            assert getattr(gp.fft, name)(xg, out=out, **kw) is out
            close(out, want)
