"""det, slogdet, inv, solve, cholesky: NumPy's checks and empty cases
here, the factorizations in the backend's LAPACK (_lapack.py)."""
import numpy as _np

from .._engine import arrays as _A
from ..manipulation import shapes as _S
from ._common import work_dtype, real_dtype, square_stack
from ._lapack import SlogdetResult
from . import _lapack


def det(a):
    """Determinant of each (..., n, n) matrix: the product of the LU
    pivots (LAPACK getrf), negated for an odd number of row exchanges."""
    a = square_stack(a)
    dt = work_dtype(a)
    batch = a.shape[:-2]
    if a.shape[-1] == 0 or 0 in batch:
        return _A.ones(batch, dt)
    return _lapack.det(a, dt)


def slogdet(a):
    """(sign, log|det|) of each matrix, from the LU pivots so a large
    determinant does not overflow; sign 0 and -inf for a singular one."""
    a = square_stack(a)
    dt = work_dtype(a)
    rdt = real_dtype(dt)
    batch = a.shape[:-2]
    if a.shape[-1] == 0 or 0 in batch:
        return SlogdetResult(_A.ones(batch, dt), _A.zeros(batch, rdt))
    return SlogdetResult(*_lapack.slogdet(a, dt))


def inv(a):
    """Inverse of each (..., n, n) matrix (getrf + getrs against I)."""
    a = square_stack(a)
    dt = work_dtype(a)
    if a.size == 0:
        return _A.zeros(a.shape, dt)
    return _lapack.inv(a, dt)


def _core_mismatch(name, signature, got, want):
    raise ValueError("%s: Input operand 1 has a mismatch in its core "
                     "dimension 0, with gufunc signature %s (size %d is "
                     "different from %d)" % (name, signature, got, want))


def solve(a, b):
    """x with a @ x == b.  NumPy 2's rule for b: a 1-D b is one vector
    (shape (n,), broadcast over a's stack); anything else is a stack of
    (n, k) matrices whose batch axes broadcast with a's."""
    a = square_stack(a)
    b = _A.asarray(b)
    dt = work_dtype(a, b)
    n = a.shape[-1]
    vector = b.ndim == 1
    if vector:
        if b.shape[0] != n:
            _core_mismatch("solve1", "(m,m),(m)->(m)", b.shape[0], n)
        b2 = b[:, None]
    else:
        if b.ndim == 0:
            raise ValueError("solve: Input operand 1 does not have enough "
                             "dimensions (has 0, gufunc core with signature "
                             "(m,m),(m,n)->(m,n) requires 2)")
        if b.shape[-2] != n:
            _core_mismatch("solve", "(m,m),(m,n)->(m,n)", b.shape[-2], n)
        b2 = b
    batch = _np.broadcast_shapes(a.shape[:-2], b2.shape[:-2])
    k = b2.shape[-1]
    shape = batch + ((n,) if vector else (n, k))
    if n == 0 or 0 in batch:
        return _A.zeros(shape, dt)
    # k == 0 still factors a: NumPy raises for a singular a then too.
    am = _S.broadcast_to(a, batch + (n, n))
    bm = _S.broadcast_to(b2, batch + (n, k))
    return _lapack.solve_stack(am, bm, dt).reshape(shape)


def cholesky(a, /, *, upper=False):
    """L with a = L @ L^H, reading only a's lower triangle (LAPACK potrf),
    or U = L^H reading only the upper one with upper=True."""
    a = square_stack(a)
    dt = work_dtype(a)
    if a.size == 0:
        return _A.zeros(a.shape, dt)
    return _lapack.cholesky(a, dt, upper)
