"""Advanced indexing (integer and boolean arrays, lists, boolean scalars)
and the functions built on it, against NumPy: values, dtype, shape, the
placement of the broadcast index dimensions, assignment, and NumPy's
exception types for bad keys (Note [Advanced indexing] in
gpuarray/_indexing.py)."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_check, nvrtc_or_skip, assert_array_equal_gp as same
from conftest import assert_same, outcome, raised


def host(shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.integers(-50, 50, int(np.prod(shape))).reshape(shape)
    return x.astype(dtype)


X = host((4, 5, 6))
KEYS = [
    [0, 3, 1],
    [-1, -4],
    [],
    np.array([[0, 1], [3, 2]]),
    (0, slice(None), [1, 2]),          # int + array apart: index dims first
    (slice(None), [1, 2], [0, 5]),     # adjacent: in place
    (slice(None), [[1], [2]], [0, 5]),  # broadcast (2, 2) in place
    ([1, 2], slice(1, 4), [0, 5]),     # apart
    ([1, 2], slice(None), 3),          # apart through an int
    (Ellipsis, [-1, 0]),
    (None, [0, 1], None),
    (slice(None, None, -1), [4, 0]),   # on a negative-stride view
    ([1], [2], [3]),
    np.int64(2),                       # not advanced: basic path
    (np.array(1), [0, 2]),             # 0-d NumPy int: an integer
    (X > 10,),
    (X[:, :, 0] > 0,),
    (slice(1, None), X[0] > 3),
    # apart in the key though adjacent in the view (Ellipsis or None of no
    # length between them): index dims first, as NumPy
    (slice(None), [[3], [-3]], Ellipsis, X[0, 0] > 0),
    (slice(None), -3, Ellipsis, [1, 4]),
    (slice(None), [1, 2], None, [0, 5]),
    (X[:, 0, 0] > 0, slice(None), 1),   # bool + int apart
    (True,),
    (False,),
    (0, True),
    (gp.asarray(np.array([2, 0])),),
    (np.array([1, 0], dtype=np.uint8), 1),
]


@pytest.mark.parametrize("key", KEYS, ids=[str(i) for i in range(len(KEYS))])
def test_getitem_matches_numpy(key):
    k_np = tuple(k.get() if isinstance(k, gp.ndarray) else k
                 for k in key) if isinstance(key, tuple) else key
    same(gp.asarray(X)[key], X[k_np])


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint16, np.int64,
                                np.float16, np.float64, np.complex64,
                                np.complex128])
def test_getitem_every_dtype(dt):
    x = host((5, 7), dt)
    a = gp.asarray(x)
    same(a[[4, 0, 2]], x[[4, 0, 2]])
    same(a[:, [6, 6, 1]], x[:, [6, 6, 1]])
    same(a[x != 0], x[x != 0])


def test_getitem_non_contiguous_source():
    x = host((8, 9))
    a = gp.asarray(x)
    same(a.T[[1, 2]], x.T[[1, 2]])
    same(a[::2, ::-3][[0, 3], [1, 2]], x[::2, ::-3][[0, 3], [1, 2]])
    same(a[1:, 2:][x[1:, 2:] > 0], x[1:, 2:][x[1:, 2:] > 0])


def test_getitem_result_is_a_copy():
    x = host((5,))
    a = gp.asarray(x)
    r = a[[0, 1]]
    r[...] = 99
    same(a, x)


@pytest.mark.parametrize("key,value", [
    ([0, 2], 7.5),
    ([[0], [3]], np.arange(6, dtype=np.float32)),
    ((slice(None), [1, 4]), -1),
    (X[:, :, 0] > 0, np.float64(3.25)),
    ((X > 0,), 0),
    ((0, [1, 2], [3, 4]), [10, 20]),
    (([1, 2], slice(None), 3), np.arange(5)),
])
def test_setitem_matches_numpy(key, value):
    x = X.copy()
    a = gp.asarray(x)
    a[key] = value
    x[key] = value
    same(a, x)


def test_setitem_from_overlapping_array_and_casts():
    x = host((10,), np.int32)
    a = gp.asarray(x)
    a[[1, 3, 5]] = a[[0, 1, 2]]
    x[[1, 3, 5]] = x[[0, 1, 2]]
    same(a, x)
    a[a > 0] = gp.asarray(np.float64(2.9))   # unsafe cast, as NumPy
    x[x > 0] = np.float64(2.9)
    same(a, x)


@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.complex64])
def test_setitem_repeated_targets_keep_the_last_value(dtype):
    # Many writes to few targets: a parallel scatter would keep any one.
    rng = np.random.default_rng(3)
    idx = rng.integers(-7, 7, 200_000)
    vals = np.arange(idx.size).astype(dtype)
    x = np.zeros(7, dtype)
    a = gp.asarray(x)
    x[idx] = vals
    a[gp.asarray(idx)] = gp.asarray(vals)
    same(a, x)
    # two index arrays, broadcast, on a 2-d target and a strided view
    y = np.zeros((6, 8), dtype)
    b = gp.asarray(y)
    rows, cols = idx[:5000] % 3, (idx[:5000].reshape(50, 100) % 2)
    v = vals[:5000].reshape(50, 100)
    y[::2][rows.reshape(50, 100), cols] = v
    b[::2][gp.asarray(rows.reshape(50, 100)), cols.tolist()] = gp.asarray(v)
    same(b, y)


@pytest.mark.parametrize("key,exc", [
    ([5], IndexError),
    ([-6], IndexError),
    ((0, [0], [7]), IndexError),
    ([0.5], IndexError),
    (np.array([1.0]), IndexError),
    (np.array([]), IndexError),          # empty, but a float array
    ((slice(None), np.array([])), IndexError),
    (np.ones((3,), bool), IndexError),           # wrong boolean length
    (([0, 1], [0, 1, 2]), IndexError),          # no broadcast
    (([0], [0], [0], [0]), IndexError),         # too many indices
    ((Ellipsis, [0], Ellipsis), IndexError),
])
def test_bad_keys_raise_numpys_exception(key, exc):
    x = host((5, 6, 7))
    with pytest.raises(exc):
        x[key]
    with pytest.raises(exc):
        gp.asarray(x)[key]


@pytest.mark.parametrize("key", [[], ([],), [[]], (slice(None), [])])
def test_empty_lists_index_nothing(key):
    # an empty sequence is read as intp (only an empty float *array* is
    # refused above)
    x = host((5, 6, 7))
    same(gp.asarray(x)[key], x[key])


@pytest.mark.parametrize("shape,mask", [
    ((1,), (0,)), ((3,), (0,)), ((1, 3), (0,)), ((1, 3), (0, 3)),
    ((2, 3), (2, 0)), ((2, 3), (0, 0)), ((2, 1, 3), (2, 0)),
    ((0, 3), (0,)),
    # a nonzero mask length must still match: NumPy's IndexError
    ((0,), (1,)), ((2, 3), (0, 2)), ((2, 3), (5, 0)), ((2, 0), (2, 1)),
])
def test_zero_length_mask_axis_matches_any_length(shape, mask):
    # NumPy checks only the mask's nonzero lengths against the array's: a
    # length-0 mask axis selects nothing whatever the array's length there
    x = host(shape)
    m = np.zeros(mask, bool)
    want, got = outcome(lambda: x[m]), outcome(lambda: gp.asarray(x)[m])
    assert type(raised(got)) is type(raised(want))
    if raised(want) is None:
        same(got, want)
    for value in (5, np.float32(-1.5)):
        xs, gs = x.copy(), gp.asarray(x)
        want = outcome(xs.__setitem__, m, value)
        got = outcome(gs.__setitem__, m, value)
        assert type(raised(got)) is type(raised(want))
        same(gs, xs)


def test_setitem_errors():
    x = host((5,))
    a = gp.asarray(x)
    with pytest.raises(ValueError):
        a[[0, 1]] = np.arange(3)
    with pytest.raises(ValueError):
        x[[0, 1]] = np.arange(3)
    ro = gp.broadcast_to(a, (2, 5))
    with pytest.raises(ValueError):
        ro[[0], [1]] = 1


@pytest.mark.parametrize("shape", [(0,), (7,), (3, 4), (2, 3, 4), (1,)])
def test_nonzero_family(shape):
    x = host(shape) * (host(shape, seed=1) > 0)
    a = gp.asarray(x)
    got, want = gp.nonzero(a), np.nonzero(x)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        same(g, w.astype(np.int64))
    same(gp.flatnonzero(a), np.flatnonzero(x).astype(np.int64))
    same(gp.argwhere(a), np.argwhere(x).astype(np.int64))
    with pytest.raises(ValueError):
        gp.nonzero(gp.asarray(np.float32(1)))


def test_take_compress_extract_take_along_axis():
    x = host((4, 6))
    a = gp.asarray(x)
    same(gp.take(a, [5, 0, 23]), np.take(x, [5, 0, 23]))
    same(gp.take(a, [[1, 0]], axis=1), np.take(x, [[1, 0]], axis=1))
    same(gp.take(a, 2, axis=0), np.take(x, 2, axis=0))
    same(gp.take(a, [7, -9], axis=1, mode="wrap"),
         np.take(x, [7, -9], axis=1, mode="wrap"))
    same(gp.take(a, [7, -9], axis=1, mode="clip"),
         np.take(x, [7, -9], axis=1, mode="clip"))
    with pytest.raises(IndexError):
        gp.take(a, [24])
    c = [True, False, True]
    same(gp.compress(c, a, axis=1), np.compress(c, x, axis=1))
    same(gp.compress(c, a), np.compress(c, x))
    same(gp.extract(x > 0, a), np.extract(x > 0, x))
    i = np.argsort(x, axis=1)
    same(gp.take_along_axis(a, gp.asarray(i), 1),
         np.take_along_axis(x, i, 1))
    same(gp.take_along_axis(a, gp.asarray(i[:, :2]), axis=1),
         np.take_along_axis(x, i[:, :2], axis=1))


def test_numpy_functions_dispatch_to_gpuarray():
    x = host((3, 4))
    a = gp.asarray(x)
    r = np.take(a, [1, 2])
    assert isinstance(r, gp.ndarray)
    same(r, np.take(x, [1, 2]))
    nz = np.nonzero(a)
    assert all(isinstance(v, gp.ndarray) for v in nz)


def test_index_kernels_compile_with_nvrtc():
    """The gather, scatter and nonzero bodies in the strided skeleton the
    engine picks for them (zero-stride base operand), as CUDA text."""
    nvrtc_or_skip()
    src = []
    for i, ch in enumerate("?bhefdFD"):
        src.append(gp._core._ew_source("out0 = p0[in1];", [ch, "q", ch],
                                       [ch, "q", ch], 2, 1, 1, True,
                                       "gather_%d" % i))
        src.append(gp._core._ew_source("p2[in1] = in0; gpa_skip = true;",
                                       [ch, "q", ch], [ch, "q", ch], 2, 2,
                                       1, False, "scatter_%d" % i))
    src.append(gp._core._ew_source(
        "if (in0) p3[in1 - 1] = (long long)gpa_i; gpa_skip = true;",
        ["?", "q", "q", "q"], ["?", "q", "q", "q"], 2, 1, 1, False,
        "nonzero"))
    assert len(nvrtc_check("\n".join(src), 90)) > 1000


def test_real_imag_views_of_any_layout():
    """.real/.imag of strided, reversed and 0-d complex arrays are views
    (writes go through), as in NumPy."""
    x = (np.arange(12) + 1j * np.arange(12)[::-1]).reshape(3, 4)
    a = gp.asarray(x)
    for k in [(slice(None), slice(None, None, 2)), (slice(None, None, -1),),
              (1, 2), (Ellipsis,)]:
        same(a[k].real, x[k].real)
        same(gp.imag(a[k]), np.imag(x[k]))
    a[:, ::2].imag[...] = 0
    x[:, ::2].imag[...] = 0
    same(a, x)


def test_numpy_matmul_ufunc_dispatches():
    x = np.arange(6.0).reshape(2, 3)
    a = gp.asarray(x)
    r = np.matmul(a, a.T)
    assert isinstance(r, gp.ndarray)
    np.testing.assert_allclose(r.get(), x @ x.T)


# --- the range check of an integer index (issue 22): one pass ("bounds"
# reduction) and one sync; NumPy's IndexError naming the FIRST bad index
# in C order, negative indices wrapped.
@pytest.mark.parametrize("key", [
    [1, -8, 9], [1, 9, -8], [7, 10], [1, -2, 3, -5], [0, 4],
    [[0, 5], [7, 1]], [-2**63, 0], [2**63 - 1], [-5, -6], [4, -1, 0]])
def test_index_range_checked_in_one_pass(key):
    h = np.arange(5.0) * 3
    k = np.array(key, dtype=np.int64)
    want = outcome(h.__getitem__, k)
    got = outcome(gp.asarray(h).__getitem__, gp.asarray(k))
    if raised(want) is not None:
        assert type(raised(got)) is IndexError, raised(got)
        assert str(raised(got)) == str(raised(want))
    else:
        assert_same(got, want)


def test_index_range_checked_per_axis():
    h = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(h)
    for key in [([0, 2], [9, 1]), ([0, 5], [9, 1]), ([-3, 2], [-4, 3]),
                ([0], [4])]:
        want = outcome(h.__getitem__, tuple(np.array(v) for v in key))
        got = outcome(g.__getitem__, tuple(gp.asarray(np.array(v))
                                           for v in key))
        if raised(want) is not None:
            assert str(raised(got)) == str(raised(want))
        else:
            assert_same(got, want)
    with pytest.raises(IndexError, match="index 0 is out of bounds for "
                       "axis 0 with size 0"):
        gp.zeros((0, 2))[gp.asarray(np.zeros(1, np.int64))]


def test_index_arrays_checked_with_one_sync():
    """The bounds codes of all of a key's index arrays come back in one
    copy (_core._d2h_count: each copy is a sync on a GPU)."""
    h = np.arange(60.0).reshape(3, 4, 5)
    g = gp.asarray(h)
    i, j = np.array([0, -1, 2]), np.array([[4], [-5]])
    key = (gp.asarray(i), slice(None), gp.asarray(j))
    g[key]                                       # compiled first
    n0 = gp._core._d2h_count()
    got = g[key]
    assert gp._core._d2h_count() - n0 == 1
    assert_same(got, h[i, :, j])
