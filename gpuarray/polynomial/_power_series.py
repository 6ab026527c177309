"""The functions of ``gpuarray.polynomial.polynomial`` (polynomial.py):
numpy.polynomial.polynomial's power series (coefficients lowest power
first) on device arrays.

Each function takes NumPy's steps (numpy/polynomial/polynomial.py and the
helpers of polyutils.py), so results, dtypes and exceptions are NumPy's;
the coefficients stay on the device.  Series arguments go through
polyutils.as_series (1-d, trailing zeros trimmed, one common float or
complex dtype); the evaluation and Vandermonde functions take integral
inputs as float64.  The loops run over degrees, not over data.  Roots are
the eigenvalues of the companion matrix (linalg.eigvals), fits are
linalg.lstsq of the scaled Vandermonde matrix.

Differences from NumPy: scalar results (polyval of a Python scalar) are
0-d device arrays; the constants polydomain, polyzero, polyone and polyx
are NumPy arrays, as NumPy's (they are host-side parameters, read by
Polynomial's domain and window).
"""
import functools
import operator
import warnings

import numpy as _np
from numpy.lib.array_utils import normalize_axis_index

from .._core import ndarray
from .._engine import ufuncs as _uf
from .._engine.arrays import arange, asarray, ones, zeros
from ..linalg import eigvals, lstsq
from ..manipulation import shapes as _mn
from ..math import sums as _math_sums
from ..math.convolve import convolve
from ..sorting.sort import sort
from ..lib import poly_arith as _arith
from . import polyutils as pu

__all__ = [
    "polyzero", "polyone", "polyx", "polydomain", "polyline", "polyadd",
    "polysub", "polymulx", "polymul", "polydiv", "polypow", "polyval",
    "polyvalfromroots", "polyder", "polyint", "polyfromroots",
    "polyvander", "polyfit", "polytrim", "polyroots", "polyval2d",
    "polyval3d", "polygrid2d", "polygrid3d", "polyvander2d", "polyvander3d",
    "polycompanion"]  # polynomial.py adds Polynomial
# NumPy 2.5 added polyvalnd; the star-import names follow the NumPy installed
if hasattr(_np.polynomial.polynomial, "polyvalnd"):
    __all__.append("polyvalnd")

polydomain = _np.array([-1., 1.])
polyzero = _np.array([0])
polyone = _np.array([1])
polyx = _np.array([0, 1])
polytrim = pu.trimcoef


def polyline(off, scl):
    """The series off + scl*x."""
    if scl != 0:
        return asarray([off, scl])
    return asarray([off])


# ---- arithmetic -----------------------------------------------------------

def polyadd(c1, c2):
    """The sum of two power series."""
    [c1, c2] = pu.as_series([c1, c2])
    if len(c1) < len(c2):
        c1, c2 = c2, c1
    head = c1[:c2.size]
    _uf.add(head, c2, out=head)
    return pu.trimseq(c1)


def polysub(c1, c2):
    """The difference c1 - c2 of two power series."""
    [c1, c2] = pu.as_series([c1, c2])
    if len(c1) > len(c2):
        ret = c1
        head = ret[:c2.size]
        _uf.subtract(head, c2, out=head)
    else:
        ret = -c2
        head = ret[:c1.size]
        _uf.add(head, c1, out=head)
    return pu.trimseq(ret)


def polymulx(c):
    """The series c multiplied by x."""
    [c] = pu.as_series([c])
    if len(c) == 1 and not bool(c[0] != 0):
        return c
    return _mn.concatenate((c[:1] * 0, c))


def polymul(c1, c2):
    """The product of two power series (a convolution)."""
    [c1, c2] = pu.as_series([c1, c2])
    return pu.trimseq(convolve(c1, c2))


def polydiv(c1, c2):
    """Quotient and remainder of the division c1 / c2 of power series."""
    [c1, c2] = pu.as_series([c1, c2])
    if not bool(c2[-1] != 0):
        raise ZeroDivisionError("polydiv: the divisor's leading "
                                "coefficient is 0")
    lc1, lc2 = len(c1), len(c2)
    if lc1 < lc2:
        return c1[:1] * 0, c1
    if lc2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    scl = c2[-1]
    c2 = c2[:-1] / scl
    i, j = lc1 - lc2, lc1 - 1
    # long division from the highest power down, one step per quotient
    # coefficient
    while i >= 0:
        window = c1[i:j]
        _uf.subtract(window, c2 * c1[j], out=window)
        i, j = i - 1, j - 1
    return c1[j + 1:] / scl, pu.trimseq(c1[:j + 1])


def polypow(c, pow, maxpower=None):
    """The power series c raised to the integer power pow."""
    [c] = pu.as_series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    if power == 0:
        return asarray([1], dtype=c.dtype)
    prd = c
    for _ in range(power - 1):
        prd = convolve(prd, c)
    return prd


# ---- evaluation -----------------------------------------------------------

def _points(x):
    """x as NumPy's polyval reads it: sequences and arrays become device
    arrays (and so broadcast against the coefficients), scalars stay."""
    if isinstance(x, (tuple, list, _np.ndarray)):
        return asarray(x)
    return x


def polyval(x, c, tensor=True):
    """The power series c at the points x, by Horner's rule; with tensor,
    every column of a multidimensional c at every x."""
    c = pu.floating(pu.atleast_1d(c))
    x = _points(x)
    if isinstance(x, ndarray) and tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)
    c0 = c[-1] + x * 0
    for i in range(2, len(c) + 1):
        c0 = c[-i] + c0 * x
    return c0


def polyvalfromroots(x, r, tensor=True):
    """The monic polynomial with roots r at the points x: the product of
    (x - r) over the roots (the first axis of r)."""
    r = pu.atleast_1d(r)
    if r.dtype.char in pu.INTEGRAL_CHARS:
        r = r.astype(_np.float64)
    x = _points(x)
    if isinstance(x, ndarray):
        if tensor:
            r = r.reshape(r.shape + (1,) * x.ndim)
        elif x.ndim >= r.ndim:
            raise ValueError("x.ndim must be < r.ndim when tensor == False")
    return _math_sums.prod(x - r, axis=0)


def _same_shapes(args):
    args = [pu.as_device(a) for a in args]
    if not all(a.shape == args[0].shape for a in args[1:]):
        names = {2: "x, y", 3: "x, y, z"}.get(len(args), "ordinates")
        raise ValueError("%s are incompatible" % names)
    return args


def polyvalnd(pts, c):
    """The N-D series c at the points pts = (x1, ..., xn), all one shape."""
    pts = _same_shapes(tuple(pts))
    c = polyval(pts[0], c)
    for x in pts[1:]:
        c = polyval(x, c, tensor=False)
    return c


def polyval2d(x, y, c):
    """The 2-D series c at the points (x, y)."""
    return polyvalnd((x, y), c)


def polyval3d(x, y, z, c):
    """The 3-D series c at the points (x, y, z)."""
    return polyvalnd((x, y, z), c)


def polygrid2d(x, y, c):
    """The 2-D series c on the Cartesian product of x and y."""
    return polyval(y, polyval(x, c))


def polygrid3d(x, y, z, c):
    """The 3-D series c on the Cartesian product of x, y and z."""
    return polyval(z, polyval(y, polyval(x, c)))


# ---- calculus -------------------------------------------------------------

def _series_along(c, axis):
    c = pu.floating(pu.atleast_1d(c)).copy()
    iaxis = pu.as_int(axis, "the axis")
    return c, normalize_axis_index(iaxis, c.ndim)


def _column(values, like):
    """A 1-d device array shaped to broadcast along like's first axis."""
    return values.reshape((values.shape[0],) + (1,) * (like.ndim - 1))


def polyder(c, m=1, scl=1, axis=0):
    """The m-th derivative of the series c along axis, each step times
    scl."""
    c, iaxis = _series_along(c, axis)
    cdt = c.dtype
    cnt = pu.as_int(m, "the order of derivation")
    if cnt < 0:
        raise ValueError("The order of derivation must be non-negative")
    if cnt == 0:
        return c
    c = _mn.moveaxis(c, iaxis, 0)
    n = len(c)
    if cnt >= n:
        c = c[:1] * 0
    else:
        for _ in range(cnt):
            n -= 1
            c = c * scl
            c = (c[1:] * _column(arange(1, n + 1), c)).astype(cdt)
    return _mn.moveaxis(c, 0, iaxis)


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):
    """The m-th antiderivative of the series c along axis, with constants
    k, so that each integral is k at lbnd, each step times scl."""
    c, iaxis = _series_along(c, axis)
    cdt = c.dtype
    if not _np.iterable(k):
        k = [k]
    cnt = pu.as_int(m, "the order of integration")
    if cnt < 0:
        raise ValueError("The order of integration must be non-negative")
    if len(k) > cnt:
        raise ValueError("Too many integration constants")
    if _np.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if _np.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    if cnt == 0:
        return c
    k = list(k) + [0] * (cnt - len(k))
    c = _mn.moveaxis(c, iaxis, 0)
    for i in range(cnt):
        n = len(c)
        c = (c * scl).astype(cdt)
        if n == 1 and not bool((c[0] != 0).any()):
            c[0] += k[i]
            continue
        tmp = zeros((n + 1,) + c.shape[1:], cdt)
        tmp[1:] = c / _column(arange(1, n + 1), c)
        tmp[0] += k[i] - polyval(lbnd, tmp)
        c = tmp
    return _mn.moveaxis(c, 0, iaxis)


# ---- roots ----------------------------------------------------------------

def polyfromroots(roots):
    """The monic power series with the given roots, multiplied out in a
    balanced tree of products, as NumPy."""
    if len(roots) == 0:
        return ones(1)
    [roots] = pu.as_series([roots], trim=False)
    roots = sort(roots)
    factors = [_mn.concatenate((-roots[i:i + 1], ones(1, roots.dtype)))
               for i in range(len(roots))]
    while len(factors) > 1:
        half, odd = divmod(len(factors), 2)
        tmp = [polymul(factors[i], factors[i + half]) for i in range(half)]
        if odd:
            tmp[0] = polymul(tmp[0], factors[-1])
        factors = tmp
    return factors[0]


def polycompanion(c):
    """The companion matrix of the series c (its eigenvalues are c's
    roots)."""
    [c] = pu.as_series([c])
    if len(c) < 2:
        raise ValueError("Series must have maximum degree of at least 1.")
    if len(c) == 2:
        return (-c[0:1] / c[1:2]).reshape(1, 1)
    n = len(c) - 1
    mat = zeros((n, n), c.dtype)
    mat.reshape(-1)[n::n + 1] = 1  # the subdiagonal
    last = mat[:, -1]
    _uf.subtract(last, c[:-1] / c[-1], out=last)
    return mat


def polyroots(c):
    """The roots of the series c, sorted."""
    [c] = pu.as_series([c])
    if len(c) < 2:
        return zeros(0, c.dtype)
    if len(c) == 2:
        return -c[0:1] / c[1:2]
    m = polycompanion(c)[::-1, ::-1]
    r = sort(eigvals(m))
    # real roots of a real series come back real, as NumPy's polyroots
    # does itself since NumPy 2.5's eigvals is always complex
    if m.dtype.kind != "c" and r.dtype.kind == "c" and \
            not bool((r.imag != 0).any()):
        r = r.real.astype(m.dtype)
    return r


# ---- Vandermonde matrices and fits -------------------------------------------

def polyvander(x, deg):
    """The Vandermonde matrix of the points x: [..., i] is x**i, i up to
    deg."""
    ideg = pu.as_int(deg, "deg")
    if ideg < 0:
        raise ValueError("deg must be non-negative")
    x = pu.atleast_1d(x) + 0.0
    v = zeros((ideg + 1,) + x.shape, x.dtype)
    v[0] = x * 0 + 1
    if ideg > 0:
        v[1] = x
        for i in range(2, ideg + 1):
            _uf.multiply(v[i - 1], x, out=v[i])
    return _mn.moveaxis(v, 0, -1)


def _vander_nd_flat(points, degrees):
    n = len(points)
    if len(degrees) != n:
        raise ValueError("Expected %d dimensions of degrees, got %d"
                         % (n, len(degrees)))
    points = _same_shapes(points)
    points = [p + 0.0 for p in points]
    dt = _np.result_type(*[p.dtype for p in points])
    factors = []
    for i, (p, d) in enumerate(zip(points, degrees)):
        # the i-th factor varies along the i-th trailing axis only
        index = (Ellipsis,) + (None,) * i + (slice(None),) + \
            (None,) * (n - 1 - i)
        factors.append(polyvander(p.astype(dt), d)[index])
    v = functools.reduce(operator.mul, factors)
    return v.reshape(v.shape[:-n] + (-1,))


def polyvander2d(x, y, deg):
    """The 2-D Vandermonde matrix of the points (x, y), degrees deg."""
    return _vander_nd_flat((x, y), deg)


def polyvander3d(x, y, z, deg):
    """The 3-D Vandermonde matrix of the points (x, y, z), degrees deg."""
    return _vander_nd_flat((x, y, z), deg)


def _degrees(deg):
    deg = _np.asarray(deg)
    if deg.ndim > 1 or deg.dtype.kind not in "iu" or deg.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if deg.min() < 0:
        raise ValueError("expected deg >= 0")
    return deg


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    """Least-squares fit of a power series of degree deg (or with the
    listed degrees only) to the points (x, y), weights w."""
    x = pu.as_device(x) + 0.0
    y = pu.as_device(y) + 0.0
    deg = _degrees(deg)
    _arith.check_fit_points(x, y)
    if deg.ndim == 0:
        lmax, order = int(deg), int(deg) + 1
        van = polyvander(x, lmax)
    else:
        deg = _np.sort(deg)
        lmax, order = int(deg[-1]), len(deg)
        van = polyvander(x, lmax)[:, asarray(deg)]
    lhs, rhs = van.T, y.T
    if w is not None:
        w = pu.as_device(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if len(x) != len(w):
            raise TypeError("expected x and w to have same length")
        lhs, rhs = lhs * w, rhs * w
    if rcond is None:
        rcond = len(x) * _np.finfo(x.dtype).eps
    if lhs.dtype.kind == "c":
        scl = _uf.sqrt(_math_sums.sum(_uf.square(_uf.real(lhs)) +
                                      _uf.square(_uf.imag(lhs)), axis=1))
    else:
        scl = _uf.sqrt(_math_sums.sum(_uf.square(lhs), axis=1))
    scl[scl == 0] = 1
    c, resids, rank, s = lstsq(lhs.T / scl, rhs.T, rcond)
    c = (c.T / scl).T
    if deg.ndim > 0:
        cc = zeros((lmax + 1,) + c.shape[1:], c.dtype)
        cc[asarray(deg)] = c
        c = cc
    if rank != order and not full:
        warnings.warn("The fit may be poorly conditioned",
                      _np.exceptions.RankWarning, stacklevel=2)
    if full:
        return c, [resids, rank, s, rcond]
    return c
