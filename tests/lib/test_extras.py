"""gpuarray/_extras.py against NumPy: put_along_axis, geomspace, unstack,
concat, vecdot, matvec, vecmat, unwrap, asarray_chkfinite, asanyarray,
require and apply_over_axes (values, dtypes, shapes, views and NumPy's
exception types)."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray._engine import lazy as _lazy
from gpuarray.testing.parity import SAMPLE_DTYPES, assert_same
from conftest import (ALL_DTYPES, assert_array_equal_gp as same, dtype_id,
                      gp_shares_memory, make_array, make_pair)


EXTRAS = ("put_along_axis", "geomspace", "unstack", "concat", "vecdot",
          "matvec", "vecmat", "unwrap", "asarray_chkfinite", "asanyarray",
          "require", "apply_over_axes")


def test_lazy_table_lists_them_and_names_resolve():
    import importlib
    for name in EXTRAS:
        mod = importlib.import_module("gpuarray." + _lazy.WHERE[name])
        assert name in mod.__all__
        assert getattr(gp, name) is getattr(mod, name)


# ------------------------------------------------------ put_along_axis

@pytest.mark.parametrize("axis", [0, 1, -1])
def test_put_along_axis_matches_numpy(axis):
    x, g = make_pair((4, 5), np.float64)
    rng = np.random.default_rng(1)
    shape = list(x.shape)
    shape[axis] = 3
    idx = rng.integers(-x.shape[axis], x.shape[axis], shape)
    vals = rng.standard_normal(shape)
    x = x.copy()
    np.put_along_axis(x, idx, vals, axis)
    assert gp.put_along_axis(g, gp.asarray(idx), gp.asarray(vals),
                             axis) is None
    same(g, x)


def test_put_along_axis_argmax_and_broadcast_values():
    a = np.array([[10, 30, 20], [60, 40, 50]])
    g = gp.asarray(a)
    ai = np.argmax(a, axis=1, keepdims=True)
    np.put_along_axis(a, ai, 99, axis=1)
    gp.put_along_axis(g, gp.asarray(ai), 99, axis=1)
    same(g, a)


def test_put_along_axis_broadcasts_indices_over_length1_axes():
    x = np.zeros((3, 4, 2), np.int32)
    g = gp.asarray(x)
    idx = np.array([0, 3, 1]).reshape(3, 1, 1)  # broadcast over axis 2
    vals = np.arange(3).reshape(3, 1, 1) + 7
    np.put_along_axis(x, idx, vals, 1)
    gp.put_along_axis(g, gp.asarray(idx), gp.asarray(vals), 1)
    same(g, x)


def test_put_along_axis_repeated_targets_keep_last():
    x = np.zeros((2, 4))
    g = gp.asarray(x)
    idx = np.array([[1, 1, 1, 3], [0, 2, 0, 0]])
    vals = np.arange(8.).reshape(2, 4)
    np.put_along_axis(x, idx, vals, 1)
    gp.put_along_axis(g, gp.asarray(idx), gp.asarray(vals), 1)
    same(g, x)
    assert g.get()[0, 1] == 2.0 and g.get()[1, 0] == 7.0


def test_put_along_axis_casts_values_and_strided_target():
    x, g = make_pair((3, 4), np.int16, "strided")
    x = x.copy()
    idx = np.array([[0], [3], [1]])
    np.put_along_axis(x, idx, 2.75, 1)
    gp.put_along_axis(g, gp.asarray(idx), 2.75, 1)
    same(g, x)


def test_put_along_axis_none_flattens_contiguous():
    x = np.arange(6.).reshape(2, 3)
    g = gp.asarray(x)
    idx = np.array([0, 4, -1])
    np.put_along_axis(x, idx, np.array([9., 8., 7.]), None)
    gp.put_along_axis(g, gp.asarray(idx), gp.asarray([9., 8., 7.]), None)
    same(g, x)


def test_put_along_axis_none_non_contiguous_writes_c_order():
    # NumPy 2.4 raises "read-only" here; gpuarray writes the C-order
    # positions, which is what a flat view would do.
    base = np.arange(12.).reshape(3, 4)
    g = gp.asarray(base).T
    expect = base.T.copy()
    expect.reshape(-1)[[0, 5, -1]] = [-1., -2., -3.]
    gp.put_along_axis(g, gp.asarray([0, 5, -1]), gp.asarray([-1., -2.,
                                                             -3.]), None)
    same(g, expect)


def test_put_along_axis_empty_indices_change_nothing():
    x = np.arange(6.).reshape(2, 3)
    g = gp.asarray(x)
    gp.put_along_axis(g, gp.asarray(np.zeros((2, 0), np.int64)), 5.0, 1)
    same(g, x)


@pytest.mark.parametrize("case", ["float_idx", "bool_idx", "ndim",
                                  "none_2d", "axis", "bounds", "readonly"])
def test_put_along_axis_errors_match_numpy(case):
    x = np.zeros((2, 3))
    idx = np.array([[0], [1]])
    axis = 1
    if case == "float_idx":
        idx = idx.astype(float)
    elif case == "bool_idx":
        idx = np.ones((2, 3), bool)
    elif case == "ndim":
        idx = np.array([0, 1])
    elif case == "none_2d":
        axis = None
    elif case == "axis":
        axis = 2
    elif case == "bounds":
        idx = np.array([[0], [3]])
    elif case == "readonly":
        x = np.broadcast_to(np.zeros(3), (2, 3))
    with pytest.raises(Exception) as np_err:
        np.put_along_axis(x, idx, 1.0, axis)
    g = gp.broadcast_to(gp.zeros(3), (2, 3)) if case == "readonly" \
        else gp.asarray(x)
    with pytest.raises(np_err.type):
        gp.put_along_axis(g, gp.asarray(idx), 1.0, axis)


def test_put_along_axis_needs_a_device_array():
    with pytest.raises(TypeError):
        gp.put_along_axis([[1.0, 2.0]], gp.asarray([[0]]), 1.0, 1)


# ----------------------------------------------------------- geomspace

def _close(g, expected, rtol=1e-13):
    expected = np.asarray(expected)
    assert isinstance(g, gp.ndarray)
    assert g.dtype == expected.dtype, (g.dtype, expected.dtype)
    assert g.shape == expected.shape, (g.shape, expected.shape)
    np.testing.assert_allclose(g.get(), expected, rtol=rtol, atol=0)


@pytest.mark.parametrize("args", [
    (1, 1000, 4), (1000, 1, 4), (-1000, -1, 4), (1, 1000, 4, False),
    (1, 256, 9), (2.5, 7.0, 50), (0.001, 1e6, 7), (3, 3, 5), (2, 3, 1),
    (2, 3, 1, False), (2, 3, 0), (1j, 1000j, 4), (-1 + 0j, 1 + 0j, 5),
    (1 + 1j, 1000 + 1000j, 6), (-1 + 1j, 2 - 3j, 7, False),
], ids=str)
def test_geomspace_scalars_match_numpy(args):
    _close(gp.geomspace(*args), np.geomspace(*args))


def test_geomspace_endpoints_are_exact():
    for start, stop in [(3, 7), (-0.3, -70.1), (1e-5, 3.3), (2j, 5 + 1j)]:
        n = np.geomspace(start, stop, 11)
        g = gp.geomspace(start, stop, 11).get()
        assert g[0] == n[0] and g[-1] == n[-1]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64,
                                   np.complex128, np.int32, np.uint8],
                         ids=dtype_id)
def test_geomspace_dtype(dtype):
    n = np.geomspace(2, 200, 9, dtype=dtype)
    g = gp.geomspace(2, 200, 9, dtype=dtype)
    assert g.dtype == n.dtype
    if np.dtype(dtype).kind in "iu":
        np.testing.assert_allclose(g.get(), n, atol=1)
    else:
        _close(g, n, rtol=1e-6 if np.dtype(dtype).itemsize <= 8 else 1e-13)


def test_geomspace_float32_inputs_work_in_float64():
    n = np.geomspace(np.float32(1), np.float32(10), 5)
    g = gp.geomspace(gp.asarray(np.float32(1)), np.float32(10), 5)
    assert n.dtype == np.float64
    _close(g, n)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_geomspace_array_endpoints(axis):
    start = np.array([1.0, -2.0, 3j])
    stop = np.array([[10.0], [-20.0]])
    with np.errstate(all="ignore"):
        n = np.geomspace(start, stop, 6, axis=axis)
    _close(gp.geomspace(gp.asarray(start), gp.asarray(stop), 6, axis=axis),
           n)


def test_geomspace_array_real_endpoints():
    start = np.array([[1.0, 5.0, -3.0]])
    stop = np.array([8.0, 0.5, -9.0])
    n = np.geomspace(start, stop, 4, endpoint=False, axis=-1)
    _close(gp.geomspace(gp.asarray(start), stop, 4, endpoint=False,
                        axis=-1), n)


def test_geomspace_large_num():
    _close(gp.geomspace(1e-3, 1e3, 10001), np.geomspace(1e-3, 1e3, 10001))


@pytest.mark.parametrize("args", [
    dict(start=0, stop=5), dict(start=1, stop=0),
    dict(start=[1, 0], stop=5), dict(start=1, stop=5, num=-1),
    dict(start=1, stop=5, num=2.5), dict(start=1, stop=5, axis=1),
])
def test_geomspace_errors_match_numpy(args):
    with pytest.raises(Exception) as np_err:
        np.geomspace(**args)
    with pytest.raises(np_err.type):
        gp.geomspace(**args)


# ------------------------------------------------------------- unstack

@pytest.mark.parametrize("axis", [0, 1, -1, -3])
def test_unstack_views_match_numpy(axis):
    x, g = make_pair((2, 3, 4), np.int32, "strided")
    n = np.unstack(x, axis=axis)
    got = gp.unstack(g, axis=axis)
    assert isinstance(got, tuple) and len(got) == len(n)
    for a, b in zip(got, n):
        same(a, b)
        assert gp_shares_memory(a, g)


def test_unstack_1d_and_empty():
    x = np.arange(3.)
    got = gp.unstack(gp.asarray(x))
    assert len(got) == 3
    for a, b in zip(got, np.unstack(x)):
        same(a, b)
    assert gp.unstack(gp.zeros((0, 3))) == ()
    e = gp.unstack(gp.zeros((2, 0)))
    assert len(e) == 2 and e[0].shape == (0,)


def test_unstack_errors():
    with pytest.raises(ValueError):
        gp.unstack(gp.asarray(1.0))
    with pytest.raises(np.exceptions.AxisError):
        gp.unstack(gp.zeros((2, 3)), axis=2)
    with pytest.raises(TypeError):
        gp.unstack(gp.zeros((2, 3)), 0)  # axis is keyword-only


# -------------------------------------------------------------- concat

def test_concat_is_concatenate():
    assert gp.concat is gp.concatenate
    assert np.concat is np.concatenate


def test_concat_axis_none_and_dtype():
    a, b = np.arange(6).reshape(2, 3), np.ones((1, 3), np.float32)
    same(gp.concat([gp.asarray(a), gp.asarray(b)]), np.concat([a, b]))
    same(gp.concat([gp.asarray(a), gp.asarray(b)], axis=None),
         np.concat([a, b], axis=None))
    same(gp.concat((gp.asarray(a), gp.asarray(a)), axis=1,
                   dtype=np.float32),
         np.concat((a, a), axis=1, dtype=np.float32))
    out = gp.empty((4, 3), np.int64)
    r = gp.concat([gp.asarray(a), gp.asarray(a)], out=out)
    assert r is out
    same(out, np.concat([a, a]))


# ----------------------------------------------------- vector products

VEC_DTYPES = SAMPLE_DTYPES


def _vals(shape, dtype, seed):
    """Small values (no overflow or cancellation to argue about)."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    v = rng.integers(-4 if dtype.kind != "u" else 0, 5, shape)
    if dtype.kind == "c":
        v = v + 1j * rng.integers(-4, 5, shape)
    elif dtype.kind == "f":
        v = v + rng.random(shape).round(2)
    return v.astype(dtype)


def _tol(dt):
    return {"e": 1e-2, "f": 1e-5, "F": 1e-5}.get(np.dtype(dt).char, 1e-12)


def _check(g, n):
    assert_same(g, n, rtol=_tol(n.dtype), atol=_tol(n.dtype), device=True)


@pytest.mark.parametrize("dtype", VEC_DTYPES, ids=dtype_id)
def test_vecdot_dtypes(dtype):
    a, b = _vals((3, 5), dtype, 0), _vals((3, 5), dtype, 1)
    _check(gp.vecdot(gp.asarray(a), gp.asarray(b)), np.vecdot(a, b))


@pytest.mark.parametrize("d1,d2", [(np.int8, np.uint8), (np.int16,
                                                         np.float32),
                                   (np.float32, np.complex128),
                                   (np.bool_, np.int8), (np.float16,
                                                         np.float16)],
                         ids=str)
def test_vecdot_mixed_dtypes(d1, d2):
    a, b = _vals((4, 6), d1, 2), _vals((6,), d2, 3)
    _check(gp.vecdot(gp.asarray(a), gp.asarray(b)), np.vecdot(a, b))


def test_vecdot_conjugates_first_argument():
    a = np.array([1 + 2j, 3 - 1j])
    b = np.array([3 + 4j, 2j])
    n = np.vecdot(a, b)
    assert n == np.sum(np.conj(a) * b)
    _check(gp.vecdot(gp.asarray(a), gp.asarray(b)), n)
    _check(gp.vecdot(gp.asarray(b), gp.asarray(a)), np.vecdot(b, a))


@pytest.mark.parametrize("s1,s2", [((5,), (5,)), ((2, 1, 5), (3, 5)),
                                   ((1, 5), (4, 1, 5)), ((3, 0), (3, 0)),
                                   ((0, 4), (4,)), ((2, 3, 700),
                                                    (3, 700))], ids=str)
def test_vecdot_broadcasting_and_empty(s1, s2):
    a, b = _vals(s1, np.float64, 4), _vals(s2, np.float64, 5)
    _check(gp.vecdot(gp.asarray(a), gp.asarray(b)), np.vecdot(a, b))


@pytest.mark.parametrize("layout", ["F", "strided", "negative",
                                    "transposed", "broadcast"])
def test_vecdot_layouts(layout):
    x, g = make_pair((3, 4), np.float64, layout, specials=False)
    y, h = make_pair((3, 4), np.float64, "C", seed=1, specials=False)
    _check(gp.vecdot(g, h), np.vecdot(x, y))


@pytest.mark.parametrize("kw", [dict(axis=0), dict(axis=-2),
                                dict(axis=0, keepdims=True),
                                dict(axis=-2, keepdims=True),
                                dict(keepdims=True),
                                dict(axes=[(1,), (1,)]),
                                dict(axes=[1, 1, ()]),
                                dict(axes=[(1,), (1,)], keepdims=True)],
                         ids=str)
def test_vecdot_axis_axes_keepdims(kw):
    a, b = _vals((4, 3, 2), np.complex128, 6), _vals((3, 2), np.complex128,
                                                     7)
    if "axes" in kw or kw.get("axis") == 0:
        b = np.broadcast_to(b, (4, 3, 2)).copy()
    _check(gp.vecdot(gp.asarray(a), gp.asarray(b), **kw),
           np.vecdot(a, b, **kw))


def test_vecdot_dtype_casting_and_out():
    a, b = _vals((2, 3), np.int8, 8), _vals((3,), np.float64, 9)
    _check(gp.vecdot(gp.asarray(a), gp.asarray(b), dtype=np.float32),
           np.vecdot(a, b, dtype=np.float32))
    _check(gp.vecdot(gp.asarray(b), gp.asarray(b), dtype=np.int8,
                     casting="unsafe"),
           np.vecdot(b, b, dtype=np.int8, casting="unsafe"))
    out = gp.empty((2,), np.complex128)
    r = gp.vecdot(gp.asarray(a), gp.asarray(b), out=out)
    assert r is out
    _check(out, np.vecdot(a, b, out=np.empty(2, np.complex128)))


@pytest.mark.parametrize("case", ["0d_first", "0d_second", "mismatch",
                                  "batch", "cast_dtype", "cast_out",
                                  "axis_axes", "bad_axis"])
def test_vecdot_errors_match_numpy(case):
    a, b, kw = np.ones((2, 3)), np.ones(3), {}
    if case == "0d_first":
        a = np.ones(())
    elif case == "0d_second":
        b = np.ones(())
    elif case == "mismatch":
        b = np.ones(4)
    elif case == "batch":
        b = np.ones((3, 3))
    elif case == "cast_dtype":
        kw = dict(dtype=np.int8)
    elif case == "cast_out":
        kw = dict(out=np.empty(2, np.int64))
    elif case == "axis_axes":
        kw = dict(axis=0, axes=[0, 0])
    elif case == "bad_axis":
        kw = dict(axis=2)
    with pytest.raises(Exception) as np_err:
        np.vecdot(a, b, **kw)
    if "out" in kw:
        kw["out"] = gp.empty(2, np.int64)
    with pytest.raises(np_err.type):
        gp.vecdot(gp.asarray(a), gp.asarray(b), **kw)


@pytest.mark.parametrize("dtype", VEC_DTYPES, ids=dtype_id)
def test_matvec_dtypes(dtype):
    a, v = _vals((2, 3, 4), dtype, 10), _vals((4,), dtype, 11)
    n = np.matvec(a, v)
    # The gufunc's definition, independent of NumPy's loop:
    assert np.array_equal(n, np.einsum("...mn,...n->...m", a, v)
                          .astype(n.dtype)) or dtype.kind in "bfc"
    _check(gp.matvec(gp.asarray(a), gp.asarray(v)), n)


@pytest.mark.parametrize("dtype", VEC_DTYPES, ids=dtype_id)
def test_vecmat_dtypes(dtype):
    v, a = _vals((2, 3), dtype, 12), _vals((3, 4), dtype, 13)
    n = np.vecmat(v, a)
    if dtype.kind == "c":  # the vector is conjugated
        np.testing.assert_allclose(
            n, np.einsum("...n,...nm->...m", np.conj(v), a), rtol=1e-5)
    _check(gp.vecmat(gp.asarray(v), gp.asarray(a)), n)


@pytest.mark.parametrize("s1,s2", [((3, 4), (4,)), ((5, 1, 3, 4), (2, 4)),
                                   ((3, 4), (6, 4)), ((0, 4), (4,)),
                                   ((3, 0), (0,)), ((2, 2, 300), (300,))],
                         ids=str)
def test_matvec_broadcasting_and_empty(s1, s2):
    a, v = _vals(s1, np.complex64, 14), _vals(s2, np.complex64, 15)
    n = np.einsum("...mn,...n->...m", a, v)
    g = gp.matvec(gp.asarray(a), gp.asarray(v))
    _check(g, n)
    _check(g, np.matvec(a, v))


@pytest.mark.parametrize("s1,s2", [((4,), (4, 3)), ((2, 4), (5, 1, 4, 3)),
                                   ((0,), (0, 3)), ((4,), (4, 0)),
                                   ((300,), (2, 300, 2))], ids=str)
def test_vecmat_broadcasting_and_empty(s1, s2):
    v, a = _vals(s1, np.complex128, 16), _vals(s2, np.complex128, 17)
    n = np.einsum("...n,...nm->...m", np.conj(v), a)
    g = gp.vecmat(gp.asarray(v), gp.asarray(a))
    _check(g, n)
    _check(g, np.vecmat(v, a))


def test_matvec_vecmat_layouts_dtype_and_out():
    x, g = make_pair((3, 4), np.float32, "transposed", specials=False)
    v = _vals((4,), np.float32, 18)
    _check(gp.matvec(g, gp.asarray(v)), np.matvec(x, v))
    w = _vals((3,), np.int16, 19)
    _check(gp.vecmat(gp.asarray(w), g, dtype=np.float64),
           np.vecmat(w, x, dtype=np.float64))
    out = gp.empty((4,), np.float64)
    assert gp.vecmat(gp.asarray(w), g, out=out) is out
    # the loop is float32 (out= only receives the cast): float32 tolerance
    want = np.vecmat(w, x, out=np.empty(4))
    assert out.dtype == want.dtype
    np.testing.assert_allclose(out.get(), want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name,s1,s2", [
    ("matvec", (3,), (3,)), ("matvec", (2, 3), ()), ("matvec", (2, 3), (4,)),
    ("matvec", (2, 2, 3), (3, 3)), ("vecmat", (), (3, 2)),
    ("vecmat", (3,), (3,)), ("vecmat", (3,), (4, 2)),
    ("vecmat", (2, 3), (3, 3, 2)),
], ids=str)
def test_matvec_vecmat_errors_match_numpy(name, s1, s2):
    a, b = np.ones(s1), np.ones(s2)
    with pytest.raises(Exception) as np_err:
        getattr(np, name)(a, b)
    with pytest.raises(np_err.type) as err:
        getattr(gp, name)(gp.asarray(a), gp.asarray(b))
    if "gufunc" in str(np_err.value):
        assert str(err.value) == str(np_err.value)


def test_matvec_type_error_matches_numpy():
    a, b = np.ones((2, 3)), np.ones(3)
    with pytest.raises(TypeError):
        np.matvec(a, b, dtype=np.int8)
    with pytest.raises(TypeError):
        gp.matvec(gp.asarray(a), gp.asarray(b), dtype=np.int8)


# -------------------------------------------------------------- unwrap

def _unwrap_check(p, **kw):
    n = np.unwrap(p, **kw)
    g = gp.unwrap(gp.asarray(p), **kw)
    assert g.dtype == n.dtype and g.shape == n.shape
    if n.dtype.kind in "iu":
        same(g, n)
    else:
        np.testing.assert_allclose(g.get(), n, rtol=1e-6 if n.dtype ==
                                   np.float32 else 1e-12, atol=1e-6)


def test_unwrap_phase():
    phase = np.linspace(0, np.pi, num=5)
    phase[3:] += np.pi
    _unwrap_check(phase)
    _unwrap_check(phase.astype(np.float32))


@pytest.mark.parametrize("p,kw", [
    ([0, 1, 2, -1, 0], dict(period=4)),
    ([1, 2, 3, 4, 5, 6, 1, 2, 3], dict(period=6)),
    ([2, 3, 4, 5, 2, 3, 4, 5], dict(period=4)),
    ([0, 5, 10, 3, -7], dict(period=5)),
    ([0, 3, 6, 1], dict(period=7, discont=4)),
    ([0, 1, 2, -1, 0], {}),
], ids=str)
def test_unwrap_integers(p, kw):
    _unwrap_check(np.array(p), **kw)
    _unwrap_check(np.array(p, np.int16), **kw)


def test_unwrap_degrees_and_boundary():
    deg = np.mod(np.linspace(0, 720, 19), 360) - 180
    _unwrap_check(deg, period=360)
    # jumps of exactly +-period/2 keep their sign
    _unwrap_check(np.array([0.0, np.pi, 0.0, -np.pi, 0.0]))
    _unwrap_check(np.array([0, 2, 0, -2, 0]), period=4)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unwrap_axes_and_discont(axis):
    rng = np.random.default_rng(20)
    p = np.cumsum(rng.uniform(-2.5, 2.5, (6, 7)), axis=axis)
    p = np.mod(p, 2 * np.pi)
    _unwrap_check(p, axis=axis)
    _unwrap_check(p, axis=axis, discont=4.0)
    _unwrap_check(p, axis=axis, discont=1.0)


def test_unwrap_strided_and_empty():
    x, g = make_pair((5, 6), np.float64, "negative", specials=False)
    n = np.unwrap(x)
    np.testing.assert_allclose(gp.unwrap(g).get(), n, rtol=1e-12)
    _unwrap_check(np.zeros((3, 0)))
    _unwrap_check(np.zeros((0, 3)))
    _unwrap_check(np.array([1.5]))


def test_unwrap_errors():
    with pytest.raises(ValueError):
        np.unwrap(np.float64(1.0))
    with pytest.raises(ValueError):
        gp.unwrap(gp.asarray(1.0))
    with pytest.raises(np.exceptions.AxisError):
        gp.unwrap(gp.zeros((2, 3)), axis=2)
    with pytest.raises(TypeError):
        np.unwrap(np.ones(3, complex))
    with pytest.raises(TypeError):
        gp.unwrap(gp.ones(3, complex))


# ------------------------------------------------ conversion helpers

@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=dtype_id)
def test_asarray_chkfinite_finite_passes(dtype):
    x = make_array((3, 4), dtype, specials=False)
    g = gp.asarray(x)
    r = gp.asarray_chkfinite(g)
    assert r is g  # no copy for a device array
    same(r, np.asarray_chkfinite(x))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64,
                                   np.complex64, np.complex128],
                         ids=dtype_id)
@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_asarray_chkfinite_rejects_nonfinite(dtype, bad):
    x = np.ones(5, dtype)
    x[3] = bad
    with pytest.raises(ValueError, match="array must not contain infs or "
                       "NaNs"):
        np.asarray_chkfinite(x)
    with pytest.raises(ValueError, match="array must not contain infs or "
                       "NaNs"):
        gp.asarray_chkfinite(gp.asarray(x))


def test_asarray_chkfinite_dtype_order_and_lists():
    same(gp.asarray_chkfinite([1, 2], dtype=float),
         np.asarray_chkfinite([1, 2], dtype=float))
    with pytest.raises(ValueError):
        gp.asarray_chkfinite([1, 2, np.inf])
    # an integer result has nothing to check, even from a float input
    same(gp.asarray_chkfinite([1.0, 2.0], dtype=np.int32),
         np.asarray_chkfinite([1.0, 2.0], dtype=np.int32))
    r = gp.asarray_chkfinite(np.ones((2, 3)), order="F")
    assert r.flags.f_contiguous and not r.flags.c_contiguous
    same(gp.asarray_chkfinite(gp.zeros((0, 2))), np.zeros((0, 2)))
    c = np.array([1 + 1j, complex(1, np.nan)])
    with pytest.raises(ValueError):
        gp.asarray_chkfinite(c)


def test_asanyarray_is_asarray():
    g = gp.arange(6).reshape(2, 3)
    assert gp.asanyarray(g) is g
    same(gp.asanyarray([[1, 2], [3, 4]]), np.asanyarray([[1, 2], [3, 4]]))
    same(gp.asanyarray(g, dtype=np.float32),
         np.asanyarray(g.get(), dtype=np.float32))
    c = gp.asanyarray(g, copy=True)
    assert c is not g and not gp_shares_memory(c, g)
    same(c, g.get())
    f = gp.asanyarray(np.arange(6).reshape(2, 3), order="F")
    assert f.flags.f_contiguous
    with pytest.raises(ValueError):
        gp.asanyarray([1, 2], copy=False)


@pytest.mark.parametrize("req", [None, "C", "F", "A", "W", "O", "E",
                                 ["C", "W"], ["F", "O"], "CAWOE",
                                 ["ALIGNED", "WRITEABLE", "OWNDATA"],
                                 ["c_contiguous"], ["fortran"]], ids=str)
@pytest.mark.parametrize("layout", ["C", "F", "strided", "broadcast"])
def test_require_flags_match_numpy(req, layout):
    x, g = make_pair((3, 4), np.float32, layout)
    n = np.require(x, requirements=req)
    r = gp.require(g, requirements=req)
    same(r, n)
    for flag in ("C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE"):
        assert r.flags[flag] == n.flags[flag], flag
    # a copy exactly when NumPy copies
    assert gp_shares_memory(r, g) == np.shares_memory(n, x)


def test_require_owndata_and_dtype():
    g = gp.arange(12, dtype=np.int32).reshape(3, 4)
    assert gp.require(g, requirements="O") is not g  # a reshape view
    base = gp.arange(4, dtype=np.int32)
    assert gp.require(base, requirements="O") is base
    r = gp.require(g, dtype=np.float64, requirements=["F", "W"])
    n = np.require(g.get(), dtype=np.float64, requirements=["F", "W"])
    same(r, n)
    assert r.flags.f_contiguous
    same(gp.require([[1, 2]], np.int8, "C"),
         np.require([[1, 2]], np.int8, "C"))


def test_require_errors():
    for req in (["C", "F"], "CF", ["FORTRAN", "CONTIGUOUS"]):
        with pytest.raises(ValueError):
            np.require(np.ones(3), requirements=req)
        with pytest.raises(ValueError):
            gp.require(gp.ones(3), requirements=req)
    with pytest.raises(KeyError):
        np.require(np.ones(3), requirements="X")
    with pytest.raises(KeyError):
        gp.require(gp.ones(3), requirements="X")


# ----------------------------------------------------- apply_over_axes

@pytest.mark.parametrize("axes", [0, -1, [0, 2], (2, 0), [1], [0, 1, 2],
                                  [], np.array([0, -1])], ids=str)
def test_apply_over_axes_sum(axes):
    a = np.arange(24).reshape(2, 3, 4)
    same(gp.apply_over_axes(gp.sum, gp.asarray(a), axes),
         np.apply_over_axes(np.sum, a, axes))


def test_apply_over_axes_keepdims_functions_and_dtypes():
    x, g = make_pair((2, 3, 4), np.float32, "F", specials=False)
    for gf, nf in ((gp.max, np.max), (gp.mean, np.mean)):
        n = np.apply_over_axes(nf, x, [0, 2])
        r = gp.apply_over_axes(gf, g, [0, 2])
        assert r.dtype == n.dtype and r.shape == n.shape
        np.testing.assert_allclose(r.get(), n, rtol=1e-6)
    # a function that keeps the axis is used as is
    same(gp.apply_over_axes(lambda v, ax: gp.cumsum(v, axis=ax),
                            gp.asarray(np.arange(6).reshape(2, 3)), [0, 1]),
         np.apply_over_axes(lambda v, ax: np.cumsum(v, axis=ax),
                            np.arange(6).reshape(2, 3), [0, 1]))


def test_apply_over_axes_empty_and_errors():
    a = np.zeros((0, 3))
    same(gp.apply_over_axes(gp.sum, gp.asarray(a), [0, 1]),
         np.apply_over_axes(np.sum, a, [0, 1]))
    bad = lambda v, ax: v.reshape(-1)[:1].reshape(())  # noqa: E731
    with pytest.raises(ValueError):
        np.apply_over_axes(lambda v, ax: np.sum(v), np.ones((2, 3, 4)), 0)
    with pytest.raises(ValueError):
        gp.apply_over_axes(bad, gp.ones((2, 3, 4)), 0)
    with pytest.raises(np.exceptions.AxisError):
        gp.apply_over_axes(gp.sum, gp.ones((2, 3)), 3)


@pytest.mark.parametrize("start,stop", [([1.0, 0.0], 5.0), (2.0, [3.0, 0j]),
                                        ([1.0, 2.0], [0.0, 4.0])])
def test_geomspace_zero_device_endpoint_raises(start, stop):
    """The zero check is one device reduction per side and one sync;
    NumPy's ValueError."""
    dev = [gp.asarray(np.asarray(v)) if isinstance(v, list) else v
           for v in (start, stop)]
    with pytest.raises(ValueError, match="zero"):
        np.geomspace(np.asarray(start), np.asarray(stop), 4)
    with pytest.raises(ValueError, match="zero"):
        gp.geomspace(*dev, 4)
