"""Devices: ``gpuarray.cuda.Device``, ``is_available``, ``get_device_count``.

The current device is per thread, as in CuPy.  Without a usable GPU (or
with ``GPUARRAY_DEVICE=host``) arrays live on the ``host`` device, whose
kernels are the same source compiled by the system C++ compiler.
"""
from .. import _core
from . import runtime  # noqa: F401  (cupy.cuda.runtime)


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

    def _gpa_key(self):     # device= of the creation functions
        return ("cuda", self.id)


class HostDevice:
    """The host device: arrays in ordinary memory, kernels compiled by the
    system C++ compiler."""

    id = 0
    compute_capability = None
    name = "host"

    def synchronize(self):
        pass

    def _gpa_key(self):     # device= of the creation functions
        return ("host", 0)

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


def get_device_id():
    """The id of the current device, as CuPy's ``cuda.get_device_id()``:
    the CUDA ordinal, or 0 on the host device (its ``id``)."""
    return get_current_device().id


def synchronize():
    """Waits for all work on the current device."""
    _core._synchronize()


# ---- streams and events (as CuPy's cupy.cuda.Stream / Event) ----------
#
# Note [Streams]: the current stream belongs to the device (not to the
# thread, as in CuPy): every kernel and copy of that device goes to it,
# and the memory pool keeps freed blocks per stream, so a block is reused
# only where its last use is ordered.  On the host device work is
# synchronous and every stream is the default one (ptr 0).

import weakref as _weakref

_live_streams = _weakref.WeakValueDictionary()  # (kind, ordinal, ptr) -> Stream


class _NullStream:
    """Stream.null: the default stream of the current device."""

    def __get__(self, obj, cls):
        return cls(null=True)


class Stream:
    """A CUDA stream of the current device; ``with stream:`` makes it the
    device's current stream."""

    null = _NullStream()

    def __init__(self, null=False, non_blocking=False, ptds=False,
                 priority=None):
        self._dev = _core._get_device()
        self._owned = False
        self.ptr = 0
        # CUDA's meaning (issue 22): non_blocking -> CU_STREAM_NON_BLOCKING
        # (no implicit order with the legacy default stream), priority:
        # lower runs first, clamped to the device's range.  On the host
        # device work is synchronous, so both have nothing to change.
        if priority is not None and not isinstance(priority, int):
            raise TypeError("priority must be an int, got %r" % (priority,))
        if ptds:
            raise NotImplementedError("Stream(ptds=True): per-thread "
                                      "default streams are not supported")
        self.non_blocking = bool(non_blocking)
        self.priority = 0 if priority is None else priority
        if not null:
            self.ptr = _core._stream_create(*self._dev,
                                            1 if non_blocking else 0,
                                            self.priority)
            self._owned = self.ptr != 0
        self._prev = []
        if self.ptr:
            _live_streams[self._dev + (self.ptr,)] = self

    @property
    def device_id(self):
        return self._dev[1] if self._dev[0] == "cuda" else -1

    @property
    def done(self):
        """True when all work queued on the stream has completed
        (cuStreamQuery: no event is recorded, so the answer is at once
        true after synchronize())."""
        return _core._stream_query(self._dev[0], self._dev[1], self.ptr)

    def query(self):
        return self.done

    def synchronize(self):
        _core._stream_synchronize(self._dev[0], self._dev[1], self.ptr)

    def record(self, event=None):
        """Records `event` (a new Event if None) on this stream."""
        if event is None:
            event = Event()
        event.record(self)
        return event

    def wait_event(self, event):
        """Later work on this stream waits for `event`."""
        _core._event_op(self._dev[0], self._dev[1], "wait", event.ptr,
                        self.ptr)

    def use(self):
        _core._stream_use(self._dev[0], self._dev[1], self.ptr)
        return self

    def __enter__(self):
        self._prev.append(_core._stream_use(self._dev[0], self._dev[1],
                                            self.ptr))
        return self

    def __exit__(self, *exc):
        _core._stream_use(self._dev[0], self._dev[1], self._prev.pop())

    def close(self):
        """Waits for the stream's work, then destroys it (also at exit)."""
        if self._owned and self.ptr:
            ptr, self.ptr = self.ptr, 0
            _core._stream_destroy(self._dev[0], self._dev[1], ptr)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __eq__(self, other):
        return isinstance(other, Stream) and other.ptr == self.ptr and \
            other._dev == self._dev

    def __hash__(self):
        return hash((self._dev, self.ptr))

    def __repr__(self):
        return "<gpuarray.cuda.Stream %#x (%s %d)>" % ((self.ptr,)
                                                       + self._dev)


class ExternalStream(Stream):
    """A stream made by another library (its handle as an int), never
    destroyed by us: ``with ExternalStream(torch_stream.cuda_stream):``."""

    def __init__(self, ptr, device_id=None):
        self._dev = _core._get_device()
        if device_id is not None and self._dev[0] == "cuda":
            self._dev = ("cuda", int(device_id))
        self._owned = False
        self.ptr = int(ptr)
        self._prev = []


def get_current_stream():
    """The current device's current stream."""
    dev = _core._get_device()
    ptr = _core._stream_current(*dev)
    if ptr == 0:
        return Stream(null=True)
    s = _live_streams.get(dev + (ptr,))
    return s if s is not None else ExternalStream(ptr)


class Event:
    """A CUDA event of the current device (CuPy's cupy.cuda.Event)."""

    def __init__(self, block=False, disable_timing=False,
                 interprocess=False):
        if interprocess:
            raise NotImplementedError("interprocess events are not "
                                      "supported")
        self._dev = _core._get_device()
        # the driver's flags: block -> CU_EVENT_BLOCKING_SYNC (synchronize
        # sleeps, not spins), disable_timing -> CU_EVENT_DISABLE_TIMING
        # (get_elapsed_time then raises, on the host device too)
        self.block, self.disable_timing = bool(block), bool(disable_timing)
        self.ptr = _core._event_create(*self._dev, (1 if block else 0) |
                                       (2 if disable_timing else 0))

    def record(self, stream=None):
        """Records the event on `stream` (the current stream if None)."""
        if stream is None:
            stream = get_current_stream()
        _core._event_op(self._dev[0], self._dev[1], "record", self.ptr,
                        stream.ptr)

    def synchronize(self):
        _core._event_op(self._dev[0], self._dev[1], "synchronize", self.ptr)

    @property
    def done(self):
        """True when the work before the event's record has completed."""
        return _core._event_op(self._dev[0], self._dev[1], "query",
                               self.ptr)

    def query(self):
        return self.done

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", 0), 0
        if ptr:
            try:
                _core._event_op(self._dev[0], self._dev[1], "destroy", ptr)
            except Exception:
                pass

    def __repr__(self):
        return "<gpuarray.cuda.Event %#x>" % self.ptr


def get_elapsed_time(start_event, end_event):
    """Milliseconds between two recorded events (end synchronized)."""
    for e in (start_event, end_event):
        if getattr(e, "disable_timing", False):
            # the driver says only "invalid handle" (CUDA_ERROR_INVALID_HANDLE)
            raise RuntimeError("get_elapsed_time: an Event created with "
                               "disable_timing=True has no time stamp")
    return _core._event_elapsed(start_event._dev[0], start_event._dev[1],
                                start_event.ptr, end_event.ptr)


# CuPy's memory names under gpuarray.cuda (memory.py needs nothing above)
from .memory import (MemoryPointer, MemoryPool, PinnedMemoryPool,  # noqa
                     PinnedMemoryPointer, PooledMemory, alloc_pinned_memory,
                     empty_pinned, get_allocator, set_allocator,
                     set_pinned_memory_allocator, get_default_memory_pool,
                     get_default_pinned_memory_pool)
