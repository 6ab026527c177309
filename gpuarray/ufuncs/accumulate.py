"""ufunc.accumulate for every ufunc (the C hook "ufunc.accumulate",
registered in _ndarray.py): the scan kernels where one exists, else the
fold of ufuncs/fold.py.
"""
import numpy as _np

from .._engine import datetimes as _dt
from .._engine.reduce import _asarray, _axes
from .._engine.reduction_ops import _SCAN_COMBINE
from .._engine.scan import _scan
from ..math.cumulative import _timedelta_cumsum


def _ufunc_accumulate(uf, array, axis=0, dtype=None, out=None):
    name = uf.__name__
    if isinstance(out, tuple):
        out = out[0]
    a = _asarray(array)
    if a.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    axis = _accumulate_axis(axis, a.ndim)
    if a.dtype.kind in "mM":
        r = _datetime_accumulate(uf, a, axis, dtype, out)
        if r is not None:
            return r
    if name not in _SCAN_COMBINE or a.dtype.kind in "mM":
        if uf.nin != 2 or uf.nout != 1:
            raise ValueError(
                "accumulate only supported for binary functions" if
                uf.nin != 2 else "accumulate only supported for functions "
                "returning a single value")
        from .fold import fold_accumulate
        return fold_accumulate(uf, a, axis, dtype, out)
    return _scan(a, axis, dtype, out, name)


# Note [Datetime extrema] (math/extrema.py): the scan over int64 keys on
# which each extremum treats NaT as NumPy does; True: the sort key
_DT_SCANS = {"maximum": True, "minimum": False, "fmax": False, "fmin": True}


def _datetime_accumulate(uf, a, axis, dtype, out):
    """accumulate over datetimes: timedelta sums and the extrema as int64
    scans (NaT handled as in NumPy's loops); None for any other ufunc,
    which folds, so NumPy's error or loop decides."""
    name = uf.__name__
    if dtype is not None and _np.dtype(dtype) != a.dtype:
        raise TypeError("gpuarray accumulates datetimes in their own dtype: "
                        "dtype=%r is not supported" % (dtype,))
    if name == "add" and a.dtype.kind == "m":
        return _timedelta_cumsum(a, axis, None, out)
    if name not in _DT_SCANS:
        return None
    key = _DT_SCANS[name]
    k = _dt.sort_key(a) if key else _dt.int64_view(a)
    r = _scan(k, axis, None, None, "maximum" if "max" in name else "minimum")
    r = _dt.from_sort_key(r, a.dtype) if key else r.view(a.dtype)
    if out is None:
        return r
    out[...] = r
    return out


def _accumulate_axis(axis, nd):
    """ufunc.accumulate's axis: one axis, given as an int or a 1-tuple;
    None only for 1-d input (NumPy's rules and errors)."""
    if isinstance(axis, tuple):
        axes = _axes(axis, nd)
        if len(axes) != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return axes[0]
    if axis is None:
        if nd != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return 0
    if isinstance(axis, list):
        raise TypeError("'list' object cannot be interpreted as an integer")
    return _axes(axis, nd)[0]



