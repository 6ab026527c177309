"""``cupy.linalg._util`` for the harness: the helper CuPy's svd tests
build expected values with."""
import gpuarray as _gp


def stacked_identity(batch_shape, n, dtype):
    shape = tuple(batch_shape) + (n, n)
    return _gp.broadcast_to(_gp.eye(n, dtype=dtype), shape).copy()
