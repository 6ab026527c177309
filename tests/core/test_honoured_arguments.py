"""Issue 22: arguments that were accepted and ignored now change the
result as NumPy's (CuPy's) do, or raise naming the argument.  Each test
compares with NumPy where NumPy has the argument."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.cuda import Event, Stream, get_elapsed_time


def _np(x):
    return x.get() if isinstance(x, gp.ndarray) else np.asarray(x)


# ---- var/std/nanvar/nanstd mean= (NumPy 2) ---------------------------

@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("ddof", [0, 1])
def test_moments_mean_argument(name, axis, ddof):
    x = np.arange(12.0).reshape(3, 4) ** 1.5
    x[1, 2] = np.nan if name.startswith("nan") else 7.0
    m = np.nanmean(x, axis=axis, keepdims=True) + 2.5
    want = getattr(np, name)(x, axis=axis, ddof=ddof, mean=m)
    got = getattr(gp, name)(gp.asarray(x), axis=axis, ddof=ddof,
                            mean=gp.asarray(m))
    np.testing.assert_allclose(_np(got), want, rtol=1e-12)
    assert got.dtype == want.dtype


def test_var_mean_issue_example():
    a = np.array([1.0, 2.0, 3.0, 4.0])
    assert float(gp.var(gp.asarray(a), mean=100.0)) == np.var(a, mean=100.0)


@pytest.mark.parametrize("kw", [{}, {"dtype": np.int64},
                                {"dtype": np.float32}])
def test_var_mean_with_dtype(kw):
    a = np.arange(10)
    want = np.var(a, mean=3.0, **kw)
    got = gp.var(gp.asarray(a), mean=3.0, **kw)
    np.testing.assert_allclose(_np(got), want, rtol=1e-6)
    assert got.dtype == want.dtype


def test_var_mean_complex_and_where():
    c = np.array([[1 + 2j, 3 - 1j], [0.5j, 2.0]])
    m = np.full((1, 2), 1j)
    np.testing.assert_allclose(_np(gp.var(gp.asarray(c), axis=0,
                                          mean=gp.asarray(m))),
                               np.var(c, axis=0, mean=m))
    w = np.array([[True, False], [True, True]])
    mm = np.ones((2, 1))
    np.testing.assert_allclose(
        _np(gp.std(gp.asarray(c.real), axis=1, where=gp.asarray(w),
                   mean=gp.asarray(mm))),
        np.std(c.real, axis=1, where=w, mean=mm))


# ---- signature= and order= of the products ----------------------------

@pytest.mark.parametrize("name", ["vecdot", "matvec", "vecmat"])
@pytest.mark.parametrize("sig", ["dd->d", ("f", "f", None),
                                 (np.float32, np.float32, np.float32)])
def test_vector_products_signature(name, sig):
    a = np.arange(6).reshape(2, 3)
    v = np.arange(3)
    x, y = (v, a.T) if name == "vecmat" else (a, v)
    want = getattr(np, name)(x, y, signature=sig)
    got = getattr(gp, name)(gp.asarray(x), gp.asarray(y), signature=sig)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(_np(got), want)


@pytest.mark.parametrize("order", ["C", "F", "K", "A"])
def test_products_order(order):
    x = np.arange(60.0).reshape(3, 4, 5)
    g = gp.asarray(x)
    cases = [
        (np.matmul(x, x.transpose(0, 2, 1), order=order),
         gp.matmul(g, g.transpose(0, 2, 1), order=order)),
        (np.einsum("bij,bkj->bik", x, x, order=order),
         gp.einsum("bij,bkj->bik", g, g, order=order)),
        (np.matvec(x, np.ones(5), order=order),
         gp.matvec(g, gp.ones(5), order=order)),
        (np.vecdot(x, x, order=order), gp.vecdot(g, g, order=order)),
    ]
    for want, got in cases:
        np.testing.assert_allclose(_np(got), want)
        if order == "F":
            assert got.flags.f_contiguous == want.flags.f_contiguous
        if order == "C":
            assert got.flags.c_contiguous == want.flags.c_contiguous


@pytest.mark.parametrize("fn", ["matmul", "einsum"])
def test_products_bad_order(fn):
    x = gp.ones((2, 2))
    args = (x, x) if fn == "matmul" else ("ij,jk", x, x)
    with pytest.raises(ValueError, match="order"):
        getattr(gp, fn)(*args, order="Z")
    with pytest.raises(ValueError, match="order"):
        getattr(np, fn)(*[np.ones((2, 2)) if isinstance(a, gp.ndarray)
                          else a for a in args], order="Z")


# ---- user kernels: options=, unknown keywords, stream= ----------------

def test_reduction_kernel_options_reach_compiler():
    k = gp.ReductionKernel("T x", "T y", "x * SCALE", "a + b", "y = a", "0",
                           options=("-DSCALE=3",))
    x = np.arange(5.0)
    assert float(k(gp.asarray(x))) == 3 * x.sum()


def test_elementwise_kernel_options_reach_compiler():
    k = gp.ElementwiseKernel("T x", "T y", "y = x + OFF",
                             options=["-D", "OFF=2"])
    np.testing.assert_array_equal(_np(k(gp.arange(3.0))),
                                  np.arange(3.0) + 2)


def test_kernel_unsupported_option_raises():
    with pytest.raises(NotImplementedError, match="-O3"):
        gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0",
                           options=("-O3",))


def test_elementwise_kernel_unknown_keyword():
    with pytest.raises(TypeError, match="bogus"):
        gp.ElementwiseKernel("T x", "T y", "y = x", bogus=1)
    with pytest.raises(TypeError, match="bogus"):
        gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0",
                           bogus=1)


def test_kernels_launch_on_the_stream(monkeypatch):
    """stream=: the launch runs with that stream current."""
    from gpuarray import _core
    from gpuarray.cuda import get_current_stream
    seen = []
    for fname in ("_elementwise", "_reduce"):
        real = getattr(_core, fname)

        def spy(*a, _real=real, **kw):
            seen.append(get_current_stream())
            return _real(*a, **kw)
        monkeypatch.setattr(_core, fname, spy)
    s = Stream(non_blocking=True)
    sentinel = object()
    entered = []

    class Probe:                       # a stream-like object we can see
        def __enter__(self):
            entered.append("in")
            return s.__enter__()

        def __exit__(self, *e):
            entered.append("out")
            return s.__exit__(*e)

    ew = gp.ElementwiseKernel("T x", "T y", "y = x * 2")
    red = gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0")
    # s does not wait for the default stream nor it for s (non_blocking,
    # as in CUDA and CuPy): the inputs are made ready and s is waited on
    # before reading
    x3, x4 = gp.arange(3.0), gp.arange(4.0)
    if gp.cuda.is_available():
        gp.cuda.Device().synchronize()
    y3 = ew(x3, stream=Probe())
    y4 = red(x4, stream=Probe())
    s.synchronize()
    np.testing.assert_array_equal(_np(y3), [0, 2, 4])
    assert float(y4) == 6.0
    assert entered == ["in", "out", "in", "out"]
    assert len(seen) >= 2 and sentinel not in seen
    with pytest.raises(TypeError, match="stream"):
        ew(gp.arange(3.0), stream=3)


# ---- creation device= -------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda d: gp.zeros(3, device=d), lambda d: gp.ones(3, device=d),
    lambda d: gp.arange(3, device=d), lambda d: gp.eye(2, device=d),
    lambda d: gp.linspace(0, 1, 3, device=d),
    lambda d: gp.asarray([1, 2], device=d),
    lambda d: gp.zeros_like(gp.ones(2), device=d),
    lambda d: gp.full_like(gp.ones(2), 4, device=d),
])
def test_creation_device(make):
    here = gp.zeros(1).device
    assert make(here).device == here
    kind = "host" if here == gp.cuda.get_current_device() and \
        not gp.cuda.is_available() else "cuda:0"
    assert make(kind).device == here
    for bad in ("bogus", "cuda:x", -1, 3.5):
        with pytest.raises(ValueError, match="device"):
            make(bad)
    if not gp.cuda.is_available():
        with pytest.raises(ValueError, match="not available"):
            make("cuda:0")


# ---- streams, events, pool --------------------------------------------

def test_stream_flags_kept_and_checked():
    s = Stream(non_blocking=True, priority=-1)
    assert s.non_blocking and s.priority == -1
    assert Stream().priority == 0 and not Stream().non_blocking
    with pytest.raises(TypeError, match="priority"):
        Stream(priority="high")
    with pytest.raises(NotImplementedError, match="ptds"):
        Stream(ptds=True)


def test_event_disable_timing():
    a, b = Event(disable_timing=True), Event()
    a.record()
    b.record()
    with pytest.raises(RuntimeError, match="disable_timing"):
        get_elapsed_time(a, b)
    c, d = Event(block=True), Event()
    c.record()
    d.record()
    d.synchronize()
    assert get_elapsed_time(c, d) >= 0.0
    assert c.block and a.disable_timing and not c.disable_timing


def test_free_all_blocks_stream():
    pool = gp.get_default_memory_pool()
    x = gp.zeros(1 << 21)       # 16 MiB: a segment of its own
    del x
    before = pool.total_bytes()
    assert before >= 16 << 20
    if gp.cuda.is_available():
        # another stream's arena holds nothing: nothing goes back
        pool.free_all_blocks(stream=Stream())
        assert pool.total_bytes() == before
    pool.free_all_blocks(stream=gp.cuda.get_current_stream())
    assert pool.total_bytes() < before
    with pytest.raises(TypeError, match="stream"):
        pool.free_all_blocks(stream=7)
