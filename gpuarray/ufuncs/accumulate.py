"""ufunc.accumulate for every ufunc (the C hook "ufunc.accumulate",
registered in _ndarray.py): the scan kernels where one exists, else the
fold of ufuncs/fold.py.
"""

from .._engine.reduce import _asarray, _axes
from .._engine.reduction_ops import _SCAN_COMBINE
from .._engine.scan import _scan


def _ufunc_accumulate(uf, array, axis=0, dtype=None, out=None):
    name = uf.__name__
    if isinstance(out, tuple):
        out = out[0]
    a = _asarray(array)
    if a.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    axis = _accumulate_axis(axis, a.ndim)
    if name not in _SCAN_COMBINE:
        if uf.nin != 2 or uf.nout != 1:
            raise ValueError(
                "accumulate only supported for binary functions" if
                uf.nin != 2 else "accumulate only supported for functions "
                "returning a single value")
        from .fold import fold_accumulate
        return fold_accumulate(uf, a, axis, dtype, out)
    return _scan(a, axis, dtype, out, name)


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



