"""Memory pools (CuPy-compatible names) and the ``.data`` pointer object."""
from .. import _core
from . import Device


class MemoryPointer:
    """What ``ndarray.data`` returns: the address of the first element."""

    __slots__ = ("ptr", "device", "size")

    def __init__(self, ptr, device, size):
        self.ptr = ptr
        self.device = device
        self.size = size

    def __int__(self):
        return self.ptr

    def __repr__(self):
        return "<MemoryPointer 0x%x on %r>" % (self.ptr, self.device)


class MemoryPool:
    """The caching pool of one device (the current one when created)."""

    def __init__(self, kind=None, ordinal=0):
        if kind is None:
            kind, ordinal = _core._get_device()
        self._kind, self._ordinal = kind, ordinal

    def _stats(self):
        return _core._pool_stats(self._kind, self._ordinal)

    def used_bytes(self):
        """Bytes in blocks handed out to live arrays."""
        return self._stats()["used_bytes"]

    def total_bytes(self):
        """Bytes held from the driver (used + cached)."""
        return self._stats()["total_bytes"]

    def free_bytes(self):
        s = self._stats()
        return s["total_bytes"] - s["used_bytes"]

    def n_free_blocks(self):
        return self._stats()["free_blocks"]

    def driver_allocations(self):
        """How many times the pool asked the driver for memory."""
        return self._stats()["driver_allocations"]

    def free_all_blocks(self, stream=None):
        """Returns every cached, wholly free segment to the driver; with
        `stream` (a Stream), only the blocks cached for that stream."""
        if stream is None:
            _core._pool_free_all(self._kind, self._ordinal)
        else:
            if not hasattr(stream, "ptr"):
                raise TypeError("stream must be a gpuarray.cuda.Stream, "
                                "got %r" % (stream,))
            _core._pool_free_all(self._kind, self._ordinal, int(stream.ptr))

    def set_limit(self, size=None, fraction=None):
        """Caps what the pool may hold (0 or None: no cap)."""
        if fraction is not None:
            total = Device(self._ordinal).mem_info[1]
            size = int(total * fraction)
        _core._pool_set_limit(int(size or 0), self._kind, self._ordinal)

    def get_limit(self):
        return self._stats()["limit"]


class PinnedMemoryPool:
    """The pinned host buffers that stage large transfers."""

    def free_all_blocks(self):
        _core._staging_free()


_pools = {}
_pinned = PinnedMemoryPool()


def get_default_memory_pool():
    """The memory pool of the current device."""
    key = _core._get_device()
    pool = _pools.get(key)
    if pool is None:
        pool = _pools[key] = MemoryPool(*key)
    return pool


def get_default_pinned_memory_pool():
    return _pinned
