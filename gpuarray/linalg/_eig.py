"""eig / eigvals of general (non-Hermitian) matrices, on the host.

Note [eig on the host]: the general eigenproblem needs a Hessenberg
reduction and a shifted (Francis) QR iteration whose sequential bulge
chasing does not map onto gpuarray's batched array operations; on a GPU
it belongs to cuSOLVER (xGEEV), which gpuarray does not bind yet.  Until
it does, eig and eigvals copy the matrix to the host, run NumPy's LAPACK
and copy the result back (decision 22): NumPy's values, dtypes (real when
every eigenvalue is real, complex otherwise), result types and
LinAlgErrors, at the price of two transfers.  Hermitian matrices: eigh /
eigvalsh stay on the device."""
import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray


def _host(a):
    if not isinstance(a, ndarray):
        raise TypeError("gpuarray.linalg: expected a gpuarray.ndarray, got "
                        "%s" % type(a).__name__)
    return a.get()


def eig(a):
    """Eigenvalues and right eigenvectors of square matrices (stacked),
    as numpy.linalg.eig computes them (Note [eig on the host])."""
    res = _np.linalg.eig(_host(a))
    return type(res)(asarray(res.eigenvalues), asarray(res.eigenvectors))


def eigvals(a):
    """Eigenvalues of square matrices (stacked), as numpy.linalg.eigvals
    (Note [eig on the host])."""
    return asarray(_np.linalg.eigvals(_host(a)))
