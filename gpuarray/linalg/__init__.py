"""gpuarray.linalg: NumPy's linalg namespace for gpuarray arrays, built
from gpuarray's own array operations (no kernels of its own)."""
from ._common import LinAlgError
from ._solve import det, slogdet, inv, solve, cholesky
from ._norms import norm, vector_norm, matrix_norm
from ._products import (matmul, tensordot, matrix_transpose, outer, vecdot,
                        trace, diagonal, cross, matrix_power, multi_dot,
                        tensorinv, tensorsolve)

__all__ = ["LinAlgError", "det", "slogdet", "inv", "solve", "cholesky",
           "norm", "vector_norm", "matrix_norm", "matmul", "tensordot",
           "matrix_transpose", "outer", "vecdot", "trace", "diagonal",
           "cross", "matrix_power", "multi_dot", "tensorinv", "tensorsolve"]
