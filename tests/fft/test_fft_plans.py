"""The library layer of gpuarray.fft (csrc/mathlib/fft_*.c): the cuFFT
plan layout checked against cuFFT's addressing rule, the per-device plan
cache API, and the real libcufft resolving every symbol the cuda backend
calls (no GPU needed)."""
import ctypes
import ctypes.util
import glob
import os

import numpy as np
import pytest

import gpuarray as gp
RNG = np.random.default_rng(78)


def rand(shape, dtype):
    x = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x.astype(dtype)


def close(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got.get(), want, rtol=1e-10, atol=1e-10)

# ------------------------------------------------ the plan layout itself
def _gather(layout, arr):
    """What cuFFT reads through `layout` from arr's memory (Note [FFT
    layout]), as a (loops..., batch, n...) array of arr's values: host
    memory read in place (its tests are marked host_numpy)."""
    item = arr.itemsize
    a = np.asarray(arr)
    span = sum((d - 1) * s for d, s in zip(a.shape, a.strides)) // item + 1
    flat = np.lib.stride_tricks.as_strided(a, (span,), (item,))
    ext = list(layout["n"])
    if layout["kind"] == 2:
        ext[-1] = ext[-1] // 2 + 1
    emb, st = layout["inembed"], layout["istride"]
    addr = np.zeros((), np.int64)
    for cnt, di, _ in layout["loops"]:
        addr = addr[..., None] + np.arange(cnt) * di
    addr = addr[..., None] + np.arange(layout["batch"]) * layout["idist"]
    inner = np.zeros((), np.int64)
    for k, e in enumerate(ext):
        inner = inner[..., None] * (emb[k] if k else 1) + np.arange(e)
    return flat[addr[(...,) + (None,) * len(ext)] + inner * st]


def host(a):
    """a on the host device whatever the default device is (the layout is
    device-independent, and _gather reads the memory through NumPy)."""
    return gp.from_dlpack(np.ascontiguousarray(a), device="host")


def _ids(shape):
    return np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)


@pytest.mark.parametrize("make", [
    lambda i: host(i),
    lambda i: host(np.ascontiguousarray(i.T)).T,
    lambda i: host(np.ascontiguousarray(i.transpose(1, 2, 0, 3)))
    .transpose(2, 0, 1, 3),
    lambda i: host(np.stack([i, -i], axis=-1).reshape(
        i.shape[:-1] + (-1,)))[..., ::2],
])
@pytest.mark.parametrize("axes", [(3,), (0,), (1,), (2, 3), (0, 3),
                                  (3, 1), (0, 1, 2), (1, 3, 0)])
@pytest.mark.host_numpy
def test_layout_addresses_every_element_once(make, axes):
    """Gathering through the layout (cuFFT's formula) visits each element
    once, and transform index k runs along array axis order[k]."""
    shape = (3, 4, 5, 6)
    ids = _ids(shape).astype(np.complex128)
    x = make(ids)
    y = host(np.empty(shape, np.complex128))
    L = gp._core._fft_layout(x, y, axes, 0)
    if L is None:           # the driver copies; a C copy always works
        x = x.copy()
        L = gp._core._fft_layout(x, y, axes, 0)
    assert L is not None
    assert sorted(L["order"]) == sorted(axes)
    got = _gather(L, x).real.astype(np.int64)
    assert sorted(got.ravel()) == list(range(ids.size))
    idx = np.unravel_index(got, shape)
    r = len(L["n"])
    for k, ax in enumerate(L["order"]):
        pos = np.arange(L["n"][k]).reshape((-1,) + (1,) * (r - 1 - k))
        assert np.all(idx[ax] == pos), (k, ax)


@pytest.mark.host_numpy
def test_layout_real_transforms_and_output_side():
    ids = _ids((4, 6, 10))
    x = host(ids)
    y = host(np.empty((4, 6, 6), np.complex128))
    L = gp._core._fft_layout(x, y, (0, 2), 1)
    assert L["order"] == (0, 2) and L["n"] == (4, 10)
    assert L["onembed"][1] * L["ostride"] >= 6
    got = _gather(L, x).astype(np.int64)
    idx = np.unravel_index(got, ids.shape)
    assert np.all(idx[2] == np.arange(10))
    # C2R reads the half-length complex side
    z = host(ids[:, :, :6] + 0j)
    w = host(np.empty((4, 6, 10), np.float64))
    L = gp._core._fft_layout(z, w, (1, 2), 2)
    assert L["n"] == (6, 10) and L["batch"] == 4
    assert L["inembed"] == (6, 6) and L["onembed"] == (6, 10)


def test_layout_says_copy_for_what_cufft_cannot_read():
    x = host(rand((8, 8), np.complex128))
    y = host(np.empty((8, 8), np.complex128))
    assert gp._core._fft_layout(x[:, ::-1], y, (1,), 0) is None
    # a zero-stride (broadcast) view made in place: broadcast_to would move
    # the row to the current device first
    bc = gp._core._as_strided(host(rand((8,), np.complex128)), (8, 8),
                              (0, 16), 0, False)
    assert gp._core._fft_layout(bc, y, (1,), 0) is None
    # the real axis of R2C must be innermost in the plan
    xr = host(rand((8, 8), np.float64))
    assert gp._core._fft_layout(xr, host(np.empty((5, 8), np.complex128)),
                                (0,), 1)["istride"] == 8
    with pytest.raises(ValueError):
        gp._core._fft_layout(x, host(np.empty((8, 5), np.complex128)),
                             (1,), 0)
    with pytest.raises(ValueError):
        gp._core._fft_layout(x, y, (1,), 1)      # R2C of complex input
    with pytest.raises(TypeError):
        gp._core._fft_layout(x, y, (0, 1, 0, 1), 0)


@pytest.mark.host_numpy
def test_layout_loops_for_unmergeable_batches():
    # F order in, C order out: the batch axes 0 and 2 don't merge
    xc = host(np.ascontiguousarray(
        _ids((6, 4, 5)).astype(np.complex128).T))
    y = host(np.empty((5, 4, 6), np.complex128))
    L = gp._core._fft_layout(xc, y, (1,), 0)
    assert L is not None and L["batch"] in (5, 6)
    assert len(L["loops"]) == 1 and L["loops"][0][0] in (5, 6)
    got = _gather(L, xc).real.astype(np.int64)
    assert sorted(got.ravel()) == list(range(120))
    close(gp.fft.fft(xc, axis=1), np.fft.fft(xc.get(), axis=1))


# ----------------------------------------------------------- plan cache
def test_plan_cache_api():
    cache = gp.fft.config.get_plan_cache()
    old = cache.get_size()
    try:
        cache.clear()
        assert cache.get_curr_size() == 0 and len(cache) == 0
        cache.set_size(2)
        assert cache.get_size() == 2 and cache.size == 2
        x = gp.asarray(rand((4, 16), np.complex128))
        gp.fft.fft(x)
        gp.fft.fft(x)                 # same plan: one entry
        assert cache.get_curr_size() == 1
        gp.fft.fft(x, n=8)
        gp.fft.rfft(x.real.copy())
        assert cache.get_curr_size() == 2   # the oldest was evicted
        kinds = [p["kind"] for p in cache.plans()]
        assert kinds == ["R2C", "C2C"]
        assert cache.plans()[1]["n"] == (8,)
        cache.set_size(1)
        assert cache.get_curr_size() == 1
        cache.set_size(0)             # no caching
        gp.fft.fft(x)
        assert cache.get_curr_size() == 0
        cache.set_size(4)
        gp.fft.fft(x)
        work = cache.plans()[0]["worksize"]   # 0 on host
        assert cache.get_curr_memsize() == work
        cache.clear()
        cache.set_memsize(0)          # only plans without a work area
        gp.fft.fft(x)
        assert cache.get_curr_size() == (1 if work == 0 else 0)
        assert cache.get_memsize() == 0 and cache.get_curr_memsize() == 0
        cache.set_memsize(-1)
        with pytest.raises(ValueError):
            cache.set_size(-1)
        with pytest.raises(ValueError):
            cache.set_memsize(-2)
        assert "PlanCache" in repr(cache)
    finally:
        cache.set_size(old)
        cache.set_memsize(-1)
        cache.clear()


def test_plan_cache_show_info(capsys):
    cache = gp.fft.config.get_plan_cache()
    cache.clear()
    gp.fft.fft2(gp.asarray(rand((8, 8), np.complex64)))
    cache.show_info()
    text = capsys.readouterr().out
    assert "plans: 1 / " in text and "C2C prec=4 n=(8, 8)" in text
    cache.clear()
    assert cache.get_curr_size() == 0


# ----------------------------------------------------- cuFFT, no GPU needed
def _cufft_paths():
    return sorted(glob.glob("/usr/local/cuda/lib64/libcufft.so.1[12]"))


def test_cufft_symbols_resolve_in_the_real_library():
    paths = _cufft_paths()
    if not paths:
        pytest.skip("no libcufft in /usr/local/cuda/lib64")
    names = gp._core._fft_symbols()
    assert "cufftXtMakePlanMany" in names and "cufftSetWorkArea" in names
    for path in paths:
        assert gp._core._fft_check_library(path) == ("libcufft.so.12",
                                                     "libcufft.so.11")
        lib = ctypes.CDLL(path)
        for name in names:
            assert getattr(lib, name) is not None
    # the search of the loader finds it too (CUDA_HOME / default folder)
    gp._core._fft_check_library()


def test_cufft_missing_library_is_a_clear_import_error():
    with pytest.raises(ImportError, match="cannot open"):
        gp._core._fft_check_library("/nonexistent/libcufft.so.12")
    # a library that lacks the entry points is named as such
    libm = ctypes.util.find_library("m")
    if libm:
        with pytest.raises(ImportError, match="lacks cufftCreate"):
            gp._core._fft_check_library(libm)


def test_cufft_absent_gives_one_clear_error():
    """A machine without cuFFT (here: the override pointing nowhere, which
    is then the only place searched) gets ImportError naming cuFFT and
    the pip package."""
    import subprocess
    import sys
    code = ("import gpuarray as gp\n"
            "try:\n"
            "    gp._core._fft_check_library()\n"
            "except ImportError as e:\n"
            "    print('ERR', e)\n")
    env = dict(os.environ, GPUARRAY_CUFFT_PATH="/nonexistent/cufft")
    res = subprocess.run([sys.executable, "-c", code], env=env,
                         capture_output=True, text=True, timeout=120,
                         cwd=os.path.dirname(os.path.dirname(
                             os.path.dirname(os.path.abspath(__file__)))))
    assert res.stdout.startswith("ERR"), res.stdout + res.stderr
    assert "cuFFT" in res.stdout and "nvidia-cufft" in res.stdout


def test_real_axis_not_innermost_splits_instead_of_copying(monkeypatch):
    """rfft2(a, axes=(1, 0)) of a C array: the real axis 0 can't be the
    innermost of one R2C plan; the driver runs R2C over axis 0 and C2C
    over axis 1 in place rather than copying the arrays."""
    from gpuarray.fft import _driver
    seen = []
    real = _driver._exec

    def spy(x, y, g, kind, forward, norm, scratch, staged=False):
        seen.append((tuple(g), kind, staged))
        return real(x, y, g, kind, forward, norm, scratch, staged)

    monkeypatch.setattr(_driver, "_exec", spy)
    x = rand((6, 8), np.float64)
    close(gp.fft.rfft2(gp.asarray(x), axes=(1, 0)),
          np.fft.rfft2(x, axes=(1, 0)))
    assert not any(st for _, _, st in seen)
    assert ((0,), _driver.R2C, False) in seen
    seen.clear()
    z = np.fft.rfft2(x, axes=(1, 0))
    close(gp.fft.irfft2(gp.asarray(z), s=(8, 6), axes=(1, 0)),
          np.fft.irfft2(z, s=(8, 6), axes=(1, 0)))
    assert not any(st for _, _, st in seen)


def test_cufft_constants_match_the_toolkit_headers():
    """The enum values fft_cufft.c declares (it includes no CUDA header)
    are the toolkit's: data types, directions, result names."""
    import re
    inc = "/usr/local/cuda/include"
    if not os.path.exists(os.path.join(inc, "cufft.h")):
        pytest.skip("no CUDA toolkit headers here")
    ours = gp._core._fft_constants()
    types = open(os.path.join(inc, "library_types.h")).read()
    for name in ("CUDA_R_32F", "CUDA_R_64F", "CUDA_C_32F", "CUDA_C_64F"):
        m = re.search(r"\b%s\s*=\s*(\d+)" % name, types)
        assert m and int(m.group(1)) == ours[name], name
    cufft = open(os.path.join(inc, "cufft.h")).read()
    for name in ("CUFFT_FORWARD", "CUFFT_INVERSE"):
        m = re.search(r"#define\s+%s\s+(-?\d+)" % name, cufft)
        assert m and int(m.group(1)) == ours[name], name
    results = re.findall(r"\b(CUFFT_[A-Z_0-9]+)\s*=\s*(0x[0-9A-Fa-f]+)",
                         cufft[cufft.index("cufftResult_t"):])
    checked = 0
    for name, val in results:
        v = int(val, 16)
        if name.startswith(("CUFFT_R2C", "CUFFT_C2R", "CUFFT_C2C",
                            "CUFFT_D2Z", "CUFFT_Z2D", "CUFFT_Z2Z")):
            break                   # the next enum (cufftType) begins
        assert ours["results"][v] == name, (name, v)
        checked += 1
    assert checked >= 15
