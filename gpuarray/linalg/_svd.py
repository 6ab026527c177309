"""svd / svdvals.

Note: one-sided Jacobi (Hestenes): rotate pairs of columns of A until all
are mutually orthogonal; then the column norms are the singular values,
the normalised columns U, and the accumulated rotations V.  Chosen because
each step is a few batched reductions and elementwise updates on strided
column slices (odd-even pair schedule, _jacobi), it needs no bidiagonal
reduction, and it is accurate (small singular values to high relative
accuracy).  A wide matrix is handled through its conjugate transpose.
Columns of U for (numerically) zero singular values, and the extra columns
of full_matrices=True, come from a Householder QR of [U | random]."""
import collections as _collections

import numpy as _np

from ._common import LinAlgError, work_dtype, real_dtype, at_least_2d, \
    flat_stack, abs_squared, conj_t
from . import _jacobi
from ._qr import householder, form_q
from ._eigh import eigh, eigvalsh
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..creation import matrices as _creation_matrices
from ..indexing import advanced as _indexing_advanced
from . import dot_matmul as _linalg_dot_matmul
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _manipulation_shapes
from ..math import extrema as _math_extrema
from ..math import sums as _math_sums
from ..sorting import sort as _sorting_sort

SVDResult = _collections.namedtuple("SVDResult", ["U", "S", "Vh"])




def _orthogonal_enough(w, tol, small):
    """Whether every pair of the columns of each (B, m, n) matrix w has
    |cos angle| <= tol, columns of norm <= small * largest ignored."""
    gram = _linalg_dot_matmul.matmul(conj_t(w), w)
    d = _engine_ufuncs.real(_creation_matrices.diagonal(gram, axis1=1, axis2=2))
    big = d > (small * small) * _math_extrema.max(d, axis=1, keepdims=True)
    ds = _engine_ufuncs.sqrt(_engine_ufuncs.where(big, d, 1)).astype(d.dtype, copy=False)
    cos = _engine_ufuncs.abs(gram) / (ds[:, :, None] * ds[:, None, :])
    n = w.shape[-1]
    mask = big[:, :, None] & big[:, None, :] & \
        (_engine_arrays.eye(n, dtype=_np.bool_) == 0)[None]
    bad = _engine_ufuncs.where(mask, cos, 0)
    # NaN anywhere never counts as converged.
    return bool(_logic_truth.all(bad <= tol).get()) and \
        bool(_logic_truth.all(_engine_ufuncs.isfinite(d)).get())


def _random_columns(b, m, count, dt):
    rng = _np.random.default_rng(12345)
    x = rng.standard_normal((b, m, count))
    if dt.kind == "c":
        x = x + 1j * rng.standard_normal((b, m, count))
    return _engine_arrays.asarray(x.astype(dt))


def _complete(u, good, ucols):
    """An orthonormal (B, m, ucols) basis whose first columns are u's
    columns where `good`; the others (and the extra ones) filled from a
    QR of [u | random]."""
    b, m, n = u.shape
    dt = u.dtype
    fill = _random_columns(b, m, ucols, dt)
    cols = _engine_ufuncs.where(good[:, None, :], u, fill[:, :, :n])
    if ucols > n:
        cols = _manipulation_shapes.concatenate([cols, fill[:, :, n:]], axis=2)
    cols = _engine_arrays.ascontiguousarray(cols)
    taus, vs = householder(cols)
    q = form_q(taus, vs, m, ucols, b, dt)
    d = _creation_matrices.diagonal(cols, axis1=1, axis2=2)  # R's diagonal
    size = _engine_ufuncs.abs(d)
    phase = _engine_ufuncs.where(size == 0, 1, d / _engine_ufuncs.where(size == 0, 1, size))
    return q * phase.astype(dt, copy=False)[:, None, :]


def jacobi_svd(w, compute_uv, full):
    """SVD of the (B, m, n) stack w with m >= n (overwritten): s (B, n)
    descending, and U (B, m, m or n), V (B, n, n) when compute_uv."""
    b, m, n = w.shape
    dt = w.dtype
    rdt = real_dtype(dt)
    v = _jacobi.identity_stack(b, n, dt) if compute_uv else None
    tol = _jacobi.tolerance(dt, m)
    small = float(_np.finfo(rdt).eps) * max(m, 1)
    schedule = _jacobi.steps(n)
    if not bool(_logic_truth.all(_engine_ufuncs.isfinite(w)).get()):
        raise LinAlgError("SVD did not converge")
    for sweep in range(_jacobi.MAX_SWEEPS + 1):
        if _orthogonal_enough(w, tol, small):
            break
        if sweep == _jacobi.MAX_SWEEPS:
            raise LinAlgError("SVD did not converge")
        for p, q, k, _ in schedule:
            wp, wq = w[:, :, p], w[:, :, q]
            alpha = _math_sums.sum(abs_squared(wp), axis=1)
            beta = _math_sums.sum(abs_squared(wq), axis=1)
            gamma = _math_sums.sum(_jacobi.conj(wp) * wq, axis=1)
            c, su = _jacobi.rotation(alpha, beta, gamma)
            _jacobi.rotate_columns(w, p, q, c, su)
            if v is not None:
                _jacobi.rotate_columns(v, p, q, c, su)
    s = _engine_ufuncs.sqrt(_math_sums.sum(abs_squared(w), axis=1))
    order = _sorting_sort.argsort(-s, axis=-1)
    s = _indexing_advanced.take_along_axis(s, order, axis=-1)
    if not compute_uv:
        return s, None, None
    cols = _manipulation_shapes.broadcast_to(order[:, None, :], (b, m, n))
    w = _indexing_advanced.take_along_axis(w, cols, axis=-1)
    v = _indexing_advanced.take_along_axis(v, _manipulation_shapes.broadcast_to(order[:, None, :], v.shape),
                            axis=-1)
    good = s > small * _math_extrema.max(s, axis=1, keepdims=True)
    u = w / _engine_ufuncs.where(good, s, 1).astype(rdt, copy=False)[:, None, :]
    ucols = m if full else n
    if ucols > n or not bool(_logic_truth.all(good).get()):
        u = _complete(u, good, ucols)
    return s, u, v


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition a = U @ diag(S) @ Vh of each (..., m, n)
    matrix, singular values descending."""
    a = _engine_arrays.asarray(a)
    at_least_2d(a)
    if hermitian:
        return _hermitian_svd(a, compute_uv)
    dt = work_dtype(a)
    rdt = real_dtype(dt)
    batch, (rows, cols) = a.shape[:-2], a.shape[-2:]
    k = min(rows, cols)
    if a.size == 0:
        s = _engine_arrays.zeros(batch + (k,), rdt)
        if not compute_uv:
            return s
        ur, vc = (rows, cols) if full_matrices else (k, k)
        u = _manipulation_shapes.broadcast_to(_engine_arrays.eye(rows, ur, dtype=dt),
                             batch + (rows, ur)).copy()
        vh = _manipulation_shapes.broadcast_to(_engine_arrays.eye(vc, cols, dtype=dt),
                              batch + (vc, cols)).copy()
        return SVDResult(u, s, vh)
    wide = rows < cols
    w = flat_stack(conj_t(a) if wide else a, dt)
    s, u, v = jacobi_svd(w, compute_uv, full_matrices)
    s = s.reshape(batch + (k,))
    if not compute_uv:
        return s
    if wide:
        u, v = v, u
    u = u.reshape(batch + u.shape[1:])
    vh = _engine_arrays.ascontiguousarray(conj_t(v)).reshape(batch + v.shape[2:] +
                                                   v.shape[1:2])
    return SVDResult(u, s, vh)


def _hermitian_svd(a, compute_uv):
    """NumPy's hermitian=True route: from eigh, |eigenvalues| sorted
    descending, the signs moved into Vh."""
    if not compute_uv:
        s = _engine_ufuncs.abs(eigvalsh(a))
        return _manipulation_shapes.flip(_sorting_sort.sort(s, axis=-1), axis=-1)
    w, u = eigh(a)
    sgn = _engine_ufuncs.sign(w)
    s = _engine_ufuncs.abs(w)
    order = _manipulation_shapes.flip(_sorting_sort.argsort(s, axis=-1), axis=-1)
    sgn = _indexing_advanced.take_along_axis(sgn, order, axis=-1)
    s = _indexing_advanced.take_along_axis(s, order, axis=-1)
    u = _indexing_advanced.take_along_axis(u, _manipulation_shapes.broadcast_to(order[..., None, :], u.shape),
                            axis=-1)
    vh = conj_t(u * sgn[..., None, :].astype(u.dtype, copy=False))
    return SVDResult(u, s, _engine_arrays.ascontiguousarray(vh))


def svdvals(x, /):
    """Singular values of each matrix, descending."""
    return svd(x, compute_uv=False)
