"""geomspace: numbers spaced evenly on a log scale, computed on the device.
One sync, deliberate: NumPy raises ValueError for a zero endpoint at the
call; the linspace of the logs (_engine/spaces.py) has none.
"""

import numpy as _np

from .._engine.arrays import asarray, _sample_count
from .._engine import ufuncs as _uf
from .._engine import spaces as _spaces
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _mn


__all__ = ["geomspace"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """num samples from start to stop spaced evenly on a log scale, as
    numpy.geomspace computes them: negative and complex starts are
    rotated onto the positive real axis and back, and the endpoints are
    set to start and stop."""
    start, stop = asarray(start), asarray(stop)
    # one sync, deliberate: NumPy raises for a zero at the call
    if bool(_uf.logical_or(_logic_truth.any(start == 0),
                           _logic_truth.any(stop == 0))):
        raise ValueError("Geometric sequence cannot include zero")
    # NumPy promotes with a 0-d array of `dtype` (float64 when None), so
    # the working dtype is never narrower than the requested one; num
    # goes through float() first (its ValueError for a str), then is the
    # sample count of NumPy's linspace
    dt = _np.result_type(start.dtype, stop.dtype, float(num),
                         _np.zeros((), dtype))
    num = _sample_count(num)
    out_dt = dt if dtype is None else _np.dtype(dtype)
    start, stop = start.astype(dt), stop.astype(dt)
    sign = _uf.sign(start)
    start = start / sign
    stop = stop / sign
    # NumPy's linspace of the logs, on the device without a sync
    y = _spaces.linspace_device(_uf.log10(start), _uf.log10(stop), num,
                                endpoint, False, None, 0)
    result = _uf.power(dt.type(10.0), y).astype(dt, copy=False)
    # exp(log(x)) need not be x: NumPy puts the endpoints back exactly.
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = result * sign
    if axis != 0:
        result = _mn.moveaxis(result, 0, axis)
    return result.astype(out_dt, copy=False)

