"""gpuarray.cuda.runtime: CuPy's ``cupy.cuda.runtime`` names that scripts
check CUDA with (getDeviceCount, memGetInfo, runtimeGetVersion, ...).

These describe CUDA, never the host device: where there is no usable GPU
they raise :class:`CUDARuntimeError`, with CUDA's status code and name,
as CuPy does (``cudaErrorInsufficientDriver`` without a driver,
``cudaErrorNoDevice`` without a GPU, ``cudaErrorInvalidDevice`` for an
ordinal that is not there).  Two follow CUDA's own rules instead:
``driverGetVersion()`` is 0 when no driver is installed, and
``runtimeGetVersion()`` needs only libnvrtc, not a GPU.  The non-raising
checks are ``gpuarray.cuda.is_available()`` and ``get_device_count()``.

gpuarray links no CUDA runtime (libcudart): ``runtimeGetVersion()`` is the
version of the libnvrtc that compiles its kernels, in CUDA's encoding
(1000 * major + 10 * minor), which is the toolkit version that matters.
"""
from .. import _core

__all__ = ["CUDARuntimeError", "getDeviceCount", "deviceSynchronize",
           "memGetInfo", "runtimeGetVersion", "driverGetVersion",
           "getDevice", "setDevice", "getDeviceProperties",
           "cudaErrorInsufficientDriver", "cudaErrorNoDevice",
           "cudaErrorInvalidDevice", "cudaErrorSharedObjectInitFailed"]

# cudaError_t values (CUDA runtime API documentation)
cudaErrorInsufficientDriver = 35
cudaErrorNoDevice = 100
cudaErrorInvalidDevice = 101
cudaErrorSharedObjectInitFailed = 302

_NAMES = {
    cudaErrorInsufficientDriver: (
        "cudaErrorInsufficientDriver",
        "CUDA driver version is insufficient for CUDA runtime version"),
    cudaErrorNoDevice: ("cudaErrorNoDevice",
                        "no CUDA-capable device is detected"),
    cudaErrorInvalidDevice: ("cudaErrorInvalidDevice",
                             "invalid device ordinal"),
    cudaErrorSharedObjectInitFailed: (
        "cudaErrorSharedObjectInitFailed",
        "shared object initialization failed"),
}


class CUDARuntimeError(RuntimeError):
    """A CUDA runtime error, as CuPy's: ``.status`` is the cudaError_t
    code; the message is its name and description (and gpuarray's reason,
    when it has one)."""

    def __init__(self, status, detail=None):
        self.status = int(status)
        name, text = _NAMES.get(self.status, ("cudaError", "CUDA error"))
        msg = "%s: %s" % (name, text)
        if detail:
            msg += " (%s)" % detail
        super().__init__(msg)

    def __reduce__(self):
        return (type(self), (self.status,))


def _need_device(ordinal=None):
    """Raises CUDARuntimeError unless CUDA has a device (and `ordinal`,
    when given, is one of them); returns the device count."""
    try:
        _core._cuda_driver_version()
    except RuntimeError as e:
        raise CUDARuntimeError(cudaErrorInsufficientDriver, str(e)) from None
    n = _core._device_count()
    if n == 0:
        raise CUDARuntimeError(cudaErrorNoDevice)
    if ordinal is not None:
        if isinstance(ordinal, bool) or not isinstance(ordinal, int):
            try:
                ordinal = ordinal.__index__()
            except AttributeError:
                raise TypeError("device must be an int, not %s"
                                % type(ordinal).__name__) from None
        if not 0 <= ordinal < n:
            raise CUDARuntimeError(cudaErrorInvalidDevice,
                                   "device %d; %d visible" % (ordinal, n))
    return n


def getDeviceCount():
    """Number of CUDA devices; raises CUDARuntimeError when there is no
    driver or no GPU (``gpuarray.cuda.get_device_count()`` returns 0)."""
    return _need_device()


def getDevice():
    """The current CUDA device's ordinal (0 until one is chosen), also while
    arrays go to the host device (GPUARRAY_DEVICE=host)."""
    _need_device()
    kind, ordinal = _core._get_device()
    if kind == "cuda":
        return ordinal
    prev = _core._set_device(-1)  # read without changing: set back at once
    _core._set_device(prev)
    return max(prev, 0)


def setDevice(device):
    """Makes CUDA device `device` current in this thread (as
    ``gpuarray.cuda.Device(device).use()``)."""
    _need_device(device)
    _core._set_device(int(device))


def deviceSynchronize():
    """Waits for all work queued on the current CUDA device."""
    _core._synchronize("cuda", getDevice())


def memGetInfo():
    """(free, total) bytes of the current CUDA device, as the driver sees
    them: memory cached by gpuarray's pool counts as used."""
    return tuple(_core._cuda_mem_info(getDevice()))


def driverGetVersion():
    """The CUDA version the driver supports (12040 = 12.4); 0 when no
    driver is installed, as cudaDriverGetVersion."""
    try:
        return _core._cuda_driver_version()
    except RuntimeError:
        return 0


def runtimeGetVersion():
    """The CUDA toolkit version of the libnvrtc gpuarray compiles with, in
    CUDA's encoding (13000 = 13.0).  Needs libnvrtc, not a GPU.

    Differs from CuPy: there is no libcudart; NVRTC's version stands in.
    """
    try:
        major, minor = _core._nvrtc_version()
    except RuntimeError as e:
        raise CUDARuntimeError(cudaErrorSharedObjectInitFailed,
                               str(e)) from None
    return 1000 * major + 10 * minor


# cudaDeviceProp field -> CUdevice_attribute (CUDA driver API docs)
_ATTRIBUTES = {
    "maxThreadsPerBlock": 1, "sharedMemPerBlock": 8,
    "totalConstMem": 9, "warpSize": 10, "memPitch": 11,
    "regsPerBlock": 12, "clockRate": 13, "textureAlignment": 14,
    "multiProcessorCount": 16, "kernelExecTimeoutEnabled": 17,
    "integrated": 18, "canMapHostMemory": 19, "computeMode": 20,
    "concurrentKernels": 31, "ECCEnabled": 32, "pciBusID": 33,
    "pciDeviceID": 34, "tccDriver": 35, "memoryClockRate": 36,
    "memoryBusWidth": 37, "l2CacheSize": 38,
    "maxThreadsPerMultiProcessor": 39, "asyncEngineCount": 40,
    "unifiedAddressing": 41, "pciDomainID": 50, "major": 75, "minor": 76,
    "sharedMemPerMultiprocessor": 81, "regsPerMultiprocessor": 82,
    "managedMemory": 83, "isMultiGpuBoard": 84,
}


def getDeviceProperties(device):
    """CUDA's cudaDeviceProp of `device` as a dict, with CuPy's keys
    ('name' is bytes, as in CuPy; 'totalGlobalMem', 'major', 'minor',
    'multiProcessorCount', 'maxThreadsDim', 'maxGridSize', ...)."""
    _need_device(device)
    device = int(device)
    info = _core._device_info(device)
    props = {"name": info["name"].encode(),
             "totalGlobalMem": info["total_memory"]}
    for key, attr in _ATTRIBUTES.items():
        props[key] = _core._cuda_attribute(device, attr)
    props["maxThreadsDim"] = tuple(_core._cuda_attribute(device, a)
                                   for a in (2, 3, 4))
    props["maxGridSize"] = tuple(_core._cuda_attribute(device, a)
                                 for a in (5, 6, 7))
    return props
