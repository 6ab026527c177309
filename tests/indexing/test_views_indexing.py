"""Views (reshape, ravel, flatten, transpose, swapaxes, squeeze,
expand_dims, view) and basic indexing / assignment, against NumPy: the same
values, the same strides, a view exactly when NumPy gives a view, writes
through a view seen in its base, and NumPy's exception types."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import (ALL_DTYPES, LAYOUTS, assert_array_equal_gp, dtype_id,
                      gp_shares_memory, make_pair, owner)

AxisError = np.exceptions.AxisError


def check_view_like_numpy(gr, xr, g, x):
    """gr = f(g) is a view of g exactly when xr = f(x) is a view of x, has
    NumPy's strides and values, and owns its memory when NumPy's does."""
    assert_array_equal_gp(gr, xr, bitwise=True, strides=True)
    assert (gr is g) == (xr is x)
    if xr is x:
        return
    assert gp_shares_memory(gr, g) == np.shares_memory(xr, x)
    assert gr.flags.owndata == xr.flags.owndata
    assert gr.flags.c_contiguous == xr.flags.c_contiguous
    assert gr.flags.f_contiguous == xr.flags.f_contiguous
    if np.shares_memory(xr, x):
        assert gr.base is owner(g)


def check_write_through(view_fn, x, g, value=-7):
    """Writing through view_fn(g) changes g as writing through view_fn(x)
    changes x."""
    x, g = x.copy(), g.copy()
    xv, gv = view_fn(x), view_fn(g)
    xv[...] = value
    gv[...] = value
    assert_array_equal_gp(g, x)


# ---- reshape ------------------------------------------------------------

RESHAPES = [(12,), (-1,), (3, 4), (4, 3), (2, 6), (2, 2, 3), (3, -1),
            (1, 12), (12, 1), (1, 3, 1, 4, 1), (2, 1, 6, 1), (-1, 1, 1)]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A"])
def test_reshape_like_numpy(layout, order):
    x, g = make_pair((3, 4), np.float64, layout)
    for shape in RESHAPES:
        xr = x.reshape(shape, order=order)
        gr = g.reshape(shape, order=order)
        check_view_like_numpy(gr, xr, g, x)
        if not xr.flags.owndata and np.shares_memory(xr, x):
            gr2 = g.reshape(*shape, order=order)
            assert gr2.strides == xr.strides


@pytest.mark.parametrize("layout", ["C", "F", "strided", "transposed"])
def test_reshape_3d_partial_contiguity(layout):
    # (2, 3, 4) with axes merged or split where strides allow
    x, g = make_pair((2, 3, 4), np.int32, layout)
    for shape in [(6, 4), (2, 12), (24,), (2, 3, 2, 2), (2, 3, 4, 1),
                  (1, 2, 3, 4), (3, 2, 4), (4, 3, 2), (2, 1, 3, 1, 4)]:
        for order in "CF":
            check_view_like_numpy(g.reshape(shape, order=order),
                                  x.reshape(shape, order=order), g, x)


def test_reshape_sliced_views_stay_views():
    x = np.arange(48.0).reshape(4, 12)
    g = gp.asarray(x)
    for idx in [(slice(None), slice(0, 6)), (slice(None, None, 2),),
                (slice(1, 3), slice(None, None, 3))]:
        xv, gv = x[idx], g[idx]
        for shape in [(-1,), (xv.shape[0], -1, 1), (1,) + xv.shape]:
            check_view_like_numpy(gv.reshape(shape), xv.reshape(shape), g, x)


@pytest.mark.parametrize("shape", [(0,), (0, 3), (3, 0, 2), ()], ids=str)
def test_reshape_empty_and_0d(shape):
    x, g = make_pair(shape, np.float32, "C")
    targets = [(1,), (1, 1), ()] if x.size == 1 else \
        [(0,), (-1,), (2, 0), (0, 5, 1), (3, -1, 0)]
    for t in targets:
        for order in "CF":
            if x.size == 0 and t == (3, -1, 0):
                with pytest.raises(ValueError):
                    x.reshape(t, order=order)
                with pytest.raises(ValueError):
                    g.reshape(t, order=order)
                continue
            check_view_like_numpy(g.reshape(t, order=order),
                                  x.reshape(t, order=order), g, x)


def test_reshape_errors():
    x = np.arange(12)
    g = gp.asarray(x)
    for bad in [(5,), (5, -1), (-1, -1), (-2, -3), (0, -1), (13,)]:
        with pytest.raises(ValueError):
            x.reshape(bad)
        with pytest.raises(ValueError):
            g.reshape(bad)
    # NumPy 2 takes any negative length as the unknown one
    for odd in [(2, -2), (-3, 4)]:
        assert_array_equal_gp(g.reshape(odd), x.reshape(odd), strides=True)
    with pytest.raises(TypeError):
        x.reshape(2.5, 4)
    with pytest.raises(TypeError):
        g.reshape(2.5, 4)
    with pytest.raises(ValueError):
        g.reshape(3, 4, order="X")
    # NumPy's messages, the copy converter's first (CuPy's suite)
    for kw, msg in [({"order": "K"}, "not permitted for reshaping"),
                    ({"copy": "False"}, "strings are not allowed"),
                    ({"order": "k", "copy": "x"}, "strings are not allowed")]:
        for a in (x, g):
            with pytest.raises(ValueError, match=msg):
                a.reshape(3, 4, **kw)
            with pytest.raises(ValueError, match=msg):
                (np if a is x else gp).reshape(a, (3, 4), **kw)


def test_reshape_copy_argument():
    x, g = make_pair((3, 4), np.float64, "transposed")
    with pytest.raises(ValueError):
        x.reshape(12, copy=False)
    with pytest.raises(ValueError):
        g.reshape(12, copy=False)
    check_view_like_numpy(g.reshape(2, 6, order="F", copy=False),
                          x.reshape(2, 6, order="F", copy=False), g, x)
    c = g.reshape(4, 3, copy=True)
    assert not gp_shares_memory(c, g)
    assert_array_equal_gp(c, x.reshape(4, 3, copy=True))


def test_reshape_writes_through():
    x = np.arange(24.0).reshape(4, 6)
    g = gp.asarray(x)
    check_write_through(lambda a: a.reshape(2, 12)[1, 3:9], x, g)
    check_write_through(lambda a: a.T.reshape(6, 2, 2, order="F")[0], x, g)


def test_reshape_module_function_and_shape_setter():
    x = np.arange(6.0)
    g = gp.asarray(x)
    assert_array_equal_gp(gp.reshape(g, (2, 3)), np.reshape(x, (2, 3)),
                          strides=True)
    assert_array_equal_gp(gp.reshape(g, (3, 2), order="F"),
                          np.reshape(x, (3, 2), order="F"), strides=True)


# ---- ravel / flatten ----------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_ravel_like_numpy(layout, order):
    for shape in [(3, 4), (2, 3, 4)]:
        x, g = make_pair(shape, np.int16, layout)
        check_view_like_numpy(g.ravel(order), x.ravel(order), g, x)
        check_view_like_numpy(gp.ravel(g, order), np.ravel(x, order), g, x)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_flatten_always_copies(layout, order):
    x, g = make_pair((2, 3, 4), np.int16, layout)
    gf, xf = g.flatten(order), x.flatten(order)
    check_view_like_numpy(gf, xf, g, x)
    assert gf.base is None


def test_ravel_k_of_permuted_contiguous_is_a_view():
    x = np.arange(24).reshape(2, 3, 4).transpose(2, 0, 1)
    g = gp.asarray(np.arange(24).reshape(2, 3, 4)).transpose(2, 0, 1)
    check_view_like_numpy(g.ravel("K"), x.ravel("K"), g, x)
    assert gp_shares_memory(g.ravel("K"), g)


@pytest.mark.parametrize("shape", [(), (0,), (2, 0), (1,)], ids=str)
def test_ravel_flatten_edge_shapes(shape):
    x, g = make_pair(shape, np.float64, "C")
    for order in "CFAK":
        check_view_like_numpy(g.ravel(order), x.ravel(order), g, x)
        check_view_like_numpy(g.flatten(order), x.flatten(order), g, x)


def test_ravel_writes_through():
    x = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(x)
    check_write_through(lambda a: a.ravel()[2:5], x, g)
    check_write_through(lambda a: a.T.ravel("F")[::3], x, g)
    check_write_through(lambda a: a.T.ravel("K")[7:], x, g)


# ---- transpose, swapaxes, squeeze, expand_dims ----------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_transpose_like_numpy(layout):
    x, g = make_pair((2, 3, 4), np.complex64, layout)
    for axes in [None, (0, 1, 2), (2, 1, 0), (1, 2, 0), (-1, 0, 1)]:
        check_view_like_numpy(g.transpose(axes), x.transpose(axes), g, x)
        check_view_like_numpy(gp.transpose(g, axes), np.transpose(x, axes),
                              g, x)
        if axes is not None:
            check_view_like_numpy(g.transpose(*axes), x.transpose(*axes),
                                  g, x)
            check_view_like_numpy(g.transpose(list(axes)),
                                  x.transpose(list(axes)), g, x)
    check_view_like_numpy(g.T, x.T, g, x)
    check_view_like_numpy(g.transpose(), x.transpose(), g, x)


def test_transpose_errors():
    x = np.zeros((2, 3))
    g = gp.zeros((2, 3))
    for axes, exc in [((0, 0), ValueError), ((0,), ValueError),
                      ((0, 1, 2), ValueError), ((0, 2), AxisError),
                      ((-3, 0), AxisError)]:
        with pytest.raises(exc):
            x.transpose(axes)
        with pytest.raises(exc):
            g.transpose(axes)


def test_swapaxes_like_numpy():
    x, g = make_pair((2, 3, 4), np.uint8, "strided")
    for a1, a2 in [(0, 1), (0, 2), (2, 0), (-1, -2), (1, 1)]:
        check_view_like_numpy(g.swapaxes(a1, a2), x.swapaxes(a1, a2), g, x)
        check_view_like_numpy(gp.swapaxes(g, a1, a2),
                              np.swapaxes(x, a1, a2), g, x)
    for a1, a2 in [(0, 3), (-4, 0)]:
        with pytest.raises(AxisError):
            x.swapaxes(a1, a2)
        with pytest.raises(AxisError):
            g.swapaxes(a1, a2)


@pytest.mark.parametrize("layout", ["C", "negative", "broadcast"])
def test_squeeze_like_numpy(layout):
    x, g = make_pair((1, 3, 1, 4, 1), np.float32, layout)
    for axis in [None, 0, 2, -1, (0, 2), (0, -1, 2)]:
        check_view_like_numpy(g.squeeze(axis), x.squeeze(axis), g, x)
        check_view_like_numpy(gp.squeeze(g, axis), np.squeeze(x, axis), g,
                              x)
    check_view_like_numpy(g.squeeze(), x.squeeze(), g, x)
    for axis, exc in [(1, ValueError), ((0, 3), ValueError), (5, AxisError),
                      (-6, AxisError)]:
        with pytest.raises(exc):
            x.squeeze(axis)
        with pytest.raises(exc):
            g.squeeze(axis)


def test_squeeze_0d_and_all_ones():
    for shape in [(), (1,), (1, 1, 1)]:
        x, g = make_pair(shape, np.int8, "C")
        check_view_like_numpy(g.squeeze(), x.squeeze(), g, x)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative"])
def test_expand_dims_like_numpy(layout):
    x, g = make_pair((3, 4), np.float64, layout)
    for axis in [0, 1, 2, -1, -3, (0, 1), (0, 3), (-1, -2), (0, 2, 4),
                 np.int64(1)]:
        check_view_like_numpy(gp.expand_dims(g, axis),
                              np.expand_dims(x, axis), g, x)
    for axis, exc in [(3, AxisError), (-4, AxisError), ((0, 0), ValueError),
                      ((1, 5), AxisError)]:
        with pytest.raises(exc):
            np.expand_dims(x, axis)
        with pytest.raises(exc):
            gp.expand_dims(g, axis)


def test_expand_dims_0d():
    x, g = make_pair((), np.float64, "C")
    for axis in [0, -1, (0, 1)]:
        check_view_like_numpy(gp.expand_dims(g, axis),
                              np.expand_dims(x, axis), g, x)


def test_views_write_through():
    x = np.arange(24.0).reshape(2, 3, 4)
    g = gp.asarray(x)
    for fn in [lambda a: a.transpose(2, 0, 1)[1],
               lambda a: a.swapaxes(0, 2)[:, 1],
               lambda a: a[:, :1].squeeze(1)[0],
               lambda a: np.expand_dims(a, 1)[1] if isinstance(a, np.ndarray)
               else gp.expand_dims(a, 1)[1],
               lambda a: a.T[::2, ::-1]]:
        check_write_through(fn, x, g)
        x = x.copy()
        g = gp.asarray(x)


# ---- view(dtype) -----------------------------------------------------------

@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_view_dtype_every_target(dt):
    # a C array of 16-byte rows can be viewed as every dtype
    x, g = make_pair((3, 16), np.uint8, "C")
    xv, gv = x.view(dt), g.view(dt)
    check_view_like_numpy(gv, xv, g, x)
    # and back
    check_view_like_numpy(gv.view(np.uint8), xv.view(np.uint8), g, x)


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_view_dtype_every_source(dt):
    x, g = make_pair((2, 2), dt, "C")
    for target in (np.uint8, np.int8, np.bool_):
        check_view_like_numpy(g.view(target), x.view(target), g, x)
    check_view_like_numpy(g.view(), x.view(), g, x)
    assert g.view().base is g


def test_view_dtype_rules():
    x, g = make_pair((3, 4), np.int32, "C")
    check_view_like_numpy(g.view(np.float32), x.view(np.float32), g, x)
    check_view_like_numpy(g.view(np.int64), x.view(np.int64), g, x)
    check_view_like_numpy(g.view(np.complex128), x.view(np.complex128), g, x)
    check_view_like_numpy(g[:, :2].view(np.int64), x[:, :2].view(np.int64),
                          g, x)
    # errors: 0-d size change, non-contiguous last axis, indivisible size
    for fn in [lambda a: a[0, 0].view(np.int64) if isinstance(a, gp.ndarray)
               else a[0, 0, ...].view(np.int64),
               lambda a: a.T.view(np.int64),
               lambda a: a[:, ::2].view(np.int8),
               lambda a: a[:, :3].view(np.int64)]:
        with pytest.raises(ValueError):
            fn(x)
        with pytest.raises(ValueError):
            fn(g)
    with pytest.raises(TypeError):
        g.view("not a dtype")
    # same itemsize on non-contiguous arrays is fine
    check_view_like_numpy(g.T.view(np.float32), x.T.view(np.float32), g, x)
    # empty arrays may change itemsize whatever their strides
    xe, ge = x[:0, ::2], g[:0, ::2]
    assert ge.view(np.int8).shape == xe.view(np.int8).shape


def test_view_writes_through():
    x = np.zeros(4, np.float32)
    g = gp.asarray(x)
    check_write_through(lambda a: a.view(np.int32)[1:3], x, g, value=1)
    g.view(np.int32)[1:3] = 1
    x.view(np.int32)[1:3] = 1
    assert_array_equal_gp(g, x, bitwise=True)
    bits = g.view(np.uint32).get()
    assert bits[1] == 1 and bits[0] == 0


# ---- basic indexing ----------------------------------------------------------

INDICES = [
    0, -1, 3, (1, 2), (1, 2, 3), (-1, -2, -3), slice(None), slice(1, 3),
    slice(None, None, -1), slice(None, None, 2), slice(3, 0, -2),
    slice(-2, None), slice(10, 20), slice(-100, 100), slice(2, 2),
    (slice(None), 1), (Ellipsis, 1), (Ellipsis,), (1, Ellipsis),
    (None,), (None, 1), (1, None, 2), (Ellipsis, None), (None, Ellipsis, None),
    (slice(None), None, slice(None, None, -1), 2),
    (slice(None, None, -1), slice(None, None, -2), slice(None, None, -3)),
    (slice(1, None, 2), Ellipsis, slice(None, 2)),
    (np.int64(2), np.uint8(1)), (np.int32(-1), slice(None)),
    (), (slice(None),) * 3, (0, slice(0, 0)), (Ellipsis, None, 0, None),
]


@pytest.mark.parametrize("layout", ["C", "F", "negative", "broadcast"])
def test_basic_indexing_like_numpy(layout):
    x, g = make_pair((4, 5, 6), np.float64, layout)
    for idx in INDICES:
        xr, gr = x[idx], g[idx]
        # A full integer index gives a 0-d array (CuPy), not a scalar.
        xr = np.asarray(xr)
        assert isinstance(gr, gp.ndarray)
        assert_array_equal_gp(gr, xr, bitwise=True, strides=True)
        assert gr.base is owner(g), idx
        assert gr.flags.writeable == g.flags.writeable
        assert gr.flags.c_contiguous == xr.flags.c_contiguous, idx
        assert gr.flags.f_contiguous == xr.flags.f_contiguous, idx


def test_full_integer_index_gives_0d_array():
    g = gp.asarray(np.arange(6).reshape(2, 3))
    r = g[1, 2]
    assert isinstance(r, gp.ndarray) and r.shape == () and r.ndim == 0
    assert int(r) == 5 and r.item() == 5
    assert r.base is g
    z = gp.asarray(np.float32(3))
    for idx in [(), Ellipsis]:
        assert_array_equal_gp(z[idx], np.asarray(np.float32(3)[...]))
    assert_array_equal_gp(z[None], np.float32(3)[None])
    assert_array_equal_gp(z[..., None], np.array(np.float32(3))[..., None])


def test_index_with_0d_integer_arrays():
    x = np.arange(12).reshape(3, 4)
    g = gp.asarray(x)
    i = gp.asarray(np.int64(2))
    assert_array_equal_gp(g[i], x[2])
    assert_array_equal_gp(g[1, i], np.asarray(x[1, 2]))


def test_indexing_errors():
    x = np.zeros((3, 4))
    g = gp.zeros((3, 4))
    cases = [(3, IndexError), (-4, IndexError), ((0, 4), IndexError),
             ((0, -5), IndexError), ((0, 0, 0), IndexError),
             ((Ellipsis, Ellipsis), IndexError), (1.0, IndexError),
             ((0, 1.5), IndexError), ("a", IndexError),
             (slice(None, None, 0), ValueError),
             ((0, 0, None, 0), IndexError)]
    for idx, exc in cases:
        with pytest.raises(exc):
            x[idx]
        with pytest.raises(exc):
            g[idx]
        with pytest.raises(exc):
            x[idx] = 1
        with pytest.raises(exc):
            g[idx] = 1
    with pytest.raises(IndexError):
        np.zeros(())[0]
    with pytest.raises(IndexError):
        gp.zeros(())[0]


def test_indexing_empty_arrays():
    x, g = make_pair((0, 3), np.int32, "C")
    for idx in [slice(None), (slice(None), 1), (Ellipsis, None),
                (slice(None), slice(1, None, -1))]:
        assert_array_equal_gp(g[idx], x[idx], strides=True)
    with pytest.raises(IndexError):
        g[0]


def test_index_writes_through():
    x = np.arange(60.0).reshape(3, 4, 5)
    g = gp.asarray(x)
    for fn in [lambda a: a[1], lambda a: a[:, ::-2, 1:4],
               lambda a: a[..., ::-1][None, 2, 1:3],
               lambda a: a[-1, -1, -1, ...], lambda a: a[:, 2][::-1][1:]]:
        check_write_through(fn, x, g)


# ---- assignment ----------------------------------------------------------------

SCALARS = [0, 1, -1, 7, True, False, 2.5, -0.0, np.nan, np.inf, 1 + 2j,
           np.float32(1.25), np.int8(-3), np.uint16(65535), np.bool_(True),
           np.complex64(3 - 1j), 255, 65504.0, 1e300]


def _setitem_scalars(dt, indices):
    import warnings
    dt = np.dtype(dt)
    for value in SCALARS:
        x = np.zeros((3, 4), dt)
        g = gp.zeros((3, 4), dt)
        for idx in indices:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    x[idx] = value
                except Exception as e:  # noqa: BLE001 - type compared
                    with pytest.raises(type(e)):
                        g[idx] = value
                    continue
                g[idx] = value
            assert_array_equal_gp(g, x, bitwise=dt.kind not in "fc" or
                                  value is not np.nan)


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_setitem_scalar_every_dtype(dt):
    # contiguous destinations (one fill kernel per dtype)
    _setitem_scalars(dt, [(1,), (Ellipsis,), (0, 0)])


@pytest.mark.parametrize("dt", [np.float64, np.int8, np.complex64],
                         ids=dtype_id)
def test_setitem_scalar_strided(dt):
    _setitem_scalars(dt, [(slice(None), 2),
                          (slice(None, None, -1), slice(1, None, 2))])


@pytest.mark.parametrize("layout", LAYOUTS[:-1])
def test_setitem_array_values(layout):
    x, g = make_pair((4, 6), np.float64, layout)
    x, g = x.copy(), g.copy() if layout == "broadcast" else g
    src = np.arange(24.0).reshape(4, 6) * -1
    cases = [
        ((slice(None),), src),                       # whole, same shape
        ((1,), src[0]),                              # a row
        ((slice(None), 2), src[:, 0]),               # a column
        ((slice(None), slice(None, None, -2)), src[:, :3]),
        ((Ellipsis,), src[0]),                       # broadcast a row
        ((slice(1, 3),), src[0:1, :]),               # broadcast (1, 6)
        ((slice(None), slice(0, 1)), src[:, :1]),    # broadcast (4, 1)
        ((2, 3), np.float64(9)),
        ((slice(None),), src.astype(np.int16)),      # casting
        ((slice(None),), np.ones((1, 1, 4, 6))),     # leading ones dropped
        ((0,), np.asfortranarray(src[:1, :].T).T[0]),
    ]
    for idx, v in cases:
        xv = x.copy()
        xv[idx] = v
        # a gpuarray value, a NumPy value and a list value
        for val in (gp.asarray(v), v, np.asarray(v).tolist()):
            gv = g.copy()
            if isinstance(val, list):
                # NumPy refuses a list nested deeper than the target
                try:
                    x.copy()[idx] = val
                except ValueError:
                    with pytest.raises(ValueError):
                        gv[idx] = val
                    continue
            gv[idx] = val
            assert_array_equal_gp(gv, xv)
    # values in any layout
    for vlayout in LAYOUTS:
        xv_, gv_ = make_pair((4, 6), np.float64, vlayout, seed=4)
        xx, gg = x.copy(), g.copy()
        xx[...] = xv_
        gg[...] = gv_
        assert_array_equal_gp(gg, xx, bitwise=True)


def test_setitem_overlapping_source():
    x = np.arange(10.0)
    g = gp.asarray(x)
    x[1:] = x[:-1]
    g[1:] = g[:-1]
    assert_array_equal_gp(g, x)
    x[::-1] = x
    g[::-1] = g
    assert_array_equal_gp(g, x)
    y = np.arange(16.0).reshape(4, 4)
    h = gp.asarray(y)
    y[...] = y.T
    h[...] = h.T
    assert_array_equal_gp(h, y)


def test_setitem_errors():
    x = np.zeros((3, 4), np.int8)
    g = gp.zeros((3, 4), np.int8)
    for idx, v, exc in [
            ((slice(None),), np.ones(3), ValueError),
            ((0,), np.ones((2, 4)), ValueError),
            ((0,), [1, 2, 3], ValueError),
            ((0, 0), 300, OverflowError),
            ((0,), [1, 300, 2, 3], OverflowError),
            ((0, 0), np.nan, ValueError),
            ((0, 0), "abc", ValueError)]:
        with pytest.raises(exc):
            x[idx] = v
        with pytest.raises(exc):
            g[idx] = v
        if isinstance(v, np.ndarray):
            with pytest.raises(exc):
                g[idx] = gp.asarray(v)
    ro = gp.broadcast_to(gp.arange(4), (3, 4))
    with pytest.raises(ValueError):
        np.broadcast_to(np.arange(4), (3, 4))[0] = 1
    with pytest.raises(ValueError):
        ro[0] = 1
    with pytest.raises(ValueError):
        del g[0]


def test_setitem_0d_and_empty():
    x, g = np.zeros(()), gp.zeros(())
    x[()] = 5
    g[()] = 5
    assert_array_equal_gp(g, x)
    x[...] = np.array(6.0)
    g[...] = gp.asarray(6.0)
    assert_array_equal_gp(g, x)
    e, ge = np.zeros((0, 3)), gp.zeros((0, 3))
    e[...] = 1
    ge[...] = 1
    e[:, 1] = np.ones(0)
    ge[:, 1] = gp.ones(0)
    assert_array_equal_gp(ge, e)
