"""lstsq: least-squares solution of a @ x = b.

Note: through the SVD (one-sided Jacobi, _svd), as LAPACK's xGELSD is: the
minimum-norm solution x = V diag(1/s) U^H b over the singular values above
rcond * max(s), which handles rank-deficient and wide systems the same way
as full-rank tall ones."""
import numpy as _np

from ._common import LinAlgError, work_dtype, real_dtype, abs_squared, \
    conj_t
from ._svd import svd
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from . import dot_matmul as _linalg_dot_matmul
from ..logic import truth as _logic_truth
from ..math import extrema as _math_extrema
from ..math import sums as _math_sums


def lstsq(a, b, rcond=None):
    """(x, residuals, rank, s) as numpy.linalg.lstsq: residuals are the
    squared 2-norms of b - a x per column, empty unless rank == n < m."""
    a, b = _engine_arrays.asarray(a), _engine_arrays.asarray(b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b[:, None]
    for x in (a, b):
        if x.ndim != 2:
            raise LinAlgError("%d-dimensional array given. Array must be "
                              "two-dimensional" % x.ndim)
    m, n = a.shape
    m2, nrhs = b.shape
    if m != m2:
        raise LinAlgError("Incompatible dimensions")
    dt = work_dtype(a, b)
    rdt = real_dtype(dt)
    if rcond is None:
        rcond = _np.finfo(dt).eps * max(n, m)
    if not _np.can_cast(_np.asarray(rcond).dtype, _np.float64, "same_kind"):
        # NumPy's own UFuncTypeError: its lstsq gufunc takes rcond as a
        # float64 operand (raised by NumPy on a 1x1 dummy)
        _np.linalg.lstsq(_np.ones((1, 1)), _np.ones(1), rcond=rcond)
    rcond = float(rcond)
    if rcond <= 0 or rcond >= 1:
        # LAPACK's xGELSD (xLALSD): an rcond outside (0, 1) means machine
        # precision; NumPy's lstsq(rcond=1) keeps the rank, so do we
        rcond = float(_np.finfo(rdt).eps)
    a = a.astype(dt, copy=False)
    b = b.astype(dt, copy=False)
    k = min(m, n)
    if k == 0:
        x = _engine_arrays.zeros((n, nrhs), dt)
        s = _engine_arrays.zeros((0,), rdt)
        rank = 0
        resids = _math_sums.sum(abs_squared(b), axis=0) if (m > n and n == 0) else None
    else:
        u, s, vh = svd(a, full_matrices=False)
        large = s > rcond * _math_extrema.max(s)
        rank = int(_logic_truth.count_nonzero(large).get())
        inv_s = _engine_ufuncs.where(large, 1 / _engine_ufuncs.where(large, s, 1), 0)
        uhb = _linalg_dot_matmul.matmul(conj_t(u), b)
        x = _linalg_dot_matmul.matmul(conj_t(vh),
                       inv_s.astype(dt, copy=False)[:, None] * uhb)
        resids = None
        if rank == n and m > n:
            resids = _math_sums.sum(abs_squared(b - _linalg_dot_matmul.matmul(a, x)), axis=0)
    if resids is None:
        resids = _engine_arrays.zeros((0,), rdt)
    if is_1d:
        x = x[:, 0]
    return (_engine_arrays.ascontiguousarray(x), resids.astype(rdt, copy=False),
            _np.int32(rank), s.astype(rdt, copy=False))
