"""gpuarray.polynomial.Polynomial against numpy.polynomial.Polynomial:
construction checks, evaluation through the domain map, arithmetic with
numbers, arrays and Polynomials, division rules, calculus, roots, fits,
constructors, printing, and NumPy's errors."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same


def same(got, want, **kw):
    """got is the gpuarray counterpart of want (a Polynomial with the same
    coefficients on the device, domain, window and symbol; or what
    assert_same accepts)."""
    __tracebackhide__ = True  # noqa: F841
    if isinstance(want, (tuple, list)):
        assert type(got) is type(want) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w, **kw)
        return
    if isinstance(want, np.polynomial.Polynomial):
        assert isinstance(got, gp.polynomial.Polynomial), type(got)
        assert isinstance(got.coef, gp.ndarray)
        assert_same(got.coef, want.coef, **kw)
        np.testing.assert_array_equal(got.domain, want.domain)
        np.testing.assert_array_equal(got.window, want.window)
        assert got.symbol == want.symbol
        return
    assert_same(got, want, **kw)


def both(fn, **kw):
    same(fn(gp), fn(np), **kw)


def P(xp, coef, **kw):
    c = xp.asarray(np.asarray(coef)) if not isinstance(coef, list) else coef
    return xp.polynomial.Polynomial(c, **kw)


def test_construction_and_printing():
    both(lambda xp: P(xp, [1, 2, 3]))
    both(lambda xp: P(xp, np.array([1, 0, 0], np.float32),
                      domain=[0, 4], window=[-2, 2], symbol="t"))
    g = P(gp, [1.5, 0, -2], symbol="z")
    n = P(np, [1.5, 0, -2], symbol="z")
    assert repr(g) == repr(n) and str(g) == str(n)
    assert format(g, "ascii") == format(n, "ascii")
    assert g._repr_latex_() == n._repr_latex_()
    assert (len(g), g.degree()) == (len(n), n.degree())
    assert isinstance(g.get(), np.polynomial.Polynomial)


@pytest.mark.parametrize("kw,exc", [
    (dict(domain=[1, 2, 3]), ValueError), (dict(window=[1]), ValueError),
    (dict(symbol="1x"), ValueError), (dict(symbol=3), TypeError)])
def test_construction_errors(kw, exc):
    for xp in (np, gp):
        with pytest.raises(exc):
            P(xp, [1, 2], **kw)


def test_evaluation_maps_the_domain():
    both(lambda xp: P(xp, [1, 2, 3], domain=[0, 4])(
        xp.asarray([0.0, 1.0, 4.0])))
    both(lambda xp: P(xp, [1, 2, 3])([1, 2]))
    both(lambda xp: P(xp, [1, 2, 3], domain=[0, 2]).linspace(5))


@pytest.mark.parametrize("other", ["poly", "int", "float", "array"])
def test_arithmetic(other):
    def f(xp):
        p = P(xp, [1.0, 2.0, 3.0])
        o = {"poly": P(xp, [2.0, 1.0]), "int": 3, "float": 1.5,
             "array": xp.asarray([1.0, 1.0])}[other]
        out = [p + o, o + p, p - o, o - p, p * o, o * p, p // o, p % o,
               divmod(p, o), -p, +p, p ** 2]
        if other != "array":
            out += [o // p, o % p]
        if other in ("int", "float"):
            out.append(p / o)
        return tuple(out)
    both(f, rtol=1e-12)


def test_arithmetic_errors():
    for xp in (np, gp):
        p = P(xp, [1.0, 2.0])
        for bad in (P(xp, [1.0], domain=[0, 1]),
                    P(xp, [1.0], window=[0, 1])):
            with pytest.raises(TypeError):
                p + bad
        with pytest.raises(ValueError):
            p + P(xp, [1.0], symbol="y")
        with pytest.raises(TypeError):
            p / P(xp, [1.0, 1.0])
        with pytest.raises(TypeError):
            p / True
        with pytest.raises(ZeroDivisionError):
            p // 0
        with pytest.raises(ValueError):
            p ** 101
        with pytest.raises(TypeError):
            xp.add(p, 1)


def test_comparisons():
    for xp in (np, gp):
        p = P(xp, [1.0, 2.0])
        assert p == P(xp, [1, 2]) and not (p != P(xp, [1, 2]))
        assert p != P(xp, [1.0, 2.0, 0.0]) and p != P(xp, [1, 2], symbol="y")
        assert p != [1.0, 2.0]
        assert p.has_samecoef(P(xp, [1, 2])) and p.has_sametype(p)


def test_calculus_roots_and_methods():
    def f(xp):
        p = P(xp, [2.0, -3.0, 1.0], domain=[0, 2], window=[-1, 1])
        return (p.deriv(), p.deriv(2), p.integ(), p.integ(2, k=[1, 2],
                                                          lbnd=1),
                p.roots(), p.copy(), p.trim(), P(xp, [1, 2, 1e-5]).trim(1e-3),
                p.truncate(2), p.cutdeg(1), p.convert(), p.mapparms())
    both(f, rtol=1e-10, atol=1e-12)
    for xp in (np, gp):
        with pytest.raises(ValueError):
            P(xp, [1.0, 2.0]).truncate(0)


def test_constructors():
    def f(xp):
        Pol = xp.polynomial.Polynomial
        x = xp.asarray(np.linspace(0, 3, 7))
        fit = Pol.fit(x, x ** 2 - 1, 2)
        full = Pol.fit(x, x, 1, full=True)
        return (fit, full[0], full[1][1], Pol.fit(x, x, 1, domain=[]),
                Pol.fit(xp.asarray([2.0, 2.0]), xp.asarray([1.0, 1.0]), 0),
                Pol.fromroots(xp.asarray([1.0, 2.0])),
                Pol.fromroots(xp.asarray([1.0, 2.0]), domain=None),
                Pol.identity(), Pol.identity(domain=[0, 2]), Pol.basis(3),
                Pol.cast(Pol([1.0, 2.0], domain=[0, 1])))
    both(f, rtol=1e-8, atol=1e-10)
    for xp in (np, gp):
        with pytest.raises(ValueError):
            xp.polynomial.Polynomial.basis(1.5)


def test_namespace():
    assert gp.polynomial.polynomial.Polynomial is gp.polynomial.Polynomial
    assert gp.polynomial.set_default_printstyle is \
        np.polynomial.set_default_printstyle
