"""Indexing inside gpuarray.fuse (Note [Fusion indexing]): reads and
writes with any index NumPy takes give what the same NumPy code gives,
arguments changed alike; NumPy's IndexError/ValueError where it raises."""
import numpy as np
import pytest

import gpuarray as gp


def host(shape, dt="float64", seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(int(np.prod(shape))) * 5).astype(
        dt).reshape(shape)


def same(fn, *arrays):
    """fn on NumPy copies and fused on gpuarray copies: results and the
    arguments afterwards agree."""
    nargs = [a.copy() for a in arrays]
    want = fn(*nargs)
    gargs = [gp.asarray(a) for a in arrays]
    got = gp.fuse(fn)(*gargs)
    wants = want if isinstance(want, tuple) else (want,)
    gots = got if isinstance(got, tuple) else (got,)
    assert len(gots) == len(wants)
    for g, w in zip(gots, wants):
        g = gp.asnumpy(g)
        assert g.shape == np.shape(w)
        np.testing.assert_array_equal(g, w)
    for g, n in zip(gargs, nargs):
        np.testing.assert_array_equal(g.get(), n)


BASIC = [1, -1, (1, 0, 2), slice(None, None, -1), Ellipsis, None,
         (None, None), (slice(None), 0, slice(None, None, -1)),
         (1, None, slice(None, None, -1), None, 2), (Ellipsis, 2),
         (1, Ellipsis), (slice(1, None), slice(None, None, 2))]


@pytest.mark.parametrize("idx", BASIC, ids=repr)
@pytest.mark.parametrize("dt", ["float32", "int16", "complex64", "bool"])
def test_basic_index_reads(idx, dt):
    same(lambda x: x[idx] * 1 if dt != "bool" else x[idx],
         host((2, 3, 4), dt))


def test_indexed_values_broadcast_in_one_kernel():
    x, y = host((3, 4)), host((4,), seed=1)
    f = gp.fuse(lambda a, b: a + a[0, 1] + a[1] + b[2] + a[2][1])
    got = f(gp.asarray(x), gp.asarray(y))
    np.testing.assert_array_equal(got.get(), x + x[0, 1] + x[1] + y[2] +
                                  x[2][1])
    steps = next(iter(f.cache.values()))[0]
    assert [s[0] for s in steps].count("kernel") == 1


def test_index_of_a_computed_value_and_a_traced_index_array():
    x = host((4, 5))
    idx = np.array([3, 0, 0, 2])
    same(lambda a, i: (a * 2)[1:, ::2] + a[i][1:, 1::2][:, :1], x, idx)
    same(lambda a: a[a > 0] + 1, x)


def test_results_of_different_shapes_from_one_stage():
    # Note [Fusion shapes]: one kernel, outputs cut to NumPy's shapes
    same(lambda a, b: (a[0] * 2, a + 1, b[1] - 1, a[1, 2] + b[0]),
         host((3, 4)), host((2, 1, 4), seed=3))


@pytest.mark.parametrize("idx", [3, -3, (0, 0, 0, 0), (slice(None), 4)])
def test_out_of_range_index_raises_numpys_indexerror(idx):
    x = host((2, 3, 4))
    with pytest.raises(IndexError):
        x[idx]
    with pytest.raises(IndexError):
        gp.fuse(lambda a: a[idx])(gp.asarray(x))


def test_index_of_a_python_scalar_argument_is_typeerror():
    x = gp.asarray(host((3,)))
    with pytest.raises(TypeError):
        gp.fuse(lambda a, s: a + s[0])(x, 2)


def full_writes(x, y):
    y[...] = x
    return y + 1


def slice_writes(x, y):
    y[:] = x
    y[0] = 7
    y[1, ::2] = x[2, 1:3] * 3
    return y


def mask_writes(x, y):
    x[x > 0] = 0
    y[y < 0] *= 2
    return x + y


def view_writes(x, y):
    v = x[1]
    v += 100          # NumPy: writes x's row
    w = x[:, 0]
    x[...] = y        # w sees the new x
    return v * 1, w + 0


@pytest.mark.parametrize("fn", [full_writes, slice_writes, mask_writes,
                                view_writes])
@pytest.mark.parametrize("dt", ["float64", "int32"])
def test_writes_through_indices(fn, dt):
    same(fn, host((3, 4), dt), host((3, 4), dt, seed=1))


def test_setitem_broadcasts_into_the_argument():
    def f(x, y):
        x[...] = y[0]
        return x * 1, y[1] + 0
    same(f, host((3, 4)), host((2, 4), seed=1))

    def g(x, s):
        x[...] = s
        return x + 0
    same(g, host((2, 3)), np.float64(4.5))


def test_setitem_casts_as_numpy_setitem():
    # setitem is an unsafe cast (float into int truncates), as NumPy's
    def f(x, y):
        x[...] = y
        x[0] = 2.75
        return x
    same(f, host((2, 3), "int32"), host((2, 3), "float64", seed=2))


def test_setitem_broadcast_errors_are_numpys():
    x, y = host((4,)), host((3, 4), seed=1)

    def f(a, b):
        a[...] = b
        return a
    with pytest.raises(ValueError):
        f(x.copy(), y)
    with pytest.raises(ValueError):
        gp.fuse(f)(gp.asarray(x), gp.asarray(y))

    def g(a, b):
        a[0:2] = b
    with pytest.raises(ValueError):
        g(x.copy(), y)
    with pytest.raises(ValueError):
        gp.fuse(g)(gp.asarray(x), gp.asarray(y))


def test_item_assignment_to_scalars_is_typeerror():
    x = gp.asarray(host((3,)))

    def f(a, s):
        s[...] = a
    with pytest.raises(TypeError):
        gp.fuse(f)(x, 2.0)
    with pytest.raises(TypeError):
        gp.fuse(f)(x, np.float32(2))


def test_one_trace_serves_every_shape():
    f = gp.fuse(lambda a: a[-1] + a[0])
    for shape in [(3,), (2, 5), (4, 1, 3)]:
        x = host(shape)
        np.testing.assert_array_equal(gp.asnumpy(f(gp.asarray(x))),
                                      x[-1] + x[0])
    assert len(f.cache) == 1


def test_indices_from_arguments_and_lists():
    x = host((3, 4))
    same(lambda a, m: a[m] + 1, x, x > 1)
    same(lambda a: a[[0, 2]] * 2 + a[np.int64(1)], x)
    f = gp.fuse(lambda a, i: a[i] - 1)
    np.testing.assert_array_equal(f(gp.asarray(x), 2).get(), x[2] - 1)


def augmented_items(a):
    a[0] += 1
    a[1:, 2] *= 3
    a[2] = a[1] + a[0]
    return a.sum(axis=0)[1:] + a[0].max()


def test_augmented_item_assignment_and_reductions_of_views():
    same(augmented_items, host((3, 4)))
