"""gpuarray.lib.stride_tricks against numpy.lib.stride_tricks: the same
views (values, shapes, strides, sharing memory, read-only where NumPy's
are), NumPy's exceptions, and Note [Checked strides]: a view that would
reach outside the array's memory raises instead of reading past it."""
import numpy as np
import pytest
from numpy.lib import stride_tricks as nst

import gpuarray as gp
from gpuarray.lib import stride_tricks as gst
from conftest import assert_array_equal_gp as same


@pytest.mark.parametrize("shape,window,axis", [
    ((10,), 3, None),
    ((10,), (10,), None),
    ((4, 5), (2, 3), None),
    ((4, 5), 2, 0),
    ((4, 5), 2, -1),
    ((4, 5, 6), (2, 2), (0, 2)),
    ((6, 5), (2, 3), (0, 0)),     # the same axis twice, as NumPy allows
    ((0, 5), 2, 1),
])
def test_sliding_window_view_matches_numpy(shape, window, axis):
    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    want = nst.sliding_window_view(x, window, axis=axis)
    got = gst.sliding_window_view(gp.asarray(x), window, axis=axis)
    same(got, want)
    if want.size:  # (empty arrays' strides depend on how they were made)
        assert got.strides == want.strides
    assert not got.flags.writeable
    # through NumPy's own function (__array_function__)
    same(nst.sliding_window_view(gp.asarray(x), window, axis=axis), want)


@pytest.mark.parametrize("window,axis,exc", [
    (11, None, ValueError),           # larger than the array
    (-1, None, ValueError),
    ((2, 2), None, ValueError),       # too many for axis=None
    (2, 1, np.exceptions.AxisError),
    ((2, 2), 0, ValueError),          # lengths differ
])
def test_sliding_window_view_errors(window, axis, exc):
    x = np.arange(10.0)
    with pytest.raises(exc):
        nst.sliding_window_view(x, window, axis=axis)
    with pytest.raises(exc):
        gst.sliding_window_view(gp.asarray(x), window, axis=axis)


def test_as_strided_views_share_memory_and_write_through():
    x = np.arange(12, dtype=np.int64)
    a = gp.asarray(x)
    for shape, strides in [((3, 4), (32, 8)), ((4, 3), (8, 32)),
                           ((5, 2), (16, 8)), ((3,), (0,)), ((2, 2), (-8, 8))]:
        base = 3 if strides[0] < 0 else 0
        want = nst.as_strided(x[base:], shape, strides)
        got = gst.as_strided(a[base:], shape, strides)
        same(got, want)
        assert got.strides == strides
    v = gst.as_strided(a, (3,), (32,))
    v[...] = -1
    x[::4] = -1
    same(a, x)
    ro = gst.as_strided(a, (2,), (8,), writeable=False)
    with pytest.raises(ValueError):
        ro[0] = 5


@pytest.mark.parametrize("view,shape,strides", [
    (slice(None), (13,), (8,)),          # one element past the end
    (slice(4, None), (3,), (-32,)),      # before the start
    (slice(None), (2, 7), (48, 8)),
])
def test_as_strided_outside_the_memory_raises(view, shape, strides):
    a = gp.arange(12, dtype=np.int64)
    with pytest.raises(ValueError, match="outside"):
        gst.as_strided(a[view], shape, strides)


def test_as_strided_argument_errors():
    a = gp.arange(6.0)
    with pytest.raises(ValueError):
        gst.as_strided(a, (2, 3), (8,))
    with pytest.raises(TypeError):
        gst.as_strided(np.arange(6.0), (2,), (8,))


def test_emath_reached_through_numpy():
    x = np.array([4.0, -4.0, 0.25])
    got = np.emath.sqrt(gp.asarray(x))
    assert isinstance(got, gp.ndarray)
    np.testing.assert_allclose(got.get(), np.emath.sqrt(x), rtol=1e-15)
    assert got.dtype == np.emath.sqrt(x).dtype
