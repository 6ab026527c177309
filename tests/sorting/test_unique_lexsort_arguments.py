"""unique's axis= as NumPy's moveaxis-first path reads it, lexsort's keys
as a sequence (a 0-d array is NumPy's TypeError), against NumPy."""
import numpy as np
import pytest

from gpuarray.testing.parity import numpy_parity


@numpy_parity()
@pytest.mark.parametrize("axis", [(0, 0), (), (0,), (0, 1), [0], 1.5, "0",
                                  5, -1, np.int64(0), None], ids=repr)
@pytest.mark.parametrize("shape", [(3, 4), (4,), ()])
def test_unique_axis(xp, axis, shape):
    a = xp.asarray(np.arange(float(np.prod(shape))).reshape(shape) % 3)
    return xp.unique(a, axis=axis)


KEYS = {
    "0d": lambda xp: xp.asarray(0.5),
    "npscalar": lambda xp: np.float64(0.25),
    "int": lambda xp: 5,
    "empty": lambda xp: xp.zeros(0),
    "empty_list": lambda xp: [],
    "1d": lambda xp: xp.asarray([3, 1, 2]),
    "2d": lambda xp: xp.asarray([[1, 2], [2, 1]]),
    "list": lambda xp: [xp.asarray([3, 1, 2]), xp.asarray([1, 1, 0])],
    "ragged": lambda xp: [[1, 2], [3]],
}


@numpy_parity()
@pytest.mark.parametrize("keys", sorted(KEYS))
def test_lexsort_keys(xp, keys):
    return xp.lexsort(KEYS[keys](xp))
