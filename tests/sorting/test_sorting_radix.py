"""The radix sort engine (csrc/ops/sort.c, csrc/jit/sort_codegen.c)
against NumPy: every dtype's key transform (NaN last, +-inf, -0.0 and 0.0
equal and kept in input order, complex order), stability through argsort,
lengths around the tile sizes of both backends, rows (segmented sorts),
every axis, non-contiguous input, descending keys, lexsort chains, the
engine's argument errors, and the CUDA text compiled with NVRTC."""
import os

import numpy as np
import pytest

import gpuarray as gp
from conftest import NvrtcBatch, nvrtc_or_skip

# tile sizes: host 16384 keys, CUDA 256 threads x 15 keys
TILES = (16384, 3840)
LENGTHS = sorted({0, 1, 2, 3, 255, 256, 257} |
                 {t + d for t in TILES for d in (-1, 0, 1)} |
                 {3 * 16384 + 7})
REAL = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32,
        np.uint32, np.int64, np.uint64, np.float16, np.float32, np.float64]
ALL = REAL + [np.complex64, np.complex128]


def data(n, dt, seed=0, pattern="random"):
    rng = np.random.default_rng(seed)
    dt = np.dtype(dt)
    if dt.kind == "b":
        x = rng.integers(0, 2, n).astype(bool)
    elif dt.kind in "iu":
        info = np.iinfo(dt)
        x = rng.integers(info.min, info.max, n, endpoint=True, dtype=dt)
        if n > 10:   # ties and the extremes
            x[::5] = x[0]
            x[1], x[2] = info.min, info.max
    elif dt.kind == "f":
        x = (rng.standard_normal(n) * 100).astype(dt)
        if n > 20:
            x[::7] = np.nan
            x[::11] = -0.0
            x[::13] = 0.0
            x[::17] = np.inf
            x[::19] = -np.inf
            x[::23] = -np.nan   # another NaN bit pattern
            x[::9] = np.round(x[::9])
    else:
        part = data(n, np.float32 if dt.itemsize == 8 else np.float64, seed)
        im = data(n, part.dtype, seed + 1)
        x = np.empty(n, dt)
        x.real, x.imag = part, im
        if n > 6:
            x[::3] = x[::3].real   # many equal real parts
    if pattern == "sorted":
        x = np.sort(x, kind="stable")
    elif pattern == "reversed":
        x = np.sort(x, kind="stable")[::-1].copy()
    elif pattern == "equal":
        x = np.full(n, x[0] if n else 0, dt)
    elif pattern == "ties":
        x = x[rng.integers(0, 3, n)] if n else x
    return x


def bits(x):
    """x as raw bits (exact comparison: -0.0 and NaN payloads count)."""
    if x.dtype.kind == "b":
        return x.view(np.uint8)
    if x.dtype.kind == "c":
        return x.view(np.dtype("u%d" % (x.itemsize // 2)))
    return x.view(np.dtype("u%d" % x.itemsize))


def check_sort(x, axis=-1):
    g = gp.asarray(x)
    want_k = np.sort(x, axis=axis, kind="stable")
    want_i = np.argsort(x, axis=axis, kind="stable")
    got_k = gp.sort(g, axis=axis).get()
    got_i = gp.argsort(g, axis=axis).get()
    assert got_k.dtype == want_k.dtype and got_k.shape == want_k.shape
    np.testing.assert_array_equal(bits(got_k), bits(want_k))
    np.testing.assert_array_equal(got_i, want_i)


@pytest.mark.parametrize("dt", ALL, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", LENGTHS)
def test_lengths_every_dtype(dt, n):
    check_sort(data(n, dt, seed=n))


@pytest.mark.parametrize("dt", [np.int8, np.uint32, np.int64, np.float16,
                                np.float32, np.float64, np.complex64])
@pytest.mark.parametrize("pattern", ["sorted", "reversed", "equal", "ties"])
def test_patterns(dt, pattern):
    for n in (5, 3841, 40000):
        check_sort(data(n, dt, seed=3, pattern=pattern))


def test_specials_float_order():
    x = np.array([np.nan, 1.0, -0.0, np.inf, 0.0, -np.inf, -1.0, -0.0,
                  -np.nan, 0.0, 5e-324, -5e-324, np.finfo(np.float64).max,
                  np.finfo(np.float64).min], np.float64)
    for dt in (np.float16, np.float32, np.float64):
        with np.errstate(over="ignore"):
            check_sort(x.astype(dt))


def test_complex_nan_classes():
    n = np.nan
    x = np.array([complex(1, n), complex(n, 1), complex(n, n), 1 + 2j,
                  1 + 1j, complex(0, n), complex(n, 0), 0j, -0.0 + 0j,
                  complex(-0.0, -0.0), complex(1, -np.inf), complex(np.inf, 0)])
    for dt in (np.complex64, np.complex128):
        check_sort(np.tile(x, 50).astype(dt))


def test_stability_many_ties():
    x = np.repeat(np.arange(7, dtype=np.float32), 5000)
    np.random.default_rng(1).shuffle(x)
    check_sort(x)


@pytest.mark.parametrize("shape", [(3, 4, 5), (7, 40000), (40000, 3),
                                   (300, 200), (2, 3, 16385)])
@pytest.mark.parametrize("dt", [np.float32, np.int16, np.uint64])
def test_every_axis(shape, dt):
    x = data(int(np.prod(shape)), dt, seed=2).reshape(shape)
    for ax in list(range(-len(shape), len(shape))) + [None]:
        check_sort(x, axis=ax)


def test_many_short_rows_and_row_digits():
    # 70000 rows: three row digits above the key digits
    x = data(70000 * 3, np.int32, seed=4).reshape(70000, 3)
    check_sort(x)
    check_sort(x.astype(np.float64), axis=0)


def test_non_contiguous_inputs():
    x = data(60000, np.float32, seed=5).reshape(200, 300)
    g = gp.asarray(x)
    for sl in (np.s_[::2, ::3], np.s_[::-1, 5:], np.s_[:, ::-2]):
        np.testing.assert_array_equal(
            bits(gp.sort(g[sl]).get()), bits(np.sort(x[sl], kind="stable")))
        np.testing.assert_array_equal(
            gp.argsort(g[sl], axis=0).get(),
            np.argsort(x[sl], axis=0, kind="stable"))
    np.testing.assert_array_equal(gp.argsort(g.T).get(),
                                  np.argsort(x.T, kind="stable"))


def test_method_sort_in_place():
    x = data(20000, np.float64, seed=6).reshape(4, 5000)
    g = gp.asarray(x)
    g.sort(axis=0)
    x.sort(axis=0, kind="stable")
    np.testing.assert_array_equal(bits(g.get()), bits(x))


def test_lexsort_chains_stable_passes():
    rng = np.random.default_rng(7)
    a = rng.integers(0, 3, 50000)
    b = rng.standard_normal(50000).round().astype(np.float32)
    c = rng.integers(0, 5, 50000).astype(np.uint8)
    got = gp.lexsort([gp.asarray(a), gp.asarray(b), gp.asarray(c)]).get()
    np.testing.assert_array_equal(got, np.lexsort([a, b, c]))
    k = np.stack([a, c.astype(np.int64)])
    np.testing.assert_array_equal(gp.lexsort(gp.asarray(k)).get(),
                                  np.lexsort(k))


def test_sort_complex():
    x = data(5000, np.float32, seed=8)
    np.testing.assert_array_equal(gp.sort_complex(gp.asarray(x)).get(),
                                  np.sort_complex(x))
    z = data(5000, np.complex128, seed=8)
    got = gp.sort_complex(gp.asarray(z)).get()
    np.testing.assert_array_equal(got, np.sort_complex(z))
    np.testing.assert_array_equal(bits(got), bits(np.sort(z, kind="stable")))


def engine(x, rows=1, desc=False, keys=True, index=True):
    g = gp.asarray(x)
    k = gp.empty(x.shape, x.dtype) if keys else None
    i = gp.empty(x.shape, np.int64) if index else None
    gp._core._radix_sort(g, rows, k, i, desc)
    return (k.get() if keys else None), (i.get() if index else None)


@pytest.mark.parametrize("dt", [np.uint8, np.int32, np.uint64, np.float32])
@pytest.mark.parametrize("n", [5000, 40000])   # a block per row / onesweep
def test_descending(dt, n):
    x = data(n, dt, seed=9)
    k, i = engine(x, desc=True)
    if np.dtype(dt).kind == "u":
        want = np.argsort(np.iinfo(dt).max - x, kind="stable")
    elif np.dtype(dt).kind == "i":
        want = np.argsort(-(x.astype(np.int64)) - 1, kind="stable")
    else:   # NaN first, then descending; -0.0 == 0.0 kept in order
        key = np.where(np.isnan(x), -np.inf, -x.astype(np.float64))
        key[np.isnan(x)] = -np.inf
        nan = np.isnan(x)
        want = np.lexsort([key, ~nan])
    np.testing.assert_array_equal(i, want)
    np.testing.assert_array_equal(bits(k), bits(x[want]))


def test_engine_keys_or_index_alone_and_rows():
    x = data(5 * 7000, np.int64, seed=10).reshape(5, 7000)
    k, _ = engine(x, rows=5, index=False)
    np.testing.assert_array_equal(k, np.sort(x, axis=1))
    _, i = engine(x, rows=5, keys=False)
    np.testing.assert_array_equal(i, np.argsort(x, axis=1, kind="stable"))


def test_engine_errors():
    g = gp.asarray(np.arange(12, dtype=np.float32))
    out = gp.empty((12,), np.float32)
    with pytest.raises(ValueError):
        gp._core._radix_sort(g, 5, out, None)     # rows must divide
    with pytest.raises(ValueError):
        gp._core._radix_sort(g, 1, None, None)    # nothing to write
    with pytest.raises(ValueError):
        gp._core._radix_sort(g, 1, gp.empty((11,), np.float32), None)
    with pytest.raises(ValueError):
        gp._core._radix_sort(g, 1, gp.empty((12,), np.float64), None)
    with pytest.raises(ValueError):
        gp._core._radix_sort(g, 1, None, gp.empty((12,), np.int32))
    with pytest.raises(ValueError):
        gp._core._radix_sort(g, 1, g, None)       # in place
    with pytest.raises(ValueError):
        gp._core._radix_sort(g[::2], 1, gp.empty((6,), np.float32), None)
    with pytest.raises(TypeError):
        gp._core._radix_sort(gp.asarray(np.arange(4) + 0j), 1,
                             gp.empty((4,), np.complex128), None)
    with pytest.raises(TypeError):
        gp._core._radix_sort(g, 1, np.empty(12, np.float32), None)


# one text per (size, kind) of key and width of index payload; bool's is
# uint8's
NVRTC_CASES = [(dt, 4, 90) for dt in REAL if dt is not np.bool_] + \
    [(np.float64, 8, 90), (np.uint32, 8, 90), (np.float32, 4, 75)]
# element widths of the compaction texts
COMPACT_WIDTHS = [1, 2, 4, 8, 16]


@pytest.fixture(scope="module")
def nvrtc_texts():
    """This file's CUDA texts by architecture, each architecture's one NVRTC
    program (tests/nvrtc_batch.py); a test still fails on its own text's
    NVRTC error."""
    def texts(arch):
        t = {("sort", dt, vb): gp._core._sort_source(np.dtype(dt), vb)
             for dt, vb, a in NVRTC_CASES if a == arch}
        if arch == 90:
            t.update({("compact", eb): gp._core._compact_source(eb)
                      for eb in COMPACT_WIDTHS})
            t["count"] = count_kernels()
        return t
    return {arch: NvrtcBatch(lambda arch=arch: texts(arch), arch)
            for arch in (75, 90)}


@pytest.mark.parametrize("dt,vb,arch", NVRTC_CASES,
                         ids=lambda v: str(np.dtype(v)) if isinstance(v, type)
                         else str(v))
def test_sort_kernels_compile_with_nvrtc(dt, vb, arch, nvrtc_texts):
    nvrtc_or_skip()
    assert len(nvrtc_texts[arch].check(("sort", dt, vb))) > 1000


@pytest.mark.skipif(not os.environ.get("GPUARRAY_SLOW"),
                    reason="2^31 + 5 elements (set GPUARRAY_SLOW=1): 64-bit "
                    "index payloads; only the size is skipped")
def test_slow_past_2_31_elements():
    n = (1 << 31) + 5
    x = np.random.default_rng(11).integers(0, 1 << 30, n, dtype=np.int32)
    got = gp.argsort(gp.asarray(x)).get()
    np.testing.assert_array_equal(got, np.argsort(x, kind="stable"))


# ---- stream compaction (csrc/ops/compact.c) and the fast gathers of
# Note [Fast gathers] in gpuarray/_indexing.py

CMP_LENGTHS = sorted({0, 1, 2, 5} | {t + d for t in (16384, 4096)
                                     for d in (-1, 0, 1)} | {3 * 16384 + 3})


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint16, np.float32,
                                np.float64, np.complex128],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", CMP_LENGTHS)
def test_mask_compaction(dt, n):
    rng = np.random.default_rng(n)
    x = (rng.standard_normal(n) * 50).astype(dt)
    for p in (0.0, 0.3, 1.0):
        m = rng.random(n) < p
        np.testing.assert_array_equal(gp.asarray(x)[gp.asarray(m)].get(),
                                      x[m])
        np.testing.assert_array_equal(gp.flatnonzero(gp.asarray(m)).get(),
                                      np.flatnonzero(m))


def test_mask_nd_and_nonzero_family():
    rng = np.random.default_rng(12)
    x = rng.standard_normal((30, 7, 90))
    m = x > 0.2
    g, gm = gp.asarray(x), gp.asarray(m)
    np.testing.assert_array_equal(g[gm].get(), x[m])
    np.testing.assert_array_equal(g.T[gm.T].get(), x.T[m.T])
    for a, b in zip(gp.nonzero(gm), np.nonzero(m)):
        np.testing.assert_array_equal(a.get(), b)
    np.testing.assert_array_equal(gp.argwhere(g > 1).get(), np.argwhere(x > 1))
    np.testing.assert_array_equal(
        gp.compress(gp.asarray(m[0, 0]), g, axis=2).get(),
        np.compress(m[0, 0], x, axis=2))
    np.testing.assert_array_equal(gp.extract(gm, g).get(), np.extract(m, x))


def test_take_1d_fast_path():
    rng = np.random.default_rng(13)
    x = rng.standard_normal(50000).astype(np.float32)
    idx = rng.integers(-50000, 50000, (300, 7))
    g = gp.asarray(x)
    np.testing.assert_array_equal(g[gp.asarray(idx)].get(), x[idx])
    np.testing.assert_array_equal(g[::-3][gp.asarray(idx % 100)].get(),
                                  x[::-3][idx % 100])
    np.testing.assert_array_equal(
        g.take(gp.asarray(idx.astype(np.int32))).get(), x.take(idx))
    for bad in (50000, -50001):
        with pytest.raises(IndexError, match="out of bounds"):
            g[gp.asarray(np.array([0, bad, 1]))]
    with pytest.raises(IndexError):
        g.take(gp.asarray(np.array([7, 50000])))


def test_compact_engine_errors():
    m = gp.asarray(np.array([True, False, True]))
    with pytest.raises(ValueError):
        gp._core._compact(gp.asarray(np.arange(3)))       # not a bool mask
    with pytest.raises(ValueError):
        gp._core._compact(m, gp.asarray(np.arange(4)))    # size
    with pytest.raises(TypeError):
        gp._core._compact(m, np.arange(3))
    np.testing.assert_array_equal(
        gp._core._compact(m, gp.asarray(np.arange(3))).get(), [0, 2])


@pytest.mark.parametrize("eb", COMPACT_WIDTHS)
def test_compact_kernels_compile_with_nvrtc(eb, nvrtc_texts):
    nvrtc_or_skip()
    assert len(nvrtc_texts[90].check(("compact", eb))) > 1000


def test_isin_many_test_elements():
    rng = np.random.default_rng(14)
    e = rng.integers(0, 500, (40, 50))
    t = rng.integers(0, 500, 300)
    for inv in (False, True):
        np.testing.assert_array_equal(
            gp.isin(gp.asarray(e), gp.asarray(t), invert=inv).get(),
            np.isin(e, t, invert=inv))
    f = np.array([np.nan, -0.0, 0.0, 1.5, np.inf] * 10)
    tf = np.concatenate([np.array([np.nan, 0.0, np.inf]), np.arange(30.0)])
    np.testing.assert_array_equal(gp.isin(gp.asarray(f), gp.asarray(tf)).get(),
                                  np.isin(f, tf))
    np.testing.assert_array_equal(   # mixed dtypes compare in the common one
        gp.isin(gp.asarray(e.astype(np.int8)), gp.asarray(t + 0.5)).get(),
        np.isin(e.astype(np.int8), t + 0.5))


def test_bincount_atomic_counts():
    rng = np.random.default_rng(15)
    x = rng.integers(0, 300, 70000)
    for dt in (np.int8, np.uint16, np.int64, np.uint64, np.bool_):
        xx = (x % 100).astype(dt)
        np.testing.assert_array_equal(
            gp.bincount(gp.asarray(xx), minlength=150).get(),
            np.bincount(xx, minlength=150))


def count_kernels():
    from gpuarray.statistics import histograms as _histograms
    src = gp._core._ew_source(_histograms._COUNT_BODY, "ll", "ll", 1, 1, 1,
                              False, "count_k")
    src += gp._core._ew_source(_histograms._BIN_BODY, "ddll", "ddll", 3, 1,
                               1, False, "bins_k")
    return src


def test_count_body_compiles_with_nvrtc(nvrtc_texts):
    nvrtc_or_skip()
    assert len(nvrtc_texts[90].check("count")) > 1000


def test_gather1d_engine_errors():
    a = gp.asarray(np.arange(10.0))
    i = gp.asarray(np.array([1, -1, 3]))
    out = gp.empty((3,), np.float64)
    assert gp._core._gather1d(a, i, out) is True
    np.testing.assert_array_equal(out.get(), [1.0, 9.0, 3.0])
    assert gp._core._gather1d(a, gp.asarray(np.array([10])),
                              gp.empty((1,), np.float64)) is False
    with pytest.raises(ValueError):
        gp._core._gather1d(a, i.astype(np.int32), out)
    with pytest.raises(ValueError):
        gp._core._gather1d(a, i, gp.empty((3,), np.float32))


def test_histogram_counts_into_bins():
    # Note [Counting into bins]: NumPy's edge rule, outside values, ints
    rng = np.random.default_rng(16)
    x = np.round(rng.standard_normal(30000) * 3, 1)
    for a, kw in [(x, {}), (x.astype(np.float32), {"bins": 64}),
                  (x, {"bins": [-3, -1, 0, 0.5, 2, 2.5]}),
                  (x, {"range": (-1, 1), "bins": 7}),
                  (x, {"bins": 13, "density": True}),
                  (rng.integers(0, 50, 5000), {"bins": 10}),
                  (np.array([0.0, 1.0, 1.0, 2.0]), {"bins": [0, 1, 2]}),
                  (rng.integers(0, 5, 100).astype(np.uint8), {"bins": 5})]:
        gh, ge = gp.histogram(gp.asarray(a), **kw)
        nh, ne = np.histogram(a, **kw)
        assert gh.dtype == nh.dtype
        np.testing.assert_allclose(gh.get(), nh, rtol=1e-12)
        np.testing.assert_allclose(ge.get(), ne, rtol=1e-12)
