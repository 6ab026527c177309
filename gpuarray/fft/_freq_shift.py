"""numpy.fft's helpers: sample frequencies and spectrum shifts, the same
arithmetic as NumPy's (so fftfreq's values are bit-identical)."""
import numpy as _np

from .._engine.arrays import arange, asarray
from ..manipulation.rearrange import roll
from ..manipulation.shapes import concatenate

__all__ = ["fftshift", "ifftshift", "fftfreq", "rfftfreq"]

integer_types = (int, _np.integer)


def fftshift(x, axes=None):
    """Shift the zero-frequency term to the centre of the spectrum."""
    x = asarray(x)
    if axes is None:
        axes = tuple(range(x.ndim))
        shift = [dim // 2 for dim in x.shape]
    elif isinstance(axes, integer_types):
        shift = x.shape[axes] // 2
    else:
        shift = [x.shape[ax] // 2 for ax in axes]
    return roll(x, shift, axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift (they differ for odd lengths)."""
    x = asarray(x)
    if axes is None:
        axes = tuple(range(x.ndim))
        shift = [-(dim // 2) for dim in x.shape]
    elif isinstance(axes, integer_types):
        shift = -(x.shape[axes] // 2)
    else:
        shift = [-(x.shape[ax] // 2) for ax in axes]
    return roll(x, shift, axes)


def _check_length(n):
    """The errors of NumPy's `empty(n, int)`, which fftfreq allocates."""
    if isinstance(n, (bool, _np.bool_)):
        raise TypeError("expected a sequence of integers or a single "
                        "integer, got '%s'" % n)
    if n < 0:
        raise ValueError("negative dimensions are not allowed")
    if n > _np.iinfo(_np.intp).max:
        raise ValueError("Maximum allowed dimension exceeded")


def _result_dtype(dtype):
    """The Array API's dtype= of fftfreq/rfftfreq: a real floating dtype
    (None: NumPy's float64)."""
    if dtype is None:
        return None
    dt = _np.dtype(dtype)
    if dt.kind != "f":
        raise ValueError("dtype must be a real floating-point dtype, got %s"
                         % dt)
    return dt


def _cast(results, dt):
    return results if dt is None or results.dtype == dt else \
        results.astype(dt)


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies [0, 1, ..., n//2 - 1 (or (n-1)//2), -(n//2), ...,
    -1] / (d n), computed in float64 as NumPy does and cast to the Array
    API's dtype= when given."""
    dt = _result_dtype(dtype)
    if not isinstance(n, integer_types):
        raise ValueError("n should be an integer")
    val = 1.0 / (n * d)
    _check_length(n)
    N = (n - 1) // 2 + 1
    results = concatenate([arange(0, N, dtype=int, device=device),
                           arange(-(n // 2), 0, dtype=int, device=device)])
    return _cast(results * val, dt)


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of rfft: [0, 1, ..., n//2] / (d n) (dtype= as
    fftfreq's)."""
    dt = _result_dtype(dtype)
    if not isinstance(n, integer_types):
        raise ValueError("n should be an integer")
    val = 1.0 / (n * d)
    N = n // 2 + 1
    results = arange(0, N, dtype=int, device=device)
    return _cast(results * val, dt)
