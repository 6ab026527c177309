"""Functions of the singular values: pinv, matrix_rank, cond.

Note: all three follow numpy.linalg's own definitions line by line on top
of gpuarray's svd (one-sided Jacobi, _svd) -- cutoffs relative to the
largest singular value, NumPy's rcond/rtol/tol rules -- and cond's
non-2-norms use inv (Gauss-Jordan, _solve) as NumPy does."""
import numpy as _np

from ._common import LinAlgError, work_dtype, real_dtype, at_least_2d, \
    square, flat_stack
from ._svd import svd
from ._norms import norm
from ._solve import _gauss_jordan
from .. import _core as _core
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from . import dot_matmul as _linalg_dot_matmul
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _manipulation_shapes
from ..math import extrema as _math_extrema
from ..math import sums as _math_sums

_NoValue = _np._NoValue


def _cutoff_factor(value):
    """rcond / rtol / tol as something that broadcasts against (..., 1)."""
    if isinstance(value, _core.ndarray):
        return value[..., None]
    value = _np.asarray(value)
    if value.ndim == 0:
        return float(value)
    return _engine_arrays.asarray(value)[..., None]


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    """Moore-Penrose pseudo-inverse: V diag(1/s) U^H over the singular
    values above rcond * max(s)."""
    a = _engine_arrays.asarray(a)
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
        m, n = a.shape[-2:]
        return _engine_arrays.zeros(a.shape[:-2] + (n, m), a.dtype)
    a = _engine_ufuncs.conjugate(a) if a.dtype.kind == "c" else a
    u, s, vt = svd(a, full_matrices=False, hermitian=hermitian)
    cutoff = _cutoff_factor(rcond) * _math_extrema.max(s, axis=-1,
                                                         keepdims=True)
    large = s > cutoff
    s = _engine_ufuncs.where(large, 1 / _engine_ufuncs.where(large, s, 1), 0).astype(s.dtype,
                                                                 copy=False)
    return _linalg_dot_matmul.matmul(_manipulation_shapes.swapaxes(vt, -1, -2),
                      s[..., None] * _manipulation_shapes.swapaxes(u, -1, -2))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Number of singular values above tol (default: max(s) * rtol, rtol
    defaulting to max(M, N) * eps)."""
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    A = _engine_arrays.asarray(A)
    if A.ndim < 2:
        return int(not bool(_logic_truth.all(A == 0).get()))
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * _np.finfo(S.dtype).eps
        else:
            rtol = _cutoff_factor(rtol)
        tol = _math_extrema.max(S, axis=-1, keepdims=True) * rtol \
            if S.shape[-1] else 0.0
    else:
        tol = _cutoff_factor(tol)
    return _logic_truth.count_nonzero(S > tol, axis=-1)


def cond(x, p=None):
    """Condition number: s_max / s_min (p None, 2), s_min / s_max (-2), or
    norm(x, p) * norm(inv(x), p), NaN results (singular) turned to inf
    unless x had NaNs."""
    x = _engine_arrays.asarray(x)
    at_least_2d(x)
    if x.size == 0 and x.shape[-1] * x.shape[-2] == 0:
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p == 2 or p == -2:
        s = svd(x, compute_uv=False)
        if p == -2:
            r = s[..., -1] / s[..., 0]
        else:
            r = s[..., 0] / s[..., -1]
    else:
        square(x)
        dt = work_dtype(x)
        batch = x.shape[:-2]
        m = flat_stack(x, dt)
        eye = _manipulation_shapes.broadcast_to(_engine_arrays.eye(x.shape[-1], dtype=dt), m.shape)
        invx = _gauss_jordan(m, eye, dt, nan_if_singular=True)
        invx = invx.reshape(x.shape)
        xw = x.astype(dt, copy=False)
        if p == "nuc":
            # NaN inverses (singular) make svd fail, as in NumPy.
            r = _math_sums.sum(svd(xw, compute_uv=False), axis=-1) * \
                _math_sums.sum(svd(invx, compute_uv=False), axis=-1)
        else:
            r = norm(xw, p, axis=(-2, -1)) * norm(invx, p, axis=(-2, -1))
        r = r.astype(real_dtype(dt), copy=False).reshape(batch)
    nan = _engine_ufuncs.isnan(r)
    if bool(_logic_truth.any(nan).get()):
        had_nan = _logic_truth.any(_engine_ufuncs.isnan(x), axis=(-2, -1))
        r = _engine_ufuncs.where(nan & ~had_nan, _np.inf, r).astype(r.dtype,
                                                          copy=False)
    return r
