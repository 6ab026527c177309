"""svd / svdvals: NumPy's checks and empty cases here, the SVD of the
backend's LAPACK (gesdd on host, cuSOLVER gesvd on cuda) in _lapack.py;
hermitian=True goes through eigh, as NumPy does."""
from .._engine import arrays as _A
from ..indexing import advanced as _IA
from ..manipulation import shapes as _S
from ..sorting import sort as _SO
from .._engine import ufuncs as _U
from ._common import work_dtype, real_dtype, at_least_2d, conj_t
from ._eigh import eigh, eigvalsh
from ._lapack import SVDResult
from . import _lapack


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition a = U @ diag(S) @ Vh of each (..., m, n)
    matrix, singular values descending."""
    a = _A.asarray(a)
    at_least_2d(a)
    if hermitian:
        return _hermitian_svd(a, compute_uv)
    dt = work_dtype(a)
    rdt = real_dtype(dt)
    batch, (rows, cols) = a.shape[:-2], a.shape[-2:]
    k = min(rows, cols)
    if a.size == 0:
        s = _A.zeros(batch + (k,), rdt)
        if not compute_uv:
            return s
        ur, vc = (rows, cols) if full_matrices else (k, k)
        u = _S.broadcast_to(_A.eye(rows, ur, dtype=dt),
                             batch + (rows, ur)).copy()
        vh = _S.broadcast_to(_A.eye(vc, cols, dtype=dt),
                              batch + (vc, cols)).copy()
        return SVDResult(u, s, vh)
    return _lapack.svd(a, dt, full_matrices, compute_uv)


def _hermitian_svd(a, compute_uv):
    """NumPy's hermitian=True route: from eigh, |eigenvalues| sorted
    descending, the signs moved into Vh."""
    if not compute_uv:
        s = _U.abs(eigvalsh(a))
        return _S.flip(_SO.sort(s, axis=-1), axis=-1)
    w, u = eigh(a)
    sgn = _U.sign(w)
    s = _U.abs(w)
    order = _S.flip(_SO.argsort(s, axis=-1), axis=-1)
    sgn = _IA.take_along_axis(sgn, order, axis=-1)
    s = _IA.take_along_axis(s, order, axis=-1)
    u = _IA.take_along_axis(u, _S.broadcast_to(order[..., None, :], u.shape),
                            axis=-1)
    vh = conj_t(u * sgn[..., None, :].astype(u.dtype, copy=False))
    return SVDResult(u, s, _A.ascontiguousarray(vh))


def svdvals(x, /):
    """Singular values of each matrix, descending."""
    return svd(x, compute_uv=False)
