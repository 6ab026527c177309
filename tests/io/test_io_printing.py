"""gpuarray.io.files and gpuarray.io.printing: NumPy's readers return gpuarray
arrays, NumPy's writers accept them and write NumPy's bytes, load gives
gpuarray arrays (and an NpzFile of them), and the printing functions give
NumPy's strings for gpuarray arrays."""
import io
import zipfile

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import SAMPLE_DTYPES
from conftest import assert_array_equal_gp as same, make_pair


# ------------------------------------------------------------ readers

@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float16,
                                   np.float64, np.complex64])
def test_frombuffer(dtype):
    buf = np.arange(12).astype(dtype).tobytes()
    itemsize = np.dtype(dtype).itemsize
    same(gp.frombuffer(buf, dtype), np.frombuffer(buf, dtype))
    same(gp.frombuffer(buf, dtype, count=3, offset=itemsize),
         np.frombuffer(buf, dtype, count=3, offset=itemsize))
    same(gp.frombuffer(buf, dtype=dtype, like=gp.zeros(1)),
         np.frombuffer(buf, dtype=dtype))


def test_frombuffer_errors_are_numpys():
    with pytest.raises(ValueError) as ours:
        gp.frombuffer(b"abc", np.int32)
    with pytest.raises(ValueError) as theirs:
        np.frombuffer(b"abc", np.int32)
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError, match="not supported by gpuarray"):
        gp.frombuffer(b"ab", "S1")


def test_fromiter_fromstring():
    same(gp.fromiter(range(5), np.int16), np.fromiter(range(5), np.int16))
    same(gp.fromiter((x * x for x in range(10)), float, count=4),
         np.fromiter((x * x for x in range(10)), float, count=4))
    same(gp.fromstring("1 2 3.5", sep=" "), np.fromstring("1 2 3.5",
                                                          sep=" "))
    same(gp.fromstring("1,2,3", dtype=np.int64, sep=",", count=2),
         np.fromstring("1,2,3", dtype=np.int64, sep=",", count=2))
    with pytest.raises(ValueError, match="binary mode"):
        gp.fromstring(b"\x01\x02", dtype=np.uint8)


def test_fromfile(tmp_path):
    x = np.arange(10, dtype=np.float32)
    x.tofile(tmp_path / "b.bin")
    same(gp.fromfile(tmp_path / "b.bin", np.float32),
         np.fromfile(tmp_path / "b.bin", np.float32))
    same(gp.fromfile(str(tmp_path / "b.bin"), np.float32, count=3,
                     offset=8),
         np.fromfile(str(tmp_path / "b.bin"), np.float32, count=3,
                     offset=8))
    (tmp_path / "t.txt").write_text("1, 2, 3, 4")
    same(gp.fromfile(tmp_path / "t.txt", np.int64, sep=","),
         np.fromfile(tmp_path / "t.txt", np.int64, sep=","))


TEXT = "# header\n1 2 3\n4 5 6\n7 8 9.5\n"


@pytest.mark.parametrize("kwargs", [
    {}, {"dtype": np.float32}, {"usecols": (0, 2)}, {"skiprows": 2},
    {"unpack": True}, {"skiprows": 1, "max_rows": 1, "ndmin": 2}, {"usecols": 1},
    {"dtype": np.complex128}])
def test_loadtxt(tmp_path, kwargs):
    path = tmp_path / "a.txt"
    path.write_text(TEXT)
    same(gp.loadtxt(path, **kwargs), np.loadtxt(path, **kwargs))
    same(gp.loadtxt(io.StringIO(TEXT), like=None, **kwargs),
         np.loadtxt(io.StringIO(TEXT), **kwargs))


def test_loadtxt_delimiter_converters_and_errors(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("a;b\n1;2\n3;x\n")
    kw = dict(delimiter=";", skiprows=1, converters={1: lambda s: 0
                                                      if s == "x" else s})
    same(gp.loadtxt(path, **kw), np.loadtxt(path, **kw))
    with pytest.raises(ValueError) as ours:
        gp.loadtxt(path, delimiter=";", skiprows=1)
    with pytest.raises(ValueError) as theirs:
        np.loadtxt(path, delimiter=";", skiprows=1)
    assert str(ours.value) == str(theirs.value)


def test_genfromtxt(tmp_path):
    path = tmp_path / "g.csv"
    path.write_text("1,2,3\n4,,6\n7,8,N/A\n")
    for kwargs in ({"delimiter": ","},
                   {"delimiter": ",", "filling_values": -1},
                   {"delimiter": ",", "missing_values": "N/A",
                    "filling_values": 0, "dtype": np.int32},
                   {"delimiter": ",", "usecols": (0, 2), "unpack": True},
                   {"delimiter": ",", "skip_header": 1, "skip_footer": 1}):
        same(gp.genfromtxt(path, **kwargs), np.genfromtxt(path, **kwargs))
    with pytest.raises(TypeError, match="masked"):
        gp.genfromtxt(path, delimiter=",", usemask=True)
    # names=True gives a structured array: data on the device (issue 19)
    got = gp.genfromtxt(path, delimiter=",", names=True)
    want = np.genfromtxt(path, delimiter=",", names=True)
    assert got.dtype == want.dtype
    assert str(got.get().tolist()) == str(want.tolist())


# ------------------------------------------------------------ writers

@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative",
                                    "transposed", "broadcast"])
def test_save_writes_numpys_bytes(tmp_path, layout):
    x, g = make_pair((3, 4), np.float32, layout)
    gp.save(tmp_path / "g.npy", g)
    np.save(tmp_path / "n.npy", x)
    assert ((tmp_path / "g.npy").read_bytes() ==
            (tmp_path / "n.npy").read_bytes())


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint64,
                                   np.float16, np.complex128])
def test_save_load_roundtrip(tmp_path, dtype):
    x, g = make_pair((2, 5), dtype)
    f = io.BytesIO()
    gp.save(f, g)
    assert f.getvalue() == _npy_bytes(x)
    f.seek(0)
    same(gp.load(f), x)
    gp.save(tmp_path / "a", g)           # NumPy appends .npy
    same(gp.load(tmp_path / "a.npy"), x)
    loaded = gp.load(tmp_path / "a.npy", mmap_mode="r")
    same(loaded, x)
    loaded[0, 0] = loaded[1, 1]          # a device copy, not the map
    same(gp.load(tmp_path / "a.npy"), x)


def _npy_bytes(x):
    f = io.BytesIO()
    np.save(f, x)
    return f.getvalue()


def _members(path):
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.mark.parametrize("save", ["savez", "savez_compressed"])
def test_savez_writes_numpys_members(tmp_path, save):
    x, g = make_pair((3, 4), np.float64, "F")
    y, h = make_pair((5,), np.int16, "strided", seed=1)
    getattr(gp, save)(tmp_path / "g.npz", g, h, named=g.T, plain=y)
    getattr(np, save)(tmp_path / "n.npz", x, y, named=x.T, plain=y)
    ours, theirs = _members(tmp_path / "g.npz"), _members(tmp_path /
                                                          "n.npz")
    assert sorted(ours) == ["arr_0.npy", "arr_1.npy", "named.npy",
                            "plain.npy"]
    assert ours == theirs


@pytest.mark.parametrize("kwargs", [
    {}, {"fmt": "%d"}, {"fmt": "%.3f", "delimiter": ","},
    {"header": "a b c\nd", "footer": "end", "comments": "% "},
    {"newline": ";\n", "fmt": ["%d", "%.2e", "%g", "%5.1f"]}])
def test_savetxt(tmp_path, kwargs):
    x, g = make_pair((3, 4), np.float64, "transposed", specials=False)
    gp.savetxt(tmp_path / "g.txt", g, **kwargs)
    np.savetxt(tmp_path / "n.txt", x, **kwargs)
    assert ((tmp_path / "g.txt").read_bytes() ==
            (tmp_path / "n.txt").read_bytes())


def test_savetxt_1d_and_complex():
    x, g = make_pair((4,), np.complex64, specials=False)
    for a, b in ((g, x), (g.real, x.real)):
        ours, theirs = io.StringIO(), io.StringIO()
        gp.savetxt(ours, a)
        np.savetxt(theirs, b)
        assert ours.getvalue() == theirs.getvalue()


def test_numpy_functions_dispatch_to_ours(tmp_path):
    x, g = make_pair((2, 3), np.int32)
    np.save(tmp_path / "d.npy", g)
    assert (tmp_path / "d.npy").read_bytes() == _npy_bytes(x)
    assert np.array2string(g, separator=",") == np.array2string(
        x, separator=",")


# ------------------------------------------------------------ load

def test_load_npz_mapping(tmp_path):
    x, g = make_pair((3, 4), np.float32)
    y = np.arange(5, dtype=np.uint8)
    gp.savez(tmp_path / "m.npz", g, y=y)
    ref = np.load(tmp_path / "m.npz")
    with gp.load(tmp_path / "m.npz") as z:
        assert z.files == ref.files and sorted(z.files) == ["arr_0", "y"]
        assert list(z) == list(ref) and list(z.keys()) == list(ref.keys())
        assert len(z) == 2 and "y" in z and "y.npy" in z and "q" not in z
        same(z["arr_0"], x)
        same(z["y.npy"], y)
        same(z.f.y, y)
        same(z.get("y"), y)
        assert z.get("missing") is None
        values = dict(z.items())
        assert list(values) == ref.files
        same(values["arr_0"], x)
        assert all(isinstance(v, gp.ndarray) for v in z.values())
        assert "y" in dir(z.f)
        with pytest.raises(KeyError) as ours:
            z["missing"]
        with pytest.raises(KeyError) as theirs:
            ref["missing"]
        assert str(ours.value) == str(theirs.value)
        with pytest.raises(AttributeError):
            z.f.missing
        assert z.zip is not None and repr(z).startswith("gpuarray.NpzFile")
    ref.close()
    assert z.zip is None                  # closed by the with block
    z.close()                             # closing twice is fine
    with pytest.raises(AttributeError):
        z["y"]


def test_load_npz_from_file_object(tmp_path):
    x, g = make_pair((4,), np.complex64)
    gp.savez_compressed(tmp_path / "c.npz", a=g)
    with open(tmp_path / "c.npz", "rb") as f:
        z = gp.load(f)
        same(z["a"], x)
        z.close()
        assert not f.closed               # NumPy leaves a caller's file open


def test_load_object_arrays(tmp_path):
    obj = np.array([1, "a", None], dtype=object)
    np.save(tmp_path / "o.npy", obj, allow_pickle=True)
    with pytest.raises(ValueError) as ours:
        gp.load(tmp_path / "o.npy")
    with pytest.raises(ValueError) as theirs:
        np.load(tmp_path / "o.npy")
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError, match="not supported by gpuarray"):
        gp.load(tmp_path / "o.npy", allow_pickle=True)
    np.savez(tmp_path / "o.npz", obj=obj, num=np.ones(2))
    with gp.load(tmp_path / "o.npz") as z:
        same(z["num"], np.ones(2))
        with pytest.raises(ValueError, match="allow_pickle"):
            z["obj"]
    with gp.load(tmp_path / "o.npz", allow_pickle=True) as z:
        assert z.allow_pickle
        with pytest.raises(TypeError, match="not supported by gpuarray"):
            z["obj"]
    with pytest.raises(ValueError) as ours:
        gp.save(tmp_path / "p.npy", obj, allow_pickle=False)
    with pytest.raises(ValueError) as theirs:
        np.save(tmp_path / "p.npy", obj, allow_pickle=False)
    assert str(ours.value) == str(theirs.value)


def test_load_pickle(tmp_path):
    import pickle
    with open(tmp_path / "p.pkl", "wb") as f:
        pickle.dump({"k": [1, 2]}, f)
    with pytest.raises(ValueError) as ours:
        gp.load(tmp_path / "p.pkl")
    with pytest.raises(ValueError) as theirs:
        np.load(tmp_path / "p.pkl")
    assert str(ours.value) == str(theirs.value)
    assert gp.load(tmp_path / "p.pkl", allow_pickle=True) == {"k": [1, 2]}


# ------------------------------------------------------------ printing

PRINT_DTYPES = [d.type for d in SAMPLE_DTYPES]


@pytest.mark.parametrize("dtype", PRINT_DTYPES, ids=lambda d: d.__name__)
def test_repr_str_match_numpy(dtype):
    for shape in ((5,), (2, 3), (), (0,), (2, 0), (3, 1, 2)):
        x, g = make_pair(shape, dtype, specials=shape != ())
        assert repr(g) == repr(x) == gp.array_repr(g) == np.array_repr(x)
        assert str(g) == str(x) == gp.array_str(g) == np.array_str(x)
        assert gp.array2string(g) == np.array2string(x)


@pytest.mark.parametrize("kwargs", [
    {"precision": 3}, {"max_line_width": 20}, {"suppress_small": True},
    {"separator": ", ", "prefix": "  "}, {"sign": "+"},
    {"floatmode": "fixed", "precision": 2}, {"threshold": 5, "edgeitems": 1},
    {"formatter": {"float": lambda v: "<%.1f>" % v}},
    {"legacy": "1.13"}, {"suffix": ";", "max_line_width": 30}])
def test_array2string_options(kwargs):
    x, g = make_pair((3, 4), np.float64, "negative", specials=False)
    x, g = x / 1e4, g / 1e4
    assert gp.array2string(g, **kwargs) == np.array2string(x, **kwargs)


def test_repr_str_with_arguments_and_layouts():
    for layout in ("F", "strided", "transposed", "broadcast"):
        x, g = make_pair((3, 40), np.float32, layout)
        for args in ((), (50,), (None, 2), (60, 3, True)):
            assert gp.array_repr(g, *args) == np.array_repr(x, *args)
            assert gp.array_str(g, *args) == np.array_str(x, *args)
    assert gp.array_repr(np.arange(3)) == np.array_repr(np.arange(3))


def test_print_options_govern_gpuarray_repr():
    x, g = make_pair((2000,), np.float64, specials=False)
    saved = gp.get_printoptions()
    for options in ({"precision": 2}, {"threshold": 10, "edgeitems": 2},
                    {"linewidth": 40, "sign": " "},
                    {"floatmode": "unique", "suppress": True},
                    {"legacy": "1.21"}):
        with gp.printoptions(**options):
            assert gp.get_printoptions() == np.get_printoptions()
            assert repr(g) == repr(x) and str(g) == str(x)
            assert gp.array2string(g) == np.array2string(x)
    assert gp.get_printoptions() == saved
    try:
        gp.set_printoptions(precision=1, threshold=4)
        assert np.get_printoptions()["precision"] == 1
        assert repr(g) == repr(x)
        assert repr(g).count("...") == 1
    finally:
        np.set_printoptions(**saved)
    assert gp.get_printoptions() == saved


def test_number_formatting_is_numpys():
    for name in ("set_printoptions", "get_printoptions", "printoptions",
                 "format_float_positional", "format_float_scientific",
                 "base_repr", "binary_repr"):
        assert getattr(gp, name) is getattr(np, name)
    assert gp.binary_repr(-5, width=8) == "11111011"
    assert gp.base_repr(255, 16) == "FF"
    assert gp.format_float_positional(np.float32(0.1)) == "0.1"
    assert gp.format_float_scientific(1.5e-10, precision=1) == "1.5e-10"
