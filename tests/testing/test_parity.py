"""gpuarray.testing.parity against itself: numpy_parity and assert_same
pass where gpuarray agrees with NumPy and FAIL where values, dtypes,
shapes, structure or exception types differ (a parity helper that never
fails proves nothing); the layouts are the same data in the same strides
on both sides."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing import parity
from gpuarray.testing.parity import (ALL_DTYPES, ALL_LAYOUTS, LAYOUTS,
                                     assert_same, dtype_id, numpy_parity)


def _fails(test, *args, **kwargs):
    """test(...) raises AssertionError (a parity failure)."""
    with pytest.raises(AssertionError):
        test(*args, **kwargs)


# ------------------------------------------------------------ the lists
def test_dtype_lists():
    assert len(ALL_DTYPES) == 14 == len(set(ALL_DTYPES))
    assert parity.INT_DTYPES == parity.SIGNED_DTYPES + parity.UNSIGNED_DTYPES
    assert {d.kind for d in parity.FLOAT_DTYPES} == {"f"}
    assert {d.kind for d in parity.COMPLEX_DTYPES} == {"c"}
    assert set(parity.NUMERIC_DTYPES) | set(parity.BOOL_DTYPES) == \
        set(ALL_DTYPES)
    assert gp.testing.numpy_parity is numpy_parity


# ------------------------------------------------------- the decorator
@numpy_parity()
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=dtype_id)
def test_decorator_passes_when_equal(xp, dtype):
    return xp.arange(6, dtype=dtype).reshape(2, 3)[:, ::-1]


@numpy_parity()
def test_decorator_compares_tuples(xp):
    a = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    return a.sum(0), a.T, a.shape


@numpy_parity()
def test_decorator_passes_when_both_raise_the_same_type(xp):
    xp.zeros((2, 3)).reshape(4)


@numpy_parity()
def test_decorator_public_base_of_numpy_private_errors(xp):
    # NumPy raises its private _UFuncOutputCastingError (a TypeError)
    xp.add(xp.ones(3), 1.5, out=xp.zeros(3, dtype=np.int64))


def test_decorator_takes_the_body_parameters_and_hides_xp():
    import inspect

    @numpy_parity()
    def body(xp, n, dtype=np.float32):
        return xp.ones(n, dtype)
    assert list(inspect.signature(body).parameters) == ["n", "dtype"]
    body(3)
    body(n=2, dtype=np.int8)
    with pytest.raises(TypeError):
        numpy_parity()(lambda a: a)


def _differs(np_value, gp_value, **kw):
    """A decorated body returning np_value on NumPy, gp_value on
    gpuarray."""
    @numpy_parity(**kw)
    def body(xp):
        return np_value() if xp is np else gp_value()
    return body


def test_decorator_fails_on_values():
    _fails(_differs(lambda: np.array([1.0, 2.0]),
                    lambda: gp.asarray([1.0, 2.5])))
    _fails(_differs(lambda: np.array([1, 2]), lambda: gp.asarray([1, 3])))
    # an error under the dtype's tolerance passes, above it fails
    _differs(lambda: np.array([1.0]), lambda: gp.asarray([1.0 + 1e-14]))()
    _fails(_differs(lambda: np.array([1.0]), lambda: gp.asarray([1.0 + 1e-9])))
    _differs(lambda: np.array([1.0]), lambda: gp.asarray([1.0 + 1e-9]),
             rtol=1e-6)()
    _fails(_differs(lambda: np.array([1.0]), lambda: gp.asarray([1.0 + 1e-14]),
                    exact=True))
    # nan is equal to nan, not to a number
    _differs(lambda: np.array([np.nan]), lambda: gp.asarray([np.nan]))()
    _fails(_differs(lambda: np.array([np.nan]), lambda: gp.asarray([0.0])))


def test_decorator_fails_on_dtypes():
    _fails(_differs(lambda: np.array([1, 2], np.int64),
                    lambda: gp.asarray([1, 2], np.int32)))
    _fails(_differs(lambda: np.array([1.0], np.float64),
                    lambda: gp.asarray([1.0], np.float32)))
    _fails(_differs(lambda: np.float64(1.0),
                    lambda: gp.asarray(1.0, np.float32)))


def test_decorator_fails_on_shapes():
    _fails(_differs(lambda: np.zeros((2, 3)), lambda: gp.zeros((3, 2))))
    _fails(_differs(lambda: np.zeros(1), lambda: gp.zeros(())))
    _fails(_differs(lambda: np.zeros((0, 3)), lambda: gp.zeros((0, 2))))


def test_decorator_fails_on_structure_and_type():
    _fails(_differs(lambda: (np.zeros(2), np.ones(2)),
                    lambda: (gp.zeros(2),)))
    _fails(_differs(lambda: (np.zeros(2),), lambda: [gp.zeros(2)]))
    # a NumPy array where gpuarray must return a device array
    _fails(_differs(lambda: np.zeros(2), lambda: np.zeros(2)))


def _raises(exc):
    def f():
        raise exc("boom")
    return f


def test_decorator_fails_on_exception_types():
    _fails(_differs(_raises(ValueError), _raises(TypeError)))
    _fails(_differs(_raises(ValueError), _raises(np.exceptions.AxisError)))
    _fails(_differs(_raises(IndexError), lambda: gp.zeros(2)))
    _fails(_differs(lambda: np.zeros(2), _raises(IndexError)))
    _differs(_raises(KeyError), _raises(KeyError))()


def test_assert_same_tolerance_by_dtype():
    assert_same(gp.asarray([1.0], np.float16), np.array([1.0005], np.float16))
    _fails(assert_same, gp.asarray([1.0], np.float16),
           np.array([1.01], np.float16))
    tol = {"e": 2e-2}
    assert_same(gp.asarray([1.0], np.float16), np.array([1.01], np.float16),
                rtol=tol)
    _fails(assert_same, gp.asarray([1.0]), np.array([1.01]), rtol=tol)
    # device=True: a scalar result must still come back as a device array
    assert_same(gp.asarray(2.0), np.float64(2.0), device=True)
    _fails(assert_same, 2.0, np.float64(2.0), device=True)
    assert_same(2.0, np.float64(2.0))
    _fails(assert_same, gp.zeros((2, 2)).T, np.zeros((2, 2), order="C"),
           strides=True)


# -------------------------------------------------------------- layouts
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_layouts_are_the_same_data_and_strides(layout):
    x, g = parity.make_pair((3, 4), np.float64, layout, seed=1)
    assert isinstance(x, np.ndarray) and isinstance(g, gp.ndarray)
    assert_same(g, x, exact=True, strides=True)
    np.testing.assert_array_equal(parity.make_array((3, 4), np.float64,
                                                    layout, seed=1), x)
    assert x.flags.c_contiguous == g.flags.c_contiguous
    assert x.flags.f_contiguous == g.flags.f_contiguous


def test_layout_shapes():
    shape = (3, 4)
    for layout in LAYOUTS:
        assert parity.make_array(shape, layout=layout).shape == shape
    assert parity.make_array(shape, layout="empty").shape == (3, 0)
    assert parity.make_array(shape, layout="0d").shape == ()
    x = parity.make_array(shape, layout="negative")
    assert all(s < 0 for s in x.strides)
    assert parity.make_array(shape, layout="broadcast").strides[0] == 0
    assert not parity.make_array(shape, layout="strided").flags.forc
    with pytest.raises(ValueError):
        parity.make_array(shape, layout="diagonal")


@numpy_parity()
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_layout_sweep_in_a_decorated_body(xp, layout):
    a = parity.array(xp, (4, 3), np.float32, layout, seed=2)
    return a + 1, a.sum(), a.T.copy()
