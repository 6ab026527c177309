"""Vector and matrix norms (norm, vector_norm, matrix_norm) as
reductions over the chosen axes, with NumPy's ord / axis / keepdims
rules and errors."""
import numpy as _np

from ._common import abs_squared
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..manipulation import shapes as _manipulation_shapes
from ..math import extrema as _math_extrema
from ..math import sums as _math_sums
from ._svd import svdvals


def _float_input(x):
    """x as a gpuarray; integer and bool inputs become float64 (NumPy's
    rule), inexact ones keep their dtype."""
    x = _engine_arrays.asarray(x)
    if x.dtype.kind not in "fc":
        x = x.astype(_np.float64)
    return x




def _vector(x, ord, axis, keepdims):
    """The ord-norm along the single axis `axis`."""
    if isinstance(ord, str):
        raise ValueError("Invalid norm order '%s' for vectors" % ord)
    if ord is None or ord == 2:
        return _engine_ufuncs.sqrt(_math_sums.sum(abs_squared(x), axis=axis,
                                keepdims=keepdims))
    if ord == _np.inf:
        # initial=0: the norm of an empty vector is 0 (NumPy 2)
        return _math_extrema.max(_engine_ufuncs.abs(x), axis=axis, keepdims=keepdims, initial=0)
    if ord == -_np.inf:
        return _math_extrema.min(_engine_ufuncs.abs(x), axis=axis, keepdims=keepdims)
    rdt = _engine_ufuncs.real(x).dtype if x.dtype.kind == "c" else x.dtype
    if ord == 0:
        return _math_sums.sum((x != 0).astype(rdt), axis=axis, keepdims=keepdims)
    if ord == 1:
        return _math_sums.sum(_engine_ufuncs.abs(x), axis=axis, keepdims=keepdims)
    # General p: computed in the input's real dtype, as NumPy does.
    p = rdt.type(ord)
    total = _math_sums.sum(_engine_ufuncs.abs(x) ** p, axis=axis, keepdims=keepdims)
    return total ** _np.reciprocal(p)


def _matrix(x, ord, row, col, keepdims):
    """The ord-norm of the matrices spanned by axes (row, col)."""
    if ord in (None, "fro", "f"):
        result = _engine_ufuncs.sqrt(_math_sums.sum(abs_squared(x), axis=(row, col)))
    elif ord in (1, -1, _np.inf, -_np.inf):
        # 1-norms sum over rows then pick a column; inf-norms the reverse.
        summed, picked = (row, col) if ord in (1, -1) else (col, row)
        sums = _math_sums.sum(_engine_ufuncs.abs(x), axis=summed)
        picked = picked - 1 if picked > summed else picked
        result = _math_extrema.max(sums, axis=picked, initial=0) if ord in (1, _np.inf) \
            else _math_extrema.min(sums, axis=picked)
    elif ord in (2, -2, "nuc"):
        # from the singular values of the matrices moved to the last axes,
        # as NumPy does
        sv = svdvals(_manipulation_shapes.moveaxis(x, (row, col), (-2, -1)))
        if ord == "nuc":
            result = _math_sums.sum(sv, axis=-1)
        elif ord == 2:  # 0 for empty matrices, as NumPy's initial=0
            result = _math_extrema.max(sv, axis=-1, initial=0)
        else:
            result = _math_extrema.min(sv, axis=-1)
    else:
        raise ValueError("Invalid norm order for matrices.")
    if keepdims:
        shape = list(x.shape)
        shape[row] = shape[col] = 1
        result = result.reshape(tuple(shape))
    return result


def _raw_axes(axis, ndim):
    """axis as a tuple, not yet checked against ndim."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, tuple):
        return axis
    try:    # NumPy's int(): axis=1.5 is 1, axis="0" is 0
        return (int(axis),)
    except Exception:
        raise TypeError("'axis' must be None, an integer or a tuple of "
                        "integers") from None


def _normalize(axes, ndim):
    return tuple(_np.lib.array_utils.normalize_axis_index(a, ndim)
                 for a in axes)


def _axis_tuple(axis, ndim):
    return _normalize(_raw_axes(axis, ndim), ndim)


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm, by NumPy's rules: with axis None, a vector
    norm of 1-D x, a matrix norm of 2-D x, and (ord None only) the
    2-norm of the flattened x otherwise."""
    x = _float_input(x)
    if axis is None and ord is None:
        result = _engine_ufuncs.sqrt(_math_sums.sum(abs_squared(x.reshape(-1))))
        return result.reshape((1,) * x.ndim) if keepdims else result
    axes = _raw_axes(axis, x.ndim)
    # NumPy's order of checks: a string ord for one axis and a wrong
    # number of axes are reported before the axes are checked.
    if len(axes) == 1:
        if isinstance(ord, str):
            raise ValueError("Invalid norm order '%s' for vectors" % ord)
        return _vector(x, ord, _normalize(axes, x.ndim)[0], keepdims)
    if len(axes) == 2:
        axes = _normalize(axes, x.ndim)
        if axes[0] == axes[1]:
            raise ValueError("Duplicate axes given.")
        return _matrix(x, ord, axes[0], axes[1], keepdims)
    raise ValueError("Improper number of dimensions to norm.")


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API vector norm: every axis in `axis` (all when None) is
    treated as one flattened vector axis."""
    x = _float_input(x)
    if isinstance(ord, str) and axis is not None and \
            not isinstance(axis, tuple):
        raise ValueError("Invalid norm order '%s' for vectors" % ord)
    if keepdims and axis is not None and not isinstance(axis, tuple):
        # NumPy's keepdims reshape normalizes the axis as given (axis=1.5,
        # accepted by the norm itself through int(), raises there)
        _np.lib.array_utils.normalize_axis_tuple(axis, x.ndim)
    axes = _axis_tuple(axis, x.ndim)
    if len(set(axes)) != len(axes):
        raise ValueError("Duplicate axes given.")
    rest = [d for d in range(x.ndim) if d not in axes]
    length = int(_np.prod([x.shape[d] for d in axes], dtype=_np.int64))
    merged = _manipulation_shapes.transpose(x, rest + list(axes)).reshape(
        tuple(x.shape[d] for d in rest) + (length,))
    result = _vector(merged, ord, -1, False)
    if keepdims:
        result = result.reshape(tuple(1 if d in axes else x.shape[d]
                                      for d in range(x.ndim)))
    return result


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Array API matrix norm over the last two axes."""
    x = _float_input(x)
    if x.ndim < 2:
        raise _np.exceptions.AxisError(-2, x.ndim)
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)
