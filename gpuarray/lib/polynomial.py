"""NumPy's legacy polynomial functions (highest power first): poly,
polyadd, polysub, polymul, polydiv, polyder, polyint, polyval, roots,
polyfit.

The arithmetic is poly_arith.py's, on the device.  What this module adds
is NumPy's rule for poly1d arguments: a poly1d is read as its
coefficients, and when one is among the polynomial arguments of polyadd,
polysub, polymul, polydiv, polyder or polyint, the result is a poly1d
(variable 'x') too; polyval of a poly1d x is a poly1d (composition);
roots, poly and polyfit return arrays.  polyfit's least squares run on
the device.
"""
import warnings

import numpy as _np

from .._engine import ufuncs as _uf
from .._core import ndarray
from .._engine.arrays import asarray, zeros
from ..creation.building import vander
from ..linalg import inv, lstsq
from ..linalg.dot_matmul import dot, outer
from ..math import sums as _math_sums
from . import poly_arith as _arith
from .poly1d import poly1d

__all__ = ["poly", "polyadd", "polysub", "polymul", "polydiv", "polyder",
           "polyint", "polyval", "roots", "polyfit"]


def _read(a):
    """a poly1d as its coefficient array; anything else as it is."""
    return a.coeffs if isinstance(a, poly1d) else a


def _any_poly1d(*args):
    return any(isinstance(a, poly1d) for a in args)


def polyadd(a1, a2):
    """The sum of two polynomials (a poly1d if either is one)."""
    val = _arith.add(_read(a1), _read(a2))
    return poly1d(val) if _any_poly1d(a1, a2) else val


def polysub(a1, a2):
    """The difference a1 - a2 of two polynomials (a poly1d if either is
    one)."""
    val = _arith.sub(_read(a1), _read(a2))
    return poly1d(val) if _any_poly1d(a1, a2) else val


def polymul(a1, a2):
    """The product of two polynomials (a poly1d if either is one)."""
    val = _arith.mul(_read(a1), _read(a2))
    return poly1d(val) if _any_poly1d(a1, a2) else val


def polydiv(u, v):
    """Quotient and remainder of the polynomial division u / v (poly1d
    objects if either is one)."""
    q, r = _arith.div(_read(u), _read(v))
    if _any_poly1d(u, v):
        return poly1d(q), poly1d(r)
    return q, r


def polyder(p, m=1):
    """The m-th derivative of a polynomial (a poly1d for a poly1d)."""
    val = _arith.der(_read(p), m)
    return poly1d(val) if isinstance(p, poly1d) else val


def polyint(p, m=1, k=None):
    """The m-th antiderivative of a polynomial, with constants k (a
    poly1d for a poly1d)."""
    val = _arith.integ(_read(p), m, k)
    return poly1d(val) if isinstance(p, poly1d) else val


def polyval(p, x):
    """p[0] * x**(N-1) + ... + p[N-1], by Horner's scheme; a poly1d x
    gives the composed poly1d, as NumPy."""
    p = _read(p)
    p = p if isinstance(p, ndarray) else asarray(p)
    if p.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    if isinstance(x, poly1d):
        return _arith.horner(p, x, 0)
    x = x if isinstance(x, ndarray) else asarray(x)
    return _arith.horner(p, x, zeros(x.shape, x.dtype))


def poly(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots (a
    poly1d's coefficients are read as the roots, as NumPy)."""
    return _arith.from_roots(_read(seq_of_zeros))


def roots(p):
    """The roots of the polynomial with coefficients p (highest power
    first), as numpy.roots: the eigenvalues of its companion matrix, with
    leading zeros dropped and trailing zeros giving roots at 0."""
    return _arith.roots(_read(p))


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial fit, as numpy.polyfit: the Vandermonde
    columns scaled to unit norm, solved by linalg.lstsq on the device."""
    order = int(deg) + 1
    x = _uf.add(_arith.as_1d(_read(x)), 0.0)
    y = _uf.add(asarray(_read(y)), 0.0)
    if deg < 0:
        raise ValueError("expected deg >= 0")
    _arith.check_fit_points(x, y)
    if rcond is None:
        rcond = len(x) * _np.finfo(x.dtype).eps
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = _uf.add(asarray(_read(w)), 0.0)
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        # in place, as NumPy: a complex w with real x and y is the
        # multiply's output casting error
        _uf.multiply(lhs, w[:, None], out=lhs)
        _uf.multiply(rhs, w if rhs.ndim == 1 else w[:, None], out=rhs)
    scale = _uf.sqrt(_math_sums.sum(lhs * lhs, axis=0))
    lhs = lhs / scale
    c, resids, rank, s = lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned",
                      _np.exceptions.RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        vbase = inv(dot(lhs.T, lhs)) / outer(scale, scale)
        if cov == "unscaled":
            fac = 1
        else:
            if len(x) <= order:
                raise ValueError("the number of data points must exceed "
                                 "order to scale the covariance matrix")
            fac = resids / (len(x) - order)
        if y.ndim == 1:
            return c, vbase * fac
        return c, vbase[:, :, None] * fac
    return c
