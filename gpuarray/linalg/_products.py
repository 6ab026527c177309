"""Products in gpuarray.linalg: matrix_power, multi_dot, tensorinv,
tensorsolve, and the Array API spellings (matmul, tensordot, outer,
vecdot, trace, diagonal, cross, matrix_transpose) of gpuarray's own
functions."""
import operator as _op

import numpy as _np

from ._common import LinAlgError, square_stack
from ._solve import inv, solve
from .._engine import arrays as _engine_arrays
from ..creation import matrices as _creation_matrices
from . import dot_matmul as _linalg_dot_matmul
from . import vector_products as _vector_products
from ..manipulation import shapes as _manipulation_shapes


def matmul(x1, x2, /):
    return _linalg_dot_matmul.matmul(x1, x2)


def tensordot(x1, x2, /, *, axes=2):
    return _linalg_dot_matmul.tensordot(x1, x2, axes=axes)


def matrix_transpose(x, /):
    return _manipulation_shapes.matrix_transpose(x)


def outer(x1, x2, /):
    """Outer product of two 1-D arrays (the Array API form refuses
    anything else, unlike gpuarray.outer which flattens)."""
    x1, x2 = _engine_arrays.asarray(x1), _engine_arrays.asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("Input arrays must be one-dimensional, but they are "
                         "x1.ndim=%d and x2.ndim=%d" % (x1.ndim, x2.ndim))
    return _linalg_dot_matmul.outer(x1, x2)


def vecdot(x1, x2, /, *, axis=-1):
    """sum(conj(x1) * x2) along `axis`, as NumPy's linalg.vecdot: the
    gufunc (n),(n)->() -- the other axes broadcast, the vector axis must
    have one length in both (a length 1 does not broadcast there)."""
    return _vector_products.vecdot(x1, x2, axis=axis)


def trace(x, /, *, offset=0, dtype=None):
    """Sum of each matrix's diagonal over the last two axes."""
    return _creation_matrices.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def diagonal(x, /, *, offset=0):
    """Each matrix's diagonal over the last two axes."""
    return _creation_matrices.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-vectors along `axis` (no 2-vector form)."""
    x1, x2 = _engine_arrays.asarray(x1), _engine_arrays.asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional "
                         "vectors, but they are %d and %d dimensional "
                         "instead." % (x1.shape[axis], x2.shape[axis]))
    return _linalg_dot_matmul.cross(x1, x2, axis=axis)


def matrix_power(a, n):
    """a raised to the integer power n by repeated squaring; n < 0
    inverts first, n == 0 gives identities of a's dtype."""
    a = square_stack(a)
    try:
        n = _op.index(n)
    except TypeError:
        raise TypeError("exponent must be an integer") from None
    if n == 0:
        eye = _engine_arrays.eye(a.shape[-1], dtype=a.dtype)
        return _manipulation_shapes.broadcast_to(eye, a.shape).copy()
    if n < 0:
        a, n = inv(a), -n
    result, power = None, a
    while True:
        if n & 1:
            result = power if result is None else _linalg_dot_matmul.matmul(result, power)
        n >>= 1
        if not n:
            return result.copy() if result is a else result
        power = _linalg_dot_matmul.matmul(power, power)


def _chain_order(dims):
    """Split table of the cheapest parenthesisation of a matrix chain
    whose i-th matrix is dims[i] x dims[i + 1] (the textbook O(n^3)
    dynamic programme over chain lengths)."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            best = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + \
                    dims[i] * dims[k + 1] * dims[j + 1]
                if best is None or c < best:
                    best, split[i][j] = c, k
            cost[i][j] = best
    return split


def multi_dot(arrays, *, out=None):
    """dot of a chain of arrays in the cheapest order; the first may be a
    1-D row vector and the last a 1-D column vector, the rest 2-D."""
    arrays = [_engine_arrays.asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    if len(arrays) == 2:
        return _linalg_dot_matmul.dot(arrays[0], arrays[1], out=out)
    row = arrays[0].ndim == 1
    column = arrays[-1].ndim == 1
    if row:
        arrays[0] = arrays[0][None, :]
    if column:
        arrays[-1] = arrays[-1][:, None]
    for a in arrays:
        if a.ndim != 2:
            raise LinAlgError("%d-dimensional array given. Array must be "
                              "two-dimensional" % a.ndim)
    split = _chain_order([a.shape[0] for a in arrays] + [arrays[-1].shape[1]])

    def product(i, j):
        if i == j:
            return arrays[i]
        k = split[i][j]
        return _linalg_dot_matmul.dot(product(i, k), product(k + 1, j))

    result = product(0, len(arrays) - 1)
    if row and column:
        result = result[0, 0]
    elif row:
        result = result[0]
    elif column:
        result = result[:, 0]
    if out is None:
        return result
    out[...] = result
    return out


def tensorinv(a, ind=2):
    """Inverse of a with respect to tensordot(., ., ind): a's first `ind`
    axes against the rest, as one square matrix."""
    a = _engine_arrays.asarray(a)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    left = int(_np.prod(a.shape[:ind], dtype=_np.int64))
    flat = a.reshape((left, a.size // left if left else 0))
    return inv(flat).reshape(a.shape[ind:] + a.shape[:ind])


def tensorsolve(a, b, axes=None):
    """x with tensordot(a, x, x.ndim) == b; `axes` are a's axes moved to
    the end first."""
    a, b = _engine_arrays.asarray(a), _engine_arrays.asarray(b)
    if axes is not None:
        moved = [d % a.ndim for d in axes]
        a = _manipulation_shapes.transpose(a, [d for d in range(a.ndim) if d not in moved]
                          + moved)
    xshape = a.shape[b.ndim:]
    m = int(_np.prod(xshape, dtype=_np.int64))
    if a.size != m * m:
        raise LinAlgError("Input arrays must satisfy the requirement "
                          "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    return solve(a.reshape((m, m)), b.reshape(-1)).reshape(xshape)
