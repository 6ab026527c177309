"""eigh / eigvalsh for Hermitian (real symmetric) stacks: NumPy's checks
and empty cases here, the divide-and-conquer eigensolver of the backend's
LAPACK (syevd / heevd; cuSOLVER on cuda) in _lapack.py."""
from .._engine import arrays as _A
from ._common import work_dtype, real_dtype, square_stack
from ._lapack import EighResult
from . import _lapack


def _eigh(a, uplo, want_vectors):
    a = square_stack(a)
    uplo = uplo.upper() if isinstance(uplo, str) else uplo
    if uplo not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    dt = work_dtype(a)
    rdt = real_dtype(dt)
    batch, n = a.shape[:-2], a.shape[-1]
    if a.size == 0:
        return (_A.zeros(batch + (n,), rdt),
                _A.zeros(a.shape, dt) if want_vectors else None)
    return _lapack.eigh(a, dt, uplo, want_vectors)


def eigh(a, UPLO="L"):
    """Eigenvalues (ascending) and orthonormal eigenvectors (columns) of
    each Hermitian matrix, read from its UPLO triangle."""
    w, v = _eigh(a, UPLO, True)
    return EighResult(w, v)


def eigvalsh(a, UPLO="L"):
    """Eigenvalues (ascending) of each Hermitian matrix."""
    return _eigh(a, UPLO, False)[0]
