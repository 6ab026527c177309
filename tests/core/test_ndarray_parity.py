"""ndarray parity sweep against NumPy: flags objects, in-place dtype
changes, view(type=...), and the corners of views, indexing, conversion and
creation found by looping over NumPy's argument forms."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp


# ---- flags ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["c_contiguous", "f_contiguous", "owndata",
                                  "fnc", "forc", "behaved"])
def test_layout_flags_are_read_only(name):
    x, g = np.zeros((2, 3)), gp.zeros((2, 3))
    with pytest.raises(AttributeError):
        setattr(x.flags, name, True)
    with pytest.raises(AttributeError):
        setattr(g.flags, name, True)
    assert g.flags.c_contiguous == x.flags.c_contiguous


def test_flags_compare_and_hash_like_numpy():
    x, g = np.zeros((2, 3)), gp.zeros((2, 3))
    assert (g.flags == g.flags) == (x.flags == x.flags)
    assert (g.flags != g.T.flags) == (x.flags != x.T.flags)
    with pytest.raises(TypeError):
        hash(x.flags)
    with pytest.raises(TypeError):
        hash(g.flags)


def test_flags_writebackifcopy_and_aligned_setters():
    x, g = np.zeros(3), gp.zeros(3)
    for f in (x.flags, g.flags):
        f.aligned = True
        f.writebackifcopy = False
        f["A"] = True
    with pytest.raises(ValueError):
        x.flags.writebackifcopy = True
    with pytest.raises(ValueError):
        g.flags.writebackifcopy = True
    assert g.flags.aligned == x.flags.aligned


# ---- a.dtype = ... --------------------------------------------------------

@pytest.mark.parametrize("new", [np.float32, np.int64, np.complex128,
                                 np.uint8, np.float16])
@pytest.mark.parametrize("view", ["C", "sliced_rows", "cols"])
def test_dtype_setter_like_numpy(new, view):
    x = np.arange(48, dtype=np.float64).reshape(4, 12)
    sel = {"C": np.s_[:], "sliced_rows": np.s_[::2], "cols": np.s_[:, :4]}
    x = x[sel[view]]
    g = gp.asarray(np.ascontiguousarray(x)) if view == "C" else \
        gp.asarray(np.arange(48, dtype=np.float64).reshape(4, 12))[sel[view]]
    x = x.copy() if view == "C" else x
    try:
        x.dtype = new
    except ValueError:
        with pytest.raises(ValueError):
            g.dtype = new
        assert g.dtype == np.float64
        return
    g.dtype = new
    assert g.dtype == x.dtype and g.shape == x.shape
    assert g.strides == x.strides and g.size == x.size
    assert g.flags.c_contiguous == x.flags.c_contiguous
    assert_array_equal_gp(g, x, bitwise=True)


def test_dtype_setter_errors():
    for m in (np, gp):
        z = m.zeros(())
        with pytest.raises(ValueError):
            z.dtype = m.int32               # 0-d: itemsize must not change
        z.dtype = m.int64
        assert z.dtype == np.int64
        with pytest.raises(TypeError):
            z.dtype = "not a dtype"
        with pytest.raises(AttributeError):
            del z.dtype
        with pytest.raises(ValueError):
            m.zeros((3, 3)).T.dtype = m.float32


# ---- view(type=...) -------------------------------------------------------

class _Sub(gp.ndarray):
    pass


# (gpuarray call, the NumPy call it mirrors, the type gpuarray must give)
_VIEW_TYPE_CASES = [
    (lambda a: a.view(gp.ndarray), lambda x: x.view(np.ndarray), gp.ndarray),
    (lambda a: a.view(type=gp.ndarray), lambda x: x.view(type=np.ndarray),
     gp.ndarray),
    (lambda a: a.view(np.int32, gp.ndarray),
     lambda x: x.view(np.int32, np.ndarray), gp.ndarray),
    (lambda a: a.view(np.int8, type=_Sub), lambda x: x.view(np.int8), _Sub),
    (lambda a: a.view(_Sub), lambda x: x.view(), _Sub),
]


@pytest.mark.parametrize("case", range(len(_VIEW_TYPE_CASES)))
def test_view_type_argument(case):
    gfn, nfn, want = _VIEW_TYPE_CASES[case]
    g = gp.arange(4.0)
    gr = gfn(g)
    assert type(gr) is want
    assert gr.base is g
    assert_array_equal_gp(gr, nfn(np.arange(4.0)), bitwise=True,
                          strides=True)


def test_view_type_must_be_ndarray_subclass():
    with pytest.raises(ValueError):
        np.arange(3.0).view(type=list)
    with pytest.raises(ValueError):
        gp.arange(3.0).view(type=list)


# ---- getfield / setfield --------------------------------------------------

@pytest.mark.parametrize("dtype,offset", [(np.float32, 4), (np.int32, 0),
                                          (np.uint8, 7), (np.float64, 0),
                                          (np.int16, 2)])
@pytest.mark.parametrize("layout", ["C", "T", "neg"])
def test_getfield_like_numpy(dtype, offset, layout):
    pick = {"C": lambda a: a, "T": lambda a: a.T, "neg": lambda a: a[::-1]}
    x = pick[layout](np.arange(6.0).reshape(2, 3) + 0.25)
    g = pick[layout](gp.asarray(np.arange(6.0).reshape(2, 3) + 0.25))
    gr, xr = g.getfield(dtype, offset), x.getfield(dtype, offset)
    assert_array_equal_gp(gr, xr, bitwise=True, strides=True)
    assert gr.flags.writeable == xr.flags.writeable


@pytest.mark.parametrize("dtype,offset", [(np.float32, 6), (np.float64, 1),
                                          (np.float32, -1),
                                          (np.complex128, 0)])
def test_getfield_errors(dtype, offset):
    with pytest.raises(ValueError):
        np.zeros(3).getfield(dtype, offset)
    with pytest.raises(ValueError):
        gp.zeros(3).getfield(dtype, offset)


def test_setfield_writes_one_part_of_each_element():
    x = np.zeros(3, np.complex128)
    g = gp.zeros(3, np.complex128)
    x.setfield([1, 2, 3], np.float64, 8)
    g.setfield([1, 2, 3], np.float64, 8)
    assert_array_equal_gp(g, x, bitwise=True)
    y = np.arange(4.0)
    h = gp.arange(4.0)
    y.setfield(7, np.int32, 4)
    h.setfield(7, np.int32, 4)
    assert_array_equal_gp(h, y, bitwise=True)


# ---- byteswap keeps NumPy's 'A' layout -----------------------------------

@pytest.mark.parametrize("make", [lambda m: m.ones((2, 3), order="F"),
                                  lambda m: m.arange(6.0).reshape(2, 3).T,
                                  lambda m: m.arange(6.0)[::-2]])
def test_byteswap_layout(make):
    x = make(np) * 3.5
    g = make(gp) * 3.5
    assert_array_equal_gp(g.byteswap(), x.byteswap(), bitwise=True,
                          strides=True)


@pytest.mark.parametrize("shape", [(0,), (2, 0, 4)])
@pytest.mark.parametrize("dtype", [np.int16, np.float64, np.complex64])
@pytest.mark.parametrize("inplace", [False, True])
def test_byteswap_of_empty_array(shape, dtype, inplace):
    x = np.zeros(shape, dtype)
    g = gp.zeros(shape, dtype)
    r = g.byteswap(inplace=inplace)
    assert (r is g) == inplace
    assert_array_equal_gp(r, x.byteswap(inplace=inplace), bitwise=True)


# ---- shapes given as integer arrays ---------------------------------------

@pytest.mark.parametrize("shape", [np.array([4, 6]), np.array(24),
                                   np.array([24], np.uint8),
                                   (4, np.array(6))])
def test_shape_from_integer_array(shape):
    assert gp.zeros(24).reshape(shape).shape == \
        np.zeros(24).reshape(shape).shape
    assert gp.zeros(shape).shape == np.zeros(shape).shape


@pytest.mark.parametrize("shape", [np.array([[4, 6]]), np.array([4.0, 6.0])])
def test_shape_from_bad_array(shape):
    with pytest.raises(TypeError):
        np.zeros(24).reshape(shape)
    with pytest.raises(TypeError):
        gp.zeros(24).reshape(shape)


# ---- a 0-d integer array index copies --------------------------------------

# (NumPy key, gpuarray key)
_ZERO_D_KEYS = [(np.array(1), np.array(1)), (np.array(1), gp.asarray(1)),
                ((np.array(2), slice(1, None)), (np.array(2), slice(1, None))),
                ((slice(None), np.array(0)), (slice(None), gp.asarray(0)))]


@pytest.mark.parametrize("i", range(len(_ZERO_D_KEYS)))
def test_0d_array_index_gives_a_copy(i):
    nkey, gkey = _ZERO_D_KEYS[i]
    x = np.arange(12).reshape(3, 4).T
    g = gp.asarray(np.arange(12).reshape(3, 4)).T
    xr, gr = x[nkey], g[gkey]
    assert not np.shares_memory(xr, x)
    assert gr.flags.owndata
    assert_array_equal_gp(gr, xr, strides=True)
    gr[...] = -1                        # a copy: the source is unchanged
    assert_array_equal_gp(g, x)


# ---- assigning a sequence to one element ----------------------------------

_ELEMENT_VALUES = [[5], [1, 2, 3], (1, 0), np.array([5.0]), np.array([1, 2]),
                   [[1]], np.array([1 + 1j, 2])]


@pytest.mark.parametrize("dtype", ["bool", "int8", "int64", "uint32",
                                   "float32", "float64", "complex128"])
@pytest.mark.parametrize("vi", range(len(_ELEMENT_VALUES)))
@pytest.mark.parametrize("as_gp", [False, True])
def test_sequence_into_one_element(dtype, vi, as_gp):
    v = _ELEMENT_VALUES[vi]
    gv = gp.asarray(v) if as_gp and isinstance(v, np.ndarray) else v
    for shape, key in (((3,), 1), ((2, 3), (1, -1)), ((), ())):
        x = np.zeros(shape, dtype)
        g = gp.zeros(shape, dtype)
        try:
            x[key] = v
        except Exception as e:      # NumPy's type, whichever it is
            with pytest.raises(type(e)):
                g[key] = gv
            continue
        g[key] = gv
        assert_array_equal_gp(g, x)


@pytest.mark.parametrize("value", [[[1, 2, 3]], [[[1.0, 2.0, 3.0]]]])
def test_list_deeper_than_target_is_valueerror(value):
    with pytest.raises(ValueError):
        np.zeros(3)[...] = value if len(value[0]) == 3 else value
    with pytest.raises(ValueError):
        gp.zeros(3)[...] = value
    x = np.zeros(3)
    x[...] = np.array(value)        # an array's leading ones are dropped
    g = gp.zeros(3)
    g[...] = np.array(value)
    assert_array_equal_gp(g, x)


# ---- creation corners -----------------------------------------------------

@pytest.mark.parametrize("k", [0, 1, -2, 10])
def test_diag_of_matrix_is_numpys_read_only_view(k):
    x = np.arange(12).reshape(3, 4).copy()
    g = gp.asarray(x)
    xr, gr = np.diag(x, k), gp.diag(g, k)
    assert_array_equal_gp(gr, xr, strides=True)
    assert gr.flags.writeable == xr.flags.writeable
    assert (gr.base is g) == (xr.base is x)     # a view, not a copy


_NDMIN_SOURCES = [lambda m: m.arange(6.0).reshape(2, 3),
                  lambda m: m.arange(6.0).reshape(2, 3).T,
                  lambda m: m.asfortranarray(m.arange(6.0).reshape(2, 3)),
                  lambda m: m.arange(6.0).reshape(2, 3)[:, ::2],
                  lambda m: m.arange(6.0)[::-1],
                  lambda m: m.zeros((0, 2)),
                  lambda m: m.asarray(2.5)]


@pytest.mark.parametrize("src", range(len(_NDMIN_SOURCES)))
@pytest.mark.parametrize("kw", [{}, {"copy": None}, {"order": "F"},
                                {"order": "C"}, {"dtype": np.float32}])
def test_array_ndmin_strides(src, kw):
    make = _NDMIN_SOURCES[src]
    xr = np.array(make(np), ndmin=4, **kw)
    gr = gp.array(make(gp), ndmin=4, **kw)
    assert_array_equal_gp(gr, xr, bitwise=True, strides=True)
    assert gr.flags.c_contiguous == xr.flags.c_contiguous
    assert gr.flags.f_contiguous == xr.flags.f_contiguous


@pytest.mark.parametrize("kw", [{"ndmax": 2}, {"ndmax": 3}, {"ndmax": 1},
                                {"ndmax": 0}, {"ndmax": 2, "dtype": "f4"},
                                {"ndmax": -1}, {"ndmax": 65}])
def test_array_ndmax(kw):
    value = [[1, 2], [3, 4]]
    if np.lib.NumpyVersion(np.__version__) < "2.4.0":
        pytest.skip("NumPy before 2.4 has no ndmax to compare with")
    try:
        x = np.array(value, **kw)
    except ValueError:
        with pytest.raises(ValueError):
            gp.array(value, **kw)
        return
    assert_array_equal_gp(gp.array(value, **kw), x)
    # arrays are not nested sequences: ndmax leaves them whole
    assert gp.array(gp.ones((2, 2)), ndmax=1).shape == \
        np.array(np.ones((2, 2)), ndmax=1).shape


def test_array_object_keyword():
    assert_array_equal_gp(gp.array(object=[1, 2]), np.array(object=[1, 2]))


@pytest.mark.parametrize("fn", [float, int, complex])
def test_scalar_conversion_of_sized_array_message(fn):
    for m in (np, gp):
        with pytest.raises(TypeError, match="0-dimensional"):
            fn(m.zeros(2))


@pytest.mark.parametrize("shape", [True, (True,), (1, False)])
@pytest.mark.parametrize("make", [lambda m, s: m.zeros(s),
                                  lambda m, s: m.empty(s),
                                  lambda m, s: m.full(s, 1.0),
                                  lambda m, s: m.zeros(1).reshape(s)])
def test_bool_lengths_are_typeerror(shape, make):
    with pytest.raises(TypeError):
        make(np, shape)
    with pytest.raises(TypeError):
        make(gp, shape)


# ---- full_like / fill / full follow NumPy's conversions -------------------

_UNSAFE_VALUES = [np.nan, np.inf, 1 + 2j, np.uint64(2**64 - 1), 1e39, -2.7,
                  True, np.array(3.9)]


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "int64",
                                   "uint64", "float16", "float32", "bool"])
@pytest.mark.parametrize("vi", range(len(_UNSAFE_VALUES)))
def test_full_like_casts_unsafely(dtype, vi):
    v = _UNSAFE_VALUES[vi]
    with _no_check():
        try:
            x = np.full_like(np.zeros(3, dtype), v)
        except Exception as e:
            with pytest.raises(type(e)):
                gp.full_like(gp.zeros(3, dtype), v)
            return
        g = gp.full_like(gp.zeros(3, dtype), v)
    assert_array_equal_gp(g, x, bitwise=True)


class _no_check:
    """Ignore NumPy's cast warnings (ComplexWarning, RuntimeWarning)."""
    def __enter__(self):
        import warnings
        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *exc):
        return self._w.__exit__(*exc)


@pytest.mark.parametrize("dtype", ["int8", "float64", "complex64", "bool"])
@pytest.mark.parametrize("value", [np.array([1.0]), [1], (2, 3),
                                   np.array(2.5)])
def test_fill_takes_one_scalar(dtype, value):
    # a host value, and the same values as a gpuarray array (NumPy's
    # counterpart: a NumPy array)
    for gv, nv in ((value, value), (gp.asarray(value), np.asarray(value))):
        x, g = np.zeros(3, dtype), gp.zeros(3, dtype)
        try:
            x.fill(nv)
        except Exception as e:
            with pytest.raises(type(e)):
                g.fill(gv)
            continue
        g.fill(gv)
        assert_array_equal_gp(g, x)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128, np.int64])
@pytest.mark.parametrize("value", [None, "5", range(3)])
def test_full_scalar_like_values(dtype, value):
    try:
        x = np.full(3, value, dtype=dtype)
    except Exception as e:
        with pytest.raises(type(e)):
            gp.full(3, value, dtype=dtype)
        return
    assert_array_equal_gp(gp.full(3, value, dtype=dtype), x)


# ---- ndarray.resize ---------------------------------------------------------

_RESIZE_CASES = [((2, 4), {}), ((4,), {}), (((2, 2),), {}), ((0,), {}),
                 (([3, 3],), {}), ((), {}), ((None,), {}), ((2, 3), {})]


@pytest.mark.parametrize("i", range(len(_RESIZE_CASES)))
@pytest.mark.parametrize("make", [lambda m: m.arange(6.0),
                                  lambda m: m.asfortranarray(
                                      m.arange(6.0).reshape(2, 3)),
                                  lambda m: m.zeros(()),
                                  lambda m: m.arange(6, dtype=np.int16)])
def test_resize_in_place(i, make):
    args, kw = _RESIZE_CASES[i]
    x, g = make(np), make(gp)
    if not x.flags.owndata:
        x = x.copy(order="A")
    assert x.resize(*args, refcheck=False) is None
    assert g.resize(*args, refcheck=False) is None
    assert_array_equal_gp(g, x, bitwise=True, strides=True)
    assert g.flags.owndata and g.flags.f_contiguous == x.flags.f_contiguous


def test_resize_refcheck_and_errors():
    for m in (np, gp):
        b = m.arange(6.0)
        v = b[:2]                       # a view refers to b
        with pytest.raises(ValueError):
            b.resize(3)
        b.resize(3, refcheck=False)     # allowed; v keeps its own values
        assert b.shape == (3,)
        with pytest.raises(ValueError):
            m.arange(6.0)[::2].resize(2, refcheck=False)
        with pytest.raises(ValueError):
            m.arange(6.0).reshape(2, 3)[0].resize(2, refcheck=False)
        with pytest.raises(ValueError):
            m.arange(6.0).resize(-1, refcheck=False)
        with pytest.raises(TypeError):
            m.arange(6.0).resize(2, 2.0, refcheck=False)
        with pytest.raises(TypeError):
            m.arange(6.0).resize(2, foo=1)
    g = gp.arange(6.0)
    v = g[:3]
    g.resize(8, refcheck=False)
    assert_array_equal_gp(v, np.arange(3.0))    # gpuarray's views stay valid


def test_resize_without_other_references():
    g = gp.arange(6.0)
    g.resize(3)
    x = np.arange(6.0)
    x.resize(3)
    assert_array_equal_gp(g, x)


# ---- a.flat ---------------------------------------------------------------

_FLAT_VIEWS = [lambda a: a, lambda a: a.T, lambda a: a[::-1, ::2]]


@pytest.mark.parametrize("view", range(len(_FLAT_VIEWS)))
@pytest.mark.parametrize("key", [slice(None, None, -2), slice(2, 9, 3),
                                 slice(None), Ellipsis])
def test_flat_slice_is_a_new_array(view, key):
    pick = _FLAT_VIEWS[view]
    x = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(x)
    xr, gr = pick(x).flat[key], pick(g).flat[key]
    assert_array_equal_gp(gr, xr, strides=True)
    assert gr.flags.owndata
    gr[...] = -1                            # the source is unchanged
    assert_array_equal_gp(g, x)


@pytest.mark.parametrize("key", [-1, (0,), 3, np.int64(2), (), 100])
@pytest.mark.parametrize("value", [[7, 8], [7], np.array([7.0]), 5,
                                   np.array(6.0)])
def test_flat_store_errors(key, value):
    x = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(x)
    try:
        x.flat[key] = value
    except Exception as e:
        with pytest.raises(type(e)):
            g.flat[key] = value
        return
    g.flat[key] = value
    assert_array_equal_gp(g, x)


# ---- pickling keeps NumPy's strides, empty arrays included ----------------

@pytest.mark.parametrize("make", [lambda m: m.zeros((2, 0, 3)),
                                  lambda m: m.zeros((2, 0, 3)).T,
                                  lambda m: m.zeros((3, 0), np.int8),
                                  lambda m: m.zeros(0),
                                  lambda m: m.arange(6.0).reshape(2, 3).T,
                                  lambda m: m.asarray(2.5)])
def test_pickle_round_trip_strides(make):
    import pickle
    x = pickle.loads(pickle.dumps(make(np)))
    g = pickle.loads(pickle.dumps(make(gp)))
    assert_array_equal_gp(g, x, bitwise=True)
    assert g.strides == x.strides
    assert g.flags.c_contiguous == x.flags.c_contiguous
    assert g.flags.f_contiguous == x.flags.f_contiguous


def test_set_into_read_only_array_is_valueerror():
    x = np.arange(6.0)
    x.setflags(write=False)
    with pytest.raises(ValueError):
        x[...] = np.zeros(6)
    g = gp.arange(6.0)
    g.setflags(write=False)
    with pytest.raises(ValueError):
        g.set(np.zeros(6))
    assert_array_equal_gp(g, x)


# ---- repr of a subclass names the subclass --------------------------------

class Sub(gp.ndarray):
    pass


class _NpSub(np.ndarray):
    pass


_NpSub.__name__ = "Sub"


@pytest.mark.parametrize("x", [np.arange(3.0), np.arange(3000.0),
                               np.zeros((2, 2)), np.asarray(1.5),
                               np.zeros((0, 3), np.int8)])
def test_subclass_repr(x):
    g = gp.asarray(x).view(Sub)
    assert repr(g) == repr(x.view(_NpSub))
    assert str(g) == str(x.view(_NpSub))


# ---- axis arguments ---------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda a: a.transpose(np.array([2, 0, 1])),
    lambda a: a.transpose(np.int64(2), np.int8(0), 1),
    lambda a: a.transpose(True, 0, 2),
    lambda a: a.transpose([True, 0, 2]),
    lambda a: a[:1].squeeze([0]),
    lambda a: a[:1].squeeze((0,)),
    lambda a: a[:1].squeeze(np.int64(0)),
])
def test_axis_argument_forms(call):
    x = np.arange(24.0).reshape(2, 3, 4)
    try:
        xr = call(x)
    except Exception as e:
        with pytest.raises(type(e)):
            call(gp.asarray(x))
        return
    assert_array_equal_gp(call(gp.asarray(x)), xr, strides=True)


# ---- ndarray(shape, strides=...) --------------------------------------------

@pytest.mark.parametrize("shape,strides", [((2, 3), (8, 16)), ((2, 3), (8, 8)),
                                           ((2, 3), (24, 8)), ((2, 3), (0, 0)),
                                           ((2, 3), (-8, 8)), ((2, 3), (8,)),
                                           ((2, 3), (32, 8)), ((0, 3), (-8, 8)),
                                           ((4,), (16,))])
def test_ndarray_constructor_strides(shape, strides):
    try:
        x = np.ndarray(shape, strides=strides)
    except ValueError:
        with pytest.raises(ValueError):
            gp.ndarray(shape, strides=strides)
        return
    g = gp.ndarray(shape, strides=strides)
    assert g.shape == x.shape and g.strides == x.strides
    assert g.flags.c_contiguous == x.flags.c_contiguous
    assert g.flags.f_contiguous == x.flags.f_contiguous
    assert g.flags.owndata
    if g.size and x.flags.c_contiguous | x.flags.f_contiguous:
        values = np.arange(g.size, dtype=np.float64).reshape(shape)
        g[...] = values
        assert_array_equal_gp(g, values)


def test_ndarray_constructor_misaligned_strides_refused():
    # NumPy makes an unaligned array; device memory must stay aligned
    with pytest.raises(ValueError):
        gp.ndarray((2, 3), strides=(1, 1))


# ---- == / != with objects that have no comparison of their own -----------

@pytest.mark.parametrize("value", [None, Ellipsis, object(), np._NoValue],
                         ids=["None", "Ellipsis", "object", "NoValue"])
@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.bool_,
                                   np.complex128])
@pytest.mark.parametrize("op", ["a == v", "v == a", "a != v", "v != a"])
def test_compare_with_plain_object_is_elementwise(value, dtype, op):
    # NumPy compares each element with the object (identity): an array
    # of False for ==, of True for !=, not Python's single bool
    x = np.array([[1, 2, 3], [4, 5, 6]], dtype)
    want = eval(op, {"a": x, "v": value})
    got = eval(op, {"a": gp.asarray(x), "v": value})
    assert isinstance(got, gp.ndarray)
    assert_array_equal_gp(got, want)


def test_compare_defers_to_array_ufunc_none():
    class Defer:
        __array_ufunc__ = None

    d = Defer()
    x, g = np.arange(3), gp.arange(3)
    assert (x == d) is False and (g == d) is False   # Python's fallback
    assert (x != d) is True and (g != d) is True
