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
import sys
import zlib

import numpy as np
import pytest

import gpuarray as gp

# Test files say `from conftest import ...`.  Under --import-mode=importlib
# pytest loads this file as `tests.conftest`; one module under both names
# keeps its helpers and fixtures one set of objects.
sys.modules.setdefault("conftest", sys.modules[__name__])

# Kernel variants under test (benchmark knobs, gpuarray._core._tune), e.g.
# GPUARRAY_TEST_TUNE="scan_pair=0" runs the suite on the fenced look-back
# cells of the scan.
for _kv in filter(None, os.environ.get("GPUARRAY_TEST_TUNE", "").split(",")):
    _k, _v = _kv.split("=")
    gp._core._tune(_k.strip(), int(_v))

# Strict __array__ for the whole suite (issue 22): host-device arrays
# refuse implicit NumPy conversion as device memory does, so the host run
# catches library code that feeds device data to NumPy.  A test of the
# host-only default opts out with @pytest.mark.host_numpy;
# GPUARRAY_STRICT_ARRAY=0 turns it off for a run.  Child processes inherit it.
STRICT = os.environ.setdefault("GPUARRAY_STRICT_ARRAY", "1") != "0"
gp._core._strict_array(STRICT)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "host_numpy: the test converts host-device arrays to "
        "NumPy implicitly on purpose (strict __array__ off for it)")
    # Note [Heavy files first]: under `--dist loadfile` xdist hands out
    # whole files, the most tests first; the costliest files have few
    # tests (subprocesses, builds, NVRTC) and so ran last, one worker
    # busy with them while the other had nothing left.  The collection
    # order below (pytest_collection_modifyitems) is used instead.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


# The files that take longest (CPU-s of a cold-cache run on the 2-core CI
# machine, docs/design/host_backend.md "Suite time"), dearest first: handed
# out first, the many small files fill in around them.  Others keep the
# collection order after these.
HEAVY_FILES_FIRST = (
    "engine/test_codegen_nvrtc.py",
    "engine/test_cache_security.py",
    "project/test_packaging.py",
    "dask/test_dask_arrays.py",
    "math/test_reductions.py",
    "ufuncs/test_ufunc_layouts.py",
    "engine/test_jit_cache.py",
    "sorting/test_sorting_radix.py",
    "random/test_random_distributions.py",
    "engine/test_parallel_compile.py",
    "kernels/test_raw_kernel_checks.py",
    "creation/test_datetimes.py",
    "project/test_main_job.py",
    "ufuncs/test_ufunc_parity.py",
    "cuda/test_pool.py",
)


def pytest_collection_modifyitems(config, items):
    """Heavy files first (Note [Heavy files first]); a stable sort, so the
    order inside each file and among the rest is the collection's."""
    rank = {name: i for i, name in enumerate(HEAVY_FILES_FIRST)}
    last = len(rank)

    def key(item):
        parts = item.path.parts
        return rank.get("/".join(parts[-2:]), last)
    items.sort(key=key)


@pytest.fixture(autouse=True)
def _strict_array_mode(request):
    if request.node.get_closest_marker("host_numpy") is None:
        yield
        return
    prev = gp._core._strict_array(False)
    try:
        yield
    finally:
        gp._core._strict_array(prev)


# The shared dtype lists, layouts and array makers live in
# gpuarray.testing.parity (issue 14); the names stay importable from here.
from gpuarray.testing.parity import (  # noqa: E402,F401
    ALL_DTYPES, ALL_LAYOUTS, BOOL_DTYPES, COMPLEX_DTYPES, EDGE_LAYOUTS,
    FLOAT_DTYPES, INEXACT_DTYPES, INT_DTYPES, LAYOUTS, LINALG_DTYPES,
    NUMERIC_DTYPES, SAMPLE_DTYPES, SIGNED_DTYPES, UNSIGNED_DTYPES, _values,
    assert_same, assert_same_outcome, dtype_id, make_array, make_pair,
    numpy_parity, outcome, raised)


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
    (nan equal to nan): gpuarray.testing.parity.assert_same, exact.
    bitwise: compare the bits of every element too (signed zeros, nan
    payloads).  strides: compare the strides too."""
    __tracebackhide__ = True  # noqa: F841
    expected = np.asarray(expected)
    assert_same(g, expected, exact=True, device=True, strides=strides)
    if bitwise:
        np.testing.assert_array_equal(_bits(g.get()), _bits(expected))


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


_JIT_KEYS = ("compiles", "disk_hits", "precompiled_hits", "memory_hits")
_worker_stats = []  # under pytest-xdist: each worker's _jit_stats at its end


def _jit_stats():
    try:
        s = gp._core._jit_stats()
    except Exception:  # noqa: BLE001 - informational only
        return None
    return {k: int(s.get(k, 0)) for k in _JIT_KEYS}


def pytest_sessionfinish(session):
    """An xdist worker hands its counters to the controller (which runs no
    tests and so compiles nothing itself)."""
    out = getattr(session.config, "workeroutput", None)
    s = _jit_stats()
    if out is not None and s is not None:
        out["gpuarray_jit"] = s


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    s = getattr(node, "workeroutput", {}).get("gpuarray_jit")
    if s:
        _worker_stats.append(s)


def pytest_terminal_summary(terminalreporter):
    """One line on kernel compilation, to keep the cold-cache cost of the
    suite in view (each compile is ~0.3 s of g++ on host); under xdist the
    workers' counters summed (a kernel two workers both needed at once
    may be compiled by both: docs/design/host_backend.md, Suite time)."""
    if hasattr(terminalreporter.config, "workerinput"):
        return
    stats = _worker_stats or [_jit_stats()]
    if None in stats:
        return
    s = {k: sum(w[k] for w in stats) for k in _JIT_KEYS}
    s["who"] = (" (%d workers)" % len(_worker_stats)) if _worker_stats else ""
    terminalreporter.write_line(
        "gpuarray kernels: %(compiles)d compiled, %(disk_hits)d from the "
        "disk cache, %(precompiled_hits)d shipped, %(memory_hits)d from "
        "memory%(who)s" % s)


def both_raise(exc, name, *args, **kw):
    """numpy.name raises exc for these arguments and gpuarray.name raises
    the same type (NumPy arrays among them become gpuarray arrays for
    gpuarray; parity.assert_same_outcome compares the types)."""
    __tracebackhide__ = True  # noqa: F841
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = outcome(getattr(np, name), *args, **kw)
    assert isinstance(raised(want), exc), want
    gargs = [gp.asarray(a) if isinstance(a, np.ndarray) else a
             for a in args]
    assert_same_outcome(outcome(getattr(gp, name), *gargs, **kw), want)


def nvrtc_or_skip():
    """Skip where libnvrtc is missing (CI has none); any other NVRTC
    failure is an error."""
    try:
        gp._core._nvrtc_compile('extern "C" __global__ void k() {}', 90)
    except RuntimeError as e:
        if "not found" in str(e).lower() or "not available" in str(e).lower():
            pytest.skip("libnvrtc is not installed here: %s" % e)
        raise


def nvrtc_check(src, arch=90):
    """The cubin of CUDA text `src` (the prelude prepended) compiled as a
    CI check: NVRTC's fast-compile mode where it has one (Note [Fast NVRTC
    checks], csrc/jit/compile_nvrtc.c); the GPU run compiles with the
    library's own options."""
    return gp._core._nvrtc_compile(src, arch, True)


# many texts of a test file as one NVRTC program (tests/nvrtc_batch.py)
from nvrtc_batch import NvrtcBatch, kernel_names  # noqa: E402,F401


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
