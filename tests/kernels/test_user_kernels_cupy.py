"""User kernels as CuPy defines them (issue 19 group 4): raw output
parameters of ElementwiseKernel (Note [Raw outputs]), CuPy's errors for
bad parameter lists and mismatched arguments, ReductionKernel's identity,
reduce_dims, keepdims and type placeholders, and the dtype= arguments of
CuPy's random functions.  Results are compared with NumPy."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_check


def H(a):
    return gp.asnumpy(a)


# ---- raw outputs -------------------------------------------------------

def test_raw_output_scatter():
    k = gp.ElementwiseKernel("T x, raw int64 idx", "raw T y",
                             "y[idx[i]] = x", "scatter")
    y = gp.zeros(6)
    r = k(gp.asarray([1.0, 2.0, 3.0]), gp.asarray([5, 0, 2]), y)
    ref = np.zeros(6)
    ref[[5, 0, 2]] = [1.0, 2.0, 3.0]
    np.testing.assert_array_equal(H(y), ref)
    assert r is y  # the output comes back, as CuPy returns it


def test_raw_output_beside_a_regular_one():
    k = gp.ElementwiseKernel("T x", "T z, raw T y",
                             "z = x * 2; y[_ind.size() - 1 - i] = x + 1",
                             "mixed")
    x = np.arange(5.0)
    y = gp.zeros(5)
    z, y2 = k(gp.asarray(x), gp.empty(5), y)
    np.testing.assert_array_equal(H(z), x * 2)
    np.testing.assert_array_equal(H(y), (x + 1)[::-1])
    assert y2 is y


def test_raw_output_of_another_shape_and_layout():
    # a raw output takes no part in the loop shape; a non-contiguous one
    # is written in C order of its elements
    k = gp.ElementwiseKernel("T x", "raw T y", "y[i] = x", "copy_raw")
    yt = gp.zeros((3, 2)).T
    k(gp.arange(6.0), yt)
    np.testing.assert_array_equal(H(yt), np.arange(6.0).reshape(2, 3))
    big = gp.zeros(10)
    k(gp.arange(4.0), big)
    np.testing.assert_array_equal(H(big)[:4], np.arange(4.0))
    assert not H(big)[4:].any()


def test_raw_output_allocated_from_size():
    k = gp.ElementwiseKernel("", "raw int32 y", "y[i] = (int)i * 3", "fill3")
    np.testing.assert_array_equal(H(k(size=5)), np.arange(5) * 3)
    with pytest.raises(ValueError, match="Loop size is undecided"):
        k()     # CuPy checks the loop size before allocating outputs


# ---- CuPy's errors -----------------------------------------------------

@pytest.mark.parametrize("params", ["T", "T x y z", "raw", "T 1x",
                                    "T x, T x"])
def test_bad_parameter_lists(params):
    with pytest.raises(ValueError):
        gp.ElementwiseKernel(params, "T out", "out = 0", "bad")


@pytest.mark.parametrize("name", ["1", "a-b", "", "my kernel", b"k"])
def test_invalid_kernel_name(name):
    # CuPy's check, before the parameter lists are looked at (an
    # elementwise kernel without outputs would be a different error)
    with pytest.raises(ValueError, match="Invalid kernel name"):
        gp.ElementwiseKernel("T x", "", "", name)
    with pytest.raises(ValueError, match="Invalid kernel name"):
        gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0",
                           name=name)


@pytest.mark.parametrize("kernel_name", [None, "my-fused", "1st"])
def test_fuse_names_that_are_no_identifiers(kernel_name):
    # fuse's kernels take the function's name ("<lambda>") or kernel_name
    # as given; the kernel-name check above must not refuse them
    f = gp.fuse(kernel_name=kernel_name)(lambda x, y: x + y * 2)
    x = np.arange(5.0)
    np.testing.assert_array_equal(H(f(gp.asarray(x), gp.asarray(x))),
                                  x + x * 2)


def test_mismatched_arguments():
    k = gp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add2")
    with pytest.raises(TypeError, match="Wrong number of arguments"):
        k(gp.zeros(3))
    with pytest.raises(TypeError, match="Type is mismatched"):
        k(gp.zeros(3), gp.zeros(3, np.float32))
    with pytest.raises(ValueError):  # CuPy broadcasts outputs too
        k(gp.zeros(3), gp.zeros(3), gp.zeros(4))
    with pytest.raises(TypeError):
        k(gp.zeros(3), gp.zeros(3), np.zeros(3))  # out must be ours
    with pytest.raises(ValueError):  # the broadcast fails
        k(gp.zeros(3), gp.zeros(4))
    u = gp.ElementwiseKernel("", "int32 y", "y = 1", "size_only")
    with pytest.raises(ValueError, match="ndecided"):
        u()


def _noop(ins, outs):
    fmt = lambda raws, n: ", ".join(("raw " if r else "") + "float32 %s%d"
                                    % (n, k) for k, r in enumerate(raws))
    return gp.ElementwiseKernel(fmt(ins, "x"), fmt(outs, "y"), "", "noop")


@pytest.mark.parametrize("ins,outs,args", [
    ((False, False), (False,), "aa"),     # all non-raw
    ((True, False), (True,), "aa"),       # one non-raw input
    ((False, False), (False,), "a7"),     # a scalar and a non-raw array
    ((True,), (False,), "aa"),            # the non-raw output is given
    ((), (False,), "a"),
])
def test_size_with_a_non_raw_array_is_refused(ins, outs, args):
    # CuPy's ElementwiseKernel: size= only where every array is raw
    a = gp.asarray(np.array([1, 2], np.float32))
    vals = [a if c == "a" else 7 for c in args]
    k = _noop(ins, outs)
    k(*vals)                          # the arrays fix the loop size
    with pytest.raises(ValueError, match="^Specified 'size' can"):
        k(*vals, size=2)


@pytest.mark.parametrize("ins,outs,args", [
    ((True, True), (False,), "aa"), ((True, True), (True,), "aa"),
    ((True, False), (False,), "a7"), ((), (True,), "a"),
])
def test_all_raw_arrays_need_size(ins, outs, args):
    a = gp.asarray(np.array([1, 2], np.float32))
    vals = [a if c == "a" else 7 for c in args]
    k = _noop(ins, outs)
    r = k(*vals, size=2)
    assert r.shape == (2,)
    with pytest.raises(ValueError, match=r"^Loop size is undecided\."):
        k(*vals)


@pytest.mark.parametrize("block_size", [0, -1])
def test_block_size_must_be_positive(block_size):
    k = gp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add_bs")
    x = gp.arange(24, dtype=np.float32)
    np.testing.assert_array_equal(H(k(x, 1, block_size=1)),
                                  np.arange(24, dtype=np.float32) + 1)
    with pytest.raises(ValueError):
        k(x, 1, block_size=block_size)


# ---- ReductionKernel ---------------------------------------------------

def l2norm():
    return gp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)",
                              "0", "l2norm")


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reduction_kernel_axis_keepdims(axis, keepdims):
    x = np.arange(12.0).reshape(3, 4)
    r = l2norm()(gp.asarray(x), axis=axis, keepdims=keepdims)
    ref = np.sqrt(np.sum(x * x, axis=axis, keepdims=keepdims))
    assert r.shape == ref.shape
    np.testing.assert_allclose(H(r), ref)


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int32])
def test_reduction_kernel_placeholder_and_identity(dt):
    mx = gp.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a",
                            "-1000000", "mymax", reduce_dims=False)
    x = (np.arange(20) % 7 - 3).astype(dt).reshape(4, 5)
    r = mx(gp.asarray(x), axis=1)
    assert r.dtype == dt
    np.testing.assert_array_equal(H(r), x.max(axis=1))
    # the identity is the answer of an empty reduction
    e = mx(gp.zeros((0,), dt))
    assert float(e) == -1000000


@pytest.mark.parametrize("dt", [np.float64, np.int32, np.uint64])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_reduction_kernel_without_identity(dt, axis):
    # CuPy's identity=None (Note [No identity]): partial results start
    # from a value-initialized reduce type; with a reduce_expr zero is
    # neutral for, the answer is NumPy's
    s = gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", None,
                           "sum_noid")
    x = (np.arange(60) % 11).astype(dt).reshape(6, 10)
    r = s(gp.asarray(x), axis=axis)
    ref = x.sum(axis=axis, dtype=dt)
    assert r.dtype == dt and r.shape == ref.shape
    np.testing.assert_array_equal(H(r), ref)
    mx = gp.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", None,
                            "max_noid")
    np.testing.assert_array_equal(H(mx(gp.asarray(x), axis=axis)),
                                  x.max(axis=axis))


@pytest.mark.parametrize("dt", [np.uint8, np.int8, np.int16, np.uint16])
def test_reduction_kernel_narrow_reduce_type(dt):
    # Note [Narrow reduce types]: the sum wraps as a narrow accumulator
    # would (NumPy's sum in the same dtype)
    s = gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0",
                           "narrow_sum")
    x = ((np.arange(60) * 37) % 251).astype(dt).reshape(6, 10)
    r = s(gp.asarray(x), axis=1)
    assert r.dtype == dt
    np.testing.assert_array_equal(H(r), x.sum(axis=1, dtype=dt))
    mx = gp.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a",
                            str(np.iinfo(dt).min), "narrow_max")
    np.testing.assert_array_equal(H(mx(gp.asarray(x), axis=0)), x.max(0))


def test_reduction_kernel_without_identity_empty():
    s = gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", None,
                           "noid_empty")
    with pytest.raises(ValueError, match="no identity"):
        s(gp.zeros((0,)))
    with pytest.raises(ValueError, match="no identity"):
        s(gp.zeros((3, 0)), axis=1)
    # an empty result is no reduction: returned as is (CuPy)
    assert s(gp.zeros((0, 3)), axis=1).shape == (0,)
    with pytest.raises(TypeError):
        gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", 0, "k")


def test_reduction_kernel_two_inputs_and_reduce_type():
    wsum = gp.ReductionKernel("T x, T w", "float64 y", "x * w", "a + b",
                              "y = a", "0", "wsum", reduce_type="float64")
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    r = wsum(gp.asarray(x), gp.asarray(x), axis=0)
    assert r.dtype == np.float64
    np.testing.assert_allclose(H(r), (x.astype(np.float64) ** 2).sum(0))


def test_elementwise_min_max_as_cuda():
    k = gp.ElementwiseKernel("T x, T y", "T z", "z = min(x, y) + max(x, y)",
                             "minmax")
    x = np.array([1.0, 5.0, -2.0])
    np.testing.assert_array_equal(H(k(gp.asarray(x), 2.0)), x + 2.0)


# ---- random dtype= -----------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda r, dt: r.random_sample(1000, dtype=dt),
    lambda r, dt: r.random(1000, dtype=dt),
    lambda r, dt: r.rand(10, 100, dtype=dt),
    lambda r, dt: r.uniform(0.0, 1.0, 1000, dtype=dt),
])
def test_unit_samplers_dtype_in_range(call):
    gp.random.seed(3)
    a32 = call(gp.random, np.float32)
    gp.random.seed(3)
    a64 = call(gp.random, np.float64)
    assert a32.dtype == np.float32 and a64.dtype == np.float64
    h32, h64 = H(a32), H(a64)
    assert (h32 >= 0).all() and (h32 < 1).all()
    np.testing.assert_allclose(h32, h64, atol=2 ** -23)


@pytest.mark.parametrize("name,args", [
    ("randn", (50,)), ("standard_normal", (50,)), ("normal", (1.0, 2.0, 50)),
    ("exponential", (2.0, 50)), ("standard_exponential", (50,)),
    ("gamma", (2.0, 1.0, 50)), ("beta", (2.0, 3.0, 50)),
    ("lognormal", (0.0, 1.0, 50)), ("standard_gamma", (2.0, 50)),
])
def test_float_samplers_dtype(name, args):
    f = getattr(gp.random, name)
    gp.random.seed(5)
    a = f(*args, dtype=np.float32) if name != "randn" else \
        f(*args, dtype=np.float32)
    gp.random.seed(5)
    b = f(*args)
    assert a.dtype == np.float32 and b.dtype == np.float64
    np.testing.assert_allclose(H(a), H(b).astype(np.float32), rtol=1e-6)
    with pytest.raises(TypeError, match="float32 and float64"):
        f(*args, dtype=np.int32)


@pytest.mark.parametrize("name,args", [("poisson", (3.0, 40)),
                                       ("binomial", (10, 0.3, 40)),
                                       ("geometric", (0.4, 40))])
def test_integer_samplers_dtype(name, args):
    f = getattr(gp.random, name)
    gp.random.seed(7)
    a = f(*args, dtype=np.int32)
    gp.random.seed(7)
    b = f(*args)
    assert a.dtype == np.int32
    np.testing.assert_array_equal(H(a), H(b))
    with pytest.raises(TypeError):
        f(*args, dtype=np.float64)


def test_raw_output_kernel_text_compiles_with_nvrtc():
    from conftest import nvrtc_or_skip
    nvrtc_or_skip()
    k = gp.ElementwiseKernel("T x, raw int64 idx", "raw T y",
                             "y[idx[i]] = max(x, (T)0)", "scatter_nvrtc")
    body = k._body({"T": np.dtype(np.float32)})
    # operands: x, idx (raw input), y (raw output as an input), the raw
    # layouts (Note [CArray]), scratch
    src = gp._core._ew_source(body, list("flfqf"), list("flfqf"), 4, 1, 1,
                              False, "scatter_nvrtc")
    from gpuarray.kernels.elementwise import _PRELUDE
    assert len(nvrtc_check(_PRELUDE + src, 90)) > 1000
