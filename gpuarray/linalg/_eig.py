"""eig / eigvals of general (non-Hermitian) matrices: not implemented.

Note: these need the Hessenberg reduction plus a shifted (Francis) QR
iteration with deflation, whose sequential bulge chasing does not map onto
gpuarray's batched array operations; they are left to cuSOLVER (xGEEV)
bindings, which gpuarray does not have yet.  Hermitian matrices: use
eigh / eigvalsh."""


def _missing(name):
    raise NotImplementedError(
        "gpuarray.linalg.%s (general non-symmetric eigenproblem) needs "
        "cuSOLVER (xGEEV), which gpuarray does not bind yet; for Hermitian "
        "or real symmetric matrices use gpuarray.linalg.eigh / eigvalsh"
        % name)


def eig(a):
    _missing("eig")


def eigvals(a):
    _missing("eigvals")
