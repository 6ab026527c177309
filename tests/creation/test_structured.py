"""Structured, void, sub-array and byte-swapped dtypes as data (issue 19,
group 2), each against NumPy: creation, transfers both ways, copies,
views, indexing, reshapes, joins, field views, ==/!=, printing, and
NumPy's errors for operations that have no kernel
(docs/design/structured.md)."""
import numpy as np
import numpy.lib.recfunctions as rfn
import pytest

import gpuarray as gp
from gpuarray.testing.parity import numpy_parity, public_exception

PACKED = np.dtype("i4,f8")                       # f1 misaligned (offset 4)
ALIGNED = np.dtype("i4,f8", align=True)          # padding, itemsize 16
SUBARRAY = np.dtype([("a", "u1"), ("b", "f4", (2, 3)), ("c", "c16")])
NESTED = np.dtype([("p", [("x", "i2"), ("y", "f8")]), ("q", "?")])
VOID = np.dtype("V10")
SWAPPED = np.dtype([("a", ">i4"), ("b", "<f2"), ("c", ">f8")])
DEEP = np.dtype([("x", "f4", (2,)),
                 ("s", [("t", "u8"), ("u", "i1", (3,))], (2,))])
DTYPES = [PACKED, ALIGNED, SUBARRAY, NESTED, VOID, SWAPPED, DEEP]
IDS = ["packed", "aligned", "subarray", "nested", "V10", "swapped", "deep"]


def native(dt):
    return dt.newbyteorder("=") if not dt.isnative else dt


def host(shape, dt, seed=0):
    """Random bytes of dt (every bit pattern: NaNs, -0.0 and all)."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape)) * dt.itemsize
    return np.frombuffer(rng.bytes(n), dtype=dt).reshape(shape).copy()


def same(got, want):
    """got (a gpuarray.ndarray) holds want's dtype, shape and bytes."""
    assert isinstance(got, gp.ndarray)
    h = got.get()
    assert h.dtype == want.dtype, (h.dtype, want.dtype)
    assert h.shape == want.shape, (h.shape, want.shape)
    assert packed(h).tobytes() == packed(want).tobytes()


def packed(h):
    """h's bytes without padding (NumPy leaves padding unspecified)."""
    if h.dtype.names is not None:
        h = rfn.repack_fields(h, recurse=True)
    return np.ascontiguousarray(h)


def raises_like(fn_np, fn_gp):
    """Both raise, with the same public exception class."""
    with pytest.raises(Exception) as want:
        fn_np()
    with pytest.raises(Exception) as got:
        fn_gp()
    assert public_exception(got.type) is public_exception(want.type), \
        (got.value, want.value)
    return got.value, want.value


# ------------------------------------------------------------ transfers

@pytest.mark.parametrize("dt", DTYPES, ids=IDS)
def test_round_trip_is_native(dt):
    h = host((4, 3), dt)
    g = gp.asarray(h)
    assert g.dtype == native(dt) and g.dtype.isnative
    same(g, h.astype(native(dt)))
    out = np.empty_like(h)
    g.get(out=out)                  # back into the original byte order
    assert out.dtype == dt
    assert packed(out.astype(native(dt))).tobytes() == \
        packed(h.astype(native(dt))).tobytes()


def test_swapped_field_values_survive():
    h = np.zeros(3, SWAPPED)
    h["a"] = [1, -2, 300000]
    h["c"] = [0.5, -0.0, np.inf]
    g = gp.asarray(h)
    np.testing.assert_array_equal(g["a"].get(), h["a"])
    np.testing.assert_array_equal(g["c"].get(), h["c"])
    assert g["a"].dtype == np.dtype("i4")


@pytest.mark.parametrize("dt", ["<i4", ">i4", ">f8", ">c16"])
def test_byteswapped_numeric_becomes_native(dt):
    # As CuPy: device data is native; values are converted on the way in.
    h = np.arange(5, dtype=dt)
    g = gp.asarray(h)
    assert g.dtype == np.dtype(dt).newbyteorder("=")
    np.testing.assert_array_equal(g.get(), h)
    assert gp.zeros(3, dtype=dt).dtype == np.dtype(dt).newbyteorder("=")
    assert gp.asarray([1, 2], dtype=dt).get().tolist() == [1, 2]
    assert gp.arange(3, dtype=dt).dtype.isnative


# ------------------------------------------------------------ creation

@pytest.mark.parametrize("dt", DTYPES, ids=IDS)
@numpy_parity()
def test_zeros_ones(xp, dt):
    ndt = native(dt)
    z = xp.zeros((2, 3), ndt)
    o = xp.ones(4, ndt) if ndt.names else xp.zeros(4, ndt)
    return z, o, z.dtype == ndt


def test_full_and_like():
    for v in [(1, 2.5), np.array((1, 2.5), PACKED), 3]:
        # NumPy: a tuple is a sequence of values, a 0-d array one element
        same(gp.full(2, v, PACKED), np.full(2, v, PACKED))
        same(gp.full(2, gp.asarray(v), PACKED), np.full(2, v, PACKED))
    h = host(4, NESTED)
    g = gp.asarray(h)
    same(gp.zeros_like(g), np.zeros_like(h))
    same(gp.ones_like(g), np.ones_like(h))
    v = np.array(((3, 4.0), True), NESTED)
    same(gp.full_like(g, v), np.full_like(h, v))
    assert gp.empty_like(g).dtype == NESTED
    g.fill(((7, -1.0), False))
    h.fill(((7, -1.0), False))
    same(g, h)


@numpy_parity()
def test_subarray_dtype_adds_dimensions(xp):
    a = xp.zeros((2, 4), "(3,2)f4")
    b = xp.ones(3, np.dtype(("i2", (2,))))
    return a, b


def test_object_and_string_dtypes_refused():
    for dt in ["O", "U3", "S4", [("a", "i4"), ("o", "O")]]:
        with pytest.raises(TypeError, match="dtype"):
            gp.zeros(3, dt)
    with pytest.raises(TypeError, match="not supported"):
        gp.asarray(np.array(["ab", "c"]))
    with pytest.raises(TypeError, match="objects"):
        gp.asarray(np.zeros(2, [("a", "i4"), ("o", "O")]))


# ------------------------------------------------------------ views

LAYOUTS = [
    lambda a: a,
    lambda a: a[::-1],
    lambda a: a[1::2, ::-2],
    lambda a: a.T,
    lambda a: a.reshape(3, 4).T[::-1],
    lambda a: a[None, 2],
    lambda a: a[..., 1],
]


@pytest.mark.parametrize("dt", DTYPES, ids=IDS)
@pytest.mark.parametrize("lay", range(len(LAYOUTS)))
def test_views_and_copies(dt, lay):
    h = host((4, 3), native(dt), seed=lay)
    g = gp.asarray(h)
    hv, gv = LAYOUTS[lay](h), LAYOUTS[lay](g)
    assert gv.shape == hv.shape and gv.strides == hv.strides
    same(gv, hv)
    same(gv.copy(), hv.copy())
    same(gv.copy(order="F"), hv.copy(order="F"))
    assert gv.copy(order="F").strides == hv.copy(order="F").strides
    same(gv.flatten("F"), hv.flatten("F"))
    same(gv.ravel(), hv.ravel())
    same(gp.ascontiguousarray(gv), np.ascontiguousarray(hv))
    same(gv.reshape(-1), hv.reshape(-1))


@pytest.mark.parametrize("dt", [PACKED, SUBARRAY, VOID], ids=str)
def test_view_as_bytes_and_back(dt):
    h = host(6, dt)
    g = gp.asarray(h)
    same(g.view(np.uint8), h.view(np.uint8))
    same(g.view(np.uint8).view(dt), h.view(np.uint8).view(dt))


def test_setitem_basic():
    h = host((3, 4), NESTED)
    g = gp.asarray(h)
    for key, val in [((1, 2), ((5, 6.0), True)), (slice(None, None, -2),
                     np.zeros(4, NESTED)), ((0, slice(1, 3)), h[2, :2])]:
        g[key] = val
        h[key] = val
        same(g, h)
    g[2] = g[0]
    h[2] = h[0]
    same(g, h)


# ------------------------------------------------------------ advanced

KEYS = [
    [2, 0, -1],
    np.array([[1, 1], [0, 3]]),
    (slice(None), [2, 0]),
    ([0, 3], [1, 2]),
    (Ellipsis, [1]),
    np.array([True, False, True, True]),
    (None, [1, 2]),
]


@pytest.mark.parametrize("dt", DTYPES, ids=IDS)
@pytest.mark.parametrize("k", range(len(KEYS)))
def test_fancy_get_set(dt, k):
    ndt = native(dt)
    h = host((4, 3), ndt, seed=k)
    g = gp.asarray(h)
    key = KEYS[k]
    gkey = tuple(gp.asarray(x) if isinstance(x, np.ndarray) else x
                 for x in key) if isinstance(key, tuple) else key
    same(g[gkey], h[key])
    vals = host(h[key].shape, ndt, seed=99)
    g[gkey] = vals
    h[key] = vals
    same(g, h)
    g[key] = gp.asarray(vals[..., :1]) if vals.ndim else gp.asarray(vals)
    h[key] = vals[..., :1] if vals.ndim else vals
    same(g, h)


def test_mask_take_compress():
    h = host((5, 2), PACKED)
    h["f0"] = np.arange(10).reshape(5, 2)
    g = gp.asarray(h)
    same(g[g["f0"] > 3], h[h["f0"] > 3])
    same(gp.take(g, [4, 0, 4], axis=0), np.take(h, [4, 0, 4], axis=0))
    same(gp.take(g, [7, -1]), np.take(h, [7, -1]))
    same(gp.compress([True, False, True], g, axis=0),
         np.compress([True, False, True], h, axis=0))
    raises_like(lambda: h[[5]], lambda: g[[5]])
    raises_like(lambda: h[[0], [0], [0]], lambda: g[[0], [0], [0]])


@pytest.mark.parametrize("dt", [PACKED, DEEP, VOID], ids=str)
def test_joins_and_rearrangements(dt):
    h = host((3, 2), dt)
    g = gp.asarray(h)
    same(gp.concatenate([g, g[::-1]]), np.concatenate([h, h[::-1]]))
    same(gp.concatenate([g, g], axis=1), np.concatenate([h, h], axis=1))
    same(gp.stack([g, g.T.T]), np.stack([h, h]))
    same(gp.flip(g), np.flip(h))
    same(gp.roll(g, 1), np.roll(h, 1))
    same(gp.repeat(g, 2, axis=0), np.repeat(h, 2, axis=0))
    same(gp.tile(g, (2, 1)), np.tile(h, (2, 1)))
    same(gp.broadcast_to(g[0], (3, 2)), np.broadcast_to(h[0], (3, 2)))
    same(gp.moveaxis(g, 0, 1).copy(), np.moveaxis(h, 0, 1).copy())


# ------------------------------------------------------------ fields

def test_field_views_write_through():
    h = np.zeros((3, 2), SUBARRAY)
    g = gp.asarray(h)
    for name in SUBARRAY.names:
        gf, hf = g[name], h[name]
        assert gf.dtype == hf.dtype and gf.shape == hf.shape
        assert gf.strides == hf.strides
        assert gf.base is g
    g["a"] = 7
    h["a"] = 7
    g["b"][:, 1, 0] = [[1, 2, 3]] * 3  # a sub-array field: trailing dims
    h["b"][:, 1, 0] = [[1, 2, 3]] * 3
    g["c"][::-1] += 1j
    h["c"][::-1] += 1j
    same(g, h)


def test_nested_fields_and_misaligned_math():
    h = host(6, NESTED)
    h["p"]["y"] = [1.5, -0.0, np.nan, 4, 5, -6]
    h["p"]["x"] = np.arange(6)
    g = gp.asarray(h)
    y, hy = g["p"]["y"], h["p"]["y"]
    assert y.strides == hy.strides and not y.flags.aligned
    np.testing.assert_array_equal((y * 2).get(), hy * 2)
    np.testing.assert_array_equal(gp.sort(y).get(), np.sort(hy))
    np.testing.assert_array_equal(gp.cumsum(y).get(), np.cumsum(hy))
    np.testing.assert_array_equal(y[[4, 0]].get(), hy[[4, 0]])
    np.testing.assert_array_equal(y[g["q"]].get(), hy[h["q"]])
    assert float(gp.nansum(y).get()) == np.nansum(hy)
    assert np.isnan(y.sum().get())
    y *= 3
    hy *= 3
    y[[1, 3]] = -5
    hy[[1, 3]] = -5
    y[y > 10] = 0
    hy[hy > 10] = 0
    gp.add(g["p"]["x"], 1, out=g["p"]["x"])
    h["p"]["x"] += 1
    same(g, h)


def test_multi_field_view():
    h = host(4, np.dtype([("a", "i4"), ("b", "f8"), ("c", "u2")]))
    g = gp.asarray(h)
    gv, hv = g[["c", "a"]], h[["c", "a"]]
    assert gv.dtype == hv.dtype and gv.strides == hv.strides
    same(gv, hv)
    gv[1] = (9, 8)
    hv[1] = (9, 8)
    same(g, h)
    gv[[3, 0, 3]] = [(1, 2), (3, 4), (5, 6)]   # the 'b' bytes stay
    hv[[3, 0, 3]] = [(1, 2), (3, 4), (5, 6)]
    same(g, h)
    gv[gp.asarray([True, False, True, False])] = (7, 7)
    hv[np.array([True, False, True, False])] = (7, 7)
    same(g, h)
    raises_like(lambda: h[["a", "a"]], lambda: g[["a", "a"]])
    raises_like(lambda: h[["a", "zz"]], lambda: g[["a", "zz"]])
    raises_like(lambda: h["zz"], lambda: g["zz"])
    hv8 = np.zeros(2, VOID)
    raises_like(lambda: hv8["a"], lambda: gp.asarray(hv8)["a"])
    hi = np.arange(3)
    raises_like(lambda: hi["a"], lambda: gp.asarray(hi)["a"])


# ------------------------------------------------------------ equality

def test_equality_field_by_field():
    h = np.zeros(6, DEEP)
    h["x"][:, 0] = [1, np.nan, -0.0, 0.0, 2, 3]
    h["s"]["t"][:, 1] = [1, 2, 3, 4, 5, 6]
    o = h.copy()
    o["x"][:, 0] = [1, np.nan, 0.0, -0.0, 2, 4]
    o["s"]["u"][5, 0, 2] = 1
    g, go = gp.asarray(h), gp.asarray(o)
    for x, y, hx, hy in [(g, go, h, o), (g, g, h, h), (g[::-1], go, h[::-1], o),
                         (g[:, None], go, h[:, None], o), (g[2], go, h[2], o),
                         (g, o, h, o)]:
        for op in ("__eq__", "__ne__"):
            r, w = getattr(x, op)(y), getattr(hx, op)(hy)
            assert isinstance(r, gp.ndarray) and r.dtype == np.bool_
            np.testing.assert_array_equal(r.get(), w)


def test_equality_promotes_and_errors():
    a = np.array([(1, 2.0), (3, np.nan)], "i4,f8")
    b = np.array([(1, 2.0), (3, np.nan)], "i8,f4")
    ga, gb = gp.asarray(a), gp.asarray(b)
    np.testing.assert_array_equal((ga == gb).get(), a == b)
    np.testing.assert_array_equal((ga != gb).get(), a != b)
    v = np.frombuffer(bytes(range(40)), VOID)
    gv = gp.asarray(v)
    np.testing.assert_array_equal((gv == gv[::-1]).get(), v == v[::-1])
    np.testing.assert_array_equal((gv != gv[0]).get(), v != v[0])
    other = np.zeros(2, [("x", "i4"), ("y", "f8")])
    raises_like(lambda: a == other, lambda: ga == gp.asarray(other))
    raises_like(lambda: a == 0, lambda: ga == 0)
    raises_like(lambda: a == np.arange(2), lambda: ga == gp.arange(2))
    v8 = np.zeros(4, "V8")
    raises_like(lambda: v == v8, lambda: gv == gp.asarray(v8))


# ------------------------------------------------------------ no kernel

NO_KERNEL = [
    lambda xp, a: a + a,
    lambda xp, a: -a,
    lambda xp, a: a < a,
    lambda xp, a: xp.add(a, 1),
    lambda xp, a: xp.equal(a, a),
    lambda xp, a: a.sum(),
    lambda xp, a: a.max(),
    lambda xp, a: xp.mean(a),
    lambda xp, a: xp.cumsum(a),
    lambda xp, a: a.astype(np.float64),
    lambda xp, a: a.astype(bool),
    lambda xp, a: xp.arange(3, dtype=a.dtype),
]


@pytest.mark.parametrize("dt", [PACKED, VOID], ids=str)
@pytest.mark.parametrize("k", range(len(NO_KERNEL)))
@numpy_parity()
def test_no_kernel_raises_numpys_error(xp, dt, k):
    a = xp.asarray(host(4, dt))
    return NO_KERNEL[k](xp, a)


@pytest.mark.parametrize("dt", [PACKED, ALIGNED, DEEP, VOID], ids=str)
def test_where_selects_elements(dt):
    h, o = host((3, 4), dt, seed=1), host(4, dt, seed=2)
    m = np.random.default_rng(0).random((3, 4)) > 0.5
    g, go = gp.asarray(h), gp.asarray(o)
    same(gp.where(gp.asarray(m), g, go), np.where(m, h, o))
    same(gp.where(gp.asarray(m[:, :1]), g[::-1], o[1]),
         np.where(m[:, :1], h[::-1], o[1]))
    same(gp.where(False, g, go), np.where(False, h, o))
    raises_like(lambda: np.where(m, h, 1), lambda: gp.where(gp.asarray(m),
                                                            g, 1))


@pytest.mark.parametrize("fn", [
    gp.argmax,
    lambda a: gp.count_nonzero(a, axis=0),
    lambda a: gp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0",
                                 "k")(a),
    lambda a: gp.ReductionKernel("T x", "float64 y", "x", "a + b", "y = a",
                                 "0", "k")(a),
    lambda a: gp.ElementwiseKernel("T x", "T y", "y = x", "k")(a),
    lambda a: gp.ElementwiseKernel("raw T x", "int32 y", "y = 0", "k")(
        a, size=3)])
def test_no_kernel_type_error_names_dtype(fn):
    g = gp.asarray(host(4, PACKED))
    with pytest.raises(TypeError) as e:
        fn(g)
    assert "dtype" in str(e.value)


def test_dlpack_refused():
    h = host(3, PACKED)
    g = gp.asarray(h)
    raises_like(lambda: h.__dlpack__(), lambda: g.__dlpack__())


# ------------------------------------------------------------ printing

@pytest.mark.parametrize("dt", DTYPES, ids=IDS)
def test_printing_and_items(dt):
    h = host((2, 2), native(dt), seed=3)
    g = gp.asarray(h)
    assert repr(g) == repr(h)
    assert str(g) == str(h)
    assert repr(g[1, 0]) == repr(np.asarray(h[1, 0]))   # a 0-d array
    assert str(g.tolist()) == str(h.tolist())
    assert str(g[0, 1].item()) == str(h[0, 1].item())


# ------------------------------------------------------------ CUDA array interface

class _CAI:
    def __init__(self, **kw):
        d = {"shape": (3,), "typestr": "|V12", "version": 3,
             "data": (0x7f0000000000, False), "strides": None}
        d.update(kw)
        self.__cuda_array_interface__ = d


def test_cai_import_checks_a_structured_descr():
    with pytest.raises(ValueError, match="item size"):
        gp.asarray(_CAI(descr=[("a", "<i4"), ("b", "<f4")]))
    with pytest.raises(TypeError, match="byte order"):
        gp.asarray(_CAI(descr=[("a", ">i4"), ("b", "<f8")]))


@pytest.mark.skipif(
    not isinstance(gp.cuda.get_current_device(), gp.cuda.Device),
    reason="__cuda_array_interface__ exists for CUDA memory only")
def test_cai_round_trip_keeps_the_fields():
    g = gp.asarray(host(4, NESTED))
    d = g.__cuda_array_interface__
    assert d["typestr"] == "|V%d" % NESTED.itemsize
    assert d["descr"] == NESTED.descr
    back = gp.asarray(_CAI(**d))
    assert back.dtype == NESTED and back.data.ptr == g.data.ptr


def test_host_buffer_format_is_numpys():
    """On the host device a structured array's buffer carries NumPy's
    struct format, so memoryview/np.asarray see the fields; device memory
    (and the strict mode) refuse as for any dtype."""
    from gpuarray import _core
    h = host(4, NESTED)
    g = gp.asarray(h)
    on_cuda = isinstance(gp.cuda.get_current_device(), gp.cuda.Device)
    prev = _core._strict_array(False)
    try:
        if on_cuda:
            with pytest.raises(BufferError):
                memoryview(g)
            return
        m, w = memoryview(g), memoryview(h)
        assert (m.format, m.itemsize, m.shape) == (w.format, w.itemsize,
                                                  w.shape)
        assert packed(np.asarray(m)).tobytes() == packed(h).tobytes()
    finally:
        _core._strict_array(prev)


# ------------------------------------------------------------ more creation

def test_from_lists_and_constructor():
    rows = [(1, 2.5), (-3, np.nan)]
    same(gp.asarray(rows, dtype=PACKED), np.asarray(rows, dtype=PACKED))
    same(gp.array(rows, dtype=ALIGNED), np.array(rows, dtype=ALIGNED))
    a = gp.ndarray((2, 3), dtype=NESTED)
    assert a.dtype == NESTED and a.shape == (2, 3)
    assert a.strides == np.ndarray((2, 3), dtype=NESTED).strides
    v = gp.empty((2,), "V10")
    assert v.dtype == VOID and v.nbytes == 20
    sub = gp.ndarray(2, dtype="(3,)i2")
    assert sub.shape == (2, 3) and sub.dtype == np.int16


@pytest.mark.parametrize("dt", [PACKED, NESTED, VOID], ids=str)
def test_empty_and_0d(dt):
    h = host((0, 3), dt)
    g = gp.asarray(h)
    same(g.copy(), h.copy())
    same(g[[]], h[[]])
    same(gp.concatenate([g, g]), np.concatenate([h, h]))
    np.testing.assert_array_equal((g == g).get(), h == h)
    z = gp.asarray(host((), dt))
    assert z.shape == () and z.dtype == dt
    same(z.copy(), host((), dt))
    np.testing.assert_array_equal((z == z).get(), np.asarray(True))


def test_astype_between_layouts_and_views():
    h = np.array([(1, 2.5), (-3, -0.0), (7, np.inf)], PACKED)
    g = gp.asarray(h)
    for dt in [np.dtype("i8,f4"), ALIGNED,
               np.dtype([("f1", "f8"), ("f0", "i4")])]:
        same(g.astype(dt), h.astype(dt))
    for dt in [np.dtype("V12"), np.dtype("u4,u4,u4"),
               np.dtype([("x", "i4"), ("y", "i8")])]:
        same(g.view(dt), h.view(dt))
    assert g.astype(PACKED, copy=False) is g
    raises_like(lambda: h.astype("f8"), lambda: g.astype("f8"))
    raises_like(lambda: np.concatenate([h, np.arange(3)]),
                lambda: gp.concatenate([g, gp.arange(3)]))
    gi = gp.zeros(3, PACKED)
    gi[...] = gp.arange(3)           # an int into every field, as NumPy
    hi = np.zeros(3, PACKED)
    hi[...] = np.arange(3)
    same(gi, hi)


def test_save_load_round_trip(tmp_path):
    h = host((2, 3), NESTED)
    gp.save(tmp_path / "s.npy", gp.asarray(h))
    back = np.load(tmp_path / "s.npy")
    assert back.dtype == NESTED
    assert packed(back).tobytes() == packed(h).tobytes()
    same(gp.load(tmp_path / "s.npy"), h)


def test_misaligned_fields_through_other_engines():
    """A packed structure's float64 field (offset 4) through broadcasts,
    ufunc.at, searchsorted, put, histograms: aligned staging copies, the
    results NumPy's (docs/design/structured.md, decision 8)."""
    h = np.zeros(6, PACKED)
    h["f1"] = [0.5, 1, 2, 3.5, 4, 8]
    g = gp.asarray(h)
    gf, hf = g["f1"], h["f1"]
    np.testing.assert_array_equal(
        (gp.broadcast_to(gf[:1], (2, 3)) + 1).get(),
        np.broadcast_to(hf[:1], (2, 3)) + 1)
    np.testing.assert_array_equal(
        (gp.broadcast_to(gf[:, None], (6, 2)) * 2).get(),
        np.broadcast_to(hf[:, None], (6, 2)) * 2)
    assert int(gp.searchsorted(gf, 2.5)) == np.searchsorted(hf, 2.5)
    np.testing.assert_array_equal(gp.histogram(gf, 3)[0].get(),
                                  np.histogram(hf, 3)[0])
    np.testing.assert_array_equal(
        gp.take_along_axis(gf, gp.asarray([5, 0]), 0).get(),
        np.take_along_axis(hf, np.array([5, 0]), 0))
    gp.add.at(gf, [0, 0, 3], 1)
    np.add.at(hf, [0, 0, 3], 1)
    gp.put(gf, [1], [9.0])
    np.put(hf, [1], [9.0])
    same(g, h)


# ------------------------------------------------------------ ordering

ORDERED = np.dtype([("a", "i2"), ("b", "f8", (2,)),
                    ("c", [("x", "u1"), ("y", "f4")])])


def ordered(shape, seed=0):
    """Few distinct values (ties in every field), NaN in a float field."""
    rng = np.random.default_rng(seed)
    h = np.zeros(shape, ORDERED)
    h["a"] = rng.integers(0, 3, shape)
    h["b"] = rng.integers(0, 2, shape + (2,))
    h["c"]["x"] = rng.integers(0, 2, shape)
    h["c"]["y"] = rng.integers(0, 3, shape) / 2
    h["b"].flat[5] = np.nan
    return h


@pytest.mark.parametrize("axis", [-1, 0, None])
@pytest.mark.parametrize("order", [None, "c", ["c", "a"], ["b"]])
def test_sort_argsort_field_by_field(axis, order):
    h = ordered((3, 8))
    g = gp.asarray(h)
    np.testing.assert_array_equal(
        gp.argsort(g, axis=axis, order=order).get(),
        np.argsort(h, axis=axis, order=order, kind="stable"))
    assert str(gp.sort(g, axis=axis, order=order).get().tolist()) == \
        str(np.sort(h, axis=axis, order=order).tolist())
    g.sort(axis=0, order=order)
    h.sort(axis=0, order=order)
    assert str(g.get().tolist()) == str(h.tolist())


def test_sort_void_bytes_and_errors():
    rng = np.random.default_rng(1)
    v = np.frombuffer(rng.integers(0, 3, 60).astype("u1").tobytes(), "V5")
    gv = gp.asarray(v)
    np.testing.assert_array_equal(gp.argsort(gv).get(),
                                  np.argsort(v, kind="stable"))
    same(gp.sort(gv), np.sort(v))
    raises_like(lambda: np.sort(v, order="a"), lambda: gp.sort(gv, order="a"))
    h = ordered((5,))
    raises_like(lambda: np.sort(h, order="zz"),
                lambda: gp.sort(gp.asarray(h), order="zz"))


def test_unique_structured():
    h = np.array([(1, 2.0), (0, 1.0), (1, 2.0), (0, 3.0), (1, np.nan),
                  (1, np.nan)], PACKED)
    g = gp.asarray(h)
    got = gp.unique(g, return_index=True, return_inverse=True,
                    return_counts=True)
    want = np.unique(h, return_index=True, return_inverse=True,
                     return_counts=True)
    assert str(got[0].get().tolist()) == str(want[0].tolist())
    for x, y in zip(got[1:], want[1:]):
        np.testing.assert_array_equal(x.get(), y)


# ------------------------------------------------------------ truth

def truthy():
    """Every kind of field NumPy's truth looks at: -0.0 (false) and NaN
    (true) in float, half and complex fields, a bool byte of 2, NaT,
    nested structs, a sub-array field (its bytes: -0.0 is true there),
    and padding bytes (never looked at)."""
    dt = np.dtype([("p", [("x", "f8"), ("y", "?")]), ("q", "c8"),
                   ("h", "f2"), ("m", "m8[s]"), ("s", "f4", (2,)),
                   ("i", "i1")], align=True)
    h = np.zeros(12, dt)
    h["p"]["x"][1] = -0.0
    h["p"]["y"][2] = True
    h["q"][3] = complex(-0.0, -0.0)
    h["q"][4] = 1j
    h["h"][5] = -0.0
    h["m"][6] = np.timedelta64("NaT")
    h["s"][7, 1] = -0.0
    h["p"]["x"][8] = np.nan
    h.view(np.uint8).reshape(12, -1)[9, dt.fields["p"][1] + 9] = 1  # pad
    h.view(np.uint8).reshape(12, -1)[10, dt.fields["p"][1] + 8] = 2
    h["i"][11] = -1
    return h


@pytest.mark.parametrize("case", ["fields", "packed", "V3", "2d", "holes",
                                  "empty", "nofields"])
def test_nonzero_count_nonzero_field_by_field(case):
    if case == "fields":
        h = truthy()
    elif case == "packed":
        h = np.array([(0, 0.0), (0, -0.0), (1, 0), (0, np.nan)], PACKED)
    elif case == "V3":
        h = np.frombuffer(bytes([0, 0, 0, 1, 0, 0, 0, 0, 9]), "V3")
    elif case == "2d":
        h = ordered((3, 5))
        h["a"][1] = 0
    elif case == "holes":           # the left-out field's bytes don't count
        h = np.zeros(4, "i4,i4,i4")
        h["f1"] = [0, 1, 0, 0]
        h["f2"] = [0, 0, 3, 0]
    elif case == "empty":
        h = np.zeros((0, 3), PACKED)
    else:
        h = np.zeros(3, np.dtype({"names": [], "formats": [],
                                  "itemsize": 4}))
        h.view(np.uint8)[:] = 1
    g = gp.asarray(h)
    if case == "holes":
        h, g = h[["f0", "f2"]], g[["f0", "f2"]]
    for got, want in zip(gp.nonzero(g), np.nonzero(h)):
        np.testing.assert_array_equal(got.get(), want)
    for got, want in zip(g.nonzero(), h.nonzero()):
        np.testing.assert_array_equal(got.get(), want)
    assert int(gp.count_nonzero(g)) == np.count_nonzero(h)
    np.testing.assert_array_equal(gp.flatnonzero(g).get(), np.flatnonzero(h))
    np.testing.assert_array_equal(gp.argwhere(g).get(), np.argwhere(h))


def test_truth_errors_are_numpys():
    h = truthy()
    g = gp.asarray(h)
    raises_like(lambda: np.count_nonzero(h, axis=0),
                lambda: gp.count_nonzero(g, axis=0))
    raises_like(lambda: np.count_nonzero(h, keepdims=True),
                lambda: gp.count_nonzero(g, keepdims=True))
    raises_like(lambda: np.nonzero(h[0:1].reshape(())),
                lambda: gp.nonzero(g[0:1].reshape(())))


# ------------------------------------------------------------ searching

@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_field_by_field(side):
    a = np.sort(ordered((24,), seed=3))
    v = ordered((3, 5), seed=4)
    v[0, 0] = a[7]                  # exact hits, NaN included
    v[0, 1] = a[-1]
    ga, gv = gp.asarray(a), gp.asarray(v)
    np.testing.assert_array_equal(gp.searchsorted(ga, gv, side=side).get(),
                                  np.searchsorted(a, v, side=side))
    np.testing.assert_array_equal(ga.searchsorted(gv[1], side).get(),
                                  a.searchsorted(v[1], side))
    assert int(gp.searchsorted(ga, v[2, 2], side=side)) == \
        np.searchsorted(a, v[2, 2], side=side)
    perm = np.random.default_rng(0).permutation(a.size)
    inv = np.argsort(perm)
    np.testing.assert_array_equal(
        gp.searchsorted(gp.asarray(a[perm]), gv, side=side,
                        sorter=gp.asarray(inv)).get(),
        np.searchsorted(a[perm], v, side=side, sorter=inv))
    np.testing.assert_array_equal(gp.searchsorted(ga[:0], gv, side).get(),
                                  np.searchsorted(a[:0], v, side))


def test_searchsorted_promotes_and_raises_as_numpy():
    a = np.array([(0, 1.0), (1, -0.0), (1, 2.0), (1, np.nan), (2, -1.0)],
                 PACKED)
    v = np.array([(1, 1.0), (0, 0.0), (3, 0), (1, np.nan), (1, 0.0)], PACKED)
    ga = gp.asarray(a)
    wide = v.astype("i8,f4")
    np.testing.assert_array_equal(gp.searchsorted(ga, gp.asarray(wide)).get(),
                                  np.searchsorted(a, wide))
    # other field names: v is cast to a's dtype by position (NumPy then
    # compares a NaN as equal to everything; docs/design/structured.md)
    xy = v[[0, 1, 2, 4]].astype([("x", "i4"), ("y", "f8")])
    np.testing.assert_array_equal(gp.searchsorted(ga, gp.asarray(xy)).get(),
                                  np.searchsorted(a, xy))
    raises_like(lambda: np.searchsorted(a, 1), lambda: gp.searchsorted(ga, 1))
    raw = np.frombuffer(bytes([0, 0, 1, 0, 1, 1, 2, 0]), "V2")
    rv = np.frombuffer(bytes([1, 0, 0, 5, 2, 0, 1, 1]), "V2")
    for side in ("left", "right"):
        np.testing.assert_array_equal(
            gp.searchsorted(gp.asarray(raw), gp.asarray(rv), side).get(),
            np.searchsorted(raw, rv, side))


@pytest.mark.parametrize("mode", ["raise", "clip", "wrap"])
def test_choose_and_select_structured(mode):
    c = [host(6, PACKED, seed=i) for i in range(3)]
    idx = np.array([0, 2, 1, 1, 0, 2]) + (3 if mode != "raise" else 0)
    gc = [gp.asarray(x) for x in c]
    same(gp.choose(gp.asarray(idx), gc, mode=mode),
         np.choose(idx, c, mode=mode))
    out = gp.zeros(6, PACKED)
    gp.choose(gp.asarray(idx), gc, out=out, mode=mode)
    same(out, np.choose(idx, c, mode=mode))
    conds = [np.arange(6) % 2 == 0, np.arange(6) % 3 == 0]
    same(gp.select([gp.asarray(m) for m in conds], gc[:2], default=gc[2]),
         np.select(conds, c[:2], default=c[2]))
    raises_like(lambda: np.choose(idx % 3, [c[0], np.arange(6)]),
                lambda: gp.choose(gp.asarray(idx % 3), [gc[0], gp.arange(6)]))
    raises_like(lambda: np.select(conds[:1], c[:1]),
                lambda: gp.select([gp.asarray(conds[0])], gc[:1]))


# ------------------------------------------------------------ byte order

UNION = np.dtype({"names": ["a", "b"], "formats": ["i4", "i2"],
                  "offsets": [0, 0], "itemsize": 4})
TIMES = np.dtype([("d", "M8[s]"), ("m", "m8[ms]"), ("c", "c8")])


@pytest.mark.parametrize("dt", DTYPES + [UNION, TIMES],
                         ids=IDS + ["union", "times"])
def test_byteswap_field_by_field(dt):
    h = host((3, 4), native(dt), seed=5)
    g = gp.asarray(h)
    same(g.byteswap(), h.byteswap())
    same(g[:, ::-2].byteswap(), h[:, ::-2].byteswap())
    same(g.T.byteswap(), h.T.byteswap())
    b = gp.asarray(h)
    assert b.byteswap(inplace=True) is b
    same(b, h.byteswap())


@pytest.mark.parametrize("dt", ["i2", "u8", "f4", "c16", "f2", "M8[s]",
                                "m8[us]", "?"])
def test_byteswap_every_numeric_dtype(dt):
    raw = np.random.default_rng(7).bytes(12 * np.dtype(dt).itemsize)
    h = np.frombuffer(raw, dt).reshape(3, 4).copy()
    g = gp.asarray(h)
    assert g.byteswap().get().tobytes() == h.byteswap().tobytes()
    assert g.T.byteswap().get().tobytes() == h.T.byteswap().tobytes()
    b = gp.asarray(h)
    assert b.byteswap(inplace=True) is b
    assert b.get().tobytes() == h.byteswap().tobytes()


@pytest.mark.parametrize("dt", ["i2", "u4", "f8", "c8", "f2", "M8[ms]",
                                "m8[D]", "i4,f8", "u2,(2,)c8"])
def test_newbyteorder_round_trip(dt):
    # As CuPy: a non-native dtype becomes native on the way in; values stay
    dt = np.dtype(dt)
    h = host(6, dt, seed=6) if dt.kind == "V" else \
        (np.arange(6) * 3 - 7).astype(dt)
    swapped = h.astype(dt.newbyteorder())
    g = gp.asarray(swapped)
    assert g.dtype == native(dt.newbyteorder()) and g.dtype.isnative
    same(g, h)
    back = np.empty_like(swapped)
    g.get(out=back)
    assert back.dtype == dt.newbyteorder()
    assert packed(back.astype(dt)).tobytes() == packed(h).tobytes()
