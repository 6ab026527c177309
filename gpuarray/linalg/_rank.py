"""Functions of the singular values: pinv, matrix_rank, cond.

Note: all three follow numpy.linalg's own definitions line by line on top
of gpuarray's svd (one-sided Jacobi, _svd) -- cutoffs relative to the
largest singular value, NumPy's rcond/rtol/tol rules -- and cond's
non-2-norms use inv (Gauss-Jordan, _solve) as NumPy does."""
import operator as _op

import numpy as _np

from .._engine import arrays as _A
from .._core import ndarray as _ndarray
from . import dot_matmul as _DM
from ..math import extrema as _EX
from ..manipulation import shapes as _S
from ..math import sums as _SUM
from ..logic import truth as _T
from .._engine import ufuncs as _U
from ._common import LinAlgError, work_dtype, real_dtype, at_least_2d, \
    square
from ._svd import svd
from ._norms import norm
from . import _lapack

_NoValue = _np._NoValue


def _cutoff_factor(value, numpy_op):
    """rcond / rtol / tol as something that broadcasts against (..., 1).
    A value NumPy computes no number from (a str, a dict) raises NumPy's
    own error: numpy_op(value[..., None], s) is the operation NumPy does
    with it, run on a float64 dummy s."""
    if isinstance(value, _ndarray):
        return value[..., None]
    value = _np.asarray(value)
    if value.dtype.kind not in "biufc":
        numpy_op(value[..., None], _np.ones(1))
    if value.ndim == 0:
        return float(value)
    return _A.asarray(value)[..., None]


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    """Moore-Penrose pseudo-inverse: V diag(1/s) U^H over the singular
    values above rcond * max(s)."""
    a = _A.asarray(a)
    if rcond is None:
        if rtol is _NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(a.shape[-2:]) * _np.finfo(a.dtype).eps
        else:
            rcond = rtol
    elif rtol is not _NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    at_least_2d(a)
    if a.size == 0:
        # NumPy: empty matrices keep a's dtype; an empty stack of
        # non-empty ones goes through svd, so has the dtype the routine
        # computes in (float64 for ints and bools, float16 refused)
        m, n = a.shape[-2:]
        return _A.zeros(a.shape[:-2] + (n, m),
                        a.dtype if m * n == 0 else work_dtype(a))
    a = _U.conjugate(a) if a.dtype.kind == "c" else a
    u, s, vt = svd(a, full_matrices=False, hermitian=hermitian)
    cutoff = _cutoff_factor(rcond, _op.mul) * _EX.max(s, axis=-1,
                                                         keepdims=True)
    large = s > cutoff
    s = _U.where(large, 1 / _U.where(large, s, 1), 0).astype(s.dtype,
                                                                 copy=False)
    return _DM.matmul(_S.swapaxes(vt, -1, -2),
                      s[..., None] * _S.swapaxes(u, -1, -2))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Number of singular values above tol (default: max(s) * rtol, rtol
    defaulting to max(M, N) * eps)."""
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    A = _A.asarray(A)
    if A.ndim < 2:
        return int(not bool(_T.all(A == 0).get()))
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * _np.finfo(S.dtype).eps
        else:
            rtol = _cutoff_factor(rtol, lambda v, s: s * v)
        tol = _EX.max(S, axis=-1, keepdims=True) * rtol \
            if S.shape[-1] else 0.0
    else:
        tol = _cutoff_factor(tol, lambda v, s: s > v)
    return _T.count_nonzero(S > tol, axis=-1)


def cond(x, p=None):
    """Condition number: s_max / s_min (p None, 2), s_min / s_max (-2), or
    norm(x, p) * norm(inv(x), p), NaN results (singular) turned to inf
    unless x had NaNs."""
    x = _A.asarray(x)
    at_least_2d(x)
    if x.size == 0 and x.shape[-1] * x.shape[-2] == 0:
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p in {2, -2}:   # NumPy's test: TypeError for a list
        s = svd(x, compute_uv=False)
        if p == -2:
            r = s[..., -1] / s[..., 0]
        else:
            r = s[..., 0] / s[..., -1]
    else:
        square(x)
        dt = work_dtype(x)
        batch = x.shape[:-2]
        invx = _lapack.inv_nan(x, dt)
        xw = x.astype(dt, copy=False)
        if p == "nuc":
            # NaN inverses (singular) make svd fail, as in NumPy.
            r = _SUM.sum(svd(xw, compute_uv=False), axis=-1) * \
                _SUM.sum(svd(invx, compute_uv=False), axis=-1)
        else:
            r = norm(xw, p, axis=(-2, -1)) * norm(invx, p, axis=(-2, -1))
        r = r.astype(real_dtype(dt), copy=False).reshape(batch)
    nan = _U.isnan(r)
    if bool(_T.any(nan).get()):
        had_nan = _T.any(_U.isnan(x), axis=(-2, -1))
        r = _U.where(nan & ~had_nan, _np.inf, r).astype(r.dtype,
                                                          copy=False)
    return r
