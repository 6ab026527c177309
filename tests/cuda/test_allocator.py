"""gpuarray.cuda.set_allocator (CuPy's contract): a counting allocator sees
every device allocation, arrays built on its memory compute what NumPy
computes, and the memory is handed back when the arrays die."""
import gc
import sys
import weakref

import numpy as np
import pytest

import gpuarray as gp


@pytest.fixture
def reset():
    yield
    gp.cuda.set_allocator(None)


class Counting:
    def __init__(self, inner):
        self.inner = inner
        self.sizes = []
        self.live = []

    def __call__(self, nbytes):
        m = self.inner(nbytes)
        self.sizes.append(nbytes)
        self.live.append(weakref.ref(m))
        return m

    def alive(self):
        return sum(r() is not None for r in self.live)


def test_counting_pool_allocator(reset):
    pool = gp.cuda.MemoryPool()
    alloc = Counting(pool.malloc)
    gc.collect()            # earlier tests' garbage must not free in between
    base = pool.used_bytes()
    gp.cuda.set_allocator(alloc)
    assert gp.cuda.get_allocator() is alloc
    x = np.linspace(-3, 3, 1000)
    a = gp.asarray(x)
    b = gp.sqrt(a * a + 1)
    v = b[::3]                      # a view keeps its base's memory
    assert alloc.sizes[:1] == [x.nbytes] and len(alloc.sizes) >= 3
    np.testing.assert_array_equal(gp.asnumpy(v), np.sqrt(x * x + 1)[::3])
    assert alloc.alive() == 2       # a and b; the temporaries are gone
    del a, b
    gc.collect()
    assert alloc.alive() == 1       # only v's block
    del v
    gc.collect()
    assert alloc.alive() == 0
    assert pool.used_bytes() == base
    gp.cuda.set_allocator(None)
    assert gp.cuda.get_allocator() is None
    n = len(alloc.sizes)
    gp.ones(100)
    assert len(alloc.sizes) == n    # the default pool again


class HostBuffer:
    """Foreign memory, as an RMM DeviceBuffer is: .ptr, freed on release."""
    freed = 0

    def __init__(self, nbytes):
        self.buf = np.empty(nbytes, np.uint8)
        self.ptr = self.buf.ctypes.data

    def __del__(self):
        HostBuffer.freed += 1


@pytest.mark.skipif(gp.cuda.is_available(), reason="host memory as device "
                    "memory only means something on the host device")
def test_foreign_allocator_on_host(reset):
    gp.cuda.set_allocator(HostBuffer)
    HostBuffer.freed = 0
    a = gp.arange(50, dtype=np.int32)
    s = (a * 3).sum()
    assert int(s) == int((np.arange(50, dtype=np.int32) * 3).sum())
    del a, s
    gc.collect()
    gp.cuda.set_allocator(None)
    assert HostBuffer.freed >= 3


def test_zero_size_skips_the_allocator(reset):
    alloc = Counting(gp.cuda.MemoryPool().malloc)
    gp.cuda.set_allocator(alloc)
    e = gp.empty((0, 4))
    assert alloc.sizes == [] and e.shape == (0, 4)


def test_allocator_errors(reset):
    with pytest.raises(TypeError, match="callable"):
        gp.cuda.set_allocator(5)
    gp.cuda.set_allocator(lambda n: None)
    with pytest.raises(TypeError, match=r"\.ptr"):
        gp.ones(10)

    class Null:
        ptr = 0
    gp.cuda.set_allocator(lambda n: Null())
    with pytest.raises(MemoryError, match="null pointer"):
        gp.ones(10)

    def refuse(n):
        raise MemoryError("out of cluster memory for %d bytes" % n)
    gp.cuda.set_allocator(refuse)
    with pytest.raises(MemoryError, match="80 bytes"):
        gp.ones(10)
    gp.cuda.set_allocator(None)
    np.testing.assert_array_equal(gp.asnumpy(gp.ones(3)), np.ones(3))


def test_allocator_reference_released(reset):
    alloc = Counting(gp.cuda.MemoryPool().malloc)
    before = sys.getrefcount(alloc)
    gp.cuda.set_allocator(alloc)
    assert sys.getrefcount(alloc) == before + 1
    gp.cuda.set_allocator(None)
    assert sys.getrefcount(alloc) == before


def test_malloc_contract():
    pool = gp.cuda.MemoryPool()
    m = pool.malloc(1024)
    assert m.ptr != 0 and m.size == 1024 and int(m) == m.ptr
    with pytest.raises(ValueError):
        pool.malloc(-1)


def test_pinned_pool_reuses_and_keeps_views_alive():
    pool = gp.cuda.PinnedMemoryPool()
    m = pool.malloc(3000)
    assert m.size == 3000 and m.ptr != 0
    view = np.frombuffer(m.buffer(), np.uint8)
    view[:] = 9
    ptr = m.ptr
    del m
    gc.collect()
    assert pool.n_free_blocks() == 0       # the view still holds it
    assert (view == 9).all()
    del view
    gc.collect()
    assert pool.n_free_blocks() == 1
    again = pool.malloc(2500)              # same size class: reused
    assert again.ptr == ptr and pool.n_free_blocks() == 0
    del again
    pool.free_all_blocks()
    assert pool.n_free_blocks() == 0
    with pytest.raises(ValueError):
        pool.malloc(-5)


def test_pinned_allocator_and_empty_pinned():
    seen = []

    def alloc(n):
        seen.append(n)
        return gp.cuda.get_default_pinned_memory_pool().malloc(n)
    gp.cuda.set_pinned_memory_allocator(alloc)
    try:
        e = gp.cuda.empty_pinned((3, 5), np.float32)
        assert seen == [60] and e.shape == (3, 5) and e.dtype == np.float32
        e[...] = np.arange(15).reshape(3, 5)
        g = gp.asarray(e)
        np.testing.assert_array_equal(gp.asnumpy(g),
                                      np.arange(15.).reshape(3, 5))
        out = gp.cuda.empty_pinned(15, np.float32)
        (g.ravel() * 2).get(out=out)
        np.testing.assert_array_equal(out, np.arange(15.) * 2)
    finally:
        gp.cuda.set_pinned_memory_allocator(None)
    with pytest.raises(TypeError):
        gp.cuda.set_pinned_memory_allocator(3)
    assert gp.cuda.empty_pinned((0, 2)).shape == (0, 2)
