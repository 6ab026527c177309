"""Transfers (asarray/array from NumPy arrays, lists, scalars and gpuarray
arrays; asnumpy/get/set) round-trip bit-exactly, and the creation
functions give NumPy's values, dtypes and layouts."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import (ALL_DTYPES, LAYOUTS, assert_array_equal_gp, dtype_id,
                      make_array, make_pair, assert_same_outcome, outcome,
                      raised)

# arange / linspace run a kernel above this many elements (gpuarray's
# _creation._SMALL); both sides of it are tested.
SMALL = 4096


# ---- host -> device -> host ------------------------------------------------

@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_round_trip_every_dtype_bit_exact(dt):
    for shape in [(5, 7), (), (0,), (3, 0, 2), (1,)]:
        x = make_array(shape, dt, seed=11)
        g = gp.asarray(x)
        assert_array_equal_gp(g, x, bitwise=True)
        for back in (g.get(), gp.asnumpy(g)):
            assert isinstance(back, np.ndarray)
            assert back.dtype == x.dtype and back.shape == x.shape
            assert back.tobytes() == np.ascontiguousarray(x).tobytes()


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt", [np.float64, np.complex64, np.int8],
                         ids=dtype_id)
def test_round_trip_any_layout(layout, dt):
    for shape in [(4, 6), (2, 3, 5)]:
        x = make_array(shape, dt, layout, seed=12)
        g = gp.asarray(x)
        assert_array_equal_gp(g, x, bitwise=True)
        assert g.flags.owndata and g.base is None
        want = np.array(x, order="K")
        assert g.strides == want.strides
        # and from a gpuarray view of any layout back to NumPy
        x2, g2 = make_pair(shape, dt, layout, seed=13)
        assert_array_equal_gp(g2, x2, bitwise=True)
        for order in "CFAK":
            got = g2.get(order=order)
            assert got.tobytes(order="A") == \
                np.asarray(x2, order=order).tobytes(order="A")
            assert got.flags.c_contiguous or got.flags.f_contiguous


def test_nan_payloads_and_signed_zeros_survive():
    bits = np.array([0x7ff8000000000001, 0xfff0000000000001,
                     0x8000000000000000, 0x7ff4000000000000], np.uint64)
    x = bits.view(np.float64)
    g = gp.asarray(x)
    assert np.array_equal(g.get().view(np.uint64), bits)
    h = np.array([0x7e01, 0xfc01, 0x8000, 0x0001], np.uint16).view(
        np.float16)
    assert np.array_equal(gp.asarray(h).get().view(np.uint16),
                          h.view(np.uint16))


def test_byteswapped_and_unaligned_numpy_input():
    x = np.arange(6, dtype=">i4").reshape(2, 3)
    assert_array_equal_gp(gp.asarray(x), x.astype("=i4"))
    buf = np.zeros(8 * 5 + 1, np.uint8)
    u = buf[1:].view(np.float64)
    u[:] = np.arange(5.0)
    assert not u.flags.aligned
    assert_array_equal_gp(gp.asarray(u), np.arange(5.0))


@pytest.mark.parametrize("fn", ["empty", "zeros", "ones", "full"])
def test_none_shape_is_numpys_type_error(fn):
    # NumPy's message, which CuPy's suite matches ("Use () not None")
    args = (None, 1) if fn == "full" else (None,)
    for xp in (np, gp):
        with pytest.raises(TypeError, match=r"Use \(\) not None"):
            getattr(xp, fn)(*args)


@pytest.mark.parametrize("fn", ["asarray", "array", "asanyarray"])
def test_cupys_blocking_keyword(fn):
    # CuPy's asarray, array and asanyarray take blocking= (a bool)
    x = np.arange(6.0).reshape(2, 3)
    for blocking in (True, False, np.bool_(True)):
        assert_array_equal_gp(getattr(gp, fn)(x, blocking=blocking), x)
    with pytest.raises(TypeError, match="blocking"):
        getattr(gp, fn)(x, blocking=1)


@pytest.mark.parametrize("shape", [(1, 3, 1), (3, 1), (1, 3), (1, 1), (2, 3)])
@pytest.mark.parametrize("order", "CFAK")
def test_array_from_host_lays_out_as_numpys_copy(shape, order):
    # data both C and F contiguous (size-1 axes) still gets Fortran strides
    # for order='F', as np.array copies it (CuPy's suite checks strides)
    for x in (np.ones(shape), np.asfortranarray(np.ones(shape))):
        assert_array_equal_gp(gp.array(x, order=order),
                              np.array(x, order=order), strides=True)


@pytest.mark.parametrize("make", [
    lambda x: [x], lambda x: (x, x), lambda x: [x[::2], x[1::2]],
    lambda x: [x.astype(">f8")], lambda x: [[1, 2, 3], x[:3]],
], ids=["list", "tuple", "strided", "f8", "mixed"])
def test_byteswapped_arrays_inside_a_list(make):
    # NumPy's dtype of such a list is the swapped one; gpuarray stores the
    # same values in native order (CuPy's suite: test_from_numpy_byteswapped)
    obj = make(np.arange(6, dtype=">i4"))
    want = np.asarray(obj)
    for fn in (gp.asarray, gp.array):
        assert_array_equal_gp(fn(obj), want.astype(want.dtype.newbyteorder("=")),
                              bitwise=True)
    assert_array_equal_gp(gp.asarray([1, 2, 3], dtype=">i2"),
                          np.array([1, 2, 3], "=i2"), bitwise=True)


@pytest.mark.parametrize("obj", [
    [1, 2, 3], [1.0, 2, 3], [True, False], [1 + 2j, 3], [[1, 2], [3, 4]],
    [], [[]], [[], []], [[[1.5]]], 5, 2.5, True, 1j, -7, (1, 2), ((1,), (2,)),
    np.float32(1.5), np.int8(-3), np.uint64(2 ** 64 - 1), np.bool_(True),
    np.complex64(1 - 1j), np.float16(0.1), [np.float32(1), 2],
    [2 ** 63 - 1, -2 ** 63], [2 ** 64 - 1], np.array(3.0),
], ids=repr)
def test_asarray_from_python_objects(obj):
    want = np.asarray(obj)
    for fn in (gp.asarray, gp.array):
        assert_array_equal_gp(fn(obj), want, bitwise=True)


@pytest.mark.parametrize("dtype", [np.float32, np.int16, np.complex128,
                                   np.bool_, "f8", "uint8", int, float,
                                   complex, bool])
def test_asarray_dtype_argument(dtype):
    for obj in ([1, 2, 3], [[0.5, 1.5]], np.arange(4.0) - 1.5, 3,
                np.arange(6, dtype=np.uint8).reshape(2, 3)):
        want = np.asarray(obj, dtype=dtype)
        assert_array_equal_gp(gp.asarray(obj, dtype=dtype), want)
        assert_array_equal_gp(gp.array(obj, dtype=dtype), want)


def test_asarray_errors_like_numpy():
    for obj in ([[1, 2], [3]], [1, [2]]):
        with pytest.raises(ValueError):
            np.asarray(obj)
        with pytest.raises(ValueError):
            gp.asarray(obj)
    with pytest.raises(OverflowError):
        np.asarray([300], dtype=np.int8)
    with pytest.raises(OverflowError):
        gp.asarray([300], dtype=np.int8)
    with pytest.raises(TypeError):
        gp.asarray([1, 2], dtype="bogus")
    with pytest.raises(TypeError):
        gp.asarray(np.array(["a", "b"]))


@pytest.mark.parametrize("order", ["C", "F", "A", "K", None])
@pytest.mark.parametrize("layout", ["C", "F", "strided", "transposed"])
def test_asarray_order_from_numpy(order, layout):
    x = make_array((3, 4), np.float32, layout)
    want = np.array(x, order=order)
    g = gp.asarray(x, order=order)
    assert_array_equal_gp(g, want, bitwise=True, strides=True)
    g = gp.array(x, order=order)
    assert_array_equal_gp(g, want, bitwise=True, strides=True)


def test_asarray_of_gpuarray_is_no_copy_unless_asked():
    x, g = make_pair((3, 4), np.float64, "C")
    assert gp.asarray(g) is g
    assert gp.asarray(g, dtype=np.float64) is g
    assert gp.asarray(g, order="C") is g
    assert gp.asarray(g, order="K") is g
    assert gp.asarray(g, copy=False) is g
    c = gp.asarray(g, copy=True)
    assert c is not g and c.flags.owndata
    assert_array_equal_gp(c, x, bitwise=True)
    f = gp.asarray(g, order="F")
    assert_array_equal_gp(f, np.asarray(x, order="F"), strides=True)
    d = gp.asarray(g, dtype=np.float32)
    assert_array_equal_gp(d, x.astype(np.float32))
    with pytest.raises(ValueError):
        gp.asarray(g, dtype=np.float32, copy=False)
    with pytest.raises(ValueError):
        gp.asarray(g, order="F", copy=False)
    # gp.array copies by default, like np.array
    a = gp.array(g)
    assert a is not g and not np.shares_memory(a.get(), x)
    assert_array_equal_gp(a, x)
    assert gp.array(g, copy=None) is g
    # a copy is independent
    c[0, 0] = 123
    assert g.get()[0, 0] == x[0, 0]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_array_of_gpuarray_views_keeps_numpys_layout(layout):
    x, g = make_pair((3, 4), np.int32, layout)
    for order in ["C", "F", "A", "K"]:
        assert_array_equal_gp(gp.array(g, order=order),
                              np.array(x, order=order), strides=True)
        assert_array_equal_gp(gp.asarray(g, dtype=np.int64, order=order),
                              np.asarray(x, dtype=np.int64, order=order),
                              strides=True)


def test_array_ndmin_and_copy_false():
    x = np.arange(3.0)
    assert_array_equal_gp(gp.array(x, ndmin=3), np.array(x, ndmin=3))
    assert_array_equal_gp(gp.array(5, ndmin=2), np.array(5, ndmin=2))
    # NumPy 2: copy=False raises when a copy is needed; moving host data
    # to the device always is one.
    with pytest.raises(ValueError):
        np.array([1, 2], copy=False)
    with pytest.raises(ValueError):
        gp.array([1, 2], copy=False)
    with pytest.raises(ValueError):
        gp.asarray(x, copy=False)


def test_get_with_out_and_order():
    x = make_array((3, 4), np.float64, "F")
    g = gp.asarray(x)
    out = np.empty((3, 4))
    r = g.get(out=out)
    assert r is out
    np.testing.assert_array_equal(out, x)
    assert g.get(order="F").flags.f_contiguous
    assert gp.asnumpy(g, order="F").flags.f_contiguous
    with pytest.raises(ValueError):
        g.get(out=np.empty((4, 3)))
    assert_array_equal_gp(gp.asarray(gp.asnumpy([1, 2])), np.array([1, 2]))


@pytest.mark.parametrize("layout", LAYOUTS[:-1])
def test_set_from_numpy(layout):
    x, g = make_pair((4, 5), np.float64, layout)
    src = make_array((4, 5), np.float64, seed=21)
    g.set(src)
    assert_array_equal_gp(g, src, bitwise=True)
    for slayout in ("F", "strided", "negative"):
        src = make_array((4, 5), np.float64, slayout, seed=22)
        g.set(src)
        assert_array_equal_gp(g, src, bitwise=True)
    with pytest.raises(ValueError):
        g.set(np.zeros((5, 4)))


def test_set_writes_through_a_view():
    x = np.zeros((4, 5))
    g = gp.asarray(x)
    g[1:3, ::2].set(np.ones((2, 3)))
    x[1:3, ::2] = 1
    assert_array_equal_gp(g, x)
    z = gp.zeros(())
    z.set(np.array(4.0))
    assert z.item() == 4.0


# ---- creation ----------------------------------------------------------------

SHAPES = [(), (0,), (5,), (3, 4), (2, 0, 3), 7, np.int64(3), [2, 3]]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("fn", ["empty", "zeros", "ones"])
def test_empty_zeros_ones_shapes_and_layout(fn, order):
    for shape in SHAPES:
        want = getattr(np, fn)(shape, order=order)
        got = getattr(gp, fn)(shape, order=order)
        assert got.shape == want.shape and got.dtype == want.dtype
        assert got.strides == want.strides
        assert got.flags.owndata and got.base is None
        if fn != "empty":
            assert_array_equal_gp(got, want, bitwise=True)
    # dtype=None means float64
    for dt in (None, float, int, complex, bool):
        assert getattr(gp, fn)(3, dtype=dt).dtype == \
            getattr(np, fn)(3, dtype=dt).dtype


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_zeros_ones_full_every_dtype(dt):
    assert_array_equal_gp(gp.zeros((3, 5), dt), np.zeros((3, 5), dt),
                          bitwise=True)
    assert_array_equal_gp(gp.ones((3, 5), dt, order="F"),
                          np.ones((3, 5), dt, order="F"), bitwise=True,
                          strides=True)
    for value in (7, -1, 2.5, 1 + 1j, True, np.float32(0.1), np.nan):
        try:
            with np.errstate(all="ignore"):
                want = np.full((2, 3), value, dt)
        except Exception as e:  # noqa: BLE001 - type compared
            with pytest.raises(type(e)):
                gp.full((2, 3), value, dt)
            continue
        assert_array_equal_gp(gp.full((2, 3), value, dt), want,
                              bitwise=value is not np.nan)
    assert gp.empty((2, 2), dt).dtype == dt


def test_full_dtype_from_value_and_array_values():
    for value in (3, 2.5, 1j, True, np.float32(1), np.int8(2), [1, 2, 3],
                  np.arange(3.0), [[1], [2]]):
        want = np.full((2, 3), value)
        assert_array_equal_gp(gp.full((2, 3), value), want)
    assert_array_equal_gp(gp.full((2, 3), gp.arange(3)),
                          np.full((2, 3), np.arange(3)))
    assert_array_equal_gp(gp.full(4, gp.asarray(np.float32(2))),
                          np.full(4, np.float32(2)))
    with pytest.raises(OverflowError):
        np.full(2, 300, dtype=np.int8)
    with pytest.raises(OverflowError):
        gp.full(2, 300, dtype=np.int8)
    with pytest.raises(ValueError):
        gp.full((2, 3), [1, 2])


@pytest.mark.parametrize("fn", ["empty", "zeros", "ones", "full"])
def test_creation_errors(fn):
    args = (1,) if fn == "full" else ()
    for bad, exc in [(-1, ValueError), ((2, -3), ValueError),
                     (2.5, TypeError), ((2, 1.5), TypeError),
                     ("abc", TypeError)]:
        with pytest.raises(exc):
            getattr(np, fn)(bad, *args)
        with pytest.raises(exc):
            getattr(gp, fn)(bad, *args)
    with pytest.raises(TypeError):
        getattr(gp, fn)(3, *args, dtype="nope")
    with pytest.raises(ValueError):
        getattr(gp, fn)(3, *args, order="X")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("fn", ["empty_like", "zeros_like", "ones_like",
                                "full_like"])
def test_like_functions(fn, layout):
    x, g = make_pair((3, 4, 2), np.int16, layout)
    args = (5,) if fn == "full_like" else ()
    for kw in [{}, {"dtype": np.float32}, {"order": "C"}, {"order": "F"},
               {"order": "A"}, {"order": "K"}, {"shape": (4, 3)},
               {"shape": (2, 3, 4)}, {"shape": 5, "order": "F"}]:
        want = getattr(np, fn)(x, *args, **kw)
        got = getattr(gp, fn)(g, *args, **kw)
        assert got.shape == want.shape and got.dtype == want.dtype
        assert got.strides == want.strides, kw
        assert got.flags.owndata and got.base is None
        if fn != "empty_like":
            assert_array_equal_gp(got, want, bitwise=True)


def test_like_functions_fill_values():
    x = np.zeros((2, 3), np.uint8)
    g = gp.zeros((2, 3), np.uint8)
    for value in (7, 2.9, True, [1, 2, 3]):
        assert_array_equal_gp(gp.full_like(g, value),
                              np.full_like(x, value))
    with pytest.raises(OverflowError):
        np.full_like(x, 300)
    with pytest.raises(OverflowError):
        gp.full_like(g, 300)


ARANGES = [
    (10,), (0,), (-3,), (2, 10), (10, 2), (10, 2, -1), (0, 1, 0.1),
    (0.5, 7.3, 0.7), (1, 2, 0.3), (-5.5, 5.5, 1.1), (0, 10, 3),
    (np.float32(0.1), np.float32(3)), (np.int8(3), 20, 2), (5.0,),
    (1e16, 1e16 + 8, 2.0), (0, 1, 1 / 3), (True, 5), (0, 5j + 5),
]


@pytest.mark.parametrize("args", ARANGES, ids=repr)
def test_arange_small(args):
    with np.errstate(all="ignore"):
        want = np.arange(*args)
    assert_array_equal_gp(gp.arange(*args), want, bitwise=True)


@pytest.mark.parametrize("args,dtype", [
    ((SMALL + 1,), None), ((100000,), None), ((-3, 50000), np.int32),
    ((0, 60000, 7), np.uint16), ((50000, 0, -3), None),
    ((0, 1, 1e-4), None), ((0.5, 5000.5, 0.7), None),
    ((-1000.25, 1000.25, 0.1), np.float32), ((0, 2000, 0.3), np.float16),
    ((1, 2, 1 / 9999), None), ((np.float32(0.1), np.float32(900), 0.1),
                               None),
    ((0, 10000, 1.5), np.int64), ((0, 1e5, 3.7), np.float32),
    ((0, 6000), np.int8), ((0, 1e6, 100.0 / 3), None),
], ids=repr)
def test_arange_large_is_bit_exact(args, dtype):
    want = np.arange(*args, dtype=dtype)
    assert want.size > SMALL
    assert_array_equal_gp(gp.arange(*args, dtype=dtype), want,
                          bitwise=True)


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_arange_dtypes(dt):
    for args in [(5,), (1, 7, 2)]:
        try:
            want = np.arange(*args, dtype=dt)
        except Exception as e:  # noqa: BLE001 - type compared
            with pytest.raises(type(e)):
                gp.arange(*args, dtype=dt)
            continue
        assert_array_equal_gp(gp.arange(*args, dtype=dt), want,
                              bitwise=True)


def test_arange_errors():
    for args in [(0, 10, 0), (0, np.inf), (np.nan,), (0, 1, np.nan)]:
        try:
            np.arange(*args)
        except Exception as e:  # noqa: BLE001 - type compared
            with pytest.raises(type(e)):
                gp.arange(*args)
        else:
            raise AssertionError("numpy accepted %r" % (args,))
    with pytest.raises(TypeError):
        gp.arange(5, dtype="nope")


@pytest.mark.parametrize("args", [(2 ** 70,), (0, 2 ** 70), (0.0, 1e30),
                                  (0, 2 ** 63), (0, 2 ** 63 - 1),
                                  (-2 ** 70, 0, 2 ** 68)], ids=repr)
@pytest.mark.parametrize("dtype", [None, int, np.float64])
def test_arange_length_past_ssize_t_as_numpy(args, dtype):
    # lengths past a C ssize_t are NumPy's own arange's to answer (its
    # ValueError, or the empty array its length 2**63 wraps to), with any
    # dtype (rfftfreq's arange(0, N, dtype=int) included)
    want = outcome(np.arange, *args, dtype=dtype)
    got = outcome(gp.arange, *args, dtype=dtype)
    if raised(want) is not None:
        assert isinstance(raised(got), type(raised(want))), raised(got)
        return
    if np.asarray(want).dtype == object:   # decision 4: no object arrays
        assert isinstance(raised(got), TypeError), raised(got)
        return
    assert raised(got) is None, raised(got)
    assert_array_equal_gp(got, want)


LINSPACES = [
    (0, 1), (0, 1, 7), (1, 0, 11), (-2.5, 3.5, 13, False), (0, 1, 0),
    (0, 1, 1), (0, 1, 1, False), (5, 5, 4), (0, 10, 6, True, np.int32),
    (-3, 7, 9, True, np.uint8), (np.float32(0), np.float32(1), 5),
    (np.float16(0), np.float16(1), 9), (0, 1j, 5), (0, 1e-320, 5),
    (1e300, -1e300, 7), (3, 100, 33, True, np.float32),
]


def _linspace_args(args):
    """(positional args, dtype) from a LINSPACES entry (start, stop[, num[,
    endpoint[, dtype]]])."""
    return args[:4], (args[4] if len(args) > 4 else None)


@pytest.mark.parametrize("args", LINSPACES, ids=repr)
def test_linspace_small(args):
    pos, dtype = _linspace_args(args)
    want = np.linspace(*pos, dtype=dtype)
    assert_array_equal_gp(gp.linspace(*pos, dtype=dtype), want,
                          bitwise=True)
    got, step = gp.linspace(*pos, retstep=True, dtype=dtype)
    want, wstep = np.linspace(*pos, retstep=True, dtype=dtype)
    assert_array_equal_gp(got, want, bitwise=True)
    np.testing.assert_equal(step, wstep)
    assert type(step) is type(wstep)


@pytest.mark.parametrize("args", [
    (0, 1, SMALL + 1), (0, 1, 10000), (1, 0, 10001, False),
    (-123.456, 789.012, 65537), (0, 1, 10000, True, np.float32),
    (np.float32(-1), np.float32(3), 9999), (0, 1000, 5000, True, np.int64),
    (-50, 50, 8191, False, np.int16), (np.float16(-2), np.float16(2), 5000),
    (0, 1e-310, 5001), (3, 3, 6000), (0, 2 ** 53, 10007),
    (1e308, -1e308, 4099), (-7, 300, 5003, True, np.uint8),
], ids=repr)
def test_linspace_large_is_bit_exact(args):
    pos, dtype = _linspace_args(args)
    want = np.linspace(*pos, dtype=dtype)
    assert want.size > SMALL
    assert_array_equal_gp(gp.linspace(*pos, dtype=dtype), want,
                          bitwise=True)
    got, step = gp.linspace(*pos, retstep=True, dtype=dtype)
    want, wstep = np.linspace(*pos, retstep=True, dtype=dtype)
    assert_array_equal_gp(got, want, bitwise=True)
    np.testing.assert_equal(step, wstep)
    assert type(step) is type(wstep)


def test_linspace_errors():
    with pytest.raises(ValueError):
        np.linspace(0, 1, -1)
    with pytest.raises(ValueError):
        gp.linspace(0, 1, -1)
    with pytest.raises(TypeError):
        np.linspace(0, 1, 2.5)
    with pytest.raises(TypeError):
        gp.linspace(0, 1, 2.5)


@pytest.mark.parametrize("device", [False, True])
@pytest.mark.parametrize("num,axis", [(2 ** 70, 0), (2 ** 64, 0),
                                      (2 ** 62, 0),
                                      (5, (0, 0)), (5, (1,)), (5, (-1,)),
                                      (5, (0, 1)), (5, 5), (5, (3,)),
                                      (5, 1.5)])
def test_linspace_num_and_axis_errors_match_numpy(device, num, axis):
    # NumPy: a num past a C ssize_t is arange's ValueError; axis goes
    # to moveaxis (a 1-tuple works, a repeated or longer one is ValueError)
    start, stop = np.zeros(3), np.ones(3)
    want = outcome(np.linspace, start, stop, num, axis=axis)
    got = outcome(gp.linspace, gp.asarray(start) if device else start,
                  stop, num, axis=axis)
    if raised(want) is not None:
        assert type(raised(got)) is type(raised(want)), raised(got)
        assert str(raised(got)) == str(raised(want))
        return
    assert raised(got) is None, raised(got)
    assert_array_equal_gp(got, want)


@pytest.mark.parametrize("num", [2 ** 70, 2 ** 64])
def test_logspace_huge_num_is_numpys_error(num):
    with pytest.raises(ValueError, match="Maximum allowed size exceeded"):
        np.logspace(0, 1, num)
    with pytest.raises(ValueError, match="Maximum allowed size exceeded"):
        gp.logspace(gp.asarray(0.0), 1, num)


@pytest.mark.parametrize("num", [2 ** 63 - 1, 2 ** 63, 2 ** 64 - 2])
@pytest.mark.parametrize("endpoint", [True, False])
def test_linspace_num_past_ssize_t_is_valueerror(num, endpoint):
    # NumPy's arange(0, num) wraps for these (an empty result, then an
    # IndexError with endpoint); gpuarray says what is wrong instead
    for start in (0.0, gp.asarray(0.0)):
        # (2**63 - 1: the too-big-array ValueError of a huge size)
        with pytest.raises(ValueError, match="Maximum allowed size|too big"):
            gp.linspace(start, 1.0, num, endpoint=endpoint)


@pytest.mark.parametrize("args,kw", [
    ((0, 2, 5), {}), ((0, 3, 7), {"base": 2.0}), ((1, -1, 4), {}),
    ((0, 1, 5), {"dtype": np.float32}),
    ((np.float32(0), np.float32(1), 4), {}),
    ((0, 2, 5000), {}), ((0, 3, 4), {"endpoint": False}),
    ((0, 2, 3), {"dtype": int}),
], ids=repr)
def test_logspace(args, kw):
    want = np.logspace(*args, **kw)
    got = gp.logspace(*args, **kw)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got.get(), want, rtol=4e-16 if
                               want.dtype == np.float64 else 1e-6)


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_eye_identity_tri_every_dtype(dt):
    assert_array_equal_gp(gp.eye(4, dtype=dt), np.eye(4, dtype=dt),
                          bitwise=True)
    assert_array_equal_gp(gp.identity(3, dtype=dt),
                          np.identity(3, dtype=dt), bitwise=True)
    if dt in (np.float64, np.bool_, np.int8, np.complex64):
        assert_array_equal_gp(gp.tri(3, 5, 1, dtype=dt),
                              np.tri(3, 5, 1, dtype=dt), bitwise=True)


@pytest.mark.parametrize("args", [
    (0,), (1,), (3, 5), (5, 3), (4, 4, 1), (4, 4, -2), (3, 5, 4), (3, 5, 9),
    (5, 3, -9), (6, None, -1), (0, 3), (3, 0), (200, 300, 7),
], ids=repr)
def test_eye_tri_shapes_and_diagonals(args):
    assert_array_equal_gp(gp.eye(*args), np.eye(*args), strides=True)
    assert_array_equal_gp(gp.tri(*args), np.tri(*args), strides=True)
    for order in "CF":
        assert_array_equal_gp(gp.eye(*args, order=order),
                              np.eye(*args, order=order), strides=True)


@pytest.mark.parametrize("order", [None, "c", "f", b"F", "A", "k", "x", 1],
                         ids=repr)
def test_eye_order_as_numpy_reads_it(order):
    # NumPy's eye takes zeros' order: None is C, either case, str or bytes
    # (CuPy's suite calls eye(order=None)); 'A' and 'K' are ValueError
    assert_same_outcome(outcome(gp.eye, 3, 4, 1, order=order),
                        outcome(np.eye, 3, 4, 1, order=order))
    if order in (None, "c", "f", b"F"):
        assert_array_equal_gp(gp.eye(3, 4, 1, order=order),
                              np.eye(3, 4, 1, order=order), strides=True)


def test_identity_default_and_errors():
    assert_array_equal_gp(gp.identity(3), np.identity(3))
    for fn in ("eye", "identity"):
        with pytest.raises(ValueError):
            getattr(np, fn)(-1)
        with pytest.raises(ValueError):
            getattr(gp, fn)(-1)
    assert_array_equal_gp(gp.tri(-1), np.tri(-1))
    assert_array_equal_gp(gp.tri(3, -2), np.tri(3, -2))
    with pytest.raises(TypeError):
        gp.eye(3, dtype="nope")


def test_creation_is_on_the_current_device():
    dev = gp.cuda.get_current_device()
    for a in (gp.empty(3), gp.zeros(3), gp.ones((2, 2)), gp.full(2, 1.0),
              gp.arange(5), gp.arange(SMALL + 10), gp.linspace(0, 1, 5),
              gp.linspace(0, 1, SMALL + 10), gp.eye(3), gp.tri(2),
              gp.asarray([1, 2]), gp.empty_like(gp.zeros(2))):
        assert a.device == dev


# ---- device-array endpoints (issue 22): computed on the device, no
# endpoint copied to the host (the suite runs with strict __array__, so a
# host round trip would raise here); bit-exact with NumPy's formula.
DEVICE_ENDPOINTS = [
    (np.array([0.0, 1.0, 2.0]), np.array([5.0, 1.0, -2.0])),
    (np.float32(1.5), np.array([2, 3, 4], np.float32)),
    (np.array([[1], [2]], np.int64), np.array([10, 20, 30])),
    (np.array(1e-320), np.array([2e-320, 1.0])),   # a step underflows
    (np.array(2.0), np.array(2.0)),
    (np.array([1.0, 2.0], np.float16), 3.0),       # a weak Python stop
    (np.array([1 + 2j, 3j]), np.array([2.0, 5.0])),
]


@pytest.mark.parametrize("ends", DEVICE_ENDPOINTS, ids=repr)
@pytest.mark.parametrize("num,endpoint", [(0, True), (1, True), (1, False),
                                          (2, True), (7, False), (9, True)])
@pytest.mark.parametrize("dtype,axis", [(None, 0), (np.int32, -1),
                                        (np.float32, 1)])
def test_linspace_device_endpoints(ends, num, endpoint, dtype, axis):
    a, b = ends
    dev = [gp.asarray(v) if isinstance(v, np.ndarray) else v for v in ends]
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        want = outcome(np.linspace, a, b, num, endpoint, True, dtype, axis)
        got = outcome(gp.linspace, *dev, num, endpoint, True, dtype, axis)
    if raised(want) is not None:
        assert_same_outcome(got, want)
        return
    assert raised(got) is None, raised(got)
    (g, gstep), (w, wstep) = got, want
    assert_array_equal_gp(g, w, bitwise=True)
    np.testing.assert_array_equal(
        gstep.get() if isinstance(gstep, gp.ndarray) else gstep, wstep)


@pytest.mark.parametrize("base", [np.array([2.0, 10.0]),
                                  np.array([[2.0], [3.0]])], ids=repr)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_logspace_device_base_and_endpoints(base, axis):
    start = np.array([0.0, 1.0])
    want = np.logspace(start, 3.0, 5, base=base, axis=axis)
    got = gp.logspace(gp.asarray(start), 3.0, 5, base=gp.asarray(base),
                      axis=axis)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(got.get(), want, rtol=4e-16)
    with pytest.raises(np.exceptions.AxisError):
        gp.logspace(0.0, 1.0, 3, base=gp.asarray(base), axis=5)


def test_device_endpoints_cost_no_sync():
    """No device-to-host copy at all (_core._d2h_count: each is a sync on
    a GPU) for linspace/logspace with device endpoints and base."""
    s = gp.asarray(np.array([0.0, 1.0]))
    e = gp.asarray(np.array([2.0, 1e-320]))
    b = gp.asarray(np.array([2.0, 3.0]))
    gp.linspace(s, e, 9), gp.logspace(s, e, 5, base=b)   # compiled first
    n0 = gp._core._d2h_count()
    lin = gp.linspace(s, e, 9, axis=-1)
    log = gp.logspace(s, e, 5, base=b)
    assert gp._core._d2h_count() == n0
    h = [np.array([0.0, 1.0]), np.array([2.0, 1e-320])]
    assert_array_equal_gp(lin, np.linspace(*h, 9, axis=-1), bitwise=True)
    np.testing.assert_allclose(log.get(), np.logspace(*h, 5,
                                                      base=[2.0, 3.0]))
