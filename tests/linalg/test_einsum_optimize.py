"""Issue 15: einsum's optimize= picks the order of the pairwise GEMM
contractions as NumPy's einsum_path does (computed on the host from the
shapes alone), and the order used is the one asked for -- observed by
recording every pair einsum contracts -- with NumPy's values and errors."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.linalg import einsum as einsum_mod
from conftest import stable_seed
from gpuarray.testing.parity import assert_same


def _rand(shape, seed):
    return np.random.default_rng(stable_seed(seed)).standard_normal(shape)


def _close(got, want):
    np.testing.assert_allclose(gp.asnumpy(got), want, rtol=1e-10, atol=1e-10)


@pytest.fixture
def pairs(monkeypatch):
    """The (a, b, result) shapes of every pair einsum contracts."""
    seen = []
    inner = einsum_mod._einsum_pair

    def spy(a, la, b, lb, keep, size):
        r, rl = inner(a, la, b, lb, keep, size)
        seen.append((a.shape, b.shape, r.shape))
        return r, rl

    monkeypatch.setattr(einsum_mod, "_einsum_pair", spy)
    return seen


# A chain where the order decides the cost: (0, 1) first builds a
# 300 x 300 intermediate, (1, 2) first a 2 x 2 one.
SUB = "ij,jk,kl->il"


def _chain():
    return [_rand((300, 2), "c0"), _rand((2, 300), "c1"),
            _rand((300, 2), "c2")]


def _largest(pairs):
    return max(int(np.prod(r)) for _, _, r in pairs)


@pytest.mark.parametrize("optimize", [True, "greedy", "optimal", False])
def test_chain_takes_the_cheap_order(pairs, optimize):
    hs = _chain()
    gs = [gp.asarray(h) for h in hs]
    _close(gp.einsum(SUB, *gs, optimize=optimize),
           np.einsum(SUB, *hs, optimize=optimize))
    path = np.einsum_path(SUB, *hs, optimize="greedy" if isinstance(
        optimize, bool) else optimize)[0]
    assert path[1] == (1, 2)           # NumPy's choice for these shapes
    assert len(pairs) == 2 and _largest(pairs) == 300 * 2
    assert int(np.prod(pairs[0][2])) == 4    # the 2 x 2 product first


def test_an_explicit_path_is_honoured_even_when_worse(pairs):
    hs = _chain()
    gs = [gp.asarray(h) for h in hs]
    worse = ["einsum_path", (0, 1), (0, 1)]
    _close(gp.einsum(SUB, *gs, optimize=worse),
           np.einsum(SUB, *hs, optimize=worse))
    assert _largest(pairs) == 300 * 300   # it built what it was told to
    pairs.clear()
    better = ["einsum_path", (1, 2), (0, 1)]
    _close(gp.einsum(SUB, *gs, optimize=better),
           np.einsum(SUB, *hs, optimize=better))
    assert _largest(pairs) == 300 * 2


def test_the_path_from_einsum_path_round_trips(pairs):
    hs = _chain() + [_rand((2,), "c3")]
    gs = [gp.asarray(h) for h in hs]
    sub = "ij,jk,kl,l->i"
    path, _ = np.einsum_path(sub, *hs, optimize="optimal")
    gpath, _ = gp.einsum_path(sub, *gs, optimize="optimal")
    assert list(gpath) == list(path)
    _close(gp.einsum(sub, *gs, optimize=path),
           np.einsum(sub, *hs, optimize=path))
    assert len(pairs) == 3 and _largest(pairs) <= 300 * 2


def test_memory_limit_pair(pairs):
    """(strategy, memory limit): NumPy's einsum_path may then contract
    several operands in one step; each step still goes by pairs here."""
    hs = _chain()
    gs = [gp.asarray(h) for h in hs]
    for opt in (("greedy", 10), ("optimal", 10 ** 6)):
        _close(gp.einsum(SUB, *gs, optimize=opt),
               np.einsum(SUB, *hs, optimize=opt))


@pytest.mark.parametrize("nops", [1, 2, 3])
@pytest.mark.parametrize("optimize", ["bogus", ("greedy", "x"), 7,
                                      ["not_a_path", (0, 1)]])
def test_bad_optimize_as_numpy(nops, optimize):
    """The error NumPy raises (NumPy lets some through where the path
    needs no search: then the value is NumPy's)."""
    subs = {1: "ij->i", 2: "ij,jk->ik", 3: SUB}[nops]
    hs = _chain()[:nops]
    gs = [gp.asarray(h) for h in hs]
    try:
        want = np.einsum(subs, *hs, optimize=optimize)
    except Exception as e:
        with pytest.raises(type(e)):
            gp.einsum(subs, *gs, optimize=optimize)
    else:
        _close(gp.einsum(subs, *gs, optimize=optimize), want)


@pytest.mark.parametrize("optimize", [False, True, "greedy", "optimal"])
def test_values_with_traces_broadcasts_and_outputs(optimize):
    a = _rand((3, 4, 4), "v0")
    b = _rand((4, 5), "v1")
    c = _rand((5, 3), "v2")
    d = _rand((1, 5), "v3")
    for sub, ops in (("bii,ij,jk->bk", (a, b, c)),
                     ("bij,jk,kb->", (a, b, c)),
                     ("...ij,jk,lk->...il", (a, b, d)),
                     ("bij,jk,kl", (a, b, c))):
        _close(gp.einsum(sub, *[gp.asarray(o) for o in ops],
                         optimize=optimize),
               np.einsum(sub, *ops, optimize=optimize))
    out = gp.empty((3, 3))
    r = gp.einsum("bij,jk,kl->bl", *[gp.asarray(o) for o in (a, b, c)],
                  optimize=optimize, out=out)
    assert r is out
    _close(out, np.einsum("bij,jk,kl->bl", a, b, c, optimize=optimize))


@pytest.mark.parametrize("subscripts,shape", [
    ("ij", (2, 3)), ("ji", (2, 3)), ("...", (2, 3)), ("ii->i", (3, 3)),
    ("iii->i", (3, 3, 3)), ("j...i->i...j", (2, 3, 4)), ("ijkj->kij", (2,) * 4),
    ("ii...->...", (2,) * 4), ("ij->i...j", (2, 3)), ("i...j->ij", (2, 3)),
    ("ii", (3, 3)), ("i->", (3,)), ("->", ()),
])
@pytest.mark.parametrize("dtype", [None, np.float32])
@pytest.mark.parametrize("optimize", [False, True])
def test_einsum_one_operand_is_a_view_as_numpys(subscripts, shape, dtype,
                                                optimize):
    # NumPy returns a writable view when no label is summed (and then
    # applies no dtype=); traces and sums are new arrays (CuPy's suite)
    x = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape).copy()
    g = gp.asarray(x)
    try:
        want = np.einsum(subscripts, x, dtype=dtype, optimize=optimize)
    except TypeError:   # a summed int64 -> float32 is not a 'safe' cast
        with pytest.raises(TypeError):
            gp.einsum(subscripts, g, dtype=dtype, optimize=optimize)
        return
    got = gp.einsum(subscripts, g, dtype=dtype, optimize=optimize)
    assert_same(got, want)
    if np.ndim(want):   # (NumPy's 0-d results are scalars)
        assert (got.base is g) == (want.base is x)
    if want.base is x and want.size:
        want[...] = 7
        got[...] = 7
        assert_same(g, x)


@pytest.mark.parametrize("subscripts,shape", [
    ("ii", (1, 3)), ("ii->i", (3, 1)), ("iij->j", (2, 1, 3)),
    ("i...i", (1, 2, 3)), ("ij,jj->i", ((2, 3), (1, 3))),
])
def test_einsum_repeated_label_never_broadcasts(subscripts, shape):
    # a diagonal's axes must match exactly: NumPy's ValueError
    shapes = shape if isinstance(shape[0], tuple) else (shape,)
    xs = [np.ones(s) for s in shapes]
    with pytest.raises(ValueError, match="collapsing index"):
        np.einsum(subscripts, *xs)
    with pytest.raises(ValueError, match="collapsing index"):
        gp.einsum(subscripts, *[gp.asarray(x) for x in xs])
