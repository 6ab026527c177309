"""Issue 22: the pool's free_all_blocks really gives memory back (a no-op
free_all_blocks fails these), and only the asked stream's blocks go."""
import gpuarray as gp
from gpuarray.cuda import Stream, get_current_stream


def _cached(pool):
    return pool.total_bytes() - pool.used_bytes()


def test_free_all_blocks_returns_cached_memory():
    pool = gp.get_default_memory_pool()
    pool.free_all_blocks()
    keep = gp.zeros(10)
    x = gp.zeros(1 << 21)                 # 16 MiB: a segment of its own
    del x
    assert _cached(pool) >= 16 << 20       # the block stays cached
    before = pool.n_free_blocks()
    pool.free_all_blocks()
    assert _cached(pool) < 16 << 20        # ...and goes back
    assert pool.n_free_blocks() < before
    assert float(keep.sum()) == 0.0       # live arrays are untouched


def test_free_all_blocks_on_the_current_stream():
    pool = gp.get_default_memory_pool()
    x = gp.ones(1 << 21)
    del x
    cached = _cached(pool)
    assert cached >= 16 << 20
    pool.free_all_blocks(stream=get_current_stream())
    assert _cached(pool) < cached


def test_free_all_blocks_other_stream_keeps_blocks():
    if not gp.cuda.is_available():
        # host: every stream is the default stream (Note [Streams]), so
        # the same arena goes -- nothing else to observe
        s = Stream()
        assert s.ptr == get_current_stream().ptr
        return
    pool = gp.get_default_memory_pool()
    x = gp.ones(1 << 21)
    del x
    cached = _cached(pool)
    pool.free_all_blocks(stream=Stream(non_blocking=True))
    assert _cached(pool) == cached
