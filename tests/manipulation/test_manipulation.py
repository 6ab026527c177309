"""Shape and arrangement functions against NumPy: values, dtype, shape,
and which results are views (sharing memory) where NumPy's are."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same


def G(a):
    return gp.asarray(a)


def same(g, n):
    """g: a gpuarray array of n's dtype, shape and exact values."""
    assert_same(g, n, exact=True, device=True)


X = np.arange(60, dtype=np.int32).reshape(3, 4, 5)
M = np.arange(1, 21, dtype=np.float64).reshape(4, 5)


@pytest.mark.parametrize("sections", [3, [1, 2], [0, 5, 9]])
def test_array_split(sections):
    a = np.arange(10.0)
    for g, n in zip(gp.array_split(G(a), sections), np.array_split(a,
                                                                   sections)):
        same(g, n)
    for g, n in zip(gp.array_split(G(X), 2, axis=2),
                    np.array_split(X, 2, axis=2)):
        same(g, n)


def test_split_family():
    for g, n in zip(gp.split(G(X), 3), np.split(X, 3)):
        same(g, n)
    with pytest.raises(ValueError):
        gp.split(G(np.arange(10)), 3)
    for fn in ("hsplit", "vsplit", "dsplit"):
        k = {"hsplit": 2, "vsplit": 3, "dsplit": 5}[fn]
        for g, n in zip(getattr(gp, fn)(G(X), k), getattr(np, fn)(X, k)):
            same(g, n)
    base = G(X)
    view = gp.split(base, 3)[1]
    view[...] = -1
    assert int(base[1, 0, 0]) == -1  # the parts are views, as in NumPy


@pytest.mark.parametrize("shift,axis", [(2, None), (-3, 0), (7, 1),
                                        ((1, 2), (0, 2)), (0, 1),
                                        ((2, 3), (1, 1))])
def test_roll(shift, axis):
    same(gp.roll(G(X), shift, axis), np.roll(X, shift, axis))


@pytest.mark.parametrize("shift,axis", [(np.array([1, 2]), (0, 2)),
                                        (np.array(5), None),
                                        (np.array([2.7, -1.2]), (1, 1)),
                                        (2, np.array(1)),
                                        (np.array([1, 1]), 0)])
def test_roll_device_shift_and_axis(shift, axis):
    # device shift/axis (strict: no implicit NumPy conversion) are read
    # back explicitly and roll as NumPy rolls their host values
    gs = G(shift) if isinstance(shift, np.ndarray) else shift
    ga = G(axis) if isinstance(axis, np.ndarray) else axis
    same(gp.roll(G(X), gs, ga), np.roll(X, shift, axis))


@pytest.mark.parametrize("reps,axis", [(3, None), (2, 0), (2, 1), (0, 2),
                                       ([1, 0, 2], 0), ([2], 1)])
def test_repeat(reps, axis):
    same(gp.repeat(G(X), reps, axis), np.repeat(X, reps, axis))
    with pytest.raises(ValueError):
        gp.repeat(G(X), [1, 2], 0)


@pytest.mark.parametrize("reps", [
    np.array([1.0, 1.0, 1.0]), np.array(2.0), np.array([1, 2, 3], np.uint64),
    np.array([1, 0, 2], np.uint32), np.array([True, False, True]),
    [2.0, 1.0, 1.0], np.float32(2), np.uint64(2), 2.5,
], ids=repr)
def test_repeat_counts_cast_as_numpy(reps):
    # an array of counts casts 'safe' (TypeError for floats, uint64);
    # Python and NumPy scalars and lists convert unchecked (CuPy's suite)
    x = np.arange(3)
    try:
        want = np.repeat(x, reps)
    except TypeError:
        for r in (reps, G(reps)):
            with pytest.raises(TypeError):
                gp.repeat(G(x), r)
        return
    same(gp.repeat(G(x), reps), want)
    if isinstance(reps, np.ndarray):
        same(gp.repeat(G(x), G(reps)), want)


@pytest.mark.parametrize("reps", [2, (2, 1), (1, 3, 2), (2, 1, 1, 2), 0])
def test_tile(reps):
    same(gp.tile(G(M), reps), np.tile(M, reps))
    same(gp.tile(G(np.arange(3)), reps), np.tile(np.arange(3), reps))


def test_append():
    same(gp.append(G(M), G(M)), np.append(M, M))
    same(gp.append(G(M), G(M[:1]), axis=0), np.append(M, M[:1], axis=0))


@pytest.mark.parametrize("k", [0, 1, 2, 3, -1, 5])
@pytest.mark.parametrize("axes", [(0, 1), (1, 2), (2, 0)])
def test_rot90(k, axes):
    same(gp.rot90(G(X), k, axes), np.rot90(X, k, axes))


@pytest.mark.parametrize("offset", [0, 1, 3, -1, -2, 7])
def test_diagonal_and_trace(offset):
    same(gp.diagonal(G(M), offset), np.diagonal(M, offset))
    same(gp.diagonal(G(X), offset, 1, 2), np.diagonal(X, offset, 1, 2))
    same(gp.diagonal(G(X), offset, 2, 0), np.diagonal(X, offset, 2, 0))
    same(gp.trace(G(M), offset), np.asarray(np.trace(M, offset)))
    same(gp.trace(G(X), offset, 1, 2), np.trace(X, offset, 1, 2))
    d = gp.diagonal(G(M), offset)
    assert not d.flags.writeable


@pytest.mark.parametrize("k", [0, 2, -1])
def test_diag(k):
    v = np.arange(1.0, 5.0)
    same(gp.diag(G(v), k), np.diag(v, k))
    same(gp.diag(G(M), k), np.diag(M, k))


@pytest.mark.parametrize("k", [0, 1, -2, 9])
def test_tril_triu(k):
    for fn in ("tril", "triu"):
        same(getattr(gp, fn)(G(M), k), getattr(np, fn)(M, k))
        same(getattr(gp, fn)(G(X), k), getattr(np, fn)(X, k))


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
def test_meshgrid(indexing, sparse):
    x, y, z = np.arange(3.0), np.arange(4), np.arange(2.0)
    for got, want in zip(gp.meshgrid(G(x), G(y), G(z), indexing=indexing,
                                     sparse=sparse),
                         np.meshgrid(x, y, z, indexing=indexing,
                                     sparse=sparse)):
        same(got, want)
