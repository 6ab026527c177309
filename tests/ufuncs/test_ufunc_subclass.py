"""Ndarray subclasses against NumPy: ufunc results (Note [Subclass
results], csrc/ops/ufunc_subclass.c) take the subclass of the input with
the highest __array_priority__ (the first on ties), its __array_finalize__
called with that input, out= and subok=False kept plain, operators too;
views (view(C), slices, reshapes) are finalized with the array viewed."""
import numpy as np
import pytest

import gpuarray as gp


def subclasses(base, priority=0.0):
    class Info(base):
        __array_priority__ = priority

        def __array_finalize__(self, obj):
            if obj is None:
                return
            self.info = getattr(obj, "info", None)
    return Info


NP_C, GP_C = subclasses(np.ndarray), subclasses(gp.ndarray)
NP_HI, GP_HI = subclasses(np.ndarray, 50.0), subclasses(gp.ndarray, 50.0)


def pair(values, info, np_cls=NP_C, gp_cls=GP_C):
    x = np.asarray(values, np.float64).view(np_cls)
    g = gp.asarray(np.asarray(values, np.float64)).view(gp_cls)
    x.info = g.info = info
    return x, g


def plain(values):
    return np.asarray(values, np.float64), gp.asarray(
        np.asarray(values, np.float64))


def same(got, want, np_cls, gp_cls):
    assert (type(got) is gp_cls) == (type(want) is np_cls)
    assert (type(got) is gp.ndarray) == (type(want) is np.ndarray)
    assert getattr(got, "info", "-") == getattr(want, "info", "-")
    np.testing.assert_array_equal(gp.asnumpy(got.view(gp.ndarray)),
                                  want.view(np.ndarray))


CALLS = [
    ("sin(a)", lambda m, a, b, p: m.sin(a)),
    ("add(a, b)", lambda m, a, b, p: m.add(a, b)),
    ("add(b, a)", lambda m, a, b, p: m.add(b, a)),
    ("add(p, b)", lambda m, a, b, p: m.add(p, b)),
    ("a + 1", lambda m, a, b, p: a + 1),
    ("2 * b", lambda m, a, b, p: 2 * b),
    ("p - a", lambda m, a, b, p: p - a),
    ("-a", lambda m, a, b, p: -a),
    ("divmod(a, b)[1]", lambda m, a, b, p: m.divmod(a, b)[1]),
    ("modf(a)[0]", lambda m, a, b, p: m.modf(a)[0]),
    ("sin(a, subok=False)", lambda m, a, b, p: m.sin(a, subok=False)),
    ("add(a, b, out=p)", lambda m, a, b, p: m.add(a, b, out=p)),
]


@pytest.mark.parametrize("call", [c for _, c in CALLS],
                         ids=[n for n, _ in CALLS])
def test_subclass_results_like_numpy(call):
    xa, ga = pair([0.5, 1, 2], 1)
    xb, gb = pair([3, 4, 5.5], 2)
    xp, gq = plain([1, 1, 1])
    same(call(gp, ga, gb, gq), call(np, xa, xb, xp), NP_C, GP_C)


def test_higher_priority_input_wins():
    xa, ga = pair([1, 2], "low")
    xh, gh = pair([3, 4], "high", NP_HI, GP_HI)
    same(gp.add(ga, gh), np.add(xa, xh), NP_HI, GP_HI)
    same(ga * gh, xa * xh, NP_HI, GP_HI)


def test_matrix_ufunc_result_is_a_matrix():
    with pytest.warns(PendingDeprecationWarning):
        m = gp.matrix([[1.0, 2.0], [3.0, 4.0]])
    with pytest.warns(PendingDeprecationWarning):
        n = np.matrix([[1.0, 2.0], [3.0, 4.0]])
    assert isinstance(gp.sin(m), gp.matrix) == isinstance(np.sin(n),
                                                          np.matrix)
    np.testing.assert_allclose(gp.asnumpy(gp.sin(m).A), np.sin(n).A)


VIEWS = [
    ("view(C)", lambda a, C: a.view(C)),
    ("view(type=C)", lambda a, C: a.view(type=C)),
    ("[1:]", lambda a, C: a.view(C)[1:]),
    ("T", lambda a, C: a.view(C).reshape(1, 5).T),
    ("view('f')", lambda a, C: a.view(C).view("f")),
    ("reshape", lambda a, C: a.view(C).reshape(5, 1)),
]


@pytest.mark.parametrize("make", [m for _, m in VIEWS],
                         ids=[n for n, _ in VIEWS])
def test_views_of_a_subclass_are_finalized(make):
    # __array_finalize__ sees the array viewed (None's info: its default)
    x = np.arange(5, dtype="i")
    g = gp.arange(5, dtype="i")
    want, got = make(x, NP_C), make(g, GP_C)
    same(got, want, NP_C, GP_C)
    # a view of an instance takes that instance's info
    base_x, base_g = x.view(NP_C), g.view(GP_C)
    base_x.info = base_g.info = 7
    same(base_g[1:], base_x[1:], NP_C, GP_C)


def test_super_array_finalize_exists():
    class Sub(gp.ndarray):
        def __array_finalize__(self, obj):
            super().__array_finalize__(obj)
            self.seen = type(obj).__name__

    assert hasattr(np.ndarray, "__array_finalize__")
    assert gp.arange(3).view(Sub)[1:].seen == "Sub"
