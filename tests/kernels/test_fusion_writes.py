"""gpuarray.fuse writes (Note [Fusion writes]): in-place operators and
out= on the fused function's array arguments change them as the same
NumPy code changes NumPy arrays; NumPy's errors where it refuses."""
import numpy as np
import pytest

import gpuarray as gp


def host(shape, dt, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(int(np.prod(shape))) * 5).astype(
        dt).reshape(shape)


def inplace_ops(x, y):
    x += y
    x *= 2
    x -= y
    return x + 1


@pytest.mark.parametrize("dt", ["float32", "float64", "int64", "int16"])
def test_inplace_operators_write_the_argument(dt):
    a, b = host((3, 4), dt), host((4,), dt, seed=1)
    na, nb = a.copy(), b.copy()
    want = inplace_ops(na, nb)
    x, y = gp.asarray(a), gp.asarray(b)
    got = gp.fuse(inplace_ops)(x, y)
    np.testing.assert_array_equal(got.get(), want)
    np.testing.assert_array_equal(x.get(), na)
    np.testing.assert_array_equal(y.get(), nb)


def only_writes(x, y):
    x += y


def test_function_returning_none_still_writes():
    a, b = host((2, 3), "float64"), host((2, 3), "float64", seed=2)
    na = a.copy()
    want = only_writes(na, b)
    x = gp.asarray(a)
    assert gp.fuse(only_writes)(x, gp.asarray(b)) is want
    np.testing.assert_array_equal(x.get(), na)


def test_aliases_see_the_write():
    def f(x):
        y = x
        x += 1
        return y * 2
    a = host((5,), "float64")
    na = a.copy()
    want = f(na)
    x = gp.asarray(a)
    np.testing.assert_array_equal(gp.fuse(f)(x).get(), want)
    np.testing.assert_array_equal(x.get(), na)


@pytest.mark.parametrize("shapes", [((3,), (2, 3)), ((1, 3), (3, 3))])
def test_inplace_broadcast_into_smaller_raises_valueerror(shapes):
    a, b = np.zeros(shapes[0]), np.ones(shapes[1])
    with pytest.raises(ValueError):
        only_writes(a, b)
    with pytest.raises(ValueError):
        gp.fuse(only_writes)(gp.asarray(a), gp.asarray(b))


def test_inplace_unsafe_cast_raises_typeerror():
    a, b = np.arange(3), np.ones(3)
    with pytest.raises(TypeError):
        only_writes(a, b)
    with pytest.raises(TypeError):
        gp.fuse(only_writes)(gp.asarray(a), gp.asarray(b))


def test_out_none_is_no_out():
    def f(x):
        return np.add(x, x, out=None) if isinstance(x, np.ndarray) else \
            gp.add(x, x, out=None)
    a = host((4,), "float32")
    np.testing.assert_array_equal(gp.fuse(f)(gp.asarray(a)).get(), f(a))


@pytest.mark.parametrize("dt", [np.uint64, np.float32])
def test_inplace_on_a_scalar_argument_rebinds(dt):
    def f(x, s):
        s += 1
        return x + s
    a = host((3,), "float64")
    np.testing.assert_array_equal(gp.fuse(f)(gp.asarray(a), dt(3)).get(),
                                  f(a, dt(3)))


def test_function_returning_none_without_writes():
    def f(x):
        x + 1
    assert gp.fuse(f)(gp.arange(3)) is f(np.arange(3))


def out_writes(x, y, z):
    np_or_gp = gp if isinstance(x, gp.ndarray) or \
        type(x).__name__ == "_Var" else np
    np_or_gp.add(x, y, out=z)          # keyword
    np_or_gp.multiply(z, 2, z)         # positional
    q, r = np_or_gp.divmod(x, 3, out=(None, y))
    return q + z


@pytest.mark.parametrize("dt", ["float64", "int32"])
def test_out_to_a_fused_argument(dt):
    # Note [Overriding out=]: the ufunc hands out=<tracer> to the trace
    a, b, c = (host((2, 3), dt, seed=s) for s in range(3))
    na, nb, nc = a.copy(), b.copy(), c.copy()
    want = out_writes(na, nb, nc)
    ga, gb, gc = gp.asarray(a), gp.asarray(b), gp.asarray(c)
    got = gp.fuse(out_writes)(ga, gb, gc)
    np.testing.assert_array_equal(got.get(), want)
    for g, n in ((ga, na), (gb, nb), (gc, nc)):
        np.testing.assert_array_equal(g.get(), n)


def test_out_to_a_fused_argument_casts_same_kind():
    def f(x, z):
        gp.true_divide(x, 2, out=z)
    x, z = gp.asarray(host((3,), "int64")), gp.asarray(host((3,), "int64"))
    with pytest.raises(TypeError):
        np.true_divide(x.get(), 2, out=z.get())
    with pytest.raises(TypeError):
        gp.fuse(f)(x, z)


@pytest.mark.parametrize("out", [np.zeros(3), gp.zeros(3)],
                         ids=["numpy", "captured"])
def test_out_not_traced_is_typeerror(out):
    def f(x):
        gp.add(x, 1, out=out)
        return x
    with pytest.raises(TypeError):
        gp.fuse(f)(gp.asarray(host((3,), "float64")))
