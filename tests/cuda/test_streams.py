"""Streams and events (gpuarray.cuda.Stream / Event, CuPy's API): work
queued on a stream gives NumPy's results, events order streams and time
them, and the pool's per-stream blocks come back when a stream goes
(Note [Streams] in gpuarray/cuda.py)."""
import numpy as np
import pytest

import gpuarray as gp


def test_work_on_a_stream_matches_numpy_and_restores_the_current():
    x = np.random.default_rng(0).random((300, 200))
    before = gp.cuda.get_current_stream()
    s = gp.cuda.Stream()
    with s as entered:
        assert entered is s
        assert gp.cuda.get_current_stream() == s
        a = gp.asarray(x)
        r = (a * 2 + 1).sum(axis=0)
    assert gp.cuda.get_current_stream() == before
    s.synchronize()
    assert s.done
    np.testing.assert_allclose(r.get(), (x * 2 + 1).sum(axis=0), rtol=1e-12)
    s.close()


def test_events_order_two_streams():
    n = 1 << 20
    s1, s2 = gp.cuda.Stream(), gp.cuda.Stream()
    with s1:
        a = gp.arange(n, dtype=np.float64)
        for _ in range(20):
            a = a * 1.0001 + 1
        ready = s1.record()
    s2.wait_event(ready)
    with s2:
        total = a.sum()
    ref = np.arange(n, dtype=np.float64)
    for _ in range(20):
        ref = ref * 1.0001 + 1
    np.testing.assert_allclose(float(total), ref.sum(), rtol=1e-12)
    s1.close()
    s2.close()


def test_event_timing_and_status():
    start, end = gp.cuda.Event(), gp.cuda.Event()
    start.record()
    x = gp.ones(1 << 20)
    y = (x + x).sum()
    end.record()
    end.synchronize()
    assert end.done and start.done
    ms = gp.cuda.get_elapsed_time(start, end)
    assert isinstance(ms, float) and ms >= 0
    assert float(y) == 2.0 * (1 << 20)


def test_streams_come_and_go_without_exhausting_the_pool():
    pool = gp.get_default_memory_pool()
    a = gp.zeros(10)
    used = pool.used_bytes()
    for i in range(100):
        s = gp.cuda.Stream()
        with s:
            b = gp.arange(1000 + i, dtype=np.float32)
            c = (b * 3).get()
            del b
        s.close()
        np.testing.assert_array_equal(c, np.arange(1000 + i,
                                                   dtype=np.float32) * 3)
    assert pool.used_bytes() == used
    # the pool still hands out memory on the default stream
    d = gp.arange(5000, dtype=np.float64)
    np.testing.assert_array_equal(d.get(), np.arange(5000.0))
    del a


def test_null_stream_and_close_twice():
    s = gp.cuda.Stream.null
    assert s.ptr == 0 and s == gp.cuda.Stream(null=True)
    s.synchronize()
    t = gp.cuda.Stream()
    t.close()
    t.close()
    assert t.ptr == 0


def test_raw_kernel_on_a_stream():
    k = gp.RawKernel(r'''
extern "C" __global__ void twice(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2;
}''', "twice")
    s = gp.cuda.Stream()
    x = gp.arange(100, dtype=np.float32)
    k((1,), (128,), (x, np.int32(100)), stream=s)
    s.synchronize()
    np.testing.assert_array_equal(x.get(), np.arange(100, dtype=np.float32)
                                  * 2)
    s.close()


def test_external_stream_from_torch():
    torch = pytest.importorskip("torch")
    if gp._core._get_device()[0] != "cuda" or not torch.cuda.is_available():
        pytest.skip("needs PyTorch with CUDA and the cuda device")
    ts = torch.cuda.Stream()
    with gp.cuda.ExternalStream(ts.cuda_stream):
        a = gp.arange(1000, dtype=np.float64)
        r = (a * a).sum()
    ts.synchronize()
    assert float(r) == float((np.arange(1000.0) ** 2).sum())
