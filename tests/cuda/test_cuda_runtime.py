"""gpuarray.cuda.runtime (CuPy's cupy.cuda.runtime names), cuda.get_device_id,
gp.show_config() and asarray(blocking=).  Without a GPU the runtime
functions raise CUDARuntimeError with CUDA's status, as CuPy does; with
one they agree with gpuarray.cuda.Device (and with CuPy when installed)."""
import io
import os
import pickle

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.cuda import runtime

HAVE_GPU = gp.cuda.get_device_count() > 0
DRIVER = runtime.driverGetVersion() != 0


def test_error_type_is_cudas():
    e = runtime.CUDARuntimeError(runtime.cudaErrorNoDevice)
    assert isinstance(e, RuntimeError) and e.status == 100
    assert str(e).startswith("cudaErrorNoDevice: no CUDA-capable device")
    e2 = pickle.loads(pickle.dumps(e))
    assert type(e2) is runtime.CUDARuntimeError and e2.status == 100


@pytest.mark.skipif(HAVE_GPU, reason="the no-GPU behaviour")
@pytest.mark.parametrize("call", [
    runtime.getDeviceCount, runtime.deviceSynchronize, runtime.memGetInfo,
    runtime.getDevice, lambda: runtime.setDevice(0),
    lambda: runtime.getDeviceProperties(0)],
    ids=["getDeviceCount", "deviceSynchronize", "memGetInfo", "getDevice",
         "setDevice", "getDeviceProperties"])
def test_without_a_gpu_raises_cudas_error(call):
    with pytest.raises(runtime.CUDARuntimeError) as err:
        call()
    want = (runtime.cudaErrorNoDevice if DRIVER
            else runtime.cudaErrorInsufficientDriver)
    assert err.value.status == want
    # the non-raising checks say the same thing
    assert gp.cuda.get_device_count() == 0 and not gp.cuda.is_available()


def test_driver_version_is_zero_without_a_driver():
    v = runtime.driverGetVersion()
    assert isinstance(v, int) and v >= 0
    assert (v == 0) == (not DRIVER)
    if v:
        assert v >= 11000 and v % 10 == 0


def test_runtime_version_is_nvrtcs():
    try:
        major, minor = gp._core._nvrtc_version()
    except RuntimeError:
        with pytest.raises(runtime.CUDARuntimeError):
            runtime.runtimeGetVersion()
        return
    assert runtime.runtimeGetVersion() == 1000 * major + 10 * minor


def test_get_device_id():
    assert gp.cuda.get_device_id() == gp.cuda.get_current_device().id
    if not HAVE_GPU:
        assert gp.cuda.get_device_id() == 0


@pytest.mark.skipif(not HAVE_GPU, reason="needs a CUDA device")
def test_with_a_gpu_agrees_with_device():
    n = runtime.getDeviceCount()
    assert n == gp.cuda.get_device_count() >= 1
    dev = runtime.getDevice()
    assert 0 <= dev < n
    free, total = runtime.memGetInfo()
    assert 0 < free <= total
    props = runtime.getDeviceProperties(dev)
    d = gp.cuda.Device(dev)
    assert props["name"].decode() == d.name
    assert "%d%d" % (props["major"], props["minor"]) == d.compute_capability
    assert props["totalGlobalMem"] == total
    assert props["warpSize"] == 32 and len(props["maxGridSize"]) == 3
    runtime.setDevice(dev)
    runtime.deviceSynchronize()
    with pytest.raises(runtime.CUDARuntimeError) as err:
        runtime.getDeviceProperties(n)
    assert err.value.status == runtime.cudaErrorInvalidDevice
    cupy = pytest.importorskip("cupy")
    assert cupy.cuda.runtime.getDeviceCount() == n
    cp_props = cupy.cuda.runtime.getDeviceProperties(dev)
    for key in ("name", "totalGlobalMem", "major", "minor",
                "multiProcessorCount", "warpSize", "l2CacheSize"):
        assert props[key] == cp_props[key], key


def test_set_device_rejects_bad_ordinals():
    with pytest.raises((runtime.CUDARuntimeError, TypeError)):
        runtime.setDevice("0")
    with pytest.raises(runtime.CUDARuntimeError):
        runtime.setDevice(10 ** 6)


def test_show_config_reports_what_it_runs_with():
    buf = io.StringIO()
    gp.show_config(file=buf)
    text = buf.getvalue()
    cfg = gp._core._config()
    assert np.__version__ in text
    assert cfg["cache_dir"] in text
    for key in ("gpuarray:", "Python:", "NumPy:", "device:", "libnvrtc:",
                "libcuda:", "libcublas:", "libcufft:", "kernel cache:",
                "host compiler:", "host BLAS/LAPACK:"):
        assert key in text, key
    kind = gp._core._get_device()[0]
    assert ("host (the CPU stand-in" in text) == (kind == "host")
    try:
        major, minor = gp._core._nvrtc_version()
        assert "NVRTC version:" in text and "%d.%d" % (major, minor) in text
        assert "libnvrtc.so" in text.split("libnvrtc:")[1].splitlines()[0]
    except RuntimeError:
        pass
    if "GPUARRAY_CACHE_DIR" in os.environ:
        assert "$GPUARRAY_CACHE_DIR:" in text


@pytest.mark.parametrize("blocking", [False, True])
def test_asarray_blocking(blocking):
    a = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(a, blocking=blocking)
    a[:] = -1  # the copy is complete: changing the source changes nothing
    np.testing.assert_array_equal(gp.asnumpy(g),
                                  np.arange(12.0).reshape(3, 4))
    assert gp.asarray(g, blocking=blocking) is g


def test_asarray_blocking_must_be_a_bool():
    with pytest.raises(TypeError, match="blocking"):
        gp.asarray([1.0], blocking="yes")
