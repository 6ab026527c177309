"""Issue 22: the strict test mode (GPUARRAY_STRICT_ARRAY=1, or
_core._strict_array(True)): host-device arrays refuse implicit NumPy
conversion as device memory does, so the host suite sees what a GPU
would refuse; library paths that took device values into NumPy are
fixed (interp's left=/right=, list indices of 0-d arrays)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as gp
from gpuarray import _core


@pytest.fixture
def strict():
    prev = _core._strict_array(True)
    try:
        yield
    finally:
        _core._strict_array(prev)


def test_strict_refuses_implicit_conversion(strict):
    x = gp.arange(3.0)
    with pytest.raises(TypeError, match="get"):
        np.asarray(x)
    with pytest.raises(BufferError):
        memoryview(x)
    # the explicit ways still work
    np.testing.assert_array_equal(x.get(), [0, 1, 2])
    np.testing.assert_array_equal(gp.asnumpy(x), [0, 1, 2])
    assert "0." in repr(x)


def test_strict_off_by_default_on_host():
    if gp.zeros(1).device != gp.cuda.get_current_device() or \
            gp.cuda.is_available():
        pytest.skip("host device only: device memory always refuses")
    prev = _core._strict_array(False)
    try:
        np.testing.assert_array_equal(np.asarray(gp.arange(2.0)), [0, 1])
    finally:
        _core._strict_array(prev)


def test_strict_from_environment():
    code = ("import numpy as np, gpuarray as gp\n"
            "try:\n    np.asarray(gp.arange(2.0))\n"
            "except TypeError:\n    print('refused')\n")
    env = dict(os.environ, GPUARRAY_STRICT_ARRAY="1")
    r = subprocess.run([sys.executable, "-c", code], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "refused"


def test_interp_device_bounds(strict):
    x = np.array([-1.0, 0.5, 5.0])
    xp, fp = np.arange(3.0), np.arange(3.0) ** 2
    got = gp.interp(gp.asarray(x), gp.asarray(xp), gp.asarray(fp),
                    left=gp.asarray(-7.0), right=gp.asarray(9.0))
    np.testing.assert_array_equal(got.get(), np.interp(x, xp, fp, left=-7.0,
                                                       right=9.0))


def test_list_index_of_0d_arrays(strict):
    h = np.arange(10.0) * 3
    g = gp.asarray(h)
    idx = [gp.asarray(2), gp.asarray(5), 7]
    np.testing.assert_array_equal(g[idx].get(), h[[2, 5, 7]])
    np.testing.assert_array_equal(g[[gp.asarray(1), 3]].get(), h[[1, 3]])


@pytest.mark.parametrize("bins", [[0.0, 1.0, 2.0], [2.0, 1.0, 0.0], [1.0],
                                  np.array([0, 1, 5], np.uint8)])
@pytest.mark.parametrize("right", [False, True])
def test_digitize_checks_bins_on_the_device(bins, right, strict):
    x = np.array([0.5, 1.5, 3.0, -1.0, 1.0])
    b = np.asarray(bins)
    got = gp.digitize(gp.asarray(x), gp.asarray(b), right=right)
    np.testing.assert_array_equal(got.get(), np.digitize(x, b, right=right))


def test_digitize_non_monotonic_bins():
    b = np.array([3.0, 1.0, 2.0])
    with pytest.raises(ValueError, match="monoton"):
        np.digitize(np.ones(2), b)
    with pytest.raises(ValueError, match="monoton"):
        gp.digitize(gp.ones(2), gp.asarray(b))
@pytest.mark.parametrize("make", [gp.array, gp.asarray,
                                  lambda q: np.array(q, like=q[0])])
def test_array_of_a_list_of_device_arrays(make, strict):
    """dask's percentile merge calls np.array(list of 0-d arrays, like=)."""
    parts = [np.float32(1.5), np.float32(-2.0), np.float32(4.0)]
    got = make([gp.asarray(p) for p in parts])
    want = np.array(parts)
    assert isinstance(got, gp.ndarray) and got.dtype == want.dtype
    np.testing.assert_array_equal(got.get(), want)
    rows = [gp.arange(3), gp.arange(3) * 2]
    np.testing.assert_array_equal(
        gp.array(rows, dtype=np.float64).get(),
        np.array([np.arange(3), np.arange(3) * 2], dtype=np.float64))
    with pytest.raises(ValueError, match="copy"):
        gp.array(rows, copy=False)


def test_host_memory_view_for_the_host_backends(strict):
    """The host device's compute backends (the host FFT) view host memory
    deliberately: _core._host_memory_view works in strict mode, shares the
    memory, and refuses anything else."""
    g = gp.arange(6.0).reshape(2, 3)[:, ::2]
    if g.device != gp.cuda.get_current_device() or gp.cuda.is_available():
        pytest.skip("host device only")
    with pytest.raises(TypeError):
        np.asarray(g)
    v = _core._host_memory_view(g)
    assert v.shape == (2, 2) and v.strides == g.strides
    np.testing.assert_array_equal(v, g.get())
    v[0, 0] = 42.0
    assert g[0, 0].get() == 42.0
    with pytest.raises(TypeError):
        _core._host_memory_view(np.zeros(2))


def test_the_suite_runs_strict():
    """tests/conftest.py turns the mode on for the whole suite (CI's one
    run is the strict run); only GPUARRAY_STRICT_ARRAY=0 turns it off."""
    want = os.environ.get("GPUARRAY_STRICT_ARRAY") != "0"
    assert _core._strict_array() is want
    assert os.environ.get("GPUARRAY_STRICT_ARRAY") in ("0", "1")


@pytest.mark.host_numpy
def test_host_numpy_marker_turns_it_off_for_one_test():
    assert _core._strict_array() is False
    if gp.zeros(1).device == gp.cuda.get_current_device() and \
            not gp.cuda.is_available():
        np.testing.assert_array_equal(np.asarray(gp.arange(2.0)), [0, 1])
