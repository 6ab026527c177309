"""The chunk-type contract gpuarray keeps with Dask, piece by piece: lazy
registration, the backend entry point, dispatch tables, tokenize, sizeof,
serialization, zero-size "meta" arrays, NEP 35 like=, and BitGenerators
built from numpy.random.SeedSequence."""
import os
import pathlib
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import gpuarray as gp

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import gpuarray.dask  # noqa: E402,F401

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run_py(code, extra_path=()):
    env = dict(os.environ)
    # ahead of what the caller had (a GPU machine's wheels may live there)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *map(str, extra_path)] +
        ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                       env=env, capture_output=True, text=True, timeout=120,
                       cwd="/")
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_import_gpuarray_does_not_import_dask():
    out = run_py("""
        import sys, gpuarray as gp
        gp.ones(3).sum()
        print(sorted(m for m in sys.modules
                     if m.split('.')[0] in ('dask', 'distributed')))
    """)
    assert out.strip() == "[]"


def test_registration_when_dask_comes_second():
    out = run_py("""
        import gpuarray as gp
        import dask.array as da
        from dask.array.chunk_types import is_valid_chunk_type
        from dask.sizeof import sizeof
        from distributed.protocol import serialize
        x = gp.ones((4, 5))
        print(is_valid_chunk_type(gp.ndarray), sizeof(x),
              serialize(x)[0]['serializer'])
    """)
    assert out.split() == ["True", "160", "dask"]


def test_backend_entry_point(tmp_path):
    # the metadata `pip install` writes from pyproject's entry point
    dist = tmp_path / "gpuarray-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: gpuarray\n"
                                   "Version: 0.1.0\n")
    text = (ROOT / "pyproject.toml").read_text()
    assert '[project.entry-points."dask.array.backends"]' in text
    (dist / "entry_points.txt").write_text(
        "[dask.array.backends]\n"
        "gpuarray = gpuarray.dask.backend:GpuarrayBackendEntrypoint\n")
    out = run_py("""
        import sys, dask, dask.array as da
        assert 'gpuarray' not in sys.modules
        with dask.config.set({'array.backend': 'gpuarray'}):
            x = da.ones((6, 4), chunks=3)
        print(type(x._meta).__module__, type(x.sum().compute()).__name__)
    """, extra_path=[tmp_path])
    assert out.split() == ["gpuarray", "ndarray"]


def test_dispatch_tables():
    from dask.array.dispatch import (concatenate_lookup, einsum_lookup,
                                     empty_lookup, nannumel_lookup,
                                     numel_lookup, percentile_lookup,
                                     take_lookup, tensordot_lookup,
                                     to_numpy_dispatch)
    x = np.arange(12.).reshape(3, 4)
    g = gp.asarray(x)
    cat = concatenate_lookup.dispatch(gp.ndarray)([g, g], axis=1)
    assert isinstance(cat, gp.ndarray)
    np.testing.assert_array_equal(gp.asnumpy(cat), np.concatenate([x, x], 1))
    t = take_lookup.dispatch(gp.ndarray)(g, [2, 0], axis=0)
    np.testing.assert_array_equal(gp.asnumpy(t), x[[2, 0]])
    td = tensordot_lookup.dispatch(gp.ndarray)(g, g.T, axes=1)
    np.testing.assert_allclose(gp.asnumpy(td), x @ x.T)
    es = einsum_lookup.dispatch(gp.ndarray)("ij,kj->ik", g, g, order="K",
                                            casting="safe")
    np.testing.assert_allclose(gp.asnumpy(es), x @ x.T)
    e = empty_lookup.dispatch(gp.ndarray)((2, 3), dtype=np.float32)
    assert isinstance(e, gp.ndarray) and e.shape == (2, 3)
    for fn in (numel_lookup.dispatch(gp.ndarray),
               nannumel_lookup.dispatch(gp.ndarray)):
        n = fn(g, axis=1, keepdims=True)
        assert isinstance(n, gp.ndarray)
        np.testing.assert_array_equal(gp.asnumpy(n), np.full((3, 1), 4))
    v, count = percentile_lookup.dispatch(gp.ndarray)(
        gp.asarray(x.ravel()), [25, 50])
    assert isinstance(v, gp.ndarray)     # merged on the device by Dask
    np.testing.assert_allclose(gp.asnumpy(v), np.percentile(x.ravel(), [25, 50]))
    assert count == 12
    h = to_numpy_dispatch(g)
    assert type(h) is np.ndarray and np.array_equal(h, x)


def test_tokenize_is_cheap_and_identity_based():
    from dask.base import tokenize
    x = gp.ones((1000, 1000))
    t = tokenize(x)
    assert t == tokenize(x)
    assert t != tokenize(gp.ones((1000, 1000)))
    assert t != tokenize(x[1:])
    assert t != tokenize(x.reshape(1000000))
    # no device-to-host copy: tokenizing never pickles the data
    assert "get" not in repr(x.__dask_tokenize__())
    ident = x.__dask_tokenize__()
    assert ident[2] == x.data.ptr and ident[3] == x.shape


def test_sizeof_and_priority():
    from dask.sizeof import sizeof
    x = gp.empty((100, 10), dtype=np.float32)
    assert sizeof(x) == 4000 == x.nbytes
    assert sizeof(x[::2]) == 2000
    assert x.__array_priority__ > np.empty(0).__array_priority__


@pytest.mark.parametrize("make", [
    lambda: np.arange(24.).reshape(4, 6),
    lambda: np.asfortranarray(np.arange(24, dtype=np.int16).reshape(4, 6)),
    lambda: np.arange(24.).reshape(4, 6)[::2, ::-3],
    lambda: np.zeros((0, 3), np.complex64),
    lambda: np.array(3.5),
    lambda: np.array([True, False, True]),
    # Dask's arg reductions move (vals, arg) records between workers
    lambda: np.array([(1.5, 3), (-2.0, 7)], [("vals", "<f8"), ("arg", "<i8")]),
    lambda: np.zeros(3, np.dtype("i1,(2,)f4", align=True)),
    lambda: np.array(["2020-01-01", "NaT"], "M8[ms]"),
])
def test_serialization_families(make):
    from distributed.protocol import deserialize, serialize
    x = make()
    g = gp.asarray(x)
    for family in ("dask", "cuda", "pickle"):
        header, frames = serialize(g, serializers=[family])
        assert header["serializer"] == family
        back = deserialize(header, frames)
        assert isinstance(back, gp.ndarray)
        assert back.shape == x.shape and back.dtype == x.dtype
        np.testing.assert_array_equal(gp.asnumpy(back), x)
    back = pickle.loads(pickle.dumps(g, protocol=5))
    np.testing.assert_array_equal(gp.asnumpy(back), x)
    # the wire format (msgpack headers) between processes
    from distributed.protocol import dumps, loads
    back = loads(dumps({"x": g}, context={"serializers": ["dask"]}))["x"]
    assert back.dtype == x.dtype
    np.testing.assert_array_equal(gp.asnumpy(back), x)


def test_dask_frames_are_host_bytes():
    from distributed.protocol import serialize
    g = gp.arange(10, dtype=np.int64)
    header, frames = serialize(g, serializers=["dask"])
    assert bytes(frames[0]) == np.arange(10, dtype=np.int64).tobytes()


def test_zero_size_meta_arrays():
    from dask.array.utils import meta_from_array
    x = gp.asarray(np.arange(12.).reshape(3, 4))
    m = x[:0]
    assert isinstance(m, gp.ndarray) and m.shape == (0, 4)
    assert m.reshape((0, 2, 2)).shape == (0, 2, 2)
    assert m.astype(np.float32).dtype == np.float32
    assert float(m.sum()) == 0.0 and m.sum(axis=0).shape == (4,)
    np.testing.assert_array_equal(gp.asnumpy(m.sum(axis=1)),
                                  np.zeros((0, 4)).sum(axis=1))
    assert m.mean(axis=1).shape == (0,)
    with pytest.raises(ValueError):
        m.max()
    for kw in ({}, {"ndim": 1}, {"ndim": 3}, {"dtype": np.int8}):
        mm = meta_from_array(x, **kw)
        assert isinstance(mm, gp.ndarray) and mm.size == 0
        assert mm.ndim == kw.get("ndim", 2)
        assert mm.dtype == kw.get("dtype", x.dtype)
    assert isinstance(meta_from_array(gp.ndarray, dtype=float), gp.ndarray)


def test_like_nep35():
    ref = gp.empty(0)
    host = np.empty(0)
    for fn, args in ((gp.zeros, ((2, 3),)), (gp.ones, ((2, 3),)),
                     (gp.empty, ((2, 3),)), (gp.full, ((2, 3), 7)),
                     (gp.arange, (0, 10, 2)), (gp.asarray, ([1, 2],))):
        a = fn(*args, like=ref)
        assert isinstance(a, gp.ndarray)
        b = fn(*args, like=host)          # NEP 35: the reference's type
        assert type(b) is np.ndarray
        assert a.shape == b.shape and a.dtype == b.dtype
        npfn = getattr(np, fn.__name__)
        c = npfn(*args, like=ref)         # through __array_function__
        assert isinstance(c, gp.ndarray) and c.shape == b.shape
        if fn is not gp.empty:
            np.testing.assert_array_equal(gp.asnumpy(a), b)
            np.testing.assert_array_equal(gp.asnumpy(c), b)
    with pytest.raises(TypeError):
        gp.zeros(3, likes=ref)


def test_bitgenerator_from_seedsequence():
    ss = np.random.SeedSequence(1234)
    bg = gp.random.Philox(ss)
    assert bg.seed_seq is ss
    g1 = gp.random.default_rng(gp.random.Philox(np.random.SeedSequence(1234)))
    g2 = gp.random.default_rng(bg)
    np.testing.assert_array_equal(gp.asnumpy(g1.random(100)),
                                  gp.asnumpy(g2.random(100)))
    kids = bg.spawn(3)
    assert all(type(k) is gp.random.Philox for k in kids)
    draws = [gp.asnumpy(gp.random.default_rng(k).random(50)) for k in kids]
    assert len({d.tobytes() for d in draws}) == 3
    again = [gp.asnumpy(gp.random.default_rng(k).random(50)) for k in
             gp.random.Philox(np.random.SeedSequence(1234)).spawn(3)]
    for a, b in zip(draws, again):
        np.testing.assert_array_equal(a, b)
    # a SeedSequence directly, and Generator.spawn
    g3 = gp.random.default_rng(np.random.SeedSequence(1234))
    np.testing.assert_array_equal(gp.asnumpy(g3.random(100)),
                                  gp.asnumpy(gp.random.default_rng(
                                      gp.random.Philox(1234)).random(100)))
    sp = gp.random.default_rng(5).spawn(2)
    assert not np.array_equal(gp.asnumpy(sp[0].random(10)),
                              gp.asnumpy(sp[1].random(10)))
    with pytest.raises(ValueError):
        gp.random.Philox(-1)
    b2 = pickle.loads(pickle.dumps(bg))
    assert b2.seed_seq.entropy == ss.entropy


def test_randomstate_array_seed():
    seed = np.random.RandomState(3).randint(0, 2**32, size=624,
                                            dtype=np.uint32)
    a = gp.random.RandomState(seed).random_sample(20)
    b = gp.random.RandomState(seed.copy()).random_sample(20)
    np.testing.assert_array_equal(gp.asnumpy(a), gp.asnumpy(b))
    seed[0] ^= 1
    c = gp.random.RandomState(seed).random_sample(20)
    assert not np.array_equal(gp.asnumpy(a), gp.asnumpy(c))


def test_gpuarray_defers_to_dask_arrays():
    # a registered chunk type: Dask wins the operator, both orders
    x = np.arange(6.).reshape(2, 3)
    g = gp.asarray(x)
    d = da.from_array(gp.ones((2, 3)), chunks=1)
    for got, want in ((g + d, x + 1), (d - g, 1 - x), (g * d, x),
                      (np.add(g, d), x + 1), (g @ d.T, x @ np.ones((3, 2))),
                      (g < d, x < 1)):
        assert isinstance(got, da.Array)
        assert isinstance(got._meta, gp.ndarray)
        np.testing.assert_array_equal(gp.asnumpy(got.compute()), want)
    empty = da.from_array(gp.empty((0, 3)), chunks=2)
    np.testing.assert_array_equal(gp.asnumpy(empty.sum(axis=0).compute()),
                                  np.zeros(3))


def test_registration_when_dask_comes_first():
    # a worker: Dask and distributed are loaded, then an array arrives
    out = run_py("""
        import dask.array as da, distributed
        import gpuarray as gp
        from dask.array.chunk_types import is_valid_chunk_type
        from distributed.protocol import serialize
        from dask.sizeof import sizeof
        print(is_valid_chunk_type(gp.ndarray),
              serialize(gp.ones(3))[0]['serializer'], sizeof(gp.ones(3)))
    """)
    assert out.split() == ["True", "dask", "24"]
