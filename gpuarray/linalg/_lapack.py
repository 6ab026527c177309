"""The factorizations through the backend's LAPACK (cuSOLVER on cuda,
OpenBLAS on host): the one place where NumPy-shaped linalg calls become
column-major library calls, for every backend (Note [Marshalling] in
csrc/mathlib/mathlib_py.c), and where info codes become LinAlgError.

Note [LAPACK layouts]: every routine here overwrites its input, so one
copy is unavoidable; it is made in whichever layout saves a transpose:
  - a C-ordered copy of A is, read column-major, A^T.  LU of A^T is as
    good as LU of A for solve/inv/det (getrs with trans 'T' solves
    (A^T)^T x = b; det A^T = det A), and for a Hermitian A, A^T = conj A,
    so Cholesky's 'U' factor of A^T read back row-major is A's L;
  - an F-ordered copy (built as the C copy of the swapped axes) is A
    itself, for eigh (eigenvectors of conj A would need a conjugation),
    QR, and the SVD of tall matrices;
  - for a wide SVD (m < n) the C copy is A^T, tall, as cuSOLVER's gesvd
    wants, and its U / VT read row-major are A's Vh / U with no transpose.
Results come back as views of the library's column-major buffers
(swapaxes), batches as one stride (one call per matrix inside the table,
or one batched call where the library has it).
"""
import collections as _collections

import functools as _ft

import numpy as _np

from .._engine import arrays as _A
from ..creation import matrices as _M
from ..manipulation import shapes as _S
from ..math import sums as _SUM
from ..logic import truth as _T
from .._engine import ufuncs as _U
from .. import _core
from ._common import LinAlgError, real_dtype

SlogdetResult = _collections.namedtuple("SlogdetResult",
                                        ["sign", "logabsdet"])
EighResult = _collections.namedtuple("EighResult",
                                     ["eigenvalues", "eigenvectors"])
SVDResult = _collections.namedtuple("SVDResult", ["U", "S", "Vh"])
QRResult = _collections.namedtuple("QRResult", ["Q", "R"])
# NumPy's own result type (users and tests compare types with NumPy's).
EigResult = type(_np.linalg.eig(_np.ones((1, 1))))


def _count(batch):
    return int(_np.prod(batch, dtype=_np.int64))


def c_copy(a, dt):
    """A fresh C-contiguous (B, r, c) copy of the (..., r, c) stack a in
    dtype dt: column-major, each matrix is a^T (ld c)."""
    out = _A.empty((_count(a.shape[:-2]),) + a.shape[-2:], dt)
    out[...] = a.reshape(out.shape) if a.ndim != 3 else a
    return out


def f_copy(a, dt, cols=None):
    """A fresh (B, c', r) buffer whose matrices, read column-major, are
    the (r, c) matrices of a (ld r); cols > c leaves room for more
    columns (zeros)."""
    r, c = a.shape[-2:]
    cols = c if cols is None else cols
    b = _count(a.shape[:-2])
    buf = (_A.zeros if cols > c else _A.empty)((b, cols, r), dt)
    buf[:, :c, :] = _S.swapaxes(a, -1, -2).reshape((b, c, r))
    return buf


def _raise_if(info, message):
    """LinAlgError where any matrix's info is nonzero, as NumPy's gufuncs
    do (LAPACK 3.10+ reports a NaN input to gesdd as info = -4)."""
    if info.size and bool((info != 0).any()):
        raise LinAlgError(message)


def _raise_if_nan(values, message):
    """The same for a library that does not check its input for NaN
    (cuSOLVER): NaN in the output means it did not converge."""
    if bool(_T.any(_U.isnan(values)).get()):
        raise LinAlgError(message)


def _lu(a, dt):
    """getrf of the C copy of a (column-major a^T): (lu, ipiv, info)."""
    lu = c_copy(a, dt)
    b, n = lu.shape[0], lu.shape[-1]
    ipiv = _A.empty((b * n,), _np.int32)
    info = _core._ml_getrf(n, lu, n, n * n, ipiv, b)
    return lu, ipiv, info


def solve_stack(a, rhs, dt):
    """x with a x = rhs for (..., n, n) a and (..., n, k) rhs (same batch
    shape): (batch..., n, k)."""
    batch, n, k = a.shape[:-2], a.shape[-1], rhs.shape[-1]
    lu, ipiv, info = _lu(a, dt)
    _raise_if(info, "Singular matrix")
    x = f_copy(rhs, dt)
    _core._ml_getrs("T", n, k, lu, n, n * n, ipiv, x, n, n * k, lu.shape[0])
    return _S.swapaxes(x, -1, -2).reshape(batch + (n, k))


def inv(a, dt):
    batch, n = a.shape[:-2], a.shape[-1]
    lu, ipiv, info = _lu(a, dt)
    _raise_if(info, "Singular matrix")
    b = lu.shape[0]
    x = _S.broadcast_to(_A.eye(n, dtype=dt), (b, n, n)).copy()
    _core._ml_getrs("T", n, n, lu, n, n * n, ipiv, x, n, n * n, b)
    return _S.swapaxes(x, -1, -2).reshape(batch + (n, n))


def inv_nan(a, dt):
    """inv, with NaN matrices for the singular ones instead of an error
    (NumPy's inv under errstate(all='ignore'), which cond uses)."""
    batch, n = a.shape[:-2], a.shape[-1]
    lu, ipiv, info = _lu(a, dt)
    b = lu.shape[0]
    x = _S.broadcast_to(_A.eye(n, dtype=dt), (b, n, n)).copy()
    _core._ml_getrs("T", n, n, lu, n, n * n, ipiv, x, n, n * n, b)
    bad = _A.asarray(info > 0)
    x = _U.where(bad[:, None, None], _np.nan, x).astype(dt, copy=False)
    return _S.swapaxes(x, -1, -2).reshape(batch + (n, n))


def _lu_diag_and_swaps(a, dt):
    lu, ipiv, _ = _lu(a, dt)
    b, n = lu.shape[0], lu.shape[-1]
    diag = _M.diagonal(lu, axis1=-2, axis2=-1)
    steps = _A.arange(1, n + 1, dtype=_np.int32)
    swaps = _SUM.sum(ipiv.reshape((b, n)) != steps, axis=-1)
    return diag, swaps


def det(a, dt):
    batch = a.shape[:-2]
    diag, swaps = _lu_diag_and_swaps(a, dt)
    sign = (1 - 2 * (swaps % 2)).astype(dt)
    return (_SUM.prod(diag, axis=-1) * sign).reshape(batch)


def slogdet(a, dt):
    batch = a.shape[:-2]
    rdt = real_dtype(dt)
    diag, swaps = _lu_diag_and_swaps(a, dt)
    mag = _U.abs(diag)
    sign = (1 - 2 * (swaps % 2)).astype(dt)
    if dt.kind == "c":
        unit = diag / _U.where(mag == 0, 1, mag).astype(dt)
        sign = sign * _SUM.prod(unit, axis=-1)
    else:
        sign = sign * _SUM.prod(_U.sign(diag), axis=-1)
    singular = _T.any(mag == 0, axis=-1)
    sign = _U.where(singular, 0, sign).astype(dt)
    logdet = _SUM.sum(_U.log(mag), axis=-1).astype(rdt)
    logdet = _U.where(singular, -_np.inf, logdet).astype(rdt)
    return SlogdetResult(sign.reshape(batch), logdet.reshape(batch))


def cholesky(a, dt, upper):
    """Note [LAPACK layouts]: 'U' of the C copy (a^T = conj a) read
    row-major is a's lower factor, and 'L' its upper one."""
    n = a.shape[-1]
    m = c_copy(a, dt)
    info = _core._ml_potrf("L" if upper else "U", n, m, n, n * n, m.shape[0])
    _raise_if(info, "Matrix is not positive definite")
    m = _M.triu(m) if upper else _M.tril(m)
    return m.reshape(a.shape)


def eigh(a, dt, uplo, vectors):
    batch, n = a.shape[:-2], a.shape[-1]
    m = f_copy(a, dt)
    b = m.shape[0]
    w = _A.empty((b, n), real_dtype(dt))
    info = _core._ml_syevd("V" if vectors else "N", uplo, n, m, n, n * n,
                           w, n, b)
    _raise_if(info, "Eigenvalues did not converge")
    w = w.reshape(batch + (n,))
    if not vectors:
        return w, None
    return w, _S.swapaxes(m, -1, -2).reshape(batch + (n, n))


def svd(a, dt, full, compute_uv):
    """(u, s, vh) or s, by Note [LAPACK layouts]; a non-empty."""
    batch, (rows, cols) = a.shape[:-2], a.shape[-2:]
    k = min(rows, cols)
    wide = rows < cols
    # X: the tall matrix the library sees (mx x nx, mx >= nx).
    if wide:
        x, mx, nx = c_copy(a, dt), cols, rows
    else:
        x, mx, nx = f_copy(a, dt), rows, cols
    b = x.shape[0]
    s = _A.empty((b, k), real_dtype(dt))
    job = "N" if not compute_uv else ("A" if full else "S")
    if not compute_uv:
        info = _core._ml_gesvd("N", mx, nx, x, mx, mx * nx, s, k, None, 1,
                               0, None, 1, 0, b)
        _raise_if(info, "SVD did not converge")
        _raise_if_nan(s, "SVD did not converge")
        return s.reshape(batch + (k,))
    ucols = mx if full else nx          # X's U: mx x ucols (ld mx)
    vrows = nx                          # X's VT: vrows x nx (ld vrows)
    u = _A.empty((b, ucols, mx), dt)
    vt = _A.empty((b, nx, vrows), dt)
    info = _core._ml_gesvd(job, mx, nx, x, mx, mx * nx, s, k, u, mx,
                           mx * ucols, vt, vrows, vrows * nx, b)
    _raise_if(info, "SVD did not converge")
    _raise_if_nan(s, "SVD did not converge")
    s = s.reshape(batch + (k,))
    if wide:
        # A = X^T: U_A is VT read row-major, Vh_A is U read row-major.
        ua = vt.reshape(batch + (rows, vrows))
        vha = u.reshape(batch + (ucols, cols))
    else:
        ua = _S.swapaxes(u, -1, -2).reshape(batch + (rows, ucols))
        vha = _S.swapaxes(vt, -1, -2).reshape(batch + (vrows, cols))
    return SVDResult(_A.ascontiguousarray(ua), s,
                     _A.ascontiguousarray(vha))


def qr(a, dt, mode):
    """NumPy's qr modes 'reduced', 'complete', 'r', 'raw' and the
    deprecated 'economic'; a non-empty."""
    batch, (rows, cols) = a.shape[:-2], a.shape[-2:]
    k = min(rows, cols)
    qcols = rows if mode == "complete" else k
    m = f_copy(a, dt, cols=max(cols, qcols))
    b = m.shape[0]
    tau = _A.empty((b, k), dt)
    _core._ml_geqrf(rows, cols, m, rows, rows * m.shape[1], tau, k, b)
    if mode == "raw":
        return (m[:, :cols, :].reshape(batch + (cols, rows)),
                tau.reshape(batch + (k,)))
    packed = _S.swapaxes(m, -1, -2)[:, :, :cols]
    if mode == "economic":
        return _A.ascontiguousarray(packed).reshape(batch + (rows, cols))
    rcount = rows if mode == "complete" else k
    r = _M.triu(packed[:, :rcount, :]).reshape(batch + (rcount, cols))
    if mode == "r":
        return r
    _core._ml_orgqr(rows, qcols, k, m, rows, rows * m.shape[1], tau, k, b)
    q = _S.swapaxes(m, -1, -2)[:, :, :qcols]
    return QRResult(_A.ascontiguousarray(q).reshape(batch + (rows, qcols)),
                    r)


def _unpack_pairs(v, im, cdt):
    """Complex eigenvectors from LAPACK's real packing: for a conjugate
    pair (im > 0 at column j, < 0 at j + 1), vector j is column j + i
    column j+1 and vector j+1 its conjugate.  v (B, n, n) row-major with
    vectors in columns, im (B, n)."""
    zero = _A.zeros(v.shape[:-1] + (1,), v.dtype)
    nxt = _S.concatenate([v[..., 1:], zero], axis=-1)
    prv = _S.concatenate([zero, v[..., :-1]], axis=-1)
    pos = (im > 0)[:, None, :]
    neg = (im < 0)[:, None, :]
    vc = v.astype(cdt)
    first = (v + 1j * nxt).astype(cdt)
    second = (prv - 1j * v).astype(cdt)
    return _U.where(pos, first, _U.where(neg, second, vc)).astype(cdt)


@_ft.lru_cache(maxsize=1)
def _numpy_gives_real_eig():
    """Whether the installed NumPy returns real eigenvalues for a real
    input whose eigenvalues are all real (NumPy <= 2.4) or always complex
    ones (NumPy 2.5, as the Array API says): we follow the one installed."""
    return _np.linalg.eigvals(_np.eye(1)).dtype.kind != "c"


def eig(a, dt, vectors):
    """geev of the F copy: (w, v) or w, with NumPy's rule for real input
    (real results when every eigenvalue of the stack is real)."""
    batch, n = a.shape[:-2], a.shape[-1]
    cdt = _np.dtype(_np.complex64 if dt in (_np.float32, _np.complex64)
                    else _np.complex128)
    m = f_copy(a, dt)
    b = m.shape[0]
    w = _A.empty((b, n), cdt)
    vr = _A.empty((b, n, n), dt) if vectors else None
    info = _core._ml_geev("V" if vectors else "N", n, m, n, n * n, w, n, vr,
                          n, n * n, b)
    _raise_if(info, "Eigenvalues did not converge")
    real_input = dt.kind != "c"
    im = _U.imag(w) if real_input else None
    all_real = real_input and _numpy_gives_real_eig() and \
        not bool(_T.any(im != 0).get())
    wout = (_U.real(w).astype(dt) if all_real else w).reshape(batch + (n,))
    if not vectors:
        return wout
    v = _S.swapaxes(vr, -1, -2)
    if real_input and not all_real:
        v = _unpack_pairs(v, im, cdt)
    return EigResult(wout, _A.ascontiguousarray(v).reshape(batch + (n, n)))
