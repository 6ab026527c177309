"""gpuarray chunks in Dask: every operation on a Dask array of gpuarray
chunks equals the same operation on Dask+NumPy, on the threaded scheduler
and on a real distributed.LocalCluster (2 workers talking TCP, so every
chunk and result goes through gpuarray's serializer), and the chunks the
workers hold are gpuarray arrays.  On a cluster of 2 worker processes
(started and closed here) chunks move between processes, each worker
process takes the allocator it is handed, and a worker killed
mid-computation is restarted and the answer is still right.

Each test computes its pairs in one dask.compute: a distributed task costs
~8 ms of scheduler and worker CPU, a separate compute per operation paid
that many times over for the same checks.
"""
import os
import pathlib
import signal
import time

import numpy as np
import pytest

import gpuarray as gp

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

import gpuarray.dask  # noqa: E402,F401  (registered when Dask loaded)

ROOT = str(pathlib.Path(__file__).resolve().parents[2])


# The scheduler's metrics server, dashboard or not, takes port 8787 unless
# told otherwise: two clusters of this module (or another test's) alive at
# once would warn that it is taken.
ANY_HTTP_PORT = {"dashboard_address": ":0"}


@pytest.fixture(scope="module")
def client():
    # workers in this process (the operations are the point, not the
    # processes: no interpreter start-ups, one in-memory kernel cache), but
    # on TCP, not inproc://, so every chunk is serialized as between hosts
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
        # a limit here would watch this whole pytest process
        memory_limit=0, dashboard_address=None, silence_logs=40,
        scheduler_kwargs=ANY_HTTP_PORT)
    yield from _serve(cluster)


def _serve(cluster):
    """A client of `cluster` for the fixture's tests; both closed after."""
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


@pytest.fixture(scope="module")
def process_client():
    # the workers are subprocesses: they import gpuarray from this checkout
    # and share the kernel cache, so they compile nothing twice
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = ROOT + (os.pathsep + old if old else "")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True,
        # a worker that opens CUDA holds the driver's and libraries'
        # memory too: more room there than on the host device
        memory_limit="700MiB" if gp._core._default_kind() == "host"
        else "4GiB", dashboard_address=None,
        silence_logs=40, scheduler_kwargs=ANY_HTTP_PORT)
    try:
        yield from _serve(cluster)
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


@pytest.fixture(params=["threads", "distributed"])
def sched(request):
    if request.param == "threads":
        with dask.config.set(scheduler="threads"):
            yield None
    else:
        c = request.getfixturevalue("client")
        with dask.config.set(scheduler=c.get):
            yield c


def host_data(shape, seed=0, dtype=np.float64):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def pair(x, chunks):
    """The same data as Dask+NumPy and Dask+gpuarray arrays."""
    return (da.from_array(x, chunks=chunks),
            da.from_array(gp.asarray(x), chunks=chunks))


def check(dn, dg, rtol=1e-12, atol=0.0):
    """Computes both; the gpuarray one must be gpuarray, equal to NumPy's."""
    return check_all([(dn, dg)], rtol, atol)[0]


def check_all(pairs, rtol=1e-12, atol=0.0):
    """check() for every (dn, dg[, tolerances]) pair, all in one
    dask.compute; a pair's own tolerances (a dict) replace the defaults."""
    for p in pairs:
        assert isinstance(p[1]._meta, gp.ndarray), type(p[1]._meta)
    done = dask.compute(*[d for p in pairs for d in p[:2]])
    gots = []
    for i, p in enumerate(pairs):
        want, got = done[2 * i], done[2 * i + 1]
        assert isinstance(got, gp.ndarray), type(got)
        got = gp.asnumpy(got)
        want = np.asarray(want)
        assert got.shape == want.shape
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
        tol = {"rtol": rtol, "atol": atol, **(p[2] if len(p) > 2 else {})}
        np.testing.assert_allclose(got, want, **tol)
        gots.append(got)
    return gots


def chunk_types(d):
    blocks = d.to_delayed().ravel().tolist()
    return set(dask.compute(*[dask.delayed(type)(b) for b in blocks]))


X = host_data((40, 30))
CH = (16, 12)


def test_from_array_chunks_are_gpuarray(sched):
    dn, dg = pair(X, CH)
    check(dn, dg)
    assert chunk_types(dg) == {gp.ndarray}
    assert dg.numblocks == (3, 3)


def test_map_blocks_and_blockwise(sched):
    dn, dg = pair(X, CH)
    f = lambda b: b * 2 + 1  # noqa: E731
    assert chunk_types(dg.map_blocks(np.exp)) == {gp.ndarray}
    yn, yg = pair(host_data((40, 30), 1), CH)
    check_all([
        (dn.map_blocks(f), dg.map_blocks(f)),
        (da.blockwise(np.add, "ij", dn, "ij", yn, "ij", dtype=X.dtype),
         da.blockwise(np.add, "ij", dg, "ij", yg, "ij", dtype=X.dtype)),
        # a transpose through blockwise indices
        (da.blockwise(lambda a: a.T, "ji", dn, "ij", dtype=X.dtype),
         da.blockwise(lambda a: a.T, "ji", dg, "ij", dtype=X.dtype))])


def test_elementwise_chain(sched):
    dn, dg = pair(X, CH)
    f = lambda d: da.sqrt(abs(d * 5 - 3) + 1) / (d ** 2 + 1) + da.sin(d)
    m = lambda d: da.where(d > 0, d, 0.5 * d).astype(np.float32)
    dn2, dg2 = dn.copy(), dg.copy()
    dn2 *= 5
    dg2 *= 5
    check_all([(f(dn), f(dg)), (m(dn), m(dg), {"rtol": 1e-6}), (dn2, dg2)])


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_reductions(sched, axis):
    dn, dg = pair(X, CH)
    check_all([(getattr(dn, name)(axis=axis), getattr(dg, name)(axis=axis),
                {"atol": 1e-12})
               for name in ("sum", "prod", "min", "max", "mean", "std",
                            "var")]
              + [(dn.std(axis=axis, ddof=1), dg.std(axis=axis, ddof=1)),
                 (da.nansum(dn, axis=axis), da.nansum(dg, axis=axis))],
              rtol=1e-10)


def test_nan_reductions_and_counts(sched):
    x = X.copy()
    x[3, 4] = x[20, 7] = np.nan
    dn, dg = pair(x, CH)
    loose = {"rtol": 1e-10}
    check_all([(da.nanmean(dn, axis=0), da.nanmean(dg, axis=0), loose),
               (da.nanvar(dn, axis=1), da.nanvar(dg, axis=1), loose),
               (da.count_nonzero(dn > 0, axis=1),
                da.count_nonzero(dg > 0, axis=1))])


def test_arg_reductions_and_cumsum(sched):
    dn, dg = pair(X, CH)
    check_all([(getattr(dn, f)(axis=axis), getattr(dg, f)(axis=axis))
               for axis in (None, 0, 1) for f in ("argmin", "argmax")]
              + [(dn.cumsum(axis=0), dg.cumsum(axis=0), {"rtol": 1e-10}),
                 (dn.cumprod(axis=1), dg.cumprod(axis=1), {"rtol": 1e-10})])


def test_percentile(sched):
    v = host_data((101,), 3)
    dn, dg = pair(v, 30)
    want, got = dask.compute(da.percentile(dn, [10, 50, 90]),
                             da.percentile(dg, [10, 50, 90]))
    np.testing.assert_allclose(gp.asnumpy(got) if isinstance(
        got, gp.ndarray) else got, want, rtol=1e-12)


def test_rechunk_concatenate_stack(sched):
    dn, dg = pair(X, CH)
    r = dg.rechunk((7, 30))
    assert r.chunks == dn.rechunk((7, 30)).chunks
    yn, yg = pair(host_data((40, 30), 2), (10, 10))
    check_all([
        (dn.rechunk((7, 30)), r),
        (da.concatenate([dn, yn], axis=1), da.concatenate([dg, yg], axis=1)),
        (da.stack([dn, yn], axis=0), da.stack([dg, yg], axis=0)),
        (da.concatenate([dn, yn], axis=0).sum(axis=0),
         da.concatenate([dg, yg], axis=0).sum(axis=0), {"rtol": 1e-10})])


def test_fancy_indexing(sched):
    dn, dg = pair(X, CH)
    idx = np.array([0, 39, 5, 5, 17, 33])
    check_all([(dn[idx], dg[idx]),
               (dn[:, [29, 0, 12]], dg[:, [29, 0, 12]]),
               (dn[dn[:, 0] > 0], dg[dg[:, 0] > 0]),
               (dn[3:37:4, ::-3], dg[3:37:4, ::-3]),
               (da.take(dn, idx, axis=0), da.take(dg, idx, axis=0))])


def test_tensordot_matmul_einsum(sched):
    a = host_data((40, 30), 4)
    b = host_data((30, 20), 5)
    an, ag = pair(a, (16, 12))
    bn, bg = pair(b, (12, 8))
    check_all([(an @ bn, ag @ bg),
               (da.matmul(an, bn), da.matmul(ag, bg)),
               (da.tensordot(an, bn, axes=1), da.tensordot(ag, bg, axes=1)),
               (da.einsum("ij,jk->ik", an, bn),
                da.einsum("ij,jk->ik", ag, bg)),
               (da.einsum("ij->j", an), da.einsum("ij->j", ag)),
               (da.dot(an[0], bn[:, 0]), da.dot(ag[0], bg[:, 0]))],
              rtol=1e-10)


def test_random_backend(sched):
    with dask.config.set({"array.backend": "gpuarray"}):
        r1 = da.random.default_rng(42).random((50, 40), chunks=(20, 20))
        r2 = da.random.default_rng(42).random((50, 40), chunks=(20, 20))
        r3 = da.random.default_rng(43).random((50, 40), chunks=(20, 20))
        s = da.random.RandomState(7).normal(2.0, 3.0, size=(300, 200),
                                            chunks=(100, 100))
        n = da.random.default_rng(0).standard_normal(200_000, chunks=50_000)
    with dask.config.set({"array.backend": "numpy"}):
        ref = da.random.default_rng(42).random((50, 40), chunks=(20, 20))
    assert isinstance(r1._meta, gp.ndarray)
    assert chunk_types(r1) == {gp.ndarray}
    a1, a2, a3, sv, nv = (gp.asnumpy(v)
                          for v in dask.compute(r1, r2, r3, s, n))
    assert a1.shape == ref.shape and a1.dtype == ref.dtype
    np.testing.assert_array_equal(a1, a2)          # same seed: same array
    assert not np.array_equal(a1, a3)              # other seed: other one
    assert ((a1 >= 0) & (a1 < 1)).all()
    # chunks are independent streams: no two blocks alike
    blocks = [a1[i:i + 20, j:j + 20] for i in (0, 20) for j in (0, 20)]
    assert len({b.tobytes() for b in blocks}) == 4
    # each chunk is gpuarray's own generator on the spawned seed
    from dask.array.random import _spawn_bitgens
    kids = _spawn_bitgens(gp.random.Philox(42), 9)
    first = gp.random.default_rng(kids[0]).random((20, 20))
    np.testing.assert_array_equal(a1[:20, :20], gp.asnumpy(first))
    assert abs(sv.mean() - 2.0) < 0.05 and abs(sv.std() - 3.0) < 0.05
    assert abs(nv.mean()) < 0.01 and abs(nv.std() - 1) < 0.01


def test_creation_backend_and_to_backend(sched):
    with dask.config.set({"array.backend": "gpuarray"}):
        made = [da.ones((9, 7), chunks=4), da.zeros((9, 7), chunks=4),
                da.full((9, 7), 2.5, chunks=4), da.arange(0, 20, 3, chunks=3),
                da.empty((5,), chunks=2)]
    with dask.config.set({"array.backend": "numpy"}):
        ref = [da.ones((9, 7), chunks=4), da.zeros((9, 7), chunks=4),
               da.full((9, 7), 2.5, chunks=4), da.arange(0, 20, 3, chunks=3)]
    assert isinstance(made[4]._meta, gp.ndarray)
    assert made[4].compute().shape == (5,)
    dn = da.from_array(X, chunks=CH)
    moved = dn.to_backend("gpuarray")
    assert isinstance(moved._meta, gp.ndarray)
    check_all([(n, g) for g, n in zip(made[:4], ref)] + [(dn, moved)])
    back = moved.to_backend("numpy")
    assert isinstance(back._meta, np.ndarray)
    np.testing.assert_array_equal(back.compute(), X)


def test_persist_then_compute(sched):
    dn, dg = pair(X, CH)
    pg = (dg * 2 + 1).persist()
    pn = (dn * 2 + 1).persist()
    check_all([(pn.sum(axis=0), pg.sum(axis=0), {"rtol": 1e-10}), (pn, pg)])
    if sched is not None:
        # the persisted chunks live on the workers, as gpuarray arrays
        def held(dask_worker):
            return sorted({type(v).__module__ + "." + type(v).__name__
                           for k, v in dask_worker.data.items()
                           if pg.name in str(k)})
        kinds = set()
        for v in sched.run(held).values():
            kinds.update(v)
        assert kinds == {"gpuarray.ndarray"}


def test_chunks_move_between_workers(process_client):
    # one worker process makes the chunks, the other reduces them: the
    # arrays go through our "dask" serializer over TCP
    client = process_client
    w1, w2 = sorted(client.scheduler_info()["workers"])
    x = gp.asarray(X)
    f = client.scatter(x, workers=[w1])
    g = client.submit(lambda a: (a * 3)[::2], f, workers=[w1])
    h = client.submit(lambda a: (type(a).__name__, gp.asnumpy(a.sum(0))),
                      g, workers=[w2])
    name, s = h.result()
    assert name == "ndarray"
    np.testing.assert_allclose(s, (X * 3)[::2].sum(0), rtol=1e-12)
    back = g.result()
    assert isinstance(back, gp.ndarray)
    np.testing.assert_array_equal(gp.asnumpy(back), (X * 3)[::2])


def _slow(b):
    time.sleep(0.25)
    return b + 1


def test_worker_killed_mid_computation(process_client):
    client = process_client
    dn, dg = pair(host_data((64, 64), 9), (8, 64))
    work = dg.map_blocks(_slow).sum(axis=1)
    fut = client.compute(work)
    time.sleep(0.8)                      # some chunks done, some running
    pids = client.run(os.getpid)
    victim = sorted(pids)[0]
    os.kill(pids[victim], signal.SIGKILL)
    got = gp.asnumpy(fut.result(timeout=90))
    np.testing.assert_allclose(got, (dn + 1).sum(axis=1).compute(),
                               rtol=1e-12)
    client.wait_for_workers(2, timeout=60)
    assert set(client.run(os.getpid).values()) != set(pids.values())


def _install_counting_allocator():
    import gpuarray as g
    pool = g.cuda.MemoryPool()
    counts = {"n": 0}

    def alloc(nbytes):
        counts["n"] += 1
        return pool.malloc(nbytes)
    alloc.counts = counts
    g.cuda.set_allocator(alloc)


def _allocator_count_and_reset():
    import gpuarray as g
    fn = g.cuda.get_allocator()
    g.cuda.set_allocator(None)
    return fn.counts["n"] if fn is not None else -1


def test_cluster_hands_its_allocator_to_gpuarray(process_client):
    # what a dask-cuda cluster does with RMM: every worker routes gpuarray's
    # allocations through the pool it was given
    client = process_client
    client.run(_install_counting_allocator)
    try:
        dn, dg = pair(host_data((64, 48), 11), (16, 16))
        got = gp.asnumpy(((dg * 2) ** 2).sum(axis=0).compute())
        np.testing.assert_allclose(got, ((dn * 2) ** 2).sum(axis=0).compute(),
                                   rtol=1e-12)
    finally:
        counts = client.run(_allocator_count_and_reset)
    assert sum(counts.values()) > 0, counts
