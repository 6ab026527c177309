"""numpy.lib.array_utils for gpuarray arrays: the axis helpers are
NumPy's (they look at no data); byte_bounds reads our arrays' pointers."""
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from .._core import ndarray

__all__ = ["byte_bounds", "normalize_axis_index", "normalize_axis_tuple"]


def byte_bounds(a):
    """(low, high): the first byte address of `a` and one past its last,
    for any strides (negative ones lower `low`)."""
    if not isinstance(a, ndarray):
        from numpy.lib.array_utils import byte_bounds as np_byte_bounds
        return np_byte_bounds(a)
    low = high = a.data.ptr
    if a.size == 0:
        return low, high
    for n, s in zip(a.shape, a.strides):
        if s < 0:
            low += (n - 1) * s
        else:
            high += (n - 1) * s
    return low, high + a.itemsize
