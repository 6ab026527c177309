"""Reductions, scans and statistics against NumPy (issue 4).

Kernel budget: each (op, dtype) pair is one compiled module (every layout
and strategy of it is in the module), so dtypes are swept per function
with one op, and layouts/axes with one or two dtypes.
"""
import numpy as np
import pytest

import gpuarray as gp
from conftest import NvrtcBatch, nvrtc_or_skip
from gpuarray.testing.parity import assert_same

ALL = [np.dtype(t) for t in (
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
    np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64,
    np.complex128)]
AXES = [None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2), ()]


def ids(d):
    return np.dtype(d).name


def make(shape, dtype, seed=0, lo=None, hi=None):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    n = int(np.prod(shape))
    if dtype.kind == "b":
        v = rng.integers(0, 2, n).astype(bool)
    elif dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo_ = max(info.min, -50) if lo is None else max(lo, info.min)
        hi_ = min(info.max, 50) if hi is None else hi
        v = rng.integers(lo_, hi_, n, endpoint=True, dtype=dtype)
    elif dtype.kind == "f":
        v = (rng.standard_normal(n) * 4).astype(dtype)
    else:
        v = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(
            dtype)
    return v.reshape(shape)


_RTOL = {"e": 2e-2, "f": 2e-5, "F": 2e-5, "default": 1e-11}


def check(g, r, rtol=None, atol=0.0, exact=False):
    """g (gpuarray) matches r (NumPy): type, shape, dtype, values."""
    assert_same(g, np.asarray(r), rtol=_RTOL if rtol is None else rtol,
                atol=atol, exact=exact, device=True)


# ---------------------------------------------------------------------------
# every dtype, every axis combination (sum and max: one module per dtype)

@pytest.mark.parametrize("dt", ALL, ids=ids)
def test_sum_all_dtypes_axes(dt):
    x = make((3, 4, 5), dt)
    a = gp.asarray(x)
    for ax in AXES:
        check(gp.sum(a, axis=ax), np.sum(x, axis=ax),
              atol=1e-2 if dt == np.float16 else 0)
    check(a.sum(axis=1, keepdims=True), x.sum(axis=1, keepdims=True),
          atol=1e-2 if dt == np.float16 else 0)


@pytest.mark.parametrize("dt", ALL, ids=ids)
def test_max_all_dtypes_axes(dt):
    x = make((3, 4, 5), dt, lo=np.iinfo(dt).min if dt.kind in "iu" else None,
             hi=np.iinfo(dt).max if dt.kind in "iu" else None)
    a = gp.asarray(x)
    for ax in AXES:
        check(gp.max(a, axis=ax), np.max(x, axis=ax), exact=True)
    check(gp.amax(a, axis=0, keepdims=True), np.amax(x, 0, keepdims=True),
          exact=True)


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint64, np.float16,
                                np.float64, np.complex64], ids=ids)
def test_min(dt):
    x = make((3, 4, 5), dt)
    a = gp.asarray(x)
    for ax in [None, 0, (1, 2), -1]:
        check(gp.min(a, axis=ax), np.min(x, axis=ax), exact=True)
    check(a.min(), x.min(), exact=True)


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint32, np.float16,
                                np.float32, np.complex64], ids=ids)
def test_prod(dt):
    x = make((3, 4, 5), dt, lo=-3, hi=3)
    if np.dtype(dt).kind in "fc":
        x = (x / 4 + 1).astype(dt)
    a = gp.asarray(x)
    for ax in [None, 0, 2, (0, 1)]:
        check(gp.prod(a, axis=ax), np.prod(x, axis=ax),
              rtol=5e-2 if dt == np.float16 else None)
    check(a.prod(axis=1), x.prod(axis=1),
          rtol=5e-2 if dt == np.float16 else None)


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint16, np.int64,
                                np.float16, np.float32, np.complex128],
                         ids=ids)
def test_argmax_first_occurrence(dt):
    x = make((4, 6, 5), dt, lo=-2, hi=2)  # many ties
    if np.dtype(dt).kind in "fc":
        x = np.round(x).astype(dt)
    a = gp.asarray(x)
    for ax in [None, 0, 1, 2, -1]:
        check(gp.argmax(a, axis=ax), np.argmax(x, axis=ax))
    check(a.argmax(axis=1, keepdims=True), x.argmax(axis=1, keepdims=True))
    check(gp.argmax(a[:, ::-2, :], axis=None),
          np.argmax(x[:, ::-2, :], axis=None))
    xf = np.asfortranarray(x)
    check(gp.argmax(gp.asarray(xf)), np.argmax(xf))


@pytest.mark.parametrize("dt", [np.int32, np.float64, np.complex64], ids=ids)
def test_argmin(dt):
    x = np.round(make((5, 7), dt, lo=-3, hi=3)).astype(dt)
    a = gp.asarray(x)
    for ax in [None, 0, 1]:
        check(gp.argmin(a, axis=ax), np.argmin(x, axis=ax))
    check(a.T.argmin(), x.T.argmin())


@pytest.mark.parametrize("dt", [np.bool_, np.int16, np.float32,
                                np.complex64], ids=ids)
def test_all_any(dt):
    x = make((3, 4, 5), dt, lo=0, hi=3)
    x[0] = 0
    x[1, 1:] = 1 if dt != np.bool_ else True
    a = gp.asarray(x)
    for ax in [None, 0, 1, 2, (0, 2)]:
        check(gp.all(a, axis=ax), np.all(x, axis=ax))
        check(gp.any(a, axis=ax), np.any(x, axis=ax))
    check(a.all(), x.all())
    check(a.any(axis=0, keepdims=True), x.any(axis=0, keepdims=True))


@pytest.mark.parametrize("dt", [np.int16, np.uint8, np.float16, np.float32,
                                np.float64, np.complex64], ids=ids)
def test_mean_var_std(dt):
    x = make((4, 5, 6), dt)
    a = gp.asarray(x)
    rtol = 2e-2 if dt == np.float16 else (1e-4 if np.dtype(dt).char in "fF"
                                          else 1e-10)
    for ax in [None, 0, 2, (0, 1)]:
        check(gp.mean(a, axis=ax), np.mean(x, axis=ax), rtol=rtol)
        for ddof in (0, 1):
            check(gp.var(a, axis=ax, ddof=ddof),
                  np.var(x, axis=ax, ddof=ddof), rtol=rtol)
            check(gp.std(a, axis=ax, ddof=ddof),
                  np.std(x, axis=ax, ddof=ddof), rtol=rtol)
    check(a.mean(axis=1, keepdims=True), x.mean(axis=1, keepdims=True),
          rtol=rtol)
    check(a.var(), x.var(), rtol=rtol)
    check(a.std(axis=2), x.std(axis=2), rtol=rtol)


def test_var_dtype_and_where():
    x = make((6, 7), np.float32)
    a = gp.asarray(x)
    check(gp.var(a, dtype=np.float64), np.var(x, dtype=np.float64))
    w = make((6, 7), np.bool_, seed=3)
    check(gp.mean(a, axis=1, where=gp.asarray(w)), np.mean(x, 1, where=w))
    check(gp.var(a, axis=0, where=gp.asarray(w)), np.var(x, 0, where=w),
          rtol=1e-4)


def test_var_large_offset_stable():
    # one pass but stable: a big common offset does not cancel variance
    x = (np.random.default_rng(1).random(100000) + 1e4).astype(np.float64)
    check(gp.var(gp.asarray(x)), np.var(x), rtol=1e-9)


# ---------------------------------------------------------------------------
# NaN handling

NAN_DT = [np.float32, np.float64, np.complex64]


def nan_data(dt):
    x = make((4, 5), dt)
    x[0, 1] = np.nan
    x[2, :] = np.nan  # an all-NaN row
    x[3, 4] = np.nan
    return x


@pytest.mark.parametrize("dt", NAN_DT, ids=ids)
def test_nan_min_max(dt):
    x = nan_data(dt)
    a = gp.asarray(x)
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for ax in [None, 0, 1]:
                check(gp.max(a, axis=ax), np.max(x, axis=ax), exact=True)
                check(gp.nanmax(a, axis=ax), np.nanmax(x, axis=ax),
                      exact=True)
                check(gp.nanmin(a, axis=ax), np.nanmin(x, axis=ax),
                      exact=True)
                check(gp.argmax(a, axis=ax), np.argmax(x, axis=ax))


@pytest.mark.parametrize("dt", NAN_DT, ids=ids)
def test_nan_min_max_warn_on_all_nan_slices(dt):
    # NumPy's RuntimeWarning, once per call, only where a result is NaN
    import warnings
    x = nan_data(dt)
    for fn, ax in [("nanmax", None), ("nanmax", 1), ("nanmin", 0),
                   ("nanmin", 1)]:
        got = []
        for xp, arr in ((np, x), (gp, gp.asarray(x))):
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                getattr(xp, fn)(arr, axis=ax)
            got.append([(r.category, str(r.message)) for r in w])
        assert got[0] == got[1], (fn, ax, got)


@pytest.mark.parametrize("dt", NAN_DT, ids=ids)
def test_nan_sums_means(dt):
    import warnings
    x = nan_data(dt)
    a = gp.asarray(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for ax in [None, 0, 1]:
            check(gp.nansum(a, axis=ax), np.nansum(x, axis=ax))
            check(gp.nanprod(a, axis=ax), np.nanprod(x, axis=ax))
            check(gp.nanmean(a, axis=ax), np.nanmean(x, axis=ax))
            check(gp.nanvar(a, axis=ax), np.nanvar(x, axis=ax), rtol=1e-4)
            check(gp.nanstd(a, axis=ax, ddof=1),
                  np.nanstd(x, axis=ax, ddof=1), rtol=1e-4)
            check(gp.sum(a, axis=ax), np.sum(x, axis=ax))
            check(gp.nancumsum(a, axis=ax), np.nancumsum(x, axis=ax))
        check(gp.nancumprod(a, axis=1), np.nancumprod(x, axis=1))


@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=ids)
def test_nanargmax(dt):
    x = nan_data(dt)
    a = gp.asarray(x)
    check(gp.nanargmax(a), np.nanargmax(x))
    check(gp.nanargmin(a, axis=0), np.nanargmin(x, axis=0))
    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        gp.nanargmax(a, axis=1)
    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        np.nanargmax(x, axis=1)


# ---------------------------------------------------------------------------
# empty and size-1 axes, identities and errors

def test_empty_reductions():
    x = np.zeros((0, 3), np.float64)
    a = gp.asarray(x)
    check(gp.sum(a), np.sum(x))
    check(gp.sum(a, axis=0), np.sum(x, axis=0))
    check(gp.sum(a, axis=1), np.sum(x, axis=1))
    check(gp.prod(a, axis=0), np.prod(x, axis=0))
    check(gp.all(a, axis=0), np.all(x, axis=0))
    check(gp.any(a), np.any(x))
    check(gp.max(a, axis=1), np.max(x, axis=1))
    check(gp.max(a, axis=0, initial=-5.0), np.max(x, axis=0, initial=-5.0))
    for f in ("max", "min", "amax"):
        with pytest.raises(ValueError) as e1:
            getattr(np, f)(x, axis=0)
        with pytest.raises(ValueError) as e2:
            getattr(gp, f)(a, axis=0)
        assert str(e1.value) == str(e2.value)
    with pytest.raises(ValueError, match="empty sequence"):
        gp.argmax(a)
    with pytest.raises(ValueError, match="empty sequence"):
        np.argmax(x)
    check(gp.cumsum(a, axis=0), np.cumsum(x, axis=0))
    check(gp.count_nonzero(a, axis=1), np.count_nonzero(x, axis=1))


def test_size1_axes():
    x = make((1, 5, 1), np.float64)
    a = gp.asarray(x)
    for ax in AXES:
        check(gp.sum(a, axis=ax), np.sum(x, axis=ax))
    check(gp.argmax(a, axis=2), np.argmax(x, axis=2))
    check(gp.sum(gp.asarray(np.float64(3.5))), np.sum(np.float64(3.5)))


def test_axis_errors():
    a = gp.asarray(make((2, 3), np.float64))
    with pytest.raises(np.exceptions.AxisError):
        gp.sum(a, axis=2)
    with pytest.raises(np.exceptions.AxisError):
        gp.max(a, axis=-3)
    with pytest.raises(ValueError, match="duplicate"):
        gp.sum(a, axis=(0, 0))


def test_full_reduction_is_0d_array():
    a = gp.asarray(make((3, 4), np.float32))
    for r in (gp.sum(a), a.max(), gp.argmax(a), gp.mean(a), gp.var(a),
              gp.all(a), np.sum(a), np.mean(a)):
        assert isinstance(r, gp.ndarray) and r.shape == ()


# ---------------------------------------------------------------------------
# keepdims, out, where, initial, dtype

def test_out_keepdims_where_initial():
    x = make((4, 5, 3), np.float64)
    a = gp.asarray(x)
    o = gp.empty((4, 3), np.float64)
    r = gp.sum(a, axis=1, out=o)
    assert r is o
    check(o, x.sum(axis=1))
    o2 = gp.empty((4, 1, 3), np.float32)
    gp.sum(a, axis=1, keepdims=True, out=o2)
    check(o2, x.sum(axis=1, keepdims=True).astype(np.float32))
    with pytest.raises(ValueError):
        gp.sum(a, axis=1, out=gp.empty((3, 4), np.float64))
    w = make((4, 5, 3), np.bool_, seed=5)
    wg = gp.asarray(w)
    check(gp.sum(a, axis=(0, 2), where=wg), np.sum(x, (0, 2), where=w))
    check(gp.prod(a, axis=0, where=wg), np.prod(x, 0, where=w))
    check(gp.max(a, axis=1, where=wg, initial=-1.0),
          np.max(x, 1, where=w, initial=-1.0))
    with pytest.raises(ValueError):
        gp.max(a, where=wg)
    check(gp.sum(a, initial=10.0), np.sum(x, initial=10.0))
    check(gp.max(a, axis=0, initial=2.0), np.max(x, axis=0, initial=2.0))
    check(gp.any(a > 3, axis=2, where=wg), np.any(x > 3, 2, where=w))
    check(gp.sum(a, axis=0, dtype=np.float32), np.sum(x, 0, dtype=np.float32))
    xi = make((4, 5), np.int8)
    check(gp.sum(gp.asarray(xi), dtype=np.int16), np.sum(xi, dtype=np.int16))


# ---------------------------------------------------------------------------
# layouts

LAYOUT_CASES = [
    lambda x: x[::2, 1:, ::-1],
    lambda x: x[::-1],
    lambda x: np.asfortranarray(x),
    lambda x: x.transpose(2, 0, 1),
    lambda x: x[:, ::3, :],
]


@pytest.mark.parametrize("k", range(len(LAYOUT_CASES)))
def test_layouts(k):
    base = make((6, 9, 7), np.float64)
    x = LAYOUT_CASES[k](base)
    g = gp.asarray(base)
    if k == 2:
        a = gp.asarray(x)
    elif k == 3:
        a = g.transpose(2, 0, 1)
    else:
        a = {0: g[::2, 1:, ::-1], 1: g[::-1], 4: g[:, ::3, :]}[k]
    for ax in [None, 0, 1, 2, (0, 1), (1, 2), (0, 2)]:
        check(gp.sum(a, axis=ax), np.sum(x, axis=ax))
        check(gp.max(a, axis=ax), np.max(x, axis=ax), exact=True)
    for ax in [None, 0, 1, 2]:
        check(gp.argmax(a, axis=ax), np.argmax(x, axis=ax))
        check(gp.cumsum(a, axis=ax), np.cumsum(x, axis=ax))


def test_large_rows_and_columns():
    # long rows (split row strategy), long columns (split column strategy)
    x = make((3, 20000), np.float64)
    a = gp.asarray(x)
    check(gp.sum(a, axis=1), x.sum(axis=1))
    check(gp.sum(a.T, axis=0), x.T.sum(axis=0))
    y = make((20000, 3), np.float64)
    b = gp.asarray(y)
    check(gp.sum(b, axis=0), y.sum(axis=0))
    check(gp.argmax(b, axis=0), y.argmax(axis=0))
    check(gp.var(b, axis=0), y.var(axis=0))
    z = make((50001,), np.float64)
    check(gp.sum(gp.asarray(z)), z.sum())
    check(gp.argmax(gp.asarray(z)), z.argmax())


# ---------------------------------------------------------------------------
# scans

@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint32, np.float16,
                                np.float32, np.complex128], ids=ids)
def test_cumsum_dtypes(dt):
    x = make((3, 4, 5), dt)
    a = gp.asarray(x)
    for ax in [None, 0, 1, 2, -1]:
        # A scan adds in another order than NumPy's running sum: the error
        # of a partial sum is relative to the sum of |x|, not to itself
        # (cancellation makes some partial sums tiny).
        scale = float(np.cumsum(np.abs(x).astype(np.float64), axis=ax).max())
        atol = 0.1 if dt == np.float16 else \
            (4e-7 if dt in (np.float32, np.complex64) else 1e-15) * scale
        check(gp.cumsum(a, axis=ax), np.cumsum(x, axis=ax),
              rtol=5e-2 if dt == np.float16 else None, atol=atol)
    scale = float(np.cumsum(np.abs(x).astype(np.float64)).max())
    check(a.cumsum(), x.cumsum(), rtol=5e-2 if dt == np.float16 else None,
          atol=0.1 if dt == np.float16 else
          (4e-7 if dt in (np.float32, np.complex64) else 1e-15) * scale)


@pytest.mark.parametrize("dt", [np.int64, np.float64], ids=ids)
def test_cumprod(dt):
    x = make((4, 6), dt, lo=-2, hi=2)
    if dt == np.float64:
        x = x / 3 + 1
    a = gp.asarray(x)
    for ax in [None, 0, 1]:
        check(gp.cumprod(a, axis=ax), np.cumprod(x, axis=ax))
    check(a.cumprod(axis=1), x.cumprod(axis=1))


def test_scan_long_rows_lookback():
    # > 32 * 32 tiles (host tiles are 64 elements): every look-back level
    x = make((200003,), np.float64)
    check(gp.cumsum(gp.asarray(x)), np.cumsum(x), rtol=1e-9, atol=1e-9)
    xi = make((3, 70001), np.int64)
    a = gp.asarray(xi)
    check(gp.cumsum(a, axis=1), np.cumsum(xi, axis=1))
    check(gp.cumsum(a[:, ::-3], axis=1), np.cumsum(xi[:, ::-3], axis=1))
    check(gp.cumsum(a.T, axis=0), np.cumsum(xi.T, axis=0))
    check(gp.cumsum(a, axis=0), np.cumsum(xi, axis=0))


def test_scan_level3_chain():
    # > 2 * 32**3 host tiles: level-3 blocks chained (Note [Deterministic
    # look-back]); two rows so the chain restarts per row
    n = 2 * 32**3 * 64 + 12345
    xi = make((2, n), np.int64)
    check(gp.cumsum(gp.asarray(xi), axis=1), np.cumsum(xi, axis=1))


SCAN_VARIANTS = [dict(), dict(scan_tma=0), dict(scan_tma=0, scan_vec=0),
                 dict(scan_items=8), dict(scan_min_blocks=5)]
# The knobs pick CUDA tile paths (bulk copies, vector loads, items per
# thread, launch bounds: all under `#if GPA_CUDA` in the scan text); on
# the host device a variant's text differs only in unused #defines, so it
# would compile the same host code once more per dtype and change nothing.
if isinstance(gp.empty(0).device, gp.cuda.HostDevice):
    SCAN_VARIANTS = SCAN_VARIANTS[:1]


@pytest.fixture(params=SCAN_VARIANTS,
                ids=lambda d: ",".join("%s=%d" % kv for kv in d.items())
                or "default")
def scan_variant(request):
    """Each scan tile variant (bulk copies, vectors, items per thread) for
    one test; the knobs are process-wide, so they are put back after."""
    old = {k: gp._core._tune(k, v) for k, v in request.param.items()}
    try:
        yield
    finally:
        for k, v in old.items():
            gp._core._tune(k, v)


@pytest.mark.parametrize("dt", [np.int8, np.float32, np.float64, np.int32,
                                np.int64, np.complex64, np.complex128,
                                np.bool_], ids=ids)
def test_scan_tile_variants_match_numpy(scan_variant, dt):
    # several full CUDA tiles (Note [Bulk tile copies] takes those) and a
    # partial one; offset and reversed rows take the other load paths
    n = 5 * 256 * 43 + 7
    x = make((n,), np.int8, lo=0, hi=3).astype(dt)
    a = gp.asarray(x)
    for sl in [slice(None), slice(1, None), slice(None, None, -2)]:
        check(gp.cumsum(a[sl]), np.cumsum(x[sl]), exact=True)
        check(gp.maximum.accumulate(a[sl]), np.maximum.accumulate(x[sl]),
              exact=True)
    x2 = x[:3 * 18001].reshape(3, 18001)
    check(gp.cumsum(gp.asarray(x2), axis=1), np.cumsum(x2, axis=1),
          exact=True)


@pytest.mark.parametrize("shift_in,shift_out", [(0, 1), (1, 0), (0, 0)])
def test_scan_aligned_and_offset_operands(scan_variant, shift_in, shift_out):
    # input and output alignment differ: one side moves in bulk, the other
    # element by element
    n = 4 * 256 * 43 + 3
    x = make((n + 1,), np.float32)
    a = gp.asarray(x)[shift_in:shift_in + n]
    out = gp.zeros(n + 1, np.float32)[shift_out:shift_out + n]
    r = gp.cumsum(a, out=out)
    assert r is out
    ref = np.cumsum(x[shift_in:shift_in + n].astype(np.float64))
    check(out, ref.astype(np.float32), rtol=1e-4, atol=1e-3)
    o2 = gp.zeros(n, np.float64)
    gp.cumsum(gp.asarray(np.arange(n, dtype=np.float64)), out=o2)
    check(o2, np.cumsum(np.arange(n, dtype=np.float64)), exact=True)


def test_scan_level3_chain_at_device_tile_size():
    # the same at this device's tiles: a bool cumsum accumulates in int64,
    # whose CUDA tiles are 256 * 12 elements (host: 64), so 2 * 32**3
    # tiles reach the level-3 chain there too
    on_host = isinstance(gp.cuda.get_current_device(), gp.cuda.HostDevice)
    n = 2 * 32**3 * (64 if on_host else 256 * 12) + 777
    x = np.random.default_rng(3).random(n) < 0.5
    got = gp.cumsum(gp.asarray(x))
    want = np.cumsum(x)
    assert got.dtype == want.dtype
    assert np.array_equal(got.get(), want)


def scan_tiling(dt):
    """(elements per scan tile, tile blocks the device runs at once) for a
    scan accumulating in `dt`, from the device's own parameters (csrc/ops/
    scan.c, jit/reduce.h): on CUDA a tile is 256 threads of 43/21/11 items
    for a 4/8/16-byte accumulator, and an SM holds at most
    maxThreadsPerMultiProcessor / 256 of them; on the host a tile is one
    thread's 64 items, and a launch runs on host_threads threads."""
    if isinstance(gp.cuda.get_current_device(), gp.cuda.HostDevice):
        return 64, gp._core._config()["host_threads"]
    acc = np.dtype(dt).itemsize
    items = 43 if acc <= 4 else (21 if acc <= 8 else 11)
    props = gp.cuda.runtime.getDeviceProperties(
        gp.cuda.runtime.getDevice())
    return 256 * items, (props["multiProcessorCount"]
                         * (props["maxThreadsPerMultiProcessor"] // 256))


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int64,
                                np.uint64, np.complex64], ids=ids)
def test_scan_more_tiles_than_resident_blocks(dt):
    """More tiles than fit on the device at once (tiles wait on tiles whose
    blocks started long before them), contiguous and offset rows, and rows
    whose starts are not 16-byte aligned.  Values 0/1 keep float sums
    exact.  The size comes from the device's tiling: two waves of resident
    blocks, and at least 3 level-2 blocks of 1024 tiles (Note
    [Deterministic look-back]) where that is more (the host: a few
    threads); the level-3 chain has its own tests above."""
    tile, resident = scan_tiling(dt)
    n = max(2 * resident, 2 * 1024 + 3) * tile + 19
    # float32 sums of 0/1 values (n/2 on average) stay exact below 2**24
    n = min(n, 30_000_019)
    x = make((n,), np.int8, lo=0, hi=1).astype(dt)
    a = gp.asarray(x)
    check(gp.cumsum(a), np.cumsum(x), exact=True)
    check(gp.cumsum(a[3:]), np.cumsum(x[3:]), exact=True)
    m = (n // 3 - 1) | 1   # odd: rows 1 and 2 start off 16-byte alignment
    x2 = x[:3 * m].reshape(3, m)
    check(gp.cumsum(gp.asarray(x2), axis=1), np.cumsum(x2, axis=1),
          exact=True)
    check(gp.maximum.accumulate(a[::-1]), np.maximum.accumulate(x[::-1]),
          exact=True)
    if dt == np.float32:  # rounding depends on the grouping: must not vary
        y = gp.asarray(np.random.default_rng(1).random(n).astype(dt))
        first = gp.cumsum(y).get()
        assert np.array_equal(first, gp.cumsum(y).get())
        # f32 partial sums of uniform values stay within float rounding
        np.testing.assert_allclose(
            first, np.cumsum(y.get().astype(np.float64)), rtol=1e-5)


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint16, np.int32,
                                np.int64, np.float16, np.float32,
                                np.float64, np.complex64, np.complex128],
                         ids=ids)
def test_scan_tiles_every_dtype(dt):
    """Many full tiles and a partial one, contiguous, offset and strided,
    for every accumulator width (the look-back cells hold acc_t of 4, 8 or
    16 bytes: Note [Look-back cells]).  Small integer values keep float
    sums exact."""
    n = 600 if dt == np.float16 else 3 * 4096 * 16 + 5
    x = make((n,), np.int8, lo=0, hi=3).astype(dt)
    a = gp.asarray(x)
    for sl in [slice(None), slice(1, None), slice(None, None, 2)]:
        check(gp.cumsum(a[sl]), np.cumsum(x[sl]), exact=True)
        check(gp.maximum.accumulate(a[sl]), np.maximum.accumulate(x[sl]),
              exact=True)


def test_scan_out_and_accumulate():
    x = make((5, 6), np.float64)
    a = gp.asarray(x)
    o = gp.empty((5, 6), np.float64)
    assert gp.cumsum(a, axis=1, out=o) is o
    check(o, np.cumsum(x, axis=1))
    check(gp.maximum.accumulate(a, axis=0), np.maximum.accumulate(x, axis=0),
          exact=True)
    check(gp.minimum.accumulate(a, axis=1), np.minimum.accumulate(x, 1),
          exact=True)
    check(gp.add.accumulate(a), np.add.accumulate(x))
    check(gp.multiply.accumulate(a, axis=1), np.multiply.accumulate(x, 1))
    xi = make((5, 6), np.int8)
    check(gp.add.accumulate(gp.asarray(xi), axis=1),
          np.add.accumulate(xi, axis=1))
    check(gp.bitwise_xor.accumulate(gp.asarray(xi), axis=1),
          np.bitwise_xor.accumulate(xi, axis=1))
    xb = make((5, 6), np.bool_)
    check(gp.logical_or.accumulate(gp.asarray(xb), axis=1),
          np.logical_or.accumulate(xb, axis=1))


def test_ufunc_reduce():
    x = make((4, 5, 6), np.float64)
    a = gp.asarray(x)
    check(gp.add.reduce(a), np.add.reduce(x))
    check(gp.add.reduce(a, axis=None), np.add.reduce(x, axis=None))
    check(gp.add.reduce(a, axis=(0, 2), keepdims=True),
          np.add.reduce(x, axis=(0, 2), keepdims=True))
    check(gp.maximum.reduce(a, axis=1), np.maximum.reduce(x, axis=1),
          exact=True)
    check(gp.minimum.reduce(a, axis=-1), np.minimum.reduce(x, axis=-1),
          exact=True)
    check(gp.multiply.reduce(a, axis=2), np.multiply.reduce(x, axis=2))
    xi = make((4, 5), np.int16)
    check(gp.bitwise_or.reduce(gp.asarray(xi), axis=1),
          np.bitwise_or.reduce(xi, axis=1))
    check(gp.logical_and.reduce(gp.asarray(xi), axis=0),
          np.logical_and.reduce(xi, axis=0))
    with pytest.raises(ValueError) as e1:
        np.maximum.reduce(np.zeros((0,)))
    with pytest.raises(ValueError) as e2:
        gp.maximum.reduce(gp.zeros((0,)))
    assert str(e1.value) == str(e2.value)
    check(np.add.reduce(a, axis=0), np.add.reduce(x, axis=0))


# ---------------------------------------------------------------------------
# other functions

def test_ptp_count_nonzero_average_diff():
    x = make((4, 7), np.float64)
    a = gp.asarray(x)
    check(gp.ptp(a), np.ptp(x))
    check(gp.ptp(a, axis=1), np.ptp(x, axis=1))
    assert not hasattr(np.ndarray, "ptp") and not hasattr(a, "ptp")
    xi = make((4, 7), np.int32, lo=0, hi=2)
    check(gp.count_nonzero(gp.asarray(xi)), np.asarray(np.count_nonzero(xi),
                                                       np.int64))
    check(gp.count_nonzero(gp.asarray(xi), axis=0),
          np.count_nonzero(xi, axis=0))
    w = np.arange(1, 8, dtype=np.float64)
    check(gp.average(a), np.average(x))
    check(gp.average(a, axis=1, weights=gp.asarray(w)),
          np.average(x, axis=1, weights=w))
    r, s = gp.average(a, axis=1, weights=gp.asarray(w), returned=True)
    rn, sn = np.average(x, axis=1, weights=w, returned=True)
    check(r, rn)
    check(s, sn)
    with pytest.raises(ZeroDivisionError):
        gp.average(a, axis=1, weights=gp.zeros(7))
    for n in (1, 2):
        for ax in (0, 1, -1):
            check(gp.diff(a, n=n, axis=ax), np.diff(x, n=n, axis=ax))
    check(gp.diff(a, prepend=0.0, append=gp.asarray(x[:, :1])),
          np.diff(x, prepend=0.0, append=x[:, :1]))
    xb = make((9,), np.bool_)
    check(gp.diff(gp.asarray(xb)), np.diff(xb))


def test_allclose_array_equal_equiv():
    x = make((3, 4), np.float64)
    a, b = gp.asarray(x), gp.asarray(x + 1e-9)
    assert bool(gp.allclose(a, b)) == np.allclose(x, x + 1e-9)
    assert bool(gp.allclose(a, b + 1)) == np.allclose(x, x + 1 + 1e-9)
    assert bool(gp.array_equal(a, a)) is True
    assert bool(gp.array_equal(a, b)) is False
    assert bool(gp.array_equal(a, a[:2])) is False
    xn = x.copy()
    xn[0, 0] = np.nan
    an = gp.asarray(xn)
    assert bool(gp.array_equal(an, an)) == np.array_equal(xn, xn)
    assert bool(gp.array_equal(an, an, equal_nan=True)) == \
        np.array_equal(xn, xn, equal_nan=True)
    assert bool(gp.array_equiv(a, a[:1] * 0 + a)) is True
    assert bool(gp.array_equiv(a[:1], gp.asarray(np.repeat(x[:1], 3, 0))))
    assert bool(gp.array_equiv(a, a[:, :2])) is False


def test_array_function_dispatch():
    x = make((3, 4), np.float32)
    a = gp.asarray(x)
    for f in (np.sum, np.mean, np.std, np.max, np.argmax, np.cumsum,
              np.nanmax, np.amin, np.prod, np.any, np.ptp):
        r = f(a, axis=0)
        assert isinstance(r, gp.ndarray), f
        check(r, f(x, axis=0), rtol=1e-4)


# ---------------------------------------------------------------------------
# accuracy and determinism

def test_float32_sum_accuracy():
    n = 10_000_000
    x = np.random.default_rng(7).random(n, dtype=np.float32)
    exact = x.astype(np.float64).sum()
    r = float(gp.sum(gp.asarray(x)).get())
    assert abs(r - exact) / exact < 1e-6
    assert abs(float(np.sum(x)) - exact) / exact < 1e-6  # NumPy's bar


def test_deterministic():
    rng = np.random.default_rng(11)
    x = rng.standard_normal(1_000_003).astype(np.float32)
    a = gp.asarray(x)
    m = gp.asarray(rng.standard_normal((4001, 37)).astype(np.float32))
    runs = [(gp.sum(a).get().tobytes(), gp.var(a).get().tobytes(),
             gp.sum(m, axis=0).get().tobytes(),
             gp.sum(m, axis=1).get().tobytes(),
             gp.cumsum(a[:100001]).get().tobytes()) for _ in range(10)]
    assert all(r == runs[0] for r in runs)


def test_cuda_text_compiles_with_nvrtc():
    """The CUDA text of a reduction and a scan module compiles (NVRTC)."""
    from gpuarray import _core
    from gpuarray._engine import reduction_ops as R
    ops = [(R._op_sum(np.dtype(np.float32)), np.float32, np.float32, 0, 0),
           (R._op_arg(np.dtype(np.complex128), True, False), np.complex128,
            np.int64, 0, 1),
           (R._op_sum(np.dtype(np.float32)), np.float32, np.float32, 1, 0),
           (R._op_var("float", False, False), np.float32, np.float32, 0, 0),
           (R._op_var("double", True, True), np.complex128, np.float64, 0,
            0),
           # integer indexing's one-pass range check (indexing/advanced.py)
           (("bounds", ""), np.int64, np.int32, 0, 1)]
    nvrtc_or_skip()
    texts = {}
    for i, (op, tin, tout, kind, i64) in enumerate(ops):
        texts["reduce", i] = _core._reduce_source(op, tin, tin, tout, tout,
                                                  kind, i64)
    # scans: the direct tile path's vector widths differ per type, and the
    # look-back cells are packed (acc_t <= 8 bytes) or fenced (wider)
    from gpuarray._engine.reduction_ops import _scan_op
    for tin, tacc in [(np.int8, np.int64), (np.float16, np.float16),
                      (np.float32, np.float32), (np.int64, np.int64),
                      (np.float64, np.float64), (np.complex128,
                                                 np.complex128)]:
        op = _scan_op("add", np.dtype(tacc), False)
        texts["scan", tin] = _core._reduce_source(op, tin, tacc, tacc, tacc,
                                                  1, False)
    # one NVRTC program (tests/nvrtc_batch.py); a bad text still fails alone
    batch = NvrtcBatch(texts, 90)
    for key in texts:
        assert len(batch.check(key)) > 0, key


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int8, np.float16,
                                np.complex64], ids=ids)
@pytest.mark.parametrize("shape", [(9000, 8), (37, 12), (5, 6), (3, 4, 8)])
def test_column_reductions_vector_path(dt, shape):
    """Reducing the outer axes of C arrays (outputs contiguous: red_col_v
    when the output count allows 4 per thread, red_col otherwise), with
    the reduced range long enough to be split into partials."""
    x = make(shape, dt)
    a = gp.asarray(x)
    axes = tuple(range(len(shape) - 1))
    # (float16 prod is left out: NumPy rounds every partial product to
    # float16, we multiply in float32; over thousands of factors they part)
    for fn in ("sum", "max") + (("prod",) if dt != np.float16 else ()):
        if fn == "prod" and np.dtype(dt).kind in "fc":
            xs = (x / np.abs(x).max() * 0.1 + 1).astype(dt)
        else:
            xs = x
        g = getattr(gp, fn)(gp.asarray(xs), axis=axes)
        r = getattr(np, fn)(xs, axis=axes)
        # float16: NumPy rounds to float16 along the way, we sum in float32;
        # both are within a few float16 ulps of sum(|x|).
        scale = float(np.abs(xs.astype(np.float64)).sum(axis=axes).max())
        check(g, r, rtol=3e-2 if dt == np.float16 else None,
              atol=4e-3 * scale if dt == np.float16 and fn == "sum"
              else 0.0)
    # an offset view whose start is not 16-byte aligned: the scalar kernel
    v = a[:, 1:] if len(shape) == 2 else a[..., 1:]
    xv = x[:, 1:] if len(shape) == 2 else x[..., 1:]
    scale = float(np.abs(xv.astype(np.float64)).sum(axis=0).max())
    check(gp.sum(v, axis=0), np.sum(xv, axis=0),
          rtol=3e-2 if dt == np.float16 else None,
          atol=4e-3 * scale if dt == np.float16 else 0.0)


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int16, np.uint8,
                                np.float16, np.complex64, np.bool_], ids=ids)
def test_arg_accumulate_variant_matches_numpy(dt, monkeypatch):
    """argmin/argmax with the accumulate fold (Note [Reduction accumulate])
    give NumPy's answers: first occurrence, first NaN, nanarg* skipping
    NaNs; contiguous (the folded vector path) and strided inputs."""
    from gpuarray._engine import reduction_ops as _reduction_ops
    monkeypatch.setattr(_reduction_ops, "ARG_ACCUMULATE", True)
    rng = np.random.default_rng(7)
    x = make((6, 1000), dt)
    if np.dtype(dt).kind in "iub":
        x[:, 500:] = x[:, :500]  # ties: the first must win
    if np.dtype(dt).kind in "fc":
        x[2, 700] = np.nan
        x[2, 900] = np.nan
        x[4, :] = np.nan
        x[5, rng.integers(0, 1000, 50)] = np.nan
    a = gp.asarray(x)
    for axis in (None, 1, 0, -1):
        for fn in ("argmax", "argmin"):
            check(getattr(gp, fn)(a, axis=axis), getattr(np, fn)(x, axis),
                  exact=True)
            check(getattr(gp, fn)(a[:, ::-3], axis=axis),
                  getattr(np, fn)(x[:, ::-3], axis), exact=True)
    if np.dtype(dt).kind == "f":
        y = x[[0, 1, 2, 3, 5]]
        for fn in ("nanargmax", "nanargmin"):
            check(getattr(gp, fn)(gp.asarray(y), axis=1),
                  getattr(np, fn)(y, axis=1), exact=True)
