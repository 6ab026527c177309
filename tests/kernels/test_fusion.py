"""gpuarray.fuse (Note [Fusion] in gpuarray/_fusion.py): a fused function
gives bit for bit what the same calls give unfused (the same ufunc
bodies and casts), NumPy 2's promotion of Python and NumPy scalars,
several outputs, a trace per dtype signature, and TypeError for what
cannot fuse."""
import numpy as np
import pytest

import gpuarray as gp


def host(shape, dt, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(int(np.prod(shape))) * 3).astype(
        dt).reshape(shape)


def poly_of(m):
    return lambda x, y, s: m.sin(x) * y + s * 2 - abs(x) / (1 + x * x)


poly = poly_of(gp)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_fused_equals_unfused_bit_for_bit(dt):
    x, y = host((4, 5), dt), host((5,), dt, seed=1)
    fused = gp.fuse(poly)
    ga, gb = gp.asarray(x), gp.asarray(y)
    r = fused(ga, gb, 1.5)
    u = poly(ga, gb, 1.5)
    want = poly_of(np)(x, y, 1.5)
    assert r.dtype == u.dtype == want.dtype
    np.testing.assert_array_equal(r.get(), u.get())
    np.testing.assert_allclose(r.get(), want, rtol=1e-5)
    # same signature, another scalar value: the value is a parameter
    np.testing.assert_array_equal(fused(ga, gb, -4.0).get(),
                                  poly(ga, gb, -4.0).get())


def test_promotion_of_scalars_and_mixed_dtypes():
    def f(a, b, k):
        return (a + k) * b
    fused = gp.fuse(f)
    a, b = host((6,), np.float32), np.arange(6, dtype=np.int16)
    for k in (3, 2.5, np.float64(2.5), True):
        r = fused(gp.asarray(a), gp.asarray(b), k)
        want = f(a, b, k)
        assert r.dtype == want.dtype, (k, r.dtype, want.dtype)
        np.testing.assert_array_equal(
            r.get(), f(gp.asarray(a), gp.asarray(b), k).get())
    ints = gp.fuse(lambda i, j: (i // 3) % j + (i << 1))
    i, j = np.arange(-8, 8, dtype=np.int32), np.full(16, 5, np.int64)
    r = ints(gp.asarray(i), gp.asarray(j))
    assert r.dtype == ((i // 3) % j + (i << 1)).dtype
    np.testing.assert_array_equal(r.get(), (i // 3) % j + (i << 1))


def test_several_outputs_comparisons_and_astype():
    @gp.fuse(kernel_name="parts")
    def parts(x):
        q, r = gp.divmod(x, 4)
        return q, r, x > 2, (x * 0.5).astype(np.float32)
    x = np.arange(-5, 9)
    outs = parts(gp.asarray(x))
    want = (*np.divmod(x, 4), x > 2, (x * 0.5).astype(np.float32))
    assert len(outs) == 4
    for o, w in zip(outs, want):
        assert o.dtype == w.dtype
        np.testing.assert_array_equal(o.get(), w)


def test_one_trace_per_signature():
    calls = []

    def f(x):
        calls.append(1)
        return x * x
    fused = gp.fuse(f)
    for dt in (np.float32, np.float32, np.int64, np.float32):
        x = np.arange(5, dtype=dt)
        np.testing.assert_array_equal(fused(gp.asarray(x)).get(), x * x)
    assert len(calls) == 2


def test_what_cannot_fuse_raises_typeerror():
    captured = gp.asarray(np.ones(3))
    x = gp.asarray(np.arange(3.0))
    with pytest.raises(TypeError):
        gp.fuse(lambda a: a + captured)(x)
    with pytest.raises(TypeError):
        gp.fuse(lambda a: 1.0)(x)
    with pytest.raises(TypeError):
        gp.fuse(lambda a: a if a > 0 else -a)(x)
    # NumPy arrays and Python scalars alone: CuPy's fallback runs the
    # Python function as written (tests/kernels/test_fuse_cupy.py has more)
    got = gp.fuse(lambda a: a + 1)(np.arange(3.0))
    assert isinstance(got, np.ndarray)
    np.testing.assert_array_equal(got, np.arange(3.0) + 1)
    assert gp.fuse(lambda a: a + 1)(2.0) == 3.0
