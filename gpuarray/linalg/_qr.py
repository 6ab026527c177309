"""qr: Householder QR of (..., m, n) stacks.

Note: Householder reflections, one column at a time over the whole batch
(each step: a column norm, a rank-1 update of the trailing block), because
that is backward stable (unlike Gram-Schmidt) and each step is a handful of
batched vector operations.  The reflectors follow LAPACK's xLARFG
convention (H = I - tau v v^H, v[0] = 1, beta = -sign(Re alpha) |x|), so R,
Q and mode='raw''s (h, tau) match NumPy's up to rounding."""
import collections as _collections
import warnings as _warnings

import numpy as _np

from ._common import work_dtype, real_dtype, at_least_2d, flat_stack, \
    abs_squared
from ._jacobi import conj as _conj
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..creation import matrices as _creation_matrices
from ..manipulation import shapes as _manipulation_shapes
from ..math import sums as _math_sums

QRResult = _collections.namedtuple("QRResult", ["Q", "R"])


def householder(m):
    """Factor the (B, rows, cols) stack m in place: R on and above the
    diagonal, the reflectors' v[1:] below it.  Returns (taus, vs): tau
    (B,) and v (B, rows - j) per column j (v[:, 0] == 1)."""
    b, rows, cols = m.shape
    dt = m.dtype
    rdt = real_dtype(dt)
    taus, vs = [], []
    for j in range(min(rows, cols)):
        x = m[:, j:, j]
        alpha = x[:, 0].copy()
        xnorm2 = _math_sums.sum(abs_squared(x[:, 1:]), axis=1) if rows - j > 1 else \
            _engine_arrays.zeros((b,), rdt)
        alpha_re = _engine_ufuncs.real(alpha)
        trivial = xnorm2 == 0
        if dt.kind == "c":
            trivial &= _engine_ufuncs.imag(alpha) == 0
        beta = -_engine_ufuncs.copysign(_engine_ufuncs.sqrt(abs_squared(alpha) + xnorm2), alpha_re)
        beta = _engine_ufuncs.where(trivial, alpha_re, beta).astype(rdt, copy=False)
        safe_beta = _engine_ufuncs.where(beta == 0, 1, beta).astype(rdt, copy=False)
        tau = _engine_ufuncs.where(trivial, 0, (beta - alpha) / safe_beta)
        tau = tau.astype(dt, copy=False)
        denom = _engine_ufuncs.where(trivial, 1, alpha - beta).astype(dt, copy=False)
        v = _manipulation_shapes.concatenate([_engine_arrays.ones((b, 1), dt),
                             x[:, 1:] / denom[:, None]], axis=1)
        if j + 1 < cols:
            # Apply H^H = I - conj(tau) v v^H to the trailing columns.
            rest = m[:, j:, j + 1:]
            w = _math_sums.sum(_conj(v)[:, :, None] * rest, axis=1)
            _engine_ufuncs.subtract(rest, (_conj(tau)[:, None, None] * v[:, :, None])
                         * w[:, None, :], out=rest)
        m[:, j, j] = beta
        m[:, j + 1:, j] = v[:, 1:]
        taus.append(tau)
        vs.append(v)
    return taus, vs


def form_q(taus, vs, rows, qcols, b, dt):
    """Q[:, :, :qcols] of Q = H_0 H_1 ... H_{k-1}, accumulated backwards
    so that only rows j.. are touched by H_j."""
    q = _engine_arrays.ascontiguousarray(_manipulation_shapes.broadcast_to(
        _engine_arrays.eye(rows, qcols, dtype=dt), (b, rows, qcols)).copy())
    for j in range(len(vs) - 1, -1, -1):
        v, tau = vs[j], taus[j]
        rest = q[:, j:, :]
        w = _math_sums.sum(_conj(v)[:, :, None] * rest, axis=1)
        _engine_ufuncs.subtract(rest, (tau[:, None, None] * v[:, :, None])
                     * w[:, None, :], out=rest)
    return q


def _legacy_mode(mode):
    """mode, with NumPy's deprecated spellings ('f'/'full' for 'reduced',
    'e'/'economic') accepted with its DeprecationWarning."""
    if mode in ("reduced", "complete", "r", "raw"):
        return mode
    if mode in ("f", "full"):
        _warnings.warn("The 'full' option is deprecated in favor of "
                       "'reduced'.\nFor backward compatibility let mode "
                       "default.", DeprecationWarning, stacklevel=3)
        return "reduced"
    if mode in ("e", "economic"):
        _warnings.warn("The 'economic' option is deprecated.",
                       DeprecationWarning, stacklevel=3)
        return "economic"
    raise ValueError("Unrecognized mode '%s'" % (mode,))


def qr(a, mode="reduced"):
    """QR decomposition of each (..., m, n) matrix: 'reduced' (Q m x k,
    R k x n), 'complete' (Q m x m, R m x n), 'r' (R only), 'raw' (LAPACK's
    (h, tau), h transposed)."""
    mode = _legacy_mode(mode)
    a = _engine_arrays.asarray(a)
    at_least_2d(a)
    dt = work_dtype(a)
    batch, (rows, cols) = a.shape[:-2], a.shape[-2:]
    k = min(rows, cols)
    b = int(_np.prod(batch, dtype=_np.int64))
    m = flat_stack(a, dt)
    taus, vs = householder(m) if b else ([], [])
    if mode == "economic":  # the packed factorisation, untransposed
        return m.reshape(a.shape)
    if mode == "raw":
        tau = _manipulation_shapes.stack(taus, axis=-1) if taus else _engine_arrays.zeros((b, 0), dt)
        h = _manipulation_shapes.swapaxes(m, 1, 2).reshape(batch + (cols, rows))
        return h, tau.reshape(batch + (k,))
    rcount = rows if mode == "complete" else k
    r = _creation_matrices.triu(m[:, :rcount, :]).reshape(batch + (rcount, cols))
    if mode == "r":
        return r
    q = form_q(taus, vs, rows, rcount, b, dt)
    return QRResult(q.reshape(batch + (rows, rcount)), r)
