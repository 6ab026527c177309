"""Multivariate distributions: dirichlet (normalised gammas, or NumPy's
stick-breaking betas when every alpha < 0.1), multinomial (conditional
binomials, NumPy's algorithm), multivariate_normal (mean + z @ L.T with
L = gpuarray.linalg.cholesky(cov); see multivariate_normal) and
multivariate_hypergeometric (conditional hypergeometrics)."""
import warnings as _warnings

import numpy as _np

from . import _common as C
from ._gamma import standard_gamma_flat
from ._discrete import binomial_flat
from .. import _core as _core
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from .. import linalg as _linalg
from ..linalg import dot_matmul as _linalg_dot_matmul
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _manipulation_shapes
from ..math import sums as _math_sums
from ._continuous import beta


def dirichlet(gen, alpha, size=None, legacy=False):
    len(alpha)      # NumPy's TypeError for a scalar alpha (no len())
    a = C.host(alpha, _np.float64)
    if a.ndim != 1:
        raise ValueError("setting an array element with a sequence. The "
                         "requested array would exceed the maximum number "
                         "of dimension of 1.")
    if legacy:
        if (a <= 0).any():
            raise ValueError("alpha <= 0")
    elif (a < 0).any():
        raise ValueError("alpha < 0")
    k = a.shape[0]
    shape = C.shape_of(size) + (k,)
    n = int(_np.prod(shape[:-1], dtype=_np.int64))
    if n * k == 0:
        return _engine_arrays.zeros(shape, C.F64)
    if not legacy and a.max() < 0.1:
        # stick breaking with betas: exact where the gammas underflow
        out = _core.empty((n, k), C.F64)
        acc = _engine_arrays.ones((n,), C.F64)
        tail = _np.cumsum(a[::-1])[::-1]
        for j in range(k - 1):
            if a[j] == 0 or tail[j + 1] == 0:
                v = _core.full((n,), 1.0 if a[j] > 0 else 0.0, C.F64)
            else:
                v = beta(gen, float(a[j]), float(tail[j + 1]), n)
            out[:, j] = acc * v
            acc = acc * (1.0 - v)
        out[:, k - 1] = acc
        return out.reshape(shape)
    al = C.flat(_engine_arrays.asarray(a), (n, k))
    x = standard_gamma_flat(gen, al, n * k).reshape((n, k))
    tot = _math_sums.sum(x, axis=-1, keepdims=True)
    return (x / tot).reshape(shape)


def multinomial(gen, n, pvals, size=None, legacy=False):
    pv = C.host(pvals, _np.float64)
    if legacy and pv.ndim == 0:
        raise TypeError("pvals must be a 1-d sequence")
    if pv.ndim == 0 or pv.shape[-1] == 0:
        raise ValueError("pvals must have at least 1 dimension and the last "
                         "dimension of pvals must be greater than 0.")
    if legacy and pv.ndim != 1:
        raise ValueError("setting an array element with a sequence. The "
                         "requested array would exceed the maximum number "
                         "of dimension of 1.")
    if ((pv < 0) | (pv > 1) | _np.isnan(pv)).any():
        raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
    if (pv[..., :-1].sum(axis=-1) > 1.0 + 1e-12).any():
        raise ValueError("sum(pvals[:-1]) > 1.0")
    nn = C.param(n, C.I64)
    C.check(nn < 0, "n < 0")
    k = pv.shape[-1]
    batch = C.out_shape(size, nn, _core.empty(pv.shape[:-1], C.F64))
    m = int(_np.prod(batch, dtype=_np.int64))
    shape = batch + (k,)
    if m * k == 0:
        return _engine_arrays.zeros(shape, C.I64)
    nf = C.flat(nn.astype(C.F64) if C.is_dev(nn) else
                _core.full((), float(nn), C.F64), batch)
    pf = _manipulation_shapes.broadcast_to(_engine_arrays.asarray(pv), batch + (k,)).reshape((m, k))
    left = _engine_arrays.ascontiguousarray(nf)
    rem_p = _engine_arrays.ones((m,), C.F64)
    out = _core.empty((m, k), C.F64)
    for j in range(k - 1):
        pj = _engine_arrays.ascontiguousarray(pf[:, j])
        ratio = _engine_ufuncs.where(rem_p > 0, _engine_ufuncs.clip(pj / _engine_ufuncs.where(rem_p > 0, rem_p,
                                                       1.0), 0.0, 1.0), 0.0)
        x = binomial_flat(gen, left, ratio, m)
        out[:, j] = x
        left = left - x
        rem_p = rem_p - pj
    out[:, k - 1] = left
    return out.astype(C.I64).reshape(shape)


def multivariate_normal(gen, mean, cov, size=None, check_valid="warn",
                        tol=1e-8, method="svd"):
    """mean + z @ F.T with cov = F @ F.T (Cholesky, SVD or eigh, as
    NumPy's method=)."""
    if method not in ("svd", "eigh", "cholesky"):
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    mu = _engine_arrays.asarray(mean).astype(C.F64) if not C.is_dev(mean) else \
        mean.astype(C.F64)
    cv = _engine_arrays.asarray(cov).astype(C.F64) if not C.is_dev(cov) else \
        cov.astype(C.F64)
    if mu.ndim != 1:
        raise ValueError("mean must be 1 dimensional")
    if cv.ndim != 2 or cv.shape[0] != cv.shape[1]:
        raise ValueError("cov must be 2 dimensional and square")
    if mu.shape[0] != cv.shape[0]:
        raise ValueError("mean and cov must have same length")
    shape = C.shape_of(size) + (mu.shape[0],)
    low = _factor(cv, method, check_valid, tol)
    n = int(_np.prod(shape[:-1], dtype=_np.int64))
    if n == 0:
        return _engine_arrays.zeros(shape, C.F64)
    z = gen.standard_normal((n, shape[-1]))
    return (_linalg_dot_matmul.matmul(z, low.T) + mu).reshape(shape)


def _factor(cv, method, check_valid, tol):
    """F with cov = F @ F.T, NumPy's way for each method (svd and eigh
    accept a positive-semidefinite cov; NumPy's check and message)."""
    if method == "cholesky":
        return _linalg.cholesky(cv)
    if method == "svd":
        u, s, vh = _linalg.svd(cv)
    else:
        s, u = _linalg.eigh(cv)
    if check_valid != "ignore":
        if check_valid not in ("warn", "raise"):
            raise ValueError("check_valid must equal 'warn', 'raise', or "
                             "'ignore'")
        if method == "svd":
            psd = C.any_true(_logic_truth.allclose(_linalg_dot_matmul.matmul(vh.T * s, vh), cv,
                                        rtol=tol, atol=tol))
        else:
            psd = not C.any_true(_logic_truth.any(s < -tol))
        if not psd:
            if check_valid == "raise":
                raise ValueError("covariance is not symmetric "
                                 "positive-semidefinite.")
            _warnings.warn("covariance is not symmetric "
                           "positive-semidefinite.", RuntimeWarning,
                           stacklevel=4)
    # eigh: |s| keeps tiny negative eigenvalues of a PSD cov real
    return u * _engine_ufuncs.sqrt(s if method == "svd" else _engine_ufuncs.abs(s))


_COLORS_ERROR = ("colors must be a one-dimensional sequence of nonnegative "
                 "integers not exceeding %d." % _np.iinfo(_np.int64).max)


def multivariate_hypergeometric(gen, colors, nsample, size=None,
                                method="marginals"):
    """Draws of how many balls of each color a sample of nsample takes,
    as Generator.multivariate_hypergeometric.  Both of NumPy's methods
    sample the same distribution; here it is always the marginal chain:
    color i takes a hypergeometric share of what the colors before it
    left (vectorised over `size` on the device)."""
    if method not in ("count", "marginals"):
        raise ValueError('method must be "count" or "marginals".')
    try:
        c = C.host(colors, _np.int64)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(_COLORS_ERROR) from None
    if c.ndim != 1 or (c < 0).any():
        raise ValueError(_COLORS_ERROR)
    if nsample < 0:
        raise ValueError("nsample must be nonnegative.")
    total = int(c.sum())
    if nsample > total:
        raise ValueError("nsample > sum(colors)")
    shape = () if size is None else tuple(_np.atleast_1d(size).tolist())
    rem = _core.full(shape, int(nsample), _np.int64)
    rest = total
    cols = []
    for k, ck in enumerate(c.tolist()):
        rest -= ck
        if k == len(c) - 1 or rest == 0:
            x = rem                      # the last color takes what is left
        elif ck == 0:
            x = _engine_arrays.zeros(shape, _np.int64)
        else:
            x = _engine_arrays.asarray(gen.hypergeometric(ck, rest, rem)).astype(
                _np.int64, copy=False)
        cols.append(x)
        rem = rem - x
    if not cols:
        return _engine_arrays.zeros(shape + (0,), _np.int64)
    return _manipulation_shapes.stack(cols, axis=-1)
