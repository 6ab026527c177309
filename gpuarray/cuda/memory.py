"""Memory pools (CuPy-compatible names), the ``.data`` pointer object, and
the pluggable allocator (``set_allocator``, CuPy's semantics).

set_allocator(fn): every later device allocation calls fn(nbytes), which
returns an object with ``.ptr`` (memory of the current device, at least
nbytes); the array keeps that object alive and drops it when the last
array or view of it dies -- that is how the memory goes back (RMM's
DeviceBuffer, CuPy's MemoryPointer and our own ``MemoryPool.malloc``
result all free on release).  None puts the default pool back.  The C side
is csrc/runtime/pool.c; allocations made while fn runs use the pool.
"""
from .. import _core


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


class PooledMemory(MemoryPointer):
    """What MemoryPool.malloc returns: ``.ptr``/``.size``/``.device`` of a
    block that stays allocated while this object lives."""

    __slots__ = ("_block", "__weakref__")

    def __init__(self, block):
        super().__init__(block.data.ptr, block.device, block.nbytes)
        self._block = block

    @property
    def mem(self):
        return self


def set_allocator(allocator=None):
    """Routes device allocations through allocator(nbytes) -> an object
    with ``.ptr`` (CuPy's contract); None restores the default pool."""
    _core._set_allocator(allocator)


def get_allocator():
    """The allocator set_allocator installed (None: the default pool)."""
    return _core._get_allocator()


class MemoryPool:
    """The caching pool of one device (the current one when created).
    ``set_allocator(pool.malloc)`` hands allocations to it explicitly."""

    def malloc(self, size):
        """A PooledMemory of `size` bytes from the current device's pool."""
        size = int(size)
        if size < 0:
            raise ValueError("size must be non-negative, got %d" % size)
        import numpy
        # the C allocator hook is not re-entered while an allocator runs,
        # so from within one this block comes straight from the pool
        return PooledMemory(_core.empty((size,), numpy.uint8))

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
            total = _core._device_info(self._ordinal)["total_memory"]
            size = int(total * fraction)
        _core._pool_set_limit(int(size or 0), self._kind, self._ordinal)

    def get_limit(self):
        return self._stats()["limit"]


from .pinned import (PinnedMemoryPool, PinnedMemoryPointer,  # noqa: E402,F401
                      alloc_pinned_memory, empty_pinned,
                      get_default_pinned_memory_pool,
                      set_pinned_memory_allocator)

_pools = {}


def get_default_memory_pool():
    """The memory pool of the current device."""
    key = _core._get_device()
    pool = _pools.get(key)
    if pool is None:
        pool = _pools[key] = MemoryPool(*key)
    return pool
