"""ndarray methods that call the namespace's functions (nonzero, take,
compress, repeat, diagonal, trace, searchsorted, partition, argpartition),
byte-level ones (tobytes, tofile, byteswap), a.flat, setflags and
flags.writeable, against NumPy's methods."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same


def host(shape=(3, 4), dtype=np.float64):
    rng = np.random.default_rng(5)
    return rng.integers(-5, 6, shape).astype(dtype)


@pytest.mark.parametrize("name,args,kwargs", [
    ("take", ([0, 5, -1],), {}),
    ("take", ([[0, 1]],), {"axis": 1}),
    ("take", ([7, -9],), {"axis": 1, "mode": "wrap"}),
    ("compress", ([True, False, True],), {"axis": 0}),
    ("compress", ([False, True],), {}),
    ("repeat", (2,), {}),
    ("repeat", ([1, 0, 2],), {"axis": 0}),
    ("diagonal", (), {}),
    ("diagonal", (1,), {}),
    ("diagonal", (), {"offset": -1, "axis1": 1, "axis2": 0}),
    ("trace", (), {}),
    ("trace", (1,), {"dtype": np.float32}),
    ("argpartition", (2,), {"axis": None}),
])
def test_methods_match_numpy(name, args, kwargs):
    x = host()
    got = getattr(gp.asarray(x), name)(*args, **kwargs)
    want = getattr(x, name)(*args, **kwargs)
    if name == "argpartition":  # any valid partition: check the property
        flat = x.reshape(-1)
        got = flat[got.get()]
        assert np.all(got[:2] <= got[2]) and np.all(got[3:] >= got[2])
        return
    same(got, want)


def test_nonzero_and_searchsorted():
    x = host((3, 4))
    got = gp.asarray(x).nonzero()
    for g, w in zip(got, x.nonzero()):
        same(g, w)
    s = np.sort(host((9,)))
    for v in (0.0, [-10, 0, 10], np.array([[1.0], [2.0]])):
        for side in ("left", "right"):
            same(gp.asarray(s).searchsorted(v, side=side),
                 s.searchsorted(v, side=side))


def test_partition_is_in_place():
    x = host((4, 5))
    a = gp.asarray(x)
    assert a.partition(2, axis=1) is None
    got = a.get()
    kth = np.sort(x, axis=1)[:, 2:3]
    assert np.array_equal(got[:, 2:3], kth)
    assert np.all(got[:, :2] <= kth) and np.all(got[:, 3:] >= kth)


@pytest.mark.parametrize("dtype", [np.int16, np.uint32, np.float64,
                                   np.complex64, np.bool_])
def test_bytes_and_byteswap(dtype, tmp_path):
    x = host((3, 4), dtype)
    a = gp.asarray(x)
    assert a.tobytes() == x.tobytes()
    assert a.T.tobytes() == x.T.tobytes()
    assert a.tobytes("F") == x.tobytes("F")
    same(a.byteswap(), x.byteswap())
    same(a[:, ::2].byteswap(), x[:, ::2].byteswap())
    b = gp.asarray(x)
    assert b.byteswap(inplace=True) is b
    same(b, x.byteswap())
    f1, f2 = tmp_path / "g.bin", tmp_path / "n.bin"
    a.tofile(str(f1))
    x.tofile(str(f2))
    assert f1.read_bytes() == f2.read_bytes()


@pytest.mark.parametrize("layout", ["C", "T", "strided"])
def test_flat_reads_and_writes_in_c_order(layout):
    x = np.arange(24.0).reshape(4, 6)
    a = gp.asarray(x)
    view = {"C": lambda m: m, "T": lambda m: m.T,
            "strided": lambda m: m[::2, 1::2]}[layout]
    xv, av = view(x), view(a)
    assert len(av.flat) == xv.size
    for key in (3, slice(1, 5), [0, 2, 4], np.array([True, False] * (
            xv.size // 2))):
        same(av.flat[key], np.asarray(xv.flat[key]))
    assert list(av.flat) == list(xv.flat)
    av.flat[[1, 2]] = [100.0, 200.0]
    xv.flat[[1, 2]] = [100.0, 200.0]
    av.flat[-1] = -7
    xv.flat[-1] = -7
    same(a, x)
    av.flat = [1.5, 2.5, 3.5]
    xv.flat = [1.5, 2.5, 3.5]
    same(a, x)


def test_writeable_flag_can_be_cleared_and_restored():
    a = gp.arange(6.0)
    a.flags.writeable = False
    assert not a.flags.writeable
    with pytest.raises(ValueError):
        a[0] = 1
    v = a[1:]
    assert not v.flags.writeable
    with pytest.raises(ValueError):   # NumPy: the base is read-only
        v.flags.writeable = True
    a.setflags(write=True)
    assert a.flags.writeable
    a[0] = 9
    assert a.get()[0] == 9
    a.flags["WRITEABLE"] = False
    assert not a.flags["W"]
    x = np.arange(6.0)
    x.flags.writeable = False
    with pytest.raises(ValueError):
        x[1:].flags.writeable = True
    with pytest.raises(ValueError):
        a.setflags(uic=True)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128, np.bool_])
def test_pickle_round_trip_keeps_values_dtype_and_order(dtype, tmp_path):
    import copy
    import pickle
    x = host((3, 4), dtype)
    for view in (lambda m: m, lambda m: m.T, lambda m: m[:, ::2],
                 lambda m: m[0, 0]):
        a, w = view(gp.asarray(x)), view(x)
        b = pickle.loads(pickle.dumps(a))
        same(b, np.asarray(w))
        assert b.flags.f_contiguous == np.asarray(
            pickle.loads(pickle.dumps(w))).flags.f_contiguous
        same(copy.deepcopy(a), np.asarray(w))
    a = gp.asarray(x)
    same(pickle.loads(a.dumps()), x)
    a.dump(tmp_path / "a.pkl")
    with open(tmp_path / "a.pkl", "rb") as f:
        same(pickle.load(f), x)


@pytest.mark.parametrize("dtype", [np.float32, np.int16, np.complex64])
def test_real_imag_setters_and_contains(dtype):
    x = host((2, 3), dtype)
    a = gp.asarray(x)
    a.real = 7
    x.real = 7
    same(a, x)
    if np.dtype(dtype).kind == "c":
        a.imag = [1, 2, 3]
        x.imag = [1, 2, 3]
        same(a, x)
    else:
        with pytest.raises(TypeError):
            x.imag = 1
        with pytest.raises(TypeError):
            a.imag = 1
    for v in (7, 1, -100):
        assert (v in a) == (v in x)
