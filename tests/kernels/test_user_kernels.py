"""ElementwiseKernel and ReductionKernel, CuPy's API (Note [User kernels]
in gpuarray/kernels/elementwise.py): results against NumPy computing the same thing,
placeholder binding, raw inputs, broadcasting, outputs given or made,
errors; on a GPU with CuPy, the same kernel text gives CuPy's result."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_check, nvrtc_or_skip


def host(shape, dt=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(int(np.prod(shape))) * 3).astype(
        dt).reshape(shape)


def test_elementwise_placeholders_broadcast_and_dtypes():
    k = gp.ElementwiseKernel("T x, T y", "T z", "z = x * x - y", "sqsub")
    for dt in (np.float32, np.float64, np.int32):
        x, y = host((4, 5), dt), host((5,), dt, seed=1)
        r = k(gp.asarray(x), gp.asarray(y))
        assert r.dtype == dt and r.shape == (4, 5)
        np.testing.assert_array_equal(r.get(), x * x - y)
    x = host((3, 4))
    r = k(gp.asarray(x)[:, ::-2], 2.5)            # strided + Python scalar
    np.testing.assert_array_equal(r.get(), x[:, ::-2] ** 2 - 2.5)


def test_elementwise_typed_params_index_and_size():
    k = gp.ElementwiseKernel("float32 x, int64 s", "float64 z",
                             "z = x + s * i + _ind.size()", "idx")
    x = host((7,), np.float32)
    r = k(gp.asarray(x), 3)
    assert r.dtype == np.float64
    np.testing.assert_allclose(r.get(),
                               x.astype(np.float64) + 3 * np.arange(7) + 7)


def test_elementwise_raw_input_and_given_outputs():
    k = gp.ElementwiseKernel("T x, raw T table", "T y",
                             "y = x + table[i % 3]", "lookup")
    x = host((2, 6))
    t = np.array([10.0, 20.0, 30.0])
    r = k(gp.asarray(x), gp.asarray(t)[::1])
    np.testing.assert_array_equal(r.get(),
                                  x + t[np.arange(12) % 3].reshape(2, 6))
    out = gp.empty((2, 6), np.float64)
    r2 = k(gp.asarray(x), gp.asarray(t), out)
    assert r2 is out
    np.testing.assert_array_equal(out.get(), r.get())
    two = gp.ElementwiseKernel("T x", "T a, T b", "a = x + 1; b = x * 2",
                               "two")
    a, b = two(gp.asarray(x))
    np.testing.assert_array_equal(a.get(), x + 1)
    np.testing.assert_array_equal(b.get(), x * 2)
    size_only = gp.ElementwiseKernel("", "int64 y", "y = i * i", "squares")
    np.testing.assert_array_equal(size_only(size=5).get(),
                                  np.arange(5) ** 2)


def test_elementwise_errors():
    k = gp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add2")
    a32 = gp.asarray(np.ones(3, np.float32))
    a64 = gp.asarray(np.ones(3, np.float64))
    with pytest.raises(TypeError):
        k(a32, a64)                               # T bound twice
    with pytest.raises(TypeError):
        k(a32)                                    # wrong argument count
    with pytest.raises(ValueError):
        k(a32, a32, gp.empty((4,), np.float32))   # output shape
    with pytest.raises(ValueError):
        gp.ElementwiseKernel("T x, T x", "T z", "z = x", "dup")
    with pytest.raises(ValueError):
        gp.ElementwiseKernel("T", "T z", "z = 1", "bad")
    nosize = gp.ElementwiseKernel("", "int64 y", "y = i", "nos")
    with pytest.raises(ValueError):
        nosize()
    broken = gp.ElementwiseKernel("T x", "T z", "z = x +* ;", "broken")
    with pytest.raises(gp.CompileError):
        broken(a32)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_reduction_kernel(axis):
    x = host((6, 5))
    norm = gp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)",
                              "0", "l2")
    r = norm(gp.asarray(x), axis=axis)
    np.testing.assert_allclose(r.get(), np.sqrt((x * x).sum(axis=axis)),
                               rtol=1e-12)
    mx = gp.ReductionKernel("T x", "T y", "x", "(a > b ? a : b)", "y = a",
                            "-1e300", "mymax")
    np.testing.assert_array_equal(mx(gp.asarray(x), axis=axis).get(),
                                  x.max(axis=axis))
    r = norm(gp.asarray(x), axis=axis, keepdims=True)
    assert r.shape == np.sqrt((x * x).sum(axis=axis, keepdims=True)).shape


def test_reduction_kernel_two_inputs_reduce_type_and_out():
    x, y = host((4, 8)), host((4, 8), seed=2)
    dot = gp.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a",
                             "0", "rowdot")
    r = dot(gp.asarray(x), gp.asarray(y), axis=1)
    np.testing.assert_allclose(r.get(), (x * y).sum(axis=1), rtol=1e-12)
    cnt = gp.ReductionKernel("T x", "int64 n", "x > 0 ? 1 : 0", "a + b",
                             "n = a", "0", "npos", reduce_type="int64")
    r = cnt(gp.asarray(x))
    assert r.dtype == np.int64 and int(r.get()) == int((x > 0).sum())
    out = gp.empty((8,), np.float64)
    r = dot(gp.asarray(x), gp.asarray(y), out, axis=0)
    assert r is out
    np.testing.assert_allclose(out.get(), (x * y).sum(axis=0), rtol=1e-12)
    # (int8 accumulates in int32: Note [Narrow reduce types]; float16
    # has no engine accumulator that rounds as CuPy's)
    with pytest.raises(NotImplementedError):
        gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "k",
                           reduce_type="float16")(gp.asarray(x))


def test_same_kernel_text_as_cupy():
    cp = pytest.importorskip("cupy")
    try:
        cp.cuda.runtime.getDeviceCount()
    except Exception:
        pytest.skip("CuPy sees no GPU")
    src = ("T x, raw T t", "T y", "y = x * t[i % 2] + _ind.size()")
    x = host((3, 4))
    t = np.array([2.0, -1.0])
    ours = gp.ElementwiseKernel(*src, "k")(gp.asarray(x), gp.asarray(t))
    theirs = cp.ElementwiseKernel(*src, "k")(cp.asarray(x), cp.asarray(t))
    np.testing.assert_array_equal(ours.get(), cp.asnumpy(theirs))
    red = ("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "n")
    ours = gp.ReductionKernel(*red)(gp.asarray(x), axis=1)
    theirs = cp.ReductionKernel(*red)(cp.asarray(x), axis=1)
    np.testing.assert_allclose(ours.get(), cp.asnumpy(theirs), rtol=1e-12)


def test_user_kernel_text_compiles_with_nvrtc():
    """The bodies ElementwiseKernel and fuse generate and the op text of a
    ReductionKernel (lambdas in device code) compile as CUDA."""
    from gpuarray.kernels import elementwise as _kernels
    nvrtc_or_skip()
    f32 = np.dtype(np.float32)
    k = gp.ElementwiseKernel("T x, raw T t, int64 s", "T y",
                             "y = x * t[i % 2] + s + _ind.size()", "k")
    body = k._body({"T": f32})
    # operands: x, t (raw), s, the raw layouts (Note [CArray]), y
    src = [_kernels._PRELUDE,
           gp._core._ew_source(body, ["f", "f", "q", "q", "f"],
                               ["f", "f", "q", "q", "f"], 4, 1, 1, True,
                               "ew")]
    assert len(nvrtc_check("\n".join(src), 90)) > 1000
    r = gp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)",
                           "0", "l2")
    for kind, direct in ((0, True), (0, False)):
        op = r._op({"T": f32}, f32, direct)
        src = gp._core._reduce_source(op, f32, f32, f32, f32, kind, False)
        assert len(nvrtc_check(src, 90)) > 1000
