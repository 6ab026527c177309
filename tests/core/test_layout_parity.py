"""Every memory layout the parity kit makes (C, F, strided, negative
strides, transposed, broadcast, 0-size and 0-d views) through the basic
operations of each chapter, against NumPy with numpy_parity: the same
values, dtypes and shapes, or the same exception type.

Kernel budget: two dtypes (a float and an int), the layouts reuse one
strided kernel per operation."""
import numpy as np
import pytest

from gpuarray.testing.parity import ALL_LAYOUTS, array, numpy_parity

DTYPES = [np.float32, np.int64]

OPS = {
    "copy": lambda xp, a: a.copy(),
    "ravel": lambda xp, a: xp.ravel(a),
    "transpose": lambda xp, a: a.T,
    "reshape": lambda xp, a: a.reshape(-1),
    "flip": lambda xp, a: xp.flip(a),
    "astype": lambda xp, a: a.astype(np.float64),
    "add": lambda xp, a: a + a,
    "multiply_scalar": lambda xp, a: a * 3,
    "less": lambda xp, a: a < a.dtype.type(1),
    "negative": lambda xp, a: -a,
    "sum": lambda xp, a: a.sum(),
    "sum_axis0": lambda xp, a: a.sum(axis=0),
    "max": lambda xp, a: a.max(),
    "cumsum": lambda xp, a: xp.cumsum(a),
    "where": lambda xp, a: xp.where(a > 0, a, 0),
    "concatenate": lambda xp, a: xp.concatenate([a, a], axis=None),
    "sort": lambda xp, a: xp.sort(a, axis=None),
    "getitem_neg": lambda xp, a: a[..., ::-1],
    "getitem_mask": lambda xp, a: a[a > 0],
    "tolist": lambda xp, a: a.tolist(),
}


@numpy_parity()
@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_layout_through_op(xp, op, layout, dtype):
    a = array(xp, (3, 4), dtype, layout, seed=3, specials=False)
    with np.errstate(all="ignore"):
        return OPS[op](xp, a)
