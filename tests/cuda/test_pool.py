"""The caching memory pool: steady state makes no driver allocations,
memory comes back when arrays die (and not before: views keep it), and out
of memory is a MemoryError the process survives."""
import gc

import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp

TEN_TB = 10 * 2 ** 40


@pytest.fixture
def pool():
    p = gp.get_default_memory_pool()
    gc.collect()
    yield p
    p.set_limit(0)


def test_default_pool_is_one_object(pool):
    assert gp.get_default_memory_pool() is pool
    assert pool.total_bytes() >= pool.used_bytes() >= 0
    assert pool.free_bytes() == pool.total_bytes() - pool.used_bytes()


def test_100000_create_delete_cycles_reach_a_steady_state(pool):
    start_used = pool.used_bytes()
    # warm-up: the first cycle may take segments from the driver
    for n in (1, 100, 1000, 4096, 1 << 17):
        a = gp.empty(n, np.uint8)
        del a
    allocs = pool.driver_allocations()
    sizes = (1, 100, 1000, 4096, 1 << 17)
    for i in range(100000):
        a = gp.empty(sizes[i % 5], np.uint8)
        del a
    assert pool.used_bytes() == start_used
    assert pool.driver_allocations() == allocs


def test_steady_state_with_fills_views_and_large_blocks(pool):
    start_used = pool.used_bytes()
    for _ in range(2):  # first round warms the pool and the kernels
        for n in (10, 5000, (1 << 20) + 1, 3 << 20, 25 << 20):
            z = gp.zeros(n, np.uint8)
            v = z[1:]
            del z, v
        o = gp.ones((64, 64), np.float32)
        del o
        allocs = pool.driver_allocations()
    for i in range(2000):
        z = gp.zeros((1 << (i % 12)) + 3, np.float32)
        v = z[::2].reshape(-1)
        del z, v
        b = gp.empty(25 << 20, np.uint8)
        del b
    assert pool.used_bytes() == start_used
    assert pool.driver_allocations() == allocs


def test_used_bytes_track_live_arrays(pool):
    before = pool.used_bytes()
    a = gp.empty(1000, np.float64)
    after = pool.used_bytes()
    assert after - before >= a.nbytes
    assert after - before < a.nbytes + 1024
    v = a[10:20]
    del a
    gc.collect()
    # the view keeps the whole block alive
    assert pool.used_bytes() == after
    v[...] = 1.0
    assert_array_equal_gp(v, np.ones(10))
    del v
    assert pool.used_bytes() == before


def test_freed_blocks_are_reused_and_merged(pool):
    a = gp.empty(1000, np.uint8)
    p = a.data.ptr
    del a
    b = gp.empty(1000, np.uint8)
    assert b.data.ptr == p  # best fit gives the same block back
    del b
    # four quarter-blocks freed merge into one block that serves a request
    # of their total size
    allocs0 = pool.driver_allocations()
    parts = [gp.empty(256 << 10, np.uint8) for _ in range(4)]
    allocs1 = pool.driver_allocations()
    del parts
    big = gp.empty(1 << 20, np.uint8)
    assert pool.driver_allocations() == allocs1
    assert allocs1 - allocs0 <= 1
    del big


def test_free_all_blocks_returns_cached_memory(pool):
    a = gp.empty(3 << 20, np.uint8)
    del a
    assert pool.total_bytes() > pool.used_bytes()
    keep = gp.empty(100, np.uint8)
    pool.free_all_blocks()
    assert pool.n_free_blocks() >= 0
    assert pool.total_bytes() >= pool.used_bytes()
    # whatever is still in use survives
    keep[...] = 7
    assert_array_equal_gp(keep, np.full(100, 7, np.uint8))
    del keep


@pytest.mark.parametrize("make", [
    lambda: gp.empty(TEN_TB, np.uint8),
    lambda: gp.zeros(TEN_TB // 8, np.float64),
    lambda: gp.empty((2 ** 20, 2 ** 20, 10), np.uint8),
    lambda: gp.ones((TEN_TB // 16, 1), np.complex128),
    lambda: gp.arange(TEN_TB // 8, dtype=np.float64),
], ids=["empty", "zeros", "empty3d", "ones", "arange"])
def test_10tb_allocation_raises_memoryerror_and_process_goes_on(pool, make):
    used = pool.used_bytes()
    with pytest.raises(MemoryError):
        make()
    assert pool.used_bytes() == used
    # the process (and the pool) go on working
    a = gp.arange(10.0)
    a[3:5] = -1.0
    want = np.arange(10.0)
    want[3:5] = -1.0
    assert_array_equal_gp(a, want)
    del a
    assert pool.used_bytes() == used


def test_too_big_for_the_address_space_is_valueerror_like_numpy():
    with pytest.raises(ValueError):
        np.empty(2 ** 62, np.float64)
    with pytest.raises(ValueError):
        gp.empty(2 ** 62, np.float64)
    with pytest.raises(ValueError):
        gp.empty((2 ** 40, 2 ** 40), np.uint8)


def test_pool_limit(pool):
    pool.free_all_blocks()
    pool.set_limit(pool.total_bytes() + (4 << 20))
    assert pool.get_limit() == pool.total_bytes() + (4 << 20)
    with pytest.raises(MemoryError):
        gp.empty(64 << 20, np.uint8)
    a = gp.empty(1 << 20, np.uint8)
    del a
    pool.set_limit(0)
    assert pool.get_limit() == 0
    b = gp.empty(64 << 20, np.uint8)
    del b


def test_memory_error_message_names_the_request(pool):
    with pytest.raises(MemoryError, match=str(TEN_TB)):
        gp.empty(TEN_TB, np.uint8)
