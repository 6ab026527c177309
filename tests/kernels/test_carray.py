"""Raw parameters of ElementwiseKernel as CuPy's CArray (Note [CArray]):
x[i], x[idx], x.size(), x.shape(), x.strides(), x.ndim give what NumPy
says of the same array, whatever its layout; the text compiles as CUDA."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_check, nvrtc_or_skip


def base(shape=(2, 3, 4), dt=np.int32):
    return np.arange(int(np.prod(shape)), dtype=dt).reshape(shape)


LAYOUTS = {
    "contiguous": lambda a: a,
    "transposed": lambda a: a.transpose(2, 0, 1),
    "reversed": lambda a: a[::-1, :, ::-2],
    "sliced": lambda a: a[1:, ::2],
}


def views(name):
    x = base()
    return LAYOUTS[name](x), LAYOUTS[name](gp.asarray(x))


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_size_shape_strides_ndim(name):
    x, gx = views(name)
    nd = x.ndim
    k = gp.ElementwiseKernel(
        "raw T x", "int64 y",
        "y = i == 0 ? x.size() : i <= x.ndim ? x.shape()[i - 1] "
        ": x.strides()[i - 1 - x.ndim]", "carray_meta")
    got = k(gx, size=1 + 2 * nd).get()
    np.testing.assert_array_equal(got, [x.size, *x.shape, *x.strides])


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_flat_index_is_c_order(name):
    x, gx = views(name)
    k = gp.ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - 1 - i]",
                             "carray_flat")
    got = k(gx, size=x.size).get()
    np.testing.assert_array_equal(got, x.ravel()[::-1])


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_coordinate_index(name):
    x, gx = views(name)
    s1, s2 = x.shape[1:]
    k = gp.ElementwiseKernel(
        "raw T x", "T y",
        "ptrdiff_t idx[] = {i / (%d * %d), i / %d %% %d, i %% %d}; "
        "y = x[idx] * 2" % (s1, s2, s2, s1, s2), "carray_idx")
    out = gp.empty(x.shape, x.dtype)
    k(gx, out)
    np.testing.assert_array_equal(out.get(), x * 2)


def test_raw_argument_of_another_dtype_is_converted():
    x = base((5,), np.float64) + 0.5
    k = gp.ElementwiseKernel("raw float32 x", "float32 y",
                             "y = x[x.size() - 1 - i]", "carray_cast")
    got = k(gp.asarray(x), size=5).get()
    np.testing.assert_array_equal(got, x.astype(np.float32)[::-1])


def test_raw_output_as_carray():
    # y.shape() and y[idx] on a raw output: a transpose written through
    x = base((3, 4), np.float64)
    k = gp.ElementwiseKernel(
        "T x", "raw T y",
        "ptrdiff_t idx[] = {i % y.shape()[0], i / y.shape()[0]}; "
        "y[idx] = x", "carray_out")
    y = gp.zeros((4, 3), np.float64)
    k(gp.asarray(x), y)
    np.testing.assert_array_equal(y.get(), x.T)


def test_zero_dim_raw_argument():
    k = gp.ElementwiseKernel("raw T x", "T y", "y = x[0] + x.size() + "
                             "x.ndim", "carray_0d")
    got = k(gp.asarray(np.array(7.0)), size=2).get()
    np.testing.assert_array_equal(got, [8.0, 8.0])


def test_carray_kernel_text_compiles_with_nvrtc():
    from gpuarray.kernels.elementwise import _PRELUDE
    nvrtc_or_skip()
    k = gp.ElementwiseKernel(
        "T x, raw T t", "raw T y",
        "ptrdiff_t idx[] = {i, 0, 1}; y[i] = x + t[idx] + t[i] + "
        "t.size() + t.shape()[1] + t.strides()[2] + t.ndim + *y.data()",
        "carray_nvrtc")
    body = k._body({"T": np.dtype(np.float32)}, [3, 1])
    # operands: x, t (raw), y (raw output as an input), layouts, scratch
    src = gp._core._ew_source(body, list("fffqf"), list("fffqf"), 4, 1, 1,
                              False, "carray_nvrtc")
    assert len(nvrtc_check(_PRELUDE + src, 90)) > 1000
