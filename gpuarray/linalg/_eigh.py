"""eigh / eigvalsh for Hermitian (real symmetric) stacks.

Note: cyclic two-sided Jacobi, because every step of it is the same few
whole-stack elementwise operations: floor(n/2) disjoint rotations at once
(odd-even ordering, see _jacobi), each zeroing one off-diagonal entry,
applied to the rows then the columns of every matrix of the batch.  It
converges quadratically, is backward stable and computes small eigenvalues
to high relative accuracy; the tridiagonal QR / divide-and-conquer of
LAPACK is sequential per matrix and belongs to cuSOLVER (later work).
Complex Hermitian matrices use complex rotations (the phase of a_pq is
taken out, then a real rotation)."""
import collections as _collections

import numpy as _np

from ._common import LinAlgError, work_dtype, real_dtype, square_stack, \
    flat_stack, abs_squared
from . import _jacobi
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..creation import matrices as _creation_matrices
from ..indexing import advanced as _indexing_advanced
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _manipulation_shapes
from ..math import sums as _math_sums
from ..sorting import sort as _sorting_sort

EighResult = _collections.namedtuple("EighResult",
                                     ["eigenvalues", "eigenvectors"])


def _hermitian_from(a, uplo, dt):
    """(B, n, n) Hermitian copy built from the UPLO triangle only; the
    diagonal's imaginary part is ignored as LAPACK does."""
    uplo = uplo.upper() if isinstance(uplo, str) else uplo
    if uplo not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    m = flat_stack(a, dt)
    n = m.shape[-1]
    if uplo == "U":
        m = _jacobi.conj(_manipulation_shapes.swapaxes(m, 1, 2))
    strict = _creation_matrices.tril(m, -1)
    full = strict + _jacobi.conj(_manipulation_shapes.swapaxes(strict, 1, 2))
    full = _engine_arrays.ascontiguousarray(full)
    flat = full.reshape((m.shape[0], n * n))
    flat[:, ::n + 1] = _engine_ufuncs.real(_creation_matrices.diagonal(m, axis1=1, axis2=2))
    return full


def jacobi_eigh(m, want_vectors):
    """Eigenvalues (B, n) ascending and eigenvectors (B, n, n) (or None)
    of the Hermitian (B, n, n) stack m, which is overwritten."""
    b, n = m.shape[0], m.shape[-1]
    dt = m.dtype
    rdt = real_dtype(dt)
    flat = m.reshape((b, n * n))
    v = _jacobi.identity_stack(b, n, dt) if want_vectors else None
    offmask = (1 - _engine_arrays.eye(n, dtype=rdt))[None]
    fro = _engine_ufuncs.sqrt(_math_sums.sum(abs_squared(m), axis=(1, 2)))
    # Non-finite input: no point in rotating (NumPy returns NaNs too), so
    # such a matrix counts as converged and its results become NaN.
    finite = _engine_ufuncs.isfinite(fro)
    limit = fro * _jacobi.tolerance(dt, n)
    schedule = _jacobi.steps(n)
    for sweep in range(_jacobi.MAX_SWEEPS + 1):
        off = _engine_ufuncs.sqrt(_math_sums.sum(abs_squared(m) * offmask, axis=(1, 2)))
        if bool(_logic_truth.all((off <= limit) | ~finite).get()):
            break
        if sweep == _jacobi.MAX_SWEEPS:
            raise LinAlgError("Eigenvalues did not converge")
        for p, q, k, s in schedule:
            diag = _engine_ufuncs.real(flat[:, ::n + 1])
            start = s * (n + 1)
            apq = flat[:, start + 1::2 * (n + 1)][:, :k]
            c, su = _jacobi.rotation(diag[:, p], diag[:, q], apq)
            _jacobi.rotate_rows(m, p, q, c, su)
            _jacobi.rotate_columns(m, p, q, c, su)
            flat[:, start + 1::2 * (n + 1)][:, :k] = 0
            flat[:, start + n::2 * (n + 1)][:, :k] = 0
            if v is not None:
                _jacobi.rotate_columns(v, p, q, c, su)
    w = _engine_arrays.ascontiguousarray(_engine_ufuncs.real(flat[:, ::n + 1]))
    order = _sorting_sort.argsort(w, axis=-1)
    w = _indexing_advanced.take_along_axis(w, order, axis=-1)
    w = _engine_ufuncs.where(finite[:, None], w, _np.nan).astype(rdt, copy=False)
    if v is not None:
        idx = _manipulation_shapes.broadcast_to(order[:, None, :], v.shape)
        v = _indexing_advanced.take_along_axis(v, idx, axis=-1)
        v = _engine_ufuncs.where(finite[:, None, None], v, _np.nan).astype(dt,
                                                                copy=False)
    return w, v


def _eigh(a, uplo, want_vectors):
    a = square_stack(a)
    dt = work_dtype(a)
    rdt = real_dtype(dt)
    batch, n = a.shape[:-2], a.shape[-1]
    if a.size == 0:
        if not (isinstance(uplo, str) and uplo.upper() in ("L", "U")):
            raise ValueError("UPLO argument must be 'L' or 'U'")
        return (_engine_arrays.zeros(batch + (n,), rdt),
                _engine_arrays.zeros(a.shape, dt) if want_vectors else None)
    m = _hermitian_from(a, uplo, dt)
    w, v = jacobi_eigh(m, want_vectors)
    w = w.reshape(batch + (n,))
    return w, (v.reshape(a.shape) if v is not None else None)


def eigh(a, UPLO="L"):
    """Eigenvalues (ascending) and orthonormal eigenvectors (columns) of
    each Hermitian matrix, read from its UPLO triangle."""
    w, v = _eigh(a, UPLO, True)
    return EighResult(w, v)


def eigvalsh(a, UPLO="L"):
    """Eigenvalues (ascending) of each Hermitian matrix."""
    return _eigh(a, UPLO, False)[0]
