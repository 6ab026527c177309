"""Reduction and scan corners found by a parity sweep against NumPy:
initial= conversion, the loop type an out= selects, out= shape checks,
ptp into out=, and the other NumPy behaviours collected below.

Kernel budget: one or two dtypes per corner (see test_reductions.py).
"""
import numpy as np
import pytest

import gpuarray as gp
from conftest import numpy_reduce
from gpuarray.testing.parity import (assert_same, assert_same_outcome,
                                     outcome, raised)


_RTOL = {"e": 2e-3, "f": 2e-6, "F": 2e-6, "default": 1e-12}


def check(g, r, rtol=None, exact=False):
    """g (gpuarray) matches r (NumPy): shape, dtype, values; a gpuarray
    array where NumPy gives an array."""
    assert_same(g, r, rtol=_RTOL if rtol is None else rtol, atol=0,
                exact=exact)


def raises_like(fn_np, fn_gp):
    """fn_np raises, and fn_gp raises the same type."""
    want = outcome(fn_np)
    assert raised(want) is not None, want
    assert_same_outcome(outcome(fn_gp), want)


def same(fn_np, fn_gp, rtol=None, exact=False):
    """fn_gp raises the type fn_np raises, or returns the same result."""
    assert_same_outcome(outcome(fn_gp), outcome(fn_np),
                        rtol=_RTOL if rtol is None else rtol, atol=0,
                        exact=exact)


# ---------------------------------------------------------------------------
# initial= is converted into the result type as NumPy converts it

@pytest.mark.parametrize("fn", ["sum", "max", "nanmin"])
@pytest.mark.parametrize("init", [-1, 300, 1e20, np.nan, 1j])
def test_initial_out_of_range(fn, init):
    x = np.arange(6, dtype=np.uint8).reshape(2, 3)
    a = gp.asarray(x)
    same(lambda: getattr(np, fn)(x, initial=init),
                lambda: getattr(gp, fn)(a, initial=init))


@pytest.mark.parametrize("init", [2.5, np.int64(-1), True, 300])
def test_initial_converted_values(init):
    x = np.arange(6, dtype=np.uint16).reshape(2, 3)
    a = gp.asarray(x)
    for fn in ("sum", "max", "prod"):
        check(getattr(gp, fn)(a, axis=1, initial=init),
              getattr(np, fn)(x, axis=1, initial=init))


def test_initial_empty_max_converted():
    x = np.zeros((0, 3), np.int8)
    a = gp.asarray(x)
    raises_like(lambda: np.max(x, axis=0, initial=300),
                lambda: gp.max(a, axis=0, initial=300))
    check(gp.max(a, axis=0, initial=2.5), np.max(x, axis=0, initial=2.5))


# ---------------------------------------------------------------------------
# out= of another type: add/multiply reductions and scans run in out's type
# when the input casts to it safely

def test_sum_into_wider_out_runs_in_out_type():
    x = np.array([1e8, 1, 1, 1, 1, 1, 1, 1], np.float32)
    a = gp.asarray(x)
    o, go = np.zeros((), np.float64), gp.zeros((), np.float64)
    assert gp.sum(a, out=go) is go
    np.sum(x, out=o)
    check(go, o, exact=True)
    # float16 into float32
    y = (np.arange(300) * 0.37).astype(np.float16).reshape(3, 100)
    b = gp.asarray(y)
    o, go = np.zeros(3, np.float32), gp.zeros(3, np.float32)
    np.sum(y, axis=1, out=o)
    gp.sum(b, axis=1, out=go)
    check(go, o, rtol=1e-6)
    assert o[0] != np.sum(y, axis=1)[0].astype(np.float32)   # a real test


def test_cumsum_into_wider_out_runs_in_out_type():
    x = np.array([1e8, 1, 1, 1, 1], np.float32)
    a = gp.asarray(x)
    o, go = np.zeros(5, np.float64), gp.zeros(5, np.float64)
    np.cumsum(x, out=o)
    gp.cumsum(a, out=go)
    check(go, o, exact=True)
    go2 = gp.zeros(5, np.float64)
    gp.add.accumulate(a, out=go2)
    check(go2, np.add.accumulate(x, out=np.zeros(5, np.float64)), exact=True)


def test_int_sum_into_narrow_out_and_float_into_int():
    x = np.array([100, 100, 100], np.int8)
    for odt in (np.int8, np.int16, np.float32):
        o, go = np.zeros((), odt), gp.zeros((), odt)
        np.sum(x, out=o)
        gp.sum(gp.asarray(x), out=go)
        check(go, o)
    y = np.array([0.6, 0.6, 0.6], np.float32)   # not safe: summed, then cast
    o, go = np.zeros((), np.int32), gp.zeros((), np.int32)
    np.sum(y, out=o)
    gp.sum(gp.asarray(y), out=go)
    check(go, o)


# ---------------------------------------------------------------------------
# out= shapes: no broadcasting into a wrong-shaped out

@pytest.mark.parametrize("dt", [np.float16, np.int32])
@pytest.mark.parametrize("kd,osh", [(False, (1,)), (True, ()), (False, (2,))])
def test_mean_out_wrong_shape_raises(dt, kd, osh):
    x = np.arange(12, dtype=dt).reshape(3, 4)
    a = gp.asarray(x)
    raises_like(
        lambda: np.mean(x, out=np.zeros(osh, np.float64), keepdims=kd),
        lambda: gp.mean(a, out=gp.zeros(osh, np.float64), keepdims=kd))


def test_std_out_shape_checked_before_type():
    x = np.ones((3, 4), bool)
    a = gp.asarray(x)
    raises_like(lambda: np.std(x, axis=0, out=np.zeros(3, bool)),
                lambda: gp.std(a, axis=0, out=gp.zeros(3, bool)))


def test_mean_float16_into_float64_out():
    x = (np.arange(40) * 0.731).astype(np.float16).reshape(4, 10)
    a = gp.asarray(x)
    o, go = np.zeros(4), gp.zeros(4)
    np.mean(x, axis=1, out=o)
    gp.mean(a, axis=1, out=go)
    check(go, o, rtol=1e-7)


# ---------------------------------------------------------------------------
# ptp into out=: the max lands in out first (NumPy's order)

def test_ptp_bool_into_int_out():
    x = np.array([[True, False], [True, True]])
    a = gp.asarray(x)
    o, go = np.zeros(2, np.int32), gp.zeros(2, np.int32)
    np.ptp(x, axis=1, out=o)
    assert gp.ptp(a, axis=1, out=go) is go
    check(go, o)


def test_ptp_float32_into_float64_out():
    x = np.array([[1e8, 1.5], [3.25, -1e-3]], np.float32)
    a = gp.asarray(x)
    o, go = np.zeros(2), gp.zeros(2)
    np.ptp(x, axis=1, out=o)
    gp.ptp(a, axis=1, out=go)
    check(go, o, exact=True)


# ---------------------------------------------------------------------------
# ufunc.reduce / accumulate of ufuncs with no engine op (a left fold)

FOLD = ["subtract", "divide", "power", "hypot", "gcd", "lcm", "equal",
        "less", "logaddexp", "arctan2", "floor_divide", "remainder"]


def _fold_input(dt):
    x = np.arange(1, 13).reshape(3, 4) % 5 + 1
    if np.dtype(dt).kind == "f":
        x = x * 0.75
    return x.astype(dt)


@pytest.mark.parametrize("name", FOLD)
@pytest.mark.parametrize("dt", [np.int32, np.float64, np.bool_])
def test_fold_reduce(name, dt):
    x = _fold_input(dt)
    a = gp.asarray(x)
    npf, gpf = getattr(np, name), getattr(gp, name)
    for kw in ({"axis": 0}, {"axis": 1, "keepdims": True}, {"axis": None},
               {"axis": (0, 1)}, {"axis": ()}, {"axis": -1, "initial": 2},
               {"axis": (0, 1), "initial": 2},
               {"axis": 1, "initial": 2, "where": np.array([1, 0, 1, 1],
                                                           bool)},
               {"axis": 0, "where": np.array([1, 0, 1, 1], bool)},
               {"axis": 0, "dtype": np.float64}):
        gkw = dict(kw)
        if "where" in kw:
            gkw["where"] = gp.asarray(kw["where"])
        same(lambda: numpy_reduce(name, x, **kw),
             lambda: gpf.reduce(a, **gkw))
    same(lambda: npf.reduce(x[:0], axis=0), lambda: gpf.reduce(a[:0], axis=0))


@pytest.mark.parametrize("name", FOLD)
@pytest.mark.parametrize("dt", [np.int32, np.float64, np.bool_])
def test_fold_accumulate(name, dt):
    x = _fold_input(dt)
    a = gp.asarray(x)
    npf, gpf = getattr(np, name), getattr(gp, name)
    for kw in ({"axis": 0}, {"axis": -1}, {"axis": (1,)},
               {"axis": 0, "dtype": np.float64}):
        same(lambda: npf.accumulate(x, **kw), lambda: gpf.accumulate(a, **kw))
    same(lambda: npf.accumulate(x[0]), lambda: gpf.accumulate(a[0]))


def test_fold_reduce_out():
    x = _fold_input(np.float64)
    o, go = np.zeros(4), gp.zeros(4)
    np.subtract.reduce(x, out=o)
    assert gp.subtract.reduce(gp.asarray(x), out=go) is go
    check(go, o)
    go = gp.zeros(3)
    with pytest.raises(ValueError):
        gp.subtract.reduce(gp.asarray(x), out=go)


@pytest.mark.parametrize("name", ["add", "maximum", "subtract"])
@pytest.mark.parametrize("axis", [None, (), (0, 1), (0,), [0], 3])
def test_accumulate_axis_rules(name, axis):
    x = np.arange(6.0).reshape(2, 3)
    a = gp.asarray(x)
    same(lambda: getattr(np, name).accumulate(x, axis=axis),
         lambda: getattr(gp, name).accumulate(a, axis=axis))
    same(lambda: getattr(np, name).accumulate(x[0], axis=axis),
         lambda: getattr(gp, name).accumulate(a[0], axis=axis))


# ---------------------------------------------------------------------------
# average: NumPy 2's weights along any set of axes

@pytest.mark.parametrize("axis,wshape", [
    ((0, 2), (2, 4)), ((2, 0), (4, 2)), ((1,), (3,)), (1, (3,)),
    (-1, (3, 1)), ((0, 2), (8,)), (None, (4,)), (1, (4,))])
@pytest.mark.parametrize("keepdims", [False, True])
def test_average_weights_along_axes(axis, wshape, keepdims):
    x = np.arange(24.0).reshape(2, 3, 4) % 7 - 2
    w = np.arange(1.0, 1 + np.prod(wshape)).reshape(wshape)
    a, gw = gp.asarray(x), gp.asarray(w)
    same(lambda: np.average(x, axis, w, keepdims=keepdims),
         lambda: gp.average(a, axis, gw, keepdims=keepdims))
    same(lambda: np.average(x, axis, w, returned=True)[1],
         lambda: gp.average(a, axis, gw, returned=True)[1])


# ---------------------------------------------------------------------------
# argument errors

UFUNC_REDUCTIONS = ["sum", "prod", "mean", "var", "std", "min", "max",
                    "argmin", "argmax", "all", "any", "nansum", "nanmin",
                    "nanargmax", "cumsum", "nancumprod", "count_nonzero"]


@pytest.mark.parametrize("fn", UFUNC_REDUCTIONS + ["median", "average"])
@pytest.mark.parametrize("axis", [True, (True,), (0, 0), 2, -3])
def test_bad_axis(fn, axis):
    x = np.arange(12.0).reshape(3, 4)
    a = gp.asarray(x)
    same(lambda: getattr(np, fn)(x, axis=axis),
         lambda: getattr(gp, fn)(a, axis=axis))


@pytest.mark.parametrize("fn", ["sum", "prod", "mean", "var", "std",
                                "nansum", "nanmean", "nanvar", "cumsum",
                                "nancumsum"])
@pytest.mark.parametrize("dtype", ["foo", np.str_, "M8[s]", np.void])
def test_bad_dtype_is_type_error(fn, dtype):
    x = np.arange(12.0).reshape(3, 4)
    a = gp.asarray(x)
    with pytest.raises(TypeError):
        getattr(np, fn)(x, dtype=dtype)
    with pytest.raises(TypeError):
        getattr(gp, fn)(a, dtype=dtype)


@pytest.mark.parametrize("fn", ["nanargmin", "nanargmax"])
@pytest.mark.parametrize("shape", [(0,), (3, 0), (2, 3)])
def test_nanarg_tuple_axis(fn, shape):
    x = np.ones(shape)
    a = gp.asarray(x)
    for axis in [(0, 1), (-1, 0), (0, 5)]:
        same(lambda: getattr(np, fn)(x, axis=axis),
             lambda: getattr(gp, fn)(a, axis=axis))
