"""gpuarray.linalg: NumPy's linalg namespace for gpuarray arrays, built
from gpuarray's own array operations (no kernels of its own)."""
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

__all__ = ["LinAlgError", "det", "slogdet", "inv", "solve", "cholesky",
           "norm", "vector_norm", "matrix_norm", "matmul", "tensordot",
           "matrix_transpose", "outer", "vecdot", "trace", "diagonal",
           "cross", "matrix_power", "multi_dot", "tensorinv", "tensorsolve",
           "qr", "eigh", "eigvalsh", "svd", "svdvals", "pinv",
           "matrix_rank", "cond", "lstsq", "eig", "eigvals"]

from .._engine import docs as _docs_table  # noqa: E402
_docs_table.fill_loaded(__import__("sys").modules[__name__])
