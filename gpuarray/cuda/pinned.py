"""Pinned (page-locked) host memory, CuPy's names: PinnedMemoryPool,
PinnedMemoryPointer, alloc_pinned_memory, set_pinned_memory_allocator,
empty_pinned.

Pinned buffers are what a DMA copy needs; allocating one is slow on CUDA
(cuMemHostAlloc), so the pool keeps freed buffers by size class (powers of
two from 4 KiB) and hands them out again.  A PinnedMemoryPointer owns one
buffer; it goes back to its pool when the pointer and every view of it
(``buffer()``, NumPy arrays over it) are gone.  set_pinned_memory_allocator
(fn) makes alloc_pinned_memory call fn(nbytes) instead (an object with
``.ptr`` and the buffer protocol or ``buffer()``), so a cluster can supply
its own; gpuarray's Dask serializer takes its host frames from
alloc_pinned_memory.  The internal transfer staging buffers
(csrc/runtime/transfer.c) are allocated without the GIL and are not
routed through a Python allocator.
"""
import threading

import numpy as np

from .. import _core

_MIN_CLASS = 4096


def _size_class(n):
    return max(_MIN_CLASS, 1 << (max(n, 1) - 1).bit_length())


class PinnedMemoryPointer:
    """``ptr`` and ``size`` of a pinned buffer; ``buffer()`` is a writable
    memoryview over it that keeps it alive."""

    __slots__ = ("ptr", "size", "_entry", "_pool", "_cls", "__weakref__")

    def __init__(self, entry, size, pool=None, cls=0):
        # entry: (capsule owning the buffer, its address)
        self.ptr, self.size = entry[1], size
        self._entry, self._pool, self._cls = entry, pool, cls

    def __int__(self):
        return self.ptr

    def buffer(self):
        import ctypes
        raw = (ctypes.c_char * self.size).from_address(self.ptr) \
            if self.size else bytearray(0)
        if self.size:
            raw._owner = self          # views keep the buffer alive
        return memoryview(raw).cast("B")

    def __del__(self):
        pool, entry = self._pool, self._entry
        if pool is not None and entry is not None:
            pool._give_back(self._cls, entry)

    def __repr__(self):
        return "<PinnedMemoryPointer 0x%x, %d bytes>" % (self.ptr, self.size)


class PinnedMemoryPool:
    """Caching pool of pinned host buffers (and the transfer staging)."""

    def __init__(self):
        self._free = {}                # size class -> [(capsule, ptr)]
        # reentrant: a pointer's __del__ (gc inside malloc's critical
        # section, same thread) gives its buffer back under this lock
        self._lock = threading.RLock()

    def malloc(self, size):
        size = int(size)
        if size < 0:
            raise ValueError("size must be non-negative, got %d" % size)
        cls = _size_class(size)
        with self._lock:
            cached = self._free.get(cls)
            entry = cached.pop() if cached else None
        if entry is None:
            entry = _core._pinned_alloc(cls)
        return PinnedMemoryPointer(entry, size, self, cls)

    def _give_back(self, cls, entry):
        with self._lock:
            self._free.setdefault(cls, []).append(entry)

    def n_free_blocks(self):
        with self._lock:
            return sum(len(v) for v in self._free.values())

    def free_all_blocks(self):
        """Frees the cached buffers and the transfer staging buffers."""
        with self._lock:
            self._free.clear()
        _core._staging_free()


_pool = PinnedMemoryPool()
_allocator = None


def get_default_pinned_memory_pool():
    return _pool


def set_pinned_memory_allocator(allocator=None):
    """alloc_pinned_memory calls allocator(nbytes) from now on (None: the
    default PinnedMemoryPool's malloc)."""
    global _allocator
    if allocator is not None and not callable(allocator):
        raise TypeError("allocator must be callable or None, not %r"
                        % type(allocator).__name__)
    _allocator = allocator


def alloc_pinned_memory(nbytes):
    """nbytes of pinned host memory (the allocator set, else the pool)."""
    if _allocator is not None:
        return _allocator(int(nbytes))
    return _pool.malloc(nbytes)


def _as_buffer(mem, nbytes):
    if hasattr(mem, "buffer"):
        return mem.buffer()[:nbytes]
    return memoryview(mem).cast("B")[:nbytes]


def empty_pinned(shape, dtype=float, order="C"):
    """A NumPy array over pinned memory (cupyx.empty_pinned)."""
    dt = np.dtype(dtype)
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    n = int(np.prod(shape, dtype=np.int64)) * dt.itemsize
    buf = _as_buffer(alloc_pinned_memory(n), n)
    return np.frombuffer(buf, dt, count=n // dt.itemsize if dt.itemsize
                         else 0).reshape(shape, order=order)
