"""gpuarray.fft against numpy.fft: values (relative to the result's largest
magnitude), dtypes, shapes, out=, errors.  The library layer itself
(layouts, plan cache, cuFFT symbols) is tested in test_fft_library.py."""
import warnings

import numpy as np
import pytest

import gpuarray as gp

RNG = np.random.default_rng(1234)

ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
COMPLEX_IN = ["fft", "ifft", "irfft", "hfft"]   # take complex input
LENGTHS = list(range(1, 34)) + [64, 128, 256, 512, 1024, 2048, 4096, 97,
                                1009]
NORMS = [None, "backward", "ortho", "forward"]


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


def tol_of(dtype):
    return 1e-4 if np.dtype(dtype) in (np.complex64, np.float32,
                                       np.float16) else 1e-12


def check(got, want, tol=None):
    assert isinstance(got, gp.ndarray)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    g = got.get()
    if want.size == 0:
        return
    tol = tol_of(want.dtype) if tol is None else tol
    scale = max(float(np.max(np.abs(want))), 1e-30)
    err = float(np.max(np.abs(g.astype(np.complex128) -
                              want.astype(np.complex128))))
    assert err <= tol * scale, (err / scale, tol)


def both(name, x, **kw):
    """(gpuarray result, NumPy result) of fft function `name` on x."""
    return (getattr(gp.fft, name)(gp.asarray(x), **kw),
            getattr(np.fft, name)(x, **kw))


def input_for(name, shape, dtype=None):
    if dtype is None:
        dtype = np.complex128 if name in COMPLEX_IN else np.float64
    return rand(shape, dtype)


# ------------------------------------------------------------ namespace

def test_all_matches_numpy():
    assert sorted(gp.fft.__all__) == sorted(np.fft.__all__)
    for name in gp.fft.__all__:
        assert callable(getattr(gp.fft, name))


# ----------------------------------------------------------- 1-D values

@pytest.mark.parametrize("n", LENGTHS)
def test_lengths_float64(n):
    for name in ONE_D:
        # hfft/irfft: an input of m terms gives 2 (m - 1) points by
        # default; pass n so that every length is covered
        x = input_for(name, (n,))
        check(*both(name, x, n=n))
        if name not in ("irfft", "hfft") or n > 1:
            check(*both(name, x))


@pytest.mark.parametrize("n", LENGTHS)
def test_lengths_float32(n):
    for name in ONE_D:
        dt = np.complex64 if name in COMPLEX_IN else np.float32
        x = input_for(name, (2, n), dt)
        check(*both(name, x, n=n))


def test_exact_dft_float64():
    # against a DFT summed in float64 from exactly reduced angles
    for n in (12, 64, 97, 1000):
        x = rand((n,), np.complex128)
        k = np.arange(n)
        w = np.exp(-2j * np.pi * ((np.outer(k, k) % n) / n))
        check(gp.fft.fft(gp.asarray(x)), w @ x, 1e-13)


def test_large_lengths():
    for n in (2 ** 12, 2 ** 13, 4097, 5000):
        x = rand((n,), np.complex128)
        check(*both("fft", x))
        check(*both("ifft", x))
    x = rand((8192,), np.complex64)
    check(*both("fft", x))


def test_round_trip():
    for n in (7, 16, 100):
        x = rand((3, n), np.complex128)
        y = gp.fft.ifft(gp.fft.fft(gp.asarray(x)))
        assert np.max(np.abs(y.get() - x)) < 1e-13
        r = rand((3, n), np.float64)
        y = gp.fft.irfft(gp.fft.rfft(gp.asarray(r)), n=n)
        assert np.max(np.abs(y.get() - r)) < 1e-13


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64",
                                   "complex64", "complex128", "int8",
                                   "int32", "int64", "uint8", "uint64",
                                   "bool"])
def test_dtypes(dtype):
    for name in ONE_D:
        if name == "rfft" or name == "ihfft":
            if np.dtype(dtype).kind == "c":
                continue
        x = rand((3, 10), dtype)
        tol = 2e-3 if dtype == "float16" else None
        check(*both(name, x), tol=tol)
        check(*both(name, x, n=7), tol=tol)


@pytest.mark.parametrize("shape", [(6, 8), (5, 4, 9), (3, 7, 2)])
def test_batched_each_axis(shape):
    for name in ONE_D:
        x = input_for(name, shape)
        for axis in range(-len(shape), len(shape)):
            check(*both(name, x, axis=axis))
            check(*both(name, x, axis=axis, n=5))
            check(*both(name, x, axis=axis, n=16))


def test_noncontiguous_inputs():
    x = rand((6, 10), np.complex128)
    for view in (lambda a: a.T, lambda a: a[::-1, ::2], lambda a: a[1:, 3:]):
        v = view(x)
        got = gp.fft.fft(view(gp.asarray(x)), axis=0)
        check(got, np.fft.fft(v, axis=0))
        got = gp.fft.rfft(view(gp.asarray(x.real.copy())), axis=-1)
        check(got, np.fft.rfft(view(x.real), axis=-1))


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 6, 9, 17, 32, 33])
def test_n_pad_and_truncate(name, n):
    x = input_for(name, (3, 8))
    check(*both(name, x, n=n))
    check(*both(name, x, n=n, axis=0))


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("norm", NORMS)
def test_norms(name, norm):
    for n, dt in ((8, None), (9, None), (16, "f"), (11, "f")):
        dtype = None
        if dt == "f":
            dtype = np.complex64 if name in COMPLEX_IN else np.float32
        x = input_for(name, (2, 12), dtype)
        check(*both(name, x, n=n, norm=norm))


def test_ortho_is_unitary():
    x = rand((64,), np.complex128)
    y = gp.fft.fft(gp.asarray(x), norm="ortho").get()
    assert abs(np.linalg.norm(y) - np.linalg.norm(x)) < 1e-12


def test_irfft_ignores_dc_and_nyquist_imaginary_parts():
    for n in (8, 9):
        x = rand((n // 2 + 1,), np.complex128)
        x[0] += 5j
        if n % 2 == 0:
            x[-1] += 3j
        got, want = both("irfft", x, n=n)
        check(got, want)
        clean = x.copy()
        clean[0] = clean[0].real
        if n % 2 == 0:
            clean[-1] = clean[-1].real
        check(gp.fft.irfft(gp.asarray(clean), n=n), want)


def test_irfft_uses_first_half_only():
    x = rand((20,), np.complex128)
    for n in (6, 7, 10):
        got, want = both("irfft", x, n=n)
        check(got, want)
        check(gp.fft.irfft(gp.asarray(x[:n // 2 + 1]), n=n), want)


def test_zero_size_batches():
    x = np.zeros((0, 8), np.complex128)
    for name in ("fft", "ifft", "irfft", "hfft"):
        check(*both(name, x))
    check(*both("rfft", np.zeros((0, 8))))
    check(*both("fft", np.zeros((8, 0)), axis=0))


def test_lists_and_scalars_as_input():
    check(gp.fft.fft([1, 2, 3, 4]), np.fft.fft([1, 2, 3, 4]))
    check(gp.fft.rfft([1.5, 2, 3]), np.fft.rfft([1.5, 2, 3]))


# ---------------------------------------------------------------- out=

def numpy_writes_out(name, x, **kw):
    """Whether the installed numpy.fft writes out= of `name` (NumPy 2.4
    drops it in hfft, ifft2 and irfft2; 2.5 writes it)."""
    want = getattr(np.fft, name)(x, **kw)
    out = np.zeros(want.shape, want.dtype)
    return getattr(np.fft, name)(x, out=out, **kw) is out


def check_out(name, x, **kw):
    """name(x, out=) as NumPy: the result written into out and out
    returned, or (where NumPy ignores out=) a fresh result, out untouched."""
    want = getattr(np.fft, name)(x, **kw)
    out = gp.zeros(want.shape, want.dtype)
    r = getattr(gp.fft, name)(gp.asarray(x), out=out, **kw)
    check(r, want)
    if numpy_writes_out(name, x, **kw):
        assert r is out
    else:
        assert r is not out
        assert not out.get().any()


@pytest.mark.parametrize("name", ONE_D)
def test_out(name):
    check_out(name, input_for(name, (4, 10)), axis=0)


def test_out_casts_same_kind():
    x = rand((8,), np.float64)
    out = gp.empty((8,), np.complex64)
    r = gp.fft.fft(gp.asarray(x), out=out)
    assert r is out and r.dtype == np.complex64
    check(r, np.fft.fft(x, out=np.empty(8, np.complex64)))
    out = gp.empty((6,), np.complex128)      # real -> complex is same_kind
    r = gp.fft.irfft(gp.asarray(x[:4] + 0j), out=out)
    check(r, np.fft.irfft(x[:4] + 0j).astype(np.complex128))


def test_out_errors():
    x = gp.asarray(rand((2, 8), np.float64))
    with pytest.raises(ValueError, match="output array has wrong shape"):
        gp.fft.fft(x, out=gp.empty((2, 7), np.complex128))
    with pytest.raises(ValueError, match="output array has wrong shape"):
        gp.fft.fft(x, out=gp.empty((8,), np.complex128))
    with pytest.raises(ValueError):
        gp.fft.fft(x, out=gp.empty((3, 8), np.complex128))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'fft' output"):
        gp.fft.fft(x, out=gp.empty((2, 8), np.float64))
    with pytest.raises(ValueError, match="output array has wrong shape"):
        gp.fft.rfft(x, out=gp.empty((2, 8), np.complex128))
    # NumPy raises the same exception types
    with pytest.raises(ValueError):
        np.fft.fft(x.get(), out=np.empty((3, 8), np.complex128))
    with pytest.raises(TypeError):
        np.fft.fft(x.get(), out=np.empty((2, 8), np.float64))


def test_out_nd():
    x = rand((4, 6), np.complex128)
    for name in ("fft2", "fftn", "ifftn", "ifft2"):
        check_out(name, x)
    out = gp.empty((4, 6), np.complex128)
    xr = x.real.copy()
    assert gp.fft.rfftn(gp.asarray(xr), s=(4, 10), axes=(0, 1),
                        out=out) is out
    check(out, np.fft.rfftn(xr, s=(4, 10), axes=(0, 1)))
    out = gp.empty((4, 10), np.float64)
    assert gp.fft.irfftn(gp.asarray(x), axes=(0, 1), out=out) is out
    check(out, np.fft.irfftn(x, axes=(0, 1)))


# -------------------------------------------------------------- errors

def expect_same_error(name, x, **kw):
    """gpuarray raises what NumPy raises, with NumPy's message."""
    with pytest.raises(Exception) as np_err:
        getattr(np.fft, name)(x, **kw)
    with pytest.raises(type(np_err.value)) as gp_err:
        getattr(gp.fft, name)(gp.asarray(x), **kw)
    assert str(gp_err.value) == str(np_err.value)


@pytest.mark.parametrize("name", ONE_D)
def test_errors_bad_n(name):
    x = input_for(name, (8,))
    for n in (0, -1, -5):
        expect_same_error(name, x, n=n)
    with pytest.raises(ValueError, match=r"Invalid number of FFT data "
                                         r"points \(0\) specified\."):
        getattr(gp.fft, name)(gp.asarray(x), n=0)
    with pytest.raises(TypeError):
        getattr(gp.fft, name)(gp.asarray(x), n=2.5)


def test_errors_default_n_of_length_one_irfft():
    expect_same_error("irfft", np.ones(1, np.complex128))
    expect_same_error("hfft", np.ones(1, np.complex128))
    expect_same_error("fft", np.ones(0, np.complex128))


@pytest.mark.parametrize("name", ONE_D)
def test_errors_bad_norm_and_axis(name):
    x = input_for(name, (4, 8))
    expect_same_error(name, x, norm="bad")
    expect_same_error(name, x, axis=2)          # IndexError (n is None)
    expect_same_error(name, x, axis=-3)
    expect_same_error(name, x, axis=2, n=4)     # AxisError
    expect_same_error(name, np.float64(3.0) if name not in COMPLEX_IN
                      else np.complex128(3.0))


def test_errors_rfft_complex_input():
    expect_same_error("rfft", np.ones(8, np.complex128))
    expect_same_error("rfft", np.ones(7, np.complex64))
    expect_same_error("ihfft", np.ones(8, np.complex128))


def test_errors_nd():
    x = rand((2, 3), np.float64)
    expect_same_error("fftn", x, s=(2, 3), axes=(0,))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # s, no axes
        expect_same_error("fftn", x, s=(2, 3, 4))
    expect_same_error("fftn", x, axes=(5,))
    expect_same_error("fft2", x, axes=(0, 2))
    expect_same_error("rfftn", x, axes=())
    expect_same_error("irfftn", x, axes=())
    expect_same_error("fftn", x, s=(0, 3), axes=(0, 1))
    expect_same_error("rfft2", x, norm="nope")


# ------------------------------------------------------------------ n-d

ND = ["fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn",
      "irfftn"]


def nd_input(name, shape, dtype=None):
    if dtype is None:
        dtype = np.float64 if name.startswith("rfft") else np.complex128
    return rand(shape, dtype)


@pytest.mark.parametrize("name", ND)
def test_nd_defaults(name):
    for shape in ((4, 6), (3, 5, 8), (2, 3, 4, 5)):
        x = nd_input(name, shape)
        check(*both(name, x))


@pytest.mark.parametrize("name", ND)
def test_nd_s_and_axes(name):
    x = nd_input(name, (4, 5, 6))
    for s, axes in (((3, 8), (0, 2)), ((8, 4), (2, 0)), ((5,), (1,)),
                    ((-1, 7), (1, 2)), ((2, 4, 9), (0, 1, 2)),
                    ((4, 4), (0, 0)), (None, (1, 0)), (None, (-1,))):
        if s is None:
            check(*both(name, x, axes=axes))
        else:
            check(*both(name, x, s=s, axes=axes))


@pytest.mark.parametrize("name", ND)
@pytest.mark.parametrize("norm", NORMS)
def test_nd_norms_and_dtypes(name, norm):
    for dt in ("f", "d", "i"):
        if dt == "i":
            dtype = np.int32
        elif dt == "f":
            dtype = np.float32 if name.startswith("rfft") else np.complex64
        else:
            dtype = None
        x = nd_input(name, (3, 6, 5), dtype)
        check(*both(name, x, norm=norm))


def test_nd_s_without_axes_warns_like_numpy():
    x = rand((4, 6), np.complex128)
    with pytest.warns(DeprecationWarning, match="`axes` should not be"):
        got = gp.fft.fftn(gp.asarray(x), s=(3, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        check(got, np.fft.fftn(x, s=(3, 5)))
        with pytest.warns(DeprecationWarning, match="containing `None`"):
            got = gp.fft.fftn(gp.asarray(x), s=(None, 4), axes=(0, 1))
    assert got.shape == (4, 4)


def test_nd_empty_axes_is_identity_like_numpy():
    x = rand((2, 3), np.float64)
    got, want = both("fftn", x, axes=())
    check(got, want)
    assert want.dtype == np.float64


# --------------------------------------------------- freq and shifting

def test_fftfreq_rfftfreq_bitwise():
    for n in range(1, 12):
        for d in (1.0, 0.1, 3, np.float32(0.5)):
            for f in ("fftfreq", "rfftfreq"):
                got = getattr(gp.fft, f)(n, d)
                want = getattr(np.fft, f)(n, d)
                assert got.dtype == want.dtype
                assert np.array_equal(got.get(), want)
    assert np.array_equal(gp.fft.fftfreq(np.int64(6)).get(),
                          np.fft.fftfreq(6))


def test_fftfreq_errors():
    for f in ("fftfreq", "rfftfreq"):
        with pytest.raises(ValueError, match="n should be an integer"):
            getattr(gp.fft, f)(4.0)
        with pytest.raises(ZeroDivisionError):
            getattr(gp.fft, f)(0)


def test_fftshift_ifftshift():
    for shape in ((5,), (6,), (4, 5), (3, 4, 7)):
        x = rand(shape, np.float64)
        for name in ("fftshift", "ifftshift"):
            axes_list = [None, 0, -1, tuple(range(len(shape)))]
            if len(shape) > 1:
                axes_list.append((1,))
            for axes in axes_list:
                got, want = both(name, x, axes=axes)
                assert got.shape == want.shape
                assert np.array_equal(got.get(), want)
    x = rand((7, 4), np.complex128)
    got = gp.fft.ifftshift(gp.fft.fftshift(gp.asarray(x)))
    assert np.array_equal(got.get(), x)
    assert np.array_equal(gp.fft.fftshift([1, 2, 3]).get(),
                          np.fft.fftshift([1, 2, 3]))


# --- regressions: NumPy-parity fixes ---------------------------------------

def test_rfftn_complex_input_bad_axis_is_axis_error():
    # NumPy normalises the axis before its ufunc refuses complex input.
    a = np.ones((4, 6), np.complex128)
    with pytest.raises(np.exceptions.AxisError):
        np.fft.rfftn(a, s=(3, 4), axes=(0, 2))
    with pytest.raises(np.exceptions.AxisError):
        gp.fft.rfftn(gp.asarray(a), s=(3, 4), axes=(0, 2))
    with pytest.raises(np.exceptions.AxisError):
        np.fft.rfft(a, n=4, axis=5)
    with pytest.raises(np.exceptions.AxisError):
        gp.fft.rfft(gp.asarray(a), n=4, axis=5)


def test_fftfreq_negative_or_bool_length():
    with pytest.raises(ValueError):
        np.fft.fftfreq(-1)
    with pytest.raises(ValueError):
        gp.fft.fftfreq(-1)
    with pytest.raises(TypeError):
        np.fft.fftfreq(True)
    with pytest.raises(TypeError):
        gp.fft.fftfreq(True)


# ------------------------------------------- arguments read as NumPy's
ALL_TRANSFORMS = ONE_D + ["fft2", "ifft2", "fftn", "ifftn", "rfft2",
                          "irfft2", "rfftn", "irfftn"]


def same_outcome(fn):
    """fn(np) and fn(gp): the same public exception type, or results of
    one dtype and shape."""
    from gpuarray.testing.parity import outcome, raised, public_exception
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want, got = outcome(fn, np), outcome(fn, gp)
    we, ge = raised(want), raised(got)
    if we is not None or ge is not None:
        assert we is not None and ge is not None, (want, got)
        assert public_exception(type(ge)) is public_exception(type(we)), \
            (ge, we)
        return None, None
    check(got, want)
    return got, want


_X = np.arange(1.0, 13.0).reshape(3, 4) / 13.0


def _input(name, xp):
    """The same (3, 4) input for NumPy and gpuarray: real where the
    transform wants it, complex otherwise."""
    real = name in ("rfft", "ihfft") or name.startswith("rfft")
    return xp.asarray(_X if real else _X + 0.5j * _X[::-1])


@pytest.mark.parametrize("name", ALL_TRANSFORMS)
@pytest.mark.parametrize("out", ["npscalar", "0d", "list", "wrong_shape",
                                 "int8", "wrong_rank"])
def test_out_checked_in_numpys_order(name, out):
    """Anything with a shape (a NumPy scalar too) is checked for the
    result's rank and transform length before it must be an array; the
    transforms that drop out= under the installed NumPy (hfft, ifft2,
    irfft2 before 2.5) drop it here too."""
    def make(xp):
        return {"npscalar": np.float64(0.0),
                "0d": xp.zeros((), np.int64),
                "list": [0.0],
                "wrong_shape": xp.zeros((7, 7)),
                "int8": xp.zeros((3, 4), np.int8),
                "wrong_rank": xp.zeros((3, 4, 1), np.complex128)}[out]
    same_outcome(lambda xp: getattr(xp.fft, name)(_input(name, xp),
                                                  out=make(xp)))


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("n", [True, False, np.True_])
def test_bool_n(name, n):
    """n=True: NumPy's allocation of the result takes no bool in its
    shape (TypeError), except rfft's n // 2 + 1; n=False is too few
    points (ValueError)."""
    same_outcome(lambda xp: getattr(xp.fft, name)(_input(name, xp), n=n))
    same_outcome(lambda xp: getattr(xp.fft, name)(
        _input(name, xp), n=n, out=xp.zeros(
            (3, 1), np.float64 if name in ("irfft", "hfft")
            else np.complex128)))


@pytest.mark.parametrize("name", ["fftn", "rfftn", "irfftn", "ifft2"])
def test_bool_in_s(name):
    same_outcome(lambda xp: getattr(xp.fft, name)(_input(name, xp),
                                                  s=(2, True), axes=(0, 1)))


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@pytest.mark.parametrize("x", [np.array(0.5), np.float64(0.25), True,
                               np.int8(3), 2 ** 63], ids=repr)
def test_shift_of_a_scalar(name, x):
    """NumPy's fftshift of a 0-d array rolls along no axis, and its roll
    then fails (ValueError); gpuarray's roll refuses it alike."""
    same_outcome(lambda xp: getattr(xp.fft, name)(x))
    same_outcome(lambda xp: getattr(xp.fft, name)(x, axes=()))
    same_outcome(lambda xp: xp.roll(xp.asarray(np.array(2.0)), 1, axis=()))


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("n", [2 ** 70, 2 ** 63, np.uint64(2 ** 64 - 1)],
                         ids=repr)
def test_freq_of_a_length_past_ssize_t(name, n):
    same_outcome(lambda xp: getattr(xp.fft, name)(n))
