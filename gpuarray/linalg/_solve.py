"""Elimination-based routines -- det, slogdet, inv, solve, cholesky --
each a Python loop over the n columns whose every step is a few whole-
stack array operations, so a (..., n, n) stack costs n steps, not
(stack size) x n."""
import collections as _collections

import numpy as _np

from ._common import (LinAlgError, work_dtype, real_dtype, square_stack,
                      flat_stack)
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..creation import matrices as _creation_matrices
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _manipulation_shapes
from ..math import extrema as _math_extrema
from ..math import sums as _math_sums

SlogdetResult = _collections.namedtuple("SlogdetResult",
                                        ["sign", "logabsdet"])


def _swap_in_pivot(m, k, batch):
    """Bring the row with the largest |m[:, k:, k]| to row k in every
    matrix of the (B, n, w) stack m (partial pivoting); True where a
    matrix's rows were exchanged."""
    p = _math_extrema.argmax(_engine_ufuncs.abs(m[:, k:, k]), axis=1) + k
    row_k = m[:, k].copy()
    m[:, k] = m[batch, p]
    m[batch, p] = row_k
    return p != k


def _safe_pivot(m, k):
    """m[:, k, k] with exact zeros replaced by 1, and the zero mask.  A
    zero pivot under partial pivoting means the rest of the column is
    zero too, so dividing by 1 leaves the column as it is instead of
    filling the stack with NaNs."""
    piv = m[:, k, k]
    zero = piv == 0
    return _engine_ufuncs.where(zero, 1, piv).astype(m.dtype, copy=False), zero


def _lu_diagonal(a, dt):
    """U's diagonal of the partially pivoted LU of each matrix, and the
    number of row exchanges: (B, n) and (B,)."""
    m = flat_stack(a, dt)
    b, n = m.shape[0], m.shape[-1]
    batch = _engine_arrays.arange(b)
    swaps = _engine_arrays.zeros((b,), _np.int64)
    for k in range(n):
        swaps += _swap_in_pivot(m, k, batch)
        piv, _ = _safe_pivot(m, k)
        if k + 1 < n:
            factors = m[:, k + 1:, k] / piv[:, None]
            rest = m[:, k + 1:, k + 1:]
            _engine_ufuncs.subtract(rest, factors[:, :, None] * m[:, k:k + 1, k + 1:],
                         out=rest)
    return _creation_matrices.diagonal(m, axis1=1, axis2=2), swaps


def _parity_sign(swaps, dt):
    return _engine_ufuncs.where(swaps % 2 == 1, -1, 1).astype(dt, copy=False)


def det(a):
    """Determinant of each (..., n, n) matrix: the product of the LU
    pivots, negated for an odd number of row exchanges."""
    a = square_stack(a)
    dt = work_dtype(a)
    batch = a.shape[:-2]
    if a.shape[-1] == 0:
        return _engine_arrays.ones(batch, dt)
    d, swaps = _lu_diagonal(a, dt)
    result = _math_sums.prod(d, axis=-1) * _parity_sign(swaps, dt)
    return result.astype(dt, copy=False).reshape(batch)


def slogdet(a):
    """(sign, log|det|) of each matrix, computed from the LU pivots so a
    large determinant does not overflow; sign 0 and -inf for a singular
    matrix."""
    a = square_stack(a)
    dt = work_dtype(a)
    rdt = real_dtype(dt)
    batch = a.shape[:-2]
    if a.shape[-1] == 0:
        return SlogdetResult(_engine_arrays.ones(batch, dt), _engine_arrays.zeros(batch, rdt))
    d, swaps = _lu_diagonal(a, dt)
    size = _engine_ufuncs.abs(d)
    logabs = _math_sums.sum(_engine_ufuncs.log(size), axis=-1)
    zero = size == 0
    # A unit-modulus factor per pivot (0 for a zero pivot), so the product
    # is the sign for reals and the phase for complex.
    unit = _engine_ufuncs.where(zero, 0, d / _engine_ufuncs.where(zero, 1, size))
    sign = _math_sums.prod(unit.astype(dt, copy=False), axis=-1) * \
        _parity_sign(swaps, dt)
    return SlogdetResult(sign.astype(dt, copy=False).reshape(batch),
                         logabs.astype(rdt, copy=False).reshape(batch))


def _gauss_jordan(a, rhs, dt, nan_if_singular=False):
    """Solve a x = rhs for (B, n, n) a and (B, n, k) rhs by Gauss-Jordan
    elimination with partial pivoting; LinAlgError on a zero pivot (or,
    with nan_if_singular, NaNs for that matrix, as LAPACK under
    errstate(all='ignore'))."""
    m = _manipulation_shapes.concatenate([a, rhs], axis=-1)
    b, n = m.shape[0], a.shape[-1]
    batch = _engine_arrays.arange(b)
    singular = _engine_arrays.zeros((b,), _np.bool_)
    for k in range(n):
        _swap_in_pivot(m, k, batch)
        piv, zero = _safe_pivot(m, k)
        singular |= zero
        # Eliminate column k from every other row; row k's factor is 0 so
        # it stays the pivot row.  Columns left of k are already zero
        # outside the diagonal, so only columns k.. are touched.
        factors = m[:, :, k] / piv[:, None]
        factors[:, k] = 0
        rest = m[:, :, k:]
        _engine_ufuncs.subtract(rest, factors[:, :, None] * m[:, k:k + 1, k:],
                     out=rest)
    if not nan_if_singular and bool(_logic_truth.any(singular).get()):
        raise LinAlgError("Singular matrix")
    pivots = _creation_matrices.diagonal(m[:, :, :n], axis1=1, axis2=2)
    x = m[:, :, n:] / pivots[:, :, None]
    if nan_if_singular:
        x = _engine_ufuncs.where(singular[:, None, None], _np.nan, x).astype(
            dt, copy=False)
    return x


def inv(a):
    """Inverse of each (..., n, n) matrix: solve against the identity."""
    a = square_stack(a)
    dt = work_dtype(a)
    n = a.shape[-1]
    if a.size == 0:
        return _engine_arrays.zeros(a.shape, dt)
    m = flat_stack(a, dt)
    eye = _manipulation_shapes.broadcast_to(_engine_arrays.eye(n, dtype=dt), m.shape)
    return _gauss_jordan(m, eye, dt).reshape(a.shape)


def _core_mismatch(name, signature, got, want):
    raise ValueError("%s: Input operand 1 has a mismatch in its core "
                     "dimension 0, with gufunc signature %s (size %d is "
                     "different from %d)" % (name, signature, got, want))


def solve(a, b):
    """x with a @ x == b.  NumPy 2's rule for b: a 1-D b is one vector
    (shape (n,), broadcast over a's stack); anything else is a stack of
    (n, k) matrices whose batch axes broadcast with a's."""
    a = square_stack(a)
    b = _engine_arrays.asarray(b)
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
        return _engine_arrays.zeros(shape, dt)
    # k == 0 still factors a: NumPy raises for a singular a then too.
    am = flat_stack(_manipulation_shapes.broadcast_to(a, batch + (n, n)), dt)
    bm = flat_stack(_manipulation_shapes.broadcast_to(b2, batch + (n, k)), dt)
    return _gauss_jordan(am, bm, dt).reshape(shape)


def _conj_t(x):
    x = _manipulation_shapes.swapaxes(x, -1, -2)
    return _engine_ufuncs.conjugate(x) if x.dtype.kind == "c" else x


def cholesky(a, /, *, upper=False):
    """L with a = L @ L^H (lower=True reads only a's lower triangle), or
    U = L^H (reading only the upper triangle) with upper=True; built
    column by column over the whole stack."""
    a = square_stack(a)
    dt = work_dtype(a)
    if upper:
        # a's upper triangle is the conjugate transpose of a^H's lower one.
        return _conj_t(cholesky(_conj_t(a)))
    n = a.shape[-1]
    if a.size == 0:
        return _engine_arrays.zeros(a.shape, dt)
    m = flat_stack(a, dt)
    low = _engine_arrays.zeros(m.shape, dt)
    bad = _engine_arrays.zeros((m.shape[0],), _np.bool_)
    for j in range(n):
        row = low[:, j, :j]
        d = _engine_ufuncs.real(m[:, j, j]) - _math_sums.sum(_engine_ufuncs.real(row * _engine_ufuncs.conjugate(row))
                                           if dt.kind == "c" else row * row,
                                           axis=-1)
        ok = d > 0  # False for NaN too
        bad |= ~ok
        ljj = _engine_ufuncs.sqrt(_engine_ufuncs.where(ok, d, 1))
        low[:, j, j] = ljj
        if j + 1 < n:
            cross = low[:, j + 1:, :j] * (_engine_ufuncs.conjugate(row) if dt.kind == "c"
                                          else row)[:, None, :]
            low[:, j + 1:, j] = (m[:, j + 1:, j] - _math_sums.sum(cross, axis=-1)) \
                / ljj[:, None]
    if bool(_logic_truth.any(bad).get()):
        raise LinAlgError("Matrix is not positive definite")
    return low.reshape(a.shape)
