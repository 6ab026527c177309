"""numpy.fft's helpers: sample frequencies and spectrum shifts, the same
arithmetic as NumPy's (so fftfreq's values are bit-identical)."""
import numpy as _np
from .._engine.arrays import arange
from .._engine.arrays import asarray
from ..manipulation.shapes import concatenate
from ..manipulation.rearrange import roll

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


def fftfreq(n, d=1.0, device=None):
    """Sample frequencies [0, 1, ..., n//2 - 1 (or (n-1)//2), -(n//2), ...,
    -1] / (d n)."""
    if not isinstance(n, integer_types):
        raise ValueError("n should be an integer")
    val = 1.0 / (n * d)
    _check_length(n)
    N = (n - 1) // 2 + 1
    results = concatenate([arange(0, N, dtype=int, device=device),
                           arange(-(n // 2), 0, dtype=int, device=device)])
    return results * val


def rfftfreq(n, d=1.0, device=None):
    """Sample frequencies of rfft: [0, 1, ..., n//2] / (d n)."""
    if not isinstance(n, integer_types):
        raise ValueError("n should be an integer")
    val = 1.0 / (n * d)
    N = n // 2 + 1
    results = arange(0, N, dtype=int, device=device)
    return results * val
