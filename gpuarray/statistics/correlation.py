"""Correlation: cov and corrcoef (products of the centred rows, in the
accumulator dtype of linalg/dot_matmul.py).
"""

import warnings as _warnings

import numpy as _np

from . import moments as _statistics_moments
from .._engine import ufuncs as _uf
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _mn
from ..math import sums as _math_sums
from .._core import ndarray
from .._engine.arrays import asarray, empty
from ..linalg.dot_matmul import dot
from ..creation.matrices import diagonal


__all__ = ["cov", "corrcoef"]


def _rows(x, rowvar, dtype, second=False):
    """x as a 2-D (variables, observations) array of dtype.  NumPy's cov
    transposes (rowvar=False) m unless it is 1-D, and y unless its 2-D
    form has one row (so m of shape (1, n) is n variables, y one)."""
    nd = x.ndim
    x = x.astype(dtype, copy=False)
    if x.ndim < 2:
        x = x.reshape((1,) * (2 - x.ndim) + x.shape)
    keep = x.shape[0] == 1 if second else nd == 1
    return x if rowvar or keep else x.T


def _weight(w, name, n, integral):
    # NumPy's asarray(w, dtype=float): text that is no number is its
    # ValueError (not a refusal of the str dtype)
    w = w.astype(_np.float64) if isinstance(w, ndarray) else \
        asarray(_np.asarray(w, dtype=_np.float64))
    if integral and not bool(_logic_truth.all(w == _uf.around(w))):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError("cannot handle multidimensional %s" % name)
    if w.shape[0] != n:
        raise RuntimeError("incompatible numbers of samples and %s" % name)
    if bool(_logic_truth.any(w < 0)):
        raise ValueError("%s cannot be negative" % name)
    return w


def _check_stacks(m, yshape, rowvar):
    """NumPy stacks y's rows (observations along axis 1) under m's
    before it looks at y's values: a y whose observations do not match
    m's is that concatenation's ValueError, whatever y holds."""
    def rows(shape, first):
        shape = (1,) * (2 - len(shape)) + tuple(shape)
        return shape[::-1] if not rowvar and first else shape
    xs = rows(m.shape, m.ndim != 1)
    ys = rows(yshape, ((1,) * (2 - len(yshape)) + tuple(yshape))[0] != 1)
    if xs[0] and xs[1] != ys[1]:
        raise ValueError("all the input array dimensions except for the "
                         "concatenation axis must match exactly, but along "
                         "dimension 1, the array at index 0 has size %d and "
                         "the array at index 1 has size %d (m's and y's "
                         "observations)" % (xs[1], ys[1]))


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
        aweights=None, *, dtype=None):
    """Covariance matrix of the rows (variables) of m (and y)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        yshape = tuple(y.shape) if isinstance(y, ndarray) else _np.shape(y)
        if len(yshape) > 2:
            raise ValueError("y has more than 2 dimensions")
        _check_stacks(m, yshape, rowvar)
        y = asarray(y)
    if dtype is None:
        dtype = _np.result_type(m.dtype, _np.float64) if y is None else \
            _np.result_type(m.dtype, y.dtype, _np.float64)
    x = _rows(m, rowvar, dtype)
    if x.shape[0] == 0:
        return empty((0, 0), _np.float64)
    if y is not None:
        x = _mn.concatenate((x, _rows(y, rowvar, dtype, True)), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _weight(fweights, "fweights", n, True)
    if aweights is not None:
        aw = _weight(aweights, "aweights", n, False)
        w = aw if w is None else w * aw
    avg, w_sum = _statistics_moments.average(x, axis=1, weights=w, returned=True)
    w_sum = float(_np.real(w_sum[0].get()))
    if w is None:
        fact = n - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * float(_math_sums.sum(w * aw).get()) / w_sum
    if fact <= 0:
        _warnings.warn("Degrees of freedom <= 0 for slice",
                       RuntimeWarning, stacklevel=2)
        fact = 0.0
    # Centred in x's dtype (NumPy subtracts in place).
    x = _uf.subtract(x, avg[:, None]).astype(x.dtype, copy=False)
    x_t = x.T if w is None else (x * w).T
    c = dot(x, _uf.conjugate(x_t) if x.dtype.kind == "c" else x_t)
    with _np.errstate(divide="ignore"):
        scale = _np.true_divide(1, fact)
    # In place, so that c keeps its dtype (NumPy's `c *= scale`).
    _uf.multiply(c, scale, out=c)
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients, clipped to [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    stddev = _uf.sqrt(_uf.real(diagonal(c).copy()))
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    # Rounding can leave |c| slightly above 1; clip the parts in place.
    parts = [_uf.real(c)] + ([_uf.imag(c)] if c.dtype.kind == "c" else [])
    for part in parts:
        _uf.clip(part, -1, 1, out=part)
    return c

