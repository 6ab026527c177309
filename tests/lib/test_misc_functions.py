"""gpuarray/_misc.py against NumPy: values, dtypes, shapes and NumPy's
exceptions for bad input (einsum, interp, block, unique_*, histogramdd,
packbits, memory overlap, ...)."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import both_raise
from gpuarray.testing.parity import assert_same, assert_same_outcome, outcome


def same(g, r, tol=0.0):
    """g: a gpuarray array of r's dtype and shape; values exact, or
    within rtol = atol = tol."""
    assert_same(g, np.asarray(r), rtol=tol, atol=tol, exact=not tol,
                device=True)


RNG = np.random.default_rng(7)


def test_isscalar_get_array_module_aliases():
    for v in [1, 2.5, np.float32(1), "s", [1], np.ones(2), None]:
        assert gp.isscalar(v) == np.isscalar(v)
    assert not gp.isscalar(gp.asarray(3.0))
    assert gp.get_array_module(np.ones(2), gp.ones(2)) is gp
    assert gp.get_array_module(np.ones(2), 3) is np
    assert gp.bool is np.bool
    assert gp.errstate is np.errstate and gp.seterr is np.seterr
    assert gp.geterr() == np.geterr()


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int32])
def test_isneginf_isposinf(dt):
    x = np.array([-np.inf, np.inf, np.nan, -1, 0, 2]).astype(dt) \
        if dt != np.int32 else np.array([-3, 0, 4], dt)
    same(gp.isneginf(x), np.isneginf(x))
    same(gp.isposinf(gp.asarray(x)), np.isposinf(x))
    out = gp.zeros(x.shape, np.bool_)
    gp.isposinf(x, out=out)
    same(out, np.isposinf(x))
    both_raise(TypeError, "isneginf", np.array([1j]))


@pytest.mark.parametrize("dt", [np.float64, np.float32, np.int64])
def test_i0(dt):
    x = np.array([-700, -30, -20.5, -20, -1, 0, 0.5, 3, 19.9, 20, 21, 100,
                  700]).astype(dt)
    if dt == np.float32:
        x = x[np.abs(x) < 50]   # float32 overflow above ~90
    same(gp.i0(x), np.i0(x), tol=1e-13 if dt != np.float32 else 1e-6)
    same(gp.i0(np.zeros((2, 0), dt)), np.i0(np.zeros((2, 0), dt)))
    both_raise(TypeError, "i0", np.array([1j]))
    if dt == np.float64:  # NaN stays NaN; overflow to inf where NumPy's does
        edge = np.array([np.nan, 709.7, 709.8, -720.0, np.inf, -np.inf])
        with np.errstate(over="ignore", invalid="ignore"):
            want = np.i0(edge)
        same(gp.i0(edge), want, tol=1e-13)


def test_vander():
    for x in [np.array([1, 2, 3]), np.array([0.5, -2.0]),
              np.array([True, False]), np.array([], np.float32)]:
        for N in [None, 0, 1, 4]:
            for inc in [False, True]:
                same(gp.vander(x, N, inc), np.vander(x, N, inc))
    big = np.array([7, 9], np.int64)
    same(gp.vander(big, 30), np.vander(big, 30))   # wraps like NumPy
    both_raise(ValueError, "vander", np.ones((2, 2)))


def test_diagflat():
    for v in [np.arange(4).reshape(2, 2), [1.5, 2], np.array([], np.int8)]:
        for k in [0, 2, -1]:
            same(gp.diagflat(v, k), np.diagflat(v, k))
    both_raise(TypeError, "diagflat", [1, 2], 1.5)


def test_block():
    a, b = np.ones((2, 2)), np.zeros((2, 1), np.int32)
    c, d = np.arange(2).reshape(1, 2), np.full((1, 1), 5)
    for arr in [[[a, b], [c, d]], [1, 2, 3], [[1, 2], [3, 4]], [a, b],
                a, [[[a]]], [np.ones(2), np.zeros(3)]]:
        g = gp.block(arr)
        same(g, np.block(arr))
    ga = gp.asarray(a)
    assert gp.block(ga).data.ptr != ga.data.ptr
    for bad, exc in [([[1], [[2]]], ValueError), ([], ValueError),
                     ([(1,)], TypeError), ([[1, 2], [np.ones(3)]],
                                           ValueError)]:
        both_raise(exc, "block", bad)


def _sorted_nan(v):
    return np.sort(v)


@pytest.mark.parametrize("x", [
    np.array([3, 1, 2, 1, 3, 3]),
    np.array([[2.5, np.nan], [np.nan, 2.5]]),
    np.array([], np.float32),
    np.array([True, False, True]),
])
def test_unique_family(x):
    v = gp.unique_values(x)
    same(v, _sorted_nan(np.unique_values(x)))
    rc, nc = gp.unique_counts(x), np.unique_counts(x)
    assert type(rc).__name__ == "UniqueCountsResult"
    same(rc.values, nc.values)
    same(rc.counts, nc.counts)
    ri, ni = gp.unique_inverse(x), np.unique_inverse(x)
    same(ri.values, ni.values)
    same(ri.inverse_indices, ni.inverse_indices)
    ra, na = gp.unique_all(gp.asarray(x)), np.unique_all(x)
    assert ra._fields == na._fields
    for g, r in zip(ra, na):
        same(g, r)


def test_unique_bad():
    # a ragged nest is not an array
    for name in ["unique_values", "unique_all"]:
        both_raise(ValueError, name, [[1, 2], [3]])


def test_astype():
    x = np.arange(5, dtype=np.int32)
    g = gp.asarray(x)
    same(gp.astype(g, np.float32), np.astype(x, np.float32))
    same(gp.astype(x, np.int8), np.astype(x, np.int8))
    assert gp.astype(g, np.int32, copy=False) is g
    c = gp.astype(g, np.int32)
    assert c is not g and c.data.ptr != g.data.ptr
    same(gp.astype(np.float64(2.5), np.int64), np.astype(np.float64(2.5),
                                                         np.int64))
    both_raise(TypeError, "astype", [1, 2], np.float32)


def test_memory_overlap():
    base = np.arange(24, dtype=np.float64)
    g = gp.asarray(base)
    cases = [
        (lambda a: a[:10], lambda a: a[5:]),
        (lambda a: a[:10], lambda a: a[10:]),
        (lambda a: a[::2], lambda a: a[1::2]),
        (lambda a: a[::-1], lambda a: a[3:4]),
        (lambda a: a.reshape(4, 6)[:, 0], lambda a: a.reshape(4, 6)[:, 1]),
        (lambda a: a.reshape(4, 6)[:, :3], lambda a: a.reshape(4, 6)[1, 2:]),
        (lambda a: a.reshape(4, 6).T, lambda a: a[7:8]),
        (lambda a: a[:0], lambda a: a),
        (lambda a: a[1::6], lambda a: a[::4]),
        (lambda a: a[3::4], lambda a: a[::5]),
    ]
    for f1, f2 in cases:
        r1, r2 = f1(base), f2(base)
        g1, g2 = f1(g), f2(g)
        assert gp.may_share_memory(g1, g2) == np.may_share_memory(r1, r2)
        assert gp.shares_memory(g1, g2) == np.shares_memory(r1, r2), (f1,)
        # max_work=0 allows only the bounds test: NumPy's TooHardError
        # where the bounds overlap
        assert_same_outcome(outcome(gp.shares_memory, g1, g2, max_work=0),
                            outcome(np.shares_memory, r1, r2, max_work=0))
    # device and host memory never overlap; NumPy-only input goes to NumPy
    assert not gp.may_share_memory(g, base)
    assert gp.shares_memory(base, base[2:])
    assert not gp.shares_memory(gp.ones(3), gp.ones(3))
    assert gp.shares_memory(g[::2], g[1::2], max_work=1) == \
        np.shares_memory(base[::2], base[1::2], max_work=1)


def test_fromfunction():
    for dt in [float, np.int32]:
        r = np.fromfunction(lambda i, j: i * 3 + j, (3, 4), dtype=dt)
        same(gp.fromfunction(lambda i, j: i * 3 + j, (3, 4), dtype=dt), r)
    same(gp.fromfunction(lambda i: i + 1, (0,)), np.fromfunction(
        lambda i: i + 1, (0,)))
    both_raise(ValueError, "fromfunction", lambda i, j: i, (2, -1))


def test_apply_along_axis():
    x = RNG.standard_normal((3, 4, 2))
    for axis in [0, 1, -1]:
        same(gp.apply_along_axis(gp.sum, axis, x),
             np.apply_along_axis(np.sum, axis, x), tol=1e-13)
        same(gp.apply_along_axis(lambda v: v[::-1] * 2, axis, x),
             np.apply_along_axis(lambda v: v[::-1] * 2, axis, x))
        same(gp.apply_along_axis(lambda v: gp.outer(v, v), axis, x),
             np.apply_along_axis(lambda v: np.outer(v, v), axis, x))
    same(gp.apply_along_axis(lambda v, k: v[:k], 0, x[:, 0], 2),
         np.apply_along_axis(lambda v, k: v[:k], 0, x[:, 0], 2))
    both_raise(np.exceptions.AxisError, "apply_along_axis", np.sum, 2,
               np.ones((2, 2)))
    both_raise(ValueError, "apply_along_axis", np.sum, 0, np.ones((2, 0)))


def test_piecewise():
    x = np.linspace(-2.5, 2.5, 11)
    conds = [x < 0, x >= 0]
    same(gp.piecewise(x, [gp.asarray(c) for c in conds],
                      [lambda v: -v, lambda v: v * v]),
         np.piecewise(x, conds, [lambda v: -v, lambda v: v * v]))
    same(gp.piecewise(x, [x < -1, x > 1], [-1, 1, lambda v: v * 0.5]),
         np.piecewise(x, [x < -1, x > 1], [-1, 1, lambda v: v * 0.5]))
    xi = np.arange(6).reshape(2, 3)
    same(gp.piecewise(xi, [xi > 2], [lambda v, k: v + k, 7], 10),
         np.piecewise(xi, [xi > 2], [lambda v, k: v + k, 7], 10))
    same(gp.piecewise(xi[0], xi[0] > 0, [5, 7]),
         np.piecewise(xi[0], xi[0] > 0, [5, 7]))
    same(gp.piecewise(np.float64(3.0), [True], [lambda v: v + 1]),
         np.piecewise(np.float64(3.0), [True], [lambda v: v + 1]))
    both_raise(ValueError, "piecewise", np.arange(3),
               [np.arange(3) > 0] * 3, [1, 2])


@pytest.mark.parametrize("mode", ["valid", "same", "full"])
def test_correlate(mode):
    for a, v in [(np.arange(6.0), np.array([1.0, -2, 0.5])),
                 (np.array([1, 2]), np.array([1, 2, 3])),
                 (np.array([1, 2, 3, 4]), np.array([2, 1])),
                 (np.array([1 + 2j, 3, -1j]), np.array([2j, 1])),
                 (np.array([1 + 2j]), np.array([2j, 1, 3 - 1j])),
                 (np.array([3]), np.array([4]))]:
        same(gp.correlate(a, v, mode), np.correlate(a, v, mode), tol=1e-13)
    both_raise(ValueError, "correlate", np.array([]), np.array([1.0]))
    both_raise(ValueError, "correlate", np.ones((2, 2)), np.ones(2))


def test_interp():
    xp = np.array([0.0, 1.0, 2.5, 4.0])
    fp = np.array([1.0, -1.0, 3.0, 2.0])
    x = np.concatenate([np.linspace(-1, 5, 25), xp, [np.nan]])
    same(gp.interp(x, xp, fp), np.interp(x, xp, fp), tol=1e-15)
    same(gp.interp(x, xp, fp, left=-9, right=9),
         np.interp(x, xp, fp, left=-9, right=9), tol=1e-15)
    xi = np.arange(6, dtype=np.int32).reshape(2, 3)
    same(gp.interp(xi, xp, fp.astype(np.float32)),
         np.interp(xi, xp, fp.astype(np.float32)), tol=1e-15)
    fc = fp + 1j * fp[::-1]
    same(gp.interp(x, xp, fc), np.interp(x, xp, fc), tol=1e-15)
    xper = np.array([-180, -170, -185, 185, -10, -5, 0, 365], float)
    xpp = np.array([190, -190, 350, -350], float)
    fpp = np.array([5, 10, 3, 4], float)
    same(gp.interp(xper, xpp, fpp, period=360),
         np.interp(xper, xpp, fpp, period=360), tol=1e-13)
    same(gp.interp(x, [2.0], [7.0]), np.interp(x, [2.0], [7.0]))
    # an infinite sample value: exactly on it, no inf * 0
    xd, fd = [0.0, 1.0, 2.0], [0.0, np.inf, 6.0]
    same(gp.interp([0.0, 1.0, 1.5], xd, fd), np.interp([0.0, 1.0, 1.5],
                                                        xd, fd))
    same(gp.interp(np.float64(0.5), xp, fp), np.interp(0.5, xp, fp))
    same(gp.interp(np.zeros(0), xp, fp), np.interp(np.zeros(0), xp, fp))
    both_raise(ValueError, "interp", [1.0], [], [])
    both_raise(ValueError, "interp", [1.0], [1.0, 2.0], [1.0])
    both_raise(ValueError, "interp", [1.0], [1.0, 2.0], [1.0, 2.0],
               period=0)



@pytest.mark.parametrize("left,right", [(None, None), (-1 + 2j, 3 - 4j)])
def test_interp_complex_parts_apart(left, right):
    # NumPy interpolates the real and the imaginary parts each on its own:
    # an infinite real part leaves the imaginary part finite, not NaN
    xk = np.array([1.0, 3.0, 5.0, 7.0, 9.0])
    fk = np.sin(xk) + 1j * np.cos(xk)
    fk[[0, 2, 4]] = np.inf
    fk[3] = complex(2.0, np.inf)
    x = np.array([0, 1, 2, 4, 6, 8, 9, 10], float)
    same(gp.interp(x, xk, fk, left=left, right=right),
         np.interp(x, xk, fk, left=left, right=right), tol=1e-15)

EINSUM_CASES = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("ij,kj", [(2, 3), (4, 3)]),
    ("ii", [(3, 3)]),
    ("ii->i", [(3, 3)]),
    ("iji->j", [(3, 2, 3)]),
    ("ij->", [(2, 5)]),
    ("ij->ji", [(2, 5)]),
    ("ba", [(2, 5)]),
    ("i,i", [(4,), (4,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk->...ik", [(5, 2, 3), (5, 3, 2)]),
    ("...ij,...jk", [(2, 1, 2, 3), (4, 3, 2)]),
    ("i...->...", [(3, 2, 2)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("ij,jk,kl,li->", [(2, 3), (3, 4), (4, 2), (2, 2)]),
    ("bij,bjk->bik", [(3, 2, 0), (3, 0, 4)]),
    ("i,i->", [(0,), (0,)]),
    (",ij->ij", [(), (2, 3)]),
    ("ijk,ikj->k", [(2, 3, 3), (2, 3, 3)]),
    ("Ab,bA->", [(2, 3), (3, 2)]),
]


@pytest.mark.parametrize("sub,shapes", EINSUM_CASES)
def test_einsum(sub, shapes):
    ops = [RNG.standard_normal(s) for s in shapes]
    same(gp.einsum(sub, *ops), np.einsum(sub, *ops), tol=1e-12)


@pytest.mark.parametrize("dt", [np.int32, np.float32, np.complex128,
                                np.int8])
def test_einsum_dtypes(dt):
    a = (RNG.standard_normal((3, 4)) * 5).astype(dt)
    b = (RNG.standard_normal((4, 2)) * 5).astype(dt)
    tol = 1e-5 if dt == np.float32 else 1e-12
    same(gp.einsum("ij,jk->ik", a, b, optimize=True),
         np.einsum("ij,jk->ik", a, b), tol=tol)
    same(gp.einsum("ij,jk->ik", a, b.real.astype(np.float64)),
         np.einsum("ij,jk->ik", a, b.real.astype(np.float64)), tol=1e-12)
    if dt != np.complex128:
        same(gp.einsum("ij->j", a, dtype=np.float64),
             np.einsum("ij->j", a, dtype=np.float64), tol=1e-12)
    out = gp.zeros((3, 2), np.result_type(dt, dt))
    assert gp.einsum("ij,jk->ik", a, b, out=out) is out
    same(out, np.einsum("ij,jk->ik", a, b), tol=tol)


@pytest.mark.parametrize("args", [
    ((2, 3), [0, 1], (3, 4), [1, 2], [0, 2]),
    ((2, 3), [0, 1], (3, 4), [1, 2]),              # implicit output
    ((2, 3), [Ellipsis, 1], [Ellipsis]),
    ((3, 3), [5, 5]),                               # a trace
    ((2, 3), [30, 1], (3,), [1], [30]),             # lower-case labels
], ids=str)
def test_einsum_sublist_form(args):
    """einsum(op, sublist, op, sublist, ..., [out sublist]) as NumPy's."""
    np_args = [RNG.standard_normal(a) if isinstance(a, tuple) and k % 2 == 0
               and k < len(args) - (len(args) % 2) else a
               for k, a in enumerate(args)]
    want = np.einsum(*np_args)
    got = gp.einsum(*[gp.asarray(a) if isinstance(a, np.ndarray) else a
                      for a in np_args])
    same(got, want, tol=1e-12)


def test_einsum_errors():
    a, b = np.ones((2, 3)), np.ones((2, 3))
    both_raise(ValueError, "einsum", "ij,jk", a, b)
    both_raise(ValueError, "einsum", "ij", a, b)
    both_raise(ValueError, "einsum", "ij,jk", a)
    both_raise(ValueError, "einsum", "ij->k", a)
    both_raise(ValueError, "einsum", "ij->ii", a)
    both_raise(ValueError, "einsum", "ijk", a)
    both_raise(ValueError, "einsum", "i", a)
    both_raise(TypeError, "einsum", "ij->", a, dtype=np.int32)
    both_raise(ValueError, "einsum", a, [0, 60])
    both_raise(ValueError, "einsum", a, [0, -1])


def test_histogramdd_2d():
    x = RNG.standard_normal(200)
    y = RNG.standard_normal(200) * 2
    w = RNG.random(200)
    for kw in [{}, {"bins": 5}, {"bins": [3, 4]},
               {"bins": [np.array([-3, 0, 1, 3.0]), 4]},
               {"bins": np.array([-2, -1, 0, 1, 2.0])},
               {"bins": 4, "range": [[-1, 1], [-2, 3]]},
               {"density": True, "bins": 6}, {"weights": w, "bins": 3},
               {"weights": w, "density": True}]:
        g = gp.histogram2d(gp.asarray(x), y, **kw)
        r = np.histogram2d(x, y, **kw)
        for gi, ri in zip(g, r):
            same(gi, ri, tol=1e-12)
    s = RNG.random((100, 3))
    for bins in [4, (2, 3, 4)]:
        g = gp.histogramdd(gp.asarray(s), bins=bins)
        r = np.histogramdd(s, bins=bins)
        same(g[0], r[0])
        for gi, ri in zip(g[1], r[1]):
            same(gi, ri)
    xi = np.array([0, 1, 1, 2, 5], np.int32)
    g, r = gp.histogramdd([xi], bins=3), np.histogramdd([xi], bins=3)
    same(g[0], r[0])
    same(g[1][0], r[1][0])
    g, r = gp.histogram2d(np.zeros(0), np.zeros(0), 2), \
        np.histogram2d(np.zeros(0), np.zeros(0), 2)
    for gi, ri in zip(g, r):
        same(gi, ri)
    both_raise(ValueError, "histogramdd", np.ones((3, 2)), [2, 2, 2])
    both_raise(ValueError, "histogram2d", [1.0, 2], [1.0, 2], 0)
    both_raise(ValueError, "histogram2d", [1.0, 2], [1.0, 2],
               [np.array([1.0, 0.0]), 2])


@pytest.mark.parametrize("dt", [np.bool_, np.uint8, np.int32])
def test_packbits(dt):
    a = (RNG.integers(0, 3, (3, 13)) * (RNG.random((3, 13)) > 0.4)) \
        .astype(dt)
    for axis in [None, 0, 1, -1]:
        for order in ["big", "little"]:
            same(gp.packbits(a, axis=axis, bitorder=order),
                 np.packbits(a, axis=axis, bitorder=order))
    same(gp.packbits(np.zeros((0, 3), dt), axis=0),
         np.packbits(np.zeros((0, 3), dt), axis=0))
    both_raise(TypeError, "packbits", np.array([1.0]))
    both_raise(ValueError, "packbits", np.array([1]), 0, "mid")
    both_raise(np.exceptions.AxisError, "packbits", np.array([1]), 1)


def test_unpackbits():
    a = RNG.integers(0, 256, (2, 3)).astype(np.uint8)
    for axis in [None, 0, 1]:
        for order in ["big", "little"]:
            for count in [None, 3, 0, -5, 30]:
                same(gp.unpackbits(a, axis=axis, count=count,
                                   bitorder=order),
                     np.unpackbits(a, axis=axis, count=count,
                                   bitorder=order))
    same(gp.unpackbits(np.zeros(0, np.uint8)),
         np.unpackbits(np.zeros(0, np.uint8)))
    both_raise(TypeError, "unpackbits", np.array([1], np.int8))
    both_raise(ValueError, "unpackbits", np.ones(2, np.uint8), None, -17)


def test_numpy_dispatch():
    x = RNG.standard_normal((3, 3))
    g = np.einsum("ij,jk->ik", gp.asarray(x), gp.asarray(x))
    same(g, np.einsum("ij,jk->ik", x, x), tol=1e-12)
    h = np.packbits(gp.asarray(np.array([1, 0, 1], np.uint8)))
    same(h, np.packbits(np.array([1, 0, 1], np.uint8)))
    v = np.vander(gp.asarray(np.array([1, 2, 3])))
    same(v, np.vander(np.array([1, 2, 3])))
