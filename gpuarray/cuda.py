"""Devices: ``gpuarray.cuda.Device``, ``is_available``, ``get_device_count``.

The current device is per thread, as in CuPy.  Without a usable GPU (or
with ``GPUARRAY_DEVICE=host``) arrays live on the ``host`` device, whose
kernels are the same source compiled by the system C++ compiler.
"""
from . import _core


def is_available():
    """True when at least one CUDA device can be used."""
    return _core._device_count() > 0


def get_device_count():
    """Number of CUDA devices (0 without a driver or GPU)."""
    return _core._device_count()


class Device:
    """A CUDA device; ``with Device(1):`` makes it current in this thread."""

    def __init__(self, device=None):
        if device is None:
            kind, device = _core._get_device()
            if kind != "cuda":
                raise RuntimeError("no CUDA device is current (arrays are on "
                                   "the host device)")
        elif isinstance(device, Device):
            device = device.id
        self.id = int(device)
        self._prev = []

    @property
    def compute_capability(self):
        major, minor = _core._device_info(self.id)["compute_capability"]
        return "%d%d" % (major, minor)

    @property
    def name(self):
        return _core._device_info(self.id)["name"]

    @property
    def attributes(self):
        return dict(_core._device_info(self.id))

    @property
    def mem_info(self):
        info = _core._device_info(self.id)
        stats = _core._pool_stats("cuda", self.id)
        return (info["total_memory"] - stats["total_bytes"],
                info["total_memory"])

    def use(self):
        _core._set_device(self.id)

    def synchronize(self):
        _core._synchronize("cuda", self.id)

    def __enter__(self):
        self._prev.append(_core._set_device(self.id))
        return self

    def __exit__(self, *exc):
        _core._set_device(self._prev.pop())

    def __eq__(self, other):
        return isinstance(other, Device) and other.id == self.id

    def __hash__(self):
        return hash(("cuda", self.id))

    def __repr__(self):
        return "<CUDA Device %d>" % self.id

    def __int__(self):
        return self.id

    __index__ = __int__


class HostDevice:
    """The host device: arrays in ordinary memory, kernels compiled by the
    system C++ compiler."""

    id = 0
    compute_capability = None
    name = "host"

    def synchronize(self):
        pass

    def __eq__(self, other):
        return isinstance(other, HostDevice)

    def __hash__(self):
        return hash("host")

    def __repr__(self):
        return "<host device>"


_HOST = HostDevice()


def _device_object(kind, ordinal):
    return Device(ordinal) if kind == "cuda" else _HOST


def get_current_device():
    """The device new arrays are created on (a Device or the host)."""
    return _device_object(*_core._get_device())


def synchronize():
    """Waits for all work on the current device."""
    _core._synchronize()
