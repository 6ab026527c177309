"""The ndarray's attributes, printing, scalar conversions, item/tolist,
copy/astype, and `import gpuarray` itself: each compared with NumPy."""
import copy as pycopy
import operator
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import gpuarray as gp
from conftest import (ALL_DTYPES, LAYOUTS, assert_array_equal_gp, dtype_id,
                      make_array, make_pair)


def outcome(fn, *args):
    """('ok', value) or ('raise', exception type) of fn(*args), warnings
    recorded: ('ok', value, [warning categories])."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = fn(*args)
        except Exception as e:  # noqa: BLE001 - the type is compared
            return ("raise", type(e)), [x.category for x in w]
        return ("ok", r), [x.category for x in w]


def same_outcome(fn, x, g):
    """fn gives the same value (or raises the same type, and warns the same
    warnings) on NumPy array x and on gpuarray array g."""
    want, wwarn = outcome(fn, x)
    got, gwarn = outcome(fn, g)
    if want[0] == "raise" or got[0] == "raise":
        assert got == want, (got, want)
    else:
        assert type(got[1]) is type(want[1]), (got, want)
        if isinstance(want[1], float) and want[1] != want[1]:
            assert got[1] != got[1]
        elif isinstance(want[1], complex) and want[1] != want[1]:
            np.testing.assert_equal(got[1], want[1])
        else:
            assert got[1] == want[1], (got, want)
    assert gwarn == wwarn


# ---- dtypes -----------------------------------------------------------

def test_dtype_names_are_numpys():
    for name in ("bool_", "int8", "int16", "int32", "int64", "uint8",
                 "uint16", "uint32", "uint64", "float16", "float32",
                 "float64", "complex64", "complex128", "intp", "dtype"):
        assert getattr(gp, name) is getattr(np, name)


@pytest.mark.parametrize("bad", ["foo", "not a dtype", 3.5])
def test_unknown_dtype_raises_typeerror(bad):
    with pytest.raises(TypeError):
        np.zeros(3, dtype=bad)
    with pytest.raises(TypeError):
        gp.empty(3, dtype=bad)
    with pytest.raises(TypeError):
        gp.zeros(3, dtype=bad)
    with pytest.raises(TypeError):
        gp.arange(3).astype(bad)
    with pytest.raises(TypeError):
        gp.asarray([1, 2], dtype=bad)


@pytest.mark.parametrize("unsupported", ["U3", object, "S4"])
def test_unsupported_dtype_raises_typeerror(unsupported):
    # NumPy has these; gpuarray does not (docs/design/arrays.md;
    # datetimes are supported: tests/creation/test_datetimes.py).
    with pytest.raises(TypeError, match="not supported"):
        gp.empty(3, dtype=unsupported)


# ---- attributes -------------------------------------------------------

@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_attributes_every_dtype(dt):
    x = make_array((2, 3, 4), dt)
    g = gp.asarray(x)
    assert g.shape == x.shape and type(g.shape) is tuple
    assert g.strides == x.strides
    assert g.ndim == x.ndim == 3
    assert g.size == x.size and type(g.size) is int
    assert g.itemsize == x.itemsize
    assert g.nbytes == x.nbytes
    assert g.dtype == x.dtype and isinstance(g.dtype, np.dtype)
    assert g.dtype is np.dtype(dt.type) or g.dtype == np.dtype(dt.type)
    assert g.flags.c_contiguous and not g.flags.f_contiguous
    assert g.flags.owndata and g.flags["OWNDATA"] and g.flags["C"]
    assert g.base is None
    assert len(g) == len(x)
    assert g.device == gp.cuda.get_current_device()
    assert isinstance(g.data.ptr, int) and g.data.ptr != 0
    assert_array_equal_gp(g, x, bitwise=True)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape", [(3, 4), (2, 1, 5), (5,), ()],
                         ids=str)
def test_attributes_every_layout(layout, shape):
    x, g = make_pair(shape, np.float32, layout)
    assert g.shape == x.shape
    assert g.strides == x.strides
    assert g.ndim == x.ndim
    assert g.size == x.size
    assert g.nbytes == x.nbytes
    assert g.flags.c_contiguous == x.flags.c_contiguous
    assert g.flags.f_contiguous == x.flags.f_contiguous
    assert g.flags.owndata == x.flags.owndata
    assert g.flags.writeable == x.flags.writeable
    assert_array_equal_gp(g, x, bitwise=True)
    # .T is a view with reversed shape and strides
    assert g.T.shape == x.T.shape and g.T.strides == x.T.strides
    assert_array_equal_gp(g.T, x.T, bitwise=True)


@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 3, 1), (1,), (1, 1),
                                   (1, 5), (5, 1)], ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
def test_flags_match_numpy_edge_shapes(shape, order):
    x = np.zeros(shape, order=order)
    g = gp.zeros(shape, order=order)
    assert g.strides == x.strides
    assert g.flags.c_contiguous == x.flags.c_contiguous
    assert g.flags.f_contiguous == x.flags.f_contiguous


def test_base_is_the_owner_never_an_intermediate_view():
    x = np.arange(24.0).reshape(2, 3, 4)
    g = gp.asarray(x)
    v1 = g[1]
    v2 = v1[::2]
    v3 = v2.T
    for v in (v1, v2, v3):
        assert v.base is g
        assert not v.flags.owndata
    assert g.base is None and g.flags.owndata
    r = g.reshape(4, 6)
    assert r.base is g
    assert g.view().base is g


def test_data_ptr_points_at_first_element():
    g = gp.asarray(np.arange(24, dtype=np.int32).reshape(4, 6))
    p = g.data.ptr
    assert g[1].data.ptr == p + g.strides[0]
    assert g[1, 2].data.ptr == p + g.strides[0] + 2 * g.strides[1]
    assert g[::-1].data.ptr == p + 3 * g.strides[0]
    assert g[:, ::-2].data.ptr == p + 5 * g.itemsize
    assert g.T.data.ptr == p


def test_T_of_0d_and_1d_is_a_view_of_itself():
    for shape in [(), (5,)]:
        x = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
        g = gp.asarray(x)
        assert g.T.shape == x.T.shape and g.T.strides == x.T.strides
        assert g.T.base is g


def test_len():
    for shape in [(4,), (3, 5), (0,), (0, 4), (1, 0)]:
        assert len(gp.empty(shape)) == len(np.empty(shape))
    with pytest.raises(TypeError):
        len(np.empty(()))
    with pytest.raises(TypeError):
        len(gp.empty(()))


def test_iteration_gives_subarrays():
    x = np.arange(6).reshape(3, 2)
    g = gp.asarray(x)
    rows = list(g)
    assert len(rows) == 3
    for r, xr in zip(rows, x):
        assert_array_equal_gp(r, xr)
    with pytest.raises(TypeError):
        iter(gp.asarray(5))


def test_shape_setter_is_in_place_when_possible():
    x = np.arange(12.0)
    g = gp.asarray(x)
    g.shape = (3, 4)
    x.shape = (3, 4)
    assert g.shape == x.shape and g.strides == x.strides
    assert_array_equal_gp(g, x)
    t = g.T
    with pytest.raises(AttributeError):
        x.T.shape = (12,)
    with pytest.raises(AttributeError):
        t.shape = (12,)
    with pytest.raises(ValueError):
        g.shape = (5,)


# ---- printing ---------------------------------------------------------

@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_repr_str_every_dtype(dt):
    for shape in [(7,), (2, 3), ()]:
        x = make_array(shape, dt, seed=1)
        g = gp.asarray(x)
        assert repr(g) == repr(x)
        assert str(g) == str(x)


@pytest.mark.parametrize("layout", ["F", "strided", "negative", "broadcast"])
def test_repr_str_layouts(layout):
    x, g = make_pair((3, 4), np.float64, layout, specials=False)
    assert repr(g) == repr(x)
    assert str(g) == str(x)


@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 3), (2000,),
                                   (40, 40), (1, 1, 1)], ids=str)
@pytest.mark.parametrize("dt", [np.float32, np.int16], ids=dtype_id)
def test_repr_str_empty_and_summarized(shape, dt):
    x = make_array(shape, dt, specials=False)
    g = gp.asarray(x)
    assert repr(g) == repr(x)
    assert str(g) == str(x)


def test_repr_follows_numpy_print_options():
    x = np.linspace(0, 1, 7)
    g = gp.asarray(x)
    with np.printoptions(precision=2, suppress=True):
        assert repr(g) == repr(x)
        assert str(g) == str(x)


# ---- scalar conversions -------------------------------------------------

SCALAR_FNS = [bool, int, float, complex, operator.index]


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_scalar_conversions_of_size1_arrays(dt):
    for shape in [(), (1,), (1, 1)]:
        x = make_array(shape, dt, seed=3, specials=False)
        g = gp.asarray(x)
        for fn in SCALAR_FNS:
            same_outcome(fn, x, g)


@pytest.mark.parametrize("value", [0.0, -0.0, np.nan, np.inf, -np.inf, 1.5])
def test_scalar_conversions_special_floats(value):
    x = np.array(value)
    g = gp.asarray(x)
    for fn in SCALAR_FNS:
        same_outcome(fn, x, g)


@pytest.mark.parametrize("shape", [(2,), (2, 2), (0,), (3, 0)], ids=str)
def test_scalar_conversions_of_larger_arrays_raise(shape):
    x = np.ones(shape)
    g = gp.asarray(x)
    for fn in SCALAR_FNS:
        same_outcome(fn, x, g)


def test_int_array_as_index():
    g = gp.asarray(np.array(2, dtype=np.uint8))
    assert [10, 20, 30][g] == 30
    assert operator.index(gp.asarray(np.int64(-7))) == -7
    with pytest.raises(TypeError):
        operator.index(gp.asarray(np.array([1])))
    with pytest.raises(TypeError):
        operator.index(gp.asarray(np.array(True)))
    with pytest.raises(TypeError):
        operator.index(gp.asarray(np.array(1.0)))


# ---- item and tolist -------------------------------------------------------

@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_item_every_dtype(dt):
    x = make_array((3, 4), dt, seed=5)
    g = gp.asarray(x)
    for args in [(0,), (5,), (11,), (-1,), (-12,), (1, 2), ((2, 3),),
                 (-1, -1), (np.int64(7),)]:
        got, want = g.item(*args), x.item(*args)
        assert type(got) is type(want)
        np.testing.assert_equal(got, want)
    s = gp.asarray(x[1:2, 2:3])
    got, want = s.item(), x[1:2, 2:3].item()
    assert type(got) is type(want)
    np.testing.assert_equal(got, want)


def test_item_errors():
    x = np.arange(6).reshape(2, 3)
    g = gp.asarray(x)
    for args in [(), (6,), (-7,), (2, 0), (0, 3), (0, 0, 0)]:
        want, _ = outcome(x.item, *args)
        got, _ = outcome(g.item, *args)
        assert want[0] == "raise"
        assert got == want, args
    assert g[1:2, :1].item() == 3


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_tolist_every_dtype(dt):
    for shape in [(2, 3), (), (0,), (2, 0)]:
        x = make_array(shape, dt, seed=6)
        got, want = gp.asarray(x).tolist(), x.tolist()
        np.testing.assert_equal(got, want)
        assert type(got) is type(want)
        if x.size and x.ndim:
            flat_g = np.ravel(got).tolist() if x.ndim > 1 else got
            flat_w = np.ravel(want).tolist() if x.ndim > 1 else want
            assert [type(v) for v in flat_g] == [type(v) for v in flat_w]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_tolist_layouts(layout):
    x, g = make_pair((3, 2), np.int32, layout)
    assert g.tolist() == x.tolist()


# ---- copy and astype ---------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_copy_orders(layout, order):
    x, g = make_pair((3, 4), np.float64, layout)
    c, xc = g.copy(order=order), x.copy(order=order)
    assert_array_equal_gp(c, xc, bitwise=True, strides=True)
    assert c.flags.owndata and c.base is None
    assert c.flags.writeable
    assert c.data.ptr != g.data.ptr


@pytest.mark.parametrize("layout", ["C", "strided", "negative", "transposed"])
def test_copy_of_3d_keeps_numpys_strides(layout):
    x, g = make_pair((2, 3, 4), np.int16, layout)
    for order in "CFAK":
        assert_array_equal_gp(g.copy(order), x.copy(order), strides=True)
    assert_array_equal_gp(gp.copy(g), np.copy(x), strides=True)
    assert_array_equal_gp(pycopy.copy(g), pycopy.copy(x))
    assert_array_equal_gp(pycopy.deepcopy(g), pycopy.deepcopy(x))


def test_copy_is_independent():
    x = np.arange(10.0)
    g = gp.asarray(x)
    c = g.copy()
    c[0] = 100
    g[1] = -1
    x[1] = -1
    assert_array_equal_gp(g, x)
    assert c.get()[0] == 100 and c.get()[1] == 1


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
def test_astype_to_and_from_every_dtype(dt):
    # values every dtype holds exactly and every cast keeps defined
    rng = np.random.default_rng(7)
    src = rng.integers(0, 100, 12).astype(np.float64).reshape(3, 4)
    src[0, 0] = 0
    x = src.astype(dt)
    g = gp.asarray(x)
    # every dtype to float64 and back; to bool where truth is not just
    # "the integer is nonzero" (one kernel per pair: kept few)
    targets = (np.float64, np.bool_) if dt.kind in "fc" else (np.float64,)
    for target in targets:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            want = x.astype(target)
            got = g.astype(target)
        assert_array_equal_gp(got, want, bitwise=True)
    gd = gp.asarray(src).astype(dt)
    assert_array_equal_gp(gd, src.astype(dt), bitwise=True)


@pytest.mark.parametrize("dt", [np.complex64, np.complex128], ids=dtype_id)
def test_astype_complex_warns_as_numpy(dt):
    """ComplexWarning exactly where NumPy gives one: to a real type, not to
    bool (both parts count there) and not to complex."""
    x = np.array([0, 1j, 2, 0j], dt)
    g = gp.asarray(x)
    for target in (np.bool_, np.float32, np.int16, np.complex128):
        with warnings.catch_warnings(record=True) as np_w:
            warnings.simplefilter("always")
            want = x.astype(target)
        with warnings.catch_warnings(record=True) as gp_w:
            warnings.simplefilter("always")
            got = g.astype(target)
        assert [w.category for w in gp_w] == [w.category for w in np_w]
        assert_array_equal_gp(got, want)


@pytest.mark.parametrize("n", [3, 0])
@pytest.mark.parametrize("target", [np.bool_, np.float32, np.int16,
                                    np.complex128], ids=dtype_id)
def test_complex_writes_warn_as_numpy(target, n):
    """Every write that casts complex to real warns as NumPy's cast does
    (setitem, copyto, joins, full, asarray(dtype=)), empty or not (CuPy's
    suite runs concatenate(casting='unsafe') with warnings as errors)."""
    x = np.array([1 + 1j, 2, 3j], np.complex64)[:n]
    calls = [
        lambda xp, a: xp.zeros(n, target).__setitem__(slice(None), a),
        lambda xp, a: xp.copyto(xp.zeros(n, target), a, casting="unsafe"),
        lambda xp, a: xp.concatenate((a, a), dtype=target,
                                     casting="unsafe"),
        lambda xp, a: xp.full(n, a, dtype=target),
        lambda xp, a: xp.asarray(a, dtype=target),
        lambda xp, a: a.astype(target),
    ]
    for call in calls:
        seen = []
        for xp, a in ((np, x), (gp, gp.asarray(x))):
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                call(xp, a)
            seen.append([r.category for r in w])
        assert seen[0] == seen[1]


@pytest.mark.parametrize("dt", [np.int64, np.uint64, np.int32, np.float64,
                                np.complex128], ids=dtype_id)
def test_astype_rounding_to_narrow_floats(dt):
    x = make_array((64,), dt, seed=8, specials=False)
    g = gp.asarray(x)
    for target in (np.float16, np.float32):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = x.astype(target)
            got = g.astype(target)
        assert_array_equal_gp(got, want, bitwise=True)


@pytest.mark.parametrize("dt", [np.float16, np.float32, np.float64],
                         ids=dtype_id)
def test_astype_float_specials_between_floats(dt):
    x = make_array((32,), dt, seed=9)
    g = gp.asarray(x)
    for target in (np.float16, np.float32, np.float64, np.complex128):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = x.astype(target)
        assert_array_equal_gp(g.astype(target), want, bitwise=True)
    # to bool: nan and -0.0 follow NumPy's truth
    assert_array_equal_gp(g.astype(bool), x.astype(bool))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_astype_layouts_and_order(layout):
    x, g = make_pair((3, 4), np.int32, layout)
    for order in "CFAK":
        assert_array_equal_gp(g.astype(np.float32, order=order),
                              x.astype(np.float32, order=order),
                              strides=True)


def test_astype_copy_false_returns_self_when_possible():
    g = gp.arange(6)
    assert g.astype(g.dtype, copy=False) is g
    assert g.astype(np.int64) is not g
    c = g.astype(np.float64, copy=False)
    assert c is not g and c.dtype == np.float64
    f = gp.asarray(np.ones((2, 3), order="F"))
    assert f.astype(f.dtype, order="C", copy=False) is not f


def test_astype_casting_rule():
    x = np.arange(3.0)
    g = gp.asarray(x)
    with pytest.raises(TypeError):
        x.astype(np.int32, casting="safe")
    with pytest.raises(TypeError):
        g.astype(np.int32, casting="safe")
    assert_array_equal_gp(g.astype(np.float32, casting="same_kind"),
                          x.astype(np.float32, casting="same_kind"))


# ---- interaction with NumPy ---------------------------------------------------

def test_gp_plus_numpy_raises_typeerror():
    # CuPy's rule: no implicit transfer (docs/design/arrays.md).
    g = gp.arange(3)
    with pytest.raises(TypeError):
        g + np.arange(3)
    with pytest.raises(TypeError):
        np.arange(3) + g
    with pytest.raises(TypeError):
        g * np.float32(2).reshape(1)


def test_truth_value():
    for shape in [(2,), (0,), (2, 2)]:
        x = np.ones(shape)
        same_outcome(bool, x, gp.asarray(x))
    assert bool(gp.asarray([0])) is False
    assert bool(gp.asarray([[3]])) is True


# ---- import ------------------------------------------------------------------

_IMPORT_TIMER = textwrap.dedent("""
    import time, sys
    import numpy
    t0 = time.perf_counter()
    import gpuarray
    t1 = time.perf_counter()
    print(t1 - t0)
    print(gpuarray.cuda.get_current_device())
    print(gpuarray.arange(3).tolist())
""")


def _run_python(code, **env):
    e = dict(os.environ)
    for k, v in env.items():
        if v is None:
            e.pop(k, None)
        else:
            e[k] = v
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    e["PYTHONPATH"] = root + os.pathsep + e.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=e, cwd=root, timeout=120)


def test_import_works_without_a_gpu():
    r = _run_python(_IMPORT_TIMER, CUDA_VISIBLE_DEVICES="",
                    GPUARRAY_DEVICE="host")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1] == "<host device>"
    assert lines[2] == "[0, 1, 2]"
    # and with no device chosen at all, when no GPU is visible
    r = _run_python(_IMPORT_TIMER, CUDA_VISIBLE_DEVICES="",
                    GPUARRAY_DEVICE=None)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1] == "<host device>"
