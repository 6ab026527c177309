"""Shared helpers for the gpuarray test suite.

Every test compares gpuarray with NumPy on the same inputs.  The helpers
here make the inputs (random arrays of any supported dtype, in any memory
layout) and compare the results (dtype, shape and values, bit-exactly where
asked).

Kernel budget: on the host device each distinct kernel costs about 0.3 s of
g++ on a cold cache, so tests sweep dtypes with one layout and layouts with
one or two dtypes rather than the full product.
"""
import os
import zlib

import numpy as np
import pytest

import gpuarray as gp

# Kernel variants under test (benchmark knobs, gpuarray._core._tune), e.g.
# GPUARRAY_TEST_TUNE="scan_pair=0" runs the suite on the fenced look-back
# cells of the scan.
for _kv in filter(None, os.environ.get("GPUARRAY_TEST_TUNE", "").split(",")):
    _k, _v = _kv.split("=")
    gp._core._tune(_k.strip(), int(_v))

# The 14 dtypes gpuarray supports, as NumPy dtype objects.
ALL_DTYPES = [np.dtype(t) for t in (
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
    np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64,
    np.complex128)]
INT_DTYPES = [d for d in ALL_DTYPES if d.kind in "iu"]
FLOAT_DTYPES = [d for d in ALL_DTYPES if d.kind == "f"]
COMPLEX_DTYPES = [d for d in ALL_DTYPES if d.kind == "c"]

# Memory layouts make_array can produce.
LAYOUTS = ["C", "F", "strided", "negative", "transposed", "broadcast"]


def dtype_id(d):
    return np.dtype(d).name


def _values(rng, n, dtype, specials=True):
    """n values of dtype covering the type's range, with special values
    (signed zeros, inf, nan, extremes, subnormals) mixed in."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        v = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        if specials and n >= 4:
            v[:4] = [info.min, info.max, 0, 1]
            rng.shuffle(v)
        return v
    if dtype.kind == "f":
        v = (rng.standard_normal(n) * 100).astype(dtype)
        if specials and n >= 8:
            info = np.finfo(dtype)
            v[:8] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, info.max,
                              info.smallest_subnormal, -info.tiny],
                             dtype=dtype)
            rng.shuffle(v)
        return v
    part = np.float32 if dtype == np.complex64 else np.float64
    re = _values(rng, n, part, specials)
    im = _values(rng, n, part, specials)
    rng.shuffle(im)
    v = np.empty(n, dtype)
    v.real = re
    v.imag = im
    return v


def make_array(shape, dtype=np.float64, layout="C", seed=0, specials=True):
    """A NumPy array of `shape` and `dtype` with random values in `layout`:

    C          C-contiguous
    F          Fortran-contiguous
    strided    a non-contiguous slice (every other element of each axis)
    negative   every axis reversed (negative strides)
    transposed the transpose of a C array of the reversed shape
    broadcast  zero strides on the first axis (read-only)
    """
    rng = np.random.default_rng(seed)
    shape = tuple(shape)
    n = int(np.prod(shape))
    if layout == "C":
        return _values(rng, n, dtype, specials).reshape(shape)
    if layout == "F":
        return np.asfortranarray(_values(rng, n, dtype, specials)
                                 .reshape(shape))
    if layout == "strided":
        big = tuple(2 * s for s in shape)
        base = _values(rng, int(np.prod(big)), dtype, specials).reshape(big)
        return base[tuple(slice(None, None, 2) for _ in shape) + (...,)]
    if layout == "negative":
        base = _values(rng, n, dtype, specials).reshape(shape)
        return base[tuple(slice(None, None, -1) for _ in shape) + (...,)]
    if layout == "transposed":
        return _values(rng, n, dtype, specials).reshape(shape[::-1]).T
    if layout == "broadcast":
        row = _values(rng, int(np.prod(shape[1:])), dtype, specials)
        return np.broadcast_to(row.reshape(shape[1:]), shape)
    raise ValueError(layout)


def make_pair(shape, dtype=np.float64, layout="C", seed=0, specials=True):
    """(numpy array, gpuarray array) with the same values and the same
    layout (strides): the gpuarray one is made by the same slicing of an
    uploaded base, so it is a view exactly when the NumPy one is."""
    rng = np.random.default_rng(seed)
    shape = tuple(shape)
    n = int(np.prod(shape))
    if layout in ("C", "F"):
        x = make_array(shape, dtype, layout, seed, specials).copy(layout)
        g = gp.asarray(x, order=layout)
        return x, g
    if layout == "strided":
        big = tuple(2 * s for s in shape)
        base = _values(rng, int(np.prod(big)), dtype, specials).reshape(big)
        idx = tuple(slice(None, None, 2) for _ in shape) + (Ellipsis,)
        return base[idx], gp.asarray(base)[idx]
    if layout == "negative":
        base = _values(rng, n, dtype, specials).reshape(shape)
        idx = tuple(slice(None, None, -1) for _ in shape) + (Ellipsis,)
        return base[idx], gp.asarray(base)[idx]
    if layout == "transposed":
        base = _values(rng, n, dtype, specials).reshape(shape[::-1])
        return base.T, gp.asarray(base).T
    if layout == "broadcast":
        row = _values(rng, int(np.prod(shape[1:])), dtype,
                      specials).reshape(shape[1:])
        return (np.broadcast_to(row, shape),
                gp.broadcast_to(gp.asarray(row), shape))
    raise ValueError(layout)


def _bits(x):
    """The bytes of x's values in C order, as unsigned integers (so that
    nan payloads and signed zeros are compared too)."""
    x = np.ascontiguousarray(x)
    if x.dtype.kind == "b":
        return x.view(np.uint8)
    if x.dtype.kind == "c":
        x = x.view(np.float32 if x.dtype == np.complex64 else np.float64)
    return x.view("u%d" % x.dtype.itemsize)


def assert_array_equal_gp(g, expected, *, bitwise=False, strides=False):
    """g is a gpuarray.ndarray with expected's dtype, shape and values
    (nan equal to nan).  bitwise: compare the bits of every element (signed
    zeros, nan payloads).  strides: compare the strides too."""
    assert isinstance(g, gp.ndarray), type(g)
    expected = np.asarray(expected)
    assert g.dtype == expected.dtype, (g.dtype, expected.dtype)
    assert g.shape == expected.shape, (g.shape, expected.shape)
    if strides:
        assert g.strides == expected.strides, (g.strides, expected.strides)
    got = g.get()
    assert isinstance(got, np.ndarray)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if bitwise:
        np.testing.assert_array_equal(_bits(got), _bits(expected))
    else:
        np.testing.assert_array_equal(got, expected, strict=True)


def owner(a):
    """The object that owns a's memory (a itself or its base)."""
    return a if a.base is None else a.base


def gp_shares_memory(a, b):
    """Whether two gpuarray arrays' element ranges overlap."""
    def extent(x):
        lo = hi = x.data.ptr
        if x.size == 0:
            return lo, lo
        for n, s in zip(x.shape, x.strides):
            if s < 0:
                lo += (n - 1) * s
            else:
                hi += (n - 1) * s
        return lo, hi + x.itemsize
    (alo, ahi), (blo, bhi) = extent(a), extent(b)
    return alo < bhi and blo < ahi


@pytest.fixture(params=ALL_DTYPES, ids=dtype_id)
def dtype(request):
    return request.param


def stable_seed(text):
    """A seed from a text (a test id) that is the same in every run and on
    every machine -- unlike hash(), which Python salts per process."""
    return zlib.crc32(text.encode("utf-8"))


@pytest.fixture
def seed(request):
    """The stable seed of this test id (failures reproduce)."""
    return stable_seed(request.node.nodeid)


@pytest.fixture
def rng(seed):
    return np.random.default_rng(seed)


@pytest.fixture
def pool():
    return gp.get_default_memory_pool()


def pytest_terminal_summary(terminalreporter):
    """One line on kernel compilation, to keep the cold-cache cost of the
    suite in view (each compile is ~0.3 s of g++ on host)."""
    try:
        s = gp._core._jit_stats()
    except Exception:  # noqa: BLE001 - informational only
        return
    terminalreporter.write_line(
        "gpuarray kernels: %(compiles)d compiled, %(disk_hits)d from the "
        "disk cache, %(memory_hits)d from memory" % s)


def both_raise(exc, name, *args, **kw):
    """numpy.name and gpuarray.name both raise exc for these arguments
    (NumPy arrays among them become gpuarray arrays for gpuarray)."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(exc):
            getattr(np, name)(*args, **kw)
    gargs = [gp.asarray(a) if isinstance(a, np.ndarray) else a
             for a in args]
    with pytest.raises(exc):
        getattr(gp, name)(*gargs, **kw)


def nvrtc_or_skip():
    """Skip where libnvrtc is missing (CI has none); any other NVRTC
    failure is an error."""
    try:
        gp._core._nvrtc_compile('extern "C" __global__ void k() {}', 90)
    except RuntimeError as e:
        if "not found" in str(e).lower() or "not available" in str(e).lower():
            pytest.skip("libnvrtc is not installed here: %s" % e)
        raise


def numpy_reduce(name, x, **kw):
    """np.<name>.reduce(x, **kw) -- NumPy's dtype and NumPy's errors --
    except that the values of a ufunc without an identity (not
    reorderable) along one axis are its documented left fold, computed
    step by step: NumPy 2.5 returns wrong values for some of them along a
    contiguous axis (np.power.reduce(np.array([2., 3, 4, 5])) is 32.0
    there, not 2.0**60 as in NumPy 2.4 and by definition)."""
    uf = getattr(np, name)
    with np.errstate(all="ignore"):
        res = uf.reduce(x, **kw)
    where = kw.get("where", True)
    if uf.identity is not None or kw.get("out") is not None:
        return res
    x = np.asarray(x)
    axis = kw.get("axis", 0)
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            return res
        axis = axis[0]
    if axis is None:
        if x.ndim != 1:
            return res
        axis = 0
    ax = axis % x.ndim
    dt = np.asarray(res).dtype
    v = np.moveaxis(x, ax, 0)
    w = np.moveaxis(np.broadcast_to(np.asarray(where, bool), x.shape), ax, 0)
    initial = kw.get("initial", np._NoValue)
    with np.errstate(all="ignore"):
        if initial is np._NoValue or initial is None:
            r, first = v[0].astype(dt), 1   # (where= needs initial)
        else:
            r, first = np.full(v.shape[1:], initial, dt), 0
        for i in range(first, v.shape[0]):
            r = np.where(w[i], uf(r, v[i], dtype=dt), r).astype(dt)
    r = np.asarray(r).astype(dt)
    if kw.get("keepdims"):
        r = np.expand_dims(r, ax)
    return r if r.ndim else r[()]
