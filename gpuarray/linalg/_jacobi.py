"""Shared pieces of the Jacobi methods (eigh's two-sided, svd's one-sided):
the odd-even pair schedule and the 2x2 rotation that zeroes one
off-diagonal entry.

Note: the schedule pairs neighbours -- (0,1),(2,3),... then (1,2),(3,4),...
-- and every rotation also swaps the two indices it rotates.  After n such
steps every index has met every other exactly once (it is odd-even
transposition sort run on a reversed sequence), so one sweep is n steps of
disjoint rotations.  Because the pairs sit at stride-2 positions, each step
reads and writes basic strided slices (views) only: no gathers, no
scatters, which are by far the dearest operations here."""
import numpy as _np
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..manipulation import shapes as _manipulation_shapes


MAX_SWEEPS = 40


def tolerance(dt, n):
    """Convergence threshold relative to the Frobenius norm: ~1e-14 for
    double, ~1e-6 for single, loosened slowly with the size (rounding
    noise of the off-diagonal part grows like sqrt(n) eps)."""
    base = 1e-14 if dt in (_np.float64, _np.complex128) else 1e-6
    return base * max(1.0, _np.sqrt(n / 16.0))


def steps(n):
    """The (p, q, k) strided slices of one sweep: p = s, s+2, ..., q = p+1,
    k pairs, for s alternating 0, 1."""
    out = []
    for t in range(n if n > 1 else 0):
        s = t % 2
        k = (n - s) // 2
        if k:
            out.append((slice(s, s + 2 * k - 1, 2),
                        slice(s + 1, s + 2 * k, 2), k, s))
    return out


def rotation(app, aqq, apq):
    """(c, su) of the unitary G = [[c, su], [-conj(su), c]] with
    G^H [[app, apq], [conj(apq), aqq]] G diagonal (app, aqq real); c is
    real, su has apq's dtype.  Golub & Van Loan's sym.schur2 applied to
    |apq| after the phase u = apq / |apq| is taken out."""
    r = _engine_ufuncs.abs(apq)
    zero = r == 0
    rs = _engine_ufuncs.where(zero, 1, r).astype(r.dtype, copy=False)
    tau = (aqq - app) / (rs + rs)
    t = _engine_ufuncs.copysign(1, tau) / (_engine_ufuncs.abs(tau) + _engine_ufuncs.hypot(1, tau))
    t = _engine_ufuncs.where(zero, 0, t).astype(r.dtype, copy=False)
    c = 1 / _engine_ufuncs.sqrt(1 + t * t)
    s = t * c
    if apq.dtype.kind == "c":
        u = apq / rs
        return c, s * u
    return c, _engine_ufuncs.where(apq < 0, -s, s).astype(r.dtype, copy=False)


def conj(x):
    return _engine_ufuncs.conjugate(x) if x.dtype.kind == "c" else x


def rotate_columns(x, p, q, c, su):
    """x <- x G on the column pairs (p, q) of the (B, m, n) stack x, the
    two columns of each pair swapped; c, su are (B, k)."""
    xp, xq = x[:, :, p], x[:, :, q]
    c3, su3 = c[:, None, :], su[:, None, :]
    newp = c3 * xp - conj(su3) * xq
    newq = su3 * xp + c3 * xq
    x[:, :, p] = newq
    x[:, :, q] = newp


def rotate_rows(x, p, q, c, su):
    """x <- G^H x on the row pairs (p, q), the two rows swapped."""
    xp, xq = x[:, p, :], x[:, q, :]
    c3, su3 = c[:, :, None], su[:, :, None]
    newp = c3 * xp - su3 * xq
    newq = conj(su3) * xp + c3 * xq
    x[:, p, :] = newq
    x[:, q, :] = newp


def identity_stack(b, n, dt):
    return _engine_arrays.ascontiguousarray(
        _manipulation_shapes.broadcast_to(_engine_arrays.eye(n, dtype=dt), (b, n, n)).copy())
