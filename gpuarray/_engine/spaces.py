"""linspace with device-array endpoints, on the device (issue 22).

NumPy's linspace formula step by step, as device ufuncs in NumPy's order
and types, so the values match NumPy's bit for bit and no endpoint is
copied to the host.  NumPy's guard against a step that underflows to zero
(gh-5437: divide first, then multiply) depends on the data; both forms
are computed and a device `where` on the 0-d `any(step == 0)` picks one,
so there is no sync.  _engine/arrays.linspace calls this when an endpoint
is a gpuarray array; scalars keep the one-kernel path of the C core.
"""
import numpy as np

from .. import _core
from .._core import ndarray
from . import ufuncs as _uf

_normalize_axes = np.lib.array_utils.normalize_axis_tuple


def _operand(v):
    """v's part in the result type: arrays by dtype (strong), Python
    scalars as themselves (weak, as NumPy's _array_converter has them)."""
    if isinstance(v, ndarray):
        return np.zeros((), v.dtype)
    if isinstance(v, (bool, int, float, complex)):
        return v
    return np.asarray(v)


def _device(v, dt):
    if not isinstance(v, ndarray):
        v = _core._asarray(np.asarray(v))
    return v.astype(dt, copy=False)


def linspace_device(start, stop, num, endpoint, retstep, dtype, axis):
    """numpy.linspace for endpoints of which at least one is a gpuarray
    array; the step of retstep is a gpuarray array too (nan when num
    is 0 or 1 with endpoint, as in NumPy)."""
    dt = np.result_type(_operand(start), _operand(stop), float(num))
    out_dt = dt if dtype is None else np.dtype(dtype)
    s, e = _device(start, dt), _device(stop, dt)
    div = (num - 1) if endpoint else num
    delta = _uf.subtract(e, s)
    y = _core._arange(num, dt.type(0), dt.type(1), dt) if num else \
        _core.empty((0,), dt)
    y = y.reshape((-1,) + (1,) * delta.ndim)
    if div > 0:
        step = delta / div
        y = _uf.where((step == 0).any(), (y / div) * delta, y * step)
    else:
        step = np.nan
        y = y * delta
    y = (y + s).astype(dt, copy=False)
    if endpoint and num > 1:
        y[-1, ...] = e
    if axis != 0:
        # NumPy's moveaxis(y, 0, axis): a 1-tuple axis is taken, a
        # longer or repeated one is its ValueError
        dest = _normalize_axes(axis, y.ndim, "destination")
        if len(dest) != 1:
            raise ValueError("`source` and `destination` arguments must "
                             "have the same number of elements")
        ax = dest[0]
        order = list(range(1, y.ndim))
        order.insert(ax, 0)
        y = y.transpose(order)
    if out_dt.kind in "iu":
        y = _uf.floor(y)
    y = y.astype(out_dt, copy=False)
    return (y, step) if retstep else y
