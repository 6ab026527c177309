"""gpuarray.polynomial.polynomial's functions against
numpy.polynomial.polynomial: arithmetic, evaluation, calculus, roots,
Vandermonde matrices, companion matrices and fits, for integer, float and
complex series, with NumPy's exceptions."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import numpy_parity

DTYPES = [np.int16, np.float32, np.float64, np.complex64]


def _pp(xp):
    return xp.polynomial.polynomial


def series(xp, n, dtype, seed=0):
    v = np.random.default_rng(seed).integers(1, 5, n).astype(dtype)
    return xp.asarray(v)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n1,n2", [(1, 1), (3, 5), (6, 2)])
@numpy_parity(rtol={"f": 1e-5, "F": 1e-5, "default": 1e-12})
def test_arithmetic(xp, dtype, n1, n2):
    pp = _pp(xp)
    a, b = series(xp, n1, dtype), series(xp, n2, np.float64, 1)
    return (pp.polyadd(a, b), pp.polysub(a, b), pp.polysub(b, a),
            pp.polymul(a, b), pp.polydiv(a, b), pp.polydiv(b, a),
            pp.polymulx(a), pp.polypow(a, 3), pp.polypow(a, 0),
            pp.polyadd(a, xp.asarray([0.0, 0.0, 0.0, 0.0])))


def test_arithmetic_errors():
    for xp in (np, gp):
        pp = _pp(xp)
        with pytest.raises(ZeroDivisionError):
            pp.polydiv(xp.asarray([1.0, 2.0]), xp.asarray([0.0, 0.0]))
        with pytest.raises(ValueError):
            pp.polypow(xp.asarray([1.0, 2.0]), 1.5)
        with pytest.raises(ValueError):
            pp.polypow(xp.asarray([1.0, 2.0]), 200, maxpower=10)


@pytest.mark.parametrize("dtype", [np.bool_, np.int32, np.float32,
                                   np.complex128])
@numpy_parity(rtol={"f": 1e-5, "default": 1e-12})
def test_evaluation(xp, dtype):
    pp = _pp(xp)
    c = xp.asarray(np.array([1, 2, 3], dtype))
    c2 = xp.asarray(np.arange(6, dtype=np.float64).reshape(3, 2))
    x = xp.asarray(np.array([[0.5, 2.0], [-1.0, 3.0]]))
    r = xp.asarray(np.array([1, -2], dtype))
    return (pp.polyval(x, c), pp.polyval([1, 2], c), pp.polyval(x, c2),
            pp.polyval(x[0], c2, tensor=False), pp.polyvalfromroots(x, r),
            pp.polyvalfromroots(x[0], xp.asarray(np.ones((2, 2))),
                                tensor=False),
            pp.polyval2d(x, x, c2), pp.polygrid2d(x[0], x[1], c2),
            pp.polyval3d(x, x, x, xp.asarray(np.ones((2, 2, 2)))),
            pp.polygrid3d(x[0], x[0], x[1], xp.asarray(np.ones((2, 1, 2)))))


@numpy_parity(rtol=1e-12)
def test_polyvalnd(xp):
    pp = _pp(xp)
    x = xp.asarray(np.array([[0.5, 2.0], [-1.0, 3.0]]))
    c2 = xp.asarray(np.arange(6, dtype=np.float64).reshape(3, 2))
    c3 = xp.asarray(np.arange(12, dtype=np.float64).reshape(3, 2, 2))
    if xp is gp or hasattr(pp, "polyvalnd"):
        valnd = pp.polyvalnd
    else:   # NumPy before 2.5: its 2-D and 3-D forms are the reference
        def valnd(pts, c):
            return (pp.polyval2d if len(pts) == 2 else pp.polyval3d)(*pts, c)
    return (valnd((x, x[::-1]), c2), valnd([x, x, x], c3),
            valnd((x[0], x[1], x[0]), c3))


def test_evaluation_errors():
    for xp in (np, gp):
        pp = _pp(xp)
        with pytest.raises(ValueError):
            pp.polyval2d(xp.zeros(2), xp.zeros(3), xp.ones((2, 2)))
    with pytest.raises(ValueError, match="x, y, z are incompatible"):
        gp.polynomial.polynomial.polyvalnd(
            (gp.zeros(2), gp.zeros(2), gp.zeros(3)), gp.ones((2, 2, 2)))
        with pytest.raises(ValueError):
            pp.polyvalfromroots(xp.zeros((2, 2)), xp.ones(2), tensor=False)


@pytest.mark.parametrize("dtype", [np.int64, np.float32, np.complex128])
@numpy_parity(rtol={"f": 1e-5, "default": 1e-12})
def test_calculus(xp, dtype):
    pp = _pp(xp)
    c = xp.asarray(np.array([1, 2, 3, 4], dtype))
    c2 = xp.asarray(np.arange(8, dtype=dtype).reshape(4, 2))
    return (pp.polyder(c), pp.polyder(c, 2, scl=2), pp.polyder(c, 9),
            pp.polyder(c2, axis=1), pp.polyder(c, 0), pp.polyint(c),
            pp.polyint(c, 2, k=[1, 2], lbnd=1, scl=3),
            pp.polyint(xp.asarray(np.zeros(1, dtype)), 2, k=[5]),
            pp.polyint(c2, axis=1), pp.polyint(c, 0))


@pytest.mark.parametrize("call,exc", [
    (lambda pp, c: pp.polyder(c, -1), ValueError),
    (lambda pp, c: pp.polyder(c, 1.0), TypeError),
    (lambda pp, c: pp.polyder(c, axis=3), np.exceptions.AxisError),
    (lambda pp, c: pp.polyint(c, -1), ValueError),
    (lambda pp, c: pp.polyint(c, 1, k=[1, 2]), ValueError),
    (lambda pp, c: pp.polyint(c, lbnd=[1, 2]), ValueError),
    (lambda pp, c: pp.polyint(c, scl=[1, 2]), ValueError),
])
def test_calculus_errors(call, exc):
    for xp in (np, gp):
        with pytest.raises(exc):
            call(_pp(xp), xp.asarray([1.0, 2.0]))


@pytest.mark.parametrize("c", [[3, 5, 7, 0, 0], [0, 0, 0, 3], [0, 3, 0],
                               [2, 1], [-6, 11, -6, 1], [1, 0, 1]])
@numpy_parity(rtol=1e-10, atol=1e-12)
def test_roots_and_companion(xp, c):
    pp = _pp(xp)
    a = xp.asarray(np.array(c, np.float64))
    return (pp.polycompanion(a), pp.polyroots(a),
            pp.polyfromroots(pp.polyroots(a)), pp.polyline(3, 0),
            pp.polyline(1.5, 2))


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.complex64])
@numpy_parity()
def test_roots_of_constants_and_empty_fromroots(xp, dtype):
    pp = _pp(xp)
    return (pp.polyroots(xp.asarray(np.array([4], dtype))),
            pp.polyroots(xp.asarray(np.array([4, 2], dtype))),
            pp.polyfromroots([]))


@pytest.mark.parametrize("c", [np.zeros(10), np.zeros(0), [3.0, 0, 0],
                               np.ones((2, 3, 4)), np.array(3.0),
                               np.ones(3, bool)])
def test_companion_errors(c):
    for xp in (np, gp):
        with pytest.raises(ValueError):
            _pp(xp).polycompanion(xp.asarray(c))


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.float32,
                                   np.complex64])
@numpy_parity(rtol={"f": 1e-5, "F": 1e-5, "default": 1e-12})
def test_vander(xp, dtype):
    pp = _pp(xp)
    x = xp.asarray(np.array([[0, 1, 2], [1, 0, 1]], dtype))
    return (pp.polyvander(x, 4), pp.polyvander(x[0, 0], 2),
            pp.polyvander(x[0], 0), pp.polyvander2d(x[0], x[1], [1, 2]),
            pp.polyvander3d(x[0], x[1], x[0], [1, 0, 2]))


@pytest.mark.parametrize("deg,exc", [(-3, ValueError), (2.6, TypeError),
                                     (5.0, TypeError)])
def test_vander_errors(deg, exc):
    for xp in (np, gp):
        with pytest.raises(exc):
            _pp(xp).polyvander(xp.ones(3), deg)
    for xp in (np, gp):
        with pytest.raises(ValueError):
            _pp(xp).polyvander2d(xp.ones(3), xp.ones(3), [1])


@pytest.mark.parametrize("deg", [2, [0, 2], 6])
@pytest.mark.parametrize("ycols", [1, 2])
@pytest.mark.parametrize("weighted", [False, True])
def test_polyfit(deg, ycols, weighted):
    def f(xp):
        x = np.linspace(-1, 1, 6)
        y = np.stack([x ** 2 + 1, 2 * x - 3], axis=1)[:, :ycols]
        y = y[:, 0] if ycols == 1 else y
        w = np.linspace(1, 2, 6) if weighted else None
        wx = None if w is None else xp.asarray(w)
        with warnings.catch_warnings(record=True) as rec:
            warnings.simplefilter("always")
            c, info = _pp(xp).polyfit(xp.asarray(x), xp.asarray(y), deg,
                                      full=True, w=wx)
            c2 = _pp(xp).polyfit(xp.asarray(x), xp.asarray(y), deg, w=wx)
        return c, c2, info[0], info[1], info[2], info[3], len(rec)
    got, want = f(gp), f(np)
    from gpuarray.testing.parity import assert_same
    assert_same(got[:2], want[:2], rtol=1e-8, atol=1e-10)
    assert_same(got[2], want[2], rtol=1e-6, atol=1e-10)
    assert got[3] == want[3] and got[6] == want[6]
    assert_same(got[4], want[4], rtol=1e-10)
    assert got[5] == want[5]


@pytest.mark.parametrize("kw,exc", [
    (dict(deg=-1), ValueError), (dict(deg=2.5), TypeError),
    (dict(deg=[]), TypeError), (dict(x=np.ones((2, 3))), TypeError),
    (dict(x=np.ones(0), y=np.ones(0)), TypeError),
    (dict(y=np.ones(4)), TypeError), (dict(w=np.ones((5, 1))), TypeError),
    (dict(w=np.ones(4)), TypeError)])
def test_polyfit_errors(kw, exc):
    args = dict(x=np.arange(5.0), y=np.arange(5.0), deg=2)
    args.update(kw)
    for xp in (np, gp):
        a = {k: xp.asarray(v) if isinstance(v, np.ndarray) else v
             for k, v in args.items()}
        with pytest.raises(exc):
            _pp(xp).polyfit(a["x"], a["y"], a["deg"], w=a.get("w"))


def test_constants_and_polytrim():
    pp = gp.polynomial.polynomial
    for name in ("polydomain", "polyzero", "polyone", "polyx"):
        np.testing.assert_array_equal(getattr(pp, name),
                                      getattr(np.polynomial.polynomial,
                                              name))
    assert pp.polytrim is gp.polynomial.polyutils.trimcoef
    assert set(pp.__all__) == set(np.polynomial.polynomial.__all__)
