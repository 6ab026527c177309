"""gpuarray/indexing/index_tricks.py against NumPy: r_/c_ (slices, complex steps,
scalars, lists, directives), mgrid/ogrid, ndenumerate, and the small type
helpers, with NumPy's exception types for bad input."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray._engine import lazy as _lazy
from gpuarray.indexing import index_tricks as _index_tricks
from conftest import assert_array_equal_gp as same


def both(expr):
    """expr evaluated with X = numpy and with X = gpuarray."""
    env = {"np": np, "gp": gp}
    return (eval(expr.replace("X.", "np."), env),
            eval(expr.replace("X.", "gp."), env))


# ---------------------------------------------------------------- r_, c_

R_CASES = [
    "X.r_[1:4, 0, [7, 8]]",
    "X.r_[-1:1:6j, [0]*3, 5, 6]",
    "X.r_[0:1:0.1]",
    "X.r_[0:10:3j]",
    "X.r_[5:0:-1, 2j]",
    "X.r_[0:10:np.complex64(4j)]",
    "X.r_[:5]",
    "X.r_[3]",
    "X.r_[True, 2]",
    "X.r_[np.float32(1), 2.5]",
    "X.r_[np.array([1, 2], np.int8), 3]",
    "X.r_[np.array([1, 2], np.uint8), -1.5]",
    "X.r_[np.uint8(3), 1:4]",
    "X.r_[np.array([1.0, 2.0], np.float32), np.array([3], np.int64)]",
    "X.r_[[1 + 2j], 0:2]",
    "X.r_[np.array(7), [8, 9]]",
    "X.r_[np.zeros(0), 1:3]",
    "X.r_['-1', np.ones((2, 3)), np.zeros((2, 2))]",
    "X.r_['1', np.ones((2, 3)), np.arange(4.0).reshape(2, 2)]",
    "X.r_['0,2', [1, 2, 3], [4, 5, 6]]",
    "X.r_['0,2,0', [1, 2, 3], [4, 5, 6]]",
    "X.r_['1,2,0', [1, 2, 3], [4, 5, 6]]",
    "X.r_['0,2,1', [1, 2], [3, 4]]",
    "X.r_['0,3,-2', [1, 2], [3, 4]]",
    "X.r_['0,3,1', [[1, 2]], [[3, 4]]]",
    "X.r_['0,3,0', 0:3, 5:8]",
    "X.r_['-1,2', 0:3, 5:8]",
    "X.r_['0,2,0,9', [1, 2], [3, 4]]",
    "X.c_[1:3, 4:6]",
    "X.c_[0:1:5j, 1:2:5j]",
    "X.c_[np.array([1, 2, 3]), np.array([4, 5, 6])]",
    "X.c_[np.array([1, 2]), np.array([[3], [4]])]",
    "X.c_[np.array([[1, 2, 3]]), 0, 0, np.array([[4, 5, 6]])]",
    "X.c_['0', [1, 2], [3, 4]]",
]


@pytest.mark.parametrize("expr", R_CASES)
def test_r_c_match_numpy(expr):
    n, g = both(expr)
    same(g, n)


def test_r_large_ranges_use_device_kernels():
    # above _creation._SMALL elements arange/linspace fill on the device
    same(gp.r_[0:10000, 3], np.r_[0:10000, 3])
    same(gp.r_[-2.5:7.5:0.001], np.r_[-2.5:7.5:0.001])
    same(gp.r_[0:1:5001j], np.r_[0:1:5001j], bitwise=True)


def test_r_mixes_gpuarray_and_numpy_arrays():
    a = np.arange(4, dtype=np.int16)
    b = np.array([0.5, 1.5], np.float32)
    same(gp.r_[gp.asarray(a), b, 7], np.r_[a, b, 7])
    same(gp.r_[a, gp.asarray(b), 1:3], np.r_[a, b, 1:3])
    m = np.arange(6.0).reshape(2, 3)
    same(gp.r_['0,2', gp.asarray(m), [9, 9, 9]],
         np.r_['0,2', m, [9, 9, 9]])
    same(gp.c_[gp.asarray(a), a * 2], np.c_[a, a * 2])
    # a 1-D gpuarray entry raised to 3-D with its axis in the middle
    same(gp.r_['0,3,1', gp.asarray(a), a], np.r_['0,3,1', a, a])
    # a transposed (F-ordered) gpuarray view concatenated along axis 1
    same(gp.r_['1', gp.asarray(m).T, m.T], np.r_['1', m.T, m.T])


def test_r_result_is_gpuarray_and_weak_scalars():
    g = gp.r_[gp.asarray(np.array([1, 2], np.int8)), 100]
    assert isinstance(g, gp.ndarray)
    assert g.dtype == np.int8
    # a NumPy scalar is strongly typed
    same(gp.r_[np.array([1], np.int8), np.int64(2)],
         np.r_[np.array([1], np.int8), np.int64(2)])


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_matrix_directives_give_2d_arrays():
    # NumPy gives np.matrix; gpuarray has none and gives the 2-D array
    for expr in ["X.r_['r', 1:4]", "X.r_['c', 1:4]", "X.r_['c', [[1, 2]]]",
                 "X.r_['r', [1, 2], [3.5]]", "X.c_['r', 1:4]",
                 "X.c_['c', [1, 2], [3, 4]]"]:
        n, g = both(expr)
        assert isinstance(n, np.matrix)
        same(g, np.asarray(n))


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_string_key_is_bmat():
    a = np.array([[1, 2], [3, 4]])
    n = np.r_["a, a; a, a"]
    g = gp.r_["a, a; a, a"]
    same(g, np.asarray(n))
    # names are looked up in the caller's frame; gpuarray arrays work too
    b = gp.asarray(a * 10)  # noqa: F841 (read by name from the string)
    nb = a * 10  # noqa: F841
    same(gp.r_["a b; b a"], np.asarray(np.r_["a nb; nb a"]))
    for mod in (np, gp):
        with pytest.raises(NameError):
            mod.r_["a no_such_name"]


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
@pytest.mark.parametrize("expr, exc", [
    ("X.r_[()]", ValueError),
    ("X.r_[1, '0']", ValueError),
    ("X.r_['r', '0,3', [1, 2]]", ValueError),
    ("X.r_['x', 1]", ValueError),
    ("X.r_['1,x', 1]", ValueError),
    ("X.r_['r', np.ones((2, 2, 2))]", ValueError),
    ("X.r_[np.array([1, 2], np.int8), 300]", OverflowError),
    ("X.r_[np.ones((2, 2)), np.ones(3)]", ValueError),
    ("X.r_['2', np.ones((2, 2)), np.ones((2, 2))]", np.exceptions.AxisError),
    ("X.c_[[1, 2], [1, 2, 3]]", ValueError),
])
def test_r_c_errors_match_numpy(expr, exc):
    for mod in (np, gp):
        with pytest.raises(exc):
            eval(expr.replace("X.", mod.__name__ + "."),
                 {"numpy": np, "gpuarray": gp, "np": np})


def test_concatenators_len_and_classes():
    assert len(gp.r_) == 0 and len(gp.c_) == 0
    assert gp.r_ is _index_tricks.r_
    assert (gp.c_.axis, gp.c_.ndmin, gp.c_.trans1d) == (-1, 2, 0)
    assert (gp.r_.axis, gp.r_.ndmin, gp.r_.trans1d) == (0, 1, -1)


# ---------------------------------------------------------- mgrid, ogrid

GRID_CASES = [
    "X.mgrid[0:5, 0:5]",
    "X.mgrid[-1:1:5j]",
    "X.mgrid[0:4, 0:5, 0:6]",
    "X.mgrid[0:1:0.25, 1:3]",
    "X.mgrid[0:1:3j, 2:4]",
    "X.mgrid[0:1:1j, 0:2]",
    "X.mgrid[-3:3:7j, 0:1:2j]",
    "X.mgrid[np.float32(0):np.float32(1):0.25, 0:2]",
    "X.mgrid[np.float32(0):1:3j]",
    "X.mgrid[np.float32(0):np.float32(1):3j, 0:1:2j]",
    "X.mgrid[0:10:np.complex64(4j)]",
    "X.mgrid[:5]",
    "X.mgrid[2:]",
    "X.mgrid[0:3:-1]",
    "X.mgrid[0.5:3]",
    "X.mgrid[1:2:1j]",
    "X.mgrid[()]",
    "X.mgrid[0:2, 3:3]",
    "X.mgrid[np.int8(0):np.int8(3), 0:2]",
    "X.ogrid[0:5, 0:5]",
    "X.ogrid[-1:1:5j]",
    "X.ogrid[0:1:3j, 2:4]",
    "X.ogrid[5:0, 0:3]",
    "X.ogrid[0:2:0.5, 1:2:3j, :2]",
    "X.ogrid[:4]",
    "X.ogrid[np.float32(0):np.float32(2):0.5, 0:3]",
    # array bounds broadcast against the index grid (CuPy's suite)
    "X.mgrid[X.zeros((4, 1)):X.ones((4, 1)):4j, "
    "X.zeros((4, 1)):X.ones((4, 1)):3j]",
    "X.mgrid[X.arange(3.)[:, None]:5:3j, 0:2]",
    "X.ogrid[X.zeros((4, 1)):X.ones((4, 1)):4j, "
    "X.zeros((4, 1)):X.ones((4, 1)):3j]",
]


@pytest.mark.parametrize("expr", GRID_CASES)
def test_grids_match_numpy(expr):
    n, g = both(expr)
    assert type(g) is (tuple if isinstance(n, tuple) else gp.ndarray)
    if isinstance(n, tuple):
        assert len(g) == len(n)
        for gi, ni in zip(g, n):
            same(gi, ni, bitwise=True)
    else:
        same(g, n, bitwise=True)


def test_ogrid_empty_key_is_empty_tuple():
    assert gp.ogrid[()] == () == np.ogrid[()]


def test_grids_large():
    same(gp.mgrid[0:1:5000j], np.mgrid[0:1:5000j], bitwise=True)
    same(gp.mgrid[0:70, -1:1:70j], np.mgrid[0:70, -1:1:70j], bitwise=True)


@pytest.mark.parametrize("expr, exc", [
    ("X.mgrid[5:0, 0:3]", ValueError),
    ("X.mgrid[1, 2]", AttributeError),
    ("X.mgrid[:3, :None]", AttributeError),
    ("X.mgrid[0:2:0]", ZeroDivisionError),
    ("X.mgrid[0:2:0, 0:1]", ZeroDivisionError),
    ("X.ogrid[0:2, 'a':'b']", AttributeError),
])
def test_grid_errors_match_numpy(expr, exc):
    for mod in ("np", "gp"):
        with pytest.raises(exc):
            eval(expr.replace("X.", mod + "."), {"np": np, "gp": gp})


# ------------------------------------------------- ndindex, ndenumerate

@pytest.mark.parametrize("shape", [(), (2, 3), (0, 4), (3,)])
def test_ndenumerate(shape):
    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) - 1.5
    got = list(gp.ndenumerate(gp.asarray(x)))
    want = list(np.ndenumerate(x))
    assert got == want
    assert all(type(v) is np.float32 for _, v in got)
    assert [i for i, _ in got] == list(np.ndindex(shape))


def test_ndenumerate_views_and_numpy_input():
    x = np.arange(12, dtype=np.int16).reshape(3, 4)
    got = list(gp.ndenumerate(gp.asarray(x).T[::2]))
    assert got == list(np.ndenumerate(x.T[::2]))
    assert all(type(v) is np.int16 for _, v in got)
    assert list(gp.ndenumerate([[1, 2]])) == list(np.ndenumerate([[1, 2]]))
    assert isinstance(gp.ndenumerate(gp.asarray(x)), np.ndenumerate)


def test_ndindex_s_index_exp_are_numpys():
    assert list(gp.ndindex(2, 3)) == list(np.ndindex(2, 3))
    assert list(gp.ndindex((2, 1, 2))) == list(np.ndindex((2, 1, 2)))
    assert gp.s_[1:5:2, ..., None] == np.s_[1:5:2, ..., None]
    assert gp.index_exp[2::3] == (slice(2, None, 3),)
    assert gp.s_[3] == 3
    x = np.arange(10)
    same(gp.asarray(x)[gp.s_[::-3]], x[np.s_[::-3]])


# ------------------------------------------------------ type helpers

def test_broadcast_shapes():
    assert gp.broadcast_shapes((3, 1), (1, 4), 4) == (3, 4)
    assert gp.broadcast_shapes() == ()
    with pytest.raises(ValueError):
        gp.broadcast_shapes((2,), (3,))


@pytest.mark.parametrize("layout, fortran", [
    ("C", False), ("F", True), ("transposed", True), ("strided", False),
    ("negative", False)])
def test_isfortran_layouts(layout, fortran):
    from conftest import make_pair
    x, g = make_pair((3, 4), np.float64, layout)
    assert np.isfortran(x) == fortran
    assert gp.isfortran(g) == fortran


def test_isfortran_views():
    x = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(x)
    for view in (lambda a: a.T, lambda a: a[:, :2], lambda a: a.T[:2],
                 lambda a: a.T[:, :1], lambda a: a[0], lambda a: a.reshape(12),
                 lambda a: a[:1]):
        assert gp.isfortran(view(g)) == np.isfortran(view(x))
    # 1-D and single-row arrays are both C and F contiguous: not "fortran"
    assert not gp.isfortran(gp.zeros(5))
    assert gp.isfortran(gp.zeros((2, 3), order="F"))
    assert gp.isfortran(np.zeros((2, 3), order="F"))
    with pytest.raises(AttributeError):
        np.isfortran([1, 2])
    with pytest.raises(AttributeError):
        gp.isfortran([1, 2])


@pytest.mark.parametrize("dtypes", [
    (np.int32,), (np.int8, np.float32), (np.float16,), (np.float16, np.int8),
    (np.float32,), (np.float32, np.complex64), (np.complex64,),
    (np.uint64, np.complex64), (np.float64, np.complex64), ()])
def test_common_type(dtypes):
    arrays = [np.zeros(2, d) for d in dtypes]
    assert gp.common_type(*[gp.asarray(a) for a in arrays]) is \
        np.common_type(*arrays)


def test_common_type_errors_and_mixed():
    assert gp.common_type(gp.zeros(2, np.float32), np.zeros(1, np.int8)) \
        is np.float64
    for mod in (np, gp):
        with pytest.raises(TypeError):
            mod.common_type(mod.zeros(2, bool))


def test_min_scalar_type():
    for v in (10, -10, 300, 3.0, 1e50, 1 + 2j, np.float32(0.5), True):
        assert gp.min_scalar_type(v) == np.min_scalar_type(v)
    # 1-D arrays keep their dtype; a 0-d one is judged by its value
    for x in (np.arange(3, dtype=np.int64), np.array(200), np.array(-3.5),
              np.array(70000, np.int64), np.zeros((2, 0), np.float32)):
        assert gp.min_scalar_type(gp.asarray(x)) == np.min_scalar_type(x)
    assert gp.min_scalar_type(gp.asarray(np.array(200))) == np.uint8


def test_mintypecode_typename_isdtype_iterable():
    for chars in (["f", "d"], "if", ["d", "F"], ["S"], []):
        assert gp.mintypecode(chars) == np.mintypecode(chars)
    arrs = [np.zeros(1, np.float32), np.zeros(1, np.complex128)]
    assert gp.mintypecode([gp.asarray(a) for a in arrs]) == \
        np.mintypecode(arrs) == "D"
    assert gp.mintypecode(["f", gp.zeros(1, np.float64)], "Ffd") == \
        np.mintypecode(["f", np.zeros(1)], "Ffd")
    for c in "bhfdFDS?":
        assert gp.typename(c) == np.typename(c)
    assert gp.isdtype(np.float32, "real floating")
    assert not gp.isdtype(np.int8, ("real floating", "complex floating"))
    assert gp.isdtype(gp.zeros(1, np.uint16).dtype, "unsigned integer")
    for mod in (np, gp):
        with pytest.raises(ValueError):
            mod.isdtype(np.float32, "no such kind")
        with pytest.raises(TypeError):
            mod.isdtype(np.float32, 3)
    assert gp.iterable(gp.zeros(3)) and gp.iterable([1])
    assert not gp.iterable(gp.asarray(np.array(2.0)))
    assert not gp.iterable(2) and not np.iterable(np.array(2.0))


def test_namespace_table():
    assert tuple(_index_tricks.__all__) == _lazy.LAZY_NAMES["indexing.index_tricks"]
    for name in _index_tricks.__all__:
        assert getattr(gp, name) is getattr(_index_tricks, name)
