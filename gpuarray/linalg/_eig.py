"""eig / eigvals of general (non-Hermitian) matrices: NumPy's checks and
empty cases here, the backend's geev (LAPACK on host, cusolverDnXgeev on
cuda) in _lapack.py, with NumPy's dtype rule (real results when every
eigenvalue of a real input is real, complex otherwise)."""
import numpy as _np

from .._engine import arrays as _A
from ..logic import truth as _T
from .._engine import ufuncs as _U
from ._common import work_dtype, square_stack
from ._lapack import EigResult
from . import _lapack


def _eig(a, vectors):
    # array-likes convert, as in every linalg function (NumPy's ragged
    # ValueError, its LinAlgError for 0-d and 1-d inputs)
    a = square_stack(a)
    dt = work_dtype(a)
    batch, n = a.shape[:-2], a.shape[-1]
    if a.size == 0:  # the dtypes the installed NumPy gives
        ew, ev = _np.linalg.eig(_np.zeros((0, 0), dt))
        w = _A.zeros(batch + (n,), ew.dtype)
        return EigResult(w, _A.zeros(a.shape, ev.dtype)) if vectors else w
    if not bool(_T.all(_U.isfinite(a)).get()):
        raise _np.linalg.LinAlgError("Array must not contain infs or NaNs")
    return _lapack.eig(a, dt, vectors)


def eig(a):
    """Eigenvalues and right eigenvectors (columns) of square matrices
    (stacked), as numpy.linalg.eig."""
    return _eig(a, True)


def eigvals(a):
    """Eigenvalues of square matrices (stacked), as numpy.linalg.eigvals."""
    return _eig(a, False)
