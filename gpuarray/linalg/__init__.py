"""gpuarray.linalg: NumPy's linalg namespace for gpuarray arrays, on the
backend's BLAS/LAPACK (cuBLAS/cuSOLVER, OpenBLAS on host; docs/design/
linalg.md).  set_tf32(True) allows TF32 tensor cores for float32 products
on cuda (as GPUARRAY_TF32=1; CuPy's CUPY_TF32)."""
from ._common import LinAlgError
from ._solve import det, slogdet, inv, solve, cholesky, SlogdetResult  # noqa: F401
from ._norms import norm, vector_norm, matrix_norm
from ._products import (matmul, tensordot, matrix_transpose, outer, vecdot,
                        trace, diagonal, cross, matrix_power, multi_dot,
                        tensorinv, tensorsolve)
from ._qr import qr, QRResult  # noqa: F401
from ._eigh import eigh, eigvalsh, EighResult  # noqa: F401
from ._svd import svd, svdvals, SVDResult  # noqa: F401
from ._rank import pinv, matrix_rank, cond
from ._lstsq import lstsq
from ._eig import eig, eigvals
from ._gemm import set_tf32, tf32_enabled  # noqa: F401 (not NumPy names)

__all__ = ["LinAlgError", "det", "slogdet", "inv", "solve", "cholesky",
           "norm", "vector_norm", "matrix_norm", "matmul", "tensordot",
           "matrix_transpose", "outer", "vecdot", "trace", "diagonal",
           "cross", "matrix_power", "multi_dot", "tensorinv", "tensorsolve",
           "qr", "eigh", "eigvalsh", "svd", "svdvals", "pinv",
           "matrix_rank", "cond", "lstsq", "eig", "eigvals"]

from .._engine import docs as _docs_table  # noqa: E402
_docs_table.fill_loaded(__import__("sys").modules[__name__])
