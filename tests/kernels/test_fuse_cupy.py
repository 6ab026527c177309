"""gpuarray.fuse with CuPy's semantics (issue 19 group 3): NumPy arrays and
scalars call the Python function as written, gpuarray and NumPy arrays
mixed raise TypeError, reductions inside a fused function (Note [Fusion
stages]), several outputs, kernel_name=, fused functions calling fused
functions.  Each result is compared with the same calls unfused (which
gpuarray's tests compare with NumPy) and with NumPy."""
import numpy as np
import pytest

import gpuarray as gp


def data(shape, dt=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) * 3).astype(dt)


def test_numpy_arrays_and_scalars_run_the_function_as_written():
    calls = []

    def f(x, y):
        calls.append(type(x))
        return x * y + 1

    fused = gp.fuse(f)
    h = np.arange(4.0)
    r = fused(h, 2.0)
    assert type(r) is np.ndarray  # NumPy ran it: a NumPy answer
    np.testing.assert_array_equal(r, h * 2.0 + 1)
    assert fused(3, 4) == 13 and calls[-1] is int
    assert fused(np.float32(2), 3) == np.float32(7)
    assert calls[0] is np.ndarray


def test_gpuarray_and_numpy_arrays_mixed_raise_typeerror():
    fused = gp.fuse(lambda x, y: x + y)
    with pytest.raises(TypeError, match="Invalid argument type"):
        fused(gp.arange(3.0), np.arange(3.0))
    with pytest.raises(TypeError, match="Invalid argument type"):
        fused(np.arange(3.0), gp.arange(3.0))
    with pytest.raises(TypeError):
        fused(gp.arange(3.0), [1.0, 2.0, 3.0])  # lists are not arguments


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int32])
def test_full_reduction_of_an_elementwise_expression(dt):
    x, y = data(50, dt), data(50, dt, seed=1)
    fused = gp.fuse(lambda a, b: gp.sum(a * b))
    ga, gb = gp.asarray(x), gp.asarray(y)
    r = fused(ga, gb)
    u = gp.sum(ga * gb)
    assert r.dtype == u.dtype == np.sum(x * y).dtype
    assert r.shape == ()
    np.testing.assert_array_equal(gp.asnumpy(r), gp.asnumpy(u))
    np.testing.assert_allclose(gp.asnumpy(r), np.sum(x * y), rtol=1e-5)


@pytest.mark.parametrize("axis", [0, 1, -1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reduction_with_axis_then_elementwise(axis, keepdims):
    x = data((4, 6))

    def f(m, a):
        return m.sqrt(m.sum(a * a, axis=axis, keepdims=keepdims)) + 1

    ga = gp.asarray(x)
    r = gp.fuse(lambda a: f(gp, a))(ga)
    np.testing.assert_array_equal(gp.asnumpy(r), gp.asnumpy(f(gp, ga)))
    np.testing.assert_allclose(gp.asnumpy(r), f(np, x))


def test_reduced_value_broadcast_against_the_input():
    x = data((3, 5))
    f = lambda m, a: a - m.max(a, axis=1, keepdims=True)  # noqa: E731
    ga = gp.asarray(x)
    r = gp.fuse(lambda a: f(gp, a))(ga)
    np.testing.assert_array_equal(gp.asnumpy(r), f(np, x))


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min"])
def test_each_reduction_and_its_method(name):
    x = data((3, 4), seed=2)
    ga = gp.asarray(x)
    fn = gp.fuse(lambda a: getattr(gp, name)(a + 1, axis=0))
    meth = gp.fuse(lambda a: getattr(a + 1, name)(axis=0))
    ref = getattr(np, name)(x + 1, axis=0)
    np.testing.assert_allclose(gp.asnumpy(fn(ga)), ref)
    np.testing.assert_allclose(gp.asnumpy(meth(ga)), ref)


def test_sum_dtype_inside_fuse():
    x = np.arange(10, dtype=np.int8)
    r = gp.fuse(lambda a: gp.sum(a * 20, dtype=np.int64))(gp.asarray(x))
    assert r.dtype == np.int64
    assert int(r) == int(np.sum(x * np.int8(20), dtype=np.int64))


def test_several_outputs_with_and_without_reductions():
    x, y = data(7), data(7, seed=3)

    def f(m, a, b):
        return a + b, a * b, m.sum(a - b)

    ga, gb = gp.asarray(x), gp.asarray(y)
    r = gp.fuse(lambda a, b: f(gp, a, b))(ga, gb)
    assert isinstance(r, tuple) and len(r) == 3
    for got, want in zip(r, f(np, x, y)):
        np.testing.assert_allclose(gp.asnumpy(got), want)
    two = gp.fuse(lambda a, b: (a + b, a - b))(ga, gb)
    np.testing.assert_array_equal(gp.asnumpy(two[1]), x - y)


def test_kernel_name():
    @gp.fuse(kernel_name="my_saxpy")
    def saxpy(a, x, y):
        return a * x + y

    assert saxpy.name == "my_saxpy" and saxpy.__name__ == "saxpy"
    x = gp.asarray(data(5))
    np.testing.assert_allclose(gp.asnumpy(saxpy(2.0, x, x)),
                               3 * gp.asnumpy(x))
    kernels = [s[1] for s in next(iter(saxpy.cache.values()))[0]]
    assert [k.name for k in kernels] == ["my_saxpy"]
    with pytest.raises(TypeError):
        gp.fuse(kernel="x")


def test_fused_function_inside_another_is_inlined():
    inner = gp.fuse(lambda a: a * a)
    outer = gp.fuse(lambda a, b: inner(a) + gp.sum(inner(b)))
    x, y = data(6), data(6, seed=4)
    r = outer(gp.asarray(x), gp.asarray(y))
    np.testing.assert_allclose(gp.asnumpy(r), x * x + np.sum(y * y))


def test_returning_an_argument_gives_a_copy():
    x = gp.asarray(data(4))
    r = gp.fuse(lambda a: a)(x)
    np.testing.assert_array_equal(gp.asnumpy(r), gp.asnumpy(x))
    r[0] = 99.0
    assert float(x[0]) != 99.0


def test_vectorize_does_not_turn_reductions_into_whole_array_ones():
    # numpy.vectorize calls per element: sum(x) of one element is x
    f = lambda x: x - gp.sum(x) + 1.0  # noqa: E731
    h = np.arange(4.0)
    got = gp.vectorize(f)(gp.asarray(h))
    ref = np.vectorize(lambda x: x - np.sum(x) + 1.0)(h)
    np.testing.assert_array_equal(gp.asnumpy(got), ref)
